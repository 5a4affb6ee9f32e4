"""Painting the floor of a RoboRally square: plain floor, pits, oil, gears, crushers,
flamers, repair sites, portals, start squares and checkpoints (belts: belt_painter.py;
wall-mounted elements and the whole board: roborally_view.py). Register numbers and portal
tags are not painted here: board_labels.py lays them out over the finished board."""

from __future__ import annotations

import math

import pygame

from game.core.types import Direction
from game.roborally.model import Burner, Crusher, Gear, Portal, Repair
from game.ui import art, theme
from game.ui.portal_look import portal_colour

Colour = tuple[int, int, int]



def tile_font(px: float, bold: bool = True) -> pygame.font.Font:
    """The type on a square: never below the smallest legible size."""
    return theme.font(max(8, px), bold)


def tile_text(surface: pygame.Surface, text: str, px: float, colour: Colour, centre: tuple[float, float],
          *, outline: Colour | None = None, bold: bool = True) -> None:
    """`text` centred on `centre`, with an optional one-pixel outline."""
    f = tile_font(px, bold)
    image = f.render(text, True, colour)
    rect = image.get_rect(center=(int(centre[0]), int(centre[1])))
    if outline is not None:
        shadow = f.render(text, True, outline)
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            surface.blit(shadow, rect.move(dx, dy))
    surface.blit(image, rect)


def side_point(rect: pygame.Rect, d: Direction, inset: float = 0.0) -> tuple[float, float]:
    """The middle of side `d` of `rect`, moved `inset` pixels toward the centre."""
    cx, cy = rect.centerx, rect.centery
    dx, dy = d.delta
    half = rect.w / 2 - inset
    return (cx + dx * half, cy + dy * half)


# -- tiles -----------------------------------------------------------------------------------


