"""Each game's scene plays the cues of what it animates (bots only, headless): the cards and
the result at the Robot Master table, dice, lasers and moves in VOLT, a RoboRally turn."""

from __future__ import annotations

from typing import Callable

import pytest

from game import paths
from game.app.scene import Scene
from game.app.services import Services
from game.controllers.robotmaster import RobotMasterController, Seat
from game.scenes.games import GameSetup, PlayerSetup
from game.scenes.roborally.courses import demo_setup
from game.scenes.roborally.entry import start as start_factory
from game.scenes.robotmaster.end import RobotMasterEnd
from game.scenes.robotmaster.table import RobotMasterTable
from game.scenes.volt import start as start_arena
from tests.robotmaster_scene.helpers import run_until
from tests.ui.helpers import headless_services


def listening(monkeypatch: pytest.MonkeyPatch, speed: str = "fast") -> tuple[Services, list[str]]:
    """Services whose sound writes down every cue it starts."""
    services = headless_services()
    services.settings.animation_speed = speed
    heard: list[str] = []

    def start_cue(cue: str, gain: float | None = None) -> bool:
        heard.append(cue)
        return True
    monkeypatch.setattr(services.audio, "play_cue", start_cue)
    return services, heard


def play(services: Services, scene: Scene, done: Callable[[], bool]) -> None:
    services.scenes.push(scene)
    run_until(services, done, limit=3000)


def test_a_robot_master_game_of_bots_sounds_its_cards_and_its_result(monkeypatch) -> None:
    services, heard = listening(monkeypatch)
    seats = [Seat("Bolt", "blue", "easy"), Seat("Cog", "red", "easy")]
    table = RobotMasterTable(services, RobotMasterController("standard", seats, 3))
    play(services, table, lambda: isinstance(services.scenes.top, RobotMasterEnd))
    assert heard.count("card") >= 25
    assert heard[-1] in ("win", "score")


def test_a_volt_activation_sounds_dice_moves_and_lasers(monkeypatch) -> None:
    services, heard = listening(monkeypatch)
    setup = GameSetup("volt", [PlayerSetup("Anna", "red", "greedy"),
                               PlayerSetup("Ben", "blue", "greedy")], "training",
                      paths.builtin_boards_dir() / "volt" / "pit-stop.yaml", seed=4)
    play(services, start_arena(services, setup), lambda: "laser" in heard and "move" in heard)
    assert {"dice", "reveal", "register"} <= set(heard)


def test_a_roborally_turn_sounds_its_registers_and_robots(monkeypatch) -> None:
    services, heard = listening(monkeypatch)
    factory = start_factory(services, demo_setup("sunday-drive", humans=0, bots=2, seed=3))
    play(services, factory, lambda: factory.display.turn >= 2)
    assert heard.count("register") == 5
    assert {"card", "reveal", "move"} <= set(heard)


def test_with_animations_off_only_the_result_is_heard(monkeypatch) -> None:
    services, heard = listening(monkeypatch, speed="instant")
    seats = [Seat("Bolt", "blue", "easy"), Seat("Cog", "red", "easy")]
    table = RobotMasterTable(services, RobotMasterController("standard", seats, 3))
    play(services, table, lambda: isinstance(services.scenes.top, RobotMasterEnd))
    assert heard in (["win"], ["score"])
