"""VOLT bots: GreedyBot against RandomBot, two operators, over the shipped arenas.

    .venv/bin/python bench/volt_bots.py [GAMES] [WORKERS]

Prints `greedy_vs_random_win_rate` (share of games the greedy bot wins) and
`greedy_decision_median_s`: the median time of a greedy programming decision (the
look-ahead that chooses a whole controller; the later placements of the same controller
and the start-number and restart choices are instant and not counted)."""

from __future__ import annotations

import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.core.match import Match  # noqa: E402
from game.core.types import Direction  # noqa: E402
from game.volt.bots import GreedyBot, RandomBot, run_bots  # noqa: E402
from game.volt.data import load_arena  # noqa: E402
from game.volt.state import VoltState  # noqa: E402

ARENA_FILES = sorted((ROOT / "boards" / "volt").glob("*.yaml"))


class TimedGreedy(GreedyBot):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.times: list[float] = []

    def plan(self, state: VoltState, me: int) -> Any:
        started = time.perf_counter()
        result = super().plan(state, me)
        self.times.append(time.perf_counter() - started)
        return result


def play_range(seeds: range) -> tuple[int, int, list[float]]:
    arenas = [load_arena(path) for path in ARENA_FILES]
    wins, games, times = 0, 0, []
    for seed in seeds:
        arena = arenas[seed % len(arenas)]
        sides = [Direction.S, Direction.N] if seed % 4 < 2 else [Direction.W, Direction.E]
        greedy = seed % 2  # the greedy bot sits first in half of the games
        state = VoltState.new_game(arena, sides)
        bot = TimedGreedy(arena, random.Random(f"greedy-{seed}"))
        bots = {greedy: bot, 1 - greedy: RandomBot(arena, random.Random(f"random-{seed}"))}
        run_bots(Match(state, seed), bots, max_rounds=2000)
        games += 1
        wins += state.winner == greedy
        times += bot.times
    return wins, games, times


def main() -> None:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    chunks = [range(i, total, workers) for i in range(workers)]
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(play_range, chunks))
    wins = sum(r[0] for r in results)
    games = sum(r[1] for r in results)
    times = [t for r in results for t in r[2]]
    print(f"greedy_vs_random_win_rate: {wins / games:.3f}")
    print(f"greedy_decision_median_s: {statistics.median(times):.4f}")
    print(f"greedy_decision_max_s: {max(times):.4f}")
    print(f"games: {games}")


if __name__ == "__main__":
    main()
