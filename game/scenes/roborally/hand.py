"""Stable hand slots: every dealt card keeps its place while the hand empties, so clicking the
same spot twice never takes a different card; a card put into a register leaves a gap there
and comes back to the same place when taken back, also after the game was saved and resumed."""

from __future__ import annotations

from typing import Sequence


class HandSlots:
    """The order the cards were dealt in, kept across picks (a new deal or a recompile
    starts a new order)."""

    def __init__(self) -> None:
        self.order: list[int] = []

    def arrange(self, hand: Sequence[int], placed: Sequence[int]) -> list[int | None]:
        """What each slot shows: the card, or None where the card is in a register."""
        known = set(self.order)
        present = set(hand) | set(placed)
        if not set(hand) <= known or not known <= present:
            # a new deal, a recompile, or a table opened mid-programming (a resumed save):
            # the table deals in card order, highest priority first, so a card already in a
            # register goes back to the place it was dealt to
            self.order = sorted(present - {0}, key=lambda card: -card)
        in_hand = set(hand)
        return [card if card in in_hand else None for card in self.order]
