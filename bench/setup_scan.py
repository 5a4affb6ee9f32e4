"""Opening the RoboRally setup with 100 files in the player's board folder (issue 17): how
long until the board list is complete, and whether the window kept drawing meanwhile.

    .venv/bin/python bench/setup_scan.py [--files 100] [--runs 3]

The folder holds copies of the shipped courses, boards and VOLT arenas plus some broken
files, in a temporary ROBOT_GAMES_HOME. Each run starts with nothing read yet (a fresh
process); the main loop's frame step runs at 60 frames per second, headless, while the
boards are read in the background. Printed, as `name: value` lines (medians over the runs):

    setup_open_100_files_s     from opening the setup to the complete list (target <= 0.5)
    setup_reopen_100_files_s   the same for a second visit (nothing changed: only stats)
    setup_longest_step_s       the longest the window was busy at once while reading (input
                               waits at most this long: the window keeps answering)
    setup_frames_while_reading frames drawn while the list was being read (its progress)
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def fill_folder(home: Path, count: int) -> None:
    """`count` user files: courses, boards and arenas copied from the shipped ones, and every
    tenth one broken."""
    boards = ROOT / "boards"
    sources = sorted((boards / "roborally").glob("*.yaml")) + sorted((boards / "volt").glob("*.yaml"))
    sources = [s for s in sources if s.stem not in ("elements", "options")]
    (home / "boards" / "roborally").mkdir(parents=True, exist_ok=True)
    for number in range(count):
        source = sources[number % len(sources)]
        folder = home / "boards" / ("roborally" if source.parent.name == "roborally" else "")
        target = folder / f"{source.stem}-{number}.yaml"
        text = source.read_text(encoding="utf-8")
        if number % 10 == 9:
            text = text.replace("format:", "format: [", 1)
        target.write_text(text, encoding="utf-8")


def one_run() -> dict[str, float]:
    """In this (fresh) process: open the setup twice, running the main loop's frame step
    meanwhile as game/app/loop.py does (sleeping in pygame.event.wait when nothing moves)."""
    import pygame

    from game.app.loop import step
    from game.app.scene import IDLE_WAIT_MS
    from game.scenes.games import GAMES_BY_ID
    from game.scenes.setup import SetupScene
    from tests.ui.helpers import headless_services

    services = headless_services()
    surface = services.window.surface
    assert surface is not None
    figures: dict[str, float] = {}
    for visit in ("open", "reopen"):
        start = time.perf_counter()
        scene = SetupScene(services, GAMES_BY_ID["roborally"])
        services.scenes.reset(scene)
        drawn, longest_step = 0, 0.0
        while not scene.wait_for_boards(0):
            events = pygame.event.get()
            if not events and not services.scenes.needs_redraw():
                waited = pygame.event.wait(IDLE_WAIT_MS)
                events = [waited] if waited.type != pygame.NOEVENT else []
            began = time.perf_counter()
            drawn += step(services, events, 1 / 60, surface)
            longest_step = max(longest_step, time.perf_counter() - began)
        figures[f"{visit}_s"] = time.perf_counter() - start
        if visit == "open":
            figures["frames"] = drawn
            figures["step_s"] = longest_step
            assert len(scene.boards) > 50, "the user's boards are missing from the list"
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(one_run()))
        return
    home = Path(tempfile.mkdtemp(prefix="robot-games-setup-bench-"))
    try:
        fill_folder(home, args.files)
        env = {**os.environ, "ROBOT_GAMES_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
               "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
        runs = []
        for _ in range(args.runs):
            out = subprocess.run([sys.executable, __file__, "--child"], env=env, cwd=ROOT,
                                 capture_output=True, text=True, check=True).stdout
            runs.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        shutil.rmtree(home, ignore_errors=True)
    suffix = f"{args.files}_files"
    print(f"setup_open_{suffix}_s: {statistics.median(r['open_s'] for r in runs):.3f}")
    print(f"setup_reopen_{suffix}_s: {statistics.median(r['reopen_s'] for r in runs):.3f}")
    print(f"setup_longest_step_s: {statistics.median(r['step_s'] for r in runs):.3f}")
    print(f"setup_frames_while_reading: {statistics.median(r['frames'] for r in runs):.0f}")


if __name__ == "__main__":
    main()
