"""A course can supply the docking bay for a board that has start squares of its own (issue
17): `starts: false` on the board's entry leaves its start squares out."""

from __future__ import annotations

from pathlib import Path

from game.core.types import Pos
from game.data.files import load_any
from game.tools.check import check_file

OWN_DOCKS = """format: roborally-board/1
name: Own Docks
size: [12, 3]
map: |
  .  .  .  .  .  .  .  .  .  .  .  .
  .  .  .  .  .  .  .  .  .  .  .  .
  S1 S2 .  .  .  .  .  .  .  .  .  .
elements:
  - {type: flag, number: 1, at: [6, 0]}
"""


def course(tmp_path: Path, entry_extra: str) -> Path:
    (tmp_path / "own-docks.yaml").write_text(OWN_DOCKS, encoding="utf-8")
    path = tmp_path / "course.yaml"
    path.write_text("format: roborally-course/1\nplayers: [2, 8]\nboards:\n"
                    f"  - {{board: own-docks, at: [0, 0]{entry_extra}}}\n"
                    "  - {board: docking-bay, at: [0, 3]}\n", encoding="utf-8")
    return path


def test_a_boards_own_start_squares_clash_with_the_docking_bay(tmp_path: Path) -> None:
    problems = [str(p) for p in check_file(course(tmp_path, ""))]
    assert problems and "start square 1 appears on more than one board" in problems[0]


def test_starts_false_lets_the_docking_bay_supply_them(tmp_path: Path) -> None:
    path = course(tmp_path, ", starts: false")
    assert check_file(path) == []
    board = load_any(path)[1].board
    assert len(board.starts) == 8 and all(s.at.y >= 3 for s in board.starts)
    assert board.flags == (Pos(6, 0),)
