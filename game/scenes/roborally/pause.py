"""The moment after a turn's last register: the table keeps the result on screen before the
next privacy screen, so every player sees where the robots ended (a click goes on at once)."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.ui import theme
from game.ui.text_drawing import draw_text

RESULT_HOLD = 2.5   # seconds


class ResultHold:
    """Counts down once per turn (from turn 2 on: turn 1 has no result to show)."""

    def __init__(self) -> None:
        self.left = 0.0
        self.turn = 0

    @property
    def active(self) -> bool:
        return self.left > 0

    def due(self, turn: int) -> bool:
        """True while the result of the turn before `turn` is still on show."""
        if turn > 1 and turn != self.turn:
            self.turn, self.left = turn, RESULT_HOLD
        return self.active

    def tick(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    def finish(self) -> None:
        self.left = 0.0


def draw_result_banner(surface: pygame.Surface, area: pygame.Rect, px: int, turn: int) -> None:
    """A band over the top of the board: the turn is over, look, or click to go on."""
    text = _("End of turn {turn} · click to go on").format(
        turn=turn)
    f = theme.font(px, bold=True)
    image = f.render(text, True, theme.INK_ON_LIGHT)
    band = pygame.Rect(0, 0, min(area.w, image.get_width() + px * 2), image.get_height() + px)
    band.midtop = (area.centerx, area.y + px // 2)
    pygame.draw.rect(surface, theme.ACCENT, band, border_radius=px // 2)
    draw_text(surface, text, f, theme.INK_ON_LIGHT, band.center, "center", max_width=band.w - px)
