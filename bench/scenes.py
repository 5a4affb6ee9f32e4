"""Frame times of every named scene, headless at 1280×720.

    .venv/bin/python bench/scenes.py [FRAMES]

`factory_frame_p95_ms`: the 95th-percentile time of one frame (input, update, draw) while
8 robots are animated on a two-board course (ring-road, eight bots, normal speed), counting
only frames that start with an animation playing (bot programming between animations is a
separate, measured cost: `factory_bot_step_p95_ms`).

`factory_programming_preview_log_frame_p95_ms`: a frame of the programming screen at 8 robots
(ring-road, four humans and four bots, turn 2) with the ghost path and the docked log on:
every 10th frame a card goes into or out of a register (the path is worked out again) and the
mouse moves between two log lines (the log is drawn again and squares light up).

`factory_tried_card_frame_p95_ms`: the same programming screen with the mouse on another hand
card every frame, each tried in the first empty register of the ghost path (worked out again
each frame: the worst a sweep across the hand can ask).

`factory_hover_frame_p95_ms`: a frame of the register phases at 8 robots (oil-and-ember, eight
bots, normal speed) in an 800×450 window, the smallest the game opens, with ten mouse motions
in the frame, sweeping across the board, the turn's programs and the status rows: every
motion asks what lies under the mouse, which the layout answers from its kept rectangles.

Every other scene of `python main.py --list-scenes` is drawn FRAMES times (marked dirty each
frame, as if something changed) and reported as `<scene>_frame_p95_ms`, e.g.
`menu_frame_p95_ms`, `robot_master_table_frame_p95_ms`, `volt_programming_frame_p95_ms`."""

from __future__ import annotations

import os
import sys
import time
from typing import Any
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.app.loop import step  # noqa: E402
from game.app.services import Services, make_services  # noqa: E402
from game.app.settings import Settings  # noqa: E402
from game.scenes.catalog import all_scenes  # noqa: E402
from game.scenes.menu import MenuScene  # noqa: E402
from tests.ui.helpers import EVERY_GUIDE  # noqa: E402

SIZE = (1280, 720)
HOVER_SIZE = (800, 450)


def p95(values: list[float]) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * 0.95))] * 1000


def services() -> Services:
    # a guide over the table would take the mouse motions the frames are measured with (a
    # catalogue scene that wants one clears it)
    s = make_services(headless_size=SIZE, home=MenuScene,
                      settings=Settings(language="en", guides_seen=list(EVERY_GUIDE)))
    s.window.open()
    return s


def factory(frames: int) -> tuple[float, float, int]:
    from game.scenes.roborally.courses import demo_setup
    from game.scenes.roborally.entry import start
    from game.scenes.roborally.table import FactoryScene
    svc = services()
    scene = start(svc, demo_setup("ring-road", humans=0, bots=8, seed=3))
    assert isinstance(scene, FactoryScene)
    svc.scenes.push(scene)
    svc.scenes.apply_pending()
    surface = svc.window.surface
    animating: list[float] = []
    other: list[float] = []
    for _ in range(frames * 20):
        if len(animating) >= frames or scene.controller.is_over():
            break
        busy = scene.current is not None
        started = time.perf_counter()
        step(svc, [], 1 / 60, surface)
        took = time.perf_counter() - started
        (animating if busy else other).append(took)
    robots = sum(1 for s in scene.display.sprites if s.visible)
    return p95(animating), p95(other) if other else 0.0, robots


def programming_screen() -> tuple[Services, Any, pygame.Surface]:
    """Ring Road at 8 robots (four humans, four bots), turn 2, the first human programming
    with two registers filled: its services, scene and window, one frame drawn."""
    from game.scenes.roborally.demo_tables import programming_table
    svc = services()
    scene = programming_table(svc, "ring-road", 4, 4, placed=2)
    svc.scenes.apply_pending()
    surface = svc.window.surface
    step(svc, [], 1 / 60, surface)
    return svc, scene, surface


