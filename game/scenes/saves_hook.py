"""Continue, save on close, and resume after a crash: the shell's side of saved games.

A game scene module offers `resume(services, saved: SavedGame) -> Scene`; a game scene that
can be saved offers `saved_game() -> SavedGame`. Both are optional, so a game without saves
still runs (its saves then list as not resumable)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Optional

from game import paths, save_queue
from game.app.scene import Scene
from game.app.services import Services
from game.i18n import N_, _
from game.save_moments import (SaveFileError, continued_save, finish_continued_save,
                               keep_finished_autosave, one_per_moment)
from game.saves import (CrashMarker, SavedGame, SaveEntry, autosave_path, keep_as_save,
                        list_saves, new_save_path, write_save)
from game.scenes.dialogs import ConfirmDialog, MessageScene
from game.scenes.games import GAMES_BY_ID, scene_module_function


def resume_function(game: str) -> Callable[[Services, SavedGame], Scene] | None:
    return _scene_function(game, "resume")


def replay_function(game: str) -> Callable[[Services, SavedGame], Scene] | None:
    """The game scene module's `replay(services, saved) -> Scene`: the replay viewer."""
    return _scene_function(game, "replay")


def _scene_function(game: str, name: str) -> Callable[[Services, SavedGame], Scene] | None:
    spec = GAMES_BY_ID.get(game)
    return None if spec is None else scene_module_function(spec, name)


def saved_entries(folder: Path | None = None) -> list[SaveEntry]:
    """The saves in `folder` (the player's saves folder unless told), newest first."""
    flush_saves(LIST_WAIT_SECONDS)          # an autosave under way: list the newest
    return list_saves(folder if folder is not None else paths.saves_dir())


def has_saved_game() -> bool:
    """Any save at all, finished games included (they open as replays)."""
    return bool(saved_entries())


def open_save(services: Services, entry: SaveEntry, *, replay: bool = False) -> str | None:
    """Resume `entry` (or open it in the replay viewer); return why not (a message for the
    player) when it cannot be. A save whose board changed since asks first (a dialog), and
    opens only if the player agrees."""
    # here, not at the top: the checks bring the data gate and YAML, which the menu's start
    # does without (bench/startup.py)
    from game.scenes.save_checks import board_check, setup_problem

    saved = entry.saved
    if saved is None:
        return entry.problem or _("This save cannot be read.")
    opener = (replay_function if replay else resume_function)(saved.game)
    if opener is None:
        message = (_("This version cannot replay {game} games yet.") if replay else
                   _("This version cannot resume {game} games yet."))
        return message.format(game=_(GAMES_BY_ID[saved.game].title))
    problem = setup_problem(saved)
    if problem:
        return problem
    board = board_check(saved)
    if board.gone:
        return board.gone
    if board.changed:
        def open_anyway() -> None:
            problem = _open_with(services, opener, saved)
            if problem:
                services.messages.append(problem)

        question = (_("Watch it on the changed board?") if replay else
                    _("Resume it on the changed board?"))
        services.scenes.push(ConfirmDialog(services, f"{board.changed} {question}", open_anyway,
                                           yes=N_("Watch replay") if replay else N_("Resume"),
                                           no=N_("Cancel")))
        return None
    return _open_with(services, opener, saved)


def _open_with(services: Services, opener: Callable[[Services, SavedGame], Scene],
               saved: SavedGame) -> str | None:
    from game.scenes.save_checks import replay_failure  # see open_save

    try:
        scene = opener(services, saved)
    except Exception as exc:  # a save that does not replay must not crash the app
        return _("This save does not replay ({reason}); it may have been edited.").format(
            reason=replay_failure(exc))
    services.scenes.reset(scene)
    return None


EXPLICIT_SAVE_WAIT_SECONDS = 10.0
"""How long an explicit save waits for an autosave still being written (so the files reach
the disk in the order the game made them); a write normally takes well under a second."""
QUIT_WAIT_SECONDS = 5.0
"""How long quitting waits for the last autosave to reach the disk."""
LIST_WAIT_SECONDS = 5.0
"""How long the list of saves waits for an autosave under way, so it shows the newest."""

AutosaveReport = Callable[[Optional[str]], None]
"""A scene's `report(warning)`: None once its autosave is on disk, else why it is not."""


def save_scene(scene: Any, *, autosave: bool) -> str | None:
    """Write the scene's game to a named save (or its game's autosave) now, on this thread;
    return a warning on failure. Scenes without `saved_game()` cannot be saved and return a
    message. Autosaves still being written in the background are finished first."""
    make = getattr(scene, "saved_game", None)
    if make is None:
        return _("This game cannot be saved yet.")
    saved: SavedGame = make()
    flush_saves(EXPLICIT_SAVE_WAIT_SECONDS)
    folder = paths.saves_dir()
    if autosave:
        path = autosave_path(folder, saved.game)
    else:
        path = _named_save_path(folder, saved)
    try:
        (_write_autosave if autosave else write_save)(path, saved)
    except OSError as exc:
        return save_warning(path, exc)
    return None