def draw_floor(s: pygame.Surface, r: pygame.Rect) -> None:
    s.fill(theme.RR_FLOOR, r)
    t = r.w
    pygame.draw.rect(s, theme.RR_FLOOR_EDGE, r, max(1, t // 24))
    if t >= 20:
        inner = r.inflate(-t * 0.16, -t * 0.16)
        pygame.draw.line(s, theme.RR_FLOOR_LIGHT, inner.topleft, inner.topright)
        pygame.draw.line(s, theme.RR_FLOOR_LIGHT, inner.topleft, inner.bottomleft)
        rr = max(1, t // 22)
        for x, y in ((r.x + t * 0.12, r.y + t * 0.12), (r.right - t * 0.12, r.y + t * 0.12),
                     (r.x + t * 0.12, r.bottom - t * 0.12), (r.right - t * 0.12, r.bottom - t * 0.12)):
            pygame.draw.circle(s, theme.RR_FLOOR_EDGE, (x, y), rr)


def draw_pit(s: pygame.Surface, r: pygame.Rect) -> None:
    t = r.w
    s.fill((30, 28, 22), r)
    stripe = max(2, t // 8)
    old = s.get_clip()
    s.set_clip(r)
    for k in range(-t, t * 2, stripe * 2):
        pygame.draw.polygon(s, (230, 190, 30), [(r.x + k, r.y), (r.x + k + stripe, r.y),
                                                (r.x + k + stripe - t, r.bottom),
                                                (r.x + k - t, r.bottom)])
    s.set_clip(old)
    hole = r.inflate(-t * 0.24, -t * 0.24)
    pygame.draw.rect(s, (6, 6, 10), hole, border_radius=max(2, t // 10))
    pygame.draw.rect(s, (40, 40, 50), hole.inflate(-t * 0.2, -t * 0.2), border_radius=max(2, t // 12))
    pygame.draw.rect(s, (0, 0, 0), hole.inflate(-t * 0.36, -t * 0.36), border_radius=max(2, t // 14))


def draw_oil(s: pygame.Surface, r: pygame.Rect) -> None:
    draw_floor(s, r)
    t = r.w
    for fx, fy, fw, fh in ((0.14, 0.2, 0.56, 0.42), (0.38, 0.42, 0.5, 0.44), (0.2, 0.56, 0.34, 0.3)):
        blob = pygame.Rect(r.x + t * fx, r.y + t * fy, t * fw, t * fh)
        pygame.draw.ellipse(s, (22, 20, 30), blob)
    sheen = pygame.Rect(r.x + t * 0.3, r.y + t * 0.32, t * 0.24, t * 0.1)
    pygame.draw.ellipse(s, (110, 70, 150), sheen, max(1, t // 20))
    sheen2 = pygame.Rect(r.x + t * 0.52, r.y + t * 0.62, t * 0.2, t * 0.08)
    pygame.draw.ellipse(s, (60, 120, 140), sheen2, max(1, t // 24))


def _arc_arrow(s: pygame.Surface, centre: tuple[float, float], radius: float, clockwise: bool,
               colour: Colour, width: int) -> None:
    cx, cy = centre
    rect = pygame.Rect(0, 0, radius * 2, radius * 2)
    rect.center = (int(cx), int(cy))
    for start in (0.3, math.pi + 0.3):
        pygame.draw.arc(s, colour, rect, start, start + math.pi * 0.62, width)
        # the arrowhead sits at the arc's end in the turning direction (screen y points down)
        end = start + math.pi * 0.62 if not clockwise else start
        ex, ey = cx + radius * math.cos(end), cy - radius * math.sin(end)
        tangent = end + (math.pi / 2 if not clockwise else -math.pi / 2)
        tx, ty = math.cos(tangent), -math.sin(tangent)
        nx, ny = math.cos(end), -math.sin(end)
        head = radius * 0.55
        pts = [(ex + tx * head, ey + ty * head), (ex + nx * head * 0.55, ey + ny * head * 0.55),
               (ex - nx * head * 0.55, ey - ny * head * 0.55)]
        pygame.draw.polygon(s, colour, pts)


def draw_gear_tile(s: pygame.Surface, r: pygame.Rect, gear: Gear) -> None:
    draw_floor(s, r)
    t = r.w
    colour = theme.RR_GEAR_CW if gear.clockwise else theme.RR_GEAR_CCW
    art.draw_gear(s, r.center, t * 0.44, colour, teeth=8)
    pygame.draw.circle(s, art.shade(colour, 0.5), r.center, t * 0.44 * 0.8, max(1, t // 24))
    _arc_arrow(s, r.center, t * 0.25, gear.clockwise, theme.SHINE, max(2, t // 14))


def draw_crusher(s: pygame.Surface, r: pygame.Rect, crusher: Crusher, active: bool | None) -> None:
    draw_floor(s, r)
    t = r.w
    metal = (70, 72, 82) if not active else (150, 60, 50)
    for top in (True, False):
        jaw = pygame.Rect(r.x + t * 0.1, r.y + t * (0.08 if top else 0.66), t * 0.8, t * 0.26)
        pygame.draw.rect(s, metal, jaw, border_radius=max(1, t // 16))
        pygame.draw.rect(s, theme.INK, jaw, max(1, t // 30), border_radius=max(1, t // 16))
        teeth = 4
        for i in range(teeth):
            x0 = jaw.x + jaw.w * i / teeth
            x1 = jaw.x + jaw.w * (i + 1) / teeth
            y = jaw.bottom if top else jaw.top
            tip = y + (t * 0.12 if top else -t * 0.12)
            pygame.draw.polygon(s, (200, 200, 210), [(x0, y), (x1, y), ((x0 + x1) / 2, tip)])


def draw_burner(s: pygame.Surface, r: pygame.Rect, burner: Burner, active: bool | None) -> None:
    draw_floor(s, r)
    t = r.w
    cx, cy = r.centerx, r.centery
    grate = r.inflate(-t * 0.2, -t * 0.2)
    pygame.draw.rect(s, (60, 50, 46), grate, border_radius=max(2, t // 10))
    for i in range(1, 4):
        y = grate.y + grate.h * i / 4
        pygame.draw.line(s, (30, 24, 22), (grate.x, y), (grate.right, y), max(1, t // 30))
    scale = 1.0 if active is not False else 0.75
    outer = [(cx, cy - t * 0.36 * scale), (cx + t * 0.2 * scale, cy - t * 0.02),
             (cx + t * 0.14 * scale, cy + t * 0.18), (cx - t * 0.14 * scale, cy + t * 0.18),
             (cx - t * 0.2 * scale, cy - t * 0.02)]
    inner = [(cx, cy - t * 0.18 * scale), (cx + t * 0.09 * scale, cy + t * 0.02),
             (cx, cy + t * 0.14 * scale), (cx - t * 0.09 * scale, cy + t * 0.02)]
    pygame.draw.polygon(s, (250, 120, 30) if active is not False else (170, 100, 60), outer)
    pygame.draw.polygon(s, (255, 230, 90) if active is not False else (200, 170, 110), inner)


def _wrench(s: pygame.Surface, centre: tuple[float, float], length: float, angle: float,
            colour: Colour) -> None:
    cx, cy = centre
    a = math.radians(angle)
    dx, dy = math.cos(a) * length / 2, math.sin(a) * length / 2
    w = max(2, int(length * 0.16))
    pygame.draw.line(s, colour, (cx - dx, cy - dy), (cx + dx, cy + dy), w)
    for sign in (-1, 1):
        hx, hy = cx + sign * dx, cy + sign * dy
        pygame.draw.circle(s, colour, (hx, hy), length * 0.18)
        pygame.draw.circle(s, (40, 120, 70), (hx + sign * dx * 0.2, hy + sign * dy * 0.2),
                           length * 0.09)


def draw_repair(s: pygame.Surface, r: pygame.Rect, repair: Repair) -> None:
    t = r.w
    s.fill((46, 120, 72), r)
    pygame.draw.rect(s, (28, 80, 46), r, max(1, t // 16))
    pygame.draw.rect(s, (120, 210, 140), r.inflate(-t * 0.14, -t * 0.14), max(1, t // 28),
                     border_radius=max(2, t // 10))
    if repair.wrenches >= 2:
        _wrench(s, r.center, t * 0.62, 45, (235, 240, 235))
        _wrench(s, r.center, t * 0.62, 135, (235, 240, 235))
    else:
        _wrench(s, r.center, t * 0.66, 45, (235, 240, 235))


def draw_portal(s: pygame.Surface, r: pygame.Rect, portal: Portal) -> None:
    draw_floor(s, r)
    t = r.w
    colour = portal_colour(portal.color)
    pygame.draw.circle(s, art.shade(colour, 0.45), r.center, t * 0.44)
    for k, f in enumerate((0.4, 0.3, 0.2)):
        pygame.draw.circle(s, art.shade(colour, 1.0 + 0.15 * k), r.center, t * f, max(1, t // 14))
    pygame.draw.circle(s, (12, 10, 20), r.center, t * 0.1)


def draw_start(s: pygame.Surface, r: pygame.Rect, number: int, facing: Direction) -> None:
    t = r.w
    inner = r.inflate(-t * 0.14, -t * 0.14)
    pygame.draw.rect(s, (60, 64, 74), inner, border_radius=max(2, t // 10))
    pygame.draw.rect(s, (236, 236, 236), inner, max(1, t // 18), border_radius=max(2, t // 10))
    tile_text(s, str(number), t * 0.42, (236, 236, 236), (r.centerx, r.centery + t * 0.06))
    tip = side_point(inner, facing, t * 0.02)
    base = side_point(inner, facing, t * 0.17)
    dx, dy = facing.delta
    px, py = -dy, dx
    pygame.draw.polygon(s, (236, 236, 236), [tip, (base[0] + px * t * 0.1, base[1] + py * t * 0.1),
                                              (base[0] - px * t * 0.1, base[1] - py * t * 0.1)])


def flag_spots(r: pygame.Rect, count: int) -> list[pygame.Rect]:
    """Where each of `count` flags on the square `r` is drawn: the whole square for one, a
    grid of smaller squares for more (a course may not stack flags, but a picture of one
    that does must show them all)."""
    across = math.ceil(math.sqrt(count))
    size = r.w // across
    rows = math.ceil(count / across)
    top = r.y + (r.w - rows * size) // 2
    return [pygame.Rect(r.x + (k % across) * size, top + (k // across) * size, size, size)
            for k in range(count)]


def draw_flag(s: pygame.Surface, r: pygame.Rect, number: int) -> None:
    t = r.w
    plate = pygame.Rect(0, 0, t * 0.78, t * 0.78)
    plate.center = r.center
    pygame.draw.ellipse(s, (250, 250, 246), plate)
    pygame.draw.ellipse(s, theme.INK, plate, max(1, t // 22))
    pole_x = plate.x + plate.w * 0.34
    pygame.draw.line(s, (30, 30, 30), (pole_x, plate.y + plate.h * 0.16),
                     (pole_x, plate.bottom - plate.h * 0.16), max(1, t // 22))
    pygame.draw.polygon(s, (214, 40, 44), [(pole_x, plate.y + plate.h * 0.16),
                                           (plate.right - plate.w * 0.12, plate.y + plate.h * 0.3),
                                           (pole_x, plate.y + plate.h * 0.46)])
    tile_text(s, str(number), t * 0.34, (10, 10, 10), (plate.centerx + t * 0.08, plate.centery + t * 0.17))
