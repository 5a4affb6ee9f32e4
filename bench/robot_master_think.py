"""How smooth the Robot Master table stays while a strong bot thinks in its worker thread.

The bot's search is pure Python, so the worker competes with the frames for the GIL. This
draws the same table frame 300 times at 60 frames per second, once with nothing else
running and once with a strong bot deciding over and over in a thread (as the table's
BotThinker does), and prints the frame times; then the bot's time per decision alone.
Also run with SWITCH_MS=1 to compare a shorter GIL switch interval (the default is 5 ms).

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python bench/robot_master_think.py
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("ROBOT_GAMES_HOME", tempfile.mkdtemp(prefix="robot-master-think-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.controllers.robotmaster import RobotMasterController, Seat  # noqa: E402
from game.robotmaster.bots import SearchBot  # noqa: E402
from game.scenes.robotmaster.table import RobotMasterTable  # noqa: E402
from tests.ui.helpers import frame, headless_services  # noqa: E402

FRAMES = 300


def frame_times(services, table: RobotMasterTable) -> tuple[float, float]:  # noqa: ANN001 - Services
    times = []
    for _ in range(FRAMES):
        table.dirty = True
        start = time.perf_counter()
        frame(services, [], 1 / 60)
        elapsed = time.perf_counter() - start
        times.append(elapsed * 1000)
        time.sleep(max(0.0, 1 / 60 - elapsed))   # the main loop's 60 fps cap sleeps too
    times.sort()
    return times[int(len(times) * 0.95)], times[-1]


def main() -> None:
    sys.setswitchinterval(float(os.environ.get("SWITCH_MS", "5")) / 1000)
    seats = [Seat(f"Bot {i}", colour, "strong")
             for i, colour in enumerate(("blue", "red", "green", "yellow"))]
    services = headless_services((1280, 720))
    controller = RobotMasterController("teams", seats, 7)
    controller.run_automatic_chance()
    controller.autoplay(6)
    table = RobotMasterTable(services, controller)
    table.update = lambda dt: None   # type: ignore[method-assign]  # the same frame each time
    services.scenes.push(table)
    services.scenes.apply_pending()
    player = controller.state.current_player
    observation = controller.state.observation(player)

    stop = threading.Event()
    decisions = 0

    def think() -> None:
        nonlocal decisions
        bot = SearchBot(random.Random(1))
        while not stop.is_set():
            bot.choose(observation, player)
            decisions += 1

    print(f"# GIL switch interval {sys.getswitchinterval() * 1000:.0f} ms, "
          f"{FRAMES} frames of the four-player table")
    p95, longest = frame_times(services, table)
    print(f"idle_frame_p95_ms: {p95:.1f}")
    print(f"idle_frame_max_ms: {longest:.1f}", flush=True)
    worker = threading.Thread(target=think)
    started = time.perf_counter()
    worker.start()
    shown = frame_times(services, table)
    stop.set()
    worker.join()
    rate = (time.perf_counter() - started) / max(decisions, 1) * 1000
    print(f"thinking_frame_p95_ms: {shown[0]:.1f}")
    print(f"thinking_frame_max_ms: {shown[1]:.1f}")
    print(f"threaded_decision_ms: {rate:.0f}")
    bot = SearchBot(random.Random(1))
    started, count = time.perf_counter(), 0
    while time.perf_counter() - started < 3:
        bot.choose(observation, player)
        count += 1
    alone = (time.perf_counter() - started) / count * 1000
    print(f"alone_decision_ms: {alone:.0f}")


if __name__ == "__main__":
    main()
