"""Named scene stacks for `--screenshot --scene NAME` and for the headless monkey test.

Each entry builds the stack of scenes (bottom first) from fresh services. Games add their
own entries by listing a module in GAME_CATALOGS with a `SCREENSHOT_SCENES` dict."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path
from typing import Callable

from game.app.scene import Scene
from game.app.services import Services
from game.core.optional_modules import optional_module
from game.i18n import _
from game.paths import builtin_boards_dir
from game.saves import SavedGame, autosave_path, new_save_path, save_title, write_save
from game.scenes.dialogs import ConfirmDialog, PauseMenu, PrivacyScreen, RulesOverlay
from game.scenes.games import GAMES_BY_ID
from game.scenes.menu import MenuScene
from game.scenes.saves_list import SavesScene
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.workbench_demos import scratch_bench
from game.ui import theme

SceneFactory = Callable[[Services], list[Scene]]

GAME_CATALOGS = ("game.scenes.robotmaster.demos", "game.scenes.roborally.demos",
                 "game.scenes.roborally.demo_tables", "game.scenes.volt.demos",
                 "game.scenes.workbench_demos")


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


def example_saves(folder: Path) -> None:
    """Saves as a player gathers them: a race under way, finished games marked with who
    won, Save and quit files beside autosaves; the titles in the language of the moment,
    as the games write them. Only what the list shows is real: their setups are empty, so
    opening one says it cannot be read."""
    duel, teams = _("Two players"), _("Two teams")    # Robot Master's variants
    examples = [
        ("roborally", True, save_title("RoboRally", "Oil and Ember", ["Anna", "Ben", "Clara"]),
         [], False, {"turn": 4}),
        ("robot-master", False, save_title(_("Robot Master"), duel, ["Anna", "Ben"]), ["Ben"],
         True, {"game": 3, "games": 3, "cards": 25}),
        ("volt", False, save_title("VOLT", "Twin Yards", ["Anna", "Ben", "Clara"]), ["Clara"],
         True, {"round": 9}),
        ("roborally", False, save_title("RoboRally", "The Grand Gauntlet",
                                        ["Anna", "Bolt", "Clara", "David"]), [], False,
         {"turn": 11}),
        ("robot-master", False, save_title(_("Robot Master"), duel, ["Anna", "Ben"]), [], False,
         {"game": 2, "games": 3, "cards": 14}),
        ("robot-master", True, save_title(_("Robot Master"), teams,
                                          ["Anna", "Ben", "Clara", "David"]),
         ["Anna", "Clara"], True, {"game": 1, "games": 1, "cards": 25})]
    for seed, (game, autosave, title, winners, finished, progress) in enumerate(examples, 1):
        path = autosave_path(folder, game) if autosave else new_save_path(folder, game)
        saved_at = f"2026-11-{23 - seed}T{21 - seed}:{7 * seed:02d}:00+00:00"
        write_save(path, SavedGame(game, {"seed": seed}, [], title=title, saved_at=saved_at,
                                   finished=finished, winners=winners, progress=progress))


def _saves(services: Services) -> list[Scene]:
    """The saves list with example saves, from a folder of its own: these scenes also feed
    the monkey test, whose clicks rename and delete."""
    folder = Path(tempfile.mkdtemp(prefix="robot-games-saves-"))
    atexit.register(shutil.rmtree, folder, True)
    example_saves(folder)
    return _menu(services) + [SavesScene(services, folder)]


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
