"""Vector art drawn in code: robots, player emblems, dice and decorations.

Everything is drawn from shapes at the size asked for, so it stays sharp at any window size.
Robots differ by colour AND by emblem shape and letter, so colour is never the only cue."""

from __future__ import annotations

import math

import pygame

from game.ui import theme
from game.ui.text_drawing import render_line

Colour = tuple[int, int, int]


def shade(colour: Colour, factor: float) -> Colour:
    """Darker (factor < 1) or lighter (factor > 1) version of `colour`."""
    if factor <= 1:
        return (int(colour[0] * factor), int(colour[1] * factor), int(colour[2] * factor))
    return tuple(int(c + (255 - c) * (factor - 1)) for c in colour)  # type: ignore[return-value]


def shape_points(shape: str, centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """Outline of an emblem shape (polygon shapes only)."""
    cx, cy = centre
    if shape == "square":
        r = radius * 0.85
        return [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    if shape == "triangle":
        return [(cx + radius * math.cos(a), cy + radius * math.sin(a))
                for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)]
    if shape == "diamond":
        return [(cx, cy - radius), (cx + radius, cy), (cx, cy + radius), (cx - radius, cy)]
    if shape == "hexagon":
        return [(cx + radius * math.cos(a), cy + radius * math.sin(a))
                for a in (math.pi / 3 * i for i in range(6))]
    if shape == "star":
        points = []
        for i in range(10):
            r = radius if i % 2 == 0 else radius * 0.45
            a = -math.pi / 2 + i * math.pi / 5
            points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        return points
    if shape == "cross":
        t = radius * 0.38
        r = radius
        return [(cx - t, cy - r), (cx + t, cy - r), (cx + t, cy - t), (cx + r, cy - t),
                (cx + r, cy + t), (cx + t, cy + t), (cx + t, cy + r), (cx - t, cy + r),
                (cx - t, cy + t), (cx - r, cy + t), (cx - r, cy - t), (cx - t, cy - t)]
    return []


def draw_emblem(surface: pygame.Surface, shape: str, centre: tuple[float, float], radius: float,
                colour: Colour, outline: Colour = theme.INK) -> None:
    """A player's emblem: a filled shape with a dark outline."""
    if shape in ("circle", "ring"):
        pygame.draw.circle(surface, colour, centre, radius)
        pygame.draw.circle(surface, outline, centre, radius, max(1, int(radius * 0.18)))
        if shape == "ring":
            pygame.draw.circle(surface, outline, centre, radius * 0.45, max(1, int(radius * 0.18)))
        return
    points = shape_points(shape, centre, radius)
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, outline, points, max(1, int(radius * 0.16)))


