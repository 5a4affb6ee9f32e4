"""The strong VOLT bot: it searches its dice against what the other operators will likely do.

The greedy bot (bots.py) tries its controllers against uniformly random opponent programs,
which mostly stand still or wander. This bot models each opponent as an operator who wants
what it wants (RULES.md VT-8, VT-10): the opponent's own best moves by the greedy look-ahead
(its robot toward the VP markers, pushes into pits, VT-6.4.5), with a red die aimed at the
robot in line (VT-6.5). Its own candidates are the greedy shortlist plus the same moves with
each red die aimed where the opponents will stand. Every candidate meets the same sampled
opponent programs; the best average wins.

Start numbers (VT-5.2.7, VT-6.1, VT-8.1): it knows its own controller by then, so it plays
the round through with every free number against the sampled opponent programs and takes
the one that scores best (a lower number acts first among equal dice and collects first in
Phase 3). Pure: no pygame, no files, its own seeded RNG."""

from __future__ import annotations

import random
from typing import Any

from game.core.types import Direction8, PlayerId, Pos
from game.volt.actions import Action, TakeStartNumber
from game.volt.bots import (
    GreedyBot, _simulate, best_against, pessimistic_numbers, random_program, ranked_moves,
    total_score)
from game.volt.model import CROSSES, Arena, Die, DieColour
from game.volt.state import VoltState

RANDOM_SHARE = 0.25
"""The share of sampled opponent programs drawn uniformly at random (an opponent may also
just be careless)."""


class StrongBot(GreedyBot):
    """Greedy search against modelled opponents, and start numbers chosen by play-out."""

    def __init__(self, arena: Arena, rng: random.Random, *, shortlist: int = 16,
                 samples: int = 32, rival_moves: int = 8) -> None:
        super().__init__(arena, rng, shortlist=shortlist, samples=samples)
        self.rival_moves = rival_moves
        self._rivals: dict[tuple[PlayerId, int], list[list[list[Die | None]]]] = {}

    def choose(self, observation: dict[str, Any], player: PlayerId) -> Action:
        if observation["phase"] != "number":
            return super().choose(observation, player)
        state = VoltState.from_dict(observation, arena=self.arena)
        actions = state.legal_actions(player)
        numbers = [a for a in actions if isinstance(a, TakeStartNumber)]
        if len(numbers) < 2:
            return actions[0]
        return max(numbers, key=lambda a: (self._number_value(state, player, a.number),
                                           -a.number))

    # -- programming ----------------------------------------------------------------------
    def plan(self, state: VoltState, me: PlayerId) -> list[Die]:
        """The controller this bot locks in for the coming activation."""
        if state.robots[me].at is None:
            return random_program(self.rng)
        others = [p for p in state.players if p != me]
        numbers = pessimistic_numbers(state, me)
        tables = self._rival_tables(state, me)
        candidates: list[list[Die]] = []
        for moves, trace in ranked_moves(state, me, numbers)[:self.shortlist]:
            candidates.append(self.aimed(state, me, moves, trace))
            # the same moves, each red die aimed where a sampled opponent will stand
            for table in tables[:2]:
                guess = self._aim_at_sample(state, me, moves, table, numbers, others)
                if guess not in candidates:
                    candidates.append(guess)
        return best_against(state, me, candidates, tables, numbers)

    def _rival_tables(self, state: VoltState, me: PlayerId) -> list[list[list[Die | None]]]:
        """`samples` programs for the whole table, `me` idle: each opponent plays one of its
        own best move plans (its red dice aimed), or now and then a random program."""
        key = (me, state.round)
        if key in self._rivals:
            return self._rivals[key]
        best_moves: dict[PlayerId, list[tuple[list[Die | None], list[Pos | None]]]] = {}
        for p in state.players:
            if p != me and state.robots[p].at is not None:
                best_moves[p] = ranked_moves(state, p, pessimistic_numbers(state, p))[
                    :self.rival_moves]
        tables = []
        for _ in range(self.samples):
            table: list[list[Die | None]] = [[None] * CROSSES for _ in state.players]
            for p in state.players:
                if p == me:
                    continue
                if p not in best_moves or self.rng.random() < RANDOM_SHARE:
                    table[p] = list(random_program(self.rng))
                    continue
                moves, trace = self.rng.choice(best_moves[p])
                table[p] = list(self.aimed(state, p, moves, trace))
            tables.append(table)
        self._rivals = {key: tables}      # only this round's are ever asked again
        return tables

    def _aim_at_sample(self, state: VoltState, me: PlayerId, moves: list[Die | None],
                       table: list[list[Die | None]], numbers: list[int],
                       others: list[PlayerId]) -> list[Die]:
        """`moves` with each red die aimed along a line to where an opponent stands at that
        cross when the table plays `table` (a straight or diagonal line, VT-6.5.1)."""
        trial = [list(p) for p in table]
        trial[me] = list(moves)
        _after, trace = _simulate(state, trial, numbers, me)
        rival_traces = {p: _simulate(state, trial, numbers, p)[1] for p in others}
        program: list[Die] = []
        for cross, die in enumerate(moves):
            if die is not None:
                program.append(die)
                continue
            origin = trace[cross - 1] if cross > 0 else state.robots[me].at
            direction = None
            if origin is not None:
                for p in others:
                    target = rival_traces[p][cross]
                    if target is not None:
                        direction = _line(origin, target)
                        if direction is not None:
                            break
            program.append(Die(DieColour.RED, 1, direction) if direction is not None
                           else self._aim(state, me, origin))
        return program

    # -- start numbers --------------------------------------------------------------------
    def _number_value(self, state: VoltState, me: PlayerId, number: int) -> float:
        """The average score of this round played through with start number `number`
        against the sampled opponent programs (the others take the free numbers left)."""
        tables = self._rival_tables(state, me)
        free = [n for n in range(1, len(state.players) + 1)
                if n != number and n not in state.start_numbers]
        numbers = [n if n is not None else 0 for n in state.start_numbers]
        numbers[me] = number
        rest = list(free)
        for p in state.players:
            if p != me and state.start_numbers[p] is None:
                numbers[p] = rest.pop(0)
        return total_score(state, me, state.programs[me], tables, numbers)


def _line(origin: Pos, target: Pos) -> Direction8 | None:
    """The direction of a straight or diagonal line from `origin` to `target`, if any."""
    dx, dy = target.x - origin.x, target.y - origin.y
    if (dx, dy) == (0, 0) or not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
        return None
    step = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
    for direction in Direction8:
        if direction.delta == step:
            return direction
    return None
