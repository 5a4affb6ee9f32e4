"""The board designer's workbench: `python main.py preview FILE`.

Shows a board, course or arena and redraws it whenever the file is saved. A broken file
keeps the last good picture and lays the messages (FILE:LINE:COLUMN) over it, where the
designer is looking. Hovering a square names its coordinates, what lies there and the walls
on its sides. Overlays (toggled by key or button) show laser lines, belt flow, the registers
of timed elements and the distance to each flag (the bot's own distance map). Scenarios next
to the file run on every save; a RoboRally scenario can be stepped through register by
register, and "Play test" starts a game on the file."""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import Any

import pygame

from game.app.services import Services
from game.core.types import Direction, Pos
from game.data.errors import DataError
from game.data.files import load_any, registry
from game.i18n import N_, _, current_language
from game.roborally.model import Board
from game.scenes.base import WidgetScene
from game.scenes.games import GAMES_BY_ID, find_start
from game.scenes.workbench_playtest import PlayTestRefused, play_test_setup
from game.scenes.workbench_hover import describe_square
from game.scenes.workbench_step import open_step_through
from game.scenes.workbench_warnings import (
    draw_problems, draw_square_marks, draw_warnings, warnings_box)
from game.tools.board_edit import BoardDocument
from game.tools.designer_warnings import designer_warnings
from game.tools.lint import flag_distances
from game.tools.paint_tools import PALETTES, paint, tool_label
from game.tools.render import map_token_pictures, renderers
from game.tools.scenario_watch import (INVALID, PASSED, ScenarioResult, folder_stamp,
                                       run_scenarios_for, scenario_ground)
from game.ui import theme
from game.ui.text_drawing import EntryLine, draw_paragraphs, draw_text, fit_entries, fitting_font
from game.ui.widgets import Button, Toggle, draw_panel
from game.ui.zoom_pan import draw_grid_coordinates, grid_coordinate_rects
from game.ui.roborally_view import BoardView
from game.ui.workbench_overlays import draw_overlays, draw_scenario_robots

POLL_SECONDS = 0.25
OVERLAYS = (("lasers", N_("Lasers (L)"), pygame.K_l),
            ("belts", N_("Belt flow (C)"), pygame.K_c),
            ("registers", N_("Registers (G)"), pygame.K_g),
            ("distance", N_("Distance (D)"), pygame.K_d))
"""RoboRally overlays: (id, button label, key)."""


def grid_size(model: Any) -> tuple[int, int] | None:
    """(columns, rows) of a loaded board, course or arena."""
    for candidate in (model, getattr(model, "board", None)):
        if candidate is not None and hasattr(candidate, "width") and hasattr(candidate, "height"):
            return int(candidate.width), int(candidate.height)
    return None


COORDINATE_GUTTER = 18
"""Room above and left of the board for its column and row numbers, before scaling."""
TOOL_PICTURES = map_token_pictures()   # a build without VOLT has only RoboRally's
"""Formats whose map tools show in the palette as the square they paint (else by code)."""


