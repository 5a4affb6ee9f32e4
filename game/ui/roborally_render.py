"""`python main.py render FILE -o OUT.png [--legend]` for RoboRally boards and courses: the
board with its title, and on request a key of the elements it uses, drawn by the same
painters as the game."""

from __future__ import annotations

from typing import Iterable, Sequence

import pygame

from game.core.types import Direction, Pos
from game.data.scenario import ScenarioGround
from game.i18n import N_, _
from game.roborally.data import map_token_element
from game.roborally.layout import BeltEntry, Layout, belt_entries
from game.roborally.model import (
    Board, Burner, Conveyor, Course, Crusher, Floor, Gear, Laser, Oil, Pit, Portal, Pusher,
    Repair, Start, StartSquare, SwingDoor)
from game.ui import theme
from game.ui.belt_painter import draw_belt
from game.ui.board_labels import BoardLabel, PlacedLabel, draw_label, label_font_px
from game.ui.legend import LegendEntry, Painter, draw_legend, legend_height
from game.ui.floor_painters import (
    draw_burner, draw_crusher, draw_flag, draw_floor, draw_gear_tile, draw_oil, draw_pit,
    draw_portal, draw_repair, draw_start)
from game.ui.element_painters import draw_door, draw_laser_emitter, draw_pusher, draw_wall
from game.ui.roborally_view import BoardView, draw_board, element_name, placement_rects
from game.ui.workbench_overlays import draw_scenario_robots

RENDER_TILE = 48
LEGEND_MIN_WIDTH = 10
"""A picture with a legend is at least this many squares wide, so the key has room."""
BELT_TURN = N_("Belt turn")
ACTIVE_IN = N_("Active in these registers")


def _on_floor(paint: Painter) -> Painter:
    def both(s: pygame.Surface, r: pygame.Rect) -> None:
        draw_floor(s, r)
        paint(s, r)
    return both


def _badge(s: pygame.Surface, r: pygame.Rect) -> None:
    px = label_font_px(RENDER_TILE)
    box = pygame.Rect((0, 0), theme.font(px, True).size("2 4")).inflate(6, 2)
    box.center = r.center
    label = BoardLabel("2 4", Pos(0, 0), (0.5, 0.5), frozenset({2, 4}))
    draw_label(s, PlacedLabel(label, box, px), (0, 0), None)


