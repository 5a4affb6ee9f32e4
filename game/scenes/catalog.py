"""Named scene stacks for `--screenshot --scene NAME` and for the headless monkey test.

Each entry builds the stack of scenes (bottom first) from fresh services. Games add their
own entries by listing a module in GAME_CATALOGS with a `SCREENSHOT_SCENES` dict."""

from __future__ import annotations

from typing import Callable

from game.app.scene import Scene
from game.app.services import Services
from game.core.optional_modules import optional_module
from game.i18n import _
from game.paths import builtin_boards_dir
from game.scenes.dialogs import ConfirmDialog, PauseMenu, PrivacyScreen, RulesOverlay
from game.scenes.games import GAMES_BY_ID
from game.scenes.menu import MenuScene
from game.scenes.saves_list import SavesScene
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.workbench import scratch_bench
from game.ui import theme

SceneFactory = Callable[[Services], list[Scene]]

GAME_CATALOGS = ("game.scenes.robotmaster.demos", "game.scenes.roborally.demos",
                 "game.scenes.roborally.demo_tables", "game.scenes.volt.demos",
                 "game.scenes.workbench")


def _menu(services: Services) -> list[Scene]:
    return [MenuScene(services)]


def _settings(services: Services) -> list[Scene]:
    return _menu(services) + [SettingsScene(services)]


def _setup(game_id: str) -> SceneFactory:
    def build(services: Services) -> list[Scene]:
        setup = SetupScene(services, GAMES_BY_ID[game_id])
        setup.wait_for_boards(60)        # a picture of the list, not of its progress
        return _menu(services) + [setup]
    return build


def _privacy(services: Services) -> list[Scene]:
    return _menu(services) + [PrivacyScreen(services, "Anna", lambda: None,
                                            colour=theme.PLAYER_COLOURS["red"])]


def _pause(services: Services) -> list[Scene]:
    # as in a game: its rules and Save and quit (the longest label, in German)
    return _menu(services) + [PauseMenu(services, rules=lambda: None, save_and_quit=lambda: None)]


def _confirm(services: Services) -> list[Scene]:
    return _menu(services) + [ConfirmDialog(services, "Quit Robot Games?", lambda: None)]


def _rules(services: Services) -> list[Scene]:
    return _menu(services) + [RulesOverlay(services, "Rules", lambda: _(
        "Each game explains its rules here, in English and German. Press F1 in a game to "
        "open this page, Esc or Enter to close it."))]


def _workbench(services: Services) -> list[Scene]:
    arenas = sorted((builtin_boards_dir() / "volt").glob("*.yaml"))
    boards = sorted(p for p in (builtin_boards_dir() / "roborally").glob("*.yaml")
                    if p.stem not in ("elements", "options"))
    path = next(iter(boards + arenas), builtin_boards_dir() / "missing.yaml")
    return [scratch_bench(path, services)]   # a copy: the monkey test paints at random


def _saves(services: Services) -> list[Scene]:
    return _menu(services) + [SavesScene(services)]


SHELL_SCENES: dict[str, SceneFactory] = {
    "menu": _menu,
    "settings": _settings,
    "setup-robot-master": _setup("robot-master"),
    "setup-roborally": _setup("roborally"),
    "setup-volt": _setup("volt"),
    "privacy": _privacy,
    "pause": _pause,
    "confirm": _confirm,
    "rules": _rules,
    "workbench": _workbench,
    "saves": _saves,
}


def all_scenes() -> dict[str, SceneFactory]:
    scenes = dict(SHELL_SCENES)
    for module_name in GAME_CATALOGS:
        module = optional_module(module_name)
        if module is None:
            continue
        scenes.update(getattr(module, "SCREENSHOT_SCENES", {}))
    return scenes


SCREENSHOT_SCENES = SHELL_SCENES  # names known without importing the games (for --help)
