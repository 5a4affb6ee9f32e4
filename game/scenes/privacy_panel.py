"""A privacy screen that hides only what is private: the board, the log and the robots'
status stay in view (they are public), and the panel where the hand will appear asks the
next player to take the screen. Any table can use it by naming that panel."""

from __future__ import annotations

from typing import Any, Callable

import pygame

from game.i18n import _
from game.scenes.dialogs import PrivacyScreen
from game.ui import art, theme
from game.ui.text_drawing import (draw_paragraphs, draw_text, fits_when_shrunk, fitting_font,
                                  smallest_readable_font, wrap_text)
from game.ui.widgets import draw_panel


class PanelPrivacyScreen(PrivacyScreen):
    """`PrivacyScreen` drawn over `panel()` only; clicks anywhere still pass the screen."""

    overlay = True

    def __init__(self, services: Any, player_name: str, on_ready: Callable[[], None], *,
                 panel: Callable[[], pygame.Rect], **kwargs: Any) -> None:
        self.panel = panel
        super().__init__(services, player_name, on_ready, **kwargs)

    def draw_background(self, surface: pygame.Surface) -> None:
        """Nothing: the public table below stays visible."""

    def draw_content(self, surface: pygame.Surface) -> None:
        box = self.panel()
        draw_panel(surface, box, theme.BACKGROUND_DEEP)
        pygame.draw.rect(surface, self.colour, box, max(2, self.px(3)), border_radius=self.px(10))
        side = min(self.px(140), box.h // 3)
        robot = pygame.Rect(0, 0, side, side)
        robot.midtop = (box.centerx, box.y + self.px(24))
        art.draw_robot(surface, robot, self.colour, shape=self.shape,
                       letter=self.player_name[:1].upper())
        title = _("Pass to {name}.").format(name=self.player_name)
        width = box.w - self.px(24)
        if fits_when_shrunk(title, width, self.px(34)):
            font, lines = fitting_font(title, width, self.px(34)), [title]
        else:               # a long name in a narrow panel: two lines rather than a cut
            font = smallest_readable_font(self.px(34))
            lines = wrap_text(title, font, width)
        for row, line in enumerate(lines):
            draw_text(surface, line, font, theme.TEXT,
                      (box.centerx, robot.bottom + self.px(36) + row * font.get_linesize()),
                      "center", max_width=width)
        below = (len(lines) - 1) * font.get_linesize()
        text = _("Click when only {name} can see the screen.").format(name=self.player_name)
        draw_paragraphs(surface, text, theme.font(self.px(20)), theme.TEXT_DIM,
                        pygame.Rect(box.x + self.px(20), robot.bottom + self.px(66) + below,
                                    box.w - self.px(40), self.px(90)))
