"""VOLT fuzz: 10,000 seeded random games (RandomBots, 2-4 operators, every shipped arena),
with the rules invariants checked after every activated die (game.volt.playout).

    .venv/bin/python bench/volt_fuzz.py [GAMES] [WORKERS]

Prints `games_clean` (ended with a winner, no invariant broken, no error) and
`games_total`, plus the median number of rounds and the invariant checks made."""

from __future__ import annotations

import statistics
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.volt.data import load_arena  # noqa: E402
from game.volt.playout import random_game  # noqa: E402

ARENA_FILES = sorted((ROOT / "boards" / "volt").glob("*.yaml"))


def play_range(seeds: range) -> tuple[int, list[int], int, list[str]]:
    arenas = [load_arena(path) for path in ARENA_FILES]
    clean, rounds, checks, failures = 0, [], 0, []
    for seed in seeds:
        try:
            playout = random_game(arenas[seed % len(arenas)], seed)
        except Exception:  # report, never stop the run
            failures.append(f"seed {seed}: {traceback.format_exc(limit=3)}")
            continue
        if playout.state.winner is None:
            failures.append(f"seed {seed}: no winner after {playout.state.round} rounds")
            continue
        clean += 1
        rounds.append(playout.state.round)
        checks += playout.checks
    return clean, rounds, checks, failures


def main() -> None:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    started = time.perf_counter()
    chunks = [range(i, total, workers) for i in range(workers)]
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(play_range, chunks))
    clean = sum(r[0] for r in results)
    rounds = [n for r in results for n in r[1]]
    checks = sum(r[2] for r in results)
    failures = [f for r in results for f in r[3]]
    for failure in failures[:10]:
        print(failure, file=sys.stderr)
    print(f"games_clean: {clean}")
    print(f"games_total: {total}")
    print(f"rounds_median: {statistics.median(rounds) if rounds else 0}")
    print(f"invariant_checks: {checks}")
    print(f"seconds: {time.perf_counter() - started:.1f}")


if __name__ == "__main__":
    main()
