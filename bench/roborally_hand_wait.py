"""How long a player at a RoboRally table of eight waits for their hand: one human and seven
strong bots on the widest course, the table run frame by frame at 60 frames a second as the
app runs it, from the game's start until the human's hand shows (`hand_wait_s`) and until
every bot has locked in beside the human (`bots_locked_in_s`). Programming is simultaneous
(RR-5): the bots think in the worker while the hand is shown; before 2026-11-28 the hand
waited for every bot.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python bench/roborally_hand_wait.py
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("ROBOT_GAMES_HOME", tempfile.mkdtemp(prefix="hand-wait-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.scenes.games import PlayerSetup  # noqa: E402
from game.scenes.roborally import courses as roborally_courses  # noqa: E402
from game.scenes.roborally import entry as roborally_entry  # noqa: E402
from tests.ui.helpers import frame, headless_services  # noqa: E402

COURSE = "grand-gauntlet"
LIMIT_S = 120.0


def main() -> None:
    services = headless_services((1280, 720))
    setup = roborally_courses.demo_setup(COURSE, 1, 7, seed=5)
    setup.players = [PlayerSetup(p.name, p.colour, p.bot_level and "strong")
                     for p in setup.players]
    scene = roborally_entry.start(services, setup)
    services.scenes.push(scene)
    services.scenes.apply_pending()
    controller = scene.controller
    bots = {p for p, seat in enumerate(controller.seats) if seat.is_bot}
    start = time.perf_counter()
    hand_wait = locked_in = None
    while time.perf_counter() - start < LIMIT_S and locked_in is None:
        before = time.perf_counter()
        frame(services, [], 1 / 60)
        now = time.perf_counter() - start
        if hand_wait is None and scene.programmer == 0:
            hand_wait = now
        if controller.programming_left() and not bots & set(controller.programming_left()):
            locked_in = now
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - before)))  # the loop's 60 fps cap
    print(f"# {COURSE}, 1 human and {len(bots)} strong bots, turn 1")
    print(f"hand_wait_s: {hand_wait:.2f}" if hand_wait is not None else "hand_wait_s: none")
    print(f"bots_locked_in_s: {locked_in:.2f}" if locked_in is not None
          else "bots_locked_in_s: none")


if __name__ == "__main__":
    main()
