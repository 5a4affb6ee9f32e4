"""VOLT actions: what an operator (or chance) decides. Imperative, frozen, plain fields.

Colours and directions are stored as their YAML spelling ("blue", "NE") so that an action
round-trips through `game.core.serial` unchanged; directions are absolute arena directions
(VT-4.5: convert a seat-relative key with `game.volt.model.to_absolute`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from game.core.serial import structure, unstructure
from game.core.types import PlayerId, Pos


@dataclass(frozen=True, slots=True)
class DealStartNumbers:
    """Chance: every operator draws a start number at random (VT-4.2; also the
    VT_HOTSEAT_RANDOM_NUMBERS option of VT-5.2.9). `numbers[p]` is operator p's number."""

    numbers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DrawMarker:
    """Chance: Phase 0 draws a VP marker showing `number` (VT-5.1 step 1, VT-2.4)."""

    number: int


@dataclass(frozen=True, slots=True)
class PlaceRobot:
    """Restart `player`'s robot on the free start field `at` of its side (VT-5.1 step 3)."""

    player: PlayerId
    at: Pos


@dataclass(frozen=True, slots=True)
class PlaceDie:
    """Put a die on an empty control cross (0 = I, 1 = II, 2 = III) (VT-5.2.3..6)."""

    player: PlayerId
    cross: int
    colour: str
    value: int
    direction: str


@dataclass(frozen=True, slots=True)
class ClearCross:
    """Take the die off a cross again (only before locking in)."""

    player: PlayerId
    cross: int


@dataclass(frozen=True, slots=True)
class LockIn:
    """Finish programming (all three crosses filled) after `time_ms` of programming time;
    the time orders the start-number choice at one screen (VT-5.2.7, VT-5.2.9)."""

    player: PlayerId
    time_ms: int


@dataclass(frozen=True, slots=True)
class OrderTiedOperators:
    """Chance: the order in which operators choose start numbers, when programming times
    tie (VT-5.2.9: equal times, random order). `order` lists every operator."""

    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TakeStartNumber:
    """Take a free start number from an arena post (VT-5.2.7, VT-5.2.9)."""

    player: PlayerId
    number: int


Action = (DealStartNumbers | DrawMarker | PlaceRobot | PlaceDie | ClearCross | LockIn
          | OrderTiedOperators | TakeStartNumber)
ACTION_TYPES: dict[str, type] = {
    cls.__name__: cls for cls in (DealStartNumbers, DrawMarker, PlaceRobot, PlaceDie,
                                  ClearCross, LockIn, OrderTiedOperators, TakeStartNumber)
}


def action_to_dict(action: Action) -> dict[str, Any]:
    data: dict[str, Any] = unstructure(action)
    return data


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """Rebuild an action from `action_to_dict` output (lists become tuples)."""
    action: Action = structure(data, ACTION_TYPES)
    return action