def factory_programming(frames: int) -> float:
    svc, scene, surface = programming_screen()
    assert scene.preview_path() and scene.table.log_rect() is not None
    rows = [rect.center for rect, _index in scene.table.log_panel.rows[-2:]]
    p = scene.programmer
    assert p is not None
    times = []
    for k in range(frames):
        events = [pygame.event.Event(pygame.MOUSEMOTION, pos=rows[k % 2], rel=(0, 0),
                                     buttons=(0, 0, 0))]
        started = time.perf_counter()
        if k % 10 == 0:
            registers = scene.controller.registers(p)
            if registers[2]:
                scene.take_back(3)
            else:
                scene.place(scene.controller.hand(p)[0], 3)
        scene.dirty = True
        step(svc, events, 1 / 60, surface)
        times.append(time.perf_counter() - started)
    return p95(times[5:])


def factory_tried_card(frames: int) -> float:
    svc, scene, surface = programming_screen()
    cards = [rect.center for rect, card in scene.hand_slots() if card]
    times = []
    for k in range(frames):
        events = [pygame.event.Event(pygame.MOUSEMOTION, pos=cards[k % len(cards)], rel=(0, 0),
                                     buttons=(0, 0, 0))]
        started = time.perf_counter()
        step(svc, events, 1 / 60, surface)
        times.append(time.perf_counter() - started)
    assert any(step.tried for step in scene.preview_path())
    return p95(times[5:])


def factory_hover(frames: int) -> float:
    from game.scenes.roborally.demo_tables import execution_table
    svc = make_services(headless_size=HOVER_SIZE, settings=Settings(language="en"),
                        home=MenuScene)
    svc.window.open()
    svc.settings.animation_speed = "normal"
    scene = execution_table(svc, players=8, register=1)
    surface = svc.window.surface
    width, height = HOVER_SIZE
    times = []
    for k in range(frames):
        if scene.controller.is_over():
            break
        motions = [pygame.event.Event(pygame.MOUSEMOTION, pos=((k * 37 + m * 71) % width,
                                                               (k * 13 + m * 43) % height),
                                      rel=(1, 1), buttons=(0, 0, 0)) for m in range(10)]
        started = time.perf_counter()
        step(svc, motions, 1 / 60, surface)
        times.append(time.perf_counter() - started)
    return p95(times[5:])


def scene_p95(name: str, frames: int) -> float:
    svc = services()
    for scene in all_scenes()[name](svc):
        svc.scenes.push(scene)
        svc.scenes.apply_pending()
    surface = svc.window.surface
    times = []
    for _ in range(frames):
        for scene in svc.scenes.stack:
            scene.dirty = True
        started = time.perf_counter()
        step(svc, [], 1 / 60, surface)
        times.append(time.perf_counter() - started)
        if svc.scenes.top is None:
            break
    return p95(times[5:] or times)


def main(frames: int = 300) -> None:
    pygame.init()
    anim, bot_steps, robots = factory(frames)
    print(f"factory_robots_on_board: {robots}")
    print(f"factory_bot_step_p95_ms: {bot_steps:.2f}")
    print(f"factory_frame_p95_ms: {anim:.2f}")
    print(f"factory_programming_preview_log_frame_p95_ms: {factory_programming(frames):.2f}")
    print(f"factory_tried_card_frame_p95_ms: {factory_tried_card(frames):.2f}")
    print(f"factory_hover_frame_p95_ms: {factory_hover(frames):.2f}")
    for name in sorted(all_scenes()):
        try:
            value = scene_p95(name, frames)
        except Exception as exc:  # a broken scene must not hide the others' figures
            print(f"{name.replace('-', '_')}_frame_p95_ms: error {type(exc).__name__}: {exc}")
            continue
        print(f"{name.replace('-', '_')}_frame_p95_ms: {value:.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
