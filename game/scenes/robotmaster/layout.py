"""Where everything sits on Robot Master's table: the public layout and hit-test API.

The scenes draw into these rectangles and turn clicks into cards and cells with them; tests
use the same API, never a scene's private methods. A layout is worked out once per window
size (the scene builds it when the window changes)."""

from __future__ import annotations

import pygame

from game.ui import robotmaster_view as view

LIFT = 18
"""How far the selected card of a hand stands up (design pixels)."""


class TableLayout:
    """Robot Master's table for one window: the seats panel on the left, the felt with the
    grid in the middle, the buttons panel on the right, the hand along the bottom.

    `size` is the window, `scale` the UI scale for it (1.0 at 1280×720)."""

    def __init__(self, size: tuple[int, int], scale: float) -> None:
        self.size = size
        self.scale = scale
        px = self.px
        w, h = size
        self.panel_w = px(272)
        top = px(64)
        hand_h = px(160)
        grid_bottom = h - hand_h - px(8)
        self.left_panel = pygame.Rect(px(14), top, self.panel_w, grid_bottom - top)
        self.right_panel = pygame.Rect(w - px(14) - self.panel_w, top, self.panel_w,
                                       grid_bottom - top)
        felt_x = self.left_panel.right + px(14)
        self.felt = pygame.Rect(felt_x, top, self.right_panel.x - px(14) - felt_x,
                                grid_bottom - top)
        score_w, score_h = px(74), px(40)
        cell = int(min((self.felt.w - score_w - px(24)) / view.VIEW_CELLS,
                       (self.felt.h - score_h - px(20)) / view.VIEW_CELLS))
        self.cell = max(12, cell)
        """The side of a grid cell."""
        side = self.cell * view.VIEW_CELLS
        self.grid = pygame.Rect(0, 0, side, side)
        """The grid's square (the view's cells; the cards keep to the middle of it)."""
        self.grid.topleft = (self.felt.x + (self.felt.w - score_w - side) // 2,
                             self.felt.y + px(10))
        self.hand_area = pygame.Rect(px(14), h - hand_h, w - px(28), hand_h - px(6))
        self.row_scores = pygame.Rect(self.grid.right + px(6), self.grid.y, px(76), side)
        """The strip at the right of the grid where the rows' scores show."""
        inset = self.cell * (view.VIEW_CELLS - 5) // 2
        self.column_scores = pygame.Rect(self.grid.x + inset, self.grid.bottom + px(4),
                                         side - 2 * inset, px(38))
        """The strip below the grid where the columns' scores show (under the middle five
        cells, where the cards keep)."""

    def px(self, value: float) -> int:
        """A length in the 1280×720 design, scaled to the window."""
        return int(round(value * self.scale))

    def hand_rects(self, count: int, lifted: int | None = None) -> list[pygame.Rect]:
        """Where the cards of a hand of `count` lie (left to right); card `lifted` (the
        selected one) stands up."""
        if count <= 0:
            return []
        area = self.hand_area
        ch = area.h - self.px(34)
        cw = int(ch * 0.7)
        gap = self.px(10)
        total = count * cw + (count - 1) * gap
        if total > area.w:
            gap = max(2, (area.w - count * cw) // max(1, count - 1))
            total = count * cw + (count - 1) * gap
        x0 = area.centerx - total // 2
        rects = [pygame.Rect(x0 + i * (cw + gap), area.bottom - ch, cw, ch) for i in range(count)]
        if lifted is not None:
            rects[lifted] = rects[lifted].move(0, -self.px(LIFT))
        return rects

    def hand_index_at(self, pos: tuple[int, int], count: int,
                      lifted: int | None = None) -> int | None:
        """Which card of a hand of `count` is at `pos` (the one on top where they overlap)."""
        for i, rect in reversed(list(enumerate(self.hand_rects(count, lifted)))):
            if rect.collidepoint(pos):
                return i
        return None
