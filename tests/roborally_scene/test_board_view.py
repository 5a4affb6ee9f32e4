"""The board view: every shipped board and course renders, the grid mapping round-trips at
any window size, beams stop at walls and shut doors, and hovering names the elements."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import i18n, paths
from game.core.types import Direction, Pos
from game.roborally.model import Board, Conveyor, Floor, Gear, Laser, SwingDoor
from game.tools.render import render_file
from game.ui.roborally_view import BoardGeometry, BoardView, describe_square

SHIPPED = sorted((paths.builtin_boards_dir() / "roborally").glob("*.yaml"))
DRAWABLE = [p for p in SHIPPED if "format: roborally-board/1" in p.read_text(encoding="utf-8")
            or "format: roborally-course/1" in p.read_text(encoding="utf-8")]


@pytest.mark.parametrize("path", DRAWABLE, ids=lambda p: p.stem)
def test_every_shipped_board_and_course_renders(path: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.png"
    assert render_file(path, out) == 0
    picture = pygame.image.load(str(out))
    assert picture.get_width() > 200 and picture.get_height() > 200


def _board() -> Board:
    floor = {Pos(x, y): Floor() for y in range(3) for x in range(6)}
    floor[Pos(2, 0)] = Conveyor(Direction.E, express=True)
    floor[Pos(3, 2)] = Gear(False)
    mounted = ((Pos(0, 1), Laser(Direction.W, 2)), (Pos(3, 1), SwingDoor(Direction.E, frozenset({2, 4}))))
    return Board("t", 6, 3, floor, frozenset({(0, 1, Direction.W)}), mounted)  # type: ignore[arg-type]


def test_beams_stop_at_shut_doors_and_pass_open_ones() -> None:
    geo = BoardGeometry(_board())
    shut = geo.beams(1)[0]
    open_ = geo.beams(2)[0]
    assert shut.squares == tuple(Pos(x, 1) for x in range(4))
    assert open_.squares == tuple(Pos(x, 1) for x in range(6)) and open_.beams == 2


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (800, 600)])
def test_screen_and_grid_map_both_ways(size: tuple[int, int]) -> None:
    view = BoardView(_board())
    view.layout(pygame.Rect(10, 60, size[0] - 500, size[1] - 70))
    assert view.tile >= 20
    for p in _board().floor:
        assert view.pos_at(view.cell_rect(p).center) == p
    assert view.pos_at((0, 0)) is None


def test_hovering_names_elements_and_rules_in_both_languages() -> None:
    board = _board()
    try:
        i18n.set_language("en")     # an earlier test may have left German on
        english = describe_square(board, Pos(2, 0))
        i18n.set_language("de")
        german = describe_square(board, Pos(2, 0))
    finally:
        i18n.set_language("en")
    assert english[0][0].startswith("Express belt") or "express" in english[0][0].lower()
    assert english[0][1] and german[0][1] and english[0][1] != german[0][1]
    door = describe_square(board, Pos(3, 1))
    assert any("2 4" in name for name, _rule in door)
    gear = describe_square(board, Pos(3, 2))
    assert "counter-clockwise" in gear[0][0]
