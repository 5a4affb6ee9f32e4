"""Robot Master constants, variants and rule options (RULES.md RM-1..RM-8).

Pure: no pygame, no I/O, no random."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Mapping

VALUES: tuple[int, ...] = (0, 1, 2, 3, 4, 5)
"""Card values (RM-2.1); a card is identified only by its value."""
COPIES = 6
"""Six cards of every value: 36 cards (RM-2.1)."""
DECK_SIZE = COPIES * len(VALUES)
GRID_SIZE = 5
"""The finished table is 5 × 5 (RM-1.1, RM-4.3)."""
GRID_CARDS = GRID_SIZE * GRID_SIZE

Side = Literal["rows", "columns"]
SIDES: tuple[Side, Side] = ("rows", "columns")

Variant = Literal["standard", "five_card", "teams", "solo"]


@dataclass(frozen=True, slots=True)
class VariantSpec:
    """How a variant deals and plays (RM-3, RM-8)."""

    id: str
    players: int
    hand_size: int         # cards dealt to each player; 0 in solo (RM-8.3)
    draws: bool            # draw after each placement (RM-8.1.2)


VARIANTS: dict[str, VariantSpec] = {
    "standard": VariantSpec("standard", 2, 12, False),   # RM-3.2
    "five_card": VariantSpec("five_card", 2, 5, True),   # RM-8.1.1
    "teams": VariantSpec("teams", 4, 7, False),          # RM-8.2.3
    "solo": VariantSpec("solo", 1, 0, False),            # RM-8.3
}
"""Variant ids as the setup screen names them (game/scenes/games.py)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The RULES.md options for Robot Master; every field defaults to the rulebook."""

    five_kind_unit_values: bool = False
    """Option RM_FIVE_KIND_UNIT_VALUES (RM-5.5): five of a kind = 100 + 2v (S1), not 100 + 10v."""
    margin_at_deciding_rank: bool = False
    """Option RM_MARGIN_AT_DECIDING_RANK (RM-7.3): the winner notes the difference at the rank
    that decided the game, not (literally) the difference of the lowest lines."""
    fixed_centre_start: bool = False
    """Option RM_FIXED_CENTRE_START (docs/rulings.md): the start card is the centre of the
    5 × 5 frame, as some online versions play it; by default the frame floats (RM-4.3)."""

    def to_dict(self) -> dict[str, bool]:
        """The options by their RULES.md names (plain data for saves and scenarios)."""
        return {name: bool(getattr(self, attr)) for name, attr in RULE_NAMES.items()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Options by RULES.md name; names not given keep their defaults.

        Raises:
            KeyError: for a name this game does not know (scenario files check names first).
        """
        kwargs = {RULE_NAMES[name]: bool(value) for name, value in data.items()}
        return cls(**kwargs)


RULE_NAMES: dict[str, str] = {
    "RM_FIVE_KIND_UNIT_VALUES": "five_kind_unit_values",
    "RM_MARGIN_AT_DECIDING_RANK": "margin_at_deciding_rank",
    "RM_FIXED_CENTRE_START": "fixed_centre_start",
}
"""RULES.md option name -> Rules field."""


def team_of(player: int) -> int:
    """The side a seat plays for: seats alternate teams (RM-8.2.1: X1, Y1, X2, Y2), and in
    the two-player games each player is a team of one (player 0 = team 0, player 1 = team 1)."""
    return player % 2
