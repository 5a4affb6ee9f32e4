"""RR-6.3 / RR-6.5 / CB-3.1.1: a move that a wall or an immovable robot cuts short is told to
the players (the table narrates it and plays a bump), not silently swallowed."""

from __future__ import annotations

from pathlib import Path

from game.roborally import events as ev
from tests.roborally.scenario_text import scenario_events

SCENARIO = """\
format: roborally-scenario/1
board:
  size: [6, 3]
  map: |
    .  .  .  .  .  .
    .  .  .  .  .  .
    .  ~  ~  .  .  .
  walls: [[2, 0, E], [4, 1, E], [2, 2, E]]
rules: {RR_ROBOT_LASERS: false}
robots:
  - {name: walled, at: [1, 0], facing: E}
  - {name: pusher, at: [2, 1], facing: E}
  - {name: stuck, at: [4, 1], facing: N}
  - {name: slider, at: [0, 2], facing: E}
program:
  walled: [move3:800]
  pusher: [move2:700]
  slider: [move1:500]
registers: 1
"""


def _blocked_events(tmp_path: Path) -> list[ev.MoveBlocked]:
    return [e for e in scenario_events(SCENARIO, tmp_path) if isinstance(e, ev.MoveBlocked)]


def test_a_wall_and_an_immovable_robot_each_end_a_move_with_an_event(tmp_path: Path) -> None:
    blocked = {e.name: (e.by, (e.at.x, e.at.y), e.direction) for e in _blocked_events(tmp_path)}
    # walled moves 1 square and meets the wall east of (2, 0): two steps are lost
    assert blocked["walled"] == ("wall", (2, 0), "E")
    # pusher reaches (3, 1), but stuck stands against a wall and cannot be pushed (RR-6.5)
    assert blocked["pusher"][0] == "robot"
    assert blocked["pusher"][1] == (3, 1)


def test_a_slide_cut_short_by_a_wall_is_told_too(tmp_path: Path) -> None:
    # CB-3.1.1: slider enters the oil at (1, 2), slides to (2, 2) and meets the wall there
    blocked = {e.name: (e.by, (e.at.x, e.at.y)) for e in _blocked_events(tmp_path)}
    assert blocked["slider"] == ("wall", (2, 2))
    assert "stuck" not in blocked
