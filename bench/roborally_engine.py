"""RoboRally engine speed: 8 robots on a two-board course with every element type.

Prints `registers_per_second` (register phases resolved by the engine, steps a–g, with the
default answer to every decision) and `turn_ms` (one whole turn through the GameState API:
deal, 8 programs locked in, five register phases, end of turn).

    .venv/bin/python bench/roborally_engine.py [--turns N]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.core.types import CHANCE, SIMULTANEOUS  # noqa: E402
from game.roborally.actions import Answer, LockIn, PlaceCard  # noqa: E402
from game.roborally.data import sample_course  # noqa: E402
from game.roborally.engine import Engine, GameOver  # noqa: E402
from game.roborally.model import REGISTERS  # noqa: E402
from game.roborally.state import RoboRallyState  # noqa: E402


def _program_all(state: RoboRallyState, rng: random.Random, stop_before_last: bool) -> None:
    todo = [r.rid for r in state.programmers() if not state.robots[r.rid].locked_in]
    for n, rid in enumerate(todo):
        r = state.robots[rid]
        hand = list(r.hand)
        rng.shuffle(hand)
        for k in range(REGISTERS):
            if not r.locks[k] and not r.registers[k]:
                state.apply(PlaceCard(rid, k + 1, hand.pop()))
        if stop_before_last and n == len(todo) - 1:
            return
        state.apply(LockIn(rid))


def _settle(state: RoboRallyState, rng: random.Random) -> None:
    while not state.is_terminal() and state.current_player not in (SIMULTANEOUS,):
        if state.current_player == CHANCE:
            if state.stage == "deal" and state.pending is None:
                return
            state.apply(state.sample_chance(rng))
        else:
            q = state.pending
            assert q is not None       # a seat is asked: the question says what
            state.apply(Answer(q.player, q.kind, q.default))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=300)
    args = parser.parse_args()
    board = sample_course()
    rng = random.Random(1)
    names = [f"robot{i + 1}" for i in range(8)]

    registers = 0
    spent = 0.0
    # time run_register on fresh copies of programmed engines
    samples = []
    state = RoboRallyState(board, names)
    for _ in range(60):
        if state.is_terminal():
            state = RoboRallyState(board, names)
        state.apply(state.sample_chance(rng))
        _program_all(state, rng, stop_before_last=True)
        samples.append(state.engine)
        last = [r for r in state.programmers() if not r.locked_in]
        state.apply(LockIn(last[0].rid))
        _settle(state, rng)
    rounds = max(1, args.turns // len(samples))
    for _ in range(rounds):
        for base in samples:
            e = Engine.__new__(Engine)
            base.copy_into(e)
            e.answerer = lambda p, k, c, d: d
            t = time.perf_counter()
            try:
                for i in range(1, REGISTERS + 1):
                    e.run_register(i)
                    registers += 1
            except GameOver:
                registers += 1
            spent += time.perf_counter() - t

    # whole turns through the GameState API
    turns = 0
    t_turns = 0.0
    state = RoboRallyState(board, names)
    while turns < args.turns:
        if state.is_terminal():
            state = RoboRallyState(board, names)
        t = time.perf_counter()
        state.apply(state.sample_chance(rng))
        _program_all(state, rng, stop_before_last=False)
        _settle(state, rng)
        t_turns += time.perf_counter() - t
        turns += 1
    print(f"registers_per_second: {registers / spent:.0f}")
    print(f"turn_ms: {1000 * t_turns / turns:.2f}")


if __name__ == "__main__":
    main()
