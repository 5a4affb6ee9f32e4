"""Robot Master actions: what a player or chance decides. Imperative, frozen, plain fields.

Chance actions (the Match draws them, STYLE.md §4.4): ChooseSeats, TurnStartCard, DealCard,
DrawCard, RevealCard. The one player action: PlaceCard. A card is its value (RM-2.1)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from game.core.serial import structure, unstructure
from game.core.types import PlayerId, Pos


@dataclass(frozen=True, slots=True)
class ChooseSeats:
    """Chance: who goes first and which team owns the rows (RM-3.4, RM-3.5, RM-8.2.3: random
    by default because the software does not know ages; a lobby may fix either)."""

    first_player: PlayerId
    rows_team: int


@dataclass(frozen=True, slots=True)
class TurnStartCard:
    """Chance: turn up the top card of the shuffled deck as the start card at (0, 0) (RM-3.3)."""

    value: int


@dataclass(frozen=True, slots=True)
class DealCard:
    """Chance: deal one card of `value` into `player`'s hand (RM-3.2, RM-8.1.1, RM-8.2.3)."""

    player: PlayerId
    value: int


@dataclass(frozen=True, slots=True)
class DrawCard:
    """Chance: `player` draws the top card of the pile after placing (RM-8.1.2)."""

    player: PlayerId
    value: int


@dataclass(frozen=True, slots=True)
class RevealCard:
    """Chance, solo: turn up the next card, which must be placed at once (RM-8.3.2)."""

    value: int


@dataclass(frozen=True, slots=True)
class PlaceCard:
    """Play a card of `value` from hand (solo: the revealed card) to `cell` (RM-4.1..4.3)."""

    player: PlayerId
    value: int
    cell: Pos


Action = ChooseSeats | TurnStartCard | DealCard | DrawCard | RevealCard | PlaceCard
ACTION_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (ChooseSeats, TurnStartCard, DealCard, DrawCard, RevealCard, PlaceCard)
}
CHANCE_TYPES = (ChooseSeats, TurnStartCard, DealCard, DrawCard, RevealCard)


def action_to_dict(action: Action) -> dict[str, Any]:
    """Plain data for the action log of a save: `{type: PlaceCard, player: 0, ...}`."""
    data: dict[str, Any] = unstructure(action)
    return data


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """Rebuild an action from `action_to_dict` output.

    Raises:
        ValueError: when the data does not describe a Robot Master action.
    """
    kind = data.get("type") if isinstance(data, Mapping) else None
    if kind not in ACTION_TYPES:
        raise ValueError(f"not a Robot Master action: {data!r}")
    try:
        action: Action = structure(data, ACTION_TYPES)
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not a Robot Master action: {data!r} ({exc})") from None
    return action