class WorkbenchScene(WidgetScene):
    hosts_games = True      # a play test comes back here (SceneManager.leave_game)

    def __init__(self, services: Services, path: Path) -> None:
        self.path = path
        self.picture: pygame.Surface | None = None
        self.model: Any = None
        self.format = ""
        self.problems: list[str] = []
        self.warnings: list[str] = []
        self.mistake_squares: list[tuple[int, int]] = []    # (x, y) the problems are about
        self.warning_squares: list[tuple[int, int]] = []
        self.notice = ""
        self.stamp: tuple[float, int] | None = None
        self.language = current_language()
        """The language the file's messages were made in: they are made again in another."""
        self.since_poll = 0.0
        self.hover: tuple[int, int] | None = None
        self.reloads = 0
        self.board_view: Any = None        # RoboRally boards and courses
        self.arena_view: Any = None        # VOLT arenas
        self.register: int | None = None   # None: show every register's elements at once
        self.painting = False
        self.tool = "."
        self._tool_pictures: dict[tuple[str, int], pygame.Surface | None] = {}
        self.edit_message = ""
        self.undo: list[str] = []
        self.shown_path = path_as_typed(path)   # the title: the file as the designer named it
        self.overlays: set[str] = set()
        self.flag_index = 0                   # which flag the distance overlay counts to
        self._distances: list[dict[Any, int | None]] | None = None
        self.scenarios: list[ScenarioResult] = []
        self.scenario_robots: tuple[tuple[str, Pos, str | None], ...] = ()
        """A scenario opened on its own: its robots where they start."""
        self.scenario_stamp: Any = None
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
        self.language = current_language()
        self.reloads += 1
        was_broken = bool(self.problems)
        try:
            fmt, model = load_any(self.path)
        except DataError as exc:
            self.problems = [str(p) for p in exc.problems]
            # a course's mistake may lie in a board it names: that square is the board's own
            self.mistake_squares = [p.square for p in exc.problems if p.square is not None
                                    and Path(p.file).resolve() == self.path.resolve()]
            if not was_broken:
                self._rebuild()     # the messages take the side column and its buttons
            self.dirty = True
            return
        draw = renderers().get(fmt)
        self.problems, self.mistake_squares = [], []
        found = designer_warnings(self.path, model)
        self.warnings = [_short(str(p), self.path) for p in found]
        self.warning_squares = [p.square for p in found if p.square is not None]
        had_view = (self.board_view is not None, self.arena_view is not None)
        ground = scenario_ground(self.path) if model is None else None
        shown = model if ground is None else ground.ground
        self.board_view = _interactive_view(shown)
        self.arena_view = _arena_view(shown, self._grid_area())
        self.scenario_robots = () if ground is None else ground.robots
        if self.board_view is not None:
            self.board_view.layout(self._grid_area())
        if had_view != (self.board_view is not None, self.arena_view is not None) \
                or self.model is None:
            self.model, self.format = model, fmt
            self._rebuild()   # the toolbar depends on the kind of file
        if draw is None and ground is None:
            self.notice = _("This kind of file ({format}) is valid but has no picture yet.").format(
                format=fmt)
        elif draw is None or (model is None and (ground is None or self.board_view is not None
                                                 or self.arena_view is not None)):
            # a scenario the workbench draws with its own view, or one that does not read
            # (its result says why)
            self.picture, self.notice = None, ""
        else:
            self.picture = draw(model if ground is None else ground)
            self.notice = ""

        self.model, self.format = model, fmt
        self.edit_message = ""
        self._distances = None
        self.flag_index = min(self.flag_index, max(0, len(self.flags()) - 1))
        if was_broken:
            self._rebuild()
        self.run_scenarios()
        self.dirty = True

    def run_scenarios(self) -> None:
        """Run the scenarios next to the file again (after every reload and whenever one of
        them changes); a broken scenario shows its FILE:LINE message instead."""
        self.scenario_stamp = folder_stamp(self.path)
        results = run_scenarios_for(self.path)
        changed = [(r.path, r.status) for r in results] != \
            [(r.path, r.status) for r in self.scenarios]
        self.scenarios = results
        if changed:
            self._rebuild()
        self.dirty = True

    def _rebuild(self) -> None:
        if getattr(self, "ui", None) is not None:
            self.on_resize(self.size)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.since_poll += dt
        if self.since_poll >= POLL_SECONDS:
            self.since_poll = 0.0
            if self._file_stamp() != self.stamp or self.language != current_language():
                self.reload()
            elif folder_stamp(self.path) != self.scenario_stamp and self.is_scenario():
                self.reload()       # the board the scenario names may be what changed
            elif folder_stamp(self.path) != self.scenario_stamp:
                self.run_scenarios()

    def is_scenario(self) -> bool:
        """Whether the file is a scenario opened on its own (drawn on the board it names)."""
        return self.model is None and self.format in registry().simulators

    def is_animating(self) -> bool:
        return True  # keep ticking so a save on disk shows within a second

    # -- layout ----------------------------------------------------------------------------------
    def _board_area(self) -> pygame.Rect:
        side = self.px(400)
        return pygame.Rect(self.px(20), self.px(60), self.size[0] - self.px(40) - side,
                           self.size[1] - self.px(190))

    def _grid_area(self) -> pygame.Rect:
        """Where the board or arena is laid out: the board area less the gutter above and
        left of it for the column and row numbers, and less the warnings under it."""
        area, gutter = self._board_area(), self.px(COORDINATE_GUTTER)
        bottom = area.bottom
        warnings = self.warnings_rect()
        if warnings is not None:
            bottom = warnings.y - self.px(8)
        return pygame.Rect(area.x + gutter, area.y + gutter, area.w - gutter,
                           bottom - area.y - gutter)

    def warnings_rect(self) -> pygame.Rect | None:
        """The amber panel of the designer warnings, under the board; None without any."""
        return warnings_box(self._board_area(), self.warnings, self.scale) \
            if self.warnings else None

    def coordinate_boxes(self) -> list[tuple[str, pygame.Rect]]:
        """The column numbers above the board or arena and the row numbers left of it (an
        arena's outside its frame): check's messages and the scenarios name squares so."""
        gutter, screen = self.px(COORDINATE_GUTTER), pygame.Rect((0, 0), self.size)
        if self.board_view is not None:
            grid, tile = self.board_view.rect, self.board_view.tile
            outer = grid
        elif self.arena_view is not None:
            grid, tile = pygame.Rect(self.arena_view.grid), self.arena_view.cell
            outer = grid.inflate(2 * self.arena_view.frame, 2 * self.arena_view.frame)
        else:
            return []
        columns, rows = grid.w // tile, grid.h // tile
        return (grid_coordinate_rects(screen, tile, (grid.x, outer.y), columns, 0, gutter)
                + grid_coordinate_rects(screen, tile, (outer.x, grid.y), 0, rows, gutter))

    def _side_rect(self) -> pygame.Rect:
        area = self._board_area()
        return pygame.Rect(area.right + self.px(16), area.y,
                           self.size[0] - area.right - self.px(36), area.h)

    def _scenario_rect(self) -> pygame.Rect:
        """The lower part of the side panel: the scenarios next to the file."""
        side = self._side_rect()
        top = side.y + side.h * 45 // 100
        return pygame.Rect(side.x, top, side.w, side.bottom - top)

    def problems_rect(self) -> pygame.Rect:
        """Where a broken file's messages stand: the side column, beside the last good
        picture, which they must not hide (the mistake may be in its first rows); over the
        board area when there is no picture to keep."""
        if (self.board_view or self.arena_view or self.picture) is not None:
            return self._side_rect()
        return self._board_area()

    def marked_squares(self) -> tuple[list[pygame.Rect], tuple[int, int, int]]:
        """The squares of the picture the mistakes (red) or else the warnings (amber) name,
        and their colour; squares the last good picture does not have are left out."""
        size = grid_size(self.model)
        if (self.board_view or self.arena_view) is None or size is None:
            return [], theme.DANGER
        squares, colour = ((self.mistake_squares, theme.DANGER) if self.problems
                           else (self.warning_squares, theme.WARNING_EDGE))
        return [self.square_rect(square) for square in squares
                if 0 <= square[0] < size[0] and 0 <= square[1] < size[1]], colour

    def _toolbar_y(self) -> int:
        return self._board_area().bottom + self.px(14)

    def build(self, size: tuple[int, int]) -> None:
        if getattr(self, "board_view", None) is not None:
            self.board_view.layout(self._grid_area())
        self._layout_arena()
        x, y, h = self.px(20), self._toolbar_y(), self.px(36)
        if self.board_view is not None:
            for overlay, label, _key in OVERLAYS:
                if overlay == "distance" and not self.flags():
                    continue   # a board without flags has nothing to count to
                def shown(o: str = overlay) -> bool:
                    return o in self.overlays

                toggle = Toggle((x, y, self.px(212), h), label, shown,
                                functools.partial(self.set_overlay, overlay))
                self.ui.add(toggle)
                x += self.px(220)
            if len(self.flags()) > 1:
                self.ui.add(Button((x, y, self.px(120), h),
                                   lambda: _("Flag {n} (F)").format(n=self.flag_index + 1),
                                   self.next_flag, size=self.px(15),
                                   tooltip=N_("Which flag the distances count to")))
        for rect, label, bots, style, tooltip in self._play_buttons():
            self.ui.add(Button(rect, label, functools.partial(self.play_test, bots=bots),
                               style=style, size=self.px(15), tooltip=tooltip))
        for index, rect in self._step_buttons():
            self.ui.add(Button(rect, N_("Step through"),
                               functools.partial(self.step_through, index), size=self.px(13),
                               tooltip=N_("Run this scenario register by register with the "
                                          "game's animations")))

    def _play_buttons(self) -> list[tuple[pygame.Rect, str, int, str, str]]:
        """Top right: play test against a bot, and hot-seat for two people."""
        if self.model is None or self.format not in PLAY_FORMATS:
            return []
        w, h, right, y = self.px(170), self.px(38), self.size[0] - self.px(20), self.px(10)
        return [(pygame.Rect(right - w, y, w, h), N_("Play test (T)"), 1, "primary",
                 N_("Start a game on this file: you against a bot")),
                (pygame.Rect(right - 2 * w - self.px(8), y, w, h), N_("Hot-seat (H)"), 0,
                 "normal", N_("Start a game on this file for two people at this screen"))]

    def _layout_arena(self) -> None:
        if getattr(self, "arena_view", None) is not None:
            from game.ui.volt_view import ArenaView    # VOLT is optional: see _arena_view
            self.arena_view = ArenaView(self.arena_view.arena, self._grid_area())

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)

    def picture_rect(self) -> pygame.Rect | None:
        if self.board_view is not None:
            return self.board_view.rect
        if self.arena_view is not None:
            return pygame.Rect(self.arena_view.grid)
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
        if self.arena_view is not None:
            pos = self.arena_view.pos_at(pixel)
            return None if pos is None else (pos.x, pos.y)
        return None

    # -- overlays --------------------------------------------------------------------------------
    def set_overlay(self, overlay: str, on: bool) -> None:
        if on:
            self.overlays.add(overlay)
        else:
            self.overlays.discard(overlay)
        self.dirty = True

    def flags(self) -> tuple[Any, ...]:
        board = self.board_view.board if self.board_view is not None else None
        return tuple(board.flags) if board is not None else ()

    def next_flag(self) -> None:
        if self.flags():
            self.flag_index = (self.flag_index + 1) % len(self.flags())
            self.overlays.add("distance")
            self.dirty = True

    def flag_distances(self) -> dict[Any, int | None]:
        """Registers a lone robot needs from each square to the chosen flag (the bot's map)."""
        if self.board_view is None or not self.flags():
            return {}
        if self._distances is None:
            self._distances = flag_distances(self.board_view.board)
        return self._distances[min(self.flag_index, len(self._distances) - 1)]

    def _draw_overlays(self, surface: pygame.Surface) -> None:
        if self.board_view is None:
            return
        flag = self.flags()[self.flag_index] if self.flags() else None
        draw_overlays(surface, self.board_view, self.overlays, self.register, flag,
                      self.flag_distances() if "distance" in self.overlays else {})

    # -- scenarios, step through, play test ------------------------------------------------------
    def _scenario_rows(self) -> list[tuple[ScenarioResult, pygame.Rect]]:
        """Where each scenario's entry is drawn (name, then its first messages)."""
        box = self._scenario_rect()
        y = box.y + self.px(48)
        rows = []
        for result in self.scenarios:
            lines = 1 + min(2, len(result.lines))
            height = lines * self.px(22) + self.px(18)
            if y + height > box.bottom - self.px(6):
                break
            rows.append((result, pygame.Rect(box.x + self.px(12), y, box.w - self.px(24),
                                             height)))
            y += height
        return rows

    def _step_buttons(self) -> list[tuple[int, pygame.Rect]]:
        if self.painting or self.problems:      # a broken file's messages cover the panel
            return []
        out = []
        for index, (result, rect) in enumerate(self._scenario_rows()):
            if result.steppable:
                out.append((index, pygame.Rect(rect.right - self.px(128), rect.y,
                                               self.px(128), self.px(26))))
        return out

    def step_through(self, index: int) -> None:
        if not 0 <= index < len(self.scenarios):
            return
        self.services.scenes.push(open_step_through(self.services, self.scenarios[index].path))

    def play_test(self, bots: int = 1) -> None:
        """Start the file's game on it: one human and `bots` bots, or two humans."""
        game = PLAY_FORMATS.get(self.format)
        start = find_start(GAMES_BY_ID[game]) if game is not None else None
        if game is None or start is None or self.model is None:
            return
        board = self.board_view.board if self.board_view is not None else None
        try:
            setup = play_test_setup(game, self.path, board, bots, seed=int(self.reloads))
        except PlayTestRefused as exc:
            self.edit_message = str(exc)
            self.dirty = True
            return
        self.services.scenes.push(start(self.services, setup))

    # -- paint mode ------------------------------------------------------------------------------
    def palette(self) -> tuple[str, ...]:
        return PALETTES.get(self.format, ())

    def palette_rects(self) -> list[tuple[str, pygame.Rect]]:
        area = self._board_area()
        x0 = area.right + self.px(28)
        size, gap = self.px(52), self.px(8)
        per_row = max(2, (self.size[0] - x0 - self.px(30)) // (size + gap))
        rects: list[tuple[str, pygame.Rect]] = []
        column = row = 0
        for tool in self.palette():
            span = 2 if len(tool_label(tool)) > 2 else 1   # a word ("Pusher") gets two cells
            if column + span > per_row:
                column, row = 0, row + 1
            rects.append((tool, pygame.Rect(x0 + column * (size + gap),
                                            area.y + self.px(60) + row * (size + gap),
                                            size * span + gap * (span - 1), size)))
            column += span
        return rects

    def paint_at(self, pixel: tuple[int, int]) -> None:
        """Apply the current tool where the designer clicked, if the result is a valid file."""
        square = self.square_at(pixel)
        if square is None:
            return
        try:
            doc = BoardDocument.open(self.path)
        except (OSError, ValueError) as exc:
            self.edit_message = _("Cannot paint this file: {reason}").format(reason=exc)
            return
        before = doc.dumps()
        rect = self.square_rect(square)
        dx, dy = pixel[0] - rect.centerx, pixel[1] - rect.centery
        side = (Direction.E if dx > 0 else Direction.W) if abs(dx) > abs(dy) else \
            (Direction.S if dy > 0 else Direction.N)
        paint(doc, self.tool, square[0], square[1], side)
        problems = doc.problems(self.path)
        if problems:
            self.edit_message = _("Not painted: {problem}").format(
                problem=_short(str(problems[0]), self.path))
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
        BoardDocument(self.undo.pop()).save(self.path)
        self.reload()

    def square_rect(self, square: tuple[int, int]) -> pygame.Rect:
        if self.board_view is not None:
            return self.board_view.cell_rect(Pos(*square))
        if self.arena_view is not None:
            return self.arena_view.cell_rect(Pos(*square))
        rect = self.picture_rect()
        size = grid_size(self.model)
        assert rect is not None and size is not None
        w, h = rect.w / size[0], rect.h / size[1]
        return pygame.Rect(rect.x + square[0] * w, rect.y + square[1] * h, w, h)

    def _on_widget(self, pixel: tuple[int, int]) -> bool:
        return any(w.visible and w.rect.collidepoint(pixel) for w in self.ui.widgets)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_p and self.palette():
            self.painting = not self.painting
            self._rebuild()
            self.dirty = True
            return True
        if self.painting and event.type == pygame.KEYDOWN and event.key == pygame.K_z \
                and event.mod & pygame.KMOD_CTRL:
            self.undo_last()
            return True
        if self.painting and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and not self._on_widget(event.pos):
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
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_r:
                self.reload()
                return True
            if pygame.K_0 <= event.key <= pygame.K_5:
                number = event.key - pygame.K_0
                self.register = number or None
                self.dirty = True
                return True
            if self.board_view is not None:
                for overlay, _label, key in OVERLAYS:
                    if event.key == key:
                        self.set_overlay(overlay, overlay not in self.overlays)
                        return True
                if event.key == pygame.K_f:
                    self.next_flag()
                    return True
            if event.key == pygame.K_t:
                self.play_test(bots=1)
                return True
            if event.key == pygame.K_h:
                self.play_test(bots=0)
                return True
        return super().handle_event(event)

    def back(self) -> None:
        self.services.scenes.quit()

    # -- drawing -------------------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND_DEEP)

    def draw_content(self, surface: pygame.Surface) -> None:
        w, h = self.size
        buttons = self._play_buttons()
        limit = (buttons[-1][0].x - self.px(16)) if buttons else w - self.px(20)
        draw_text(surface, self.shown_path, theme.font(self.px(22), bold=True), theme.TEXT,
                  (self.px(20), self.px(18)), max_width=limit - self.px(20))
        rect = self.picture_rect()
        if self.board_view is not None:
            self.board_view.draw(surface, self.register)
            self._draw_overlays(surface)
        elif self.arena_view is not None:
            self.arena_view.draw_board(surface)
        elif rect is not None and self.picture is not None:
            surface.blit(pygame.transform.smoothscale(self.picture, rect.size), rect)
        draw_scenario_robots(surface, self.board_view or self.arena_view, self.scenario_robots)
        draw_grid_coordinates(surface, self.coordinate_boxes())
        marks, colour = self.marked_squares()
        draw_square_marks(surface, marks, colour, self.scale)
        if self.hover is not None and (self.board_view or self.arena_view) is not None:
            pygame.draw.rect(surface, theme.ACCENT, self.square_rect(self.hover), 2)
        if self.painting:
            self._draw_palette(surface)
        else:
            self._draw_side_panel(surface)
            self._draw_scenarios(surface)
        status = self.notice or _("Saved changes show here at once. R reloads, Esc quits.")
        if self.board_view is not None:
            status = _("Register {n} (keys 1–5; 0 shows all). R reloads, Esc quits.").format(
                n=self.register) if self.register else _(
                "All registers (keys 1–5 pick one). R reloads, Esc quits.")
        if self.palette():
            status += "  " + (_("Paint mode: click to paint, Ctrl+Z undoes, P ends.")
                              if self.painting else _("P paints."))
        if self.edit_message:
            status = self.edit_message
        draw_text(surface, status, fitting_font(status, w - self.px(40), self.px(18), bold=False),
                  theme.TEXT_DIM, (self.px(20), h - self.px(40)), "midleft",
                  max_width=w - self.px(40))
        warnings = self.warnings_rect()     # the last good picture's, while it is shown
        if warnings is not None:
            draw_warnings(surface, warnings, self.warnings, self.scale)
        if self.problems:
            heading = _("This file has a mistake; the picture shows the last good version:") \
                if self.picture is not None else _("This file has a mistake:")
            draw_problems(surface, self.problems_rect(), heading,
                          [_short(problem, self.path) for problem in self.problems], self.scale)

    def _draw_palette(self, surface: pygame.Surface) -> None:
        panel = self._side_rect()
        draw_panel(surface, panel)
        draw_text(surface, _("Paint"), theme.font(self.px(22), bold=True), theme.ACCENT,
                  (panel.x + self.px(16), panel.y + self.px(14)))
        for tool, rect in self.palette_rects():
            chosen = tool == self.tool
            label = _(tool_label(tool))
            picture = self._tool_picture(tool, rect.h)
            if picture is None:
                draw_panel(surface, rect, theme.ACCENT if chosen else theme.BUTTON, edge=None,
                           radius=6, shadow=False)
                draw_text(surface, label, theme.fit_font(label, rect.w - 6, self.px(18), 9),
                          (30, 24, 10) if chosen else theme.TEXT, rect.center, "center",
                          max_width=rect.w - 4)
                continue
            surface.blit(picture, rect)
            pygame.draw.rect(surface, theme.ACCENT if chosen else theme.PANEL_EDGE,
                             rect.inflate(4, 4) if chosen else rect, 3 if chosen else 1,
                             border_radius=4)

    def _tool_picture(self, tool: str, size: int) -> pygame.Surface | None:
        """The square a map tool paints with its map code in the corner (FORMATS.md), drawn
        once per size; None for tools shown by name."""
        draw = TOOL_PICTURES.get(self.format)
        if draw is None:
            return None
        key = (tool, size)
        if key not in self._tool_pictures:
            picture = draw(tool, size)
            if picture is not None:
                code = theme.font(max(9, size * 0.26), bold=True).render(tool, True, theme.TEXT)
                corner = code.get_rect(bottomright=(size - 2, size - 1))
                pygame.draw.rect(picture, theme.BACKGROUND_DEEP, corner.inflate(4, 0),
                                 border_radius=3)
                picture.blit(code, corner)
            self._tool_pictures[key] = picture
        return self._tool_pictures[key]

    def describe_hover(self) -> list[tuple[str, str]]:
        """(name, rule) for what lies on the hovered square (`describe_square`)."""
        if self.hover is None:
            return []
        return describe_square(self.board_view, self.arena_view, Pos(*self.hover),
                               self.register, self.scenario_robots)

    def hover_panel(self) -> tuple[pygame.Rect, list[EntryLine]]:
        """The panel that names what lies on the hovered square, and its lines: every
        element's name always shows; the rules share the room that is left."""
        side = self._side_rect()
        panel = pygame.Rect(side.x, side.y, side.w,
                            self._scenario_rect().y - side.y - self.px(10))
        inside = pygame.Rect(panel.x + self.px(16), panel.y + self.px(44),
                             panel.w - self.px(32), panel.h - self.px(52))
        lines = fit_entries(self.describe_hover(), theme.font(self.px(16), bold=True),
                            theme.font(self.px(14)), inside, self.px(6))
        return panel, lines

    def _draw_side_panel(self, surface: pygame.Surface) -> None:
        """What lies on the hovered square, with each element's rule."""
        panel, lines = self.hover_panel()
        draw_panel(surface, panel)
        x, y = panel.x + self.px(16), panel.y + self.px(12)
        if self.hover is None and self.picture is not None and self.board_view is None \
                and self.arena_view is None:
            draw_paragraphs(surface, _("The picture shows what the game works out from the "
                                       "file; the scenarios below compare it with what the "
                                       "file expects."),
                            theme.font(self.px(17)), theme.TEXT_DIM,
                            pygame.Rect(x, y, panel.w - self.px(32), panel.h))
            return
        if self.hover is None:
            draw_paragraphs(surface, _("Point at a square to see its elements and their rules."),
                            theme.font(self.px(17)), theme.TEXT_DIM,
                            pygame.Rect(x, y, panel.w - self.px(32), panel.h))
            return
        draw_text(surface, _("Square [{x}, {y}]").format(x=self.hover[0], y=self.hover[1]),
                  theme.font(self.px(20), bold=True), theme.ACCENT, (x, y))
        name_font, rule_font = theme.font(self.px(16), bold=True), theme.font(self.px(14))
        for line in lines:
            draw_text(surface, line.text, name_font if line.is_name else rule_font,
                      theme.TEXT if line.is_name else theme.TEXT_DIM, (x, line.top))

    def _draw_scenarios(self, surface: pygame.Surface) -> None:
        box = self._scenario_rect()
        draw_panel(surface, box)
        x = box.x + self.px(16)
        passed = sum(1 for r in self.scenarios if r.status == PASSED)
        title = _("Scenarios: {passed} of {total} pass").format(
            passed=passed, total=len(self.scenarios)) if self.scenarios else _("Scenarios")
        draw_text(surface, title, theme.font(self.px(19), bold=True), theme.ACCENT,
                  (x, box.y + self.px(12)), max_width=box.w - self.px(32))
        if not self.scenarios:
            draw_paragraphs(surface, _("No scenario names this file. A *.yaml scenario in "
                                       "this folder with board: {stem} (or arena: {stem}) "
                                       "runs here on every save.").format(stem=self.path.stem),
                            theme.font(self.px(15)), theme.TEXT_DIM,
                            pygame.Rect(x, box.y + self.px(46), box.w - self.px(32),
                                        box.h - self.px(52)))
            return
        small = theme.font(self.px(14))
        rows = self._scenario_rows()
        for result, rect in rows:
            ok = result.status == PASSED
            mark, colour = ("✓", theme.PASS) \
                if ok else ("✗", theme.DANGER)
            label = result.path.name
            if result.status == INVALID:
                label = _("{file} (invalid)").format(file=label)
            button_w = self.px(136) if result.steppable else 0
            draw_text(surface, f"{mark} {label}", theme.font(self.px(16), bold=True), colour,
                      (rect.x, rect.y + self.px(2)), max_width=rect.w - button_w)
            y = rect.y + self.px(32)
            for line in result.lines[:2]:
                draw_text(surface, _short(line, result.path), small, theme.TEXT_DIM,
                          (rect.x + self.px(14), y), max_width=rect.w - self.px(14))
                y += self.px(22)
        hidden = len(self.scenarios) - len(rows)
        if hidden > 0:
            draw_text(surface, _("… and {n} more").format(n=hidden), small, theme.TEXT_DIM,
                      (x, box.bottom - self.px(22)))


PLAY_FORMATS = {"roborally-board/1": "roborally", "roborally-course/1": "roborally",
                "volt-arena/1": "volt"}
"""Files "Play test" can start a game on, and which game."""


def path_as_typed(path: Path) -> str:
    """The file as the designer typed it: relative to the current folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)


def _short(line: str, path: Path) -> str:
    """A message about `path`, or a file beside it (the board a scenario names), without
    their folder (the panels are narrow): `name.yaml:3:5: ...`."""
    folder = f"{path.parent}{os.sep}"
    return line[len(folder):] if line.startswith(folder) else line


def _interactive_view(model: Any) -> Any:
    """A BoardView for RoboRally boards and courses (hover texts, registers), else None."""
    board = model if isinstance(model, Board) else getattr(model, "board", None)
    return BoardView(board) if isinstance(board, Board) else None


def _arena_view(model: Any, area: pygame.Rect) -> Any:
    """An ArenaView for VOLT arenas (hover texts, painting), else None."""
    try:
        # here, not at the top: the workbench serves RoboRally boards in a build without
        # VOLT, as game/tools/render.py's renderers do
        from game.ui.volt_view import ArenaView
        from game.volt.model import Arena
    except ImportError:
        return None
    return ArenaView(model, area) if isinstance(model, Arena) else None
