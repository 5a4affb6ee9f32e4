"""The RoboRally table drawn: the top bar, the board with its robots, beams and preview, the
side panel with the programming and reveals, the status rows."""

from __future__ import annotations

import dataclasses
import math
from typing import Any, Sequence

import pygame

from game.core.types import Direction, Pos
from game.i18n import _, current_language, ngettext
from game.roborally.model import REGISTERS
from game.scenes.games import seat_label
from game.scenes.roborally.pause import draw_board_banner, draw_result_banner
from game.scenes.roborally.preview import (PathStep, draw_caveat, draw_path, in_the_way,
                                           path_summary)
from game.scenes.roborally.programs import (REVEALS_H, ProgramRow, draw_programs,
                                            programs_title, slot_kind)
from game.scenes.roborally.status import flag_summary, robot_story
from game.scenes.roborally.status_rows import StatusRowsPainting
from game.scenes.roborally.steps import Step
from game.scenes.roborally.texts import (ACTIVE_KINDS, HOVER_DELAY, PHASE_LABELS, PHASE_ORDER,
    card_label, option_name, option_text)
from game.ui import art, theme
from game.ui.roborally_view import card_back, card_surface, draw_lock
from game.ui.rr_token import TAG_ROW, draw_archive, draw_robot_token, fan_spots, tag_middle_y
from game.ui.text_drawing import fits_when_shrunk
from game.ui.theme import fit_font
from game.ui.widgets import draw_panel, draw_text, draw_tooltip, fitting_font


