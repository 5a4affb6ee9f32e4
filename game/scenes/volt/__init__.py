"""VOLT's table: the arena scene, its painters and presenter, the end screen, the replay viewer,
and the entry points the game registry names (game/scenes/games.py)."""

from game.scenes.volt.entry import replay, resume, start

__all__ = ["replay", "resume", "start"]
