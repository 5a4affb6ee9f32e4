"""Robot Master scenario files that are wrong get one exact message each, at the place of
the mistake (FORMATS.md, STYLE.md §8.11); `simulate` reports them without a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.data.errors import DataError
from game.data.files import FileContext, read_format, registry
from game.data.reader import Reader

ROOT = Path(__file__).resolve().parents[2]
HEAD = "format: robot-master-scenario/1\n"
GRID = "grid: |\n  5 0 2 3 1\n  3 3 0 1 4\n  5 5 2 2 1\n  2 2 2 3 4\n  0 0 0 4 4\n"


def run(tmp_path: Path, body: str) -> object:
    path = tmp_path / "case.yaml"
    path.write_text(HEAD + body, encoding="utf-8")
    reg = registry()
    r = Reader.from_file(path)
    fmt = read_format(r, reg.simulators, "simulate")
    return reg.simulators[fmt](r, FileContext.for_file(path))


@pytest.mark.parametrize(("body", "expected"), [
    ("grid: |\n  5 0 2 3 1\n  3 3 0 1\n  5 5 2 2 1\n  2 2 2 3 4\n  0 0 x 4 4\n",
     ["4:3: grid: row 2 has 4 cards; every row of the finished table has 5",
      "7:7: grid: row 5: 'x' is not allowed here; expected a card 0..5"]),
    ("grid: |\n  5 0 2 3 1\n  3 3 0 1 4\n",
     ["2:7: grid: expected 5 rows of 5 cards (the finished table, RM-4.4), got 2 rows"]),
    ("grid: |\n  5 5 5 5 5\n  5 0 0 0 1\n  1 1 1 5 0\n  0 2 2 2 2\n  3 3 3 3 4\n",
     ["5:9: grid: a 7th card of value 5; the deck has only 6 cards of each value (RM-2.1)"]),
    ("rules: {RM_FIVE_OF_A_KIND: true}\n" + GRID,
     ["2:9: rules.RM_FIVE_OF_A_KIND: unknown rule option 'RM_FIVE_OF_A_KIND'; Robot Master "
      "knows: RM_FIVE_KIND_UNIT_VALUES, RM_FIXED_CENTRE_START, RM_MARGIN_AT_DECIDING_RANK"]),
    ("rules: {RM_FIVE_KIND_UNIT_VALUES: yes please}\n" + GRID,
     ["2:35: rules.RM_FIVE_KIND_UNIT_VALUES: expected true or false, got 'yes please'"]),
    (GRID + "expect:\n  legal_cells: []\n",
     ["9:3: expect.legal_cells: unknown key 'legal_cells'; allowed here: columns, margin, "
      "rows, solo, winner"]),
    (GRID + "expect:\n  winner: row\n",
     ["9:11: expect.winner: 'row' is not allowed here; expected one of columns, rows, tie"]),
    (GRID + "expect:\n  rows: [11, 35]\n",
     ["9:9: expect.rows: a list of 2 items; allowed: 5..5 items"]),
    ("expect: {winner: rows}\n",
     ["1:1: give either 'grid' (a finished table to score) or 'table' (a table in play, to "
      "ask where the next card may go), not both or neither"]),
    ("table: |\n  3 . .\n  . . .\n",
     ["3:3: table: the card at [0, 0] is on the edge of the drawing; leave an empty cell "
      "('.') all round the cards so every legal cell can be named"]),
    ("table: |\n  . . . .\n  . 3 . .\n  . . 2 .\n  . . . .\n",
     ["2:8: table: the cards are not all connected side by side; every card is placed next "
      "to another (RM-4.2)"]),
    ("table: |\n  . . . . . . . .\n  . 1 2 3 4 5 0 .\n  . . . . . . . .\n",
     ["2:8: table: the cards span 6 × 1 cells; a table never grows beyond 5 × 5 (RM-4.3)"]),
    ("table: |\n  . . .\n  . 3 .\n  . . .\nexpect:\n  legal_cells: [[0, 1], [3, 1]]\n",
     ["7:25: expect.legal_cells[1]: [3, 1] is off the grid; allowed: x 0..2, y 0..2"]),
    ("rules: {RM_FIXED_CENTRE_START: true}\ntable: |\n  . . .\n  . 3 .\n  . . .\n",
     ["1:1: with RM_FIXED_CENTRE_START the frame is centred on the start card: name its "
      "cell with 'start: [x, y]'"]),
    ("start: [0, 0]\ntable: |\n  . . .\n  . 3 .\n  . . .\n",
     ["2:8: start: [0, 0] is an empty cell; 'start' names the start card's cell"]),
    (GRID + "expected: {winner: rows}\n",
     ["8:1: expected: unknown key 'expected'; allowed here: expect, format, grid, rules"]),
])
def test_bad_scenarios_point_at_the_mistake(tmp_path: Path, body: str,
                                            expected: list[str]) -> None:
    with pytest.raises(DataError) as excinfo:
        run(tmp_path, body)
    path = tmp_path / "case.yaml"
    assert [str(p) for p in excinfo.value.problems] == [f"{path}:{e}" for e in expected]


def test_a_mismatch_names_the_key_expected_and_got(tmp_path: Path) -> None:
    outcome = run(tmp_path, GRID + "expect:\n  margin: 2\n  winner: rows\n")
    assert outcome.mismatches == ["grid: margin expected 2, got 1"]      # type: ignore


def test_simulate_reports_a_bad_file_without_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(HEAD + "grid: |\n  9 9 9 9 9\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "main.py", "simulate", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert f"{path}:2:7: grid: expected 5 rows" in done.stderr
