"""VOLT events: facts `apply()` reports, one per micro-step, in the order to animate them.

Past tense, frozen. A scene animates them; the state is already final (STYLE.md §6.4)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game.core.types import PlayerId, Pos

DestroyCause = Literal["pit", "pushed_into_pit", "laser"]
ScoreReason = Literal["pushed_into_pit", "laser_kill", "markers"]


@dataclass(frozen=True, slots=True)
class StartNumbersDealt:
    numbers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round: int


@dataclass(frozen=True, slots=True)
class PhaseStarted:
    phase: Literal["prepare", "program", "start_numbers", "activate", "trigger"]


@dataclass(frozen=True, slots=True)
class MarkerPlaced:
    """A drawn VP marker was laid on its victory-point field (VT-5.1 step 1)."""

    number: int
    at: Pos
    markers_on_field: int


@dataclass(frozen=True, slots=True)
class DamageCleared:
    """A destroyed robot's operator returned all its damage markers (VT-5.1 step 2)."""

    player: PlayerId
    removed: int


@dataclass(frozen=True, slots=True)
class RobotRestarted:
    player: PlayerId
    at: Pos


@dataclass(frozen=True, slots=True)
class RobotWaiting:
    """No free start field on its side: the robot stays outside this round (VT-5.1 ruling)."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class StartNumbersReturned:
    pass


@dataclass(frozen=True, slots=True)
class CrossProgrammed:
    """An operator put a die on a cross; what die stays secret until the reveal."""

    player: PlayerId
    cross: int


@dataclass(frozen=True, slots=True)
class CrossCleared:
    player: PlayerId
    cross: int
    reason: Literal["taken_back", "programming_error"]


@dataclass(frozen=True, slots=True)
class LockedIn:
    player: PlayerId


@dataclass(frozen=True, slots=True)
class ChoosingOrderSet:
    """The order in which operators take start numbers this round (VT-5.2.9)."""

    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StartNumberTaken:
    player: PlayerId
    number: int


@dataclass(frozen=True, slots=True)
class ProgramsRevealed:
    """The screens come down: every controller, as {"die", "value", "dir"} or None per cross."""

    programs: tuple[tuple[dict[str, object] | None, ...], ...]


@dataclass(frozen=True, slots=True)
class DieActivated:
    player: PlayerId
    cross: int
    colour: str
    value: int
    direction: str


@dataclass(frozen=True, slots=True)
class DieSkipped:
    """The robot is destroyed or outside the arena: its die does nothing (VT-6.3)."""

    player: PlayerId
    cross: int


@dataclass(frozen=True, slots=True)
class RobotMoved:
    """One square of a move. `step` counts the steps of the active die from 1; robots moved
    in the same step move together. `pushed_by` is the active robot for a pushed robot."""

    player: PlayerId
    src: Pos
    dst: Pos
    step: int
    pushed_by: PlayerId | None


@dataclass(frozen=True, slots=True)
class MoveBlocked:
    """A wall stopped the mover or its chain: nothing moved and the move ended (VT-6.4.4)."""

    player: PlayerId
    step: int
    blocked: PlayerId
    at: Pos
    direction: str


@dataclass(frozen=True, slots=True)
class RobotFell:
    player: PlayerId
    at: Pos


@dataclass(frozen=True, slots=True)
class LaserFired:
    """A beam from `src` through `path` (every square it crossed, in order), stopped by the
    robot `hit` on the last square of the path, or by a wall (hit None) (VT-6.5.1)."""

    player: PlayerId
    src: Pos
    direction: str
    path: tuple[Pos, ...]
    hit: PlayerId | None


@dataclass(frozen=True, slots=True)
class RobotDamaged:
    player: PlayerId
    damage: int
    by: PlayerId


@dataclass(frozen=True, slots=True)
class RobotDestroyed:
    player: PlayerId
    at: Pos
    cause: DestroyCause
    by: PlayerId | None


@dataclass(frozen=True, slots=True)
class MarkersCollected:
    """Phase 3: an operator took every marker on the VP field its robot stands on (VT-8.1)."""

    player: PlayerId
    number: int
    at: Pos
    count: int


@dataclass(frozen=True, slots=True)
class VPScored:
    player: PlayerId
    amount: int
    total: int
    reason: ScoreReason


@dataclass(frozen=True, slots=True)
class GameWon:
    player: PlayerId
    vp: int


Event = (StartNumbersDealt | RoundStarted | PhaseStarted | MarkerPlaced | DamageCleared
         | RobotRestarted | RobotWaiting | StartNumbersReturned | CrossProgrammed
         | CrossCleared | LockedIn | ChoosingOrderSet | StartNumberTaken | ProgramsRevealed
         | DieActivated | DieSkipped | RobotMoved | MoveBlocked | RobotFell | LaserFired
         | RobotDamaged | RobotDestroyed | MarkersCollected | VPScored | GameWon)
