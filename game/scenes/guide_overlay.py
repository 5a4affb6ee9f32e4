"""A first-turn guide any table can show: a few numbered hints, each pointing at the part of
the screen it explains, over the live table; "Got it" (or Esc, Enter, a click) closes it and
the game is remembered in the settings (`guides_seen`), so it shows once."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import pygame

from game.i18n import N_
from game.scenes.base import WidgetScene
from game.ui import theme
from game.ui.text_drawing import draw_paragraphs, draw_text
from game.ui.widgets import Button, draw_panel



@dataclass(frozen=True)
class Hint:
    text: str                  # already translated
    target: pygame.Rect        # what it points at, on screen


def guide_due(services: Any, game: str) -> bool:
    return game not in services.settings.guides_seen


class GuideOverlay(WidgetScene):
    """The hints in a panel placed clear of their targets, numbered markers on the targets."""

    overlay = True

    def __init__(self, services: Any, game: str, title: str, hints: Sequence[Hint],
                 avoid: pygame.Rect) -> None:
        self.game = game
        self.title = title
        self.hints = list(hints)
        self.avoid = avoid          # where the panel must not go (what the hints explain)
        super().__init__(services)

    def panel(self) -> pygame.Rect:
        """The hint panel: over the part of the screen `avoid` leaves the most room in."""
        w, h = self.size
        box = pygame.Rect(0, 0, min(self.px(440), w // 2), min(h - self.px(120), self.px(470)))
        left_room, right_room = self.avoid.x, w - self.avoid.right
        if left_room >= right_room:
            box.topright = (max(box.w + self.px(8), self.avoid.x - self.px(8)), self.px(64))
        else:
            box.topleft = (min(w - box.w - self.px(8), self.avoid.right + self.px(8)),
                           self.px(64))
        return box

    def build(self, size: tuple[int, int]) -> None:
        box = self.panel()
        done = Button((box.x + self.px(20), box.bottom - self.px(58), box.w - self.px(40),
                       self.px(44)), N_("Got it"), self.close, style="primary")
        self.ui.add(done)
        self.ui.default = done

    def close(self) -> None:
        settings = self.services.settings
        if self.game not in settings.guides_seen:
            settings.guides_seen.append(self.game)
            self.services.save_settings()
        self.services.scenes.pop()

    def back(self) -> None:
        self.close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.close()
        return True         # the table under the guide waits until it is closed

    def draw_content(self, surface: pygame.Surface) -> None:
        box = self.panel()
        draw_panel(surface, box)
        draw_text(surface, self.title, theme.font(self.px(22), bold=True), theme.TEXT,
                  (box.x + self.px(20), box.y + self.px(14)), max_width=box.w - self.px(40))
        y = box.y + self.px(54)
        f = theme.font(self.px(16))
        for number, hint in enumerate(self.hints, start=1):
            self._marker(surface, (box.x + self.px(32), y + self.px(11)), number)
            used = draw_paragraphs(surface, hint.text, f, theme.TEXT,
                                   pygame.Rect(box.x + self.px(54), y, box.w - self.px(74),
                                               box.bottom - self.px(66) - y))
            y += max(self.px(30), used) + self.px(10)
        for number, hint in enumerate(self.hints, start=1):
            pygame.draw.rect(surface, theme.GUIDE_LIGHT, hint.target.inflate(6, 6),
                             max(2, self.px(3)),
                             border_radius=self.px(6))
            self._marker(surface, (hint.target.x, hint.target.y), number)

    def _marker(self, surface: pygame.Surface, centre: tuple[int, int], number: int) -> None:
        radius = self.px(13)
        pygame.draw.circle(surface, theme.GUIDE_LIGHT, centre, radius)
        pygame.draw.circle(surface, (16, 20, 28), centre, radius, max(1, self.px(2)))
        draw_text(surface, str(number), theme.font(self.px(16), bold=True), (16, 20, 28),
                  centre, "center")

