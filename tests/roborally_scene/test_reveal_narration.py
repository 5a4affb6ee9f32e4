"""RR-6.1 / RR-6.2: the log tells a register's revealed cards in one line, in the order the
robots act (highest priority first). It used to say one line per robot, in seat order:
eight lines a register at a table of eight, which the Cards panel shows anyway."""

from __future__ import annotations

from pathlib import Path

from game.i18n import speaking
from tests.roborally.scenario_text import scenario_events
from tests.roborally_scene.helpers import narrated

THREE = """\
format: roborally-scenario/1
board: {size: [8, 6]}
robots:
  - {name: red, at: [1, 1], facing: E}
  - {name: blue, at: [1, 3], facing: E}
  - {name: green, at: [1, 5], facing: E}
program:
  red: [move1:490, right:80]
  blue: [move2:700, move1:500]
  green: [left:90, back:430]
"""


def test_a_register_s_cards_are_one_line_in_the_order_the_robots_act(tmp_path: Path) -> None:
    display = narrated(scenario_events(THREE, tmp_path, registers=2), 3)
    told = [line.text() for line in display.log]
    assert told.count("— Register 1 —") == 1
    first = told[told.index("— Register 1 —") + 1]
    assert first == "Cards revealed: blue Move 2 (700), red Move 1 (490), green Rotate Left (90)."
    second = told[told.index("— Register 2 —") + 1]
    assert second == "Cards revealed: blue Move 1 (500), green Back Up (430), red Rotate Right (80)."
    assert not [line for line in told if " reveals " in line]
    with speaking("de"):
        german = [line.text() for line in display.log]
    assert any(line.startswith("Aufgedeckt: blue „") and line.index("red") < line.index("green")
               for line in german), german
