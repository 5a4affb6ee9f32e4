"""How smooth the RoboRally factory and the VOLT arena stay while a strong bot thinks in the
bot worker thread (game/controllers/thinking.py), as bench/robot_master_think.py measures the
Robot Master table.

The bots' search is pure Python, so the worker competes with the frames for the GIL. For
each game this draws the same frame 300 times at 60 frames per second, once with nothing
else running and once with a strong bot deciding over and over in a thread, and prints the
frame times (`<game>_idle_frame_p95_ms`, `<game>_thinking_frame_p95_ms`, `_max_ms`) and
`thinking_frame_p95_ms`, the worse of the two games.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python bench/bots_think.py
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any, Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("ROBOT_GAMES_HOME", tempfile.mkdtemp(prefix="bots-think-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.robot_master_think import FRAMES, frame_times  # noqa: E402
from game.core.types import SIMULTANEOUS  # noqa: E402
from game.roborally_bots.strong import StrongBot as RoboRallyStrong  # noqa: E402
from game.roborally_bots.strong import public_table  # noqa: E402
from game.scenes.roborally import courses as roborally_courses  # noqa: E402
from game.scenes.roborally import entry as roborally_entry  # noqa: E402
from game.scenes.volt import start as start_volt  # noqa: E402
from game.scenes.volt.arenas import arena_path as volt_arena_path  # noqa: E402
from game.scenes.games import GameSetup, PlayerSetup  # noqa: E402
from game.volt.state import VoltState  # noqa: E402
from game.volt.strong_bot import StrongBot as VoltStrong  # noqa: E402
from tests.ui.helpers import headless_services  # noqa: E402

COLOURS = ("red", "blue", "green", "yellow")


def measure(name: str, services: Any, scene: Any, decide: Callable[[], Any]) -> float:
    scene.update = lambda dt: None   # the same frame each time; the bot runs beside it
    services.scenes.push(scene)
    services.scenes.apply_pending()
    idle = frame_times(services, scene)
    stop = threading.Event()
    decisions = 0

    def think() -> None:
        nonlocal decisions
        while not stop.is_set():
            decide()
            decisions += 1

    worker = threading.Thread(target=think, daemon=True)
    worker.start()
    busy = frame_times(services, scene)
    stop.set()
    worker.join()
    print(f"{name}_idle_frame_p95_ms: {idle[0]:.1f}")
    print(f"{name}_thinking_frame_p95_ms: {busy[0]:.1f}")
    print(f"{name}_thinking_frame_max_ms: {busy[1]:.1f}")
    print(f"{name}_decisions_while_drawing: {decisions}", flush=True)
    return busy[0]


def roborally() -> float:
    services = headless_services((1280, 720))
    setup = roborally_courses.demo_setup("ring-road", 1, 3, seed=5)
    setup.players = [PlayerSetup(p.name, p.colour, p.bot_level and "strong")
                     for p in setup.players]
    scene = roborally_entry.start(services, setup)
    controller = scene.controller
    while controller.state.current_player != SIMULTANEOUS:
        controller.step()
    table = public_table(controller.state, 1)
    bot = RoboRallyStrong(controller.board, random.Random(1), controller.state.layout)
    return measure("roborally", services, scene, lambda: bot.program(table, 1))


def volt() -> float:
    services = headless_services((1280, 720))
    setup = GameSetup("volt", [PlayerSetup("Anna", "red", "strong"),
                               PlayerSetup("Ben", "blue", "strong")], "training",
                      volt_arena_path(GameSetup("volt", [], "training")), seed=5)
    scene = start_volt(services, setup)
    ctrl = scene.ctrl
    while ctrl.state.phase != "program":
        ctrl.step()
    observation = ctrl.state.observation(1)
    bot = VoltStrong(ctrl.arena, random.Random(1))
    state = VoltState.from_dict(observation, arena=ctrl.arena)
    return measure("volt", services, scene, lambda: bot.plan(state, 1))


def main() -> None:
    print(f"# GIL switch interval {sys.getswitchinterval() * 1000:.0f} ms, {FRAMES} frames")
    worst = max(roborally(), volt())
    print(f"thinking_frame_p95_ms: {worst:.1f}")


if __name__ == "__main__":
    main()
