"""Drawing a VOLT arena: squares, walls, pits, victory-point fields, markers, robots, beams.

`ArenaView` maps grid squares to the screen in ONE place (`cell_rect`, `pos_at`, `point`),
for any seat at the bottom of the screen: the operator who programs sees the arena from
their side, so "up" on their controller is up on the screen (VT-4.5). The static layer is
cached per size and seat. `RENDERERS` lets `python main.py render ARENA.yaml` draw an arena."""

from __future__ import annotations

import math
from typing import Iterable, Sequence

import pygame

from game.core.types import Direction, Direction8, Pos
from game.data.scenario import ScenarioGround
from game.i18n import N_, _
from game.ui import art, theme
from game.ui.legend import LegendEntry, draw_legend, legend_height
from game.ui.text_drawing import draw_text
from game.volt.data import MAP_TOKENS, token_square
from game.volt.model import Arena, SquareKind

Colour = tuple[int, int, int]

COMPASS_NAMES = {Direction.N: N_("North"), Direction.E: N_("East"), Direction.S: N_("South"),
                 Direction.W: N_("West")}


def compass_letter(side: Direction) -> str:
    """The side's letter in the player's language: the first of its name (German east is
    Osten: O)."""
    return _(COMPASS_NAMES[side])[:1]

# screen = f(grid) for the seat shown at the bottom: (sx, sy) from (gx, gy, width, height)
_TO_SCREEN = {
    Direction.S: lambda x, y, w, h: (x, y),
    Direction.N: lambda x, y, w, h: (w - x, h - y),
    Direction.W: lambda x, y, w, h: (y, w - x),
    Direction.E: lambda x, y, w, h: (h - y, x),
}
_FROM_SCREEN = {
    Direction.S: lambda sx, sy, w, h: (sx, sy),
    Direction.N: lambda sx, sy, w, h: (w - sx, h - sy),
    Direction.W: lambda sx, sy, w, h: (w - sy, sx),
    Direction.E: lambda sx, sy, w, h: (sy, h - sx),
}


def die_colour(colour: str) -> Colour:
    return theme.VOLT_BLUE_DIE if colour == "blue" else theme.VOLT_RED_DIE

GREY = (200, 200, 200)
"""A robot whose colour the theme does not know."""


