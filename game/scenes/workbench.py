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
from game.ui.widgets import draw_panel, draw_paragraphs, draw_text, wrap_text

POLL_SECONDS = 0.25
WALL_TOOL = "wall"
PALETTES = {
    "roborally-board/1": (".", "O", "~", "C^", "C>", "Cv", "C<", "E^", "E>", "Ev", "E<", "G+",
                          "G-", "R1", "R2", "X", "S1", "S2", "S3", "S4", WALL_TOOL),
    "volt-arena/1": (".", "O", "W", "V1", "V2", "V3", "V4", "V5", "V6", "SN", "SE", "SS", "SW",
                     WALL_TOOL),
}


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
        self.board_view: Any = None
        self.register: int | None = None   # None: show every register's elements at once
        self.painting = False
        self.tool = "."
        self.edit_message = ""
        self.undo: list[str] = []
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
        self.board_view = _interactive_view(model)
        if self.board_view is not None:
            self.board_view.layout(self._board_area())
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
    def _board_area(self) -> pygame.Rect:
        side = self.px(380) if self.board_view is not None else 0
        return pygame.Rect(self.px(20), self.px(60), self.size[0] - self.px(40) - side,
                           self.size[1] - self.px(140))

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        if getattr(self, "board_view", None) is not None:
            self.board_view.layout(self._board_area())

    def picture_rect(self) -> pygame.Rect | None:
        if self.board_view is not None:
            return self.board_view.rect
        if self.picture is None:
            return None
        area = self._board_area()
        w, h = self.picture.get_size()
        factor = min(area.w / w, area.h / h)
        rect = pygame.Rect(0, 0, int(w * factor), int(h * factor))
        rect.center = area.center
        return rect

    def square_at(self, pixel: tuple[int, int]) -> tuple[int, int] | None:
        if self.board_view is not None:
            pos = self.board_view.pos_at(pixel)
            return None if pos is None else (pos.x, pos.y)
        rect = self.picture_rect()
        size = grid_size(self.model) if self.model is not None else None
        if rect is None or size is None or not rect.collidepoint(pixel):
            return None
        return ((pixel[0] - rect.x) * size[0] // rect.w, (pixel[1] - rect.y) * size[1] // rect.h)

    # -- paint mode ------------------------------------------------------------------------------
    def palette(self) -> tuple[str, ...]:
        return PALETTES.get(self.format, ())

    def palette_rects(self) -> list[tuple[str, pygame.Rect]]:
        area = self._board_area()
        x0 = area.right + self.px(28)
        size, gap = self.px(52), self.px(8)
        per_row = max(1, (self.size[0] - x0 - self.px(30)) // (size + gap))
        return [(tool, pygame.Rect(x0 + (i % per_row) * (size + gap),
                                   area.y + self.px(60) + (i // per_row) * (size + gap),
                                   size if tool != WALL_TOOL else size * 2 + gap, size))
                for i, tool in enumerate(self.palette())]

    def paint_at(self, pixel: tuple[int, int]) -> None:
        """Apply the current tool where the designer clicked, if the result is a valid file."""
        from game.core.types import Direction
        from game.tools.board_edit import BoardDocument

        square = self.square_at(pixel)
        if square is None:
            return
        try:
            doc = BoardDocument.open(self.path)
        except (OSError, ValueError) as exc:
            self.edit_message = _("Cannot paint this file: {reason}").format(reason=exc)
            return
        before = doc.dumps()
        if self.tool == WALL_TOOL:
            rect = self.square_rect(square)
            dx, dy = pixel[0] - rect.centerx, pixel[1] - rect.centery
            side = (Direction.E if dx > 0 else Direction.W) if abs(dx) > abs(dy) else \
                (Direction.S if dy > 0 else Direction.N)
            doc.toggle_wall(square[0], square[1], side)
        else:
            doc.set_token(square[0], square[1], self.tool)
        problems = doc.problems(self.path)
        if problems:
            self.edit_message = _("Not painted: {problem}").format(problem=problems[0])
            return
        try:
            doc.save(self.path)
        except OSError as exc:
            self.edit_message = _("Cannot save: {reason}").format(reason=exc)
            return
        self.undo.append(before)
        self.edit_message = ""
        self.reload()

    def undo_last(self) -> None:
        if not self.undo:
            return
        from game.tools.board_edit import BoardDocument
        BoardDocument(self.undo.pop()).save(self.path)
        self.reload()

    def square_rect(self, square: tuple[int, int]) -> pygame.Rect:
        if self.board_view is not None:
            from game.core.types import Pos
            return self.board_view.cell_rect(Pos(*square))
        rect = self.picture_rect()
        size = grid_size(self.model)
        assert rect is not None and size is not None
        w, h = rect.w / size[0], rect.h / size[1]
        return pygame.Rect(rect.x + square[0] * w, rect.y + square[1] * h, w, h)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_p and self.palette():
            self.painting = not self.painting
            self.dirty = True
            return True
        if self.painting and event.type == pygame.KEYDOWN and event.key == pygame.K_z \
                and event.mod & pygame.KMOD_CTRL:
            self.undo_last()
            return True
        if self.painting and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for tool, rect in self.palette_rects():
                if rect.collidepoint(event.pos):
                    self.tool = tool
                    self.dirty = True
                    return True
            self.paint_at(event.pos)
            self.dirty = True
            return True
        if event.type == pygame.MOUSEMOTION:
            square = self.square_at(event.pos)
            if square != self.hover:
                self.hover = square
                self.dirty = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self.reload()
            return True
        if event.type == pygame.KEYDOWN and pygame.K_0 <= event.key <= pygame.K_5:
            number = event.key - pygame.K_0
            self.register = number or None
            self.dirty = True
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
        if self.board_view is not None:
            self.board_view.draw(surface, self.register)
            if self.painting:
                self._draw_palette(surface)
            else:
                self._draw_side_panel(surface)
        elif rect is not None and self.picture is not None:
            surface.blit(pygame.transform.smoothscale(self.picture, rect.size), rect)
        status = self.notice or _("Saved changes show here at once. R reloads, Esc quits.")
        if self.board_view is not None:
            status = _("Register {n} (keys 1–5; 0 shows all). R reloads, Esc quits.").format(
                n=self.register) if self.register else _(
                "All registers (keys 1–5 pick one). R reloads, Esc quits.")
        if self.hover is not None and self.board_view is None:
            status = _("Square [{x}, {y}]").format(x=self.hover[0], y=self.hover[1])
        if self.palette():
            status += "  " + (_("Paint mode: click to paint, Ctrl+Z undoes, P ends.")
                              if self.painting else _("P paints."))
        if self.edit_message:
            status = self.edit_message
        draw_text(surface, status, theme.font(self.px(20)), theme.TEXT_DIM,
                  (self.px(20), h - self.px(50)), "midleft", max_width=w - self.px(40))
        if self.problems:
            self._draw_problems(surface)

    def _draw_palette(self, surface: pygame.Surface) -> None:
        area = self._board_area()
        panel = pygame.Rect(area.right + self.px(16), area.y, self.size[0] - area.right
                            - self.px(36), area.h)
        draw_panel(surface, panel)
        draw_text(surface, _("Paint"), theme.font(self.px(22), bold=True), theme.ACCENT,
                  (panel.x + self.px(16), panel.y + self.px(14)))
        for tool, rect in self.palette_rects():
            chosen = tool == self.tool
            draw_panel(surface, rect, theme.ACCENT if chosen else theme.BUTTON, edge=None,
                       radius=6, shadow=False)
            label = _("Wall") if tool == WALL_TOOL else tool
            draw_text(surface, label, theme.font(self.px(18), bold=True),
                      (30, 24, 10) if chosen else theme.TEXT, rect.center, "center",
                      max_width=rect.w - 4)

    def _draw_side_panel(self, surface: pygame.Surface) -> None:
        """What lies on the hovered square, with each element's rule."""
        area = self._board_area()
        panel = pygame.Rect(area.right + self.px(16), area.y, self.size[0] - area.right
                            - self.px(36), area.h)
        draw_panel(surface, panel)
        x, y = panel.x + self.px(16), panel.y + self.px(14)
        if self.hover is None:
            draw_paragraphs(surface, _("Point at a square to see its elements and their rules."),
                            theme.font(self.px(18)), theme.TEXT_DIM,
                            pygame.Rect(x, y, panel.w - self.px(32), panel.h))
            return
        from game.core.types import Pos
        draw_text(surface, _("Square [{x}, {y}]").format(x=self.hover[0], y=self.hover[1]),
                  theme.font(self.px(22), bold=True), theme.ACCENT, (x, y))
        y += self.px(40)
        for name, rule in self.board_view.describe(Pos(*self.hover), self.register):
            draw_text(surface, name, theme.font(self.px(18), bold=True), theme.TEXT, (x, y),
                      max_width=panel.w - self.px(32))
            y += self.px(26)
            if rule:
                y += draw_paragraphs(surface, rule, theme.font(self.px(15)), theme.TEXT_DIM,
                                     pygame.Rect(x, y, panel.w - self.px(32),
                                                 panel.bottom - y - self.px(10)))
            y += self.px(10)

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


def _interactive_view(model: Any) -> Any:
    """A BoardView for RoboRally boards and courses (hover texts, registers), else None."""
    try:
        from game.roborally.model import Board
        from game.ui.roborally_view import BoardView
    except ImportError:
        return None
    board = model if isinstance(model, Board) else getattr(model, "board", None)
    return BoardView(board) if isinstance(board, Board) else None


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
