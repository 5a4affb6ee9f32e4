"""Robot Master drawing: the six robot cards, the card back, and the table grid geometry.

Every value has its own robot (colour AND silhouette AND pips), and a large printed value,
so a card reads at a glance at 1280×720 and colour is never the only cue. Card faces are
drawn once per size and cached; the grid maps cells to pixels in one place (`TableGeometry`).
Drawing only: nothing here knows a rule."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.core.types import Pos
from game.ui import art, theme

Colour = tuple[int, int, int]

ROBOT_COLOURS: tuple[Colour, ...] = theme.RM_ROBOT_COLOURS


def robot_colour(value: int) -> Colour:
    return ROBOT_COLOURS[value % len(ROBOT_COLOURS)]


# -- the six robots ---------------------------------------------------------------------------

def _eye(surface: pygame.Surface, centre: tuple[float, float], r: float, lw: int) -> None:
    pygame.draw.circle(surface, theme.SHINE, centre, r)
    pygame.draw.circle(surface, theme.RM_OUTLINE, centre, r, max(1, lw // 2 + 1))
    pygame.draw.circle(surface, theme.INK, (centre[0], centre[1] + r * 0.15), r * 0.45)


def _box(surface: pygame.Surface, colour: Colour, rect: pygame.Rect, lw: int,
         radius: int = 0) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.RM_OUTLINE, rect, lw, border_radius=radius)


def _poly(surface: pygame.Surface, colour: Colour, points: list[tuple[float, float]],
          lw: int) -> None:
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, theme.RM_OUTLINE, points, lw)


def draw_robot_card_art(surface: pygame.Surface, rect: pygame.Rect, value: int) -> None:
    """The robot of `value` (0..5) filling `rect`: six different silhouettes."""
    s = min(rect.w, rect.h)
    cx, cy = rect.centerx, rect.centery
    c = robot_colour(value)
    dark, light = art.shade(c, 0.6), art.shade(c, 1.35)
    lw = max(1, round(s * 0.035))
    if value == 0:
        # a squat dome on a single wheel, one big eye, two little arms
        wheel: tuple[float, float] = (cx, cy + s * 0.36)
        pygame.draw.circle(surface, (60, 62, 70), wheel, s * 0.12)
        pygame.draw.circle(surface, theme.RM_OUTLINE, wheel, s * 0.12, lw)
        base_y = cy + s * 0.28
        r = s * 0.34
        dome = [(cx + r * math.cos(a), base_y - r * 1.05 * math.sin(a))
                for a in (math.pi * i / 24 for i in range(25))]
        _poly(surface, c, dome, lw)
        for side in (-1, 1):
            pygame.draw.line(surface, theme.RM_OUTLINE, (cx + side * r * 0.95, base_y - s * 0.1),
                             (cx + side * r * 1.3, base_y - s * 0.02), max(2, lw))
        band = pygame.Rect(0, 0, r * 1.5, s * 0.07)
        band.midbottom = (cx, base_y - lw)
        pygame.draw.rect(surface, dark, band, border_radius=max(1, int(s * 0.03)))
        _eye(surface, (cx, base_y - r * 0.52), s * 0.13, lw)
        pygame.draw.circle(surface, light, (cx - r * 0.45, base_y - r * 0.75), s * 0.04)
    elif value == 1:
        # a tall thin robot: narrow head, long neck, one antenna, stick legs
        for dx in (-0.08, 0.08):
            pygame.draw.line(surface, theme.RM_OUTLINE, (cx + s * dx, cy + s * 0.18),
                             (cx + s * dx * 1.4, cy + s * 0.44), max(2, lw + 1))
        body = pygame.Rect(0, 0, s * 0.3, s * 0.36)
        body.midbottom = (cx, cy + s * 0.22)
        _box(surface, c, body, lw, int(s * 0.05))
        for dx in (-1, 1):
            pygame.draw.line(surface, theme.RM_OUTLINE, (cx + dx * body.w / 2, body.y + s * 0.06),
                             (cx + dx * s * 0.3, body.y - s * 0.08), max(2, lw))
        pygame.draw.line(surface, theme.RM_OUTLINE, (cx, body.y), (cx, body.y - s * 0.06), lw)
        head = pygame.Rect(0, 0, s * 0.26, s * 0.2)
        head.midbottom = (cx, body.y - s * 0.05)
        _box(surface, light, head, lw, int(s * 0.04))
        _eye(surface, (cx, head.centery), s * 0.06, lw)
        pygame.draw.line(surface, theme.RM_OUTLINE, (cx, head.y), (cx, head.y - s * 0.12), lw)
        pygame.draw.circle(surface, theme.ACCENT, (cx, head.y - s * 0.13), max(2, s * 0.04))
        pygame.draw.line(surface, dark, (cx - body.w * 0.3, body.centery),
                         (cx + body.w * 0.3, body.centery), max(1, lw))
    elif value == 2:
        # a wide twin robot on two wheels, two antennas, two eyes
        for dx in (-0.22, 0.22):
            wheel = (cx + s * dx, cy + s * 0.34)
            pygame.draw.circle(surface, (60, 62, 70), wheel, s * 0.1)
            pygame.draw.circle(surface, theme.RM_OUTLINE, wheel, s * 0.1, lw)
        body = pygame.Rect(0, 0, s * 0.72, s * 0.32)
        body.midbottom = (cx, cy + s * 0.3)
        _box(surface, c, body, lw, int(s * 0.1))
        head = pygame.Rect(0, 0, s * 0.56, s * 0.24)
        head.midbottom = (cx, body.y + lw)
        _box(surface, light, head, lw, int(s * 0.08))
        for dx in (-0.12, 0.12):
            _eye(surface, (cx + s * dx, head.centery), s * 0.065, lw)
            pygame.draw.line(surface, theme.RM_OUTLINE, (cx + s * dx * 1.6, head.y),
                             (cx + s * dx * 2.2, head.y - s * 0.12), lw)
            pygame.draw.circle(surface, theme.ACCENT, (cx + s * dx * 2.2, head.y - s * 0.12),
                               max(2, s * 0.035))
        for dx in (-0.16, 0.16):
            pygame.draw.circle(surface, dark, (cx + s * dx, body.centery + s * 0.02), s * 0.05)
    elif value == 3:
        # a tripod: triangular head on three legs
        for dx in (-0.26, 0.0, 0.26):
            foot = (cx + s * dx, cy + s * 0.44)
            pygame.draw.line(surface, theme.RM_OUTLINE, (cx, cy + s * 0.12), foot, max(2, lw + 1))
            pygame.draw.circle(surface, dark, foot, max(2, s * 0.04))
        head_outline = [(cx - s * 0.34, cy - s * 0.22), (cx + s * 0.34, cy - s * 0.22),
                        (cx, cy + s * 0.24)]
        _poly(surface, c, head_outline, lw)
        for dx in (-0.11, 0.11):
            _eye(surface, (cx + s * dx, cy - s * 0.1), s * 0.06, lw)
        pygame.draw.line(surface, theme.RM_OUTLINE, (cx - s * 0.06, cy + s * 0.04),
                         (cx + s * 0.06, cy + s * 0.04), lw)
        for dx in (-0.3, 0.0, 0.3):
            tip = (cx + s * dx, cy - s * 0.36)
            pygame.draw.line(surface, theme.RM_OUTLINE, (cx + s * dx * 0.8, cy - s * 0.22), tip, lw)
            pygame.draw.circle(surface, light, tip, max(2, s * 0.035))
            pygame.draw.circle(surface, theme.RM_OUTLINE, tip, max(2, s * 0.035), max(1, lw // 2))
    elif value == 4:
        # a heavy box on treads with claws and four bolts
        tread = pygame.Rect(0, 0, s * 0.72, s * 0.14)
        tread.midbottom = (cx, cy + s * 0.44)
        _box(surface, (58, 60, 68), tread, lw, int(s * 0.06))
        for i in range(5):
            x = tread.x + tread.w * (i + 0.5) / 5
            pygame.draw.circle(surface, (120, 122, 130), (x, tread.centery), s * 0.03)
        body = pygame.Rect(0, 0, s * 0.56, s * 0.42)
        body.midbottom = (cx, tread.y + lw)
        _box(surface, c, body, lw, int(s * 0.04))
        for bx in (0.12, 0.88):
            for by in (0.15, 0.85):
                pygame.draw.circle(surface, dark, (body.x + body.w * bx, body.y + body.h * by),
                                   max(2, s * 0.03))
        visor = pygame.Rect(0, 0, body.w * 0.7, s * 0.1)
        visor.center = (cx, body.y + body.h * 0.35)
        _box(surface, (30, 36, 44), visor, max(1, lw // 2), int(s * 0.03))
        pygame.draw.rect(surface, theme.GUIDE_LIGHT, visor.inflate(-visor.w * 0.3, -visor.h * 0.5),
                         border_radius=int(s * 0.02))
        for side in (-1, 1):
            arm_x = cx + side * body.w / 2
            claw = (arm_x + side * s * 0.14, body.y + body.h * 0.55)
            pygame.draw.line(surface, theme.RM_OUTLINE, (arm_x, body.y + body.h * 0.45), claw,
                             max(2, lw + 1))
            pygame.draw.arc(surface, theme.RM_OUTLINE,
                            pygame.Rect(claw[0] - s * 0.07, claw[1] - s * 0.05,
                                                          s * 0.14, s * 0.14),
                            0.3 if side > 0 else math.pi * 0.7,
                            math.pi * 1.3 if side > 0 else math.pi * 2.3, max(2, lw))
    else:
        # the commander: broad shoulders, a star on the chest, a crown of five spikes
        torso = [(cx - s * 0.36, cy - s * 0.02), (cx + s * 0.36, cy - s * 0.02),
                 (cx + s * 0.24, cy + s * 0.42), (cx - s * 0.24, cy + s * 0.42)]
        _poly(surface, c, torso, lw)
        art.draw_emblem(surface, "star", (cx, cy + s * 0.19), s * 0.13, theme.ACCENT,
                        theme.RM_OUTLINE)
        head = pygame.Rect(0, 0, s * 0.4, s * 0.26)
        head.midbottom = (cx, cy + lw)
        _box(surface, light, head, lw, int(s * 0.1))
        crown = [(head.x + s * 0.02, head.y + s * 0.02)]
        for i in range(5):
            x0 = head.x + s * 0.02 + (head.w - s * 0.04) * i / 5
            x1 = head.x + s * 0.02 + (head.w - s * 0.04) * (i + 0.5) / 5
            crown += [(x0, head.y + s * 0.02), (x1, head.y - s * 0.1)]
        crown += [(head.right - s * 0.02, head.y + s * 0.02)]
        _poly(surface, theme.ACCENT, crown, max(1, lw - 1))
        for dx in (-0.08, 0.08):
            _eye(surface, (cx + s * dx, head.centery + s * 0.01), s * 0.055, lw)


def draw_pips(surface: pygame.Surface, value: int, centre: tuple[float, float], r: float,
              colour: Colour, gap: float = 2.5) -> None:
    """`value` small dots in a row (an empty ring for 0): a second cue besides the numeral."""
    if value == 0:
        pygame.draw.circle(surface, colour, centre, r, max(1, int(r * 0.45)))
        return
    gap = r * gap
    x0 = centre[0] - gap * (value - 1) / 2
    for i in range(value):
        pygame.draw.circle(surface, colour, (x0 + gap * i, centre[1]), r)


# -- cards --------------------------------------------------------------------------------------

class CardArt:
    """Card faces and backs drawn once per (value, size) and cached."""

    def __init__(self) -> None:
        self._cache: dict[tuple[str, int, int, int], pygame.Surface] = {}

    def face(self, value: int, size: tuple[int, int]) -> pygame.Surface:
        key = ("face", value, max(8, size[0]), max(8, size[1]))
        image = self._cache.get(key)
        if image is None:
            image = render_face(value, (key[2], key[3]))
            self._trim()
            self._cache[key] = image
        return image

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        key = ("back", 0, max(8, size[0]), max(8, size[1]))
        image = self._cache.get(key)
        if image is None:
            image = render_back((key[2], key[3]))
            self._trim()
            self._cache[key] = image
        return image

    def _trim(self) -> None:
        if len(self._cache) > 200:  # window sizes change; old sizes go
            self._cache.clear()


def render_face(value: int, size: tuple[int, int]) -> pygame.Surface:
    """A card of `value`: cream face, coloured frame, a large value top left, the robot."""
    w, h = size
    image = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = image.get_rect()
    radius = max(3, int(min(w, h) * 0.1))
    c = robot_colour(value)
    pygame.draw.rect(image, c, rect, border_radius=radius)
    inner = rect.inflate(-max(4, int(min(w, h) * 0.09)), -max(4, int(min(w, h) * 0.09)))
    pygame.draw.rect(image, theme.RM_CARD_FACE, inner, border_radius=max(2, radius - 2))
    # the value big top left; the robot low (right on square cards, centred on tall ones)
    s = min(w, h)
    tall = h >= w * 1.2
    pip_r = max(1.5, s * 0.04)
    if tall:
        robot = pygame.Rect(0, 0, int(w * 0.8), int(w * 0.8))
        robot.midbottom = (inner.centerx, inner.bottom - int(h * 0.09))
        pips_at: tuple[float, float] = (inner.centerx, inner.bottom - h * 0.05)
    else:
        robot = pygame.Rect(0, 0, int(s * 0.64), int(s * 0.64))
        robot.bottomright = (inner.right - int(s * 0.02), inner.bottom - int(s * 0.03))
        pips_at = (inner.x + s * 0.07 + pip_r * 2.2 * max(0, value - 1) / 2,
                   inner.bottom - s * 0.07)
    glow = pygame.Rect(0, 0, int(robot.w * 0.95), int(robot.h * 0.95))
    glow.center = robot.center
    pygame.draw.ellipse(image, art.shade(c, 1.75), glow)
    draw_robot_card_art(image, robot, value)
    big = theme.font(max(10, h * (0.4 if tall else 0.5)), bold=True)
    text = big.render(str(value), True, art.shade(c, 0.45))
    outline = big.render(str(value), True, theme.RM_CARD_FACE)
    pos = text.get_rect(topleft=(inner.x + int(s * 0.05), inner.y - int(h * 0.03)))
    for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2)):
        image.blit(outline, pos.move(dx, dy))
    image.blit(text, pos)
    draw_pips(image, value, pips_at, pip_r, art.shade(c, 0.5), gap=2.2 if not tall else 2.6)
    pygame.draw.rect(image, theme.RM_CARD_EDGE, rect, max(1, int(s * 0.025)), border_radius=radius)
    return image


def render_back(size: tuple[int, int]) -> pygame.Surface:
    """The face-down card: the same for every value, so it tells nothing."""
    w, h = size
    image = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = image.get_rect()
    s = min(w, h)
    radius = max(3, int(s * 0.1))
    pygame.draw.rect(image, (44, 58, 96), rect, border_radius=radius)
    inner = rect.inflate(-max(4, int(s * 0.12)), -max(4, int(s * 0.12)))
    pygame.draw.rect(image, (64, 84, 136), inner, max(1, int(s * 0.04)),
                     border_radius=max(2, radius - 2))
    art.draw_gear(image, rect.center, s * 0.3, (92, 112, 170), teeth=8)
    pygame.draw.circle(image, (44, 58, 96), rect.center, s * 0.1)
    pygame.draw.rect(image, theme.RM_CARD_EDGE, rect, max(1, int(s * 0.025)), border_radius=radius)
    return image


# -- the table grid ---------------------------------------------------------------------------

VIEW_CELLS = 7
"""The table shows 7 × 7 cells: the 5 × 5 frame and a ring of cells to place into."""


@dataclass
class TableGeometry:
    """Maps table cells (relative to the start card) to pixels and back: the one place that
    knows where a cell is drawn. `centre` is the cell coordinate (float) drawn at the middle
    of `area`; the scene eases it towards the middle of the cards on the table."""

    area: pygame.Rect
    cell: int
    centre: tuple[float, float] = (0.0, 0.0)

    def cell_rect(self, pos: Pos) -> pygame.Rect:
        x = self.area.centerx + (pos.x - self.centre[0] - 0.5) * self.cell
        y = self.area.centery + (pos.y - self.centre[1] - 0.5) * self.cell
        return pygame.Rect(round(x), round(y), self.cell, self.cell)

    def card_rect(self, pos: Pos) -> pygame.Rect:
        gap = max(2, self.cell // 16)
        return self.cell_rect(pos).inflate(-gap * 2, -gap * 2)

    def pos_at(self, pixel: tuple[int, int]) -> Pos | None:
        """The cell under `pixel`, or None outside the drawn area."""
        if not self.area.collidepoint(pixel):
            return None
        fx = (pixel[0] - self.area.centerx) / self.cell + self.centre[0] + 0.5
        fy = (pixel[1] - self.area.centery) / self.cell + self.centre[1] + 0.5
        return Pos(math.floor(fx), math.floor(fy))


def bbox_centre(cells: dict[Pos, int] | list[Pos]) -> tuple[float, float]:
    """The middle of the cards' bounding box (cell coordinates), (0, 0) for an empty table."""
    if not cells:
        return (0.0, 0.0)
    xs = [p.x for p in cells]
    ys = [p.y for p in cells]
    return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)


