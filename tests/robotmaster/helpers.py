"""Build Robot Master positions by hand (like a FEN string): table, hands, seats."""

from __future__ import annotations

from typing import Mapping, Sequence

from game.core.types import Pos
from game.robotmaster.rules import COPIES, Rules
from game.robotmaster.state import RobotMasterState


def position(cells: Mapping[tuple[int, int], int], hands: Sequence[Sequence[int]], *,
             variant: str = "standard", first_player: int = 0, rows_team: int = 0,
             rules: Rules | None = None, placed_by: Sequence[int] | None = None,
             revealed: int | None = None) -> RobotMasterState:
    """A game in play: `cells` relative to the start card, the first one listed being the
    start card at (0, 0); the rest were placed in turn from `first_player` on. The deck
    holds every card not on the table or in a hand."""
    state = RobotMasterState(variant, rules or Rules())
    data = state.to_dict()
    items = list(cells.items())
    assert items and items[0][0] == (0, 0), "list the start card (0, 0) first"
    n = state.num_players
    placements = []
    for i, ((x, y), v) in enumerate(items):
        who = -1 if i == 0 else (placed_by[i - 1] if placed_by else (first_player + i - 1) % n)
        placements.append([x, y, v, who])
    deck = [COPIES] * 6
    for v in list(cells.values()) + [v for h in hands for v in h]:
        deck[v] -= 1
    if revealed is not None:
        deck[revealed] -= 1
    assert min(deck) >= 0, "more than six cards of a value"
    data.update(first_player=first_player if variant != "solo" else 0,
                rows_team=rows_team if variant != "solo" else 0,
                deck=deck, hands=[sorted(h) for h in hands],
                dealt=state.spec.players * state.spec.hand_size,
                placements=placements, revealed=revealed)
    return RobotMasterState.from_dict(data)


def count_lines(state: RobotMasterState, depth: int) -> int:
    """perft: the number of placement sequences of length `depth` (no chance on the way)."""
    if depth == 0:
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        total += count_lines(child, depth - 1)
    return total


def row_of(*cards: int) -> dict[tuple[int, int], int]:
    """Cards east of the start card in one row: (0,0), (1,0), ..."""
    return {(i, 0): v for i, v in enumerate(cards)}


P = Pos
