"""Shared pure building blocks: ids, positions, directions, the game-state protocol and Match.

Never imports pygame, never touches files, never calls the global random module."""
