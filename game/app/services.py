"""Services: what every scene is given (no globals): the scene stack, settings, the window,
sound, and a place for short messages to the player."""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import pygame

from game import i18n, paths
from game.i18n import _
from game.app.desktop import no_file_manager, open_folder
from game.app.audio import Audio
from game.app.scene import Scene, SceneManager
from game.app.settings import MIN_WINDOW, Settings

TITLE = "Robot Games"


class Window:
    """The one window: 1280×720 by default, resizable, F11 fullscreen, size remembered."""

    def __init__(self, settings: Settings, *, headless_size: tuple[int, int] | None = None) -> None:
        self.settings = settings
        self.surface: pygame.Surface | None = None
        self._headless_size = headless_size
        self.fullscreen = settings.fullscreen

    @property
    def size(self) -> tuple[int, int]:
        if self.surface is not None:
            return self.surface.get_size()
        return self._headless_size or (self.settings.window_size[0], self.settings.window_size[1])

    def open(self) -> pygame.Surface:
        if self._headless_size is not None:
            self.surface = pygame.Surface(self._headless_size)
            return self.surface
        pygame.display.set_caption(TITLE)
        _set_icon()
        self._set_mode()
        assert self.surface is not None
        return self.surface

    def _set_mode(self) -> None:
        if self.fullscreen:
            self.surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            w, h = self.settings.window_size
            self.surface = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            _keep_minimum_size()

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)

    def set_fullscreen(self, on: bool) -> None:
        self.fullscreen = on
        self.settings.fullscreen = on
        if self._headless_size is None and self.surface is not None:
            self._set_mode()

    def resized(self, size: tuple[int, int]) -> None:
        """The player resized the window: remember it (not in fullscreen)."""
        if self._headless_size is not None:
            self._headless_size = size
            self.surface = pygame.Surface(size)
            return
        self.surface = pygame.display.get_surface()
        if not self.fullscreen:
            self.settings.window_size = [max(size[0], MIN_WINDOW[0]), max(size[1], MIN_WINDOW[1])]


def _keep_minimum_size() -> None:
    """The window never gets smaller than MIN_WINDOW: every screen is checked to fit there
    (game/tools/text_check.py)."""
    with warnings.catch_warnings():
        # pygame-ce reaches a set_mode window's size limits only through this, deprecated for
        # drawing through it, which the game does not do
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            pygame.Window.from_display_module().minimum_size = MIN_WINDOW
        except (AttributeError, pygame.error):
            pass       # an older pygame or a display without windows: resizing stays free


def _set_icon() -> None:
    icon_path = paths.assets_dir() / "icon.png"
    try:
        pygame.display.set_icon(pygame.image.load(str(icon_path)))
    except (pygame.error, FileNotFoundError, OSError):
        pass  # an icon is a nicety; a missing one never stops the game


@dataclass
class Services:
    scenes: SceneManager
    settings: Settings
    window: Window
    audio: Audio
    settings_path: Path
    messages: list[str] = field(default_factory=list)
    messages_shown: int = 0
    """How many of `messages` the window has shown (game/scenes/notices.py)."""
    termination_requested: bool = False
    """SIGTERM arrived (a system shutdown): the loop autosaves and ends (game/app/termination.py)."""
    open_folder: Callable[[Path], str | None] = open_folder
    """Shows a folder in the system's file manager (None, or why not); headless, nothing."""

    def save_settings(self) -> None:
        warning = self.settings.save(self.settings_path)
        if warning:
            self.messages.append(warning)

    def toggle_mute(self) -> None:
        """The mute key: sound off or on, remembered in the settings."""
        self.audio.toggle_mute()
        self.save_settings()
        for scene in self.scenes.stack:
            scene.dirty = True    # the settings screen shows whether sound is off

    def set_language(self, language: str) -> None:
        """Switch language at once: every scene lays out its text again."""
        self.settings.language = language
        i18n.set_language(language)
        self.relayout()

    def relayout(self) -> None:
        for scene in self.scenes.stack:
            scene.on_resize(self.window.size)
            scene.dirty = True


def unmade_folder_warning(folder: Path, reason: str) -> str:
    """What a user folder that cannot be made (`paths.ensure_user_dirs`) costs the player."""
    if folder == paths.saves_dir():
        text = _("The saves folder cannot be made at {folder} ({reason}): games cannot "
                 "be saved or continued.")
    else:
        text = _("Your board folder cannot be made at {folder} ({reason}): the game's "
                 "own boards work, boards of your own cannot be put there.")
    return text.format(folder=folder, reason=reason)


def make_services(*, headless_size: tuple[int, int] | None = None,
                  settings: Settings | None = None,
                  home: Callable[[Services], Scene] | None = None) -> Services:
    """Build the services (pygame must be initialised). `home` builds the scene that "back to
    the main menu" shows (`SceneManager.go_home`), usually `MenuScene`."""
    unmade = paths.ensure_user_dirs()
    path = paths.settings_path()
    more: list[str] = []
    if settings is None:
        settings, more = Settings.load(path)
    i18n.set_language(settings.language)
    warnings = [unmade_folder_warning(folder, reason) for folder, reason in unmade] + more
    window = Window(settings, headless_size=headless_size)
    scenes = SceneManager(lambda: window.size)
    services = Services(scenes, settings, window, Audio(settings), path, warnings)
    if headless_size is not None:
        services.open_folder = no_file_manager
    if home is not None:
        scenes.home = lambda: home(services)
    return services
