"""Boards are drawn as the engine will play them: every turn a belt makes is drawn as a
curve (RR-7.5.9), and every register label on a busy square stays readable, on every shipped
board and course and on the designer's corner cases (a belt loop, a river bend, a press room
with two doors and a crusher)."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import paths
from game.cli import main as cli_main
from game.core.types import Direction, Pos
from game.data.files import load_any
from game.roborally import events as ev
from game.roborally.engine import Engine, GameOver
from game.roborally.layout import Layout
from game.roborally.model import (
    Board, Burner, Conveyor, Course, Crusher, Floor, Laser, Portal, Pusher, SwingDoor)
from game.scenes.roborally.courses import demo_setup
from game.scenes.roborally.entry import start
from game.scenes.roborally.table import FactoryScene
from game.scenes.workbench import WorkbenchScene
from game.ui import theme
from game.ui.board_labels import SMALLEST_TILE as SMALLEST_LABELLED_TILE
from game.ui.portal_look import portal_colour
from game.tools.render import render_file
from game.ui.roborally_render import RENDER_TILE, legend_entries
from game.ui.volt_view import render_arena
from game.volt.data import load_arena
from game.ui.roborally_view import BoardView
from tests.ui.helpers import frame, headless_services

SHIPPED = sorted((paths.builtin_boards_dir() / "roborally").glob("*.yaml"))
DRAWABLE = [p for p in SHIPPED if "format: roborally-board/1" in p.read_text(encoding="utf-8")
            or "format: roborally-course/1" in p.read_text(encoding="utf-8")]

HEAD = "format: roborally-board/1\n"
BELT_LOOP = HEAD + """name: Belt loop
size: [5, 4]
map: |
  .  C> C> Cv .
  .  C^ O  Cv .
  .  C^ C< C< .
  .  .  .  .  .
"""
RIVER_BEND = HEAD + """name: River bend
size: [6, 5]
map: |
  Ev .  .  .  .  .
  Ev .  .  .  .  .
  E> E> E> Ev .  .
  .  .  C> Ev C< .
  .  .  .  Ev .  .
"""
PRESS_ROOM = HEAD + """name: Press room
size: [5, 5]
map: |
  .  .  .  .  .
  .  .  .  .  .
  .  C> X  .  .
  .  .  .  .  .
  .  .  .  .  .
elements:
  - {type: swing_door, at: [2, 2], wall: N, open: [1, 3, 5]}
  - {type: swing_door, at: [2, 2], wall: S, open: [2, 4]}
  - {type: swing_door, at: [2, 2], wall: E, open: [5]}
  - {type: crusher, at: [2, 1], registers: [1, 3, 5]}
  - {type: laser, at: [0, 1], wall: W, beams: 2}
  - {type: pusher, at: [3, 2], wall: W, registers: [2, 4]}
