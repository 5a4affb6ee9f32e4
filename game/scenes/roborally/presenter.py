"""RoboRally's presenter: the engine's events grouped into animation steps, played by the
framework's StepPlayer (game/scenes/table/tween.py).

Robots that move or turn together in one phase, a volley of lasers with the damage it deals,
and the cards revealed for a register each make one step. What one event shows (tweens,
beams, floating numbers, its log line) the table's `absorb` adds to the step: the sprites
and the log it changes are the table's display copy."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

from game.roborally import events as ev
from game.scenes.roborally.steps import Step

if TYPE_CHECKING:
    from game.scenes.roborally.base import FactoryTableBase


class RoboRallyPresenter:
    """Events in, steps out, for the live table and the replay viewer alike."""

    def __init__(self, table: FactoryTableBase) -> None:
        self.table = table

    @property
    def log(self) -> list[Any]:
        """The narration so far (the table's log lines)."""
        return self.table.log

    def start(self, e: Any, upcoming: deque[Any]) -> Step:
        """Turn `e` and the events that happen with it (taken from `upcoming`) into one
        step."""
        step = Step(e, 0.0)
        self.table.absorb(e, step)
        if isinstance(e, (ev.RobotMoved, ev.RobotTurned)):
            moved = {(e.robot, type(e).__name__)}
            while True:
                nxt = upcoming[0] if upcoming else None
                if not isinstance(nxt, (ev.RobotMoved, ev.RobotTurned)) or nxt.phase != e.phase:
                    break
                k = (nxt.robot, type(nxt).__name__)
                if k in moved or (e.phase == "cards" and isinstance(nxt, ev.RobotMoved)
                                  and nxt.cause == "card" and nxt.robot != e.robot
                                  and not isinstance(e, ev.RobotMoved)):
                    break
                if e.phase == "cards" and isinstance(nxt, ev.RobotTurned):
                    break
                moved.add(k)
                self.table.absorb(upcoming.popleft(), step)
        elif isinstance(e, ev.LaserFired):
            while upcoming and isinstance(upcoming[0], (ev.LaserFired, ev.RobotDamaged,
                                                        ev.DamagePrevented, ev.RegisterLocked)):
                self.table.absorb(upcoming.popleft(), step)
        elif isinstance(e, ev.CardRevealed):
            while upcoming and isinstance(upcoming[0], ev.CardRevealed):
                self.table.absorb(upcoming.popleft(), step)
        return step

    def finish(self, step: Step) -> None:
        """The step has played to its end: every tween at its end, then its `after`."""
        apply_tweens(step, 1.0)
        for fn in step.after:
            fn()


def apply_tweens(step: Step, t: float) -> None:
    """Put every sprite the step moves where it is at progress `t` (eased)."""
    eased = t * t * (3 - 2 * t)
    for tw in step.tweens:
        setattr(tw.sprite, tw.attr, tw.start + (tw.end - tw.start) * eased)
