"""How long one autosave holds up the main thread, for a long RoboRally game.

    .venv/bin/python bench/autosave_main_thread.py [REPEATS]

Plays 8 bots on docking-bay (seed 3) until the log has about 1,150 actions, then times,
REPEATS times each: the old synchronous autosave (`saved_game()` + `write_save`, YAML dump,
fsync, rename) and `autosave()` as it is now (`saved_game()` + a copy, handed to the
background writer), and how long the background write then takes. Prints medians."""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["ROBOT_GAMES_HOME"] = tempfile.mkdtemp(prefix="robot-games-bench-")

from game import paths  # noqa: E402
from game.saves import autosave_path, write_save  # noqa: E402
from game.scenes.roborally.decision import DecisionDialog  # noqa: E402
from game.scenes.roborally.courses import demo_setup  # noqa: E402
from game.scenes.roborally.end import EndScene  # noqa: E402
from game.scenes.roborally.entry import start  # noqa: E402
from game.scenes.saves_hook import autosave, flush_saves  # noqa: E402
from tests.ui.helpers import click, frame, headless_services  # noqa: E402

TARGET_ACTIONS = 1150


def long_game():  # noqa: ANN201
    services = headless_services()
    services.settings.animation_speed = "instant"
    scene = start(services, demo_setup("docking-bay", humans=0, bots=8, seed=3))
    services.scenes.push(scene)
    services.scenes.apply_pending()
    scene.autosaving = False
    while len(scene.controller.match.log) < TARGET_ACTIONS \
            and not isinstance(services.scenes.top, EndScene):
        top = services.scenes.top
        if isinstance(top, DecisionDialog):
            frame(services, click(top.ui.default.rect.center))
        else:
            frame(services, dt=0.1)
    return scene


def main(repeats: int = 7) -> None:
    scene = long_game()
    path = autosave_path(paths.saves_dir(), "roborally")
    before, after, background = [], [], []
    for _ in range(repeats):
        started = time.perf_counter()
        write_save(path, scene.saved_game())
        before.append(time.perf_counter() - started)
        started = time.perf_counter()
        autosave(scene)
        after.append(time.perf_counter() - started)
        flush_saves(30)
        background.append(time.perf_counter() - started)
    print(f"actions: {len(scene.controller.match.log)}")
    print(f"robots: {len(scene.controller.seats)}")
    print(f"save_file_kib: {path.stat().st_size / 1024:.0f}")
    print(f"synchronous_autosave_median_s: {statistics.median(before):.4f}")
    print(f"main_thread_autosave_median_s: {statistics.median(after):.4f}")
    print(f"until_on_disk_median_s: {statistics.median(background):.4f}")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:]))
