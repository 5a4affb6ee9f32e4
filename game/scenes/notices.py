"""Messages for the player that arise outside any scene's own flow (settings that could not
be read, a resume that failed, an autosave the disk refused), shown in the window as soon as
they arise: a terminal the player never sees is no place for them.

Whoever has something to say appends it to `services.messages`; the main loop calls
`show_new_messages` every frame, which lays a dialog over whatever is on screen."""

from __future__ import annotations

import pygame

from game.app.services import Services
from game.i18n import N_, _
from game.scenes.base import WidgetScene
from game.scenes.dialogs import scrim
from game.ui import theme
from game.ui.text_drawing import draw_paragraphs, draw_text
from game.ui.widgets import Button, draw_panel


class NoticeDialog(WidgetScene):
    """The messages not shown yet, over the scene below; OK, Enter or Esc closes it."""

    overlay = True
    arrows_move_focus = True

    def __init__(self, services: Services, messages: list[str]) -> None:
        self.messages = messages
        super().__init__(services)

    def _box(self) -> pygame.Rect:
        box = pygame.Rect(0, 0, min(self.size[0] - self.px(40), self.px(900)),
                          min(self.size[1] - self.px(40), self.px(460)))
        box.center = (self.size[0] // 2, self.size[1] // 2)
        return box

    def build(self, size: tuple[int, int]) -> None:
        box = self._box()
        w, h = self.px(200), self.px(52)
        ok = Button((box.centerx - w // 2, box.bottom - h - self.px(20), w, h), N_("OK"),
                    self.back, style="primary")
        self.ui.add(ok)
        self.ui.default = ok

    def request_close(self) -> bool:
        return True  # a notice never has anything to lose

    def draw_content(self, surface: pygame.Surface) -> None:
        scrim(surface)
        box = self._box()
        draw_panel(surface, box)
        draw_text(surface, _("Please note"), theme.font(self.px(28), bold=True), theme.TEXT,
                  (box.x + self.px(30), box.y + self.px(22)))
        body = pygame.Rect(box.x + self.px(30), box.y + self.px(70), box.w - self.px(60),
                           box.h - self.px(170))
        draw_paragraphs(surface, "\n\n".join(self.messages), theme.font(self.px(20)),
                        theme.TEXT, body)


def show_new_messages(services: Services) -> bool:
    """Lay a NoticeDialog with the messages that arose since the last one over the screen;
    True when one was opened."""
    new = services.messages[services.messages_shown:]
    if not new or services.scenes.top is None:
        return False
    services.messages_shown = len(services.messages)
    services.scenes.push(NoticeDialog(services, list(new)))
    return True
