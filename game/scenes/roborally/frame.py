"""The RoboRally table's board frame: the board as large as its area allows (zoom and pan for
big courses), coordinates on its edges, and a game log that is always reachable.

The log sits in the free column beside the board when there is one (a tall course in a wide
window), else on the side panel; when neither has room (four players programming, wide
courses) the Log button opens it as a drawer over the board. Hovering a log line outlines the
squares it names. The factory scene owns one `TableFrame` and calls it from thin hooks."""

from __future__ import annotations

import math
from typing import Any, Callable, Sequence

import pygame

from game.core.types import Pos
from game.i18n import _
from game.ui import theme
from game.ui.log_drawer import LogDrawer, LogEntry, LogPanel, outline
from game.ui.text_drawing import FIT_SHRINK
from game.ui.zoom_pan import ZoomPan, draw_grid_coordinates, grid_coordinate_rects

DOCK_MIN = 220      # the narrowest free column (design pixels) that takes the log
DOCK_MAX = 420
GUTTER = 16         # room for the coordinates above and left of the board
CHIP_H = 26         # a phase chip's height
GAP = 6
CHIP_TEXT = 14      # a phase chip's type at full size
PHASE_CHIP_SIZES = range(CHIP_TEXT, math.ceil(CHIP_TEXT * FIT_SHRINK) - 1, -1)
"""The phase chips' font sizes (design pixels), tried from the largest down to the
FIT_SHRINK every label of the kit may shrink to."""
MAX_PHASE_ROWS = 5  # beside a wide course in a small window German's phases take five rows


class Square(str):
    """A square as the log prints it, "(x, y)", still knowing which square it is."""

    pos: Pos

    def __new__(cls, pos: Pos) -> Square:
        text = super().__new__(cls, f"({pos.x}, {pos.y})")
        text.pos = pos
        return text


def squares_named(values: dict[str, Any]) -> tuple[Pos, ...]:
    pushed = tuple(dst.pos for _name, dst in values.get("pushed", ()) if isinstance(dst, Square))
    return tuple(v.pos for v in values.values() if isinstance(v, Square)) + pushed


def log_entries(lines: Sequence[Any]) -> list[LogEntry]:
    """The table's log lines for the log drawer, each marking the squares it names."""
    return [LogEntry(line.text(), squares_named(line.values)) for line in lines]