"""
CORNER_CASES = {"belt-loop": BELT_LOOP, "river-bend": RIVER_BEND, "press-room": PRESS_ROOM}


def _board(model: object) -> Board:
    board = model.board if isinstance(model, Course) else model
    assert isinstance(board, Board)
    return board


def _corner_case(name: str, tmp_path: Path) -> Board:
    path = tmp_path / f"{name}.yaml"
    path.write_text(CORNER_CASES[name], encoding="utf-8")
    return _board(load_any(path)[1])


def _all_boards(tmp_path: Path) -> list[tuple[str, Board]]:
    boards = [(p.stem, _board(load_any(p)[1])) for p in DRAWABLE]
    return boards + [(name, _corner_case(name, tmp_path)) for name in CORNER_CASES]


def _carried_turn(board: Board, src: Pos) -> tuple[Pos, int] | None:
    """Where the engine's belt carries a lone robot from `src` first, and how many quarter
    turns clockwise it makes on arriving; None when it is not carried onto a square."""
    layout = Layout(board)
    sq = layout.index(src)
    d = board.floor[src].dir.index  # type: ignore[union-attr]
    # a swing door on the way may be shut: run a register in which the edge is open
    register = next((k for k in range(1, 6) if not layout.walls[k][sq] & (1 << d)), None)
    if register is None:
        return None
    engine = Engine(layout, ["probe"], {"RR_ROBOT_LASERS": False}, (("", 0),))
    robot = engine.robots[0]
    robot.sq, robot.facing = sq, 0
    engine.occ[sq] = 0
    try:
        engine.run_register(register)
    except GameOver:
        pass
    events = engine.events
    for k, e in enumerate(events):
        if isinstance(e, ev.RobotMoved) and e.src == src and e.cause.endswith("conveyor"):
            if not board.on_course(e.dst):
                return None
            turned = events[k + 1] if k + 1 < len(events) else None
            if isinstance(turned, ev.RobotTurned) and turned.cause == "conveyor":
                return e.dst, (Direction(turned.after).index - Direction(turned.before).index) % 4
            return e.dst, 0
    return None


def test_every_belt_entry_drawn_is_the_turn_the_engine_makes(tmp_path: Path) -> None:
    """RR-7.5.9 on every shipped board and course and the corner cases: a robot carried from
    each belt square arrives where the drawing has an entry, turning as the drawing says."""
    checked_turns = 0
    for name, board in _all_boards(tmp_path):
        drawn = BoardView(board).geometry.belt_entries
        for src, element in board.floor.items():
            if not isinstance(element, Conveyor):
                continue
            carried = _carried_turn(board, src)
            dst = src.step(element.dir)
            entry = next((e for e in drawn.get(dst, ()) if e.side is element.dir.opposite), None)
            if carried is None or not isinstance(board.floor.get(carried[0]), Conveyor):
                assert entry is None, f"{name}: {src} -> {dst} drawn as a feed the engine never carries"
                continue
            assert carried[0] == dst
            assert entry is not None, f"{name}: belt {src} feeds {dst}, but no entry is drawn"
            assert entry.turn == carried[1], f"{name}: {src} -> {dst}"
            checked_turns += bool(entry.turn)
    assert checked_turns >= 20    # the shipped boards are full of bends and merges


TILE = 48


def _picture(board: Board) -> pygame.Surface:
    view = BoardView(board)
    view.layout(pygame.Rect(0, 0, board.width * TILE, board.height * TILE))
    return view.layer(None)


def _at(picture: pygame.Surface, square: Pos, fx: float, fy: float) -> tuple[int, int, int]:
    """The colour at the fraction (fx, fy) of `square` (0, 0 its north-west corner)."""
    colour = picture.get_at((int((square.x + fx) * TILE), int((square.y + fy) * TILE)))
    return (colour.r, colour.g, colour.b)


def test_a_bend_is_drawn_as_a_curve_and_a_straight_belt_as_a_band(tmp_path: Path) -> None:
    """The loop's north-west corner (fed from the south, out to the east: a right turn)
    shows a band from its south side round to its east side with an arrow along it; its
    west side and far corner stay floor. A straight square shows its band end to end."""
    picture = _picture(_corner_case("belt-loop", tmp_path))
    bend = Pos(1, 0)
    assert _at(picture, bend, 0.3, 0.97) == theme.RR_BELT     # in from the south
    assert _at(picture, bend, 0.97, 0.3) == theme.RR_BELT     # out to the east
    assert _at(picture, bend, 0.03, 0.5) != theme.RR_BELT     # no band to the west
    assert _at(picture, bend, 0.1, 0.1) != theme.RR_BELT      # the outside of the curve is floor
    # the arrow follows the curve: its shaft crosses the curve's middle, round the SE corner
    middle = 0.5 * math.cos(math.pi / 4)
    assert _at(picture, bend, 1 - middle, 1 - middle) == theme.RR_BELT_DARK
    straight = Pos(1, 1)
    assert _at(picture, straight, 0.5, 0.03) == theme.RR_BELT
    assert _at(picture, straight, 0.5, 0.97) == theme.RR_BELT
    assert _at(picture, straight, 0.03, 0.5) != theme.RR_BELT


def test_a_merge_shows_the_straight_path_and_a_curve_from_each_side(tmp_path: Path) -> None:
    """The river's merge square (2, 3) -> (3, 3): the express river comes from the north, a
    normal belt from the west (turning right) and one from the east (turning left)."""
    board = _corner_case("river-bend", tmp_path)
    merge = Pos(3, 3)
    entries = {e.side: e.turn for e in BoardView(board).geometry.belt_entries[merge]}
    assert entries == {Direction.N: 0, Direction.W: 1, Direction.E: 3}
    picture = _picture(board)
    for side in (Direction.N, Direction.W, Direction.E, Direction.S):
        dx, dy = side.delta
        # beside the arrows' shafts, which run along the middle of each band
        assert _at(picture, merge, 0.5 + dx * 0.47 + dy * 0.2, 0.5 + dy * 0.47 + dx * 0.2
                   ) == theme.RR_EXPRESS
    middle = 0.5 * math.cos(math.pi / 4)
    for corner_x in (middle, 1 - middle):        # both curves reach round to the south exit
        assert _at(picture, merge, corner_x, 1 - middle) == theme.RR_EXPRESS_DARK


# -- labels ------------------------------------------------------------------------------------

def _labels_expected(board: Board) -> int:
    """Crushers, flamers, pushers, swing doors and portals each carry one label."""
    return (sum(isinstance(e, (Crusher, Burner, Portal)) for e in board.floor.values())
            + sum(isinstance(m, (Pusher, SwingDoor)) for _p, m in board.mounted))


def _assert_readable(name: str, view: BoardView) -> None:
    """No two label boxes overlap; each lies on the board, touches its own square and is
    drawn at a legible size."""
    placed = view.labels()
    assert view.tile >= SMALLEST_LABELLED_TILE
    assert len(placed) == _labels_expected(view.board), name
    board_rect = pygame.Rect(0, 0, view.board.width * view.tile, view.board.height * view.tile)
    for k, one in enumerate(placed):
        square = pygame.Rect(one.label.square.x * view.tile, one.label.square.y * view.tile,
                             view.tile, view.tile)
        assert board_rect.contains(one.rect), f"{name}: {one.label} leaves the board"
        assert one.rect.colliderect(square), f"{name}: {one.label} strays from its square"
        assert one.font_px >= 8
        for other in placed[k + 1:]:
            assert not one.rect.colliderect(other.rect), \
                f"{name}: {one.label.text!r} at {one.label.square} overlaps " \
                f"{other.label.text!r} at {other.label.square}"


def _factory_view(stem: str) -> BoardView:
    services = headless_services((1280, 720))
    scene = start(services, demo_setup(stem, humans=0, bots=2, seed=3))
    assert isinstance(scene, FactoryScene)
    services.scenes.push(scene)
    services.scenes.apply_pending()
    frame(services)
    return scene.view


COURSES = [p for p in DRAWABLE if "format: roborally-course/1" in p.read_text(encoding="utf-8")]


SMALLEST_TILE = 22
"""The smallest squares the game draws at 1280×720 (the largest shipped course); checked
against the game by `smallest_game_tile`."""


@pytest.fixture(scope="module")
def smallest_game_tile() -> int:
    """The smallest squares the game draws at 1280×720: the largest shipped course."""
    tile = min(_factory_view(p.stem).tile for p in COURSES)
    assert tile >= SMALLEST_TILE, "a shipped course now draws smaller squares: lower SMALLEST_TILE"
    return tile


@pytest.mark.parametrize("path", COURSES, ids=lambda p: p.stem)
def test_no_labels_overlap_on_a_shipped_course_in_the_game_at_1280x720(path: Path) -> None:
    _assert_readable(path.stem, _factory_view(path.stem))


@pytest.mark.parametrize("path", DRAWABLE, ids=lambda p: p.stem)
def test_no_labels_overlap_in_the_workbench_at_1280x720(path: Path) -> None:
    services = headless_services((1280, 720))
    scene = WorkbenchScene(services, path)
    services.scenes.push(scene)
    services.scenes.apply_pending()
    frame(services)
    assert scene.board_view is not None
    _assert_readable(path.stem, scene.board_view)


@pytest.mark.parametrize("name", sorted(CORNER_CASES))
def test_corner_case_labels_stay_apart_at_the_smallest_tile(
        name: str, tmp_path: Path, smallest_game_tile: int) -> None:
    board = _corner_case(name, tmp_path)
    for tile in (smallest_game_tile, RENDER_TILE):
        view = BoardView(board)
        view.layout(pygame.Rect(0, 0, board.width * tile, board.height * tile))
        _assert_readable(f"{name} at {tile} px", view)


def test_labels_are_drawn_over_beams_and_by_their_elements(
        tmp_path: Path, smallest_game_tile: int) -> None:
    """The press room at the smallest tile: the 2-beam laser crosses the crusher (2, 1), but
    no beam pixel lies inside its label; the doors' labels sit on their own sides."""
    board = _corner_case("press-room", tmp_path)
    view = BoardView(board)
    tile = smallest_game_tile
    view.layout(pygame.Rect(0, 0, board.width * tile, board.height * tile))
    picture = view.layer(1)
    by_text = {(p.label.square, p.label.text): p.rect for p in view.labels()}
    crusher = by_text[(Pos(2, 1), "1 3 5")]
    beam_pixels = [(x, y) for x in range(crusher.left, crusher.right)
                   for y in range(crusher.top, crusher.bottom)
                   if tuple(picture.get_at((x, y)))[:3] == theme.RR_BOARD_LASER]
    assert beam_pixels == []
    north, south = by_text[(Pos(2, 2), "1 3 5")], by_text[(Pos(2, 2), "2 4")]
    middle = by_text[(Pos(2, 2), "1-5")]
    east = by_text[(Pos(2, 2), "5")]
    assert north.centery < middle.centery < south.centery
    assert east.centerx > middle.centerx


