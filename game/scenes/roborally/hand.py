"""Stable hand slots: every dealt card keeps its place while the hand empties, so clicking the
same spot twice never takes a different card; a card put into a register leaves a gap there
and comes back to the same place when taken back, also after the game was saved and resumed."""

from __future__ import annotations

from typing import Sequence


def hand_slots(hand: Sequence[int], placed: Sequence[int]) -> list[int | None]:
    """What each slot shows: the card, or None where the card is in a register now. The
    slots are the cards dealt this turn, the hand and those placed from it, in the order the
    table deals them (card order, highest priority first), so the order follows from the
    cards alone: a new deal or a recompile orders itself, and a resumed game shows its gaps
    where they were."""
    in_hand = set(hand)
    dealt = in_hand | {card for card in placed if card}
    return [card if card in in_hand else None for card in sorted(dealt, key=lambda c: -c)]
