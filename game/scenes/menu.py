"""The main menu: the three games, Continue, Settings, Quit."""

from __future__ import annotations

import math

import pygame

from game.i18n import N_, _
from game.scenes.base import WidgetScene
from game.scenes.dialogs import ConfirmDialog
from game.scenes.games import GAMES, GameSpec
from game.scenes.saves_hook import has_saved_game
from game.ui import art, theme
from game.ui.text_drawing import draw_paragraphs, draw_text
from game.ui.widgets import Button, Widget, draw_panel


def draw_game_picture(surface: pygame.Surface, rect: pygame.Rect, game_id: str) -> None:
    """A small scene that says which game this is, drawn in code."""
    s = rect.h
    if game_id == "robot-master":
        # a fan of three robot cards
        for i, (value, colour) in enumerate(((1, (70, 150, 220)), (5, (230, 90, 70)),
                                             (3, (90, 190, 110)))):
            card = pygame.Rect(0, 0, s * 0.42, s * 0.6)
            card.center = (rect.centerx + (i - 1) * s * 0.34, rect.centery + abs(i - 1) * s * 0.05)
            pygame.draw.rect(surface, (248, 244, 232), card, border_radius=int(s * 0.05))
            pygame.draw.rect(surface, (40, 40, 48), card, max(1, int(s * 0.015)),
                             border_radius=int(s * 0.05))
            art.draw_robot(surface, card.inflate(-s * 0.06, -s * 0.2).move(0, s * 0.05),
                           colour, shape="circle")
            draw_text(surface, str(value), theme.font(s * 0.13, bold=True), (40, 40, 48),
                      (int(card.x + s * 0.04), int(card.y + s * 0.02)))
    elif game_id == "roborally":
        tile = s * 0.2
        x0, y0 = rect.centerx - tile * 2, rect.centery - tile * 1.5
        for gy in range(3):
            for gx in range(4):
                cell = pygame.Rect(x0 + gx * tile, y0 + gy * tile, tile, tile)
                pygame.draw.rect(surface, (96, 100, 110), cell)
                pygame.draw.rect(surface, (60, 62, 70), cell, 1)
                if gy == 1:
                    pygame.draw.rect(surface, (226, 196, 60), cell.inflate(-tile * 0.1, -tile * 0.3))
                    cx, cy = cell.center
                    pygame.draw.polygon(surface, (60, 50, 20),
                                        [(cx - tile * 0.2, cy - tile * 0.18), (cx + tile * 0.22, cy),
                                         (cx - tile * 0.2, cy + tile * 0.18)])
        flag = (x0 + tile * 3.5, y0 + tile * 0.5)
        pygame.draw.line(surface, (30, 30, 30), flag, (flag[0], flag[1] - tile * 0.4), 3)
        pygame.draw.polygon(surface, theme.DANGER, [(flag[0], flag[1] - tile * 0.4),
                                                    (flag[0] + tile * 0.35, flag[1] - tile * 0.3),
                                                    (flag[0], flag[1] - tile * 0.2)])
        art.draw_robot(surface, pygame.Rect(x0 + tile * 0.9, y0 + tile * 0.8, tile * 1.4,
                                            tile * 1.4), theme.PLAYER_COLOURS["blue"],
                       shape="square", facing=90)
    else:
        art.draw_die(surface, pygame.Rect(rect.centerx - s * 0.42, rect.centery - s * 0.05,
                                          s * 0.26, s * 0.26), 4, (50, 110, 220))
        art.draw_die(surface, pygame.Rect(rect.centerx + s * 0.18, rect.centery + s * 0.02,
                                          s * 0.26, s * 0.26), 2, (210, 60, 50))
        art.draw_robot(surface, pygame.Rect(rect.centerx - s * 0.3, rect.y, s * 0.6, s * 0.6),
                       theme.PLAYER_COLOURS["green"], shape="triangle")
        # a diagonal laser line
        start = (rect.centerx + s * 0.1, rect.y + s * 0.3)
        pygame.draw.line(surface, (255, 60, 60), start,
                         (start[0] + s * 0.35 * math.cos(-0.6), start[1] + s * 0.35 * math.sin(-0.6)),
                         max(2, int(s * 0.025)))


