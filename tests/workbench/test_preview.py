"""The workbench (issue 9): a board file edited on disk shows in the running preview within a
second; a broken save keeps the last good picture and shows the messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.scenes.workbench import WorkbenchScene
from game.ui import theme
from tests.ui.helpers import frame, framed_in, headless_services

ARENA = """format: volt-arena/1
name: {name}
size: [6, 3]
map: |
  SN V1 V2 V3 .  SN
  .  V4 O  V5 V6 .
  SS .  .  .  .  SS
"""


def run_for(services, seconds: float) -> None:
    for _ in range(int(seconds * 60)):
        frame(services, dt=1 / 60)


def test_a_saved_change_shows_within_a_second_and_a_mistake_keeps_the_last_good_model(
        tmp_path: Path) -> None:
    path = tmp_path / "arena.yaml"
    path.write_text(ARENA.format(name="First"), encoding="utf-8")
    services = headless_services()
    scene = WorkbenchScene(services, path)
    services.scenes.push(scene)
    run_for(services, 0.1)
    assert scene.model.name == "First" and scene.problems == []

    path.write_text(ARENA.format(name="Second"),
                    encoding="utf-8")
    run_for(services, 1.0)
    assert scene.model.name == "Second"

    path.write_text(ARENA.format(name="Third").replace("V1", "Q"), encoding="utf-8")
    run_for(services, 1.0)
    assert scene.model.name == "Second"
    assert len(scene.problems) == 1 and scene.problems[0].startswith(f"{path}:")


BOARD = """format: roborally-board/1
name: {name}
size: [4, 3]
map: |
  S1 .  .  .
  .  .  O  .
  .  .  .  .
"""


@pytest.mark.parametrize("text, bad", [(ARENA, ("V4 O", "V4 Q")), (BOARD, (".  O", ".  Q"))],
                         ids=["arena", "board"])
def test_a_mistake_in_the_map_frames_its_square_beside_the_messages(
        tmp_path: Path, text: str, bad: tuple[str, str]) -> None:
    # the token at [2, 1] is broken: the messages stand beside the last good picture, not
    # over its first rows, and the square they name is framed in red on it
    path = tmp_path / "file.yaml"
    path.write_text(text.format(name="Good"), encoding="utf-8")
    services = headless_services((1280, 720))
    scene = WorkbenchScene(services, path)
    services.scenes.push(scene)
    run_for(services, 0.1)
    path.write_text(text.format(name="Broken").replace(*bad), encoding="utf-8")
    run_for(services, 1.0)
    assert len(scene.problems) == 1 and "row 1, column 2: unknown square 'Q'" in \
        scene.problems[0] and scene.problems[0].startswith(f"{path}:6:")
    picture = scene.picture_rect()
    assert picture is not None and not scene.problems_rect().colliderect(picture)
    rects, colour = scene.marked_squares()
    assert rects == [scene.square_rect((2, 1))] and colour == theme.DANGER
    assert framed_in(services.window.surface, rects[0], theme.DANGER)

    path.write_text(text.format(name="Mended"), encoding="utf-8")
    run_for(services, 1.0)
    assert scene.problems == [] and scene.marked_squares()[0] == []


COURSE = """format: roborally-course/1
name: Two Pieces
players: [1, 2]
boards:
  - {board: piece, at: [0, 0], rotate: 0}
  - {board: yard, at: [4, 0], rotate: 0}
flags: [[7, 2]]
"""


def test_a_mistake_in_a_board_the_course_names_frames_no_square_of_the_course(
        tmp_path: Path) -> None:
    # [2, 1] of the board file is no square of the course: the message names the board's
    # file, and no square of the course picture is framed as if it were there
    (tmp_path / "piece.yaml").write_text(BOARD.format(name="Piece"), encoding="utf-8")
    (tmp_path / "yard.yaml").write_text(BOARD.format(name="Yard").replace("S1", ". "),
                                        encoding="utf-8")
    path = tmp_path / "course.yaml"
    path.write_text(COURSE, encoding="utf-8")
    services = headless_services((1280, 720))
    scene = WorkbenchScene(services, path)
    services.scenes.push(scene)
    run_for(services, 0.1)
    assert scene.problems == [] and scene.picture_rect() is not None
    (tmp_path / "piece.yaml").write_text(BOARD.format(name="Piece").replace(".  O", ".  Q"),
                                         encoding="utf-8")
    scene.reload()
    run_for(services, 0.1)
    assert scene.problems and "piece.yaml" in scene.problems[0]
    assert scene.marked_squares()[0] == []


def test_hovering_names_the_square(tmp_path: Path) -> None:
    path = tmp_path / "arena.yaml"
    path.write_text(ARENA.format(name="Hover"), encoding="utf-8")
    services = headless_services()
    scene = WorkbenchScene(services, path)
    services.scenes.push(scene)
    run_for(services, 0.05)
    rect = scene.picture_rect()
    if rect is None:  # no view for this format yet: hovering has nothing to name
        assert scene.notice
        return
    cell_w, cell_h = rect.w / 6, rect.h / 3
    assert scene.square_at((int(rect.x + cell_w * 2.5), int(rect.y + cell_h * 1.5))) == (2, 1)


def test_a_roborally_board_names_the_elements_on_the_hovered_square() -> None:
    import pygame

    from game.core.types import Pos
    from game.paths import builtin_boards_dir
    path = builtin_boards_dir() / "roborally" / "laser-alley.yaml"
    services = headless_services()
    scene = WorkbenchScene(services, path)
    services.scenes.push(scene)
    run_for(services, 0.05)
    board = scene.board_view.board
    pit = next(p for p, e in sorted(board.floor.items()) if e.kind == "pit")
    centre = scene.board_view.cell_rect(Pos(*pit)).center
    run_for(services, 0.0)
    from tests.ui.helpers import frame as one_frame
    one_frame(services, [pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0),
                                            buttons=(0, 0, 0))])
    assert scene.hover == (pit.x, pit.y)
    names = [name for name, _rule in scene.board_view.describe(pit)]
    assert any("Pit" in n or "Grube" in n for n in names)