def draw_robot(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, *,
               shape: str = "circle", letter: str = "", facing: float | None = None,
               mood: str = "happy") -> None:
    """A friendly factory robot seen from above-front, filling `rect`.

    `facing` (degrees clockwise from north), when given, draws a pointer wedge so the
    robot's heading reads at a glance; 0 points up."""
    s = min(rect.w, rect.h)
    cx, cy = rect.center
    dark = shade(colour, 0.55)
    light = shade(colour, 1.35)
    outline = (24, 24, 30)
    lw = max(1, int(s * 0.035))
    if facing is not None:
        angle = math.radians(facing - 90)
        tip = (cx + math.cos(angle) * s * 0.5, cy + math.sin(angle) * s * 0.5)
        side = math.radians(28)
        base_r = s * 0.30
        wedge = [tip,
                 (cx + math.cos(angle + side) * base_r, cy + math.sin(angle + side) * base_r),
                 (cx + math.cos(angle - side) * base_r, cy + math.sin(angle - side) * base_r)]
        pygame.draw.polygon(surface, theme.ACCENT, wedge)
        pygame.draw.polygon(surface, outline, wedge, lw)
    # treads
    for dx in (-0.33, 0.23):
        tread = pygame.Rect(cx + s * dx, cy - s * 0.05, s * 0.1, s * 0.34)
        pygame.draw.rect(surface, (50, 52, 60), tread, border_radius=int(s * 0.03))
        pygame.draw.rect(surface, outline, tread, lw, border_radius=int(s * 0.03))
    # body
    body = pygame.Rect(0, 0, s * 0.5, s * 0.36)
    body.center = (cx, cy + s * 0.1)
    pygame.draw.rect(surface, colour, body, border_radius=int(s * 0.08))
    pygame.draw.rect(surface, outline, body, lw, border_radius=int(s * 0.08))
    # head
    head = pygame.Rect(0, 0, s * 0.42, s * 0.28)
    head.midbottom = (cx, body.y + s * 0.03)
    pygame.draw.rect(surface, light, head, border_radius=int(s * 0.09))
    pygame.draw.rect(surface, outline, head, lw, border_radius=int(s * 0.09))
    # antenna
    pygame.draw.line(surface, outline, (cx, head.y), (cx, head.y - s * 0.09), lw)
    pygame.draw.circle(surface, theme.ACCENT, (cx, head.y - s * 0.1), max(2, s * 0.035))
    # eyes
    for ex in (-0.09, 0.09):
        eye_c = (cx + s * ex, head.centery - s * 0.01)
        pygame.draw.circle(surface, theme.SHINE, eye_c, s * 0.055)
        pygame.draw.circle(surface, outline, eye_c, s * 0.055, max(1, lw // 2))
        pygame.draw.circle(surface, theme.INK_ON_LIGHT, (eye_c[0], eye_c[1] + s * 0.008), s * 0.025)
    # mouth
    mouth = pygame.Rect(0, 0, s * 0.14, s * 0.06)
    mouth.center = (cx, head.bottom - s * 0.06)
    if mood == "happy":
        pygame.draw.arc(surface, outline, mouth, math.pi, 2 * math.pi, max(1, lw))
    else:
        pygame.draw.line(surface, outline, mouth.midleft, mouth.midright, max(1, lw))
    # chest emblem and letter
    emblem_r = s * 0.11
    draw_emblem(surface, shape, (body.x + body.w * 0.3, body.centery), emblem_r, dark, outline)
    if letter:
        f = theme.font(s * 0.2, bold=True)
        image = render_line(f, letter, outline)
        surface.blit(image, image.get_rect(center=(body.x + body.w * 0.7, body.centery)))


def draw_die(surface: pygame.Surface, rect: pygame.Rect, value: int, colour: Colour,
             pip: Colour = theme.SHINE) -> None:
    """A six-sided die showing `value` (1–6)."""
    radius = int(rect.w * 0.18)
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.INK, rect, max(1, rect.w // 20), border_radius=radius)
    spots = {1: [(0.5, 0.5)], 2: [(0.28, 0.28), (0.72, 0.72)],
             3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
             4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
             5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
             6: [(0.28, 0.22), (0.72, 0.22), (0.28, 0.5), (0.72, 0.5), (0.28, 0.78),
                 (0.72, 0.78)]}
    for px, py in spots.get(value, []):
        pygame.draw.circle(surface, pip, (rect.x + rect.w * px, rect.y + rect.h * py),
                           max(2, rect.w * 0.09))


def draw_dashed_line(surface: pygame.Surface, colour: Colour | tuple[int, ...],
                     a: tuple[float, float], b: tuple[float, float], width: int,
                     dash: float) -> None:
    """A line from `a` to `b` cut into dashes about `dash` long with gaps as long, starting
    with a dash: a plan not yet made (a VOLT shot, a RoboRally card only tried)."""
    parts = max(2, int(math.dist(a, b) / dash))
    for i in range(0, parts, 2):
        t0, t1 = i / parts, min(1.0, (i + 1) / parts)
        pygame.draw.line(surface, colour, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                         (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), width)


def draw_gear(surface: pygame.Surface, centre: tuple[float, float], radius: float,
              colour: Colour, teeth: int = 10, phase: float = 0.0) -> None:
    """A cog wheel (decoration, and the gear element)."""
    cx, cy = centre
    points = []
    for i in range(teeth * 4):
        a = phase + i * math.pi * 2 / (teeth * 4)
        r = radius if (i % 4) in (1, 2) else radius * 0.8
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.circle(surface, shade(colour, 0.6), centre, radius * 0.35)


def draw_background(surface: pygame.Surface) -> None:
    """The factory-floor backdrop shared by the menus: a dark gradient, a faint grid and
    two big cogs in the corners."""
    w, h = surface.get_size()
    top, bottom = (30, 36, 52), (12, 14, 22)
    band = max(1, h // 48)
    for y in range(0, h, band):
        t = y / max(1, h)
        c = tuple(int(top[i] + (bottom[i] - top[i]) * t) for i in range(3))
        surface.fill(c, (0, y, w, band))
    step = max(24, int(48 * theme.ui_scale((w, h))))
    grid = (40, 46, 62)
    for x in range(0, w, step):
        pygame.draw.line(surface, grid, (x, 0), (x, h))
    for y in range(0, h, step):
        pygame.draw.line(surface, grid, (0, y), (w, y))
    s = theme.ui_scale((w, h))
    draw_gear(surface, (w - 40 * s, h - 30 * s), 130 * s, (44, 52, 72), teeth=12)
    draw_gear(surface, (50 * s, 40 * s), 90 * s, (40, 48, 66), teeth=9, phase=0.2)
