"""A Robot Master scenario has a picture (`python main.py render`, and the workbench when the
scenario is opened on its own): the cards as the file draws them, the cells where the next
card may go (RM-4), a finished grid's line scores and its winner (RM-5, RM-6). Before, the
workbench said "valid but has no picture yet" and render refused the file."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.core.types import Pos
from game.data.files import FileContext
from game.data.reader import Reader
from game.i18n import speaking
from game.robotmaster.files import ScenarioTable, scenario_table
from game.scenes.robotmaster.scenario_picture import (
    badge_rects, cell_rect, headline, render_scenario_table)
from game.tools.render import render_file
from game.ui import theme
from tests.workbench.test_designer_loop import open_file

GRID = """\
format: robot-master-scenario/1
grid: |
  5 0 2 3 1
  3 3 0 1 4
  5 5 2 2 1
  4 4 4 2 3
  1 1 1 2 2
"""

# RM-4.3: the frame is 5 wide, so beside the full row of five no card may go
TABLE = """\
format: robot-master-scenario/1
table: |
  . . . . . . .
  . 2 2 2 2 2 .
  . . . . . . .
"""


def _table(text: str, tmp_path: Path) -> ScenarioTable:
    path = tmp_path / "scenario.yaml"
    path.write_text(text, encoding="utf-8")
    r = Reader.from_file(path)
    r.text("format")
    table = scenario_table(r, FileContext.for_file(path)).ground
    assert isinstance(table, ScenarioTable)
    return table


def _looks_alike(picture: pygame.Surface, a: pygame.Rect, b: pygame.Rect) -> bool:
    """Whether two cells look the same, away from their edges (the felt's rim)."""
    a, b = a.inflate(-16, -16), b.inflate(-16, -16)
    return all(picture.get_at(a.move(dx, dy).topleft) == picture.get_at(b.move(dx, dy).topleft)
               for dx in range(0, a.w, 4) for dy in range(0, a.h, 4))


def test_a_table_in_play_shows_where_the_next_card_may_go(tmp_path: Path) -> None:
    table = _table(TABLE, tmp_path)
    assert table.legal_cells == tuple(Pos(x, y) for x in range(1, 6) for y in (0, 2))
    picture = render_scenario_table(table)
    above, beside, corner = Pos(3, 0), Pos(6, 1), Pos(0, 0)
    assert _looks_alike(picture, cell_rect(table, beside), cell_rect(table, corner)), \
        "no card may go beside the full row: bare felt, as in the corner"
    assert not _looks_alike(picture, cell_rect(table, above), cell_rect(table, corner)), \
        "a legal cell is framed"
    assert headline(table) == "The next card may go on 10 cells."
    with speaking("de"):
        assert headline(table) == "Für die nächste Karte sind 10 Felder erlaubt."


def test_a_finished_grid_shows_its_scores_lowest_lines_and_winner(tmp_path: Path) -> None:
    table = _table(GRID, tmp_path)
    assert table.result is not None
    assert table.result.rows == (11, 35, 71, 105, 120)      # RULES.md WE-RM-01 to 05
    assert headline(table) == "The columns win by 2. Solo score 11."
    with speaking("de"):
        assert headline(table) == "Die Spalten gewinnen, Differenz 2. Solo-Punkte 11."
    picture = render_scenario_table(table)
    rows, columns = badge_rects(table)

    def marked_lowest(badge: pygame.Rect) -> bool:
        return any(picture.get_at((x, y))[:3] == theme.DANGER
                   for x in range(badge.x, badge.right) for y in range(badge.y, badge.bottom))

    # each side's lowest line, where RM-6 compares them: row 1 (11) and column 2 (13)
    assert [marked_lowest(b) for b in rows] == [True, False, False, False, False]
    assert [marked_lowest(b) for b in columns] == [False, True, False, False, False]


@pytest.mark.parametrize("text", [GRID, TABLE])
def test_render_draws_a_robot_master_scenario(text: str, tmp_path: Path) -> None:
    path = tmp_path / "scenario.yaml"
    path.write_text(text, encoding="utf-8")
    assert render_file(path, tmp_path / "out.png") == 0
    assert pygame.image.load(str(tmp_path / "out.png")).get_width() > 500


def test_render_of_a_broken_scenario_says_where(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "scenario.yaml"
    path.write_text(TABLE.replace(". 2 2 2 2 2 .", ". 2 2 . 2 2 ."), encoding="utf-8")
    assert render_file(path, tmp_path / "out.png") == 2
    assert "scenario.yaml:2" in capsys.readouterr().err and not (tmp_path / "out.png").exists()


def test_the_workbench_draws_a_robot_master_scenario_opened_on_its_own(tmp_path: Path) -> None:
    path = tmp_path / "lines.yaml"
    path.write_text(GRID, encoding="utf-8")
    _services, scene = open_file(path)
    assert not scene.notice and scene.picture is not None
    shown = scene.picture_rect()
    assert shown is not None and shown.w > 400
