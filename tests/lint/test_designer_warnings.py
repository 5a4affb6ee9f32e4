"""`check` warns (without failing) about legal but unlikely designs (RR-3.2, issue 9)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.tools.check import check_file

ROOT = Path(__file__).resolve().parents[2]

HEAD = "format: roborally-board/1\nname: Lint\nsize: [4, 4]\n"
CASES = {
    "flag-on-conveyor": (
        "map: |\n  S1 .  .  .\n  .  C> .  .\n  .  .  .  .\n  .  .  .  .\n"
        "elements:\n  - {type: flag, number: 1, at: [1, 1]}\n",
        "flag 1 at [1, 1] lies on a conveyor; robots are carried off it (RR-3.2 allows it, "
        "but is it meant?)"),
    "start-facing-wall": (
        "map: |\n  .  .  .  .\n  .  S1 .  .\n  .  .  .  .\n  .  .  .  .\nwalls: [[1, 1, N]]\n",
        "start square 1 at [1, 1] faces N into a wall or the course edge"),
    "laser-into-pits": (
        "map: |\n  .  .  .  .\n  O  O  O  O\n  .  .  .  .\n  .  .  .  .\n"
        "elements:\n  - {type: laser, at: [0, 1], wall: W, beams: 1}\n"
        "walls: [[0, 1, N], [1, 1, N], [2, 1, N], [3, 1, N]]\n",
        "the laser at [0, 1] can never hit a robot: every square of its beam is a pit or off "
        "the course"),
    "unreachable-flag": (
        "map: |\n  S1 .  O  .\n  .  .  O  .\n  .  .  O  .\n  .  .  O  .\n"
        "elements:\n  - {type: flag, number: 1, at: [3, 3]}\n",
        "flag 1 at [3, 3] cannot be reached from the start squares (walls and pits close it off)"),
    "lonely-portal": (
        "map: |\n  .  .  .  .\n  .  .  .  .\n  .  .  .  .\n  .  .  .  .\n"
        "elements:\n  - {type: portal, at: [2, 2], color: blue}\n",
        "portal colour 'blue' has 1 square(s) ([2, 2]); a course needs exactly two of each "
        "colour (CB-3.2)"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_lint_has_a_file_that_triggers_it(tmp_path: Path, name: str) -> None:
    body, expected = CASES[name]
    path = tmp_path / f"{name}.yaml"
    path.write_text(HEAD + body, encoding="utf-8")
    warnings: list[str] = []
    assert check_file(path, warnings) == []
    assert warnings == [f"{path}: warning: {expected}"]


def test_warnings_are_printed_and_check_still_passes(tmp_path: Path) -> None:
    body, expected = CASES["lonely-portal"]
    path = tmp_path / "portal.yaml"
    path.write_text(HEAD + body, encoding="utf-8")
    result = subprocess.run([sys.executable, "main.py", "check", str(path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    assert expected in result.stdout


def test_a_clean_board_has_no_warnings(tmp_path: Path) -> None:
    path = tmp_path / "clean.yaml"
    path.write_text(HEAD + "map: |\n  S1 .  .  .\n  .  .  .  .\n  .  .  .  .\n  .  .  .  .\n"
                    "elements:\n  - {type: flag, number: 1, at: [3, 3]}\n", encoding="utf-8")
    warnings: list[str] = []
    assert check_file(path, warnings) == [] and warnings == []
