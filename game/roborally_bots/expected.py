"""Registers a robot can expect to need to reach a flag, when the cards do not always come.

The baseline's distance map (baseline.py) counts registers at best: every register may hold
whichever card the route wants, so a corridor run with Move 3 cards looks as quick as it
would be if there were Move 3 cards in every hand. There are 6 of them in the 84 (RR-4), and
a nine-card hand holds none about half the time. This map counts instead the registers
expected when each register has a random hand to choose from (RR-5.1: nine cards from the
whole deck): from every (square, facing), the expected number is one register plus the best
that the card types present in the hand lead to, weighed by the chance that exactly that
type is the best one present. It is the fixed point of that rule over the board (value
iteration, started from the distance map, which is a lower bound), so a route that common
cards can run is worth more than an equally short one that needs the rare ones.

The strong bot (strong.py) ranks and values its programs on it; the baseline ("normal") bot
keeps the distance map. Pure: no pygame, no files, no randomness."""

from __future__ import annotations

from math import comb
from weakref import WeakKeyDictionary

from game.core.frames_first import let_frames_go_first
from game.roborally.elements import PIT, VOID
from game.roborally.layout import Layout
from game.roborally.model import DECK_SIZE, STANDARD_CARDS
from game.roborally.state import HAND_SIZE
from game.roborally_bots.baseline import CARD_ORDER, UNREACHABLE, DistanceMap, LoneRobot

CONVERGED = 0.01
"""Stop iterating when no square's expectation moved by more than this (registers)."""
MOST_SWEEPS = 200
"""A bound on the sweeps over the board (the values converge in a few dozen)."""
FRAME_SLICE = 256
"""States valued between two `let_frames_go_first` (about a millisecond of work)."""
CARDS_OF_TYPE = {t: sum(1 for c, _priority in STANDARD_CARDS if c == t) for t in CARD_ORDER}

_KEPT: WeakKeyDictionary[DistanceMap, ExpectedMap] = WeakKeyDictionary()


def absent_chance(cards: int) -> float:
    """The chance that none of `cards` given cards of the deck is in a full hand."""
    return comb(DECK_SIZE - cards, HAND_SIZE) / comb(DECK_SIZE, HAND_SIZE)


class ExpectedMap(DistanceMap):
    """Expected registers from every (square, facing) to the flag of `ideal`, read as a
    distance map is (`dist[square * 4 + facing]`, `value(square, facing)`)."""

    def __init__(self, layout: Layout, sim: LoneRobot, ideal: DistanceMap) -> None:
        # not DistanceMap.__init__: the registers at best are `ideal`'s, the start here
        self.flag = ideal.flag
        self.width = layout.width
        dist = [float(d) for d in ideal.dist]
        states: list[int] = []
        moves: list[list[tuple[int, int]]] = []    # per state: (cards of the type, next state)
        for sq in range(layout.width * layout.height):
            if layout.kind[sq] in (VOID, PIT):
                continue
            for facing in range(4):
                options = []
                for card in CARD_ORDER:
                    nsq, nfacing, dead, reached, _damage = sim.register(
                        sq, facing, card, 0, [self.flag], 0)
                    if not dead:            # -1: this card reaches the flag
                        options.append((CARDS_OF_TYPE[card], -1 if reached else
                                        nsq * 4 + nfacing))
                states.append(sq * 4 + facing)
                moves.append(options)
        # near the flag first: most values then settle in the sweep that reaches them
        order = sorted(range(len(states)), key=lambda i: dist[states[i]])
        states = [states[i] for i in order]
        moves = [moves[i] for i in order]
        absent = [absent_chance(n) for n in range(DECK_SIZE + 1)]
        ceiling = float(2 * UNREACHABLE)
        for _sweep in range(MOST_SWEEPS):
            moved = 0.0
            for first in range(0, len(states), FRAME_SLICE):
                let_frames_go_first()
                for state, options in zip(states[first:first + FRAME_SLICE],
                                          moves[first:first + FRAME_SLICE]):
                    outcomes = sorted((0.0 if nxt < 0 else dist[nxt], cards)
                                      for cards, nxt in options)
                    expected, missing, none_better = 0.0, 0, 1.0
                    for value, cards in outcomes:
                        missing += cards
                        still_none = absent[missing]
                        expected += value * (none_better - still_none)
                        none_better = still_none
                    # no useful card at all (a chance of about 0): the register is lost
                    expected += none_better * (dist[state] + 1.0)
                    new = min(1.0 + expected, ceiling)
                    moved = max(moved, abs(new - dist[state]))
                    dist[state] = new
            if moved < CONVERGED:
                break
        self.dist = dist


def expected_maps(layout: Layout, sim: LoneRobot, maps: list[DistanceMap]) -> list[ExpectedMap]:
    """The expected map for each distance map, each computed once however many strong bots
    race on the board (kept while its distance map lives)."""
    out = []
    for ideal in maps:
        known = _KEPT.get(ideal)
        if known is None:
            known = ExpectedMap(layout, sim, ideal)
            _KEPT[ideal] = known
        out.append(known)
    return out
