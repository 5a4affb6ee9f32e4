"""The race is over: the end screen."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.app.services import Services
from game.i18n import N_, _
from game.scenes.base import WidgetScene
from game.scenes.dialogs import MessageScene
from game.scenes.games import GAMES_BY_ID, GameSetup, scene_module_function, seat_label
from game.ui import art, theme
from game.ui.theme import fit_font
from game.ui.widgets import Button, draw_panel, draw_text

if TYPE_CHECKING:
    from game.scenes.roborally.table import FactoryScene


def _entry(name: str) -> Callable[..., Any]:
    """RoboRally's `start` or `replay`, found through the game registry: the entry module
    builds the table, which opens this screen, so importing it here would close a circle."""
    found = scene_module_function(GAMES_BY_ID["roborally"], name)
    assert found is not None, f"the RoboRally scene module has no {name}()"
    return found


BUTTONS_FROM_BOTTOM = 90
"""The row of buttons' top, above the window's bottom edge (px at 720 lines)."""


class EndScene(WidgetScene):
    """The race is over: ranking, flags, damage dealt and taken."""

    arrows_move_focus = True

    def __init__(self, services: Services, factory: FactoryScene) -> None:
        self.factory = factory
        super().__init__(services)

    def build(self, size: tuple[int, int]) -> None:
        w, h, gap = self.px(280), self.px(56), self.px(16)
        x = size[0] // 2 - (4 * w + 3 * gap) // 2
        y = size[1] - self.px(BUTTONS_FROM_BOTTOM)
        labels = (N_("Board"), N_("Watch replay"), self.leave_game_label(), N_("Play again"))
        # one size for the row, the largest at which the longest label fits (German is long)
        text_px = float(self.px(22))
        while text_px > self.px(13) and any(
                theme.font(text_px, bold=True).size(_(label))[0] > w - self.px(28)
                for label in labels):
            text_px -= 1
        board = Button((x, y, w, h), labels[0], self.back, size=text_px,
                       tooltip=N_("Look at the final board; Results at the top brings this "
                                  "back"))
        watch = Button((x + w + gap, y, w, h), labels[1], self.watch_replay, size=text_px,
                       tooltip=N_("Step through the game move by move; export its log"))
        menu = Button((x + 2 * (w + gap), y, w, h), labels[2], self.menu, size=text_px)
        again = Button((x + 3 * (w + gap), y, w, h), labels[3], self.again,
                       style="primary", size=text_px)
        for b in (board, watch, menu, again):
            self.ui.add(b)
        self.ui.default = again

    def watch_replay(self) -> None:
        """The game just finished, in the replay viewer (every hand shown: it is over)."""
        try:
            scene = _entry("replay")(self.services, self.factory.saved_game())
        except Exception as exc:  # a game that does not replay must not crash the app
            problem = str(exc)      # `exc` is gone after the block; the text is drawn later
            self.services.scenes.push(MessageScene(
                self.services, N_("RoboRally"),
                lambda: _("This game does not replay: {problem}").format(problem=problem)))
            return
        self.services.scenes.switch_game(scene)

    def again(self) -> None:
        setup = self.factory.setup
        if setup is None:
            self.menu()
            return
        fresh = GameSetup(setup.game, setup.players, setup.variant, setup.board,
                          setup.seed + 1, setup.options)
        self.services.scenes.switch_game(_entry("start")(self.services, fresh))

    def menu(self) -> None:
        self.services.scenes.leave_game()

    def table_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The results table and the "Turns played" line under it: the table's rows shrink
        so that the line stays clear of the buttons with eight robots too."""
        w, h = self.size
        table = pygame.Rect(w // 2 - self.px(520), self.px(120), self.px(1040),
                            self.px(90) + self.px(56) * len(self.factory.controller.seats))
        buttons_top = h - self.px(BUTTONS_FROM_BOTTOM)
        table.h = min(table.h, buttons_top - self.px(50) - table.y)
        line = pygame.Rect(w // 2 - self.px(300), table.bottom + self.px(14), self.px(600),
                           self.px(24))
        return table, line

    def draw_content(self, surface: pygame.Surface) -> None:
        c = self.factory.controller
        w, h = self.size
        winner = c.winner()
        title = (_("{name} wins the race!").format(name=c.seats[winner].name)
                 if winner is not None else _("The race is over."))
        draw_text(surface, title, theme.font(self.px(44), bold=True), theme.ACCENT,
                  (w // 2, self.px(60)), "center")
        table, turns_line = self.table_rects()
        draw_panel(surface, table)
        heads = [(_("Place"), 0), (_("Robot"), 90), (_("Flags"), 390), (_("Damage dealt"), 500),
                 (_("Damage taken"), 690), (_("Destroyed"), 880)]
        for text, x in heads:
            f = fit_font(text, self.px(178), self.px(18), self.px(12))
            draw_text(surface, text, f, theme.TEXT_DIM, (table.x + self.px(24 + x), table.y + self.px(20)))
        row_h = min(self.px(56), (table.h - self.px(70)) // max(1, len(c.seats)))
        flags_total = len(c.board.flags)
        for place, p in enumerate(c.ranking(), start=1):
            r = c.robot(p)
            y = table.y + self.px(60) + (place - 1) * row_h
            if place % 2:
                pygame.draw.rect(surface, theme.RR_ROBOT_ROW,
                                 (table.x + self.px(10), y, table.w - self.px(20), row_h - 4),
                                 border_radius=self.px(6))
            cy = y + row_h // 2
            big = theme.font(min(self.px(24), row_h * 0.5), bold=True)
            draw_text(surface, f"{place}.", big, theme.ACCENT if place == 1 else theme.TEXT,
                      (table.x + self.px(24), cy), "midleft")
            look = self.factory.looks[p]
            art.draw_robot(surface, pygame.Rect(table.x + self.px(100), cy - row_h // 2 + 2,
                                                row_h - 4, row_h - 4), look.colour, shape=look.shape,
                           letter=look.letter)
            name_x = table.x + self.px(110) + row_h
            name = draw_text(surface, r.name, big, theme.TEXT, (name_x, cy), "midleft",
                             max_width=self.px(280))
            if c.seats[p].is_bot:   # the level, as setup and the table name it
                room = table.x + self.px(404) - name.right - self.px(10)
                draw_text(surface, seat_label(c.seats[p].bot), theme.font(self.px(15)),
                          theme.TEXT_DIM, (name.right + self.px(10), cy), "midleft",
                          max_width=max(self.px(20), room))
            reached = min(r.next_flag - 1, flags_total)
            draw_text(surface, f"{reached} / {flags_total}", big, theme.FLAG_GOLD,
                      (table.x + self.px(414), cy), "midleft")
            draw_text(surface, str(c.stats.dealt[p]), big, theme.TEXT, (table.x + self.px(524), cy),
                      "midleft")
            draw_text(surface, str(c.stats.taken[p]), big, theme.TEXT, (table.x + self.px(714), cy),
                      "midleft")
            draw_text(surface, str(c.stats.destroyed[p]), big, theme.TEXT,
                      (table.x + self.px(904), cy), "midleft")
        draw_text(surface, _("Turns played: {n}").format(n=c.turn),
                  theme.font(self.px(18)), theme.TEXT_DIM, turns_line.midtop, "midtop")
