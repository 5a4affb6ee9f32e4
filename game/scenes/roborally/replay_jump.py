"""The RoboRally replay's jump to the next register: what is still animating ends at once,
the game's queued events play without animation up to the next register's start (the next
logged actions are applied when none is queued), and that register then plays animated.
Nothing is re-run here: the events are the engine's, already in the queue."""

from __future__ import annotations

from typing import Any

from game.roborally import events as ev
from game.roborally.actions import Deal, Recompile, action_from_dict


def _finish(scene: Any, step: Any) -> None:
    for tween in step.tweens:
        setattr(tween.sprite, tween.attr, tween.end)
    for fn in step.after:
        fn()


def _register_queued(scene: Any) -> bool:
    return any(isinstance(e, ev.RegisterStarted) for e in scene.controller.pending)


def jump_to_next_register(scene: Any) -> bool:
    """Show the board as the next register starts; False when the game has none left."""
    bar = scene.bar
    if scene.current is not None:
        _finish(scene, scene.current)
        scene.current = None
    while not _register_queued(scene):
        if bar.index >= bar.total:
            scene.skip()
            return False
        scene.skip()
        bar.forward()
    while not isinstance(scene.controller.pending[0], ev.RegisterStarted):
        step = scene.next_step()
        _finish(scene, step)
    scene.dirty = True
    return True


def turn_starts(actions: list[dict[str, Any]]) -> list[int]:
    """Replay positions where a turn's programming begins: just after each deal (a deal
    after a Recompile is that robot's new hand, not a new turn)."""
    starts, previous = [], None
    for index, data in enumerate(actions):
        action = action_from_dict(data)
        if isinstance(action, Deal) and not isinstance(previous, Recompile):
            starts.append(index + 1)
        previous = action
    return starts
