"""The board designer's workbench: `python main.py preview FILE`.

Shows a board, course or arena and redraws it whenever the file is saved. A broken file
keeps the last good picture and lays the messages (FILE:LINE:COLUMN) over it, where the
designer is looking. Hovering a square names its coordinates and what lies there."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pygame

from game.app.services import Services
from game.data.errors import DataError
from game.data.files import load_any
from game.i18n import _
from game.scenes.base import WidgetScene
from game.tools.render import renderers
from game.ui import theme
from game.ui.widgets import draw_panel, draw_text, wrap_text

POLL_SECONDS = 0.25


def grid_size(model: Any) -> tuple[int, int] | None:
    """(columns, rows) of a loaded board, course or arena."""
    for candidate in (model, getattr(model, "board", None)):
        if candidate is not None and hasattr(candidate, "width") and hasattr(candidate, "height"):
            return int(candidate.width), int(candidate.height)
    return None


class WorkbenchScene(WidgetScene):
    def __init__(self, services: Services, path: Path) -> None:
        self.path = path
        self.picture: pygame.Surface | None = None
        self.model: Any = None
        self.format = ""
        self.problems: list[str] = []
        self.notice = ""
        self.stamp: tuple[float, int] | None = None
        self.since_poll = 0.0
        self.hover: tuple[int, int] | None = None
        self.reloads = 0
        super().__init__(services)
        self.reload()

    # -- the file ----------------------------------------------------------------------------
    def _file_stamp(self) -> tuple[float, int] | None:
        try:
            stat = os.stat(self.path)
        except OSError:
            return None
        return stat.st_mtime, stat.st_size

    def reload(self) -> None:
        """Load the file again; keep the last good picture when it is broken."""
        self.stamp = self._file_stamp()
        self.reloads += 1
        try:
            fmt, model = load_any(self.path)
        except DataError as exc:
            self.problems = [str(p) for p in exc.problems]
            self.dirty = True
            return
        draw = renderers().get(fmt)
        self.problems = []
        if draw is None:
            self.notice = _("This kind of file ({format}) is valid but has no picture yet.").format(
                format=fmt)
        else:
            self.picture = draw(model)
            self.notice = ""

        self.model, self.format = model, fmt
        self.dirty = True

    def update(self, dt: float) -> None:
        super().update(dt)
        self.since_poll += dt
        if self.since_poll >= POLL_SECONDS:
            self.since_poll = 0.0
            if self._file_stamp() != self.stamp:
                self.reload()

    def is_animating(self) -> bool:
        return True  # keep ticking so a save on disk shows within a second

    # -- input ---------------------------------------------------------------------------------
    def picture_rect(self) -> pygame.Rect | None:
        if self.picture is None:
            return None
        area = pygame.Rect(self.px(20), self.px(60), self.size[0] - self.px(40),
                           self.size[1] - self.px(140))
        w, h = self.picture.get_size()
        factor = min(area.w / w, area.h / h)
        rect = pygame.Rect(0, 0, int(w * factor), int(h * factor))
        rect.center = area.center
        return rect

    def square_at(self, pixel: tuple[int, int]) -> tuple[int, int] | None:
        rect = self.picture_rect()
        size = grid_size(self.model) if self.model is not None else None
        if rect is None or size is None or not rect.collidepoint(pixel):
            return None
        return ((pixel[0] - rect.x) * size[0] // rect.w, (pixel[1] - rect.y) * size[1] // rect.h)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            square = self.square_at(event.pos)
            if square != self.hover:
                self.hover = square
                self.dirty = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self.reload()
            return True
        return super().handle_event(event)

    def back(self) -> None:
        self.services.scenes.quit()

    # -- drawing -------------------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND_DEEP)

    def draw_content(self, surface: pygame.Surface) -> None:
        w, h = self.size
        draw_text(surface, str(self.path), theme.font(self.px(22), bold=True), theme.TEXT,
                  (self.px(20), self.px(18)), max_width=w - self.px(40))
        rect = self.picture_rect()
        if rect is not None and self.picture is not None:
            surface.blit(pygame.transform.smoothscale(self.picture, rect.size), rect)
        status = self.notice or _("Saved changes show here at once. R reloads, Esc quits.")
        if self.hover is not None:
            status = _("Square [{x}, {y}]").format(x=self.hover[0], y=self.hover[1])
        draw_text(surface, status, theme.font(self.px(20)), theme.TEXT_DIM,
                  (self.px(20), h - self.px(50)), "midleft", max_width=w - self.px(40))
        if self.problems:
            self._draw_problems(surface)

    def _draw_problems(self, surface: pygame.Surface) -> None:
        w, h = self.size
        f = theme.font(self.px(19))
        lines: list[str] = []
        for problem in self.problems[:12]:
            lines += wrap_text(problem, f, w - self.px(120))
        box = pygame.Rect(self.px(40), self.px(70), w - self.px(80),
                          (len(lines) + 2) * f.get_linesize() + self.px(20))
        draw_panel(surface, box, (70, 24, 24), edge=theme.DANGER)
        heading = _("This file has a mistake; the picture shows the last good version:") \
            if self.picture is not None else _("This file has a mistake:")
        draw_text(surface, heading, theme.font(self.px(19), bold=True), theme.TEXT,
                  (box.x + self.px(20), box.y + self.px(12)))
        y = box.y + self.px(12) + f.get_linesize() * 2
        for line in lines:
            surface.blit(f.render(line, True, (255, 220, 210)), (box.x + self.px(20), y))
            y += f.get_linesize()


def open_preview(path: Path, language: str | None, size: tuple[int, int] | None) -> int:
    from game.app.loop import run
    from game.app.services import make_services

    if not path.is_file():
        print(f"{path}:1:1: no such file", file=sys.stderr)
        return 2
    pygame.init()
    services = make_services()
    if language:
        services.set_language(language)
    if size:
        services.settings.window_size = list(size)
    services.window.open()
    pygame.display.set_caption(f"Robot Games – {path.name}")
    services.scenes.push(WorkbenchScene(services, path))
    run(services)
    pygame.quit()
    return 0
