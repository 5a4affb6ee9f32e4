"""Settings: language, animation speed, fullscreen, the guides, volume, and where the user's
boards go."""

from __future__ import annotations

import pygame

from game import paths
from game.app.settings import ANIMATION_SPEEDS
from game.i18n import LANGUAGES, N_, _
from game.scenes.base import WidgetScene
from game.ui import theme
from game.ui.text_drawing import draw_paragraphs, draw_text
from game.ui.widgets import Button, Cycler, Slider, Toggle, draw_panel

SPEED_LABELS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"),
                "instant": N_("Instant")}


FOLDER_HINT = N_("Put your own boards, courses and arenas (YAML) here: they are offered when "
                 "you start a new game, and a file with a mistake says there which line is "
                 "wrong and why.")
CHECK_COMMAND_HINT = N_("`python main.py check FILE` checks one.")
"""Told only from the source: the packaged app has no `python main.py` (and on Windows no
console)."""


class SettingsScene(WidgetScene):
    arrows_move_focus = True

    def _panel(self) -> pygame.Rect:
        return pygame.Rect(self.size[0] // 2 - self.px(380), self.px(120), self.px(760),
                           self.px(500))

    def build(self, size: tuple[int, int]) -> None:
        panel = self._panel()
        x, w, h = panel.x + self.px(40), panel.w - self.px(80), self.px(56)
        y = panel.y + self.px(36)
        s = self.services.settings
        self.ui.add(Cycler((x, y, w, h), list(LANGUAGES.items()), lambda: s.language,
                           self.set_language, label=N_("Language"), translate=False))
        self.ui.add(Cycler((x, y + self.px(72), w, h),
                           [(k, SPEED_LABELS[k]) for k in ANIMATION_SPEEDS],
                           lambda: s.animation_speed, self.set_speed,
                           label=N_("Animation speed")))
        switch_w = w * 11 // 20      # the switch's label and knob need more than half
        self.ui.add(Toggle((x, y + self.px(144), switch_w, h), N_("Fullscreen (F11)"),
                           lambda: self.services.window.fullscreen, self.set_fullscreen))
        self.guides_button = Button(
            (x + switch_w + self.px(16), y + self.px(144), w - switch_w - self.px(16), h),
            N_("Show the guides again"),
            self.show_guides_again, tooltip=N_("Each game's first-turn guide, and "
                                               "RoboRally's first register's, show once more"))
        self.guides_button.enabled = bool(s.guides_seen)
        self.ui.add(self.guides_button)
        self.volume = Slider((x, y + self.px(216), w, h), self._volume_label(),
                             lambda: s.volume, self.set_volume)
        self.ui.add(self.volume)
        folder = self._folder_box()
        self.ui.add(Button((folder.right - self.px(190), folder.y - self.px(6), self.px(190),
                            self.px(38)), N_("Open folder"), self.open_board_folder,
                           size=self.px(17), tooltip=N_("Show it in your file manager")))
        back = Button((panel.centerx - self.px(130), panel.bottom + self.px(24), self.px(260),
                       self.px(56)), N_("Back"), self.back, style="primary")
        self.ui.add(back)
        self.ui.default = back

    def _folder_box(self) -> pygame.Rect:
        panel = self._panel()
        return pygame.Rect(panel.x + self.px(40), panel.y + self.px(330),
                           panel.w - self.px(80), self.px(150))

    def open_board_folder(self) -> None:
        folder = paths.user_boards_dir()
        problem = self.services.open_folder(folder)
        if problem:
            self.services.messages.append(_(
                "Your board folder cannot be shown here ({reason}); it is at {folder}."
            ).format(reason=problem, folder=folder))

    def set_language(self, language: str) -> None:
        self.services.set_language(language)
        self.services.save_settings()

    def set_speed(self, speed: str) -> None:
        self.services.settings.animation_speed = speed
        self.services.save_settings()

    def set_fullscreen(self, on: bool) -> None:
        self.services.window.set_fullscreen(on)
        self.services.save_settings()
        self.services.relayout()

    def show_guides_again(self) -> None:
        """Forget which guides were dismissed: each shows again in the next game."""
        self.services.settings.guides_seen.clear()
        self.services.save_settings()
        self.guides_button.enabled = False
        self.services.messages.append(_("The guides show again in your next games."))
        self.dirty = True

    def set_volume(self, volume: float) -> None:
        self.services.settings.volume = volume
        if self.services.settings.muted and volume > 0:
            self.services.toggle_mute()    # moving the volume means: let me hear it
        self.dirty = True

    def _volume_label(self) -> str:
        return N_("Volume: muted (M)") if self.services.settings.muted else N_("Volume")

    def update(self, dt: float) -> None:
        super().update(dt)
        self.volume.label = self._volume_label()   # the mute key works on this screen too

    def back(self) -> None:
        self.services.save_settings()
        super().back()

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_text(surface, _("Settings"), theme.font(self.px(52), bold=True), theme.TEXT,
                  (self.size[0] // 2, self.px(74)), "center")
        panel = self._panel()
        draw_panel(surface, panel)
        folder_box = self._folder_box()
        draw_text(surface, _("Your board folder"), theme.font(self.px(22), bold=True),
                  theme.TEXT, folder_box.topleft)
        draw_paragraphs(surface, str(paths.user_boards_dir()), theme.font(self.px(18)),
                        theme.ACCENT, folder_box.move(0, self.px(34)))
        hint = _(FOLDER_HINT)
        if not paths.is_bundled():
            hint += " " + _(CHECK_COMMAND_HINT)
        draw_paragraphs(surface, hint,
                        theme.font(self.px(17)), theme.TEXT_DIM,
                        folder_box.move(0, self.px(76)))
