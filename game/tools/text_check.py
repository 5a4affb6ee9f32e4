"""`python -m game.tools.text_check`: draw every scene, in every language offered, at the
design size (1280×720), at 1920×1080 (words wrap elsewhere there), at 1024×768 (4:3) and at
the smallest window allowed, and print every text the widget kit had to cut or shrink past
reading (game/ui/text_fit.py). Exit status 1 when there is any.

The scenes are the `--screenshot` catalogue (game/scenes/catalog.py), plus the dialogs and
moments it does not name: the saves list's delete and rename dialogs, the
questions on quitting, after a crash and on leaving a game, a refused setup, a full Robot
Master hand, every replay at its first and last steps and opened from the end of a game,
and games left to run for a while (`_played`): eight robots on the widest course, two humans handing
the screen over, Robot Master's two teams, four VOLT operators.

It runs in a fresh process (the test calls it so): pictures drawn once are kept, and a
cached picture reports nothing the second time."""

from __future__ import annotations

import os
import sys
import tempfile
from typing import Any, Callable, Iterator, Sequence

import pygame

from game import paths
from game.app.loop import step
from game.app.scene import Scene
from game.app.services import Services, make_services
from game.app.settings import MIN_WINDOW, Settings
from game.controllers.thinking import BotThinker
from game.i18n import LANGUAGES, _
from game.save_queue import flush as flush_saves
from game.saves import SaveEntry
from game.scenes.catalog import all_scenes
from game.scenes.dialogs import MessageScene
from game.scenes.games import GAMES_BY_ID, GameSetup, PlayerSetup, find_start
from game.scenes.menu import MenuScene
from game.scenes.robotmaster import demos as robotmaster_demos
from game.scenes.robotmaster.replay import RobotMasterReplay
from game.scenes.saves_hook import offer_crash_resume, offer_save_and_quit
from game.scenes.saves_list import RenameDialog, SavesScene
from game.scenes.setup import SetupScene
from game.ui import text_fit, theme

SIZES = ((1280, 720), (1920, 1080), (1024, 768), (MIN_WINDOW[0], MIN_WINDOW[1]))
"""16:9 at the design size and larger, 4:3 (the narrowest shape: side panels squeeze the
middle), and the smallest window."""

Stage = Callable[[Services], object]   # puts a stack of scenes on the services' manager


def _show(services: Services, scenes: list[Scene]) -> None:
    services.scenes.stack.clear()
    for scene in scenes:
        services.scenes.push(scene)
    services.scenes.apply_pending()


def _catalogue_stage(factory: Callable[[Services], list[Scene]]) -> Stage:
    return lambda services: _show(services, factory(services))


def _replay_at(factory: Callable[[Services], list[Scene]], end: bool) -> Stage:
    """The replay at its first step, or at its last (the bar counts the whole game)."""
    def stage(services: Services) -> None:
        _show(services, factory(services))
        viewer: Any = services.scenes.top        # every game's replay viewer has a bar
        if end:
            viewer.bar.to_end()
        else:
            viewer.bar.seek(0)
    return stage


def _menu(services: Services) -> MenuScene:
    menu = MenuScene(services)
    _show(services, [menu])
    return menu


def _pushed(services: Services, push: Callable[[], object]) -> None:
    push()
    services.scenes.apply_pending()


def _saves(services: Services) -> SavesScene:
    """The catalogue's saves list, with its example saves."""
    _show(services, all_scenes()["saves"](services))
    scene = services.scenes.top
    assert isinstance(scene, SavesScene)
    return scene


def _rename_refusing(services: Services) -> None:
    _pushed(services, _saves(services).ask_rename)
    dialog = services.scenes.top
    assert isinstance(dialog, RenameDialog)
    dialog.character_refused("🚀")


def _refused_setup(services: Services) -> None:
    scene = SetupScene(services, GAMES_BY_ID["roborally"])
    _show(services, [MenuScene(services), scene])
    scene.players[1].name = scene.players[0].name
    scene.start()                                # refused: two players share a name


def _full_robot_master_hand(services: Services) -> None:
    _show(services, [MenuScene(services),
                     robotmaster_demos.demo_table(services, "standard",
                                                  robotmaster_demos.SEATS_DUEL, seed=7,
                                                  placements=0)])


def _robot_master_replay_from_the_end(services: Services) -> None:
    table = robotmaster_demos.demo_table(services, "standard", robotmaster_demos.SEATS_DUEL,
                                         seed=7, placements=30)
    viewer = RobotMasterReplay(services, table.saved_game(), on_close=lambda: None)
    _show(services, [MenuScene(services), viewer])
    viewer.bar.seek(0)


PLAYED_NAMES = ("Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta", "Hugo")
PLAYED_FRAMES = 500
"""Frames of 1/20 s a played stage runs at fast animation: the first turns, a Robot Master
table grown to five columns, the hand-over between two humans."""