def draw_table_felt(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The green baize the grid lies on."""
    radius = max(6, rect.h // 30)
    pygame.draw.rect(surface, (26, 74, 56), rect, border_radius=radius)
    inner = rect.inflate(-8, -8)
    pygame.draw.rect(surface, (34, 90, 68), inner, 2, border_radius=radius)


def draw_legal_cell(surface: pygame.Surface, rect: pygame.Rect, *, hot: bool, phase: float) -> None:
    """A place a card may go: a dashed gold frame with a plus (brighter under the mouse)."""
    colour = (255, 214, 110) if hot else (214, 178, 90)
    fill = pygame.Surface(rect.size, pygame.SRCALPHA)
    alpha = 110 if hot else 46 + int(20 * (1 + math.sin(phase * 3)) / 2)
    pygame.draw.rect(fill, (*colour, alpha), fill.get_rect(), border_radius=max(3, rect.w // 10))
    surface.blit(fill, rect)
    lw = max(2, rect.w // 24)
    for start, end in ((rect.topleft, rect.topright), (rect.bottomleft, rect.bottomright),
                       (rect.topleft, rect.bottomleft), (rect.topright, rect.bottomright)):
        art.draw_dashed_line(surface, colour, start, end, lw, max(4, rect.w // 8))
    arm = rect.w * 0.16
    cx, cy = rect.center
    pygame.draw.line(surface, colour, (cx - arm, cy), (cx + arm, cy), lw + 1)
    pygame.draw.line(surface, colour, (cx, cy - arm), (cx, cy + arm), lw + 1)


def draw_side_icon(surface: pygame.Surface, side: str, rect: pygame.Rect, colour: Colour) -> None:
    """Three bars, horizontal for rows, vertical for columns: the side in a picture."""
    lw = max(2, rect.h // 6)
    for i in range(3):
        t = (i + 0.5) / 3
        if side == "rows":
            y = rect.y + rect.h * t
            pygame.draw.line(surface, colour, (rect.x, y), (rect.right, y), lw)
        else:
            x = rect.x + rect.w * t
            pygame.draw.line(surface, colour, (x, rect.y), (x, rect.bottom), lw)
