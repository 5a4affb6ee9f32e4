"""The list of saved games behind the menu's Continue button."""

from __future__ import annotations

import pygame

from game.app.services import Services
from game.i18n import N_, _
from game.saves import SaveEntry
from game.scenes.base import WidgetScene
from game.scenes.games import GAMES_BY_ID
from game.scenes.saves_hook import open_save, saved_entries
from game.ui import theme
from game.ui.widgets import Button, ScrollList, draw_panel, draw_paragraphs, draw_text


def describe(entry: SaveEntry) -> str:
    saved = entry.summary or entry.saved
    if saved is None:
        return _("{file} (damaged)").format(file=entry.path.name)
    game = _(GAMES_BY_ID[saved.game].title) if saved.game in GAMES_BY_ID else saved.game
    kind = _("autosave") if entry.is_autosave else _("saved")
    when = saved.saved_at.replace("T", " ")[:16]
    title = saved.title or game
    return f"{title} · {kind} {when}"


class SavesScene(WidgetScene):
    def __init__(self, services: Services) -> None:
        self.entries = saved_entries()
        self.selected: int | None = 0 if self.entries else None
        self.problem: str | None = None
        super().__init__(services)

    def build(self, size: tuple[int, int]) -> None:
        area = pygame.Rect(self.px(140), self.px(120), size[0] - self.px(280), self.px(430))
        if self.entries:
            self.ui.add(ScrollList(area, [describe(e) for e in self.entries], self.select,
                                   selected=self.selected, row_height=self.px(44)))
        bw, bh = self.px(240), self.px(58)
        self.ui.add(Button((self.px(140), size[1] - self.px(110), bw, bh), N_("Back"), self.back))
        load = Button((size[0] - self.px(140) - bw, size[1] - self.px(110), bw, bh),
                      N_("Resume"), self.resume, style="primary")
        load.enabled = self.selected is not None
        self.ui.add(load)
        self.ui.default = load
        replay_w = self.px(330)            # German "Wiederholung ansehen" is the longest
        replay = Button((size[0] - self.px(160) - bw - replay_w, size[1] - self.px(110),
                         replay_w, bh),
                        N_("Watch replay"), self.replay, size=self.px(20),
                        tooltip=N_("Step through the game move by move; export its log"))
        replay.enabled = self.selected is not None
        self.ui.add(replay)

    def select(self, index: int) -> None:
        self.selected = index
        self.problem = None
        self.dirty = True

    def resume(self) -> None:
        if self.selected is None:
            return
        self.problem = open_save(self.services, self.entries[self.selected])
        self.dirty = True

    def replay(self) -> None:
        if self.selected is None:
            return
        self.problem = open_save(self.services, self.entries[self.selected], replay=True)
        self.dirty = True

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_text(surface, _("Saved games"), theme.font(self.px(44), bold=True), theme.TEXT,
                  (self.size[0] // 2, self.px(64)), "center")
        if not self.entries:
            box = pygame.Rect(self.px(140), self.px(120), self.size[0] - self.px(280),
                              self.px(120))
            draw_panel(surface, box)
            draw_paragraphs(surface, _("No saved games yet. Games save themselves after every "
                                       "turn; Esc in a game saves and quits."),
                            theme.font(self.px(22)), theme.TEXT_DIM,
                            box.inflate(-self.px(40), -self.px(40)))
        message = self.problem
        if message is None and self.selected is not None:
            entry = self.entries[self.selected]
            # Only a save listed as damaged says why at once: reading a long save whole to
            # find out takes a second; any other fault shows when it is resumed.
            if entry.summary is None:
                message = entry.problem
        if message:
            draw_paragraphs(surface, message, theme.font(self.px(18)), theme.DANGER,
                            pygame.Rect(self.px(140), self.px(565), self.size[0] - self.px(280),
                                        self.px(60)))
