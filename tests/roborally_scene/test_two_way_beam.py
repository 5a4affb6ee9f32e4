"""RR-7.9 and docs/rulings.md: a two-way laser hits a robot between its barrels once. The
second barrel's beam still stops at that robot (a beam stops at the first robot), so the
animation draws it ending on the robot, not running on through it as a miss."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ui import theme
from game.ui.art import shade
from game.scenes.workbench_step import open_step_through
from tests.ui.helpers import frame, headless_services, key

TWO_WAY = """format: roborally-scenario/1
board:
  size: [7, 3]
  elements:
    - {type: laser, at: [0, 1], wall: W, beams: 1}
    - {type: laser, at: [6, 1], wall: E, beams: 1}
rules: {RR_ROBOT_LASERS: false}
robots:
  - {name: a, at: [3, 1], facing: N}
registers: 1
expect:
  a: {damage: 1}
"""


def test_the_second_barrel_of_a_two_way_laser_ends_on_the_robot(tmp_path: Path) -> None:
    path = tmp_path / "two-way.yaml"
    path.write_text(TWO_WAY, encoding="utf-8")
    services = headless_services()
    stepper = open_step_through(services, path)
    services.scenes.push(stepper)
    frame(services)
    frame(services, [key(pygame.K_n, "n")])
    for _ in range(600):
        frame(services, dt=1 / 60)
        step = stepper.current
        if step is not None and len(step.beams) == 2:
            break
    else:
        raise AssertionError("the lasers never fired")
    by_end = {beam.path[0].x: beam for beam in step.beams}
    assert stepper.status_line() == "two-way.yaml: register 1 of 1 runs."
    assert by_end[0].targets == ("a",) and by_end[6].targets == ()
    assert by_end[6].path[-1].x == 3, "the engine stops the beam at the robot"
    # West of the robot only the beam from the west may show, at full strength: the east
    # barrel's beam (drawn faded, as it hurts nobody) must not reach there.
    x, y = stepper.view.centre(2.7, 1)
    core = tuple(services.window.surface.get_at((int(x), int(y))))[:3]
    assert core != shade(theme.RR_BOARD_LASER,
                         0.75), "the east barrel's beam runs on past the robot"
