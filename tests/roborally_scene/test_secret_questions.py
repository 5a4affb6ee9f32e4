"""Hot seat with Crash & Burn: the announcements of CB-5.7 (Shield, Turret, Gyroscopic
Stabilizer, Abort Switch) are made in secret, so a privacy screen comes before them when
several humans share the screen. A player holding three such cards was shown one before
each question, three clicks on "I am Anna" a register with nothing shown in between; one
covers questions in a row now, and a new one comes once the table has shown anything."""

from __future__ import annotations

from game.scenes.dialogs import PrivacyScreen
from game.scenes.roborally.decision import DecisionDialog
from game.scenes.roborally.table import FactoryScene
from tests.roborally_scene.helpers import options_game, program_by_clicks
from tests.ui.helpers import click, frame


def _hot_seat_with_secret_cards(bens: list[str]) -> tuple[object, FactoryScene]:
    """Anna and Ben at one screen, Anna holding three cards that ask in secret, Ben `bens`."""
    return options_game((1280, 720), 2, 0, {0: ["shield", "turret", "gyroscopic_stabilizer"],
                                             1: bens})


def _screens_until_register(services, scene: FactoryScene, register: int) -> list[tuple]:
    """Play by clicks from the start until the log announces register `register`: every
    privacy screen and question of the register phases before it, in order."""
    seen: list[tuple] = []
    programmed = False
    for _ in range(2000):
        if any(line.text() == f"— Register {register} —" for line in scene.display.log):
            return seen
        top = services.scenes.top
        if isinstance(top, PrivacyScreen):
            if programmed:
                seen.append(("privacy", top.player_name))
            frame(services, click((640, 360)))
        elif isinstance(top, DecisionDialog):
            seen.append(("ask", scene.controller.seats[top.decision.player].name,
                         top.decision.kind))
            frame(services, click(top.ui.default.rect.center))
        elif top is scene and scene.programmer is not None:
            program_by_clicks(services, scene, 1)
            programmed = scene.programmer is None and not scene.controller.programming_left()
        else:
            frame(services, dt=0.1)
    raise AssertionError(f"register {register} never began")


def test_one_privacy_screen_covers_a_players_secret_questions_in_a_row() -> None:
    services, scene = _hot_seat_with_secret_cards(["abort_switch"])
    seen = _screens_until_register(services, scene, 2)
    register_1 = seen[:seen.index(("ask", "Ben", "abort")) + 1]
    assert register_1 == [("privacy", "Anna"), ("ask", "Anna", "shield"),
                          ("ask", "Anna", "turret"), ("ask", "Anna", "gyro"),
                          ("privacy", "Ben"), ("ask", "Ben", "abort")]


def test_after_the_robots_moved_a_secret_question_has_its_privacy_screen_again() -> None:
    """Only Anna asks in secret: her last question of register 1 and her first of register 2
    follow one another, but the robots' moves were shown between them."""
    services, scene = _hot_seat_with_secret_cards([])
    seen = _screens_until_register(services, scene, 3)
    asked = ["privacy", "shield", "turret", "gyro"]
    assert [item[0] if item[0] == "privacy" else item[2] for item in seen] == asked + asked
    assert {item[1] for item in seen} == {"Anna"}
