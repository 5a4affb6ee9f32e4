"""A scenario reports all its problems in one run, not one per run (issue 17)."""

from __future__ import annotations

from pathlib import Path

from game.tools.check import check_file

RR_SCENARIO = """format: roborally-scenario/1
board: docking-bay
rules: {RR_TURBO: true}
robots:
  - {name: red, at: [40, 1], facing: N}
  - {name: blue, at: [3, 1], facing: sideways}
program:
  green: [move1]
expect:
  red: {colour: red}
"""

VOLT_SCENARIO = """format: volt-scenario/1
arena: pit-stop
robots:
  - {name: red, at: [1, 1]}
program:
  blue: [null, null, null]
expect:
  red: {at: [1, 1]}
speed: 3
"""


def test_a_roborally_scenario_reports_every_mistake_in_one_run(tmp_path: Path) -> None:
    path = tmp_path / "five-mistakes.yaml"
    path.write_text(RR_SCENARIO, encoding="utf-8")
    problems = [f"{p.line}:{p.column}: {p.message.partition(':')[0]}" for p in check_file(path)]
    assert problems == ["3:9: rules.RR_TURBO", "5:21: robots[0].at",
                        "6:38: robots[1].facing", "8:10: program.green", "10:9: expect.red.colour"]


def test_a_volt_scenario_reports_every_mistake_in_one_run(tmp_path: Path) -> None:
    path = tmp_path / "two-mistakes.yaml"
    path.write_text(VOLT_SCENARIO, encoding="utf-8")
    problems = [f"{p.line}:{p.column}: {p.message.partition(':')[0]}" for p in check_file(path)]
    assert problems == ["6:9: program.blue", "9:1: speed"]


RM_SCENARIO = """format: robot-master-scenario/1
rules: {RM_TURBO: true}
grid: |
  2 0 2 3 4
  5 1 0 1 4
  3 2 5 1 2
  1 3 2 0
  4 1 3 4 5
expect:
  winner: nobody
  margin: -1
colour: red
"""


def test_a_robot_master_scenario_reports_every_mistake_in_one_run(tmp_path: Path) -> None:
    path = tmp_path / "four-mistakes.yaml"
    path.write_text(RM_SCENARIO, encoding="utf-8")
    problems = [f"{p.line}:{p.column}: {p.message.partition(':')[0]}" for p in check_file(path)]
    assert problems == ["2:9: rules.RM_TURBO", "7:3: grid", "10:11: expect.winner",
                        "11:11: expect.margin", "12:1: colour"]
