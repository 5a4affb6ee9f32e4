"""The key under a rendered board or arena (`python main.py render FILE --legend`): a small
picture of each element with its name, in rows that wrap to the picture's width."""

from __future__ import annotations

from typing import Callable

import pygame

from game.ui import theme
from game.ui.text_drawing import draw_text

Painter = Callable[[pygame.Surface, pygame.Rect], object]
LegendEntry = tuple[str, Painter]
"""(name shown, a function that draws the element's icon into a square)."""


def _font(cell: int) -> pygame.font.Font:
    return theme.font(cell * 0.26)


def _rows(entries: list[LegendEntry], cell: int, width: int) -> list[list[tuple[LegendEntry, int]]]:
    """Entries with their widths, as many to a row as `width` allows."""
    f, icon = _font(cell), int(cell * 0.5)
    rows: list[list[tuple[LegendEntry, int]]] = [[]]
    used = 0
    for entry in entries:
        w = icon + 8 + f.size(entry[0])[0] + int(cell * 0.4)
        if rows[-1] and used + w > width:
            rows.append([])
            used = 0
        rows[-1].append((entry, w))
        used += w
    return rows


def legend_height(entries: list[LegendEntry], cell: int, width: int) -> int:
    """The height `draw_legend` needs for `entries` in `width` pixels."""
    return len(_rows(entries, cell, width)) * int(cell * 0.8) + int(cell * 0.1)


def draw_legend(surface: pygame.Surface, rect: pygame.Rect, entries: list[LegendEntry],
                cell: int) -> None:
    """Each entry's icon and name, rows centred in `rect`."""
    f, icon, row_h = _font(cell), int(cell * 0.5), int(cell * 0.8)
    for k, row in enumerate(_rows(entries, cell, rect.w)):
        centre_y = rect.y + k * row_h + row_h // 2
        x = rect.centerx - sum(w for _entry, w in row) // 2
        for (label, paint), w in row:
            r = pygame.Rect(x, centre_y - icon // 2, icon, icon)
            paint(surface, r)
            draw_text(surface, label, f, theme.TEXT_DIM, (r.right + 8, centre_y), "midleft")
            x += w