def _laser(s: pygame.Surface, r: pygame.Rect) -> None:
    draw_laser_emitter(s, r, Laser(Direction.W, 1))
    pygame.draw.line(s, theme.RR_BOARD_LASER, (r.x + r.w * 0.3, r.centery), (r.right, r.centery),
                     max(1, r.w // 16))


def legend_entries(board: Board) -> list[LegendEntry]:
    """An entry for every kind of element `board` uses, in the order of the rules."""
    floor = list(board.floor.values())
    mounted = [m for _p, m in board.mounted]
    belts = [e for e in floor if isinstance(e, Conveyor)]
    turns = any(e.turn for entries in belt_entries(Layout.for_board(board)).values()
                for e in entries)
    portal = next((e for e in floor if isinstance(e, Portal)), None)
    wrenches = sorted({e.wrenches for e in floor if isinstance(e, Repair)})
    gears = sorted({e.clockwise for e in floor if isinstance(e, Gear)}, reverse=True)
    timed = any(isinstance(e, (Crusher, Burner)) for e in floor) or any(
        isinstance(m, (Pusher, SwingDoor)) for m in mounted)

    def gear_name(clockwise: bool) -> str:
        return f"{element_name('gear')} {_('clockwise') if clockwise else _('counter-clockwise')}"

    candidates: list[tuple[bool, str, Painter]] = [
        (any(isinstance(e, Pit) for e in floor), element_name("pit"), draw_pit),
        (any(isinstance(e, Oil) for e in floor), element_name("oil"), draw_oil),
        (any(not e.express for e in belts), element_name("conveyor"),
         _on_floor(lambda s, r: draw_belt(s, r, Direction.E, False, ()))),
        (any(e.express for e in belts), _("{name} (express)").format(name=element_name(
            "conveyor")), _on_floor(lambda s, r: draw_belt(s, r, Direction.E, True, ()))),
        (turns, _(BELT_TURN), _on_floor(lambda s, r: draw_belt(
            s, r, Direction.N, False, (BeltEntry(Direction.W, 3, False),)))),
        *[(True, gear_name(cw), lambda s, r, cw=cw: draw_gear_tile(s, r, Gear(cw)))
          for cw in gears],
        (any(isinstance(e, Crusher) for e in floor), element_name("crusher"),
         lambda s, r: draw_crusher(s, r, Crusher(frozenset()), None)),
        (any(isinstance(e, Burner) for e in floor), element_name("burner"),
         lambda s, r: draw_burner(s, r, Burner(frozenset()), None)),
        *[(True, f"{element_name('repair')} " + _("(wrenches: {n})").format(n=n),
           lambda s, r, n=n: draw_repair(s, r, Repair(n))) for n in wrenches],
        (portal is not None, element_name("portal"),
         lambda s, r: draw_portal(s, r, portal or Portal("violet"))),
        (any(isinstance(m, Pusher) for m in mounted), element_name("pusher"),
         _on_floor(lambda s, r: draw_pusher(s, r, Pusher(Direction.W, frozenset()), None))),
        (any(isinstance(m, Laser) for m in mounted), element_name("laser"), _on_floor(_laser)),
        (any(isinstance(m, SwingDoor) for m in mounted), element_name("swing_door"),
         _on_floor(lambda s, r: draw_door(s, r, SwingDoor(Direction.N, frozenset()), None))),
        (bool(board.walls), element_name("wall"),
         _on_floor(lambda s, r: draw_wall(s, r, Direction.N))),
        (timed, _(ACTIVE_IN), _badge),
        (bool(board.starts), element_name("start"),
         _on_floor(lambda s, r: draw_start(s, r, 1, Direction.N))),
        (bool(board.flags), element_name("flag"), _on_floor(lambda s, r: draw_flag(s, r, 1))),
    ]
    return [(name, paint) for used, name, paint in candidates if used]


def _render(board: Board, seams: Iterable[tuple[int, int, int, int]], title: str,
            legend: bool, robots: Sequence[tuple[str, Pos, str | None]] = ()
            ) -> pygame.Surface:
    tile = RENDER_TILE
    margin = tile // 2
    head = tile
    view = BoardView(board, seams)
    board_w, board_h = board.width * tile, board.height * tile
    w = board_w + 2 * margin
    entries = legend_entries(board) if legend else []
    if entries:
        w = max(w, LEGEND_MIN_WIDTH * tile)
    key_h = legend_height(entries, tile, w - 2 * margin) + margin if entries else 0
    out = pygame.Surface((w, board_h + 2 * margin + head + key_h))
    out.fill(theme.BACKGROUND_DEEP)
    view.layout(pygame.Rect((w - board_w) // 2, margin + head, board_w, board_h))
    view.draw(out)
    draw_scenario_robots(out, view, robots)
    pygame.draw.rect(out, (60, 64, 80), view.rect.inflate(6, 6), 3)
    f = theme.font(tile * 0.5, bold=True)
    out.blit(f.render(title, True, theme.TEXT), (margin, margin // 2))
    if entries:
        draw_legend(out, pygame.Rect(margin, view.rect.bottom + margin, w - 2 * margin, key_h),
                    entries, tile)
    return out


def render_board(board: Board, legend: bool = False) -> pygame.Surface:
    return _render(board, (), board.name, legend)


def render_course(course: Course, legend: bool = False) -> pygame.Surface:
    players = _("{low}–{high} players").format(low=course.players[0], high=course.players[1])
    return _render(course.board, placement_rects(course), f"{course.name} · {players}", legend)


def render_scenario(ground: ScenarioGround, legend: bool = False) -> pygame.Surface:
    """A scenario's board with its robots where they start, facing as it sets them."""
    return _render(ground.ground, (), ground.ground.name, legend, ground.robots)


def map_token_picture(token: str, size: int) -> pygame.Surface | None:
    """One square of `size` pixels as the map token `token` paints it (FORMATS.md), drawn
    by the board view itself; None for a token that is no square (the workbench's palette
    shows these beside their codes)."""
    element = map_token_element(token)
    if element is None:
        return None
    here = Pos(0, 0)
    if isinstance(element, Start):      # a start square is plain floor plus a start
        board = Board(token, 1, 1, {here: Floor()}, frozenset(),
                      starts=(StartSquare(element.number, here, element.facing),))
    else:
        board = Board(token, 1, 1, {here: element}, frozenset())
    picture = pygame.Surface((size, size))
    draw_board(picture, board, size)
    return picture


RENDERERS = {"roborally-board/1": render_board, "roborally-course/1": render_course,
             "roborally-scenario/1": render_scenario}
MAP_TOKEN_PICTURES = {"roborally-board/1": map_token_picture}
