"""The controller base every game stands on: the same seats, bots and decision streams, the
same pending queue and saved log, and the same refusal of a bot's answer about a position
the game has left."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from game.controllers.base import MatchController, Seat
from game.controllers.robotmaster import RobotMasterController
from game.controllers.roborally import RoboRallyController
from game.controllers.volt import Operator, VoltController, seat_sides
from game.data.files import load_any
from game.paths import builtin_boards_dir
from game.volt.data import load_arena


def _robot_master(first: str | None) -> MatchController[Any, Any, Any]:
    return RobotMasterController("standard", [Seat("Anna", "red", first),
                                              Seat("Bolt", "blue", "easy")], 7)


def _roborally(first: str | None) -> MatchController[Any, Any, Any]:
    _fmt, course = load_any(builtin_boards_dir() / "roborally" / "sunday-drive.yaml")
    return RoboRallyController(course.board, [Seat("Anna", "red", first),
                                              Seat("Bolt", "blue", "easy")], 7)


def _volt(first: str | None) -> MatchController[Any, Any, Any]:
    arena = load_arena(builtin_boards_dir() / "volt" / "pit-stop.yaml")
    sides = seat_sides(arena, 2)
    return VoltController(arena, [Operator("Anna", "red", sides[0], first),
                                  Operator("Bolt", "blue", sides[1], "easy")], 7)


GAMES: dict[str, Callable[[str | None], MatchController[Any, Any, Any]]] = {
    "robot-master": _robot_master, "roborally": _roborally, "volt": _volt}
"""Each game with a seat for Anna (None: a human) and an easy bot, Bolt."""


@pytest.mark.parametrize("make", GAMES.values(), ids=GAMES.keys())
def test_every_game_seats_its_bots_and_queues_what_it_plays(make: Callable[..., Any]) -> None:
    controller = make(None)
    assert controller.humans() == [0]
    assert set(controller.bots) == set(controller.bot_streams) == {1}
    assert controller.step()                    # chance (a deal, the seats) or a bot
    assert controller.peek_events()
    assert controller.drain() and controller.next_event() is None
    assert len(controller.saved_actions()) == len(controller.match.log) >= 1


@pytest.mark.parametrize("make", GAMES.values(), ids=GAMES.keys())
def test_a_bot_answer_about_a_position_the_game_left_is_refused(make: Callable[..., Any]) -> None:
    controller = make("easy")
    for _ in range(100):
        turn = controller.bot_turn()
        if turn is not None:
            break
        assert controller.step(), "chance could not act"
    else:
        pytest.fail("no bot decision came up")
    answer = turn.think()
    assert controller.is_current(turn)
    controller.match = type(controller.match)(controller.state.clone(), controller.seed)
    assert not controller.is_current(turn)
    assert controller.play_bot_choice(turn, answer) is False
