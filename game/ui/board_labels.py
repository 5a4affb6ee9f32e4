"""The labels on a RoboRally board (the register numbers of crushers, flamers, pushers and
swing doors, and the tags of portals) laid out so that no two overlap, however busy a square
is: two doors and a crusher on one square, a laser beam across a crusher.

Each label wants a spot near its element (a door's numbers by its door). `place_labels`
takes the labels of the busiest squares first and gives each the free spot nearest to where
it wants to be: on its own square if there is room, else reaching at most half a square
out, so that it touches its own square and still reads as that element's (only on squares
too small for that does it move further). Labels are drawn after everything else, so beams
and walls never cover them. Which elements carry which label is the painter table's
(element_painters.LABELS)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Iterable

import pygame

from game.core.types import Pos
from game.ui import theme

Colour = tuple[int, int, int]

GRID = 16
"""Spots a label may take, per side of its square: centres every 1/16 of a square."""
SPILL = 0.5
"""How far (in squares) a label's centre may leave its square when the square is full."""
SMALLEST_TILE = 12
"""Below this many pixels a square is a thumbnail (a setup screen's preview, a huge course):
no number of the smallest legible type fits near its element, so no labels are drawn; the
hover texts still name every element's registers."""
FAR = 1.5
"""How far it may go, no longer touching its square, when the squares round it are full
too (very small squares): readable a little apart beats unreadable on top of another."""


def registers_text(registers: Iterable[int]) -> str:
    regs = sorted(registers)
    if regs == [1, 2, 3, 4, 5]:
        return "1-5"
    return " ".join(str(r) for r in regs)


@dataclass(frozen=True)
class BoardLabel:
    """One label: its text, the square of its element, and the spot it wants (fractions of
    the square from its north-west corner)."""

    text: str
    square: Pos
    want: tuple[float, float]
    registers: frozenset[int] | None = None
    """The registers it lights up in (None: a tag, not a timed element)."""
    element: str = ""
    """The element's type as board files spell it (`swing_door`, `crusher`, ...)."""


@dataclass(frozen=True)
class PlacedLabel:
    label: BoardLabel
    rect: pygame.Rect
    """Where it is drawn, in pixels from the board's north-west corner."""
    font_px: int


def label_font_px(tile: int, scale: float = 1.0) -> int:
    """The smallest legible size, larger on larger squares."""
    return max(8, int(tile * 0.2 * scale))


def _box_size(text: str, tile: int, font_px: int) -> tuple[int, int]:
    w, h = theme.font(font_px, True).size(text)
    return (w + max(4, int(tile * 0.1)), h + max(1, int(tile * 0.02)))


@functools.lru_cache(maxsize=256)
def _spots(want: tuple[float, float], spill: float) -> list[tuple[float, float]]:
    """Candidate centres (fractions of the square), nearest to `want` first."""
    steps = range(-int(spill * GRID), GRID + int(spill * GRID) + 1)
    spots = [(i / GRID, j / GRID) for i in steps for j in steps]
    return sorted(spots, key=lambda s: ((s[0] - want[0]) ** 2 + (s[1] - want[1]) ** 2, s))


def place_labels(labels: list[BoardLabel], tile: int, size: tuple[int, int],
                 obstacles: Iterable[pygame.Rect] = (), scale: float = 1.0
                 ) -> list[PlacedLabel]:
    """Give every label a box inside `size` (the board in pixels) that overlaps no other
    box, nor if possible an obstacle (a flag's plate): first on its own square, then
    reaching half a square out, then (on tiny squares) up to `FAR` squares away. Only when
    all of that is full does a label fall back to the spot it wants. Squares smaller than
    `SMALLEST_TILE` get no labels."""
    if tile < SMALLEST_TILE:
        return []
    font_px = label_font_px(tile, scale)
    bounds = pygame.Rect(0, 0, *size)
    avoid = list(obstacles)
    crowd: dict[Pos, int] = {}
    for label in labels:
        crowd[label.square] = crowd.get(label.square, 0) + 1
    order = sorted(range(len(labels)), key=lambda k: -crowd[labels[k].square])
    placed: dict[int, PlacedLabel] = {}
    taken: list[pygame.Rect] = []
    for k in order:
        label = labels[k]
        w, h = _box_size(label.text, tile, font_px)
        ox, oy = label.square.x * tile, label.square.y * tile
        own = pygame.Rect(ox, oy, tile, tile)

        def box_at(spot: tuple[float, float]) -> pygame.Rect:
            box = pygame.Rect(0, 0, w, h)
            box.center = (int(ox + spot[0] * tile), int(oy + spot[1] * tile))
            return box

        chosen = None
        for spill, blockers, touching in ((0.0, taken + avoid, True),
                                          (SPILL, taken + avoid, True),
                                          (SPILL, taken, True), (FAR, taken, False)):
            chosen = next((box for box in map(box_at, _spots(label.want, spill))
                           if bounds.contains(box) and (box.colliderect(own) or not touching)
                           and box.collidelist(blockers) < 0), None)
            if chosen is not None:
                break
        if chosen is None:
            chosen = box_at(label.want).clamp(bounds)
        taken.append(chosen)
        placed[k] = PlacedLabel(label, chosen, font_px)
    return [placed[k] for k in range(len(labels))]


def draw_label(s: pygame.Surface, placed: PlacedLabel, origin: tuple[int, int],
               register: int | None) -> None:
    """A register badge (yellow while its element is active in `register`) or a tag."""
    label = placed.label
    box = placed.rect.move(origin)
    radius = max(2, box.h // 3)
    if label.registers is None:
        fill, ink = (16, 18, 26), theme.SHINE
    else:
        active = register is not None and register in label.registers
        fill, ink = ((255, 226, 90) if active else (235, 235, 235)), (10, 10, 10)
    pygame.draw.rect(s, fill, box, border_radius=radius)
    pygame.draw.rect(s, theme.INK_ON_LIGHT, box, 1, border_radius=radius)
    text = theme.font(placed.font_px, True).render(label.text, True, ink)
    s.blit(text, text.get_rect(center=box.center))