class TableFrame:
    """Board placement, coordinates and the log for one table (see the module docstring)."""

    def __init__(self, cols: int, rows: int, px: Callable[[float], int]) -> None:
        self.cols, self.rows = cols, rows
        self.px = px
        self.zoom = ZoomPan()
        self.log = LogDrawer()
        self.dock: pygame.Rect | None = None
        self.board_area = pygame.Rect(0, 0, 0, 0)
        self.side_log: pygame.Rect | None = None  # where the side panel has room for the log
        self.phase_strip = pygame.Rect(0, 0, 0, 0)

    # -- layout ----------------------------------------------------------------------------
    def layout(self, area: pygame.Rect, view: Any, phase_labels: Sequence[str] = ()) -> None:
        """Split `area` into the board (with its coordinate gutter), the strip of phases and,
        when the board leaves a wide enough column free, the docked log under the phases;
        else the phases go above the board. Then place the board. The docked strip has three
        rows, more (up to MAX_PHASE_ROWS) when `phase_labels` need them to show whole."""
        g, gap = self.px(GUTTER), self.px(GAP)
        fit = max(4, min((area.w - g) // self.cols, (area.h - g) // self.rows))
        free = area.w - g - fit * self.cols
        if free >= self.px(DOCK_MIN):
            width = min(free - gap, self.px(DOCK_MAX))
            narrowest = self.phase_chip_widths(phase_labels, PHASE_CHIP_SIZES[-1])
            for rows in range(3, MAX_PHASE_ROWS + 1):
                self.phase_strip = pygame.Rect(area.x, area.y, width,
                                               self.px(CHIP_H) * rows + gap * 2 * (rows - 1) // 3)
                if self.flowed_phase_chips(narrowest) is not None:
                    break
            top = self.phase_strip.bottom + gap
            self.dock = pygame.Rect(area.x, top, width, area.bottom - top)
            left = self.dock.right + gap
            area = pygame.Rect(left, area.y, area.right - left, area.h)
        else:
            self.dock = None
            self.phase_strip = pygame.Rect(area.x, area.y, area.w, self.px(CHIP_H))
            top = self.phase_strip.bottom + gap
            area = pygame.Rect(area.x, top, area.w, area.bottom - top)
        self.board_area = pygame.Rect(area.x + g, area.y + g, area.w - g, area.h - g)
        self.log.place(self.dock or self.side_log, self.drawer_rect())
        self.place(view)

    def phase_chip_widths(self, labels: Sequence[str], size: int) -> list[int]:
        """How wide each phase chip is with its label in type of `size` (design pixels)."""
        font = theme.font(self.px(size), bold=True)
        return [font.size(label)[0] + self.px(size) for label in labels]

    def fitted_phase_chips(self, labels: Sequence[str]
                           ) -> tuple[pygame.font.Font, list[pygame.Rect]]:
        """The font and boxes of the phase chips: the largest of PHASE_CHIP_SIZES at which
        every label fits whole in the strip (German's are long, and a wide course leaves
        the strip narrow), else the smallest, its chips shrunk and their labels cut."""
        for size in PHASE_CHIP_SIZES:
            widths = self.phase_chip_widths(labels, size)
            chips = self.flowed_phase_chips(widths)
            if chips is not None:
                return theme.font(self.px(size), bold=True), chips
        return theme.font(self.px(size), bold=True), self.phase_chips(widths)

    def flowed_phase_chips(self, widths: Sequence[int]) -> list[pygame.Rect] | None:
        """Boxes for the phase chips at their own `widths`, flowed into the strip's rows, in
        order; None when they do not all fit."""
        strip, gap = self.phase_strip, self.px(GAP) * 2 // 3   # as in `layout`
        chip_h = self.px(CHIP_H)
        flowed, x, y = [], strip.x, strip.y
        for w in widths:
            if x > strip.x and x + w > strip.right:
                x, y = strip.x, y + chip_h + gap
            flowed.append(pygame.Rect(x, y, w, chip_h))
            x += w + gap
        return flowed if all(strip.contains(chip) for chip in flowed) else None

    def phase_chips(self, widths: Sequence[int]) -> list[pygame.Rect]:
        """Boxes for the phase chips in the strip, in order: flowed into the strip's rows when
        they fit, else shared out evenly over the rows and shrunk."""
        flowed = self.flowed_phase_chips(widths)
        if flowed is not None:
            return flowed
        strip, gap = self.phase_strip, self.px(GAP) * 2 // 3
        chip_h = self.px(CHIP_H)
        rows = max(1, (strip.h + gap) // (chip_h + gap))
        per_row = -(-len(widths) // rows)
        out = []
        for row in range(rows):
            part = widths[row * per_row:(row + 1) * per_row]
            scale = min(1.0, (strip.w - gap * (len(part) - 1)) / max(1, sum(part)))
            x, y = strip.x, strip.y + row * (chip_h + gap)
            for w in part:
                out.append(pygame.Rect(x, y, int(w * scale), chip_h))
                x += int(w * scale) + gap
        return out

    def place(self, view: Any) -> None:
        tile, origin = self.zoom.place(self.board_area, self.cols, self.rows)
        view.place(tile, origin)

    @property
    def log_panel(self) -> LogPanel:
        return self.log.panel

    @property
    def hovered(self) -> int | None:
        """The log entry under the mouse."""
        return self.log.hovered

    def log_rect(self) -> pygame.Rect | None:
        """Where the log is drawn now, if anywhere: docked, on the side panel, or the drawer."""
        return self.log.rect()

    def drawer_rect(self) -> pygame.Rect:
        a = self.board_area
        return pygame.Rect(a.x, a.y, min(self.px(400), a.w * 2 // 3), a.h)

    @property
    def needs_drawer(self) -> bool:
        """No room for the log anywhere: the Log button opens it over the board."""
        return self.log.needs_drawer

    def toggle_drawer(self) -> None:
        self.log.toggle()

    # -- input -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event, mouse: tuple[int, int], total: int,
                     view: Any) -> bool:
        """Log scrolling and hover, then zoom and pan; True when the event was used."""
        if self.log.handle_event(event, mouse, total):
            return True
        if self.zoom.handle_event(event, mouse):
            view.place(self.zoom.tile, self.zoom.origin)
            return True
        return False

    def bring_into_view(self, view: Any, square: pygame.Rect) -> bool:
        """Pan a zoomed board so that `square` (where it lies on screen now) shows inside it;
        True when the board moved."""
        if not self.zoom.zoomed or self.board_area.contains(square):
            return False
        self.zoom.pan_by(self.board_area.centerx - square.centerx,
                         self.board_area.centery - square.centery)
        view.place(self.zoom.tile, self.zoom.origin)
        return True

    def hovered_squares(self, entries: Sequence[LogEntry]) -> tuple[Pos, ...]:
        return self.log.hovered_marks(entries)

    # -- drawing ---------------------------------------------------------------------------
    def coordinate_boxes(self, view: Any) -> list[tuple[str, pygame.Rect]]:
        """The coordinate labels on the board's edges (public for tests and tools)."""
        return grid_coordinate_rects(self.board_area, view.tile, view.origin, self.cols,
                                     self.rows, self.px(GUTTER))

    def draw_log(self, surface: pygame.Surface, entries: Sequence[LogEntry]) -> None:
        self.log.draw(surface, entries, _("Game log"), self.px(14))

    def draw_frame(self, surface: pygame.Surface, view: Any) -> None:
        """The gutter with the coordinates (the board itself is drawn by the scene)."""
        g = self.px(GUTTER)
        a = self.board_area
        surface.fill(theme.BACKGROUND_DEEP, (a.x - g, a.y - g, a.w + g, g))
        surface.fill(theme.BACKGROUND_DEEP, (a.x - g, a.y, g, a.h))
        draw_grid_coordinates(surface, self.coordinate_boxes(view))

    def draw_over_board(self, surface: pygame.Surface, view: Any,
                        entries: Sequence[LogEntry]) -> None:
        """Outlines for the squares the hovered log line names, then a docked or open log."""
        lit = [view.cell_rect(pos).inflate(2, 2) for pos in self.hovered_squares(entries)]
        outline(surface, lit, max(3, view.tile // 9), max(2, view.tile // 8))
        log = self.log_rect()
        if log is not None and log is not self.side_log:
            self.draw_log(surface, entries)
