"""The RoboRally table's status rows: one row a robot with its flags, lives, damage, locked
registers (a locked-in program's face down while the others still program), its states and
its option cards; each row drawn once into a cache and blitted while nothing on it changes.
`FactoryPainting` (painting.py) draws the rest of the table on top of these."""

from __future__ import annotations

import pygame

from game.controllers.roborally import RobotView
from game.i18n import _, current_language
from game.roborally.model import REGISTERS
from game.scenes.roborally.base import FactoryTableBase
from game.scenes.roborally.status import (draw_option_chips, flag_counter, option_chip_rects,
                                          short_flag_counter)
from game.scenes.roborally.texts import option_name
from game.ui import art, theme
from game.ui.roborally_view import card_back, draw_lock
from game.ui.text_drawing import fits_when_shrunk
from game.ui.widgets import draw_panel, draw_text, fitting_font


class StatusRowsPainting(FactoryTableBase):
    """The status rows of the table (see the module docstring)."""

    def _render_status(self, s: pygame.Surface, rect: pygame.Rect) -> None:
        draw_panel(s, rect, shadow=False)
        key_base = (self._row_h(), rect.w, current_language(), len(self.controller.board.flags),
                    max(r.lives for r in self.display.robots))    # the columns' widths
        programmed = self.controller.programmed()
        for p, r in enumerate(self.display.robots):
            y = rect.y + self.px(3) + p * self._row_h()
            key = key_base + (p, r.name, r.damage, r.lives, r.next_flag, r.locked, r.options,
                              r.powered_down, r.virtual, r.destroyed, r.eliminated,
                              p in programmed)
            image = self._row_cache.get(key)
            if image is None:
                image = pygame.Surface((rect.w - self.px(12), self._row_h() - self.px(2)))
                image.fill(theme.PANEL)
                self._render_row(image, p, r, p in programmed)
                if len(self._row_cache) > 400:
                    self._row_cache.clear()
                self._row_cache[key] = image
            s.blit(image, (rect.x + self.px(6), y))

    def _render_row(self, s: pygame.Surface, p: int, r: RobotView, programmed: bool) -> None:
        row_h = self._row_h()
        compact = row_h < self.px(30)
        flags_total = len(self.controller.board.flags)
        row = pygame.Rect(0, 0, s.get_width(), s.get_height())
        size = min(self.px(16), row_h * 0.5)
        top_line = row.h - self._chip_line_h()  # two lines: option cards or states below
        while not compact and size > 8 and theme.font(size, bold=True).get_height() > top_line:
            size -= 1
        f = theme.font(size, bold=True)
        small = theme.font(min(self.px(12), row_h * 0.38))
        if p % 2:
            pygame.draw.rect(s, theme.RR_ROBOT_ROW, row, border_radius=self.px(4))
        look = self.looks[p]
        art.draw_emblem(s, look.shape, (row.x + row_h * 0.4, row.y + row_h * 0.42),
                        row_h * 0.3, look.colour)
        # the counters' columns as wide as their widest text on this course (every row alike);
        # on a tall row the name gets all that is left, the damage pips a little smaller for a
        # long name
        counter_w = f.size(flag_counter(flags_total, flags_total))[0] + self.px(8)
        lives_w = f.size("♥" + str(max(3, max(o.lives for o in self.display.robots))))[0] \
            + self.px(10)
        longest = max(f.size(o.name)[0] for o in self.display.robots) + int(row_h * 0.85)
        pip = max(4, min(self.px(11), row_h // 3))
        reg = max(6, min(self.px(16), row_h // 2))
        name_right = row.x + self.px(96)
        counter = flag_counter
        for _smaller in range(0 if compact else 6):     # compact: a state word goes right
            counters_w = (counter_w + lives_w + 10 * (pip + self.px(2)) + self.px(6)
                          + REGISTERS * (reg + self.px(2)))
            name_right = max(row.x + self.px(96), row.right - counters_w - self.px(4))
            if name_right - row.x >= longest:
                break
            if pip > 6:
                pip, reg = pip - 1, max(6, reg - 1)
            elif counter is flag_counter and not all(
                    fits_when_shrunk(o.name, name_right - row.x - int(row_h * 0.85), size)
                    for o in self.display.robots):
                # a long name at the smallest window: the counter says only the next flag
                counter = short_flag_counter
                counter_w = f.size(counter(flags_total, flags_total))[0] + self.px(8)
            else:
                break
        name_w = name_right - row.x - int(row_h * 0.85)    # a long name: smaller, then cut
        name_font = fitting_font(r.name, name_w, size)
        # a smaller name keeps the middle of the line a whole one has, beside the counters;
        # a line shrunk to stay above the option cards is centred in the room it has
        shrunk_by = f.get_height() - name_font.get_height()
        top, middle = self.px(3), self.px(11)
        if self.px(3) + f.get_height() > top_line:
            top = max(0, (top_line - f.get_height()) // 2)
            middle = top + f.get_height() // 2
        draw_text(s, r.name, name_font, theme.TEXT if not r.eliminated else theme.TEXT_DIM,
                  (row.x + int(row_h * 0.85),
                   row.y + (row_h // 2 if compact else top + shrunk_by // 2)),
                  "midleft" if compact else "topleft", max_width=name_w)
        x = name_right + self.px(4)
        cy = row.y + (row_h // 2 if compact else middle)
        # next flag
        draw_text(s, counter(r.next_flag, flags_total), f, theme.FLAG_GOLD, (x, cy),
                  "midleft", max_width=counter_w - self.px(4))
        x += counter_w
        draw_text(s, "♥" + str(r.lives), f, theme.RR_LIVES, (x, cy), "midleft")
        x += lives_w
        # ten damage pips: the tenth destroys
        for k in range(10):
            box = pygame.Rect(x + k * (pip + self.px(2)), cy - pip // 2, pip, pip)
            pygame.draw.rect(s, theme.RR_DAMAGE if k < r.damage else theme.RR_PIP_EMPTY, box,
                             border_radius=2)
        x += 10 * (pip + self.px(2)) + self.px(6)
        # five registers, locked ones red with a lock, a locked-in program's face down
        for k in range(REGISTERS):
            box = pygame.Rect(x + k * (reg + self.px(2)), cy - reg // 2, reg, reg)
            if r.locked[k]:
                pygame.draw.rect(s, theme.LOCKED_RED, box, border_radius=2)
                draw_lock(s, box.inflate(-2, -2))
            elif programmed:
                s.blit(card_back(box.size), box)
            else:
                pygame.draw.rect(s, theme.RR_PIP_EMPTY, box, 1, border_radius=2)
                if reg >= 12:
                    draw_text(s, str(k + 1), theme.font(reg * 0.7), theme.TEXT_DIM, box.center,
                              "center")
        x += REGISTERS * (reg + self.px(2))
        states = self._row_states(r)
        if not compact and states:
            draw_text(s, " · ".join(states), small, theme.RR_ROBOT_STATES,
                      (row.x + int(row_h * 0.85), row.bottom - self.px(2)), "bottomleft",
                      max_width=row.right - row.x - int(row_h * 0.85))
        elif states:
            draw_text(s, states[0], small, theme.RR_ROBOT_STATES, (row.right - self.px(2), cy),
                      "midright", max_width=max(10, row.right - x - self.px(4)))
        draw_option_chips(s, option_chip_rects(self._chip_area(r, row),
                                               [option_name(o) for o in r.options], compact),
                          r.options, option_name)

    def _row_states(self, r: RobotView) -> list[str]:
        return [label for on, label in ((r.eliminated, _("out")),
                                        (r.destroyed and not r.eliminated, _("destroyed")),
                                        (r.powered_down, _("powered down")),
                                        (r.virtual, _("virtual"))) if on]

    def _chip_area(self, r: RobotView, row: pygame.Rect) -> pygame.Rect:
        """Where a status row shows its robot's option cards (row-relative)."""
        row_h = self._row_h()
        if row_h < self.px(30):
            return pygame.Rect(row.right - self.px(58), row.y + 2, self.px(56), row.h - 4)
        x = row.x + int(row_h * 0.85)
        states = self._row_states(r)
        if states:
            x += theme.font(min(self.px(12), row_h * 0.38)).size(" · ".join(states))[0] \
                + self.px(8)
        return pygame.Rect(x, row.bottom - self._chip_line_h(), row.right - x, self.px(14))

    def _chip_line_h(self) -> int:
        """The height of a two-line status row's lower line (its option cards or states),
        from the row's bottom."""
        return self.px(15)

    def option_chips(self) -> list[tuple[pygame.Rect, int, str]]:
        """Every held option card on the status rows: its box on screen, robot, option."""
        status = self._status_rect()
        out = []
        for p, r in enumerate(self.display.robots):
            y = status.y + self.px(3) + p * self._row_h()
            row = pygame.Rect(0, 0, status.w - self.px(12), self._row_h() - self.px(2))
            compact = self._row_h() < self.px(30)
            for rect, option in zip(option_chip_rects(self._chip_area(r, row),
                                                      [option_name(o) for o in r.options],
                                                      compact), r.options):
                out.append((rect.move(status.x + self.px(6), y), p, option))
        return out
