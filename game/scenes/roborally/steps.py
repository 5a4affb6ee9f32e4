"""The log's lines and the animation's steps: sprites, tweens and the step they make up."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable

from game.core.types import Pos
from game.i18n import N_, _
from game.roborally import events as ev
from game.scenes.roborally.frame import Square
from game.scenes.table.tween import Step as TableStep
from game.scenes.roborally.texts import DIR_ANGLE, answer_label, answer_topic, option_name


# -- the log ---------------------------------------------------------------------------------

PUSHED_TO = N_("{name} to {dst}")
"""One robot a move pushed, in a list of them ("blue to (4, 1), green to (5, 1)")."""
REVEALED_CARD = N_("{name} {card} ({priority})")
"""One robot's card in a register's reveals ("red Move 2 (700), blue U-Turn (50)")."""


@dataclass
class LogLine:
    """One narrated step, translated when drawn (the language may change meanwhile)."""

    message: str
    values: dict[str, Any]
    translate: tuple[str, ...] = ()
    key: tuple[Any, ...] | None = None
    turn: int = 0
    register: int = 0       # the register phase it happened in (0: programming, end of turn)
    move: int = 0           # the number of the logged action it narrates (replay), else 0

    def text(self) -> str:
        values = dict(self.values)
        for k in self.translate:
            v = values[k]
            if k == "option":
                values[k] = option_name(v)
            elif k == "answer":
                values[k] = answer_label(v, values.get("kind", ""))
            elif k == "topic":
                values[k] = answer_topic(v)
            elif k == "cards":
                values[k] = ", ".join(_(c) for c in v)
            elif k == "revealed":
                values[k] = ", ".join(_(REVEALED_CARD).format(name=name, card=_(card),
                                                               priority=priority)
                                      for name, card, priority in v)
            elif k == "pushed":
                values[k] = ", ".join(_(PUSHED_TO).format(name=name, dst=dst) for name, dst in v)
            else:
                values[k] = _(v)
        return _(self.message).format(**values)

    def copy(self) -> LogLine:
        """A line of its own to change (a kept replay position shares the others)."""
        return dataclasses.replace(self, values=dict(self.values))

    def export_text(self) -> str:
        """The line in an exported game log: where in the game, then the narration."""
        if self.move:
            where_ = _("Turn {turn}, move {move}").format(turn=self.turn, move=self.move)
        elif self.register:
            where_ = _("Turn {turn}, register {register}").format(turn=self.turn,
                                                                register=self.register)
        else:
            where_ = _("Turn {turn}").format(turn=self.turn)
        return f"{where_}: {self.text()}"


def where(p: Pos | None) -> str:
    return "—" if p is None else Square(p)


# -- animation --------------------------------------------------------------------------------


@dataclass
class Sprite:
    """Where a robot is drawn (squares, fractional while moving); the state is already final."""

    x: float
    y: float
    angle: float
    visible: bool = True
    alpha: float = 1.0
    scale: float = 1.0


@dataclass
class Tween:
    sprite: Sprite
    attr: str
    start: float
    end: float


@dataclass
class Step(TableStep):
    """What plays at once: tweens, beams, floating numbers; then `after` runs. `group` holds
    every event it shows (the first is `event`), for the sound; `t` is the time shown so far
    (StepPlayer advances it)."""

    tweens: list[Tween] = field(default_factory=list)
    beams: list[ev.LaserFired] = field(default_factory=list)
    floats: list[tuple[Pos, str, tuple[int, int, int]]] = field(default_factory=list)
    flash: list[Pos] = field(default_factory=list)
    after: list[Callable[[], None]] = field(default_factory=list)


def _turn_delta(before: str, after: str) -> float:
    d = (DIR_ANGLE[after] - DIR_ANGLE[before]) % 360
    return d - 360 if d > 180 else d


# -- the scene --------------------------------------------------------------------------------
