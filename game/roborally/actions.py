"""Actions (imperative, frozen): what a player or the chance stream does (STYLE.md §4.2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from game.core.serial import structure, unstructure


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the hands dealt this turn, one tuple of card ids per seat (empty: no cards).
    (A Recompile's new cards are drawn one by one: `Answer`s of kind `draw`, CB-6.2.)"""

    hands: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class Recompile:
    """CB-6.2: give back the whole hand for as many new cards (1 damage)."""

    robot: int


@dataclass(frozen=True, slots=True)
class PlaceCard:
    """Put a hand card into an empty unlocked register (1..5)."""

    robot: int
    register: int
    card: int


@dataclass(frozen=True, slots=True)
class ClearRegister:
    """Take a card placed this turn back into the hand."""

    robot: int
    register: int


@dataclass(frozen=True, slots=True)
class LockIn:
    """Submit the program (RR-5.6) with the secret power-down announcement for the next
    turn (RR-5.5), the Conditional Program reserve card and the Flywheel card (0 = none)."""

    robot: int
    power_down: bool = False
    reserve: int = 0
    flywheel: int = 0


@dataclass(frozen=True, slots=True)
class Answer:
    """The answer to the pending decision (`kind` as in FORMATS.md `answers`), or a chance
    draw (`player` CHANCE, kind `draw` / `draw_option`)."""

    player: int
    kind: str
    value: str


Action = Union[Deal, Recompile, PlaceCard, ClearRegister, LockIn, Answer]
ACTION_TYPES: dict[str, type] = {c.__name__: c for c in (Deal, Recompile, PlaceCard,
                                                         ClearRegister, LockIn, Answer)}


def action_to_dict(action: Action) -> dict[str, Any]:
    data: dict[str, Any] = unstructure(action)
    return data


def action_from_dict(data: dict[str, Any]) -> Action:
    action = structure(data, ACTION_TYPES)
    if isinstance(action, Deal):
        action = Deal(tuple(tuple(int(c) for c in h) for h in action.hands))
    return action  # type: ignore[no-any-return]
