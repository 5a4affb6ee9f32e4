"""What VOLT's table shows between two states: the display copy of the game (`Shown`), the
list of coming activations and the animation of the event being shown."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.controllers.volt import VoltController
from game.core.types import PlayerId, Pos


@dataclass
class Shown:
    """The display copy of the game, advanced by animated events (never by rules)."""

    pos: list[Pos | None]
    damage: list[int]
    vp: list[int]
    numbers: list[int | None]
    markers: list[int]
    locked: list[bool]
    round: int = 0
    phase: str = "deal"
    winner: PlayerId | None = None
    order: tuple[int, ...] = ()

    @classmethod
    def of(cls, ctrl: VoltController) -> Shown:
        state = ctrl.state
        return cls([r.at for r in state.robots], [r.damage for r in state.robots],
                   [r.vp for r in state.robots], list(state.start_numbers), list(state.markers),
                   list(state.locked), state.round, state.phase, state.winner)


@dataclass
class Activation:
    player: PlayerId
    cross: int
    colour: str
    value: int
    direction: str
    status: str = "coming"  # coming, now, done, skipped


@dataclass
class Anim:
    event: Any
    duration: float
    t: float = 0.0
    group: list[Any] = field(default_factory=list)
    banner: tuple[str, dict[str, Any]] | None = None

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.t / self.duration)


def _ease(t: float) -> float:
    return t * t * (3 - 2 * t)
