"""VT-5.2: the operators program at the same time. While a human programs, each bot plans
its program in the worker, so the human who locks in does not wait for the bots' search;
the bots still lock in after the humans, whose times give theirs (VT-5.2.9). The plan is
the one the bot would draw after them, and nothing of it is played early, so a game goes
the same way at any pace."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from game.controllers.volt import Decision, Operator, VoltController, seat_sides
from game.paths import builtin_boards_dir
from game.scenes.privacy_panel import PrivacyScreen
from game.volt.actions import LockIn, PlaceDie
from game.volt.data import load_arena
from game.volt.strong_bot import StrongBot
from tests.ui.helpers import frame
from tests.volt_scene.test_arena_scene import (answer_privacy, click_program, open_game,
                                               play_until_the_privacy_screen, program_screen,
                                               run_until)

ARENA = load_arena(builtin_boards_dir() / "volt" / "twin-yards.yaml")


def _controller(seed: int) -> VoltController:
    sides = seat_sides(ARENA, 4)
    seats = [("Anna", "red", None), ("Ben", "blue", "strong"), ("Clara", "green", "normal"),
             ("Dan", "yellow", "strong")]
    return VoltController(ARENA, [Operator(n, c, side, b) for (n, c, b), side
                                  in zip(seats, sides)], seed)


def _to_anna_s_program(ctrl: VoltController) -> None:
    """Round 1's restarts, Anna placing her robot on her first free field."""
    ctrl.run_bots()
    while ctrl.decision() is not None and ctrl.decision().kind == "restart":
        ctrl.submit(ctrl.legal(0)[0])
        ctrl.run_bots()
    assert ctrl.decision() == Decision("program", 0)


def _anna_programs(ctrl: VoltController, seconds: int) -> None:
    while ctrl.decision() == Decision("program", 0):
        place = [a for a in ctrl.legal(0) if isinstance(a, PlaceDie)]
        ctrl.submit(place[0] if place else LockIn(0, seconds * 1000))


def _plan_beside_anna(ctrl: VoltController) -> None:
    """What the table has the worker do while Anna programs."""
    while (turn := ctrl.plan_ahead_turn()) is not None:
        assert ctrl.play_bot_choice(turn, turn.think())


def _plans_counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    made: list[int] = []
    original = StrongBot.plan

    def counted(self: StrongBot, state: Any, me: int) -> Any:
        made.append(me)
        return original(self, state, me)
    monkeypatch.setattr(StrongBot, "plan", counted)
    return made


@pytest.mark.parametrize("seed", [3, 8])
def test_the_bots_plan_beside_the_human_and_play_the_same_game(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    made = _plans_counted(monkeypatch)
    ahead, after = _controller(seed), _controller(seed)
    for ctrl in (ahead, after):
        _to_anna_s_program(ctrl)
    assert made == []
    _plan_beside_anna(ahead)
    assert sorted(made) == [1, 3], "both strong bots planned beside Anna, in one game only"
    assert ahead.planning_ahead() == []
    assert ahead.saved_actions() == after.saved_actions(), "and played nothing of it"
    made.clear()
    for ctrl in (ahead, after):
        _anna_programs(ctrl, 20)
        ctrl.run_bots()
    assert made == [1, 3], "only the bots that did not plan beside Anna search after her"
    assert ahead.saved_actions() == after.saved_actions()


def _wait_for_plans(services: Any, scene: Any, limit_s: float = 60.0) -> None:
    start = time.perf_counter()
    while scene.ctrl.planning_ahead() and time.perf_counter() - start < limit_s:
        frame(services, dt=1 / 60)
        time.sleep(0.01)


def test_the_table_lets_the_bots_plan_while_the_human_programs() -> None:
    services, scene = program_screen((("Anna", "red", None), ("Ben", "blue", "strong"),
                                      ("Clara", "green", "strong")))
    assert scene.programmer == 0, "Anna's controller shows"
    _wait_for_plans(services, scene)
    assert scene.ctrl.planning_ahead() == [] and scene.programmer == 0
    assert scene.ctrl.state.locked == [False, False, False], "the bots wait for Anna"


def test_the_bots_plan_behind_the_privacy_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    made = _plans_counted(monkeypatch)
    services, scene = open_game((("Anna", "red", None), ("Ben", "blue", None),
                                 ("Clara", "green", "strong")), arena="twin-yards", seed=5)
    rng = random.Random(2)
    play_until_the_privacy_screen(services, scene)
    assert isinstance(services.scenes.top, PrivacyScreen)
    _wait_for_plans(services, scene)
    assert scene.ctrl.planning_ahead() == [] and isinstance(services.scenes.top, PrivacyScreen)
    assert made == [2], "Clara planned while the screen waited for Anna"
    for name in ("Anna", "Ben"):
        run_until(services, scene, lambda: isinstance(services.scenes.top, PrivacyScreen))
        assert answer_privacy(services) == name
        click_program(services, scene, rng)
    run_until(services, scene, lambda: scene.ctrl.state.phase != "program", dt=1 / 60)
    assert made == [2], "Clara locked in after the humans without searching again"

