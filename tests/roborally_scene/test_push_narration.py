"""RR-6.5 / CB-6.19: the log tells who pushed a robot. The engine moves the front of a push
chain before its pusher, square by square, so read event by event the log said "Anna is pushed
to (9, 4)." before Ben's own move, and left the reader to work out that Ben did it."""

from __future__ import annotations

from pathlib import Path

from game.i18n import speaking
from game.roborally import events as ev
from game.scenes.roborally.status import robot_story
from tests.roborally.scenario_text import scenario_events
from tests.roborally_scene.helpers import narrated

PUSH = """\
format: roborally-scenario/1
board: {size: [8, 3]}
robots:
  - {name: red, at: [1, 1], facing: E}
  - {name: blue, at: [2, 1], facing: N}
  - {name: green, at: [3, 1], facing: N}
program:
  red: [move2:700]
  blue: [right:100]
  green: [left:90]
"""

PRESSOR = """\
format: roborally-scenario/1
board: {size: [8, 3]}
robots:
  - {name: red, at: [1, 1], facing: N, options: [pressor_beam]}
  - {name: blue, at: [4, 1], facing: N}
program:
  red: [right:80]
  blue: [right:90]
answers:
  red: [{weapon: pressor_beam}]
"""


PIT = """board:
  size: [8, 3]
  elements: [{type: pit, at: [4, 1]}]"""


def _told(events: list) -> list[str]:
    """The log lines a table shows for `events`."""
    return [line.text() for line in narrated(events, 3).log]


def test_a_push_is_told_in_its_pusher_s_move(tmp_path: Path) -> None:
    events = scenario_events(PUSH, tmp_path)
    pushes = [(e.name, e.by) for e in events if isinstance(e, ev.RobotMoved) and e.cause == "push"]
    assert pushes == [("green", "red"), ("blue", "red")] * 2, "front robot first, each square"
    told = _told(events)
    assert "red moves from (1, 1) to (3, 1) and pushes blue to (4, 1), green to (5, 1)." in told
    assert not [line for line in told if "blue to (3, 1)" in line or "is pushed" in line], \
        "one line for the whole move, where the robots ended"
    display = narrated(events, 3)
    with speaking("de"):
        assert "red fährt von (1, 1) nach (3, 1) und schiebt blue nach (4, 1), green nach " \
            "(5, 1)." in [line.text() for line in display.log]


def test_a_robot_s_story_includes_the_pushes_it_suffered(tmp_path: Path) -> None:
    display = narrated(scenario_events(PUSH, tmp_path), 3)
    story = robot_story(display.log, "green", display.turn)
    assert any("pushes blue to (4, 1), green to (5, 1)" in line for line in story), story


def test_a_push_into_a_pit_is_told_before_the_fall(tmp_path: Path) -> None:
    # RR-6.5 / RR-7.3: the pushed robot falls as it is pushed; its pusher moves after
    told = _told(scenario_events(PUSH.replace("board: {size: [8, 3]}", PIT), tmp_path))
    fall = told.index("green falls into a pit.")
    assert told.index("red pushes green to (4, 1).") < fall < told.index(
        "red moves from (1, 1) to (2, 1) and pushes blue to (3, 1).")


def test_a_weapon_s_push_names_the_shooter(tmp_path: Path) -> None:
    # CB-6.19 Pressor Beam: the target is pushed one square away from the shooter
    events = scenario_events(PRESSOR, tmp_path)
    assert any(isinstance(e, ev.RobotMoved) and e.cause == "weapon" for e in events)
    assert "red's shot moves blue to (5, 1)." in _told(events)


def test_a_ram_is_told_once_after_the_whole_move(tmp_path: Path) -> None:
    # CB-6.12: red's Ramming Gear damages blue on the first square it pushes it; the engine
    # reports the ram between that square's pushes and red's step, which once split the move
    # in two and told the first square's pushes on lines of their own
    rammer = PUSH.replace("{name: red, at: [1, 1], facing: E}",
                          "{name: red, at: [1, 1], facing: E, options: [ramming_gear]}")
    display = narrated(scenario_events(rammer, tmp_path), 3)
    told = [line.text() for line in display.log]
    move = told.index("red moves from (1, 1) to (3, 1) and pushes blue to (4, 1), green to "
                      "(5, 1).")
    assert told[move + 1:move + 3] == ["red rams blue (Ramming Gear).",
                                       "blue takes 1 damage (1 in all)."]
    assert not [line for line in told if "red pushes" in line or "uses Ramming" in line], told
    with speaking("de"):
        assert "red rammt blue (Rammbock)." in [line.text() for line in display.log]
