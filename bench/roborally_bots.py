"""RoboRally baseline bot: how long one programming decision takes for a full 9-card hand.

    .venv/bin/python bench/roborally_bots.py [DECISIONS]

For every shipped course, a bot is made once (its distance maps are built then; that time is
printed as `baseline_bot_setup_median_s`), then it programs DECISIONS random 9-card hands
from random squares and facings of the course. Prints `baseline_bot_decision_median_s`
(the median over all decisions), `baseline_bot_decision_p95_s` and the slowest course."""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.data.files import load_any  # noqa: E402
from game.roborally.elements import PIT, VOID  # noqa: E402
from game.roborally.model import STANDARD_CARDS, Course  # noqa: E402
from game.roborally_bots.baseline import BaselineBot  # noqa: E402


def main(decisions: int = 60) -> None:
    times: list[float] = []
    setups: list[float] = []
    per_course: dict[str, float] = {}
    for path in sorted((ROOT / "boards" / "roborally").glob("*.yaml")):
        try:
            _fmt, model = load_any(path)
        except Exception:
            continue
        if not isinstance(model, Course):
            continue
        board = model.board
        started = time.perf_counter()
        bot = BaselineBot(board, "normal", random.Random(1))
        setups.append(time.perf_counter() - started)
        rng = random.Random(path.stem)
        squares = [i for i, k in enumerate(bot.layout.kind) if k not in (VOID, PIT)]
        mine = []
        for _ in range(decisions):
            hand = [(c, STANDARD_CARDS[c - 1][0]) for c in rng.sample(range(1, 85), 9)]
            started = time.perf_counter()
            bot.choose(hand, [None] * 5, [1, 2, 3, 4, 5], rng.choice(squares), rng.randrange(4),
                       rng.randrange(len(bot.maps)))
            mine.append(time.perf_counter() - started)
        times += mine
        per_course[path.stem] = statistics.median(mine)
    times.sort()
    slowest = max(per_course, key=per_course.__getitem__)
    print(f"courses: {len(per_course)}")
    print(f"decisions: {len(times)}")
    print(f"baseline_bot_setup_median_s: {statistics.median(setups):.4f}")
    print(f"baseline_bot_decision_p95_s: {times[int(len(times) * 0.95)]:.4f}")
    print(f"slowest_course: {slowest}")
    print(f"slowest_course_decision_median_s: {per_course[slowest]:.4f}")
    print(f"baseline_bot_decision_median_s: {statistics.median(times):.4f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 60)
