"""Bots think in a worker thread: the frames go on while they do, a seed still gives the same
moves, and an answer about a game that was left or restarted never lands."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from game.controllers.robotmaster import RobotMasterController, Seat
from game.core.types import Pos
from game.robotmaster import PlaceCard
from game.scenes.robotmaster.end import RobotMasterEnd
from game.scenes.robotmaster.table import RobotMasterTable
from tests.robotmaster_scene.helpers import run_until, waiting
from tests.ui.helpers import frame, headless_services


@pytest.fixture(autouse=True)
def frames_do_not_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(RobotMasterTable, "bot_wait_seconds", 0.0)   # as in the app


class SlowBot:
    """A bot that thinks until the test lets it answer (the first legal placement)."""

    def __init__(self, level: str, rng: random.Random) -> None:
        self.go = threading.Event()
        self.started = threading.Event()
        self.calls = 0

    def choose(self, observation: dict[str, Any], player: int) -> PlaceCard:
        self.calls += 1
        self.started.set()
        assert self.go.wait(30), "the test never let the bot answer"
        cells = {(x, y) for x, y, _v, _p in observation["placements"]}
        x, y = next((x + dx, y + dy) for x, y in sorted(cells)
                    for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1))
                    if (x + dx, y + dy) not in cells)
        return PlaceCard(player, observation["hand"][0], Pos(x, y))


def slow_table(seed: int = 5) -> tuple[Any, RobotMasterTable]:
    services = headless_services()
    controller = RobotMasterController(
        "standard", [Seat("Bolt", "blue", "strong"), Seat("Anna", "red")], seed,
        first_player=0, bot_factory=SlowBot)
    table = RobotMasterTable(services, controller)
    services.scenes.push(table)
    services.scenes.apply_pending()
    return services, table


def bot_of(table: RobotMasterTable) -> SlowBot:
    return table.controller.bots[0]


def test_frames_and_animations_go_on_while_a_bot_thinks() -> None:
    services, table = slow_table()
    run_until(services, lambda: bot_of(table).started.is_set(), dt=0.05)
    placed = len(table.controller.state.placements)
    for _ in range(40):       # two seconds of frames: far past the bot's pause
        frame(services, [], 0.05)
    assert table.status_line() == "Bolt is thinking…"
    assert table.is_animating(), "the loop must keep drawing while a bot thinks"
    assert not table.interactive()
    assert len(table.controller.state.placements) == placed
    bot_of(table).go.set()
    run_until(services, lambda: len(table.controller.state.placements) == placed + 1)
    assert isinstance(table.controller.match.log[-1], PlaceCard)
    assert bot_of(table).calls == 1, "one decision, asked once"
    run_until(services, lambda: waiting(services, table))
    assert table.controller.decision() == 1


def test_an_answer_about_a_game_that_was_restarted_never_lands() -> None:
    services, table = slow_table()
    run_until(services, lambda: bot_of(table).started.is_set(), dt=0.05)
    old_bot = bot_of(table)
    table.new_game()            # the end screen's Play again, as it restarts the table
    new_log = list(table.controller.match.log)
    old_bot.go.set()            # the old game's bot answers only now
    for _ in range(5):
        frame(services, [], 0.05)
    assert table.controller.match.log[:len(new_log)] == new_log
    assert old_bot is not bot_of(table)
    assert not any(isinstance(a, PlaceCard) for a in table.controller.match.log), \
        "the old game's card must not land on the new one"
    bot_of(table).go.set()
    run_until(services, lambda: waiting(services, table))
    assert any(isinstance(a, PlaceCard) for a in table.controller.match.log)


def test_the_controller_refuses_a_stale_answer() -> None:
    controller = RobotMasterController(
        "standard", [Seat("Bolt", "blue", "normal"), Seat("Cog", "red", "normal")], 9)
    controller.run_automatic_chance()
    turn = controller.bot_turn()
    assert turn is not None
    answer = turn.think()
    controller.step()                      # the game moved on meanwhile
    log = list(controller.match.log)
    assert controller.play_bot_choice(turn, answer) is False
    assert controller.match.log == log


def test_a_seeded_strong_bot_game_plays_the_same_moves_with_the_bot_in_a_thread() -> None:
    seats = [Seat("Bolt", "blue", "strong"), Seat("Cog", "red", "normal")]
    in_frame = RobotMasterController("five_card", seats, 31)
    in_frame.run_automatic()                # every decision made right here, one after another
    services = headless_services()
    table = RobotMasterTable(services, RobotMasterController("five_card", seats, 31))
    services.scenes.push(table)
    services.scenes.apply_pending()
    run_until(services, lambda: isinstance(services.scenes.top, RobotMasterEnd), limit=20_000,
              dt=0.05)
    assert table.controller.match.log == in_frame.match.log
    placed = [e for e in table.controller.match.log if isinstance(e, PlaceCard)]
    assert len(placed) == 24