ODD_SQUARES = HEAD + """name: Odd squares
size: [4, 3]
elements:
  - {type: portal, at: [0, 0], color: "#33cc99"}
  - {type: portal, at: [3, 0], color: chartreuse}
  - {type: portal, at: [0, 2], color: violet}
  - {type: flag, number: 1, at: [2, 1]}
"""


def test_two_flags_on_one_square_are_both_drawn(tmp_path: Path) -> None:
    """`check` refuses two flags on one square (RR-3.2); should a board ever hold them (built
    in code, say), the picture still shows both rather than hiding one."""
    path = tmp_path / "odd.yaml"
    path.write_text(ODD_SQUARES, encoding="utf-8")
    board = _board(load_any(path)[1])
    board = replace(board, flags=(board.flags[0], board.flags[0]))
    picture = _picture(board)
    flag_red = (214, 40, 44)
    halves = [[(x, y) for x in range(2 * TILE + half * TILE // 2,
                                     2 * TILE + (half + 1) * TILE // 2)
               for y in range(TILE, 2 * TILE)] for half in (0, 1)]
    for half in halves:       # a pennant in each half of the square
        assert any(tuple(picture.get_at(p))[:3] == flag_red for p in half)


def test_a_portal_colour_the_game_does_not_know_is_drawn_in_it_and_named(tmp_path: Path) -> None:
    path = tmp_path / "odd.yaml"
    path.write_text(ODD_SQUARES, encoding="utf-8")
    board = _board(load_any(path)[1])
    view = BoardView(board)
    view.layout(pygame.Rect(0, 0, board.width * TILE, board.height * TILE))
    tags = {p.label.square: p.label.text for p in view.labels()}
    assert tags == {Pos(0, 0): "#33cc99", Pos(3, 0): "chartre…", Pos(0, 2): "V"}
    assert portal_colour("#33cc99") == (0x33, 0xCC, 0x99)
    assert portal_colour("chartreuse") == (127, 255, 0)


# -- the legend (`render --legend`) ------------------------------------------------------------

def test_render_with_legend_keys_the_elements_the_board_uses(tmp_path: Path) -> None:
    path = tmp_path / "press-room.yaml"
    path.write_text(PRESS_ROOM, encoding="utf-8")
    plain, keyed = tmp_path / "plain.png", tmp_path / "keyed.png"
    assert render_file(path, plain) == 0 and render_file(path, keyed, legend=True) == 0
    assert pygame.image.load(str(keyed)).get_height() > pygame.image.load(str(plain)).get_height()
    names = [name for name, _paint in legend_entries(_board(load_any(path)[1]))]
    assert names == ["Conveyor belt", "Crusher", "Pusher", "Board laser", "Swing door", "Wall",
                     "Active in these registers"]
    loop = [name for name, _paint in legend_entries(_corner_case("belt-loop", tmp_path))]
    assert loop == ["Pit", "Conveyor belt", "Belt turn"]


def test_a_volt_render_keys_its_fields_only_when_asked() -> None:
    arena = load_arena(paths.builtin_boards_dir() / "volt" / "crossfire.yaml")
    assert render_arena(arena, legend=True).get_height() > render_arena(arena).get_height()


def test_the_command_line_takes_legend(tmp_path: Path) -> None:
    out = tmp_path / "keyed.png"
    board = paths.builtin_boards_dir() / "roborally" / "warp-foundry.yaml"
    assert cli_main(["render", str(board), "-o", str(out), "--legend"]) == 0
    assert pygame.image.load(str(out)).get_height() > (12 + 2) * RENDER_TILE + 80


REGISTER_SETS = st.frozensets(st.integers(1, 5), min_size=1)
ON_THE_FLOOR = st.one_of(st.builds(Crusher, REGISTER_SETS), st.builds(Burner, REGISTER_SETS),
                         st.builds(Portal, st.sampled_from(["violet", "#33cc99", "chartreuse",
                                                            "a very long colour name"])),
                         st.just(Floor()))
ON_A_SIDE = st.one_of(st.none(), st.builds(SwingDoor, st.just(Direction.N), REGISTER_SETS),
                      st.builds(Pusher, st.just(Direction.N), REGISTER_SETS),
                      st.builds(Laser, st.just(Direction.N), st.integers(1, 3)))


@settings(max_examples=60, deadline=None)
@given(size=st.integers(3, 12), x=st.integers(0, 11), y=st.integers(0, 11),
       floor_element=ON_THE_FLOOR, sides=st.lists(ON_A_SIDE, min_size=4, max_size=4))
def test_any_busy_square_keeps_its_labels_apart_at_the_smallest_tile(
        size: int, x: int, y: int, floor_element: object, sides: list[object]) -> None:
    """Any one square, anywhere on a board (corners and edges too), with any floor element
    and a door, pusher or laser on any of its four sides: no two labels overlap at the
    smallest squares the game draws (22 px, the Grand Gauntlet at 1280×720)."""
    at = Pos(min(x, size - 1), min(y, size - 1))
    floor = {Pos(i, j): Floor() for j in range(size) for i in range(size)}
    floor[at] = floor_element  # type: ignore[assignment]
    mounted = tuple((at, replace(m, wall=side)) for m, side in zip(sides, Direction)
                    if m is not None)
    board = Board("busy", size, size, floor, frozenset(), mounted)  # type: ignore[arg-type]
    view = BoardView(board)
    view.layout(pygame.Rect(0, 0, size * SMALLEST_TILE, size * SMALLEST_TILE))
    placed = view.labels()
    assert len(placed) == _labels_expected(board)
    for k, one in enumerate(placed):
        assert not any(one.rect.colliderect(other.rect) for other in placed[k + 1:]), \
            [(p.label.text, p.rect) for p in placed]


def test_a_thumbnail_gets_no_labels() -> None:
    """A setup screen's preview of a big course draws squares of a few pixels: its labels
    could be neither read nor placed, so there are none."""
    course = paths.builtin_boards_dir() / "roborally" / "grand-gauntlet.yaml"
    board = _board(load_any(course)[1])
    view = BoardView(board)
    view.layout(pygame.Rect(0, 0, board.width * 8, board.height * 8))
    assert view.tile == 8 and view.labels() == []
    view.layout(pygame.Rect(0, 0, board.width * 24, board.height * 24))
    assert len(view.labels()) == _labels_expected(board)
