"""Robot Master's controller from the setup screen's choices or from a save's setup."""

from __future__ import annotations

from typing import Any

from game.controllers.robotmaster import DEFAULT_MATCH_GAMES, RobotMasterController, Seat
from game.i18n import _
from game.robotmaster import MatchScore, Rules
from game.scenes.games import GameSetup, saved_players


def controller_from_setup(setup: GameSetup) -> RobotMasterController:
    """The controller for what the setup screen decided.

    Raises:
        ValueError: for a variant, player count or rule option the game does not know."""
    seats = [Seat(p.name or _("Player {n}").format(n=i + 1), p.colour, p.bot_level)
             for i, p in enumerate(setup.players)]
    options = dict(setup.options or {})
    try:
        rules = Rules.from_dict(options.get("rules", {}))
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"unknown Robot Master rule option: {exc}") from None
    games = _whole_number(options.get("games", DEFAULT_MATCH_GAMES), "games")
    return RobotMasterController(setup.variant, seats, setup.seed, rules=rules, games=games)


def controller_from_save(saved: Any) -> tuple[RobotMasterController, int, MatchScore | None]:
    """A controller for a save's seats, variant and options, before any action; with the
    save's game index in the match and the match score when it was saved.

    Raises:
        ValueError / KeyError / TypeError: when the setup is not one the game knows."""
    data = dict(saved.setup)
    controller = controller_from_setup(setup_from_data(data))
    extra = dict(data.get("robot_master") or {})
    match = extra.get("match")
    score = MatchScore.from_dict(match) if match else None
    controller._first = extra.get("first_player")
    controller._rows = extra.get("rows_team")
    return controller, _whole_number(extra.get("game_index", 0), "game_index"), score


def _whole_number(value: Any, key: str) -> int:
    """A count from a save's setup (a hand edit may leave anything there)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{key} must be a whole number, got {value!r}")
    return value


def setup_from_data(data: dict[str, Any]) -> GameSetup:
    """The setup screen's choices as a save (`RobotMasterController.setup_data`) keeps them."""
    players = saved_players(data["players"])
    return GameSetup("robot-master", players, str(data["variant"]), None,
                     int(data["seed"]), dict(data.get("options") or {}))


def setup_of(controller: RobotMasterController) -> GameSetup:
    """The setup a running controller was made from (the table framework keeps it)."""
    return setup_from_data(controller.setup_data())
