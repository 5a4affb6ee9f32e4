"""RoboRally bots: how long decisions take and how the strong bot does in a melee.

    .venv/bin/python bench/roborally_bots.py [DECISIONS] [SEEDS] [WORKERS]

1. The baseline ("normal") bot: for every shipped course a bot is made once (its distance
   maps are built then: `baseline_bot_setup_median_s`), then it programs DECISIONS random
   9-card hands from random squares and facings (`baseline_bot_decision_median_s`, `_p95_s`
   and the slowest course).
2. The melee: four robots on every shipped course, one strong bot against three normal ones,
   the strong seat rotating through all four seats, SEEDS deals per course (default 16: 448
   games, one standard error about 0.02; the same seeds, so the same deals, for every
   line-up). `strong_vs_normal_melee_win_share` is the share of these games the strong bot
   wins (chance is 0.25), `strong_vs_normal_melee_win_share_112` and `_224` the share on the
   first four and eight deals per course (the 112 games the target was first measured on,
   the 224 of the figures of 2026-11-25: the same deals give the same games);
   `strong_decision_median_s` and `strong_decision_max_s` time its programming decisions.
   `strong_vs_normal_duel_win_share`: one strong bot against one normal bot, both seats,
   DUEL_DEALS deals per course (112 games; chance is 0.5).
3. `eight_bots_turn_s`: eight strong bots program the first turn of every course, one after
   another on the bot worker thread (game/controllers/thinking.py); the slowest course."""

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

from game.controllers.roborally import RoboRallyController, Seat  # noqa: E402
from game.controllers.thinking import BotThinker  # noqa: E402
from game.core.types import SIMULTANEOUS  # noqa: E402
from game.data.files import load_any  # noqa: E402
from game.roborally.elements import PIT, VOID  # noqa: E402
from game.roborally.model import STANDARD_CARDS, Board, Course  # noqa: E402
from game.roborally_bots.baseline import BaselineBot  # noqa: E402
from game.roborally_bots.strong import StrongBot  # noqa: E402

FIRST_DEAL = 1000
"""The melee's deal seeds are FIRST_DEAL, FIRST_DEAL + 1, …"""
EARLIER_DEALS = (4, 8)
"""The first deals per course of earlier figures: 4 (112 games, the melee target was set on
them) and 8 (224 games)."""
DUEL_DEALS = 8
"""Deals per course of the duels (one strong bot against one normal bot, both seats)."""
COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "white", "black")


def courses() -> list[tuple[str, Board]]:
    out = []
    for path in sorted((ROOT / "boards" / "roborally").glob("*.yaml")):
        try:
            _fmt, model = load_any(path)
        except Exception:
            continue
        if isinstance(model, Course):
            out.append((path.stem, model.board))
    return out


def baseline_decisions(decisions: int) -> None:
    times: list[float] = []
    setups: list[float] = []
    per_course: dict[str, float] = {}
    for name, board in courses():
        started = time.perf_counter()
        bot = BaselineBot(board, "normal", random.Random(1))
        setups.append(time.perf_counter() - started)
        rng = random.Random(name)
        squares = [i for i, k in enumerate(bot.layout.kind) if k not in (VOID, PIT)]
        mine = []
        for _ in range(decisions):
            hand = [(c, STANDARD_CARDS[c - 1][0]) for c in rng.sample(range(1, 85), 9)]
            started = time.perf_counter()
            bot.choose(hand, [None] * 5, [1, 2, 3, 4, 5], rng.choice(squares), rng.randrange(4),
                       rng.randrange(len(bot.maps)))
            mine.append(time.perf_counter() - started)
        times += mine
        per_course[name] = statistics.median(mine)
    times.sort()
    slowest = max(per_course, key=per_course.__getitem__)
    print(f"courses: {len(per_course)}")
    print(f"decisions: {len(times)}")
    print(f"baseline_bot_setup_median_s: {statistics.median(setups):.4f}")
    print(f"baseline_bot_decision_p95_s: {times[int(len(times) * 0.95)]:.4f}")
    print(f"slowest_course: {slowest}")
    print(f"slowest_course_decision_median_s: {per_course[slowest]:.4f}")
    print(f"baseline_bot_decision_median_s: {statistics.median(times):.4f}", flush=True)


