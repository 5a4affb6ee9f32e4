"""The workbench's RoboRally overlays (`python main.py preview`): laser lines, belt flow,
register numbers and the distance to a flag, drawn over a `BoardView`.

The register numbers take the same label layout as the board's own badges, in larger type,
so that two doors and a crusher on one square stay apart here too."""

from __future__ import annotations

from typing import Any, Collection, Sequence

import pygame

from game.core.types import Pos
from game.roborally.model import Conveyor
from game.ui import theme
from game.ui.roborally_view import BoardView, draw_beam
from game.ui.rr_token import FACING_ANGLE, RobotLook, draw_robot_token

REGISTER_SCALE = 1.7
"""The register overlay's type, as a multiple of the board's own badges."""
DISTANCE_CORNERS = ((-0.27, 0.27), (0.27, 0.27), (-0.27, -0.27), (0.27, -0.27))
"""Where in its square a distance is written beside the register numbers (offsets from the
centre, in squares): the first corner clear of them."""


def draw_scenario_robots(surface: pygame.Surface, view: Any,
                         robots: Sequence[tuple[str, Pos, str | None]]) -> None:
    """A scenario's robots where they start, in the players' colours (a robot named after
    one wears it: `theme.colours_for_names`), on a RoboRally `BoardView` (facing the way the
    scenario sets) or a VOLT arena view."""
    if not isinstance(view, BoardView):
        if view is not None:
            view.draw_named_robots(surface, robots)
        return
    colours = theme.colours_for_names([name for name, _pos, _facing in robots])
    for (name, pos, facing), colour in zip(robots, colours):
        draw_robot_token(surface, view.centre(pos.x, pos.y), view.tile,
                         RobotLook.in_colour(name, colour), FACING_ANGLE[facing or "N"])


def draw_overlays(surface: pygame.Surface, view: BoardView, overlays: Collection[str],
                  register: int | None, flag: Any, distances: dict[Any, int | None]) -> None:
    """The overlays named in `overlays` ("lasers", "belts", "registers", "distance");
    `distances` maps squares to the registers a lone robot needs to reach `flag`."""
    tile = view.tile
    if "lasers" in overlays:
        for beam in view.geometry.beams(register):
            draw_beam(surface, tile, view.origin, beam, glow=True, width_scale=1.6)
    if "belts" in overlays:
        for pos, element in view.board.floor.items():
            if isinstance(element, Conveyor):
                flow_arrow(surface, view.cell_rect(pos), element.dir.delta,
                           theme.RR_EXPRESS_FLOW if element.express else theme.RR_BELT_FLOW)
    chips: list[pygame.Rect] = []
    if "registers" in overlays:
        for placed in _register_labels(view):
            ink = theme.RR_DOOR_INK if placed.label.element == "swing_door" else theme.ACCENT
            chips.append(placed.rect.move(view.origin))
            pill(surface, chips[-1], placed.label.text, ink, placed.font_px)
    if "distance" in overlays:
        for pos, value in distances.items():
            rect = view.cell_rect(pos)
            if pos == flag:
                pygame.draw.rect(surface, theme.ACCENT, rect, max(2, tile // 12))
            text = "–" if value is None else str(value)
            font_px = max(9, int(rect.w * 0.34))
            size = theme.font(font_px, True).size(text)
            box = distance_box(rect, size, chips if "registers" in overlays else None)
            pill(surface, box, text, theme.BRIGHT if value is not None else (255, 120, 110),
                 font_px)


def _register_labels(view: BoardView) -> list[Any]:
    return [placed for placed in view.geometry.placed_labels(view.tile, REGISTER_SCALE)
            if placed.label.registers is not None]


def distance_box(square: pygame.Rect, text_size: tuple[int, int],
                 chips: list[pygame.Rect] | None) -> pygame.Rect:
    """The pill of a distance in `square`: in the middle, or with the register numbers
    (`chips`) shown, in the first corner that none of them covers (else the least covered)."""
    def at(corner: tuple[float, float]) -> pygame.Rect:
        box = pygame.Rect((0, 0), text_size).inflate(6, 2)
        box.center = (int(square.centerx + corner[0] * square.w),
                      int(square.centery + corner[1] * square.h))
        return box

    if chips is None:
        return at((0.0, 0.0))
    return min((at(corner) for corner in DISTANCE_CORNERS),
               key=lambda box: sum(_area(box.clip(chip)) for chip in chips))


def _area(rect: pygame.Rect) -> int:
    return rect.w * rect.h


def flow_arrow(surface: pygame.Surface, rect: pygame.Rect, delta: tuple[int, int],
               colour: tuple[int, int, int]) -> None:
    """A bold arrow across the square in the belt's direction, reaching into the next."""
    cx, cy = rect.center
    dx, dy = delta
    length = rect.w * 0.42
    start = (cx - dx * length * 0.6, cy - dy * length * 0.6)
    end = (cx + dx * length, cy + dy * length)
    width = max(2, rect.w // 10)
    pygame.draw.line(surface, theme.INK_ON_LIGHT, start, end, width + 2)
    pygame.draw.line(surface, colour, start, end, width)
    px, py = -dy, dx
    head = rect.w * 0.2
    tip = (end[0] + dx * head * 0.6, end[1] + dy * head * 0.6)
    points = [tip, (end[0] + px * head, end[1] + py * head),
              (end[0] - px * head, end[1] - py * head)]
    pygame.draw.polygon(surface, theme.INK_ON_LIGHT, points)
    inner = [(tip[0] - dx * 2, tip[1] - dy * 2),
             (end[0] + px * (head - 2), end[1] + py * (head - 2)),
             (end[0] - px * (head - 2), end[1] - py * (head - 2))]
    pygame.draw.polygon(surface, colour, inner)


def pill(surface: pygame.Surface, box: pygame.Rect, text: str, colour: tuple[int, int, int],
         font_px: int) -> None:
    """`text` on a dark, see-through pill filling `box`, large enough to read at a glance."""
    image = theme.font(font_px, True).render(text, True, colour)
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (10, 12, 18, 210), shade.get_rect(), border_radius=box.h // 2)
    surface.blit(shade, box)
    surface.blit(image, image.get_rect(center=box.center))
