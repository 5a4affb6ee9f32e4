"""Paint mode's new tools (issue 17): start squares 5–8, flags, pushers, lasers, portals,
doors and flamers, each written so that `check` passes, and a second click removes it."""

from __future__ import annotations

from pathlib import Path

from game.core.types import Direction, Pos
from game.data.files import load_any
from game.roborally.model import Burner, Laser, Portal, Pusher, SwingDoor
from game.tools.board_edit import BoardDocument
from game.tools.check import check_file
from game.tools.paint_tools import PALETTES, paint
from tests.ui.helpers import click, frame
from tests.workbench.test_paint import workbench_in_paint_mode

BOARD = """format: roborally-board/1
name: Paint Shop
size: [4, 3]
map: |
  .  .  .  .
  .  .  .  .
  S1 .  .  .
"""


def painted(tmp_path: Path, *strokes: tuple[str, int, int, Direction]):
    path = tmp_path / "paint-shop.yaml"
    if not path.exists():
        path.write_text(BOARD, encoding="utf-8")
    for tool, x, y, side in strokes:
        doc = BoardDocument.open(path)
        paint(doc, tool, x, y, side)
        assert doc.problems(path) == [], (tool, doc.problems(path))
        doc.save(path)
    assert check_file(path) == []
    return load_any(path)[1], path


def test_the_palette_has_every_tool_the_issue_asks_for() -> None:
    tools = PALETTES["roborally-board/1"]
    for tool in ("S5", "S6", "S7", "S8", "flag", "pusher", "laser", "portal", "swing_door",
                 "burner"):
        assert tool in tools


def test_start_squares_five_to_eight(tmp_path: Path) -> None:
    board, _ = painted(tmp_path, ("S5", 0, 0, Direction.N), ("S8", 3, 0, Direction.N))
    assert {s.number: s.at for s in board.starts} == {1: Pos(0, 2), 5: Pos(0, 0), 8: Pos(3, 0)}


def test_flags_are_numbered_in_order_and_renumbered_when_one_is_removed(tmp_path: Path) -> None:
    board, path = painted(tmp_path, ("flag", 1, 1, Direction.N), ("flag", 2, 0, Direction.N),
                          ("flag", 3, 2, Direction.N))
    assert board.flags == (Pos(1, 1), Pos(2, 0), Pos(3, 2))
    board, _ = painted(tmp_path, ("flag", 1, 1, Direction.N))
    assert board.flags == (Pos(2, 0), Pos(3, 2))


def test_wall_mounted_elements_go_on_the_clicked_side(tmp_path: Path) -> None:
    board, _ = painted(tmp_path, ("pusher", 1, 1, Direction.W), ("laser", 2, 0, Direction.N),
                       ("swing_door", 3, 1, Direction.E))
    mounted = {(p, type(e)): e.wall for p, e in board.mounted}
    assert mounted == {(Pos(1, 1), Pusher): Direction.W, (Pos(2, 0), Laser): Direction.N,
                       (Pos(3, 1), SwingDoor): Direction.E}
    board, _ = painted(tmp_path, ("laser", 2, 0, Direction.N))      # again: removed
    assert not any(isinstance(e, Laser) for _, e in board.mounted)


def test_portals_come_in_pairs_and_flamers_burn(tmp_path: Path) -> None:
    board, _ = painted(tmp_path, ("portal", 0, 0, Direction.N), ("portal", 3, 2, Direction.N),
                       ("portal", 1, 0, Direction.N), ("burner", 2, 2, Direction.N))
    portals = {p: board.element_at(p).color for p in (Pos(0, 0), Pos(3, 2), Pos(1, 0))}
    assert portals[Pos(0, 0)] == portals[Pos(3, 2)] != portals[Pos(1, 0)]
    assert isinstance(board.element_at(Pos(0, 0)), Portal)
    assert isinstance(board.element_at(Pos(2, 2)), Burner)


def test_painting_a_flag_in_the_workbench_by_clicks(tmp_path: Path) -> None:
    path = tmp_path / "paint-shop.yaml"
    services, scene = workbench_in_paint_mode(path, BOARD)
    flag_button = dict(scene.palette_rects())["flag"]
    frame(services, click(flag_button.center))
    assert scene.tool == "flag"
    frame(services, click(scene.square_rect((2, 1)).center))
    assert load_any(path)[1].flags == (Pos(2, 1),)
