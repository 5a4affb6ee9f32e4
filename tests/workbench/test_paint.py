"""Paint mode round-trips (issue 9): load, paint, save, load — the designer's comments, key
order and flow style survive, and `check` still passes on what it writes."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from game.core.types import Direction, Pos
from game.tools.board_edit import BoardDocument
from game.tools.check import check_file

BOARD = """# My first board: comments must survive painting.
format: roborally-board/1
name: Paint Shop   # shown in menus
size: [4, 3]
map: |
  .  .  C> .
  .  O  .  .
  S1 .  .  .
walls: [[1, 0, N]]   # one wall to start with
elements:
  - {type: laser, at: [3, 1], wall: E, beams: 1}   # fires west
"""


def paint(tmp_path: Path, edit) -> tuple[str, Path]:
    path = tmp_path / "paint-shop.yaml"
    path.write_text(BOARD, encoding="utf-8")
    doc = BoardDocument.open(path)
    edit(doc)
    doc.save(path)
    return path.read_text(encoding="utf-8"), path


def load_board(path: Path):
    from game.data.files import load_any
    return load_any(path)[1]


def test_painting_a_token_changes_one_row_and_keeps_everything_else(tmp_path: Path) -> None:
    text, path = paint(tmp_path, lambda d: d.set_token(3, 2, "G+"))
    assert check_file(path) == []
    assert text.splitlines()[:4] == BOARD.splitlines()[:4]
    assert "  S1 .  .  G+" in text
    assert "walls: [[1, 0, N]]   # one wall to start with" in text
    assert "  - {type: laser, at: [3, 1], wall: E, beams: 1}   # fires west" in text
    assert load_board(path).element_at(Pos(3, 2)).kind == "gear"


def test_a_board_saved_as_utf16_opens_paints_and_is_written_back_as_utf8(
        tmp_path: Path) -> None:
    """YAML readers read UTF-16 with its byte order mark (YAML 1.2, 5.2), as older Windows
    Notepads save "Unicode": the workbench opens such a board and writes it back as UTF-8,
    comments kept."""
    path = tmp_path / "paint-shop.yaml"
    path.write_bytes(codecs.BOM_UTF16_LE + BOARD.encode("utf-16-le"))
    assert check_file(path) == []
    doc = BoardDocument.open(path)
    doc.set_token(3, 2, "G+")
    doc.save(path)
    text = path.read_bytes().decode("utf-8")
    assert text.splitlines()[:4] == BOARD.splitlines()[:4]
    assert "  S1 .  .  G+" in text
    assert check_file(path) == []


def test_toggling_a_wall_accepts_either_spelling(tmp_path: Path) -> None:
    def edit(doc: BoardDocument) -> None:
        assert doc.toggle_wall(1, 0, Direction.N) is False     # removed
        assert doc.toggle_wall(2, 1, Direction.S) is True      # added
    text, path = paint(tmp_path, edit)
    assert check_file(path) == []
    board = load_board(path)
    assert not board.has_wall(Pos(1, 0), Direction.N)
    assert board.has_wall(Pos(2, 2), Direction.N)
    assert "# My first board: comments must survive painting." in text


def test_adding_a_mounted_element_uses_flow_style_and_loads(tmp_path: Path) -> None:
    def edit(doc: BoardDocument) -> None:
        doc.add_element({"type": "pusher", "at": [0, 1], "wall": "W", "registers": [2, 4]})
    text, path = paint(tmp_path, edit)
    assert check_file(path) == []
    assert "  - {type: pusher, at: [0, 1], wall: W, registers: [2, 4]}" in text
    mounted = load_board(path).mounted_at(Pos(0, 1))
    assert [m.kind for m in mounted] == ["pusher"]


def test_painting_twice_round_trips_to_the_same_text(tmp_path: Path) -> None:
    first, path = paint(tmp_path, lambda d: d.set_token(0, 0, "R2"))
    doc = BoardDocument.open(path)
    doc.set_token(0, 0, "R2")
    assert doc.dumps() == first


def workbench_in_paint_mode(path: Path, text: str):
    """The workbench on `path` (written with `text`), paint mode on: (services, scene)."""
    import pygame

    from game.scenes.workbench import WorkbenchScene
    from tests.ui.helpers import frame, headless_services, key

    path.write_text(text, encoding="utf-8")
    services = headless_services()
    scene = WorkbenchScene(services, path)
    services.scenes.push(scene)
    frame(services)
    frame(services, [key(pygame.K_p, "p")])
    assert scene.painting
    return services, scene


def test_paint_mode_in_the_workbench_paints_saves_and_shows_it(tmp_path: Path) -> None:
    import pygame

    from tests.ui.helpers import click, frame

    path = tmp_path / "paint-shop.yaml"
    services, scene = workbench_in_paint_mode(path, BOARD)
    gear = next(rect for tool, rect in scene.palette_rects() if tool == "G-")
    frame(services, click(gear.center))
    frame(services, click(scene.square_rect((2, 1)).center))
    board = getattr(scene.model, "board", scene.model)
    assert board.element_at(Pos(2, 1)).kind == "gear"
    assert "# My first board: comments must survive painting." in path.read_text(encoding="utf-8")
    frame(services, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL,
                                        unicode="", scancode=0)])
    assert path.read_text(encoding="utf-8") == BOARD


ARENA = (Path(__file__).parents[2] / "boards" / "volt" / "crossfire.yaml").read_text(
    encoding="utf-8")


@pytest.mark.parametrize(("text", "tools", "on_the_board"),
                         [(BOARD, ("O", "E>", "G+", "R2", "S3"), ("C>", (2, 0))),
                          (ARENA, ("O", "W", "V4", "SE"), ("V4", (6, 6)))])
def test_the_palette_shows_the_square_each_map_tool_paints(
        tmp_path: Path, text: str, tools: tuple[str, ...],
        on_the_board: tuple[str, tuple[int, int]]) -> None:
    import pygame

    from game.scenes.workbench import TOOL_PICTURES

    services, scene = workbench_in_paint_mode(tmp_path / "paint-shop.yaml", text)
    screen = services.window.surface
    rects = dict(scene.palette_rects())
    for tool in tools:
        rect = rects[tool]
        picture = TOOL_PICTURES[scene.format](tool, rect.h)
        # the upper left quarter: clear of the frame's line and the code in the corner
        inner = pygame.Rect(2, 2, rect.w // 2 - 2, rect.h // 2 - 2)
        same = sum(screen.get_at((rect.x + x, rect.y + y)) == picture.get_at((x, y))
                   for x in range(inner.x, inner.right) for y in range(inner.y, inner.bottom))
        assert same == inner.w * inner.h, tool
    # and that picture is the square as the board beside it draws the token
    token, square = on_the_board
    drawn = scene.square_rect(square)
    picture = TOOL_PICTURES[scene.format](token, drawn.w)
    inner = drawn.inflate(-6, -6)
    assert all(screen.get_at((x, y)) == picture.get_at((x - drawn.x, y - drawn.y))
               for x in range(inner.x, inner.right) for y in range(inner.y, inner.bottom))


def test_a_refused_stroke_names_the_file_without_its_folder(tmp_path: Path) -> None:
    """The status line is one line: the refusal's place names the file as the panels do,
    `paint-shop.yaml:LINE:COLUMN`, not behind the whole folder path."""
    from tests.ui.helpers import click, frame

    path = tmp_path / "paint-shop.yaml"
    services, scene = workbench_in_paint_mode(path, BOARD)
    start = next(rect for tool, rect in scene.palette_rects() if tool == "S3")
    frame(services, click(start.center))
    frame(services, click(scene.square_rect((2, 1)).center))
    assert scene.edit_message == ""
    frame(services, click(scene.square_rect((3, 2)).center))
    assert scene.edit_message.startswith("Not painted: paint-shop.yaml:"), scene.edit_message
    assert "start square 3 is given twice" in scene.edit_message
    assert str(tmp_path) not in scene.edit_message