def _named_save_path(folder: Path, saved: SavedGame) -> Path:
    """Where Save and quit writes `saved`: over the named save the game was resumed from
    (keeping the title the player may have given it), so that the list shows the game once
    and the newest moment of it; else a new file."""
    continued = continued_save(folder, saved)
    if continued is None or continued.summary is None:
        return new_save_path(folder, saved.game)
    saved.title = continued.summary.title or saved.title
    return continued.path


def save_warning(path: Path, exc: OSError) -> str:
    return _("Cannot save to {path}: {reason}").format(path=path, reason=exc.strerror or exc)


def autosave(scene: Any, report: AutosaveReport | None = None) -> None:
    """After every completed turn or round: overwrite the game's autosave.

    The game is copied here and written by a background thread, so the animation goes on;
    `report(warning)` is called later on the main thread (game/save_queue.py
    `deliver_reports`, which the main loop calls every frame) with None once the save is on
    disk, else the warning for the player. A save overtaken by a newer one of the same game
    before its write began is dropped without a report."""
    make = getattr(scene, "saved_game", None)
    if make is None:
        if report is not None:
            report(_("This game cannot be saved yet."))
        return
    saved = _snapshot(make())
    path = autosave_path(paths.saves_dir(), saved.game)
    save_queue.WRITER.submit(path, lambda: _write_autosave(path, saved),
                             None if report is None else _reporter(path, report))


def _write_autosave(path: Path, saved: SavedGame) -> None:
    """The autosave's write: a finished game there first keeps a file of its own; a game
    that ends goes into the named save it was resumed from as well."""
    keep_finished_autosave(path, saved)
    write_save(path, saved)
    if saved.finished:
        finish_continued_save(path.parent, saved)


def _snapshot(saved: SavedGame) -> SavedGame:
    """A copy the game cannot change while the writer dumps it (a controller may hand out
    lists it later appends to). Pickling is the quickest deep copy of plain data."""
    # imported at the first autosave, not with the module, which the menu's first frame
    # needs: pickle made that frame 4 ms later (bench/startup.py)
    import pickle
    return pickle.loads(pickle.dumps(saved, protocol=pickle.HIGHEST_PROTOCOL))


def _reporter(path: Path, report: AutosaveReport) -> Callable[[OSError | None], None]:
    # the finished game's named save (`finish_continued_save`) is written after the autosave
    return lambda error: report(None if error is None else save_warning(
        error.path if isinstance(error, SaveFileError) else path, error))


def flush_saves(timeout: float | None = QUIT_WAIT_SECONDS) -> bool:
    """Wait (at most `timeout` seconds) until every autosave is on disk and its scene has
    been told; False if a write was still under way when the time ran out."""
    return save_queue.flush(timeout)


def save_and_leave_to_menu(services: Services, scene: Any) -> None:
    """The pause menu's "Save and quit": save, then back to the main menu (or the workbench
    that play-tests the board). A save that fails keeps the player in the game with the
    reason, so nothing is lost."""
    warning = save_scene(scene, autosave=False)
    if warning:
        services.scenes.push(MessageScene(services, N_("The game was not saved"), warning))
        return
    services.scenes.leave_game()


def offer_save_and_quit(services: Services, scene: Scene) -> bool:
    """For a game scene's `request_close`: ask whether to save before quitting.
    Returns False (the app does not quit until the player answers)."""
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
    """The newest autosave of a game still to be played, when the last session ended without
    a clean exit; not one a named save already holds (Save and quit, then a crash in a
    replay or the menu): that game was left on purpose, and its autosave is older."""
    if not crash_marker().crashed_last_time():
        return None
    for entry in one_per_moment(saved_entries()):
        if entry.is_autosave and entry.summary is not None and not entry.summary.finished:
            return entry
    return None


def offer_crash_resume(services: Services, entry: SaveEntry) -> None:
    """At start after a crash: offer the last autosave. Not now keeps it as a save of its
    own, so that the next game of its kind, which writes to the same autosave file, does not
    overwrite the game the crash interrupted."""
    def resume() -> None:
        problem = open_save(services, entry)
        if problem:
            services.messages.append(problem)

    def keep() -> None:
        assert entry.summary is not None           # autosave_after_crash offers no other
        try:
            keep_as_save(entry.path, entry.summary.game)
        except OSError as exc:
            services.messages.append(save_warning(entry.path, exc))

    services.scenes.push(ConfirmDialog(
        services, N_("Robot Games did not close properly last time. Resume the game from its "
                     "last autosave? Not now keeps it under Continue."), resume, on_no=keep,
        yes=N_("Resume"), no=N_("Not now")))
