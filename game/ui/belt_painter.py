"""Painting conveyor belt squares the way the printed boards do: a straight band with
chevrons where robots ride straight through, a curved band with a curved arrow where a belt
carries them round a corner, and both where belts merge.

What turns is never decided here: the entries come from `game.roborally.layout.belt_entries`,
the engine's own RR-7.5.9 test, so the picture shows exactly the turns a robot will make."""

from __future__ import annotations

import math
from typing import Sequence

import pygame

from game.core.types import Direction
from game.roborally.layout import BeltEntry
from game.ui import theme

Colour = tuple[int, int, int]
Point = tuple[float, float]

BAND_HALF_WIDTH = 0.32
"""Half the band's width, as a fraction of the square."""
ARC_STEPS = 12


def belt_colours(express: bool) -> tuple[Colour, Colour]:
    """(band, arrow) colours: express belts are blue, normal belts yellow."""
    if express:
        return theme.RR_EXPRESS, theme.RR_EXPRESS_DARK
    return theme.RR_BELT, theme.RR_BELT_DARK


def turning_entries(entries: Sequence[BeltEntry]) -> list[BeltEntry]:
    """The entries that turn a robot (drawn as curves)."""
    return [e for e in entries if e.turn]


def rides_straight(out: Direction, entries: Sequence[BeltEntry]) -> bool:
    """Whether the square shows a straight band: robots ride in from behind, or nothing
    feeds it round a corner (a belt's first square is drawn straight)."""
    return (not turning_entries(entries)
            or any(e.side is out.opposite for e in entries))


def draw_belt(s: pygame.Surface, r: pygame.Rect, out: Direction, express: bool,
              entries: Sequence[BeltEntry]) -> None:
    """The band and arrows of a belt square carrying toward `out`, fed by `entries`, over
    the floor the caller has drawn."""
    t = r.w
    colour, dark = belt_colours(express)
    curves = turning_entries(entries)
    straight = rides_straight(out, entries)
    if straight:
        _straight_band(s, r, out, colour)
    for entry in curves:
        _curved_band(s, r, entry.side, out, colour)
    if straight:
        dx, dy = out.delta
        marks = (-0.08, 0.2) if express else (0.06,)
        for offset in marks:
            chevron(s, (r.centerx + dx * t * offset, r.centery + dy * t * offset), t * 0.42,
                    out, dark)
    for entry in curves:
        _curved_arrow(s, r, entry.side, out, dark, double=express)


def _straight_band(s: pygame.Surface, r: pygame.Rect, out: Direction, colour: Colour) -> None:
    t = r.w
    half = t * BAND_HALF_WIDTH
    if out in (Direction.E, Direction.W):
        band = pygame.Rect(r.x, r.centery - half, t, half * 2)
    else:
        band = pygame.Rect(r.centerx - half, r.y, half * 2, t)
    pygame.draw.rect(s, colour, band.clip(r))


def _corner_frame(r: pygame.Rect, side: Direction, out: Direction
                  ) -> tuple[Point, Point, Point]:
    """The corner between the entry side and the exit side, and the unit vectors from it
    along the exit edge (`u`) and along the entry edge (`v`) into the square."""
    sx, sy = side.delta
    ox, oy = out.delta
    half = r.w / 2
    corner = (r.centerx + (sx + ox) * half, r.centery + (sy + oy) * half)
    return corner, (-sx, -sy), (-ox, -oy)


def _arc(corner: Point, u: Point, v: Point, radius: float, start: float, stop: float
         ) -> list[Point]:
    """Points of the quarter circle round `corner`: angle 0 lies on the exit edge and
    angle pi/2 on the entry edge."""
    out = []
    for k in range(ARC_STEPS + 1):
        a = start + (stop - start) * k / ARC_STEPS
        out.append((corner[0] + radius * (math.cos(a) * u[0] + math.sin(a) * v[0]),
                    corner[1] + radius * (math.cos(a) * u[1] + math.sin(a) * v[1])))
    return out


def _curved_band(s: pygame.Surface, r: pygame.Rect, side: Direction, out: Direction,
                 colour: Colour) -> None:
    corner, u, v = _corner_frame(r, side, out)
    half, mid = r.w * BAND_HALF_WIDTH, r.w / 2
    outer = _arc(corner, u, v, mid + half, 0.0, math.pi / 2)
    inner = _arc(corner, u, v, mid - half, math.pi / 2, 0.0)
    pygame.draw.polygon(s, colour, outer + inner)


def _curved_arrow(s: pygame.Surface, r: pygame.Rect, side: Direction, out: Direction,
                  colour: Colour, *, double: bool) -> None:
    """An arrow along the middle of the curved band, from the entry side round to the exit,
    its head at the exit (a second head half way round on express belts)."""
    t = r.w
    corner, u, v = _corner_frame(r, side, out)
    head = t * 0.26
    stop = head / (t / 2) * 0.9          # the shaft ends where the head begins
    width = max(2, int(t * 0.08))
    shaft = _arc(corner, u, v, t / 2, math.pi / 2, stop)
    pygame.draw.lines(s, colour, False, shaft, width)
    tip = (corner[0] + t / 2 * u[0], corner[1] + t / 2 * u[1])
    arrowhead(s, tip, out.delta, head, colour)
    if double:
        a = math.pi / 4
        along = (math.sin(a) * u[0] - math.cos(a) * v[0], math.sin(a) * u[1] - math.cos(a) * v[1])
        middle = _arc(corner, u, v, t / 2, a, a)[0]
        arrowhead(s, (middle[0] + along[0] * head * 0.5, middle[1] + along[1] * head * 0.5),
                  along, head * 0.7, colour)


def arrowhead(s: pygame.Surface, tip: Point, direction: Point, length: float,
              colour: Colour) -> None:
    """A filled triangle with its point at `tip`, pointing along `direction` (a unit vector)."""
    dx, dy = direction
    px, py = -dy, dx
    base = (tip[0] - dx * length, tip[1] - dy * length)
    wide = length * 0.75
    pygame.draw.polygon(s, colour, [tip, (base[0] + px * wide, base[1] + py * wide),
                                    (base[0] - px * wide, base[1] - py * wide)])


def chevron(s: pygame.Surface, centre: Point, size: float, direction: Direction,
            colour: Colour) -> None:
    """A V-shaped arrow of `size` pixels centred on `centre`, pointing toward `direction`."""
    cx, cy = centre
    w, h, th = size * 0.5, size * 0.3, size * 0.2
    pts = [(cx, cy - h), (cx + w, cy + h - th * 0.2), (cx + w, cy + h + th * 0.8 - th * 0.2),
           (cx, cy - h + th), (cx - w, cy + h + th * 0.8 - th * 0.2), (cx - w, cy + h - th * 0.2)]
    a = math.radians(direction.index * 90)
    ca, sa = math.cos(a), math.sin(a)
    pygame.draw.polygon(s, colour, [(cx + (x - cx) * ca - (y - cy) * sa,
                                     cy + (x - cx) * sa + (y - cy) * ca) for x, y in pts])
