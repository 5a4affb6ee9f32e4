"""Drawing a RoboRally board or course: every factory element, walls, laser beams, doors per
register, flags and start squares, and the robots on top.

`BoardView` owns the one grid-to-screen mapping (`cell_rect`, `pos_at`) and caches the static
picture of the board per tile size and register (doors, active pushers and crushers change
with the register; nothing else does), so a frame costs one blit plus the robots.

Pure drawing: it reads the frozen `Board` and never decides a rule."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterable

import pygame

from game.core.types import Direction, Pos
from game.data.errors import DataError
from game.data.files import load_any
from game.i18n import N_, _, current_language, localized
from game.roborally.data import load_element_texts
from game.roborally.layout import DIRS, Layout, belt_entries, facing_on_one_line, one_two_way_laser
from game.roborally.model import Board, Course, ElementInfo
from game.ui import art, theme
from game.ui.element_painters import (
    SquareLook, draw_wall, element_labels, hover_name, paint_element)
from game.ui.floor_painters import draw_flag, draw_start, flag_spots
from game.ui.board_labels import PlacedLabel, draw_label, place_labels
from game.ui.text_drawing import draw_text

Colour = tuple[int, int, int]


ELEMENT_NAMES = {
    "floor": N_("Floor"), "pit": N_("Pit"), "oil": N_("Oil slick"), "conveyor": N_("Conveyor belt"),
    "express": N_("Express belt"), "gear": N_("Gear"), "crusher": N_("Crusher"),
    "burner": N_("Flamer"), "repair": N_("Repair site"), "portal": N_("Portal"),
    "start": N_("Start square"), "flag": N_("Checkpoint"), "pusher": N_("Pusher"),
    "laser": N_("Board laser"), "swing_door": N_("Swing door"), "wall": N_("Wall"),
}


# -- the board ---------------------------------------------------------------------------------


def flags_by_square(board: Board) -> dict[Pos, list[int]]:
    """The checkpoint numbers on each square that holds any, in order."""
    out: dict[Pos, list[int]] = {}
    for number, p in enumerate(board.flags, start=1):
        out.setdefault(p, []).append(number)
    return out


@dataclass(frozen=True)
class Beam:
    """One board laser's beam: the squares it crosses (in order from the emitter). `shift`
    moves its lines sideways, in line spacings, past an opposed laser's lines on the same
    squares, so that every beam a robot there would take is seen."""

    origin: Pos
    direction: Direction
    squares: tuple[Pos, ...]
    beams: int
    shift: float = 0.0


class BoardGeometry:
    """Facts about a board the view derives once: belt entries, beams, labels."""

    def __init__(self, board: Board) -> None:
        self.board = board
        # the engine's own tables, so that the turns drawn are the turns played (RR-7.5.9)
        self.layout = Layout.for_board(board)
        self.belt_entries = belt_entries(self.layout)
        self.labels = element_labels(board)
        self._placed: dict[tuple[int, float], list[PlacedLabel]] = {}

    def placed_labels(self, tile: int, scale: float = 1.0) -> list[PlacedLabel]:
        """The board's labels laid out for squares of `tile` pixels (`scale`: larger text,
        as the workbench's register overlay shows it), clear of each other and the flags."""
        key = (tile, scale)
        if key not in self._placed:
            flags = [pygame.Rect(p.x * tile, p.y * tile, tile, tile).inflate(-tile // 5, -tile // 5)
                     for p in flags_by_square(self.board)]
            size = (self.board.width * tile, self.board.height * tile)
            self._placed[key] = place_labels(self.labels, tile, size, flags, scale)
        return self._placed[key]

    def beams(self, register: int | None) -> list[Beam]:
        """The board lasers' beams in `register` (None: doors shut), traced by the engine's
        own layout so that the beams drawn are the beams fired (RR-7.9)."""
        at = self.layout.pos
        beams = [Beam(at[start], DIRS[d], tuple(at[s] for s in path), count)
                 for start, d, count, _, path in self.layout.board_lasers(register)]
        return _as_the_engine_fires_them(beams)


def _as_the_engine_fires_them(beams: list[Beam]) -> list[Beam]:
    """The two barrels of a two-way laser drawn as one beam (its beams hit once), and two
    opposed lasers of different strength side by side (their beams add up): RR-7.9 and
    docs/rulings.md, by the engine's own test."""
    out: list[Beam] = []
    for beam in beams:
        facing = [o for o in out if facing_on_one_line(
            beam.direction.index, beam.squares, o.direction.index, o.squares)]
        if any(one_two_way_laser(beam.direction.index, beam.beams, beam.squares,
                                 o.direction.index, o.beams, o.squares) for o in facing):
            continue
        if facing:
            other = facing[0]
            # opposed beams: their sideways axes point opposite ways, so both move "left"
            out[out.index(other)] = replace(other, shift=-beam.beams / 2)
            beam = replace(beam, shift=-other.beams / 2)
        out.append(beam)
    return out


def draw_beam(s: pygame.Surface, tile: int, origin: tuple[int, int], beam: Beam, *,
              colour: Colour = theme.RR_BOARD_LASER, glow: bool = False,
              width_scale: float = 1.0) -> None:
    """The beam as `beams` parallel red lines from the emitter to its last square."""
    first, last = beam.squares[0], beam.squares[-1]
    ox, oy = origin
    d = beam.direction
    dx, dy = d.delta
    start = (ox + (first.x + 0.5) * tile - dx * tile * 0.3, oy + (first.y + 0.5) * tile - dy * tile * 0.3)
    end = (ox + (last.x + 0.5) * tile + dx * tile * 0.5, oy + (last.y + 0.5) * tile + dy * tile * 0.5)
    px, py = -dy, dx
    gap = tile * 0.12
    w = max(1, int(tile * 0.05 * width_scale))
    for k in range(beam.beams):
        off = (k - (beam.beams - 1) / 2 + beam.shift) * gap
        a = (start[0] + px * off, start[1] + py * off)
        b = (end[0] + px * off, end[1] + py * off)
        if glow:
            pygame.draw.line(s, (255, 180, 160), a, b, w * 4)
        pygame.draw.line(s, colour, a, b, w + (1 if glow else 0))


def draw_board(surface: pygame.Surface, board: Board, tile: int, origin: tuple[int, int] = (0, 0),
               register: int | None = None, geometry: BoardGeometry | None = None,
               seams: Iterable[pygame.Rect] = ()) -> None:
    """Draw every square, wall, mounted element, beam, start square and flag of `board`.

    `register` (1..5) shows doors open or shut and timed elements lit as in that register;
    None shows them as printed (doors shut, numbers visible)."""
    geo = geometry or BoardGeometry(board)
    ox, oy = origin

    def cell(p: Pos) -> pygame.Rect:
        return pygame.Rect(ox + p.x * tile, oy + p.y * tile, tile, tile)

    surface.fill(theme.RR_VOID, pygame.Rect(ox, oy, board.width * tile, board.height * tile))
    printed = SquareLook(register)
    for p, e in board.floor.items():
        look = SquareLook(register, geo.belt_entries.get(p, ())) if p in geo.belt_entries \
            else printed
        paint_element(surface, cell(p), e, look)
    for st in board.starts:
        draw_start(surface, cell(st.at), st.number, st.facing)
    for beam in geo.beams(register):
        draw_beam(surface, tile, origin, beam)
    # sorted: a set's order changes with Python's hash seed, and so would the picture
    for (x, y, side) in sorted(board.walls, key=lambda w: (w[1], w[0], w[2].index)):
        # a stored wall is the N or W side of (x, y); draw its half on each square it touches
        p = Pos(x, y)
        if board.on_course(p):
            draw_wall(surface, cell(p), side)
        q = p.step(side)
        if board.on_course(q):
            draw_wall(surface, cell(q), side.opposite)
        if not board.on_course(p) and not board.on_course(q):
            continue
    for p, m in board.mounted:
        paint_element(surface, cell(p), m, printed)
    for p, numbers in flags_by_square(board).items():
        for spot, number in zip(flag_spots(cell(p), len(numbers)), numbers):
            draw_flag(surface, spot, number)
    for seam in seams:
        pygame.draw.rect(surface, (20, 22, 30), seam, max(1, tile // 16))
    for placed in geo.placed_labels(tile):
        draw_label(surface, placed, origin, register)


# -- the view ----------------------------------------------------------------------------------


class BoardView:
    """The board placed in a screen rectangle: the one grid-to-screen mapping, with the
    drawn board cached per tile size and register."""

    def __init__(self, board: Board, seams: Iterable[tuple[int, int, int, int]] = ()) -> None:
        self.board = board
        self.geometry = BoardGeometry(board)
        self.seams = tuple(seams)
        self.tile = 0
        self.origin = (0, 0)
        self._layers: dict[tuple[int, int | None], pygame.Surface] = {}

    def layout(self, area: pygame.Rect) -> None:
        tile = max(4, min(area.w // self.board.width, area.h // self.board.height))
        if tile != self.tile:
            self._layers.clear()
        self.tile = tile
        w, h = tile * self.board.width, tile * self.board.height
        self.origin = (area.x + (area.w - w) // 2, area.y + (area.h - h) // 2)

    def place(self, tile: int, origin: tuple[int, int]) -> None:
        """Put the board at a given square size and origin (zoomed or panned by the table)."""
        if tile != self.tile:
            self._layers.clear()
        self.tile, self.origin = tile, origin

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.origin[0], self.origin[1], self.tile * self.board.width,
                           self.tile * self.board.height)

    def cell_rect(self, pos: Pos) -> pygame.Rect:
        return pygame.Rect(self.origin[0] + pos.x * self.tile, self.origin[1] + pos.y * self.tile,
                           self.tile, self.tile)

    def centre(self, x: float, y: float) -> tuple[float, float]:
        """Screen centre of the (possibly fractional, while animating) square (x, y)."""
        return (self.origin[0] + (x + 0.5) * self.tile, self.origin[1] + (y + 0.5) * self.tile)

    def pos_at(self, pixel: tuple[int, int]) -> Pos | None:
        if self.tile <= 0:
            return None
        x = (pixel[0] - self.origin[0]) // self.tile
        y = (pixel[1] - self.origin[1]) // self.tile
        p = Pos(int(x), int(y))
        return p if self.board.on_course(p) else None

    def layer(self, register: int | None) -> pygame.Surface:
        key = (self.tile, register)
        surf = self._layers.get(key)
        if surf is None:
            surf = pygame.Surface((self.tile * self.board.width, self.tile * self.board.height))
            seams = [pygame.Rect(x * self.tile, y * self.tile, w * self.tile, h * self.tile)
                     for x, y, w, h in self.seams]
            draw_board(surf, self.board, self.tile, (0, 0), register, self.geometry, seams)
            self._layers[key] = surf
        return surf

    def draw(self, surface: pygame.Surface, register: int | None = None) -> None:
        surface.blit(self.layer(register), self.origin)

    def labels(self) -> list[PlacedLabel]:
        """The labels as drawn at the current tile size, boxes relative to `origin`."""
        return self.geometry.placed_labels(self.tile)

    def describe(self, pos: Pos, register: int | None = None) -> list[tuple[str, str]]:
        """(name, rule) for everything on square `pos`, in the current language."""
        return describe_square(self.board, pos, register)


# -- hover texts -------------------------------------------------------------------------------

_element_texts: dict[str, ElementInfo] | None = None


def element_texts() -> dict[str, ElementInfo]:
    """The element names and rules of boards/roborally/elements.yaml, by type (empty when
    the file is missing or broken: the view then shows names only)."""
    global _element_texts
    if _element_texts is None:
        try:
            _element_texts = {info.type: info for info in load_element_texts()}
        except Exception:  # a missing or broken texts file must never break the board
            _element_texts = {}
    return _element_texts


def _info(kind: str) -> tuple[str, str]:
    info = element_texts().get(kind)
    if info is None:
        return _(ELEMENT_NAMES.get(kind, kind)), ""
    return localized(info.name), localized(info.text)


def element_name(kind: str) -> str:
    """An element type's name as players read it (boards/roborally/elements.yaml)."""
    return _info(kind)[0]


def describe_square(board: Board, pos: Pos, register: int | None = None) -> list[tuple[str, str]]:
    e = board.floor.get(pos)
    if e is None:
        return []
    out: list[tuple[str, str]] = []
    name, text = _info(e.kind)
    name = hover_name(name, e)
    if e.kind != "floor":
        out.append((name, text))
    for st in board.starts:
        if st.at == pos:
            n, t = _info("start")
            out.append((f"{n} {st.number}", t))
    for number, p in enumerate(board.flags, start=1):
        if p == pos:
            n, t = _info("flag")
            out.append((f"{n} {number}", t))
    for m in board.mounted_at(pos):
        n, t = _info(m.kind)
        out.append((hover_name(n, m), t))
    if any(board.has_wall(pos, d) for d in Direction):
        out.append(_info("wall"))
    if not out:
        out.append((name, text))  # a plain floor square
    return out


# -- program cards ----------------------------------------------------------------------------

CARD_LABELS = {"uturn": N_("U-Turn"), "left": N_("Rotate Left"), "right": N_("Rotate Right"),
               "back": N_("Back Up"), "move1": N_("Move 1"), "move2": N_("Move 2"),
               "move3": N_("Move 3")}
CARD_FACE_LABELS = {"uturn": N_("U-Turn"), "left": N_("Rotate\nLeft"),
                    "right": N_("Rotate\nRight"), "back": N_("Back Up"), "move1": N_("Move 1"),
                    "move2": N_("Move 2"), "move3": N_("Move 3")}
"""What a card face says, on at most two lines (the German words are long compounds)."""
CARD_LABEL_MIN_WIDTH = 60
"""Narrower cards show their symbol only: it tells every card apart, and a label that small
could not be read."""

_card_cache: dict[tuple[Any, ...], pygame.Surface] = {}


def _arrow_up(s: pygame.Surface, cx: float, cy: float, size: float, colour: tuple[int, int, int]) -> None:
    w = size * 0.5
    shaft = size * 0.2
    pts = [(cx, cy - size / 2), (cx + w, cy), (cx + shaft, cy), (cx + shaft, cy + size / 2),
           (cx - shaft, cy + size / 2), (cx - shaft, cy), (cx - w, cy)]
    pygame.draw.polygon(s, colour, pts)


def draw_card_symbol(s: pygame.Surface, rect: pygame.Rect, ctype: str,
                     colour: tuple[int, int, int] = theme.SHINE) -> None:
    """The symbol of a program card type, filling `rect`."""
    cx, cy = rect.center
    size = min(rect.w, rect.h)
    if ctype.startswith("move"):
        n = int(ctype[-1])
        step = size * 0.3
        top = cy - (n - 1) * step / 2
        for k in range(n):
            _arrow_up(s, cx, top + k * step, size * 0.42, colour)
    elif ctype == "back":
        pts = [(cx, cy + size * 0.3), (cx + size * 0.22, cy + size * 0.05),
               (cx + size * 0.09, cy + size * 0.05), (cx + size * 0.09, cy - size * 0.3),
               (cx - size * 0.09, cy - size * 0.3), (cx - size * 0.09, cy + size * 0.05),
               (cx - size * 0.22, cy + size * 0.05)]
        pygame.draw.polygon(s, colour, pts)
    else:
        r = size * 0.28
        box = pygame.Rect(0, 0, r * 2, r * 2)
        box.center = (int(cx), int(cy + size * 0.06))
        w = max(2, int(size * 0.1))
        if ctype == "uturn":
            pygame.draw.arc(s, colour, box, 0, math.pi, w)
            end = (box.left + w / 2, box.centery)
            pygame.draw.polygon(s, colour, [(end[0] - size * 0.13, end[1]), (end[0] + size * 0.13, end[1]),
                                            (end[0], end[1] + size * 0.16)])
            pygame.draw.line(s, colour, (box.right - w / 2, box.centery),
                             (box.right - w / 2, box.centery + size * 0.2), w)
        else:
            left = ctype == "left"
            start, stop = (math.pi * 0.5, math.pi * 1.0) if left else (0.0, math.pi * 0.5)
            pygame.draw.arc(s, colour, box, start - 0.3 if not left else start, stop + (0.3 if left else 0), w)
            pygame.draw.line(s, colour, (box.centerx, box.top + w / 2),
                             (box.centerx + (-1 if left else 1) * 0, box.bottom), w)
            tip_x = box.left if left else box.right
            pygame.draw.polygon(s, colour, [(tip_x - size * 0.13, box.centery - size * 0.02),
                                            (tip_x + size * 0.13, box.centery - size * 0.02),
                                            (tip_x, box.centery + size * 0.16)])


def card_surface(ctype: str, priority: int, size: tuple[int, int], *, faded: bool = False) -> pygame.Surface:
    """A program card of `size` (cached)."""
    key = (ctype, priority, size, faded, current_language())
    cached = _card_cache.get(key)
    if cached is not None:
        return cached
    w, h = size
    s = pygame.Surface(size, pygame.SRCALPHA)
    rect = s.get_rect()
    colour = theme.RR_CARDS.get(ctype, (120, 120, 120))
    radius = max(3, w // 10)
    pygame.draw.rect(s, (245, 242, 232), rect, border_radius=radius)
    inner = rect.inflate(-max(4, w // 10), -max(4, w // 10))
    pygame.draw.rect(s, colour, inner, border_radius=max(2, radius - 2))
    pygame.draw.rect(s, (30, 30, 30), rect, max(1, w // 40), border_radius=radius)
    band = pygame.Rect(inner.x, inner.y, inner.w, max(12, h // 5))
    pygame.draw.rect(s, art.shade(colour, 0.6), band, border_top_left_radius=max(2, radius - 2),
                     border_top_right_radius=max(2, radius - 2))
    draw_text(s, str(priority), theme.font(band.h * 0.75, bold=True), theme.BRIGHT, band.center,
              "center")
    lines = _(CARD_FACE_LABELS.get(ctype, ctype)).split("\n") if w >= CARD_LABEL_MIN_WIDTH \
        else []
    font = min((theme.fit_font(line, inner.w - 4, h * 0.12, h * 0.085) for line in lines),
               key=lambda f: f.get_height(), default=None)
    label_h = len(lines) * font.get_linesize() if font is not None else 0
    sym = pygame.Rect(inner.x, band.bottom, inner.w,
                      inner.h - band.h - max(10 if lines else 4, label_h + h // 40))
    draw_card_symbol(s, sym.inflate(-w * 0.1, -h * 0.05), ctype)
    for i, line in enumerate(lines):
        assert font is not None
        draw_text(s, line, font, theme.BRIGHT,
                  (inner.centerx, sym.bottom + i * font.get_linesize()), "midtop",
                  max_width=inner.w - 4)
    if faded:
        veil = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (20, 20, 30, 150), rect, border_radius=radius)
        s.blit(veil, (0, 0))
    if len(_card_cache) > 600:
        _card_cache.clear()
    _card_cache[key] = s
    return s


def card_back(size: tuple[int, int]) -> pygame.Surface:
    key = ("back", size)
    cached = _card_cache.get(key)
    if cached is not None:
        return cached
    s = pygame.Surface(size, pygame.SRCALPHA)
    rect = s.get_rect()
    radius = max(3, size[0] // 10)
    pygame.draw.rect(s, (60, 66, 90), rect, border_radius=radius)
    pygame.draw.rect(s, (150, 160, 190), rect.inflate(-6, -6), max(1, size[0] // 30), border_radius=radius)
    art.draw_gear(s, rect.center, min(size) * 0.3, (90, 100, 130), teeth=9)
    pygame.draw.rect(s, (20, 20, 30), rect, max(1, size[0] // 40), border_radius=radius)
    _card_cache[key] = s
    return s


def draw_lock(s: pygame.Surface, rect: pygame.Rect,
              colour: tuple[int, int, int] = theme.SHINE) -> None:
    """A padlock symbol filling `rect`."""
    w, h = rect.w, rect.h
    body = pygame.Rect(rect.x + w * 0.2, rect.y + h * 0.45, w * 0.6, h * 0.45)
    shackle = pygame.Rect(rect.x + w * 0.3, rect.y + h * 0.12, w * 0.4, h * 0.6)
    pygame.draw.arc(s, colour, shackle, 0, math.pi, max(1, int(w * 0.1)))
    pygame.draw.line(s, colour, (shackle.x + 1, shackle.centery), (shackle.x + 1, body.y), max(1, int(w * 0.1)))
    pygame.draw.line(s, colour, (shackle.right - 2, shackle.centery), (shackle.right - 2, body.y),
                     max(1, int(w * 0.1)))
    pygame.draw.rect(s, colour, body, border_radius=max(1, int(w * 0.08)))


# -- course pictures (render: game/ui/roborally_render.py) -------------------------------------

def placement_rects(course: Course) -> list[tuple[int, int, int, int]]:
    """(x, y, w, h) in squares of each board of a course, for the seams."""
    rects = []
    claimed: set[Pos] = set()
    for pl in course.placements:
        # the floor squares reachable from this board's NW corner without crossing into
        # another board's corner are its squares; boards are rectangles, so measure them
        x0, y0 = pl.at
        w = 0
        while Pos(x0 + w, y0) in course.board.floor and Pos(x0 + w, y0) not in claimed and \
                not any(p.at == Pos(x0 + w, y0) for p in course.placements if p is not pl):
            w += 1
        h = 0
        while Pos(x0, y0 + h) in course.board.floor and Pos(x0, y0 + h) not in claimed and \
                not any(p.at == Pos(x0, y0 + h) for p in course.placements if p is not pl):
            h += 1
        for yy in range(y0, y0 + h):
            for xx in range(x0, x0 + w):
                claimed.add(Pos(xx, yy))
        rects.append((x0, y0, w, h))
    return rects


def course_preview(path: Any, max_size: tuple[int, int]) -> pygame.Surface | None:
    """A small picture of the course in `path` that fits `max_size` (for a setup screen),
    or None when the file cannot be read."""
    try:
        _fmt, model = load_any(Path(path))
    except (DataError, OSError):
        return None
    board = model.board if isinstance(model, Course) else model
    if not isinstance(board, Board):
        return None
    view = BoardView(board, placement_rects(model) if isinstance(model, Course) else ())
    view.layout(pygame.Rect(0, 0, *max_size))
    picture = pygame.Surface((view.rect.w, view.rect.h))
    view.origin = (0, 0)
    view.draw(picture)
    return picture

