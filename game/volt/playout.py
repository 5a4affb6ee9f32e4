"""Seeded random VOLT games with the rules invariants checked after every activated die.

Used by the conformance tests and bench/volt_fuzz.py. Pure: the randomness comes from the
Match's seeded RNG (chance) and the bots' own seeded RNGs."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Sequence

from game.core.match import Match
from game.core.types import Direction, PlayerId
from game.volt.actions import Action, action_to_dict
from game.volt.bots import Bot, RandomBot, run_bots
from game.volt.model import Arena
from game.volt.state import VoltState

SIDE_CHOICES = (Direction.S, Direction.N, Direction.W, Direction.E)


class InvariantError(AssertionError):
    """A rules invariant broke during play."""


@dataclass
class InvariantWatch:
    """Called after every activated die: one robot per square, damage 0..2 on robots in the
    arena, destroyed robots outside, at most 3 markers, VP never lost (VT-3.2, VT-6.5.3,
    VT-7.2)."""

    last_vp: list[int] = field(default_factory=list)
    checks: int = 0

    def __call__(self, state: VoltState) -> None:
        problems = state.check_invariants()
        vp = [r.vp for r in state.robots]
        if self.last_vp and any(now < before for now, before in zip(vp, self.last_vp)):
            problems.append(f"VP went down from {self.last_vp} to {vp}")
        if problems:
            raise InvariantError(f"round {state.round}: " + "; ".join(problems))
        self.last_vp = vp
        self.checks += 1


@dataclass
class Playout:
    state: VoltState
    start: dict[str, Any]
    log: list[Action]
    checks: int

    @property
    def log_dicts(self) -> list[dict[str, Any]]:
        return [action_to_dict(a) for a in self.log]


def random_game(arena: Arena, seed: int, *, players: int | None = None,
                sides: Sequence[Direction] | None = None, max_rounds: int = 20_000) -> Playout:
    """Play one seeded game of RandomBots to its end, checking invariants on every die.

    Raises:
        InvariantError: when a rules invariant breaks.
    """
    rng = random.Random(f"volt-setup-{seed}")
    if sides is None:
        count = players if players is not None else rng.randint(2, 4)
        available = [s for s in SIDE_CHOICES if arena.start_fields(s)]
        sides = rng.sample(available, count)
    state = VoltState.new_game(arena, sides)
    watch = InvariantWatch()
    state.invariant_hook = watch
    start = state.to_dict()
    match: Match[VoltState, Action, Any] = Match(state, seed)
    bots: dict[PlayerId, Bot] = {p: RandomBot(arena, random.Random(f"volt-bot-{seed}-{p}")) for p in state.players}
    run_bots(match, bots, max_rounds=max_rounds)
    return Playout(state, start, list(match.log), watch.checks)


def replay(start: dict[str, Any], log: Sequence[Action], arena: Arena) -> VoltState:
    """Rebuild a game from its start position and action log (no RNG needed, STYLE.md §4.7)."""
    state = VoltState.from_dict(start, arena=arena)
    for action in log:
        state.apply(action)
    return state
