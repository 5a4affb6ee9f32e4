"""Where everything sits on VOLT's table: the public layout and hit-test API.

The scenes draw into these rectangles and turn clicks into keys with them; tests and the
monkey test use the same API, never a scene's private methods. A layout is worked out once
per window size (the scene keeps it until the window changes)."""

from __future__ import annotations

import pygame

from game.core.types import Direction8
from game.volt.model import CROSSES

KEY_ORDER = (Direction8.NW, Direction8.N, Direction8.NE, Direction8.W, Direction8.E,
             Direction8.SW, Direction8.S, Direction8.SE)
"""The eight keys of a cross, named as the south operator sees them (up = N)."""

TRAY = ("blue", "blue", "red", "red")
"""The dice in an operator's tray, in the order they lie."""

PROGRAM_LOG_LINES = 3
"""The fewest log lines worth showing beside the controller (at 20 design pixels a line)."""

NARRATION_LINES = 2
"""The fewest log lines kept under the activation list: what the die under way did (a move
and the wall that ended it, a shot and what it hit)."""


class TableLayout:
    """VOLT's table for one window: the arena on the left, the panel on the right with a
    monitor per operator above the mode area (controller, start numbers, activations).

    `size` is the window, `scale` the UI scale for it (1.0 at 1280×720), `bottom` where the
    arena and the panel end (the replay viewer keeps a strip below for its bar)."""

    def __init__(self, size: tuple[int, int], scale: float, operators: int, bottom: int) -> None:
        self.size = size
        self.scale = scale
        self.bottom = bottom
        px = self.px
        panel_w = px(548)
        self.panel = pygame.Rect(size[0] - px(14) - panel_w, px(56), panel_w,
                                 bottom - px(56))
        self.arena = pygame.Rect(px(14), px(56), self.panel.x - px(28), bottom - px(56))
        gap, cw, ch = px(8), (self.panel.w - px(8)) // 2, px(96)

        def slot(i: int) -> pygame.Rect:
            """The place of the i-th monitor: two to a row."""
            return pygame.Rect(self.panel.x + (i % 2) * (cw + gap),
                               self.panel.y + (i // 2) * (ch + gap), cw, ch)

        self.monitors = [slot(i) for i in range(operators)]
        top = max(r.bottom for r in self.monitors) + px(10)
        self.mode = pygame.Rect(self.panel.x, top, self.panel.w, self.panel.bottom - top)
        self.key_size, self.key_gap = px(44), px(5)
        cross = 3 * self.key_size + 2 * self.key_gap
        spacing = (self.mode.w - px(32) - 3 * cross) // 2
        self.crosses = [pygame.Rect(self.mode.x + px(16) + i * (cross + spacing),
                                    self.mode.y + px(74), cross, cross)
                        for i in range(CROSSES)]
        y = self.crosses[0].bottom + px(34)
        die, die_gap = px(42), px(10)
        self.tray = [(colour, pygame.Rect(self.mode.x + px(16) + i * (die + die_gap)
                                          + (px(12) if i >= 2 else 0), y, die, die))
                     for i, colour in enumerate(TRAY)]
        self.hint = pygame.Rect(self.mode.x + px(16), y + die + px(14), self.mode.w - px(32),
                                px(66))
        """Where the programming panel says what to do next, under the tray."""
        buttons_top = self.mode.bottom - px(14) - px(48)
        log = pygame.Rect(self.hint.x, self.hint.bottom + px(6), self.hint.w,
                          buttons_top - px(10) - self.hint.bottom - px(6))
        spare = [slot(i) for i in range(operators, operators + operators % 2)]
        self.program_log = log if log.h >= px(PROGRAM_LOG_LINES * 20) else \
            spare[0] if spare else None
        """Where the log stands while an operator programs, so the last round can be read
        again: between the hint and the buttons, else in the free place beside the last
        monitor (three operators); None when the monitors fill their rows (four), and the
        log opens as a drawer (`log_drawer`)."""
        self.number_size = px(64)
        self.numbers_top = self.mode.bottom - px(24) - self.number_size
        """The start-number buttons: their size and the top of their row."""
        self.log_drawer = self.monitors[0].unionall(self.monitors[1:])
        """Where the log opens (the Log button, L) when the panel has no room for it: over
        the monitors, so the arena stays in view with the squares a line names."""

    def px(self, value: float) -> int:
        """A length in the 1280×720 design, scaled to the window."""
        return int(round(value * self.scale))

    def key_rect(self, cross: int, relative: Direction8) -> pygame.Rect:
        """Screen rectangle of a key, named as the south operator sees it (up = N)."""
        box = self.crosses[cross]
        step = self.key_size + self.key_gap
        dx, dy = relative.delta
        return pygame.Rect(box.x + (dx + 1) * step, box.y + (dy + 1) * step, self.key_size,
                           self.key_size)

    def key_at(self, pixel: tuple[int, int]) -> tuple[int, Direction8] | None:
        """The key under `pixel` as (cross, key seen from the programmer's seat), if any."""
        for cross in range(CROSSES):
            if not self.crosses[cross].collidepoint(pixel):
                continue
            for relative in KEY_ORDER:
                if self.key_rect(cross, relative).collidepoint(pixel):
                    return cross, relative
        return None

    def tray_rect(self, colour: str) -> pygame.Rect:
        """Where the first die of `colour` lies in the tray."""
        return next(rect for c, rect in self.tray if c == colour)

    def tray_at(self, pixel: tuple[int, int]) -> str | None:
        """The colour of the tray die under `pixel`, if any."""
        return next((c for c, rect in self.tray if rect.collidepoint(pixel)), None)
