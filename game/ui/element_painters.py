"""The painter of every factory element type, keyed by its YAML id like the core's registry
(`game.roborally.elements.ELEMENTS`): what a square of that type looks like, and the detail
its hover text adds to the type's name. Floor painters are in floor_painters.py and
belt_painter.py; the wall-mounted ones are here. Start squares and checkpoints are markers
that the board drawing stacks itself (roborally_view.draw_board)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from game.core.types import Direction, Pos
from game.i18n import _
from game.roborally.layout import BeltEntry
from game.roborally.model import Board, Laser, Pusher, SwingDoor
from game.ui import theme
from game.ui.belt_painter import draw_belt
from game.ui.board_labels import BoardLabel, registers_text
from game.ui.floor_painters import (
    draw_burner, draw_crusher, draw_floor, draw_gear_tile, draw_oil, draw_pit, draw_portal,
    draw_repair, side_point)
from game.ui.portal_look import PORTAL_NAMES, portal_tag



# -- wall-mounted elements -----------------------------------------------------------------------------------


def _edge_rect(r: pygame.Rect, d: Direction, thickness: float) -> pygame.Rect:
    th = int(max(2, thickness))
    if d is Direction.N:
        return pygame.Rect(r.x, r.y, r.w, th)
    if d is Direction.S:
        return pygame.Rect(r.x, r.bottom - th, r.w, th)
    if d is Direction.W:
        return pygame.Rect(r.x, r.y, th, r.h)
    return pygame.Rect(r.right - th, r.y, th, r.h)


def draw_wall(s: pygame.Surface, r: pygame.Rect, d: Direction) -> None:
    """A wall on side `d` of the square `r`, drawn on both squares' halves by the caller."""
    t = r.w
    bar = _edge_rect(r, d, t * 0.14)
    pygame.draw.rect(s, theme.RR_WALL, bar)
    pygame.draw.rect(s, theme.RR_WALL_DARK, bar, max(1, t // 36))


def draw_pusher(s: pygame.Surface, r: pygame.Rect, pusher: Pusher, active: bool | None) -> None:
    t = r.w
    plate = _edge_rect(r, pusher.wall, t * 0.3)
    plate = plate.inflate(-t * 0.16 if pusher.wall in (Direction.N, Direction.S) else 0,
                          -t * 0.16 if pusher.wall in (Direction.E, Direction.W) else 0)
    colour = (255, 220, 80) if active else (176, 178, 190)
    pygame.draw.rect(s, colour, plate, border_radius=max(1, t // 18))
    pygame.draw.rect(s, theme.INK, plate, max(1, t // 36), border_radius=max(1, t // 18))
    # the push arrow points away from the wall
    away = pusher.wall.opposite
    tip = side_point(r, pusher.wall, t * 0.56)
    base = side_point(r, pusher.wall, t * 0.34)
    dx, dy = away.delta
    px, py = -dy, dx
    pygame.draw.polygon(s, colour, [tip, (base[0] + px * t * 0.12, base[1] + py * t * 0.12),
                                     (base[0] - px * t * 0.12, base[1] - py * t * 0.12)])
    pygame.draw.polygon(s, theme.INK, [tip, (base[0] + px * t * 0.12, base[1] + py * t * 0.12),
                                           (base[0] - px * t * 0.12, base[1] - py * t * 0.12)],
                        max(1, t // 40))


def draw_laser_emitter(s: pygame.Surface, r: pygame.Rect, laser: Laser) -> None:
    t = r.w
    base = _edge_rect(r, laser.wall, t * 0.24)
    base = base.inflate(-t * 0.3 if laser.wall in (Direction.N, Direction.S) else 0,
                        -t * 0.3 if laser.wall in (Direction.E, Direction.W) else 0)
    pygame.draw.rect(s, (60, 60, 70), base, border_radius=max(1, t // 16))
    pygame.draw.rect(s, theme.INK, base, max(1, t // 36), border_radius=max(1, t // 16))
    c = side_point(r, laser.wall, t * 0.2)
    pygame.draw.circle(s, (220, 30, 30), c, t * 0.1)
    pygame.draw.circle(s, (255, 160, 160), c, t * 0.04)


def draw_door(s: pygame.Surface, r: pygame.Rect, door: SwingDoor, is_open: bool | None) -> None:
    t = r.w
    d = door.wall
    if is_open:
        # the door leaf stands swung open: a short bar at right angles to the edge
        hinge = _edge_rect(r, d, t * 0.14)
        leaf = hinge.copy()
        if d in (Direction.N, Direction.S):
            leaf.w = int(t * 0.16)
            leaf.h = int(t * 0.42)
            if d is Direction.S:
                leaf.bottom = r.bottom
        else:
            leaf.h = int(t * 0.16)
            leaf.w = int(t * 0.42)
            if d is Direction.E:
                leaf.right = r.right
        pygame.draw.rect(s, theme.RR_DOOR, leaf)
        pygame.draw.rect(s, theme.RR_WALL_DARK, leaf, max(1, t // 36))
        for k in range(3):
            dot = hinge.copy()
            if d in (Direction.N, Direction.S):
                dot.w = max(2, t // 10)
                dot.x = int(r.x + t * (0.35 + 0.2 * k))
            else:
                dot.h = max(2, t // 10)
                dot.y = int(r.y + t * (0.35 + 0.2 * k))
            pygame.draw.rect(s, theme.RR_DOOR, dot)
    else:
        bar = _edge_rect(r, d, t * 0.16)
        pygame.draw.rect(s, theme.RR_DOOR, bar)
        pygame.draw.rect(s, theme.RR_WALL_DARK, bar, max(1, t // 30))
        mid = bar.center
        if d in (Direction.N, Direction.S):
            pygame.draw.line(s, theme.RR_WALL_DARK, (mid[0], bar.y), (mid[0], bar.bottom),
                             max(1, t // 24))
        else:
            pygame.draw.line(s, theme.RR_WALL_DARK, (bar.x, mid[1]), (bar.right, mid[1]),
                             max(1, t // 24))




# -- the painter table ---------------------------------------------------------------------


@dataclass(frozen=True)
class SquareLook:
    """What a painter may need besides its element: the register shown (None: the board as
    printed) and the belts that feed the square (RR-7.5.9 turns are drawn as played)."""

    register: int | None = None
    belt_entries: tuple[BeltEntry, ...] = ()

    def active(self, registers: frozenset[int]) -> bool | None:
        """Lit in the register shown; None when no register is shown (numbers visible)."""
        return None if self.register is None else self.register in registers


Painter = Callable[[pygame.Surface, pygame.Rect, Any, SquareLook], None]


def _paint_belt(s: pygame.Surface, r: pygame.Rect, belt: Any, look: SquareLook) -> None:
    draw_floor(s, r)
    draw_belt(s, r, belt.dir, belt.express, look.belt_entries)


PAINTERS: dict[str, Painter] = {
    "floor": lambda s, r, e, look: draw_floor(s, r),
    "pit": lambda s, r, e, look: draw_pit(s, r),
    "oil": lambda s, r, e, look: draw_oil(s, r),
    "conveyor": _paint_belt,
    "gear": lambda s, r, e, look: draw_gear_tile(s, r, e),
    "crusher": lambda s, r, e, look: draw_crusher(s, r, e, look.active(e.registers)),
    "burner": lambda s, r, e, look: draw_burner(s, r, e, look.active(e.registers)),
    "repair": lambda s, r, e, look: draw_repair(s, r, e),
    "portal": lambda s, r, e, look: draw_portal(s, r, e),
    "pusher": lambda s, r, e, look: draw_pusher(s, r, e, look.active(e.registers)),
    "laser": lambda s, r, e, look: draw_laser_emitter(s, r, e),
    "swing_door": lambda s, r, e, look: draw_door(s, r, e, look.active(e.open)),
}
"""Floor and mounted element types by YAML id (markers: roborally_view.draw_board)."""


def paint_element(s: pygame.Surface, r: pygame.Rect, element: Any, look: SquareLook) -> None:
    """Paint a floor or mounted element on the square `r`."""
    PAINTERS[element.kind](s, r, element, look)


def _belt_name(name: str, e: Any) -> str:
    name = _("{name} (express)").format(name=name) if e.express else name
    return name + " " + {"N": "↑", "E": "→", "S": "↓", "W": "←"}[e.dir.value]


def _with_registers(name: str, e: Any) -> str:
    return name + " " + _("(registers {list})").format(list=registers_text(e.registers))


def _portal_name(name: str, e: Any) -> str:
    colour = PORTAL_NAMES.get(e.color.lower())
    return name + f" ({_(colour) if colour else e.color})"


HOVER_NAMES: dict[str, Callable[[str, Any], str]] = {
    "conveyor": _belt_name,
    "gear": lambda name, e: name + " " + (_("clockwise") if e.clockwise else
                                          _("counter-clockwise")),
    "crusher": _with_registers,
    "burner": _with_registers,
    "repair": lambda name, e: name + " " + _("(wrenches: {n})").format(n=e.wrenches),
    "portal": _portal_name,
    "pusher": _with_registers,
    "laser": lambda name, e: name + " " + "×" + str(e.beams),
    "swing_door": lambda name, e: name + " " + _("(open in registers {list})").format(
        list=registers_text(e.open)),
}
"""An element's name in a square's hover text, from its type's name (absent: the name as
it is)."""


def hover_name(name: str, element: Any) -> str:
    """The type's `name` with what this element adds (direction, registers, colour ...)."""
    detail = HOVER_NAMES.get(element.kind)
    return name if detail is None else detail(name, element)


def _wall_spot(wall: Direction, inset: float) -> tuple[float, float]:
    """A point `inset` squares in from the middle of side `wall`."""
    dx, dy = wall.delta
    return (0.5 + dx * (0.5 - inset), 0.5 + dy * (0.5 - inset))


LABELS: dict[str, Callable[[Pos, Any], BoardLabel]] = {
    "crusher": lambda at, e: BoardLabel(registers_text(e.registers), at, (0.5, 0.5),
                                        e.registers, e.kind),
    "burner": lambda at, e: BoardLabel(registers_text(e.registers), at, (0.5, 0.84),
                                       e.registers, e.kind),
    "portal": lambda at, e: BoardLabel(portal_tag(e.color), at, (0.84, 0.16), None, e.kind),
    "pusher": lambda at, e: BoardLabel(registers_text(e.registers), at,
                                       _wall_spot(e.wall, 0.8), e.registers, e.kind),
    "swing_door": lambda at, e: BoardLabel(registers_text(e.open), at,
                                           _wall_spot(e.wall, 0.3), e.open, e.kind),
}
"""The label an element of the type carries on the board: its active registers (RR-7.7,
RR-7.8, CB-3.3, CB-3.4) or its pair's tag (CB-3.2); board_labels.py lays them out."""


def element_labels(board: Board) -> list[BoardLabel]:
    """Every label of `board`, in reading order of their squares."""
    elements = [*board.floor.items(), *board.mounted]
    out = [LABELS[e.kind](at, e) for at, e in elements if e.kind in LABELS]
    out.sort(key=lambda label: (label.square.y, label.square.x))
    return out
