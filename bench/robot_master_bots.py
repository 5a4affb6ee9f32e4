"""Robot Master bot benchmark: seeded games per pairing, seats and sides alternating.

    .venv/bin/python bench/robot_master_bots.py [--games N] [--jobs J] [--variant V]

Prints `name: value` lines: strong_vs_normal_win_rate, normal_vs_easy_win_rate (draws count
half), strong_decision_median_s and strong_decision_max_s. Targets on the reference machine:
>= 0.65, >= 0.80, <= 0.5 s, <= 2 s."""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.match import Match  # noqa: E402
from game.core.types import CHANCE  # noqa: E402
from game.robotmaster.bots import make_bot  # noqa: E402
from game.robotmaster.events import GameEnded  # noqa: E402
from game.robotmaster.rules import team_of  # noqa: E402
from game.robotmaster.state import new_game  # noqa: E402


def play_game(args: tuple[str, str, int, str]) -> tuple[float, list[float]]:
    """One game of `a` against `b`; returns a's score (1 win, 0.5 draw, 0 loss) and the
    seconds each decision of a "strong" bot took. Game i: a sits in seat i % 2, and a owns
    the rows in games 0, 3 (i // 2 even) and the columns otherwise, so seats and sides
    alternate independently."""
    a, b, i, variant = args
    seat_a = i % 2
    rows_team = seat_a if (i // 2) % 2 == 0 else 1 - seat_a
    state = new_game(variant, first_player=0, rows_team=rows_team)
    match = Match(state, seed=10_000 + i)
    bots = {}
    for p in range(state.num_players):
        level = a if team_of(p) == seat_a else b
        bots[p] = make_bot(level, random.Random(f"bot-{i}-{p}"))
    levels = {p: (a if team_of(p) == seat_a else b) for p in bots}
    timings: list[float] = []
    ended = None
    while not state.is_terminal():
        if state.current_player == CHANCE:
            match.advance_chance()
            continue
        p = state.current_player
        t0 = time.perf_counter()
        action = bots[p].choose(state.observation(p), p)
        took = time.perf_counter() - t0
        if levels[p] == "strong":
            timings.append(took)
        for event in match.play(action):
            if isinstance(event, GameEnded):
                ended = event
    assert ended is not None
    if ended.winner == "tie":
        return 0.5, timings
    return (1.0 if ended.winner_team == seat_a else 0.0), timings


def pairing(a: str, b: str, games: int, jobs: int, variant: str) -> tuple[float, list[float]]:
    tasks = [(a, b, i, variant) for i in range(games)]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(play_game, tasks, chunksize=1)
    else:
        results = [play_game(t) for t in tasks]
    score = sum(r[0] for r in results) / games
    timings = [t for r in results for t in r[1]]
    return score, timings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=400, help="games per pairing (400)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (2)")
    parser.add_argument("--variant", default="standard",
                        choices=("standard", "five_card", "teams"))
    parser.add_argument("--only", choices=("strong", "normal"), default=None,
                        help="run one pairing only")
    args = parser.parse_args(argv)
    timings: list[float] = []
    if args.only in (None, "strong"):
        rate, timings = pairing("strong", "normal", args.games, args.jobs, args.variant)
        print(f"strong_vs_normal_win_rate: {rate:.3f}", flush=True)
    if args.only in (None, "normal"):
        rate, _ = pairing("normal", "easy", args.games, args.jobs, args.variant)
        print(f"normal_vs_easy_win_rate: {rate:.3f}", flush=True)
    if timings:
        print(f"strong_decision_median_s: {statistics.median(timings):.3f}")
        print(f"strong_decision_max_s: {max(timings):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
