"""How long the replay viewers take to step back near the end of a long bot game, and how
much memory their seek snapshots hold.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python bench/replay_seek.py [rr|volt] [--without]
"""

from __future__ import annotations

import os
import sys
import time
import tracemalloc
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.ui.helpers import headless_services  # noqa: E402


def roborally_viewer(services):
    from game.scenes.roborally.courses import demo_setup
    from game.scenes.roborally.entry import replay, start
    game = start(services, demo_setup("grand-gauntlet", 0, 8, variant="options", seed=int(os.environ.get("SEED", "3"))))
    c = game.controller
    while not c.is_over() and c.step():
        c.pending.clear()
    return replay(services, game.saved_game())


def volt_viewer(services):
    from game.scenes.volt import replay
    from game.scenes.volt.demos import _demo, _setup
    game = _demo(services, _setup([("Anna", "red", "random"), ("Ben", "blue", "random"),
                                   ("Clara", "green", "random"), ("Dora", "yellow", "random")],
                                  seed=int(os.environ.get("SEED", "3"))))
    game.ctrl.run_bots()
    return replay(services, game.saved_game())


def main() -> None:
    which = sys.argv[1] if len(sys.argv) > 1 else "rr"
    services = headless_services()
    services.settings.animation_speed = "instant"
    viewer = (roborally_viewer if which == "rr" else volt_viewer)(services)
    bar = viewer.bar
    if "--without" in sys.argv:   # the old way, for comparison: every seek from the start
        viewer.snapshots.due = lambda index: False
    print(f"game: {which}")
    print(f"actions: {bar.total}")
    start = time.perf_counter()
    bar.to_end()
    print(f"first_seek_to_end_s: {time.perf_counter() - start:.3f}")
    times = []
    for _ in range(10):
        start = time.perf_counter()
        bar.back()
        times.append(time.perf_counter() - start)
    print(f"step_back_mean_ms: {sum(times) / len(times) * 1000:.1f}")
    print(f"step_back_max_ms: {max(times) * 1000:.1f}")
    start = time.perf_counter()
    bar.seek(bar.total // 2)
    print(f"seek_to_middle_ms: {(time.perf_counter() - start) * 1000:.1f}")
    snapshots = getattr(viewer, "snapshots", None)
    if snapshots is not None:
        # the memory the kept positions hold: build them again under tracemalloc
        bar.to_start()
        snapshots.clear()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        bar.to_end()
        after = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        print(f"snapshots: {snapshots.count()}")
        print(f"snapshot_spacing_actions: {snapshots.spacing}")
        print(f"snapshots_mb: {(after - before) / 1e6:.1f}")

if __name__ == "__main__":
    main()
