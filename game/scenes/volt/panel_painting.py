"""Drawing the panel half of VOLT's table: the operators' monitors, the controller with its
crosses and tray, the start numbers, the activation list and the log."""

from __future__ import annotations

import pygame

from game.core.types import PlayerId, Pos
from game.i18n import _, current_language
from game.scenes.games import seat_label
from game.scenes.volt.arena_painting import ArenaPainting
from game.scenes.volt.layout import NARRATION_LINES
from game.scenes.volt.narration import FIELD_LINES
from game.scenes.volt.texts import OLDER_BOT_LABELS, ROMAN, SIDE_NAMES
from game.ui import art, theme
from game.ui.volt_view import (ArenaView, die_colour, draw_arrow, draw_damage, draw_star,
                               draw_start_number)
from game.ui.text_drawing import draw_text, fitting_font
from game.ui.log_drawer import LogEntry
from game.ui.widgets import draw_panel
from game.volt.model import DESTROYING_DAMAGE, WINNING_VP



class PanelPainting(ArenaPainting):
    """The panel's drawing, shared by the live table and the replay viewer; `draw_content`
    draws the whole table, the arena first."""

    mouse: tuple[int, int]
    """Where the mouse is (the table and the viewer each keep it)."""

    def draw_background(self, surface: pygame.Surface) -> None:
        """What changes only between moves, as one cached picture: the backdrop, the arena
        and its posts, the programmer's plan, the monitors and the mode panel's frame.
        Of what is drawn every frame, only the log's open drawer lies over the monitors,
        and it is drawn after them, so drawing them first shows the same picture."""
        view = self.view()
        size = surface.get_size()
        key = (size, view.bottom, tuple(view.area), current_language(), self._free_posts(),
               self.programmer, tuple(self.preview), self._monitors_shown())
        surface.blit(self.layers.layer("table", key, size,
                                       lambda s: self._paint_table(s, view)), (0, 0))

    def _paint_table(self, layer: pygame.Surface, view: ArenaView) -> None:
        art.draw_background(layer)
        view.draw_board(layer)
        view.draw_posts(layer, self._free_posts())
        self._draw_preview(layer, view)
        self._draw_monitors(layer)
        draw_panel(layer, self.layout.mode)

    def draw_content(self, surface: pygame.Surface) -> None:
        view = self.view()
        self._draw_top_bar(surface)
        self._draw_restart_targets(surface, view)
        self._draw_robots(surface, view)
        self._draw_markers(surface, view)
        self._draw_effects(surface, view)
        self._draw_mode_panel(surface, self.layout.mode)
        self._draw_log_squares(surface, view)
        self._draw_banner(surface, view)

    def _free_posts(self) -> tuple[int, ...]:
        """The start numbers nobody holds: they lie on the arena's posts."""
        held = {n for n in self.presenter.shown.numbers if n is not None}
        return tuple(n for n in range(1, len(self.ops) + 1) if n not in held)

    def _monitors_shown(self) -> tuple[object, ...]:
        """Everything the monitors show that can change during a game."""
        active = self._active_player()
        deciding = self.ctrl.decision() if not self.busy() else None
        s = self.presenter.shown
        return tuple((p == active or (deciding is not None and deciding.player == p),
                      self._monitor_status(p), s.pos[p] is None, s.numbers[p], s.damage[p],
                      s.vp[p]) for p in range(len(self.ops)))

    # monitors
    def _draw_monitors(self, surface: pygame.Surface) -> None:
        active = self._active_player()
        deciding = self.ctrl.decision() if not self.busy() else None
        for p, rect in enumerate(self.layout.monitors):
            op = self.ops[p]
            highlight = p == active or (deciding is not None and deciding.player == p)
            draw_panel(surface, rect, theme.PANEL, edge=self.colour(p) if highlight
                       else theme.PANEL_EDGE, radius=self.px(10))
            if highlight:
                pygame.draw.rect(surface, self.colour(p), rect, max(2, self.px(3)),
                                 border_radius=self.px(10))
            robot = pygame.Rect(rect.x + self.px(6), rect.y + self.px(6), self.px(56), self.px(56))
            art.draw_robot(surface, robot, self.colour(p), shape=self.shape(p),
                           letter=op.name[:1].upper(),
                           mood="plain" if self.presenter.shown.pos[p] is None else "happy")
            x = rect.x + self.px(68)
            status = self._monitor_status(p)
            status_font = theme.font(self.px(13), bold=True)
            # the name has the line up to the status word in this language ("draußen")
            room = rect.right - self.px(8) - x - (
                status_font.size(status)[0] + self.px(6) if status else 0)
            draw_text(surface, op.name, fitting_font(op.name, room, self.px(19)), theme.TEXT,
                      (x, rect.y + self.px(8)), max_width=room)
            who = seat_label(op.bot, OLDER_BOT_LABELS)
            draw_text(surface, f"{_(SIDE_NAMES[op.side])} · {who}", theme.font(self.px(14)),
                      theme.TEXT_DIM, (x, rect.y + self.px(33)), max_width=rect.right - x - 4)
            if status:
                draw_text(surface, status, status_font, theme.ACCENT,
                          (rect.right - self.px(8), rect.y + self.px(10)), "topright")
            cy = rect.bottom - self.px(20)
            small = theme.font(self.px(11))
            draw_text(surface, _("damage"), small, theme.TEXT_DIM, (x, cy - self.px(21)))
            draw_text(surface, _("VP"), small, theme.TEXT_DIM, (x + self.px(88), cy - self.px(21)))
            draw_start_number(surface, (rect.x + self.px(34), cy), self.px(13),
                              self.presenter.shown.numbers[p])
            for i in range(DESTROYING_DAMAGE):
                draw_damage(surface, (x + self.px(10) + i * self.px(25), cy), self.px(10),
                            i < self.presenter.shown.damage[p])
            for i in range(WINNING_VP):
                draw_star(surface, (x + self.px(100) + i * self.px(28), cy), self.px(12),
                          i < self.presenter.shown.vp[p])
            if self.presenter.shown.vp[p] > WINNING_VP:
                draw_text(surface, str(self.presenter.shown.vp[p]),
                          theme.font(self.px(14), bold=True),
                          theme.ACCENT, (x + self.px(100) + 3 * self.px(28), cy), "midleft")

    def _monitor_status(self, p: PlayerId) -> str:
        if self.presenter.shown.winner == p:
            return _("Winner")
        if self.presenter.shown.pos[p] is None and self.presenter.shown.round > 0:
            return _("outside")
        if self.presenter.shown.phase == "program":
            if self.presenter.shown.locked[p]:
                return _("locked in ✓")
            if p == self.programmer:
                return _("programming…")
        return ""

    # mode panels
    def _panel_title(self, surface: pygame.Surface, mode: pygame.Rect, text: str,
                     colour: tuple[int, int, int] = theme.TEXT) -> None:
        width = mode.w - self.px(100 if self.mode == "program" else 32)
        draw_text(surface, text, fitting_font(text, width, self.px(22)), colour,
                  (mode.x + self.px(16), mode.y + self.px(12)), max_width=width)

    def _draw_activation(self, surface: pygame.Surface, mode: pygame.Rect) -> None:
        s = self.presenter.shown
        if s.phase in ("activate", "trigger") \
                or (self.presenter.activations and s.phase != "program"):
            title = _("Activation: cross by cross")
        elif s.phase == "program":
            waiting = [self.name(p) for p in range(len(self.ops)) if not s.locked[p]]
            title = _("Programming: {names}").format(names=", ".join(waiting)) if waiting \
                else _("Programming")
        else:
            title = _("Round {n}").format(n=max(1, s.round))
        self._panel_title(surface, mode, title)
        rows = self.activation_rows()
        if rows:
            view = self.view()
            for row, i in rows:
                entry = self.presenter.activations[i]
                if entry.status == "now":
                    pygame.draw.rect(surface, theme.BUTTON_HOVER, row, border_radius=self.px(6))
                    pygame.draw.rect(surface, theme.ACCENT, row, max(1, self.px(2)),
                                     border_radius=self.px(6))
                dim = entry.status in ("done", "skipped")
                colour = theme.TEXT_DIM if dim else theme.TEXT
                f = theme.font(self.px(15), bold=entry.status == "now")
                draw_text(surface, ROMAN[entry.cross], f, colour, (row.x + self.px(8),
                                                                   row.centery), "midleft")
                die = pygame.Rect(row.x + self.px(42), row.y + 1, row.h - 2, row.h - 2)
                draw_die_icon(surface, die, entry.colour, entry.value, dim=dim)
                vector = view.screen_vector(entry.direction)
                draw_arrow(surface, (die.right + self.px(16), row.centery), vector,
                           row.h * 0.7, die_colour(entry.colour) if not dim else theme.VOLT_DIM_DIE)
                art.draw_emblem(surface, self.shape(entry.player),
                                (die.right + self.px(44), row.centery), row.h * 0.32,
                                self.colour(entry.player))
                what = _("moves {n}").format(n=entry.value) if entry.colour == "blue" \
                    else _("fires")
                draw_text(surface, f"{self.name(entry.player)} · {what}", f, colour,
                          (die.right + self.px(60), row.centery), "midleft",
                          max_width=row.right - die.right - self.px(160))
                label = {"done": _("done"), "skipped": _("skipped"), "now": _("now"),
                         "coming": ""}[entry.status]
                draw_text(surface, label, theme.font(self.px(14)), theme.ACCENT
                          if entry.status == "now" else theme.TEXT_DIM,
                          (row.right - self.px(8), row.centery), "midright")
                if entry.status == "skipped":
                    pygame.draw.line(surface, theme.TEXT_DIM, (row.x + self.px(36), row.centery),
                                     (row.right - self.px(80), row.centery), max(1, self.px(2)))
        y = rows[-1][0].bottom + self.px(11) if rows else mode.y + self.px(46)
        log_rect = pygame.Rect(mode.x + self.px(16), y, mode.w - self.px(32),
                               self._activation_bottom(mode) - y)
        self._draw_log(surface, log_rect)

    def _activation_bottom(self, mode: pygame.Rect) -> int:
        """Where the activation list and the log under it end: above the Skip button at the
        table, near the panel's edge in the replay (its bar lies outside the panel)."""
        return mode.bottom - self.px(16 if self.mode == "replay" else 70)

    def activation_rows(self) -> list[tuple[pygame.Rect, int]]:
        """The activation list's rows on screen: (row, index into the presenter's
        activations). Four operators' twelve dice fill the panel, so the list then shows a
        window of them that follows the die now activated (one done row above it) and
        leaves the log its last lines: the narration of a blocked move stays in view."""
        activations = self.presenter.activations
        if not activations or self.presenter.shown.phase == "program":
            return []
        mode = self.layout.mode
        top, row_h = mode.y + self.px(46), self.px(27)
        log_room = self.px(NARRATION_LINES * 20 + 18)
        fit = max(1, (self._activation_bottom(mode) - log_room - top) // row_h)
        first = 0
        if len(activations) > fit:
            current = next((i for i, a in enumerate(activations)
                            if a.status in ("now", "coming")), len(activations) - 1)
            first = min(max(0, current - 1), len(activations) - fit)
        return [(pygame.Rect(mode.x + self.px(12), top + slot * row_h, mode.w - self.px(24),
                             row_h - self.px(3)), first + slot)
                for slot in range(min(fit, len(activations)))]

    def _draw_log(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The game log in `rect`, the room the mode panel leaves it (the shared log panel);
        with no room, in its drawer over the monitors while that is open (L)."""
        drawer = self.log_drawer
        drawer.place(rect if rect.h > 0 else None, self.layout.log_drawer)
        title = "" if drawer.rect() is drawer.fixed else _("Game log")
        drawer.draw(surface, self.log_entries(), title, self.px(15))

    # the log's lines name squares: the one under the mouse lights them in the arena
    def log_entries(self) -> list[LogEntry]:
        """The log's lines, each marking the squares it names (`log_squares`), worded again
        only when the log, the robots it names or the language changed."""
        presenter = self.presenter
        return self.log_drawer.entries(
            (current_language(), presenter.log_version, tuple(presenter.shown.pos)),
            lambda: [LogEntry(_(msgid).format(**values), tuple(self.log_squares(index)))
                     for index, (msgid, values) in enumerate(presenter.log)])

    def log_rows(self) -> list[tuple[pygame.Rect, int]]:
        """The log lines as last drawn: (screen row, index into the presenter's log)."""
        return list(self.log_drawer.panel.rows)

    def handle_log_event(self, event: pygame.event.Event) -> bool:
        """The log's share of the input: the line under the mouse lights its squares, the
        wheel over the log scrolls it back through earlier rounds, L opens and closes its
        drawer when the panel has no room for it. True when it used the event."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                and self.log_drawer.hover(event.pos):
            self.dirty = True     # a click may come without a motion before it (a touch)
        hovered = self.log_drawer.hovered
        used = self.log_drawer.handle_event(event, self.mouse, len(self.presenter.log))
        self.dirty = self.dirty or used or hovered != self.log_drawer.hovered
        return used

    def log_squares(self, index: int) -> list[Pos]:
        """The squares log line `index` names: its victory-point field, the squares of the
        robots of the operators it names."""
        if not 0 <= index < len(self.presenter.log):
            return []
        msgid, values = self.presenter.log[index]
        squares: list[Pos] = []
        if msgid in FIELD_LINES:
            field = dict(self.ctrl.arena.vp_fields).get(values["number"])
            if field is not None:
                squares.append(field)
        players = {op.name: p for p, op in enumerate(self.ops)}
        for key in ("name", "target"):
            if key not in values:
                continue
            p = players.get(values[key])
            at = self.presenter.shown.pos[p] if p is not None else None
            if at is not None and at not in squares:
                squares.append(at)
        return squares

    def _draw_log_squares(self, surface: pygame.Surface, view: ArenaView) -> None:
        for square in self.log_drawer.hovered_marks(self.log_entries()):
            view.highlight(surface, square, theme.GUIDE_LIGHT, max(3, self.px(4)))


def draw_die_icon(surface: pygame.Surface, rect: pygame.Rect, colour: str, value: int | None,
                  dim: bool = False) -> None:
    """A blue or red die; with no value, a blank die (a die in the tray)."""
    rgb = theme.VOLT_BLUE_DIE if colour == "blue" else theme.VOLT_RED_DIE
    if dim:
        rgb = art.shade(rgb, 0.45)
    if value:
        art.draw_die(surface, rect, value, rgb)
    else:
        radius = int(rect.w * 0.18)
        pygame.draw.rect(surface, rgb, rect, border_radius=radius)
        pygame.draw.rect(surface, theme.INK, rect, max(1, rect.w // 20), border_radius=radius)
        # a glyph as well as the colour: an arrow moves, a crosshair fires
        mark = theme.VOLT_PIP if not dim else theme.VOLT_DIM_PIP
        if colour == "blue":
            draw_arrow(surface, rect.center, (1, 0), rect.w * 0.56, mark)
        else:
            r = rect.w * 0.24
            width = max(1, rect.w // 16)
            pygame.draw.circle(surface, mark, rect.center, r, width)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                pygame.draw.line(surface, mark,
                                 (rect.centerx + dx * r * 0.5, rect.centery + dy * r * 0.5),
                                 (rect.centerx + dx * r * 1.5, rect.centery + dy * r * 1.5), width)
