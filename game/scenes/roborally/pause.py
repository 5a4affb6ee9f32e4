"""Moments the table holds on screen: after a turn's last register, the result before the
next privacy screen, so every player sees where the robots ended (a click goes on at once);
and, when the programming timer runs out (RR-5.7), whose registers it filled."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.ui import theme
from game.ui.text_drawing import draw_text

RESULT_HOLD = 2.5   # seconds


class Countdown:
    """Seconds a moment stays on screen: active until they run out or it is finished."""

    def __init__(self) -> None:
        self.left = 0.0

    @property
    def active(self) -> bool:
        return self.left > 0

    def tick(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    def finish(self) -> None:
        self.left = 0.0


class ResultHold(Countdown):
    """Counts down once per turn (from turn 2 on: turn 1 has no result to show)."""

    def __init__(self) -> None:
        super().__init__()
        self.turn = 0

    def due(self, turn: int) -> bool:
        """True while the result of the turn before `turn` is still on show."""
        if turn > 1 and turn != self.turn:
            self.turn, self.left = turn, RESULT_HOLD
        return self.active


TIME_UP_HOLD = 4.0  # seconds


class TimeUpNotice(Countdown):
    """RR-5.7: the timer ran out and random hand cards filled a robot's empty registers.
    The log says only that the program was locked in (a replay cannot tell a timed-out
    program from a chosen one), so the table says it over the board as the registers run."""

    def __init__(self) -> None:
        super().__init__()
        self.name = ""

    def show(self, name: str) -> None:
        self.name, self.left = name, TIME_UP_HOLD

    def text(self) -> str:
        return _("Time is up: {name}'s registers filled at random").format(name=self.name)


def draw_result_banner(surface: pygame.Surface, area: pygame.Rect, px: int, turn: int) -> None:
    """A band over the top of the board: the turn is over, look, or click to go on."""
    draw_board_banner(surface, area, px, _("End of turn {turn} · click to go on").format(
        turn=turn))


def draw_board_banner(surface: pygame.Surface, area: pygame.Rect, px: int, text: str) -> None:
    """A band with `text` over the top of the board `area`."""
    f = theme.font(px, bold=True)
    image = f.render(text, True, theme.INK_ON_LIGHT)
    band = pygame.Rect(0, 0, min(area.w, image.get_width() + px * 2), image.get_height() + px)
    band.midtop = (area.centerx, area.y + px // 2)
    pygame.draw.rect(surface, theme.ACCENT, band, border_radius=px // 2)
    draw_text(surface, text, f, theme.INK_ON_LIGHT, band.center, "center", max_width=band.w - px)
