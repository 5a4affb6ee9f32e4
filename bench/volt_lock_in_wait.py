"""How long a VOLT player waits for the bots after locking in: one human and three strong
bots on Twin Yards, the table run frame by frame at 60 frames a second as the app runs it.
The human takes `--human-s` seconds to program each round (5: a quick player), then locks
in; the wait runs until the last bot has locked in (`lock_in_wait_s`, the median over the
rounds, and `lock_in_wait_max_s`). The bots plan their programs while the human programs
(VT-5.2); before 2026-11-28 they began only once the human had locked in.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python bench/volt_lock_in_wait.py
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("ROBOT_GAMES_HOME", tempfile.mkdtemp(prefix="lock-in-wait-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.ui.helpers import frame  # noqa: E402
from tests.volt_scene.test_arena_scene import click_program, open_game  # noqa: E402

ARENA = "twin-yards"
SEATS = (("Anna", "red", None), ("Ben", "blue", "strong"), ("Clara", "green", "strong"),
         ("Dan", "yellow", "strong"))


def real_frames(services: object, seconds: float) -> None:
    """Frames at the loop's 60 a second for `seconds` of wall time."""
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        before = time.perf_counter()
        frame(services, dt=1 / 60)
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - before)))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--human-s", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    services, scene = open_game(SEATS, arena=ARENA, seed=args.seed, speed="fast")
    rng = random.Random(args.seed)
    waits: list[float] = []
    while len(waits) < args.rounds and not scene.ctrl.is_over():
        decision = scene.ctrl.decision()
        if decision is not None and decision.kind == "restart":
            scene.place_robot(scene.ctrl.legal(decision.player)[0].at)
        elif decision is not None and decision.kind == "number":
            scene.take_number(scene.ctrl.legal(decision.player)[0].number)
        if scene.programmer != 0:
            frame(services, dt=1 / 60)
            continue
        real_frames(services, args.human_s)
        click_program(services, scene, rng)
        start = time.perf_counter()
        while scene.ctrl.state.phase == "program" and time.perf_counter() - start < 60:
            real_frames(services, 1 / 60)
        waits.append(time.perf_counter() - start)
    print(f"# {ARENA}, 1 human ({args.human_s:g} s a program) and 3 strong bots, "
          f"{len(waits)} rounds: " + ", ".join(f"{w:.2f}" for w in waits))
    print(f"lock_in_wait_s: {statistics.median(waits):.2f}")
    print(f"lock_in_wait_max_s: {max(waits):.2f}")


if __name__ == "__main__":
    main()
