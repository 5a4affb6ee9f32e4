"""Starting, resuming and replaying a RoboRally game: the setup screen's and the saves'
entry points."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.app.scene import Scene
from game.app.services import Services
from game.controllers.roborally import RoboRallyController, Seat
from game.data.errors import DataError
from game.i18n import N_, _
from game.saves import SavedGame
from game.scenes.dialogs import MessageScene
from game.scenes.games import GameSetup, saved_players
from game.scenes.roborally.courses import default_course, load_course
from game.scenes.roborally.replay import ReplayScene
from game.scenes.roborally.table import FactoryScene
from game.scenes.save_checks import saved_board_path


def start(services: Services, setup: GameSetup) -> Scene:
    """The setup screen's entry point: a factory scene for `setup` (or a message when the
    course cannot be played)."""
    path = setup.board or default_course()
    try:
        board, seams = load_course(path)
        seats = [Seat(p.name, p.colour, p.bot_level) for p in setup.players]
        controller = RoboRallyController(
            board, seats, setup.seed, option_cards=setup.variant == "options",
            timer=bool(setup.options.get("timer", False)))
    except (DataError, ValueError, OSError) as exc:
        problem = str(exc)      # `exc` itself is gone once the except block ends
        return MessageScene(services, N_("RoboRally"),
                            lambda: _("This course cannot be played: {problem}").format(
                                problem=problem))
    return FactoryScene(services, controller, setup, seams=seams)


def resume(services: Services, saved: Any) -> Scene:
    """Rebuild a saved game (a `game.saves.SavedGame`) where it was saved.

    Raises:
        ValueError / IllegalActionError / KeyError / TypeError: the save does not replay."""
    data = dict(saved.setup)
    setup = _saved_setup(saved)
    scene = start(services, setup)
    if not isinstance(scene, FactoryScene):
        raise ValueError(f"the course {data.get('course')!r} cannot be played")
    history = scene.controller.restore(list(saved.actions))
    scene.resumed_clock = saved.clock
    scene.resumed_choices = saved.program_choices
    # told at once, unanimated, as skipping does: the log panel shows the game so far
    scene.controller.pending.extend(history)
    scene.skip()
    scene.autosaved = scene.autosave_due()     # this position is saved already
    return scene


def _saved_setup(saved: Any) -> GameSetup:
    data = dict(saved.setup)
    players = saved_players(data["players"])
    return GameSetup("roborally", players, str(data.get("variant") or "standard"),
                     _saved_course(data), int(data["seed"]), dict(data.get("options") or {}))


def _saved_course(data: dict[str, Any]) -> Path:
    """The saved course file, or one of the same name among the user's and built-in ones."""
    path = saved_board_path(SavedGame("roborally", data))
    if path is None:
        raise ValueError(f"no RoboRally course named {data.get('course')!r}")
    return path


# -- the replay viewer -------------------------------------------------------------------------


def replay(services: Services, saved: Any) -> Scene:
    """The replay viewer for a saved game (game/scenes/replay.py): the whole log is checked
    here, so stepping through it never fails later.

    Raises:
        ValueError / DataError / OSError: the save or its course does not replay."""
    setup = _saved_setup(saved)
    board, seams = load_course(setup.board or default_course())
    seats = [Seat(p.name, p.colour, p.bot_level) for p in setup.players]
    controller = RoboRallyController(board, seats, setup.seed,
                                     option_cards=setup.variant == "options",
                                     timer=bool(setup.options.get("timer", False)),
                                     with_bots=False)
    controller.restore(list(saved.actions))
    controller.rewind()
    return ReplayScene(services, controller, setup, saved, seams=seams)
