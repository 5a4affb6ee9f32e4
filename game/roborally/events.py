"""What happened, in the order a scene should animate it (STYLE.md §4.2, §8.10).

Every event is a small frozen dataclass naming the robot (`robot` = seat id, `name`), the
squares involved, the cause and the `phase` of the register it belongs to:
`announce`, `cards`, `express belts`, `belts`, `pushers`, `gears`, `crushers`, `lasers`,
`burners`, `flags` (RR-4 steps a–g), plus `deal`, `program`, `end of turn`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from game.core.types import Pos

PHASES = ("announce", "cards", "express belts", "belts", "pushers", "gears", "crushers",
          "lasers", "burners", "flags")


@dataclass(frozen=True, slots=True)
class TurnStarted:
    turn: int


@dataclass(frozen=True, slots=True)
class CardsDealt:
    robot: int
    name: str
    count: int


@dataclass(frozen=True, slots=True)
class ProgramLocked:
    robot: int
    name: str


@dataclass(frozen=True, slots=True)
class RegisterStarted:
    register: int


@dataclass(frozen=True, slots=True)
class CardRevealed:
    robot: int
    name: str
    register: int
    card: str
    priority: int


@dataclass(frozen=True, slots=True)
class RobotMoved:
    """cause: card, push, slide, express_conveyor, conveyor, pusher, weapon, tractor."""

    robot: int
    name: str
    src: Pos
    dst: Pos
    cause: str
    phase: str
    by: str | None = None


@dataclass(frozen=True, slots=True)
class RobotTurned:
    """cause: card, conveyor, gear."""

    robot: int
    name: str
    before: str
    after: str
    cause: str
    phase: str


@dataclass(frozen=True, slots=True)
class RobotTeleported:
    robot: int
    name: str
    src: Pos
    dst: Pos
    phase: str


@dataclass(frozen=True, slots=True)
class MoveShortened:
    """CB-3.1.4: the robot started its move on oil."""

    robot: int
    name: str
    at: Pos
    steps: int
    phase: str


@dataclass(frozen=True, slots=True)
class MoveBlocked:
    """RR-6.3, RR-6.5: a wall (`by` = "wall") or a robot that cannot be pushed (`by` = "robot")
    stopped the robot at `at`; the rest of its move or slide is lost."""

    robot: int
    name: str
    at: Pos
    direction: str
    by: str
    phase: str


@dataclass(frozen=True, slots=True)
class RobotFell:
    """`into`: pit or edge (off the course)."""

    robot: int
    name: str
    at: Pos
    into: str
    phase: str


@dataclass(frozen=True, slots=True)
class RobotDestroyed:
    """cause: pit, edge, crusher, damage."""

    robot: int
    name: str
    at: Pos | None
    cause: str
    phase: str


@dataclass(frozen=True, slots=True)
class LaserFired:
    """A beam: `source` is a robot's name or `board`; `path` the squares it crossed."""

    source: str
    start: Pos
    direction: str
    path: tuple[Pos, ...]
    targets: tuple[str, ...]
    kind: str
    phase: str


@dataclass(frozen=True, slots=True)
class RobotDamaged:
    """cause: board_laser, robot_laser, rear_laser, howitzer, burner, ramming, recompile,
    reentry."""

    robot: int
    name: str
    amount: int
    total: int
    cause: str
    phase: str


@dataclass(frozen=True, slots=True)
class DamagePrevented:
    """by: circuit_breaker, shield, power_down_shield, ablative_coat, or a discarded option."""

    robot: int
    name: str
    by: str
    phase: str


@dataclass(frozen=True, slots=True)
class RegisterLocked:
    robot: int
    name: str
    register: int
    phase: str


@dataclass(frozen=True, slots=True)
class RegisterUnlocked:
    robot: int
    name: str
    register: int
    phase: str


@dataclass(frozen=True, slots=True)
class FlagTouched:
    robot: int
    name: str
    flag: int
    at: Pos
    phase: str


@dataclass(frozen=True, slots=True)
class ArchiveMoved:
    robot: int
    name: str
    at: Pos
    phase: str


@dataclass(frozen=True, slots=True)
class RobotRepaired:
    robot: int
    name: str
    amount: int
    total: int
    phase: str


@dataclass(frozen=True, slots=True)
class OptionDrawn:
    robot: int
    name: str
    option: str
    phase: str


@dataclass(frozen=True, slots=True)
class OptionUsed:
    robot: int
    name: str
    option: str
    detail: str
    phase: str


@dataclass(frozen=True, slots=True)
class OptionDiscarded:
    """reason: prevent_damage, destroyed, limit, used_up, fire_control, reentry."""

    robot: int
    name: str
    option: str
    reason: str
    phase: str


@dataclass(frozen=True, slots=True)
class CardScrambled:
    """CB-6.21: a Scrambler's shot replaced the card of `register` (the next one) with the
    top card of the draw stack; the new card stays face down until the register begins."""

    robot: int
    name: str
    register: int
    phase: str


@dataclass(frozen=True, slots=True)
class RobotControlled:
    """CB-6.20: from the next register to the end of the turn, the robot runs the program
    of robot `by` (its name `by_name`), right after it."""

    robot: int
    name: str
    by: int
    by_name: str
    phase: str


@dataclass(frozen=True, slots=True)
class PowerChanged:
    """what: announced, powered_down, powered_up, stays_down."""

    robot: int
    name: str
    what: str
    phase: str


@dataclass(frozen=True, slots=True)
class RobotReentered:
    robot: int
    name: str
    at: Pos
    facing: str
    virtual: bool
    lives: int
    phase: str


@dataclass(frozen=True, slots=True)
class RobotEliminated:
    robot: int
    name: str
    phase: str


@dataclass(frozen=True, slots=True)
class RobotBecameReal:
    robot: int
    name: str
    at: Pos
    phase: str


@dataclass(frozen=True, slots=True)
class RobotFinished:
    """RR_FULL_RANKING: the robot reached the last flag and left the course with `rank`."""

    robot: int
    name: str
    rank: int
    phase: str


@dataclass(frozen=True, slots=True)
class GameEnded:
    """`winner` is a name or None; `ranking` lists every robot's name, best first."""

    winner: str | None
    ranking: tuple[str, ...]
    phase: str


Event = Union[TurnStarted, CardsDealt, ProgramLocked, RegisterStarted, CardRevealed,
              RobotMoved, RobotTurned, RobotTeleported, MoveShortened, MoveBlocked, RobotFell,
              RobotDestroyed, LaserFired, RobotDamaged, DamagePrevented, RegisterLocked,
              RegisterUnlocked, FlagTouched, ArchiveMoved, RobotRepaired, OptionDrawn,
              OptionUsed, OptionDiscarded, CardScrambled, RobotControlled, PowerChanged,
              RobotReentered, RobotEliminated, RobotBecameReal, RobotFinished, GameEnded]
