"""The game log every table shows, one implementation for the three games.

`LogPanel` draws the entries (newest line at the bottom, scrolled with the wheel) and lights
the line under the mouse. `LogDrawer` keeps the log reachable at any moment: in a fixed place
where the table has room for it, else in a drawer that a Log button or L opens and closes
over a part of the table the player can spare. It remembers the entry under the mouse so the
table can outline on its board what that line talks about (each entry carries opaque
`marks`, e.g. squares or cells); `outline` draws those outlines alike at every table."""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Hashable
from typing import Any, Callable, Sequence

import pygame

from game.ui import theme
from game.ui.text_drawing import draw_text, render_line, wrap_text
from game.ui.widgets import draw_panel



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
             background: tuple[int, int, int] = theme.LOG_BACKGROUND) -> None:
        draw_panel(surface, rect, background, shadow=False)
        pad = max(4, text_px * 5 // 7)
        f = theme.font(text_px)
        top, spent = pad // 2, pad     # untitled (under a list that says what it is)
        if title:
            draw_text(surface, title, theme.font(text_px, bold=True), theme.TEXT_DIM,
                      (rect.x + pad, rect.y + pad // 2))
            top, spent = text_px + pad, text_px + pad * 3 // 2
        body = pygame.Rect(rect.x + pad, rect.y + top, rect.w - 2 * pad, rect.h - spent)
        line_h = int(f.get_linesize() * 1.1)
        visible = max(1, body.h // line_h)
        end = len(entries) - self.scroll
        wrapped: list[tuple[str, int]] = []
        for index in range(max(0, end - visible), max(0, end)):
            for text in self._wrapped(entries[index].text, f, body.w):
                wrapped.append((text, index))
        if len(wrapped) > visible:
            # the oldest entry shows whole or not at all: a line's tail alone reads as noise
            cut = wrapped[-visible - 1][1]
            wrapped = [row for row in wrapped[-visible:] if row[1] != cut] or wrapped[-visible:]
        self.rows = []
        y = body.y
        newest = len(entries) - 1
        for text, index in wrapped:
            row = pygame.Rect(body.x - pad // 2, y, body.w + pad, line_h)
            if index == hovered:
                pygame.draw.rect(surface, theme.LOG_HOVER_FILL, row, border_radius=3)
            colour = theme.TEXT if index == newest or index == hovered else theme.LOG_TEXT_OLD
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
            image = self._images[key] = render_line(f, text, colour)
        return image


class LogDrawer:
    """Where a table's log lies and what of it is under the mouse (see the module docstring).

    The table calls `place` when its layout changes, `handle_event` first with each event,
    and `draw` with its entries; `rect()` is where the log is now (None: the drawer is
    closed)."""

    def __init__(self) -> None:
        self.panel = LogPanel()
        self.fixed: pygame.Rect | None = None
        self.drawer = pygame.Rect(0, 0, 0, 0)
        self.is_open = False
        self.hovered: int | None = None
        """The entry under the mouse (as of the last mouse motion)."""
        self._worded: tuple[Hashable, list[LogEntry]] | None = None

    def place(self, fixed: pygame.Rect | None, drawer: pygame.Rect) -> None:
        """The log's own place when the table has room for it, else None; and where the
        drawer opens when it has not."""
        self.fixed, self.drawer = fixed, drawer

    def rect(self) -> pygame.Rect | None:
        if self.fixed is not None:
            return self.fixed
        return self.drawer if self.is_open else None

    @property
    def needs_drawer(self) -> bool:
        """No fixed place: a Log button (and L) opens and closes the drawer."""
        return self.fixed is None

    def toggle(self) -> None:
        self.is_open = not self.is_open

    def entries(self, key: Hashable, word: Callable[[], list[LogEntry]]) -> list[LogEntry]:
        """The table's log entries as `word` words them, worded again only when `key` (which
        names everything the words depend on: the log's state, the language) changes: a
        whole game's log worded twice a frame costs more than drawing it."""
        if self._worded is None or self._worded[0] != key:
            self._worded = (key, word())
        return self._worded[1]

    def handle_event(self, event: pygame.event.Event, mouse: tuple[int, int], total: int
                     ) -> bool:
        """Hover, the wheel over the log, L for the drawer; clicks on the open drawer go no
        further (it lies over the table). True when the event was used; a hover changes
        `hovered` and uses nothing."""
        log = self.rect()
        if event.type == pygame.MOUSEMOTION:
            self.hover(event.pos)
        if event.type == pygame.MOUSEWHEEL and log is not None and log.collidepoint(mouse):
            self.panel.scroll_by(event.y, total)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l \
                and (self.needs_drawer or self.is_open):
            self.toggle()
            return True
        return log is not None and log is not self.fixed \
            and event.type == pygame.MOUSEBUTTONDOWN and log.collidepoint(event.pos)

    def hover(self, pixel: tuple[int, int]) -> bool:
        """The mouse moved to `pixel`: note the entry under it; True if that changed."""
        log = self.rect()
        hovered = self.panel.entry_at(pixel) if log is not None and log.collidepoint(pixel) \
            else None
        changed, self.hovered = hovered != self.hovered, hovered
        return changed

    def hovered_marks(self, entries: Sequence[LogEntry]) -> tuple[Any, ...]:
        """What the entry under the mouse names (nothing while the log is hidden)."""
        if self.rect() is None or self.hovered is None or not 0 <= self.hovered < len(entries):
            return ()
        return entries[self.hovered].marks

    def draw(self, surface: pygame.Surface, entries: Sequence[LogEntry], title: str,
             text_px: int) -> None:
        """The log where it lies now (nothing while the drawer is closed)."""
        log = self.rect()
        if log is not None:
            self.panel.draw(surface, log, entries, title, text_px, hovered=self.hovered)
        else:
            self.panel.rows = []      # nothing to point at while the log is hidden


def outline(surface: pygame.Surface, rects: Sequence[pygame.Rect], width: int,
            radius: int) -> None:
    """Outline the board rectangles (squares, cells) the hovered log line names."""
    for rect in rects:
        pygame.draw.rect(surface, theme.GUIDE_LIGHT, rect, width, border_radius=radius)