class FactoryPainting(StatusRowsPainting):
    """The drawing of the table."""

    def draw_background(self, surface: pygame.Surface) -> None:
        """Everything around the board is one cached picture (see `_chrome_key`)."""

    def _side_key(self) -> tuple[Any, ...]:
        c = self.controller
        if self.programmer is not None:
            p = self.programmer
            return ("program", p, self.card_under_mouse(), self.drag[0] if self.drag else None,
                    tuple(c.registers(p)), tuple(c.hand(p)), c.robot(p).locked,
                    None if self.timer_left is None else int(math.ceil(self.timer_left)),
                    c.can_recompile(p), tuple(sorted(self.spare.items())))
        shown = self.display
        return ("run", shown.register, shown.phase, tuple(shown.reveals), shown.acting,
                self.status_line(), tuple(c.programming_left()),
                tuple((r.destroyed, r.eliminated, r.powered_down) for r in self.display.robots))

    def draw_content(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if self._chrome is None or self._chrome.get_size() != size:
            self._chrome = pygame.Surface(size)
            self._chrome.fill(theme.BACKGROUND_DEEP)
            self._keys = {}
        chrome = self._chrome
        lang = current_language()
        widgets_x = self.ui.widgets[0].rect.x if self.ui.widgets else 0
        shown = self.display
        top_key = (lang, shown.turn, shown.register, shown.phase, self.status_line(),
                   widgets_x)
        if self._keys.get("top") != top_key:
            strip = self._phase_strip()
            chrome.fill(theme.BACKGROUND_DEEP, (0, 0, size[0], self._top().bottom + self.px(3)))
            chrome.fill(theme.BACKGROUND_DEEP, strip.inflate(self.px(6), self.px(6)))
            self._draw_top(chrome)
            self._keys["top"] = top_key
        side = self._side()
        side_key = (lang, self._side_key())
        if self._keys.get("side") != side_key:
            height = (self._program_status_top() - side.y - self.px(4)
                      if self.programmer is not None else self.px(REVEALS_H + 8))
            chrome.fill(theme.BACKGROUND_DEEP, (side.x - self.px(6), side.y - self.px(4),
                                                side.w + self.px(14), height + self.px(4)))
            if self.programmer is not None:
                self._draw_programming(chrome)
            else:
                self._draw_reveals(chrome)
            self._keys["side"] = side_key
        panel_key = (lang, shown.version, self.programmer, self.log_scroll, self.table.hovered)
        if self._keys.get("panel") != panel_key:
            self._draw_side(chrome)
            self._keys["panel"] = panel_key
        surface.blit(chrome, (0, 0))
        self.table.draw_frame(surface, self.view)
        surface.set_clip(self.table.board_area)
        self.view.draw(surface, self.display.register or None)
        if self.display.register and self.display.phase in ACTIVE_KINDS:
            self._draw_active(surface)
        self._draw_robots(surface)
        if self.current is not None:
            self._draw_effects(surface, self.current)
        if self.programmer is not None:
            self._draw_preview(surface)
        surface.set_clip(None)
        self.table.draw_over_board(surface, self.view, self.log_entries())
        if self.result_hold.active:
            draw_result_banner(surface, self.table.board_area, self.px(16), self.display.turn - 1)
        elif self.time_up.active:
            draw_board_banner(surface, self.table.board_area, self.px(16), self.time_up.text())

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.drag is not None and self.programmer is not None:
            card, start, now = self.drag
            if abs(now[0] - start[0]) + abs(now[1] - start[1]) > self.px(8):
                ctype, prio = self.controller.card(card)
                image = card_surface(ctype, prio, (self.px(84), self.px(104)))
                surface.blit(image, image.get_rect(center=now))
        if self.hover is not None and self.hover_time >= HOVER_DELAY and self.drag is None:
            text = self._hover_text(self.hover)
            if text:
                draw_tooltip(surface, text, self.mouse)

    def _hover_text(self, pos: Any) -> str:
        if isinstance(pos, tuple) and pos[0] == "option":
            return f"{option_name(pos[2])}\n{option_text(pos[2])}"
        if isinstance(pos, tuple) and pos[0] == "robot":
            return self._robot_text(pos[1])
        if isinstance(pos, tuple) and pos[0] == "program":
            return self._program_card_text(pos[1], pos[2])
        lines = []
        for name, rule in self.view.describe(pos, self.display.register or None):
            lines.append(f"{name}: {rule}" if rule else name)
        for r, sp in zip(self.display.robots, self.display.sprites):
            if sp.visible and round(sp.x) == pos.x and round(sp.y) == pos.y:
                lines.insert(0, _("{name}: damage {damage}, flag {flag} next").format(
                    name=r.name, damage=r.damage, flag=r.next_flag))
        return "\n".join(lines)

    def _robot_text(self, p: int) -> str:
        """Everything about one robot, for the tooltip over its status row."""
        r = self.display.robots[p]
        flags = len(self.controller.board.flags)
        lines = [_("{name}: damage {damage} of 10, {lives} lives").format(
            name=r.name, damage=r.damage, lives=r.lives),
            seat_label(self.controller.seats[p].bot), flag_summary(r.next_flag, flags)]
        locked = [str(k + 1) for k, on in enumerate(r.locked) if on]
        if locked:
            lines.append(_("Locked registers: {list}").format(list=", ".join(locked)))
        if r.powered_down:
            lines.append(_("powered down"))
        if r.virtual:
            lines.append(_("virtual"))
        if p in self.controller.programmed():
            lines.append(_("Program locked in."))
        for option in r.options:
            lines.append(f"• {option_name(option)}: {option_text(option)}")
        if not r.options and self.controller.state.engine.options_in_play:
            lines.append(_("No option cards."))
        lines += robot_story(self.display.log, r.name, self.display.turn)
        return "\n".join(lines)

    def _draw_top(self, surface: pygame.Surface) -> None:
        top = self._top()
        surface.fill(theme.RR_PHASE_BAR, top)
        pygame.draw.line(surface, theme.PANEL_EDGE, top.bottomleft, top.bottomright, 2)
        f = theme.font(self.px(20), bold=True)
        x = self.px(12)
        title = _("Turn {turn}").format(turn=self.display.turn)
        r = draw_text(surface, title, f, theme.TEXT, (x, top.centery), "midleft")
        x = r.right + self.px(14)
        # five register lamps
        for k in range(1, REGISTERS + 1):
            lamp = pygame.Rect(x, top.centery - self.px(13), self.px(26), self.px(26))
            on = k == self.display.register
            done = k < self.display.register
            pygame.draw.rect(surface, theme.ACCENT if on else theme.RR_LAMP_OFF, lamp,
                             border_radius=self.px(5))
            if done:
                pygame.draw.rect(surface, theme.RR_LAMP_DONE_EDGE, lamp, border_radius=self.px(5))
            draw_text(surface, str(k), theme.font(self.px(16), bold=True),
                      theme.INK_ON_LIGHT if on or done else theme.TEXT, lamp.center,
                      "center")
            x += self.px(30)
        x += self.px(10)
        limit = self.ui.widgets[0].rect.x - self.px(10) if self.ui.widgets else top.right
        status, font = self._fitted_status(limit - x, self.px(17), bold=False)
        draw_text(surface, status, font, theme.TEXT_DIM, (x, top.centery), "midleft",
                  max_width=max(10, limit - x))
        labels = [_(PHASE_LABELS[ph]) for ph in PHASE_ORDER]
        small, chips = self.table.fitted_phase_chips(labels)
        for ph, label, chip in zip(PHASE_ORDER, labels, chips):
            on = bool(self.display.register) and ph == self.display.phase
            pygame.draw.rect(surface, theme.ACCENT if on else theme.RR_CHIP_OFF, chip,
                             border_radius=chip.h // 2)
            idle = theme.TEXT_DIM if self.display.register else theme.RR_CHIP_IDLE_TEXT
            draw_text(surface, label, small, theme.INK_ON_LIGHT if on else idle, chip.center,
                      "center", max_width=chip.w - self.px(6))

    def _fitted_status(self, width: int, size: int, bold: bool = True
                       ) -> tuple[str, pygame.font.Font]:
        """The status line and its font for `width`: naming the players still programming
        when their names fit in readable type, else counting them (eight names do not fit a
        small window)."""
        status = self.status_line()
        if not fits_when_shrunk(status, width, size, bold):
            status = self.status_line(named=False)
        return status, fitting_font(status, width, size, bold=bold)

    def status_line(self, named: bool = True) -> str:
        """What the top bar says the table is doing (it follows the animation, not the
        rules' state ahead of it); `named`: who is still programming, else how many."""
        c = self.controller
        if c.is_over() and not self.animation_left():      # the end is shown
            return _("The race is over.")
        if self.programmer is not None:
            return _("{name} is programming.").format(name=c.seats[self.programmer].name)
        if self.display.register:
            return _("Robots are running.")
        left = c.programming_left()
        if left and not named:
            return ngettext("Programming: waiting for {n} robot.",
                            "Programming: waiting for {n} robots.", len(left)).format(n=len(left))
        if left:
            return _("Programming: waiting for {names}.").format(
                names=", ".join(c.seats[p].name for p in left))
        if c.state.stage == "deal":
            return _("Dealing the cards.")
        return _("Robots are running.")

    def _draw_robots(self, surface: pygame.Surface) -> None:
        tile = self.view.tile
        for p, (r, sp) in enumerate(zip(self.display.robots, self.display.sprites)):
            if r.archive is not None and not r.eliminated:
                draw_archive(surface, self.view.cell_rect(r.archive), self.looks[p])
        sharing: dict[tuple[int, int], list[int]] = {}
        for p, (r, sp) in enumerate(zip(self.display.robots, self.display.sprites)):
            if sp.visible and not r.eliminated:
                sharing.setdefault((round(sp.x), round(sp.y)), []).append(p)
        spots = {p: self.token_spot(p, sharing)
                 for p, (r, sp) in enumerate(zip(self.display.robots, self.display.sprites))
                 if sp.visible and not r.eliminated}
        tag_rows = {p: tag_middle_y(centre[1], tile, self.display.sprites[p].angle)
                    for p, (centre, _scale) in spots.items()}
        for p, (centre, scale) in spots.items():
            r, sp = self.display.robots[p], self.display.sprites[p]
            # tags side by side share the way between them: robots on one row, or on two
            # rows with one tag below and one above, meeting between the rows (one robot
            # straight over the other leaves its tag no way to share)
            gaps = [gap for q, (other, _s) in spots.items()
                    if q != p and abs(tag_rows[q] - tag_rows[p]) < tile * TAG_ROW
                    and (gap := abs(other[0] - centre[0])) >= tile * 0.5]
            draw_robot_token(surface, centre, tile, self.looks[p], sp.angle,
                             alpha=int(255 * max(0.0, min(1.0, sp.alpha))),
                             scale=sp.scale * scale,
                             powered_down=r.powered_down, virtual=r.virtual,
                             highlight=self.display.acting == p and self.display.phase == "cards"
                             and self.current is not None,
                             tag_width=int(min(gaps)) - 2 if gaps else None)

    def token_spot(self, p: int, sharing: dict[tuple[int, int], list[int]] | None = None
                   ) -> tuple[tuple[float, float], float]:
        """Where robot `p` is drawn (screen centre) and how large; robots sharing a square
        (virtual robots) are fanned out side by side, smaller, so each stays visible."""
        if sharing is None:
            sharing = {}
            for q, (r, sp) in enumerate(zip(self.display.robots, self.display.sprites)):
                if sp.visible and not r.eliminated:
                    sharing.setdefault((round(sp.x), round(sp.y)), []).append(q)
        sp = self.display.sprites[p]
        group = sharing.get((round(sp.x), round(sp.y)), [p])
        dx, dy, scale = fan_spots(len(group))[group.index(p) if p in group else 0]
        return self.view.centre(sp.x + dx, sp.y + dy), scale

    def preview_path(self) -> tuple[PathStep, ...]:
        """The ghost path of the program on screen: the robot alone, register by register;
        the hand card under the mouse tried in the first empty register, a card being
        dragged in the empty register under it (`PathStep.tried`), so a card's worth there
        shows before it is played."""
        p = self.programmer
        if p is None:
            return ()
        c = self.controller
        cards = [c.card(card)[0] if card else None for card in c.registers(p)]
        tried = self.drag[0] if self.drag is not None else self.card_under_mouse()
        over = self._register_at(self.mouse) if self.drag is not None else None
        gap = over - 1 if over is not None and not cards[over - 1] else \
            next((k for k, card in enumerate(cards) if not card), None)
        if tried is None or gap is None:
            return self.preview.path(c.robot(p), cards)
        cards[gap] = c.card(tried)[0]
        return tuple(dataclasses.replace(step, tried=True) if step.register == gap + 1
                     else step for step in self.preview.path(c.robot(p), cards))

    def ghost_note(self, steps: Sequence[PathStep]) -> str:
        """The line under the ghost path's caveat (`path_summary`), naming the other robots
        that stand on it now."""
        c = self.controller
        others = [(view.name, view.pos) for q in range(len(c.seats)) if q != self.programmer
                  for view in (c.robot(q),) if view.pos is not None and not view.virtual]
        return path_summary(steps, in_the_way(steps, others))

    def _draw_preview(self, surface: pygame.Surface) -> None:
        assert self.programmer is not None
        start = self.controller.robot(self.programmer).pos
        steps = self.preview_path()
        if start is not None and steps:
            draw_path(surface, self.view, self.looks[self.programmer], start, steps)
            draw_caveat(surface, self.table.board_area.clip(self.view.rect), self.px(13),
                        self.view.centre(start.x, start.y)[1], self.ghost_note(steps))

    def _active_cells(self) -> list[Pos]:
        """Squares whose element acts in the current phase and register."""
        register, phase = self.display.register, self.display.phase
        key = (register, phase)
        cached = self._active_cache.get(key)
        if cached is not None:
            return cached
        board = self.controller.board
        kind = ACTIVE_KINDS[phase]
        cells = []
        if kind == "pusher":
            cells = [p for p, m in board.mounted
                     if m.kind == "pusher" and register in m.registers]  # type: ignore[union-attr]
        else:
            for p, e in board.floor.items():
                if e.kind != kind:
                    continue
                if kind == "conveyor" and phase == "express belts" and not e.express:  # type: ignore[union-attr]
                    continue
                regs = getattr(e, "registers", None)
                if regs is None or register in regs:
                    cells.append(p)
        self._active_cache[key] = cells
        return cells

    def _draw_active(self, surface: pygame.Surface) -> None:
        """Outline the elements that act in this phase, so the phase reads on the board."""
        width = max(2, self.view.tile // 14)
        for p in self._active_cells():
            pygame.draw.rect(surface, theme.ACCENT, self.view.cell_rect(p).inflate(-2, -2), width,
                             border_radius=max(2, self.view.tile // 8))

    def _draw_effects(self, surface: pygame.Surface, step: Step) -> None:
        tile = self.view.tile
        t = 0.0 if step.duration <= 0 else min(1.0, step.t / step.duration)
        robot_squares = {robot.pos for robot in self.display.robots}
        for beam in step.beams:
            if not beam.path:
                continue
            d = Direction(beam.direction)
            dx, dy = d.delta
            a = self.view.centre(beam.path[0].x - dx * 0.45, beam.path[0].y - dy * 0.45) \
                if beam.source == "board" else self.view.centre(beam.start.x + dx * 0.4,
                                                                  beam.start.y + dy * 0.4)
            if beam.source != "board" and beam.path:
                a = self.view.centre(beam.start.x + dx * 0.4, beam.start.y + dy * 0.4)
            last = beam.path[-1]
            hit = bool(beam.targets)
            # A beam stops at the first robot even where it hurts nobody (a two-way laser's
            # second barrel, RR-7.9); a miss runs on to the edge of its last square.
            run_on = 0 if hit or last in robot_squares else 0.5
            b = self.view.centre(last.x + dx * run_on, last.y + dy * run_on)
            width = max(2, int(tile * 0.09 * (1.2 - 0.6 * t)))
            colour = theme.RR_BOARD_LASER if beam.source == "board" else theme.RR_ROBOT_LASER
            if hit:
                pygame.draw.line(surface, theme.RR_BEAM_GLOW, a, b, width + max(2, tile // 10))
                pygame.draw.line(surface, colour, a, b, width)
            else:
                pygame.draw.line(surface, art.shade(colour, 0.75), a, b, max(1, width // 2))
            if hit:
                pygame.draw.circle(surface, theme.RR_BEAM_SPARK, b,
                                   max(3, tile * 0.22 * (1 - t * 0.5)))
                pygame.draw.circle(surface, colour, b, max(3, tile * 0.22 * (1 - t * 0.5)),
                                   max(1, tile // 16))
        for pos in step.flash:
            rect = self.view.cell_rect(pos)
            pygame.draw.rect(surface, theme.ACCENT, rect, max(2, int(tile * 0.12 * (1 - t))))
        f = theme.font(max(10, tile * 0.42), bold=True)
        for pos, text, colour in step.floats:
            cx, cy = self.view.centre(pos.x, pos.y)
            y = cy - tile * 0.4 - t * tile * 0.5
            image = f.render(text, True, colour)
            outline = f.render(text, True, theme.TEXT_OUTLINE)
            rect = image.get_rect(center=(int(cx), int(y)))
            for ox, oy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                surface.blit(outline, rect.move(ox, oy))
            surface.blit(image, rect)

    # -- the side panel ----------------------------------------------------------------------
    def _draw_side(self, surface: pygame.Surface) -> None:
        """The status rows and the log (drawn into the cached chrome)."""
        status = self._status_rect()
        surface.fill(theme.BACKGROUND_DEEP, status.inflate(self.px(12), self.px(8)))
        self._render_status(surface, status)
        middle = self._log_rect()
        programs = self.programs_panel()
        if self.table.log_rect() is self.table.side_log is not None:
            surface.fill(theme.BACKGROUND_DEEP, middle.inflate(self.px(12), self.px(8)))
            self.table.draw_log(surface, self.log_entries())
        elif programs is not None and self.display.cards_turn:
            surface.blit(self._programs_picture(middle, programs.panel), middle)   # opaque
        elif middle.h > 0:
            surface.fill(theme.BACKGROUND_DEEP, middle)

    def _programs_picture(self, area: pygame.Rect, panel: pygame.Rect) -> pygame.Surface:
        """The turn's programs laid out in `area`, as a picture of their `panel`, kept until
        a card, a lock, a robot's state or the register changes: most steps only move
        robots."""
        shown = self.display
        rows = self._program_rows()
        title = programs_title(shown.cards_turn, shown.cards_turn == shown.turn)
        revealing = shown.phase == "cards"
        key = (area.size, title, tuple((r.cards, r.locked, r.state, r.coming) for r in rows),
               shown.register, revealing, shown.acting)
        if self._programs_cache is None or self._programs_cache[0] != key:
            picture = pygame.Surface(panel.size)
            picture.fill(theme.BACKGROUND_DEEP)
            draw_programs(picture, pygame.Rect((0, 0), area.size), title, rows,
                          shown.register, revealing, shown.acting, self.px)
            self._programs_cache = (key, picture)
        return self._programs_cache[1]

    def _program_card_text(self, p: int, register: int) -> str:
        """A card of the turn's programs in words: revealed, still face down, or locked."""
        where = _("{name} · register {n}").format(name=self.looks[p].name, n=register)
        row = self._program_rows()[p]
        kind = slot_kind(row, register - 1, self.display.register,
                         self.display.phase == "cards")
        card = row.cards[register - 1]
        if card is not None:
            return f"{where}: {card_label(*card)}"
        coming = row.coming[register - 1] if kind == "coming" else None
        if coming is not None:
            return _("{where}: {card}, still to come").format(where=where,
                                                              card=card_label(*coming))
        if kind == "empty":
            return f"{where}: {row.state}" if row.state else \
                _("{where}: no card revealed").format(where=where)
        if row.locked[register - 1]:
            return _("{where}: locked; its card stays there next turn").format(where=where)
        return _("{where}: face down until the register begins").format(where=where)

    def program_slots(self) -> list[tuple[pygame.Rect, int, int]]:
        """Every card of the turn's programs on screen: its box, robot and register."""
        layout = self.programs_panel() if self.display.cards_turn else None
        if layout is None:
            return []
        return [(slot, p, k) for p, slots in enumerate(layout.slots)
                for k, slot in enumerate(slots, start=1)]

    def _program_rows(self) -> list[ProgramRow]:
        """The turn's programs as shown: the cards revealed so far, the robots' locks, and
        the state of a robot that runs no more cards."""
        shown = self.display
        rows = []
        for p, r in enumerate(shown.robots):
            cards = tuple(shown.turn_cards.get((p, k + 1)) for k in range(REGISTERS))
            coming = tuple(shown.coming(p, k + 1) for k in range(REGISTERS))
            stopped = self._row_states(dataclasses.replace(r, virtual=False))
            rows.append(ProgramRow(self.looks[p], cards, r.locked, stopped[0] if stopped else "",
                                   coming))
        return rows

    def _draw_programming(self, surface: pygame.Surface) -> None:
        p = self.programmer
        assert p is not None
        c = self.controller
        side = self._side()
        name = c.seats[p].name
        title = self._program_title(name)
        top_row = self.program_top_row()
        room = top_row["title"].w - self.px(4)
        smallest = theme.font(self.px(14), bold=True)
        if smallest.size(title)[0] > room:
            title = name        # beside the option buttons: whose program, whole, is enough
        if smallest.size(title)[0] <= room:     # else the buttons took the row (top bar: who)
            draw_text(surface, title, fit_font(title, room, self.px(20), self.px(14)),
                      theme.TEXT, (side.x + self.px(4), side.y + self.px(6)), max_width=room)
        if self.timer_left is not None and "timer" in top_row:
            draw_text(surface, _("{seconds} s left").format(seconds=int(math.ceil(self.timer_left))),
                      theme.font(self.px(20), bold=True), theme.DANGER,
                      (top_row["timer"].right - self.px(4), side.y + self.px(6)), "topright")
        robot = c.robot(p)
        regs = c.registers(p)
        size = (self.px(84), self.px(112))
        for k, rect in enumerate(self.register_rects(), start=1):
            card = regs[k - 1]
            locked = robot.locked[k - 1]
            if card:
                ctype, prio = c.card(card)
                surface.blit(card_surface(ctype, prio, size), rect)
            else:
                pygame.draw.rect(surface, theme.RR_REGISTER_SLOT, rect, border_radius=self.px(8))
                pygame.draw.rect(surface, theme.PANEL_EDGE, rect, max(1, self.px(2)),
                                 border_radius=self.px(8))
                draw_text(surface, str(k), theme.font(self.px(40), bold=True),
                          theme.RR_REGISTER_NUMBER, rect.center, "center")
            if locked:
                band = pygame.Rect(rect.x, rect.bottom - self.px(26), rect.w, self.px(26))
                pygame.draw.rect(surface, theme.LOCKED_RED, band, border_radius=self.px(6))
                lock = pygame.Rect(band.x + self.px(4), band.y + self.px(3), self.px(20),
                                   self.px(20))
                beside = pygame.Rect(lock.right + self.px(2), band.y,
                                     band.right - lock.right - self.px(6), band.h)
                word = _("locked")      # "gesperrt" is wider than "locked"
                if fits_when_shrunk(word, beside.w, self.px(14)):
                    draw_text(surface, word, fitting_font(word, beside.w, self.px(14)),
                              theme.TEXT, beside.center, "center")
                else:                   # a small window: the lock says it
                    lock.centerx = band.centerx
                draw_lock(surface, lock)
            draw_text(surface, _("Register {n}").format(n=k), theme.font(self.px(12)),
                      theme.TEXT_DIM, (rect.centerx, rect.bottom + self.px(2)), "midtop")
        hand = c.hand(p)
        slots = self.hand_slots()
        hand_size = (self.px(70) if len(slots) > 10 else self.px(84), self.px(104))
        dragged = self.drag[0] if self.drag is not None else None
        lifted = self.card_under_mouse()
        for rect, held in slots:
            if held is None:
                pygame.draw.rect(surface, theme.PANEL_EDGE, rect, max(1, self.px(2)),
                                 border_radius=self.px(8))
                continue
            ctype, prio = c.card(held)
            lift = rect.move(0, -self.px(4)) if held == lifted else rect
            surface.blit(card_surface(ctype, prio, hand_size, faded=held == dragged), lift)
            if held in self.spare.values():   # kept by a Flywheel or Conditional Program
                self._draw_kept_mark(surface, lift)
        if not hand:
            draw_text(surface, _("No cards left in the hand."), theme.font(self.px(16)),
                      theme.TEXT_DIM, (side.centerx, side.y + self.px(240)), "center")
        hint = self._program_hint()
        draw_text(surface, hint, fit_font(hint, side.w, self.px(13), self.px(9), bold=False),
                  theme.TEXT_DIM,
                  (side.centerx, side.y + self.px(404)), "center", max_width=side.w)

    def _draw_kept_mark(self, surface: pygame.Surface, card: pygame.Rect) -> None:
        """A gold frame round a hand card an option keeps: the card whose priority the
        option's button names."""
        pygame.draw.rect(surface, theme.ACCENT, card.inflate(self.px(6), self.px(6)),
                         max(2, self.px(3)), border_radius=self.px(10))

    def _program_title(self, name: str) -> str:
        return _("{name}: program your robot").format(name=name)

    def _program_hint(self) -> str:
        return _("Click a card or drag it onto a register; click a register to take it back.")

    def _draw_reveals(self, surface: pygame.Surface) -> None:
        box = self.reveals_rect()
        draw_panel(surface, box, shadow=False)
        c = self.controller
        if self.display.register and self.display.phase in PHASE_LABELS:
            title = _("Register {n} · {phase}").format(n=self.display.register,
                                                      phase=_(PHASE_LABELS[self.display.phase]))
            font = fitting_font(title, box.w - self.px(20), self.px(15))
        else:
            title, font = self._fitted_status(box.w - self.px(20), self.px(15))
        draw_text(surface, title, font, theme.TEXT, (box.x + self.px(10), box.y + self.px(6)),
                  max_width=box.w - self.px(20))
        if not self.display.register:
            left = c.programming_left()
            x = box.x + self.px(10)
            for p in range(len(c.seats)):
                r = self.display.robots[p]
                if r.destroyed or r.eliminated or r.powered_down:
                    continue
                done = p not in left
                rect = pygame.Rect(x, box.y + self.px(32), self.px(50), self.px(66))
                if rect.right > box.right:
                    break
                if done:
                    surface.blit(card_back(rect.size), rect)
                else:
                    pygame.draw.rect(surface, theme.RR_HAND_SLOT, rect, border_radius=self.px(6))
                    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=self.px(6))
                art.draw_emblem(surface, self.looks[p].shape, (rect.centerx, rect.bottom - self.px(10)),
                                self.px(7), self.looks[p].colour)
                x += self.px(56)
            return
        x = box.x + self.px(10)
        size = (self.px(50), self.px(66))
        for robot, ctype, prio in self.display.reveals:
            rect = pygame.Rect(x, box.y + self.px(30), *size)
            if rect.right > box.right:
                break
            surface.blit(card_surface(ctype, prio, size), rect)
            art.draw_emblem(surface, self.looks[robot].shape, (rect.centerx, rect.bottom + self.px(6)),
                            self.px(7), self.looks[robot].colour)
            if robot == self.display.acting and self.display.phase == "cards":
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(4, 4), 2, border_radius=self.px(6))
            x += self.px(56)

    # -- input -----------------------------------------------------------------------------
    def handle_board_input(self, event: pygame.event.Event) -> bool:
        """What both tables take besides their own controls: the log (scrolling, hover, the
        drawer), zoom and pan, S to skip the animation, and the hover over the board and the
        status rows for tooltips. True when the event was used."""
        hovered = self.table.hovered
        used = self.table.handle_event(event, self.mouse, len(self.display.log), self.view)
        if used or hovered != self.table.hovered:
            self.display.version += 1
            self.dirty = True
        if used:
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s and self.programmer is None:
            self.skip()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            pos: Any = self.view.pos_at(event.pos) \
                if self.table.board_area.collidepoint(event.pos) else None
            status = self._status_rect()
            if pos is None and status.collidepoint(event.pos):
                row = (event.pos[1] - status.y - self.px(3)) // max(1, self._row_h())
                pos = ("robot", row) if 0 <= row < len(self.display.robots) else None
                pos = next((("option", p, o) for rect, p, o in self.option_chips()
                            if rect.collidepoint(event.pos)), pos)
            if pos is None and self.programmer is None:
                pos = next((("program", p, k) for rect, p, k in self.program_slots()
                            if rect.collidepoint(event.pos)), None)
            if pos != self.hover:
                self.hover = pos
                self.hover_time = 0.0
                self.dirty = True
        return False