class ArenaView:
    """Where each square of `arena` lies inside `area`, seen from `bottom` (a seat side)."""

    def __init__(self, arena: Arena, area: pygame.Rect, bottom: Direction = Direction.S,
                 side_colours: dict[Direction, Colour] | None = None) -> None:
        self.arena = arena
        self.area = pygame.Rect(area)
        self.bottom = bottom
        self.side_colours = dict(side_colours or {})
        turned = bottom in (Direction.W, Direction.E)
        self.cols = arena.height if turned else arena.width
        self.rows = arena.width if turned else arena.height
        self.cell = max(4, int(min(self.area.w / (self.cols + 1.3),
                                   self.area.h / (self.rows + 1.3))))
        self.frame = max(6, int(self.cell * 0.5))
        grid_w, grid_h = self.cols * self.cell, self.rows * self.cell
        self.grid = pygame.Rect(0, 0, grid_w, grid_h)
        self.grid.center = self.area.center
        self._cache: pygame.Surface | None = None

    # -- geometry --------------------------------------------------------------------------
    def point(self, x: float, y: float) -> tuple[float, float]:
        """The screen point of grid point (x, y) (square (x, y) spans [x, x+1]×[y, y+1])."""
        sx, sy = _TO_SCREEN[self.bottom](x, y, self.arena.width, self.arena.height)
        return (self.grid.x + sx * self.cell, self.grid.y + sy * self.cell)

    def centre(self, pos: Pos | tuple[float, float]) -> tuple[float, float]:
        return self.point(pos[0] + 0.5, pos[1] + 0.5)

    def cell_rect(self, pos: Pos | tuple[int, int]) -> pygame.Rect:
        x0, y0 = self.point(pos[0], pos[1])
        x1, y1 = self.point(pos[0] + 1, pos[1] + 1)
        return pygame.Rect(round(min(x0, x1)), round(min(y0, y1)), self.cell, self.cell)

    def pos_at(self, pixel: tuple[int, int]) -> Pos | None:
        """The square under a screen pixel, or None outside the arena."""
        sx = (pixel[0] - self.grid.x) / self.cell
        sy = (pixel[1] - self.grid.y) / self.cell
        if not (0 <= sx < self.cols and 0 <= sy < self.rows):
            return None
        gx, gy = _FROM_SCREEN[self.bottom](sx, sy, self.arena.width, self.arena.height)
        pos = Pos(int(math.floor(gx)), int(math.floor(gy)))
        return pos if self.arena.contains(pos) else None

    def screen_vector(self, direction: Direction8 | Direction | str) -> tuple[float, float]:
        """The unit screen vector of an arena direction (diagonals not normalised)."""
        d = Direction8(direction if isinstance(direction, str) else direction.value)
        dx, dy = d.delta
        x0, y0 = self.point(0, 0)
        x1, y1 = self.point(dx, dy)
        return ((x1 - x0) / self.cell, (y1 - y0) / self.cell)

    # -- static layer ----------------------------------------------------------------------
    def board_layer(self) -> pygame.Surface:
        """The arena without anything that moves (cached)."""
        if self._cache is None:
            layer = pygame.Surface(self.area.size, pygame.SRCALPHA)
            offset = (-self.area.x, -self.area.y)
            self._draw_static(layer, offset)
            self._cache = layer
        return self._cache

    def draw_board(self, surface: pygame.Surface) -> None:
        surface.blit(self.board_layer(), self.area.topleft)

    def _draw_static(self, s: pygame.Surface, off: tuple[int, int]) -> None:
        c = self.cell
        grid = self.grid.move(off)
        outer = grid.inflate(self.frame * 2, self.frame * 2)
        pygame.draw.rect(s, theme.DROP_SHADOW, outer.move(3, 5), border_radius=self.frame)
        pygame.draw.rect(s, theme.VOLT_FRAME_DARK, outer, border_radius=self.frame)
        band = outer.inflate(-self.frame // 2, -self.frame // 2)
        pygame.draw.rect(s, theme.VOLT_FRAME, band, border_radius=self.frame // 2)
        self._hazard_band(s, grid.inflate(self.frame // 2, self.frame // 2), max(2, c // 12))
        pygame.draw.rect(s, theme.VOLT_WALL, grid.inflate(6, 6), width=3)
        for y in range(self.arena.height):
            for x in range(self.arena.width):
                rect = self.cell_rect((x, y)).move(off)
                self._draw_square(s, Pos(x, y), rect)
        for x in range(self.cols + 1):
            pygame.draw.line(s, theme.VOLT_GRID_LINE, (grid.x + x * c, grid.y),
                             (grid.x + x * c, grid.bottom))
        for y in range(self.rows + 1):
            pygame.draw.line(s, theme.VOLT_GRID_LINE, (grid.x, grid.y + y * c),
                             (grid.right, grid.y + y * c))
        self._draw_walls(s, off)
        # arena posts at the corners (they hold the free start numbers)
        for corner in (outer.topleft, outer.topright, outer.bottomleft, outer.bottomright):
            cx = corner[0] + (self.frame // 2 if corner[0] == outer.x else -self.frame // 2)
            cy = corner[1] + (self.frame // 2 if corner[1] == outer.y else -self.frame // 2)
            pygame.draw.circle(s, theme.VOLT_WALL_EDGE, (cx, cy), self.frame * 0.62)
            pygame.draw.circle(s, (150, 156, 172), (cx, cy), self.frame * 0.52)
        # compass letters in the frame, so every seat can read the arena's sides
        f = theme.font(max(8, self.frame * 0.62), bold=True)
        for side in (Direction.N, Direction.E, Direction.S, Direction.W):
            vx, vy = self.screen_vector(side)
            cx, cy = grid.center
            letter = compass_letter(side)
            half_w, half_h = f.size(letter)[0] / 2, f.get_height() / 2
            # a small picture's frame is narrower than the smallest type: the letter stays in
            px = min(max(cx + vx * (grid.w / 2 + self.frame * 0.72), half_w),
                     s.get_width() - half_w)
            py = min(max(cy + vy * (grid.h / 2 + self.frame * 0.72), half_h),
                     s.get_height() - half_h)
            colour = self.side_colours.get(side, (210, 214, 224))
            draw_text(s, letter, f, colour, (int(px), int(py)), "center")

    def _hazard_band(self, s: pygame.Surface, rect: pygame.Rect, stripe: int) -> None:
        band = pygame.Surface(rect.size, pygame.SRCALPHA)
        band.fill((*theme.VOLT_HAZARD, 255))
        step = stripe * 3
        for i in range(-rect.h, rect.w + rect.h, step):
            pygame.draw.polygon(band, (30, 30, 34, 255), [(i, 0), (i + stripe, 0),
                                                          (i + stripe - rect.h, rect.h),
                                                          (i - rect.h, rect.h)])
        s.blit(band, rect.topleft)

    def _draw_square(self, s: pygame.Surface, pos: Pos, rect: pygame.Rect) -> None:
        c = rect.w
        kind = self.arena.kind_at(pos)
        if kind is SquareKind.PIT:
            draw_pit(s, rect)
            return
        base = theme.VOLT_FLOOR_DARK if kind is SquareKind.WORKSHOP else theme.VOLT_FLOOR
        pygame.draw.rect(s, base, rect)
        pygame.draw.line(s, theme.VOLT_FLOOR_LIGHT, rect.topleft, (rect.right - 1, rect.y),
                         max(1, c // 24))
        pygame.draw.line(s, theme.VOLT_FLOOR_LIGHT, rect.topleft, (rect.x, rect.bottom - 1),
                         max(1, c // 24))
        r = max(1, c // 20)
        for fx, fy in ((0.14, 0.14), (0.86, 0.14), (0.14, 0.86), (0.86, 0.86)):
            pygame.draw.circle(s, theme.VOLT_FLOOR_DARK, (rect.x + c * fx, rect.y + c * fy), r)
        if kind is SquareKind.VP:
            number = self.arena.vp_number_at(pos) or 0
            centre = rect.center
            pygame.draw.circle(s, theme.VOLT_VP_DARK, centre, c * 0.40)
            pygame.draw.circle(s, theme.VOLT_VP_GOLD, centre, c * 0.40, max(2, c // 14))
            pygame.draw.circle(s, (70, 56, 20), centre, c * 0.30)
            draw_text(s, str(number), theme.font(c * 0.38, bold=True), theme.VOLT_VP_GOLD, centre,
                      "center")
        elif kind is SquareKind.WORKSHOP:
            art.draw_gear(s, rect.center, c * 0.3, theme.VOLT_WORKSHOP, teeth=8)
            pygame.draw.circle(s, theme.VOLT_FLOOR_DARK, rect.center, c * 0.08)
        elif kind is SquareKind.START:
            side = next(side for side, fields in self.arena.starts if pos in fields)
            colour = self.side_colours.get(side, theme.VOLT_NEUTRAL_SIDE)
            self._start_chevron(s, rect, side, colour)

    def _start_chevron(self, s: pygame.Surface, rect: pygame.Rect, side: Direction,
                       colour: Colour) -> None:
        """A start field: a band on the seat's edge and a chevron pointing into the arena."""
        vx, vy = self.screen_vector(side)          # towards the seat
        c = rect.w
        cx, cy = rect.center
        edge = pygame.Rect(0, 0, c if vx == 0 else c * 0.16, c if vy == 0 else c * 0.16)
        edge.center = (cx + vx * c * 0.42, cy + vy * c * 0.42)
        pygame.draw.rect(s, colour, edge)
        ix, iy = -vx, -vy                           # into the arena
        px, py = -iy, ix
        for k in (0.0, 0.22):
            tip = (cx + ix * c * (0.22 - k), cy + iy * c * (0.22 - k))
            back = (cx - ix * c * (0.08 + k), cy - iy * c * (0.08 + k))
            pts = [(back[0] + px * c * 0.26, back[1] + py * c * 0.26), tip,
                   (back[0] - px * c * 0.26, back[1] - py * c * 0.26)]
            pygame.draw.lines(s, colour, False, pts, max(2, c // 12))

    def _draw_walls(self, s: pygame.Surface, off: tuple[int, int]) -> None:
        width = max(3, self.cell // 8)
        for x, y, side in self.arena.wall_list:
            a = self.point(x, y)
            b = self.point(x + 1, y) if side == "N" else self.point(x, y + 1)
            a = (a[0] + off[0], a[1] + off[1])
            b = (b[0] + off[0], b[1] + off[1])
            pygame.draw.line(s, theme.VOLT_WALL_EDGE, a, b, width + 4)
            pygame.draw.line(s, theme.VOLT_WALL, a, b, width)
            for end in (a, b):
                pygame.draw.circle(s, theme.VOLT_WALL_EDGE, end, width * 0.9)
                pygame.draw.circle(s, theme.VOLT_WALL, end, width * 0.6)

    # -- things that change ----------------------------------------------------------------
    def draw_markers(self, surface: pygame.Surface, markers: Sequence[int],
                     scale: dict[int, float] | None = None) -> None:
        """VP markers (star side down, number up) lying on their fields; `markers[n-1]`
        markers on field n."""
        for number, pos in self.arena.vp_fields:
            count = markers[number - 1] if number - 1 < len(markers) else 0
            if count <= 0:
                continue
            k = (scale or {}).get(number, 1.0)
            rect = self.cell_rect(pos)
            for i in range(min(count, 4)):
                centre = (rect.x + rect.w * (0.7 - i * 0.08), rect.y + rect.h * (0.3 + i * 0.06))
                draw_marker(surface, centre, rect.w * 0.2 * k, number)
            if count > 1:
                draw_text(surface, f"×{count}", theme.font(rect.w * 0.24, bold=True),
                          theme.VOLT_VP_GOLD,
                          (rect.right - 2, rect.bottom - 2), "bottomright")

    def draw_posts(self, surface: pygame.Surface, free_numbers: Iterable[int]) -> None:
        """Free start numbers lie on the arena posts (VT-5.1 step 4)."""
        outer = self.grid.inflate(self.frame * 2, self.frame * 2)
        posts = [(outer.x + self.frame // 2, outer.y + self.frame // 2),
                 (outer.right - self.frame // 2, outer.y + self.frame // 2),
                 (outer.right - self.frame // 2, outer.bottom - self.frame // 2),
                 (outer.x + self.frame // 2, outer.bottom - self.frame // 2)]
        for post, number in zip(posts, sorted(free_numbers)):
            draw_start_number(surface, post, self.frame * 0.55, number)

    def draw_robot(self, surface: pygame.Surface, centre: tuple[float, float], colour: Colour,
                   shape: str, letter: str, scale: float = 1.0) -> None:
        size = self.cell * 0.92 * scale
        if size < 4:
            return
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (round(centre[0]), round(centre[1]))
        pygame.draw.ellipse(surface, (12, 12, 16), rect.inflate(-size * 0.25, -size * 0.6)
                            .move(0, size * 0.36))
        art.draw_robot(surface, rect, colour, shape=shape, letter=letter)

    def draw_named_robots(self, surface: pygame.Surface,
                          robots: Sequence[tuple[str, Pos, str | None]]) -> None:
        """A scenario's robots where they stand, each with its initial, in the colour its
        name claims or one no name claims (`theme.colours_for_names`)."""
        colours = theme.colours_for_names([name for name, _pos, _facing in robots])
        for (name, pos, _facing), colour in zip(robots, colours):
            self.draw_robot(surface, self.centre(pos), theme.PLAYER_COLOURS.get(colour, GREY),
                            theme.PLAYER_SHAPES.get(colour, "circle"), name[:1].upper())

    def highlight(self, surface: pygame.Surface, pos: Pos, colour: Colour,
                  width: int | None = None) -> None:
        rect = self.cell_rect(pos).inflate(-4, -4)
        pygame.draw.rect(surface, colour, rect, width or max(2, self.cell // 14),
                         border_radius=max(3, self.cell // 8))

    def beam_end(self, src: Pos, direction: str, path: Sequence[Pos], hit: bool
                 ) -> tuple[float, float]:
        """Where a beam stops, in grid points: the hit robot's centre, else the wall edge
        (straight) or wall corner (diagonal) it ran into (VT-6.5.1, VT-6.5.4)."""
        last = path[-1] if path else src
        if hit and path:
            return (last[0] + 0.5, last[1] + 0.5)
        dx, dy = Direction8(direction).delta
        return (last[0] + 0.5 + dx * 0.5, last[1] + 0.5 + dy * 0.5)

    def draw_beam(self, surface: pygame.Surface, src: Pos, end: tuple[float, float],
                  progress: float, fade: float = 1.0) -> None:
        """A laser beam from the centre of `src` towards grid point `end`; `progress` 0..1
        how far it has got, `fade` 1..0 its strength."""
        a = self.centre(src)
        b = self.point(*end)
        tip = (a[0] + (b[0] - a[0]) * progress, a[1] + (b[1] - a[1]) * progress)
        glow = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        w = max(3, int(self.cell * 0.22))
        pygame.draw.line(glow, (*theme.VOLT_BEAM, int(110 * fade)), a, tip, w)
        pygame.draw.line(glow, (*theme.VOLT_BEAM, int(200 * fade)), a, tip, max(2, w // 2))
        pygame.draw.circle(glow, (*theme.VOLT_BEAM, int(140 * fade)), tip, w)
        surface.blit(glow, (0, 0))
        pygame.draw.line(surface, theme.VOLT_BEAM_CORE, a, tip, max(1, w // 5))


def draw_pit(s: pygame.Surface, rect: pygame.Rect) -> None:
    """A pit: a hazard-striped rim around a black hole."""
    c = rect.w
    stripes = pygame.Surface(rect.size, pygame.SRCALPHA)
    stripes.fill((*theme.VOLT_HAZARD, 255))
    step = max(4, c // 5)
    for i in range(-c, 2 * c, step):
        pygame.draw.polygon(stripes, (26, 26, 30, 255),
                            [(i, 0), (i + step // 2, 0), (i + step // 2 - c, c), (i - c, c)])
    s.blit(stripes, rect.topleft)
    hole = rect.inflate(-c * 0.24, -c * 0.24)
    pygame.draw.rect(s, theme.VOLT_PIT, hole, border_radius=max(2, c // 10))
    for k, shade in ((0.8, (22, 22, 30)), (0.55, (14, 14, 20)), (0.3, (4, 4, 6))):
        inner = pygame.Rect(0, 0, hole.w * k, hole.h * k)
        inner.center = hole.center
        pygame.draw.ellipse(s, shade, inner)


def draw_marker(surface: pygame.Surface, centre: tuple[float, float], radius: float,
                number: int | None = None) -> None:
    """A VP marker: a gold token with a star."""
    pygame.draw.circle(surface, (40, 30, 8), (centre[0] + 1, centre[1] + 2), radius)
    pygame.draw.circle(surface, theme.VOLT_VP_GOLD, centre, radius)
    pygame.draw.circle(surface, theme.VOLT_VP_DARK, centre, radius, max(1, int(radius * 0.14)))
    star = art.shape_points("star", centre, radius * 0.72)
    pygame.draw.polygon(surface, (255, 248, 214), star)


def draw_star(surface: pygame.Surface, centre: tuple[float, float], radius: float,
              filled: bool) -> None:
    points = art.shape_points("star", centre, radius)
    if filled:
        pygame.draw.polygon(surface, theme.VOLT_VP_GOLD, points)
        pygame.draw.polygon(surface, theme.VOLT_VP_DARK, points, max(1, int(radius * 0.12)))
    else:
        pygame.draw.polygon(surface, (70, 76, 92), points, max(1, int(radius * 0.14)))


def draw_damage(surface: pygame.Surface, centre: tuple[float, float], radius: float,
                filled: bool) -> None:
    """A damage marker slot: a red bolt when taken, an empty ring when not."""
    if not filled:
        pygame.draw.circle(surface, (70, 76, 92), centre, radius, max(1, int(radius * 0.16)))
        return
    pygame.draw.circle(surface, (150, 30, 26), centre, radius)
    cx, cy = centre
    r = radius
    bolt = [(cx + r * 0.15, cy - r * 0.75), (cx - r * 0.35, cy + r * 0.1), (cx, cy + r * 0.1),
            (cx - r * 0.15, cy + r * 0.75), (cx + r * 0.38, cy - r * 0.12),
            (cx + r * 0.02, cy - r * 0.12)]
    pygame.draw.polygon(surface, (255, 220, 90), bolt)


def draw_start_number(surface: pygame.Surface, centre: tuple[float, float], radius: float,
                      number: int | None) -> None:
    """A start number token (a white disc with the number), or an empty slot."""
    if number is None:
        pygame.draw.circle(surface, (70, 76, 92), centre, radius, max(1, int(radius * 0.12)))
        return
    pygame.draw.circle(surface, (20, 22, 28), (centre[0] + 1, centre[1] + 2), radius)
    pygame.draw.circle(surface, (244, 244, 236), centre, radius)
    pygame.draw.circle(surface, (40, 40, 48), centre, radius, max(1, int(radius * 0.12)))
    draw_text(surface, str(number), theme.font(radius * 1.2, bold=True), (30, 30, 36),
              (int(centre[0]), int(centre[1])), "center")


def draw_arrow(surface: pygame.Surface, centre: tuple[float, float], vector: tuple[float, float],
               size: float, colour: Colour, outline: Colour | None = None) -> None:
    """An arrow pointing along `vector` (screen units), `size` long, centred on `centre`."""
    length = math.hypot(*vector) or 1.0
    ux, uy = vector[0] / length, vector[1] / length
    px, py = -uy, ux
    cx, cy = centre
    h = size / 2
    pts = [(cx + ux * h, cy + uy * h),
           (cx + px * h * 0.75, cy + py * h * 0.75),
           (cx + px * h * 0.28, cy + py * h * 0.28),
           (cx + px * h * 0.28 - ux * h, cy + py * h * 0.28 - uy * h),
           (cx - px * h * 0.28 - ux * h, cy - py * h * 0.28 - uy * h),
           (cx - px * h * 0.28, cy - py * h * 0.28),
           (cx - px * h * 0.75, cy - py * h * 0.75)]
    pygame.draw.polygon(surface, colour, pts)
    if outline is not None:
        pygame.draw.polygon(surface, outline, pts, max(1, int(size * 0.06)))


def draw_burst(surface: pygame.Surface, centre: tuple[float, float], radius: float, t: float,
               colour: Colour = (255, 200, 80), rays: int = 9) -> None:
    """Sparks flying out from `centre`; `t` 0..1 is how far the burst has got."""
    for i in range(rays):
        angle = i * 2 * math.pi / rays + 0.4
        inner = radius * (0.2 + 0.8 * t)
        outer = inner + radius * 0.45 * (1 - t)
        a = (centre[0] + math.cos(angle) * inner, centre[1] + math.sin(angle) * inner)
        b = (centre[0] + math.cos(angle) * outer, centre[1] + math.sin(angle) * outer)
        pygame.draw.line(surface, colour, a, b, max(2, int(radius * 0.1)))
    if t < 0.5:
        pygame.draw.circle(surface, (255, 250, 220), centre, radius * 0.35 * (1 - t * 2))


# -- render tool -----------------------------------------------------------------------------

RENDER_SIDE_COLOURS = {side: rgb for side, (_name, rgb, _shape) in
                       zip((Direction.S, Direction.N, Direction.W, Direction.E),
                           theme.PLAYER_STYLES)}
"""Start fields in the rendered picture take the colours of seats 1-4 (South, North, West,
East), the way the setup screen hands them out."""


def render_arena(arena: Arena, legend: bool = False, cell: int = 64,
                 robots: Sequence[tuple[str, Pos, str | None]] = ()) -> pygame.Surface:
    """A picture of `arena` for designers (`python main.py render`), with a title and, when
    asked, a key of the fields; `robots` (a scenario's) where they stand."""
    cols, rows = arena.width, arena.height
    area_w = int(cell * (cols + 1.3))
    area_h = int(cell * (rows + 1.3))
    title_h, margin = int(cell * 0.9), int(cell * 0.3)
    width = max(area_w + 2 * margin, int(cell * 9.5))
    entries = legend_entries() if legend else []
    legend_h = legend_height(entries, cell, width - 2 * margin) if entries else 0
    surface = pygame.Surface((width, title_h + area_h + legend_h + margin))
    surface.fill(theme.BACKGROUND)
    draw_text(surface, f"{arena.name}  ·  {arena.width}×{arena.height}",
              theme.font(cell * 0.42, bold=True), theme.TEXT, (width // 2, title_h // 2),
              "center")
    area = pygame.Rect((width - area_w) // 2, title_h, area_w, area_h)
    view = ArenaView(arena, area, Direction.S, RENDER_SIDE_COLOURS)
    view.draw_board(surface)
    view.draw_named_robots(surface, robots)
    if entries:
        draw_legend(surface, pygame.Rect(margin, area.bottom, width - 2 * margin, legend_h),
                    entries, cell)
    return surface


def legend_entries() -> list[LegendEntry]:
    """The fields of an arena, each with its icon."""
    return [
        (_("pit"), draw_pit),
        (_("victory-point field"), lambda s, r: pygame.draw.circle(s, theme.VOLT_VP_GOLD, r.center,
                                                                   r.w * 0.4, 3)),
        (_("start field"), lambda s, r: pygame.draw.rect(s, RENDER_SIDE_COLOURS[Direction.S],
                                                         r.inflate(-r.w * 0.3, -r.h * 0.6))),
        (_("workshop"), lambda s, r: art.draw_gear(s, r.center, r.w * 0.38, theme.VOLT_WORKSHOP)),
        (_("wall"), lambda s, r: pygame.draw.line(s, theme.VOLT_WALL, r.midtop, r.midbottom, 5)),
    ]


def map_token_picture(token: str, size: int) -> pygame.Surface | None:
    """One square of `size` pixels as the arena map token `token` paints it, drawn by the
    arena view itself as the workbench draws the arena (start fields without a seat's
    colour); None for a token that is no square (the palette shows these beside their
    codes)."""
    if token not in MAP_TOKENS:
        return None
    kind, number, side = token_square(token)
    here = Pos(0, 0)
    arena = Arena(token, 1, 1, pits=frozenset({here} if kind is SquareKind.PIT else ()),
                  vp_fields=((number or 0, here),) if kind is SquareKind.VP else (),
                  starts=((side, (here,)),) if side is not None else (),
                  workshops=frozenset({here} if kind is SquareKind.WORKSHOP else ()))
    picture = pygame.Surface((size, size))
    ArenaView(arena, picture.get_rect(), Direction.S)._draw_square(picture, here,
                                                                   picture.get_rect())
    return picture


def render_scenario(ground: ScenarioGround, legend: bool = False) -> pygame.Surface:
    """A scenario's arena with its robots where they stand."""
    return render_arena(ground.ground, legend, robots=ground.robots)


RENDERERS = {"volt-arena/1": render_arena, "volt-scenario/1": render_scenario}
MAP_TOKEN_PICTURES = {"volt-arena/1": map_token_picture}