_TIMES: list[float] = []
_PROGRAM = StrongBot.program


def _timed_program(self: StrongBot, table: Any, me: int) -> Any:
    started = time.perf_counter()
    try:
        return _PROGRAM(self, table, me)
    finally:
        _TIMES.append(time.perf_counter() - started)


def melee(job: tuple[str, int, int]) -> tuple[int, int, list[float]]:
    """The line-ups of one strong bot against `robots` − 1 normal ones (the strong bot in
    each seat in turn) on one course with one deal seed: (strong wins, games, strong
    decision times)."""
    name, seed, robots = job
    board = dict(courses())[name]
    StrongBot.program = _timed_program   # type: ignore[method-assign]  # this process only
    _TIMES.clear()
    wins = 0
    for seat in range(robots):
        seats = [Seat(f"Bot {p + 1}", COLOURS[p], "strong" if p == seat else "normal")
                 for p in range(robots)]
        controller = RoboRallyController(board, seats, seed)
        while controller.step():
            pass
        wins += controller.winner() == seat
    return wins, robots, list(_TIMES)


def eight_bots_turn(name: str) -> float:
    """Seconds for eight strong bots to program the first turn, on the bot worker."""
    board = dict(courses())[name]
    seats = [Seat(f"Bot {p + 1}", COLOURS[p], "strong") for p in range(8)]
    controller = RoboRallyController(board, seats, 1)
    while controller.state.current_player != SIMULTANEOUS:
        controller.step()            # the deal
    thinker = BotThinker()
    started = time.perf_counter()
    while controller.state.current_player == SIMULTANEOUS and controller.programming_left():
        turn = controller.bot_turn()
        assert turn is not None
        thinker.start(turn)
        assert thinker.play_answer(controller, wait=60.0)
    return time.perf_counter() - started


def main() -> None:
    decisions = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    seeds = int(sys.argv[2]) if len(sys.argv) > 2 else 16
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    baseline_decisions(decisions)
    names = [name for name, _board in courses()]
    jobs = [(name, FIRST_DEAL + s, 4) for s in range(seeds) for name in names]
    duels = [(name, FIRST_DEAL + s, 2) for s in range(DUEL_DEALS) for name in names]
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(melee, jobs))
        duel_results = list(pool.map(melee, duels))
    wins = sum(r[0] for r in results)
    games = sum(r[1] for r in results)
    times = [t for r in results for t in r[2]]
    print(f"melee_games: {games}")
    print(f"strong_vs_normal_melee_win_share: {wins / games:.3f}")
    for deals in EARLIER_DEALS:
        first = [r for job, r in zip(jobs, results) if job[1] < FIRST_DEAL + deals]
        print(f"strong_vs_normal_melee_win_share_{deals * 4 * len(names)}: "
              f"{sum(r[0] for r in first) / max(1, sum(r[1] for r in first)):.3f}")
    print(f"strong_vs_normal_duel_win_share: "
          f"{sum(r[0] for r in duel_results) / sum(r[1] for r in duel_results):.3f}")
    print(f"strong_decision_median_s: {statistics.median(times):.3f}")
    print(f"strong_decision_max_s: {max(times):.3f}", flush=True)
    turns = {name: eight_bots_turn(name) for name in names}
    slowest = max(turns, key=turns.__getitem__)
    print(f"eight_bots_turn_median_s: {statistics.median(turns.values()):.2f}")
    print(f"eight_bots_slowest_course: {slowest}")
    print(f"eight_bots_turn_s: {turns[slowest]:.2f}")


if __name__ == "__main__":
    main()
