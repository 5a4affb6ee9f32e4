"""A game log panel any table can show: newest line at the bottom, scrolled with the wheel,
and the line under the mouse lit up and reported, so the table can highlight on its board
what that line talks about (each entry carries opaque `marks`, e.g. squares)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import pygame

from game.ui import theme
from game.ui.text_drawing import draw_text, wrap_text
from game.ui.widgets import draw_panel

HOVER_FILL = theme.LOG_HOVER_FILL
TEXT_OLD = theme.LOG_TEXT_OLD


@dataclass(frozen=True)
class LogEntry:
    text: str
    marks: tuple[Any, ...] = ()


class LogPanel:
    """Draws entries in a rectangle and hit-tests them afterwards (`entry_at`)."""

    def __init__(self) -> None:
        self.scroll = 0                 # lines of entries hidden below the bottom
        self.rows: list[tuple[pygame.Rect, int]] = []    # drawn text rows and their entry
        self._wrap: dict[tuple[str, int, int], list[str]] = {}
        self._images: dict[tuple[str, tuple[int, int, int], int], pygame.Surface] = {}

    def scroll_by(self, lines: int, total: int) -> None:
        self.scroll = max(0, min(max(0, total - 1), self.scroll + lines))

    def entry_at(self, pixel: tuple[int, int]) -> int | None:
        """The index of the entry drawn under `pixel` (as of the last draw)."""
        for rect, index in self.rows:
            if rect.collidepoint(pixel):
                return index
        return None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, entries: Sequence[LogEntry],
             title: str, text_px: int, *, hovered: int | None = None,
             background: tuple[int, int, int] = (28, 32, 44)) -> None:
        draw_panel(surface, rect, background, shadow=False)
        pad = max(4, text_px * 5 // 7)
        f = theme.font(text_px)
        draw_text(surface, title, theme.font(text_px, bold=True), theme.TEXT_DIM,
                  (rect.x + pad, rect.y + pad // 2))
        body = pygame.Rect(rect.x + pad, rect.y + text_px + pad, rect.w - 2 * pad,
                           rect.h - text_px - pad * 3 // 2)
        line_h = int(f.get_linesize() * 1.1)
        visible = max(1, body.h // line_h)
        end = len(entries) - self.scroll
        wrapped: list[tuple[str, int]] = []
        for index in range(max(0, end - visible), max(0, end)):
            for text in self._wrapped(entries[index].text, f, body.w):
                wrapped.append((text, index))
        wrapped = wrapped[-visible:]
        self.rows = []
        y = body.y
        newest = len(entries) - 1
        for text, index in wrapped:
            row = pygame.Rect(body.x - pad // 2, y, body.w + pad, line_h)
            if index == hovered:
                pygame.draw.rect(surface, HOVER_FILL, row, border_radius=3)
            colour = theme.TEXT if index == newest or index == hovered else TEXT_OLD
            surface.blit(self._image(text, colour, f), (body.x, y))
            self.rows.append((row, index))
            y += line_h

    def _wrapped(self, text: str, f: pygame.font.Font, width: int) -> list[str]:
        key = (text, width, f.get_height())
        lines = self._wrap.get(key)
        if lines is None:
            if len(self._wrap) > 600:
                self._wrap.clear()
            lines = self._wrap[key] = wrap_text(text, f, width)
        return lines

    def _image(self, text: str, colour: tuple[int, int, int], f: pygame.font.Font
               ) -> pygame.Surface:
        key = (text, colour, f.get_height())
        image = self._images.get(key)
        if image is None:
            if len(self._images) > 600:
                self._images.clear()
            image = self._images[key] = f.render(text, True, colour)
        return image
