"""VOLT's end screen: the winner, every operator's VP, and what next."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.app.services import Services
from game.i18n import N_, _
from game.scenes.base import WidgetScene
from game.scenes.dialogs import scrim
from game.scenes.volt.texts import REPLAY_TOOLTIP
from game.ui import art, theme
from game.ui.volt_view import draw_star
from game.ui.text_drawing import draw_text
from game.ui.widgets import Button, draw_panel
from game.volt.model import WINNING_VP

if TYPE_CHECKING:
    from game.scenes.volt.table import VoltArenaScene


class VoltWinScene(WidgetScene):
    """The winner, every operator's VP, and: play again or back to the menu."""

    overlay = True
    arrows_move_focus = True

    def __init__(self, services: Services, arena_scene: VoltArenaScene) -> None:
        self.arena_scene = arena_scene
        super().__init__(services)

    def _box(self) -> pygame.Rect:
        box = pygame.Rect(0, 0, self.px(620), self.px(540))
        box.center = (self.size[0] // 2, self.size[1] // 2)
        return box

    def build(self, size: tuple[int, int]) -> None:
        box = self._box()
        w, h = self.px(250), self.px(56)
        y = box.bottom - h - self.px(26)
        menu = Button((box.x + self.px(30), y, w, h), self.leave_game_label(),
                      self.arena_scene.to_menu)
        again = Button((box.right - w - self.px(30), y, w, h), N_("Play again"),
                       self.arena_scene.play_again, style="primary")
        watch = Button((box.x + self.px(30), y - h - self.px(12), box.w - self.px(60), h),
                       N_("Watch replay"), self.arena_scene.watch_replay,
                       tooltip=REPLAY_TOOLTIP)
        self.ui.add(menu)
        self.ui.add(watch)
        self.ui.add(again)
        self.ui.default = again

    def draw_content(self, surface: pygame.Surface) -> None:
        scrim(surface)
        box = self._box()
        draw_panel(surface, box)
        scene = self.arena_scene
        winner = scene.ctrl.state.winner
        if winner is None:
            return
        robot = pygame.Rect(0, 0, self.px(150), self.px(150))
        robot.midtop = (box.centerx, box.y + self.px(20))
        for i in range(12):
            angle = i * math.pi / 6
            c = robot.center
            pygame.draw.line(surface, theme.ACCENT, (c[0] + math.cos(angle) * self.px(80),
                                                      c[1] + math.sin(angle) * self.px(80)),
                             (c[0] + math.cos(angle) * self.px(100),
                              c[1] + math.sin(angle) * self.px(100)), max(2, self.px(4)))
        art.draw_robot(surface, robot, scene.colour(winner), shape=scene.shape(winner),
                       letter=scene.name(winner)[:1].upper())
        draw_text(surface, _("{name} wins!").format(name=scene.name(winner)),
                  theme.font(self.px(40), bold=True), theme.TEXT,
                  (box.centerx, robot.bottom + self.px(30)), "center", max_width=box.w - 40)
        draw_text(surface, _("Rounds played: {n}").format(n=scene.ctrl.state.round),
                  theme.font(self.px(18)), theme.TEXT_DIM, (box.centerx, robot.bottom
                                                            + self.px(66)), "center")
        ranking = sorted(range(len(scene.ops)), key=lambda p: (-scene.ctrl.state.robots[p].vp, p))
        y = robot.bottom + self.px(96)
        for p in ranking:
            vp = scene.ctrl.state.robots[p].vp
            x = box.x + self.px(130)
            art.draw_emblem(surface, scene.shape(p), (x, y + self.px(12)), self.px(10),
                            scene.colour(p))
            draw_text(surface, scene.name(p), theme.font(self.px(19), bold=p == winner),
                      theme.TEXT, (x + self.px(22), y + self.px(12)), "midleft")
            for i in range(WINNING_VP):
                draw_star(surface, (box.right - self.px(230) + i * self.px(30), y + self.px(12)),
                          self.px(12), i < vp)
            draw_text(surface, _("{n} VP").format(n=vp), theme.font(self.px(17), bold=True),
                      theme.TEXT, (box.right - self.px(130), y + self.px(12)), "midleft")
            y += self.px(30)
