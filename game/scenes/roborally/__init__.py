"""RoboRally's table: the live factory scene, its painting, end screen, replay viewer and entry
points (docs/architecture.md)."""

from game.scenes.roborally.entry import replay, resume, start

__all__ = ["replay", "resume", "start"]