class GameCard(Widget):
    """A big clickable card for one game: picture, title and tagline."""

    focusable = True

    def __init__(self, rect: pygame.Rect, spec: GameSpec, on_click: object) -> None:
        super().__init__(rect)
        self.spec = spec
        self.on_click = on_click

    def activate(self) -> None:
        self.on_click()  # type: ignore[operator]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 \
                and self.rect.collidepoint(event.pos):
            self.activate()
            return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.rect.collidepoint(event.pos):
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        lift = -6 if self.hovered else 0
        rect = self.rect.move(0, lift)
        draw_panel(surface, rect, theme.BUTTON_HOVER if self.hovered else theme.PANEL,
                   edge=theme.ACCENT if self.hovered or self.focused else theme.PANEL_EDGE,
                   radius=max(6, rect.w // 22))
        if self.focused:
            pygame.draw.rect(surface, theme.FOCUS, rect.inflate(8, 8), 3, border_radius=18)
        picture = pygame.Rect(rect.x, rect.y + rect.h * 0.06, rect.w, rect.h * 0.5)
        draw_game_picture(surface, picture, self.spec.id)
        draw_text(surface, _(self.spec.title), theme.font(rect.h * 0.085, bold=True), theme.TEXT,
                  (rect.centerx, int(rect.y + rect.h * 0.64)), "center", max_width=rect.w - 16)
        body = pygame.Rect(rect.x + rect.w * 0.08, rect.y + rect.h * 0.72, rect.w * 0.84,
                           rect.h * 0.26)
        draw_paragraphs(surface, _(self.spec.tagline), theme.font(rect.h * 0.045),
                        theme.TEXT_DIM, body, line_gap=1.15)


class MenuScene(WidgetScene):
    arrows_move_focus = True

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        card_w, card_h = self.px(340), self.px(380)
        gap = self.px(36)
        x = w // 2 - (3 * card_w + 2 * gap) // 2
        y = self.px(170)
        for i, spec in enumerate(GAMES):
            self.ui.add(GameCard(pygame.Rect(x + i * (card_w + gap), y, card_w, card_h), spec,
                                 lambda spec=spec: self.open_setup(spec)))
        bw, bh = self.px(240), self.px(56)
        row_y = y + card_h + self.px(44)
        buttons = (
            (N_("Continue"), self.continue_game, "normal",
             None if has_saved_game() else N_("No saved game yet")),
            (N_("Settings"), self.open_settings, "normal", None),
            (N_("Quit"), self.services.scenes.quit, "normal", None),
        )
        bx = w // 2 - (3 * bw + 2 * self.px(24)) // 2
        for i, (label, action, style, tip) in enumerate(buttons):
            button = Button((bx + i * (bw + self.px(24)), row_y, bw, bh), label, action,
                            style=style, tooltip=tip)
            button.enabled = tip is None
            self.ui.add(button)

    # The three screens the menu opens are imported where they open, not at the top: the
    # menu is the first frame (bench/startup.py). The setup screen brings the data gate and
    # YAML; settings and the saves list cost some 3 ms, which the first frame need not wait for.

    def open_setup(self, spec: GameSpec) -> None:
        from game.scenes.setup import SetupScene  # see above
        self.services.scenes.push(SetupScene(self.services, spec))

    def open_settings(self) -> None:
        from game.scenes.settings import SettingsScene  # see above
        self.services.scenes.push(SettingsScene(self.services))

    def continue_game(self) -> None:
        from game.scenes.saves_list import continue_last_game  # see above
        continue_last_game(self.services)

    def back(self) -> None:
        self.services.scenes.push(ConfirmDialog(self.services, N_("Quit Robot Games?"),
                                                self.services.scenes.quit, yes=N_("Quit")))

    def draw_content(self, surface: pygame.Surface) -> None:
        w, _h = self.size
        title_font = theme.font(self.px(64), bold=True)
        title = _("Robot Games")
        draw_text(surface, title, title_font, (10, 12, 18), (w // 2 + 3, self.px(78) + 4), "center")
        draw_text(surface, title, title_font, theme.ACCENT, (w // 2, self.px(78)), "center")
        draw_text(surface, _("Three robot board games at one screen"), theme.font(self.px(24)),
                  theme.TEXT_DIM, (w // 2, self.px(132)), "center")
