"""Continue, save on close, and resume after a crash: the shell's side of saved games.

A game scene module offers `resume(services, saved: SavedGame) -> Scene`; a game scene that
can be saved offers `saved_game() -> SavedGame`. Both are optional, so a game without saves
still runs (its saves then list as not resumable)."""

from __future__ import annotations

import importlib
from typing import Any, Callable

from game import paths
from game.app.scene import Scene
from game.app.services import Services
from game.i18n import N_, _
from game.saves import (CrashMarker, SavedGame, SaveEntry, autosave_path, list_saves,
                        new_save_path, write_save)
from game.scenes.games import GAMES_BY_ID


def resume_function(game: str) -> Callable[[Services, SavedGame], Scene] | None:
    return _scene_function(game, "resume")


def replay_function(game: str) -> Callable[[Services, SavedGame], Scene] | None:
    """The game scene module's `replay(services, saved) -> Scene`: the replay viewer."""
    return _scene_function(game, "replay")


def _scene_function(game: str, name: str) -> Callable[[Services, SavedGame], Scene] | None:
    spec = GAMES_BY_ID.get(game)
    if spec is None:
        return None
    module_name = spec.start_scene.partition(":")[0]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            return None
        raise
    return getattr(module, name, None)


def saved_entries() -> list[SaveEntry]:
    return list_saves(paths.saves_dir())


def has_saved_game() -> bool:
    return any(e.unfinished for e in saved_entries())


def continue_last_game(services: Services) -> None:
    """Open the list of saves (newest first)."""
    from game.scenes.saves_list import SavesScene
    services.scenes.push(SavesScene(services))


def open_save(services: Services, entry: SaveEntry, *, replay: bool = False) -> str | None:
    """Resume `entry` (or open it in the replay viewer); return why not (a message for the
    player) when it cannot be."""
    if entry.saved is None:
        return entry.problem or _("This save cannot be read.")
    opener = (replay_function if replay else resume_function)(entry.saved.game)
    if opener is None:
        message = (_("This version cannot replay {game} games yet.") if replay else
                   _("This version cannot resume {game} games yet."))
        return message.format(game=_(GAMES_BY_ID[entry.saved.game].title))
    try:
        scene = opener(services, entry.saved)
    except Exception as exc:  # a save that does not replay must not crash the app
        return _("This save does not replay ({reason}); it may have been edited.").format(
            reason=exc)
    services.scenes.reset(scene)
    return None


def save_scene(scene: Any, *, autosave: bool) -> str | None:
    """Write the scene's game to a new save (or its game's autosave); return a warning on
    failure. Scenes without `saved_game()` cannot be saved and return a message."""
    make = getattr(scene, "saved_game", None)
    if make is None:
        return _("This game cannot be saved yet.")
    saved: SavedGame = make()
    folder = paths.saves_dir()
    path = autosave_path(folder, saved.game) if autosave else new_save_path(folder, saved.game)
    try:
        write_save(path, saved)
    except OSError as exc:
        return _("Cannot save to {path}: {reason}").format(path=path, reason=exc.strerror or exc)
    return None


def autosave(scene: Any) -> str | None:
    """After every completed turn or round: overwrite the game's autosave."""
    return save_scene(scene, autosave=True)


def save_and_leave_to_menu(services: Services, scene: Any) -> None:
    """The pause menu's "Save and quit": save, then back to the main menu. A save that fails
    keeps the player in the game with the reason, so nothing is lost."""
    warning = save_scene(scene, autosave=False)
    if warning:
        from game.scenes.dialogs import MessageScene
        services.scenes.push(MessageScene(services, N_("The game was not saved"), warning))
        return
    from game.scenes.menu import MenuScene
    services.scenes.reset(MenuScene(services))


def offer_save_and_quit(services: Services, scene: Scene) -> bool:
    """For a game scene's `request_close`: ask whether to save before quitting.
    Returns False (the app does not quit until the player answers)."""
    from game.scenes.dialogs import ConfirmDialog

    def save_then_quit() -> None:
        warning = save_scene(scene, autosave=False)
        if warning:
            services.messages.append(warning)
        services.scenes.quit()

    class SaveBeforeQuitting(ConfirmDialog):
        def request_close(self) -> bool:
            return True          # closing the window again while asked: quit

    services.scenes.push(SaveBeforeQuitting(services, N_("Save this game before quitting?"),
                                            save_then_quit, on_no=services.scenes.quit,
                                            yes=N_("Save and quit"),
                                            no=N_("Quit without saving")))
    return False


def crash_marker() -> CrashMarker:
    return CrashMarker(paths.user_data_dir())


def autosave_after_crash() -> SaveEntry | None:
    """The newest autosave, when the last session ended without a clean exit."""
    if not crash_marker().crashed_last_time():
        return None
    for entry in saved_entries():
        if entry.is_autosave and entry.summary is not None and not entry.summary.finished:
            return entry
    return None


def offer_crash_resume(services: Services, entry: SaveEntry) -> None:
    """At start after a crash: offer the last autosave."""
    from game.scenes.dialogs import ConfirmDialog

    def resume() -> None:
        problem = open_save(services, entry)
        if problem:
            services.messages.append(problem)

    services.scenes.push(ConfirmDialog(
        services, N_("Robot Games did not close properly last time. Resume the game from its "
                     "last autosave?"), resume, yes=N_("Resume"), no=N_("Not now")))
