"""Robot Master's table: the live table, its painters, the end screen, the replay viewer,
and the entry points the game registry names (game/scenes/games.py)."""

from game.scenes.robotmaster.entry import replay, resume, start

__all__ = ["replay", "resume", "start"]