def _played(game: str, variant: str, board: str | None, levels: Sequence[str | None],
            names: Sequence[str] = PLAYED_NAMES) -> Stage:
    """A game started as the setup starts it and left to run: what a table shows only once
    play is under way (the top line waiting for eight programs, the phases lit, a grid of
    five columns) is drawn, and checked, as it changes."""
    def stage(services: Services) -> None:
        spec = GAMES_BY_ID[game]
        colours = [name for name, _rgb, _shape in theme.PLAYER_STYLES]
        players = [PlayerSetup(names[i], colours[i], level) for i, level in enumerate(levels)]
        path = None if board is None else paths.builtin_boards_dir() / spec.board_folder / \
            f"{board}.yaml"
        start = find_start(spec)
        assert start is not None, game
        services.settings.animation_speed = "fast"
        _show(services, [MenuScene(services),
                         start(services, GameSetup(game, players, variant, path, seed=3))])
        surface = services.window.surface
        assert surface is not None
        waited = BotThinker.frame_wait_seconds
        BotThinker.frame_wait_seconds = 60.0   # a frame waits for a thinking bot, so every
        try:                                   # run draws the same moments
            for _frame in range(PLAYED_FRAMES):
                step(services, [], 1 / 20, surface)
        finally:
            BotThinker.frame_wait_seconds = waited
    return stage


def stages() -> dict[str, Stage]:
    """Every stack to draw, by name."""
    found: dict[str, Stage] = {}
    for name, factory in all_scenes().items():
        found[name] = _catalogue_stage(factory)
        if name.endswith("-replay"):
            found[f"{name}, first step"] = _replay_at(factory, end=False)
            found[f"{name}, last step"] = _replay_at(factory, end=True)
    found.update({
        "saves, delete?": lambda s: _pushed(s, _saves(s).ask_delete),
        "saves, rename": lambda s: _pushed(s, _saves(s).ask_rename),
        "saves, rename, a character left out": _rename_refusing,
        "save before quitting?": lambda s: _pushed(
            s, lambda: offer_save_and_quit(s, _menu(s))),
        "resume after a crash?": lambda s: _pushed(s, lambda: offer_crash_resume(
            s, SaveEntry(paths.saves_dir() / "autosave-volt.yaml", None))),
        "quit?": lambda s: _pushed(s, _menu(s).back),
        "coming soon": lambda s: _show(s, [MenuScene(s), MessageScene(
            s, "VOLT", lambda: _("{game} is coming: its table is being built. The menu, "
                                 "settings and setup already work.").format(game="VOLT"))]),
        "setup refused": _refused_setup,
        "robot-master, full hand": _full_robot_master_hand,
        "robot-master-replay, from the end": _robot_master_replay_from_the_end,
        "roborally, eight bots on grand-gauntlet, played": _played(
            "roborally", "options", "grand-gauntlet", ["normal"] * 8),
        "roborally, two humans hand over, played": _played(
            "roborally", "standard", "sunday-drive", [None, None],
            ["Maximilian", "Ben"]),
        "robot-master, two teams of bots, played": _played(
            "robot-master", "teams", None, ["normal"] * 4),
        "volt, four bots on crossfire, played": _played(
            "volt", "training", "crossfire", ["normal"] * 4),
    })
    return found


def reports(names: list[str] | None = None) -> Iterator[str]:
    """One line per text that does not fit: language, window size, stack, what happened."""
    chosen = stages()
    for language in LANGUAGES:
        for size in SIZES:
            for name in names or list(chosen):
                services = make_services(headless_size=size,
                                         settings=Settings(language=language), home=MenuScene)
                surface = services.window.open()
                seen: set[str] = set()
                with text_fit.collected() as found:
                    chosen[name](services)
                    for _frame in range(2):
                        for scene in services.scenes.stack:
                            scene.dirty = True
                        step(services, [], 1 / 60, surface)
                for report in found:
                    line = f"{language} {size[0]}×{size[1]} {name}: {report}"
                    if line not in seen:
                        seen.add(line)
                        yield line
                services.scenes.stack.clear()
    pygame.quit()


def main(argv: list[str]) -> int:
    """Headless, and (unless told otherwise) in a user folder of its own: the saves it
    writes for the saves list must not land among the player's."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if "ROBOT_GAMES_HOME" in os.environ:
        return _check(argv)
    with tempfile.TemporaryDirectory(prefix="robot-games-text-check-",
                                     ignore_cleanup_errors=True) as home:
        os.environ["ROBOT_GAMES_HOME"] = home
        try:
            return _check(argv)
        finally:
            flush_saves(timeout=10)     # the saves list's saves, written in the background
            del os.environ["ROBOT_GAMES_HOME"]


def _check(argv: list[str]) -> int:
    unknown = sorted(set(argv) - set(stages()))
    if unknown:
        print(f"unknown scene {unknown[0]!r}; known: {', '.join(stages())}", file=sys.stderr)
        return 2
    pygame.init()
    lines = list(reports(argv or None))
    print("\n".join(lines) if lines else "every text fits")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
