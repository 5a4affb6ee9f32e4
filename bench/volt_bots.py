"""VOLT bots, two operators, over the shipped arenas: greedy against random, strong against
greedy.

    .venv/bin/python bench/volt_bots.py [GAMES] [WORKERS] [PAIRINGS]

PAIRINGS is `greedy-random`, `strong-greedy` or `all` (the default). For each pairing the
first bot sits first in half of the games (seats alternate), sides alternate between
South/North and West/East, and the arenas take turns. Prints `<bot>_vs_<other>_win_rate`
(share of the games the first bot wins) and `<bot>_decision_median_s` / `_max_s`: the time
of a programming decision (the look-ahead that chooses a whole controller; the later
placements of the same controller are instant and not counted) and, for the strong bot, of a
start-number choice (it plays the round through with every free number)."""

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
from game.volt.strong_bot import StrongBot  # noqa: E402

ARENA_FILES = sorted((ROOT / "boards" / "volt").glob("*.yaml"))
PAIRINGS = {"greedy-random": ("greedy", "random"), "strong-greedy": ("strong", "greedy")}


def timed(cls: type) -> type:
    """`cls` with its decisions timed (into `self.times`)."""

    class Timed(cls):  # type: ignore[valid-type, misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.times: list[float] = []

        def plan(self, state: Any, me: int) -> Any:
            started = time.perf_counter()
            result = super().plan(state, me)
            self.times.append(time.perf_counter() - started)
            return result

        def choose(self, observation: dict[str, Any], player: int) -> Any:
            if observation["phase"] != "number" or not isinstance(self, StrongBot):
                return super().choose(observation, player)
            started = time.perf_counter()
            result = super().choose(observation, player)
            self.times.append(time.perf_counter() - started)
            return result

    return Timed


BOTS = {"random": RandomBot, "greedy": timed(GreedyBot), "strong": timed(StrongBot)}


def play_range(job: tuple[str, range]) -> tuple[int, int, list[float]]:
    pairing, seeds = job
    first, second = PAIRINGS[pairing]
    arenas = [load_arena(path) for path in ARENA_FILES]
    wins, games, times = 0, 0, []
    for seed in seeds:
        arena = arenas[seed % len(arenas)]
        sides = [Direction.S, Direction.N] if seed % 4 < 2 else [Direction.W, Direction.E]
        seat = seed % 2  # the first bot sits first in half of the games
        state = VoltState.new_game(arena, sides)
        bot = BOTS[first](arena, random.Random(f"{first}-{seed}"))
        bots = {seat: bot, 1 - seat: BOTS[second](arena, random.Random(f"{second}-{seed}"))}
        run_bots(Match(state, seed), bots, max_rounds=2000)
        games += 1
        wins += state.winner == seat
        times += bot.times
    return wins, games, times



def main() -> None:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    chosen = sys.argv[3] if len(sys.argv) > 3 else "all"
    pairings = list(PAIRINGS) if chosen == "all" else [chosen]
    with ProcessPoolExecutor(workers) as pool:
        for pairing in pairings:
            jobs = [(pairing, range(i, total, workers)) for i in range(workers)]
            results = list(pool.map(play_range, jobs))
            wins = sum(r[0] for r in results)
            games = sum(r[1] for r in results)
            times = [t for r in results for t in r[2]]
            first, second = PAIRINGS[pairing]
            print(f"{first}_vs_{second}_win_rate: {wins / games:.3f}")
            print(f"{first}_decision_median_s: {statistics.median(times):.4f}")
            print(f"{first}_decision_max_s: {max(times):.4f}")
            print(f"{pairing}_games: {games}", flush=True)


if __name__ == "__main__":
    main()
