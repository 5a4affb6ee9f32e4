"""The board view: every shipped board and course renders, the grid mapping round-trips at
any window size, beams stop at walls and shut doors and show the damage they deal, and
hovering names the elements."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import game.scenes.roborally.painting as painting
from game import i18n, paths
from game.core.types import Direction, Pos
from game.data.files import FileContext, load_any, read_format
from game.data.reader import Reader
from game.roborally.files import SIMULATORS
from game.roborally.model import Board, Conveyor, Floor, Gear, Laser, SwingDoor
from game.tools.render import render_file
from game.ui import theme
from game.ui.roborally_view import BoardGeometry, BoardView, describe_square, draw_board
from tests.roborally_scene.helpers import bots_named
from tests.ui.helpers import frame

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
    english = describe_square(board, Pos(2, 0))
    i18n.set_language("de")
    german = describe_square(board, Pos(2, 0))
    i18n.set_language("en")
    assert english[0][0].startswith("Express belt") or "express" in english[0][0].lower()
    assert english[0][1] and german[0][1] and english[0][1] != german[0][1]
    door = describe_square(board, Pos(3, 1))
    assert any("2 4" in name for name, _rule in door)
    gear = describe_square(board, Pos(3, 2))
    assert "counter-clockwise" in gear[0][0]


def test_gears_wear_the_printed_boards_colours_green_turns_right_red_turns_left() -> None:
    """A player of the cardboard game reads a gear by its colour before its arrows."""
    floor = {Pos(0, 0): Gear(True), Pos(1, 0): Gear(False)}
    board = Board("gears", 2, 1, floor, frozenset(), ())  # type: ignore[arg-type]
    tile = 60
    surface = pygame.Surface((2 * tile, tile))
    draw_board(surface, board, tile)

    def greenish_minus_reddish(x: int) -> int:
        pixels = [surface.get_at((x * tile + i, j)) for i in range(tile) for j in range(tile)]
        return (sum(1 for p in pixels if p.g > p.r + 60) - sum(1 for p in pixels if p.r > p.g + 60))

    assert greenish_minus_reddish(0) > tile * tile // 5
    assert greenish_minus_reddish(1) < -tile * tile // 5


@pytest.mark.parametrize(("west", "east"), [(1, 1), (2, 2), (2, 1), (3, 1), (1, 3)])
def test_every_beam_line_across_a_square_is_a_damage_point_there(
        tmp_path: Path, west: int, east: int) -> None:
    """RR-7.9 and docs/rulings.md: a two-way laser (same beam count both ways) is drawn as one
    beam and hits once; opposed lasers of different strength are drawn side by side and both
    hit. The board shows what the engine deals to a robot alone between them."""
    (tmp_path / "lasers.yaml").write_text(
        "format: roborally-board/1\nsize: [6, 3]\nelements:\n"
        f"  - {{type: laser, at: [0, 1], wall: W, beams: {west}}}\n"
        f"  - {{type: laser, at: [5, 1], wall: E, beams: {east}}}\n", encoding="utf-8")
    scenario = tmp_path / "robot.yaml"
    scenario.write_text("format: roborally-scenario/1\nboard: lasers\n"
                        "rules: {RR_ROBOT_LASERS: false}\n"
                        "robots: [{name: red, at: [3, 1]}]\nregisters: 1\n", encoding="utf-8")
    reader = Reader.from_file(scenario)
    fmt = read_format(reader, SIMULATORS, "simulate")
    damage = SIMULATORS[fmt](reader, FileContext.for_file(scenario)).state["red"]["damage"]

    _, board = load_any(tmp_path / "lasers.yaml")
    tile = 48
    surface = pygame.Surface((6 * tile, 3 * tile))
    draw_board(surface, board, tile, register=1)
    column = [surface.get_at((3 * tile + tile // 2, y))[:3] == theme.RR_BOARD_LASER
              for y in range(tile, 2 * tile)]
    lines = sum(1 for y in range(len(column)) if column[y] and (y == 0 or not column[y - 1]))
    assert lines == damage == (west if west == east else west + east)


def _drawn_tags(monkeypatch, place=None) -> list[pygame.Rect]:
    """The name tags drawn in one frame of a race of four long-named robots, after
    `place(scene)` has moved their pictures (the rules state stays as dealt)."""
    tags = []
    real = painting.draw_robot_token

    def recording(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        drawn = real(*args, **kwargs)
        tags.append(drawn.tag)
        return drawn
    monkeypatch.setattr(painting, "draw_robot_token", recording)
    names = ("Designer", "Christoph", "Anna-Lena", "Bo")
    services, scene = bots_named(names)
    if place is None:
        tags.clear()
        frame(services)
    else:   # drawn without a frame: a frame would play the bots' turn on
        frame(services)
        place(scene)
        scene.display.version += 1
        tags.clear()
        services.scenes.draw(services.window.surface)
    shown = [t for t in tags[-4:] if t is not None]
    assert len(shown) == 4
    return shown


def test_name_tags_of_robots_side_by_side_do_not_run_into_each_other(monkeypatch) -> None:
    """Four robots on neighbouring docks with long names: each tag keeps to its share of
    the row (cut with an ellipsis; the whole name is in the status row and on hover)."""
    shown = _drawn_tags(monkeypatch)
    assert not any(a.colliderect(b) for i, a in enumerate(shown) for b in shown[i + 1:])


def test_name_tags_meeting_between_two_rows_do_not_run_into_each_other(monkeypatch) -> None:
    """A robot facing north has its tag below it, one facing south above it: on squares
    diagonally next to each other their tags meet between the rows and share the way."""
    def diagonal(scene) -> None:
        for sprite, (x, y, angle) in zip(scene.display.sprites, ((3, 4, 0.0), (4, 5, 180.0),
                                                                 (8, 2, 90.0), (1, 8, 90.0))):
            sprite.x, sprite.y, sprite.angle = x, y, angle
    shown = _drawn_tags(monkeypatch, diagonal)
    assert not any(a.colliderect(b) for i, a in enumerate(shown) for b in shown[i + 1:])
