"""Robot Master's entry points, named in the game registry (game/scenes/games.py): start a
game, resume a save, replay a save."""

from __future__ import annotations

from typing import Any

from game import paths
from game.app.scene import Scene
from game.app.services import Services
from game.best_scores import best_scores_path, load_best_scores
from game.controllers.robotmaster import RobotMasterController
from game.i18n import N_, _
from game.robotmaster import PlaceCard, action_from_dict
from game.scenes.dialogs import MessageScene
from game.scenes.games import GameSetup
from game.scenes.robotmaster.match_setup import controller_from_save, controller_from_setup
from game.scenes.robotmaster.replay import RobotMasterReplay
from game.scenes.robotmaster.table import RobotMasterTable


def start(services: Services, setup: GameSetup) -> Scene:
    """The setup screen's entry point: the table for `setup`."""
    try:
        controller = controller_from_setup(setup)
    except ValueError as exc:
        message = str(exc)
        return MessageScene(services, N_("Robot Master"), lambda: _(
            "This game cannot start: {problem}").format(problem=message))
    return RobotMasterTable(services, controller)


def resume(services: Services, saved: Any) -> Scene:
    """Rebuild a saved game (a `game.saves.SavedGame`) at the position it was saved.

    Raises:
        ValueError / IllegalActionError / KeyError: when the save does not replay."""
    controller, game_index, score = controller_from_save(saved)
    controller.restore(game_index, score, list(saved.actions))
    lay_again(controller, saved.tentative)
    table = RobotMasterTable(services, controller)
    table.skip()
    if table.ended is not None:
        table.end_wait = 0.0
        if controller.variant == "solo":  # recorded when it was played
            table.best_recorded = True
            table.best_table = load_best_scores(best_scores_path(paths.user_data_dir()))
    return table


def lay_again(controller: RobotMasterController, tentative: Any) -> None:
    """The card a player had laid but not confirmed when the game was saved lies there
    again (docs/saves.md). One that no longer fits (a hand edit) stays in the hand: the
    player lays it again, nothing is lost."""
    if tentative is None:
        return
    try:
        action = action_from_dict(tentative)
        if isinstance(action, PlaceCard):   # anything else is no placement: not legal either
            controller.propose(action)
    except ValueError:      # IllegalActionError is one too
        pass


def replay(services: Services, saved: Any) -> Scene:
    """The replay viewer for a save (Continue's "Watch replay").

    Raises:
        ValueError / IllegalActionError / KeyError: when the save does not replay."""
    return RobotMasterReplay(services, saved)
