"""RR-4: a program typed in with the keys the rules overlay names (1 to 9 pick hand cards,
Backspace takes the last card back, Enter confirms), with no mouse at all."""

from __future__ import annotations

import pygame

from game.roborally.actions import ClearRegister, LockIn, PlaceCard
from game.scenes.roborally.courses import demo_setup
from game.scenes.roborally.entry import start
from game.scenes.roborally.table import FactoryScene
from game.scenes.roborally.texts import rules_text
from tests.roborally_scene.helpers import until_the_human_programs
from tests.ui.helpers import frame, headless_services, key


def _programming() -> tuple[object, FactoryScene]:
    services = headless_services()
    services.settings.animation_speed = "instant"
    scene = start(services, demo_setup("sunday-drive", humans=1, bots=1, seed=4))
    assert isinstance(scene, FactoryScene)
    services.scenes.push(scene)
    services.scenes.apply_pending()
    until_the_human_programs(services, scene)
    return services, scene


def test_a_program_is_typed_taken_back_and_confirmed_with_the_keys() -> None:
    services, scene = _programming()
    controller = scene.controller
    hand = [card for _rect, card in scene.hand_slots()]
    frame(services, [key(pygame.K_1 + k) for k in range(5)])
    assert controller.registers(0) == hand[:5], "keys 1 to 5 fill registers 1 to 5 in turn"
    frame(services, [key(pygame.K_BACKSPACE)])
    assert controller.registers(0) == hand[:4] + [0], "Backspace takes the last card back"
    frame(services, [key(pygame.K_9)])
    assert controller.registers(0) == hand[:4] + [hand[8]]
    frame(services, [key(pygame.K_RETURN)])
    assert _locked_in(controller.match.log) == hand[:4] + [hand[8]], "Enter confirms it"


def _locked_in(log: list) -> list[int] | None:
    """Robot 0's first program as its LockIn found it, from the game's action log."""
    program = [0] * 5
    for action in log:
        if isinstance(action, PlaceCard) and action.robot == 0:
            program[action.register - 1] = action.card
        elif isinstance(action, ClearRegister) and action.robot == 0:
            program[action.register - 1] = 0
        elif isinstance(action, LockIn) and action.robot == 0:
            return program
    return None


def test_the_rules_name_those_keys_and_the_mute_key() -> None:
    headless_services()
    text = rules_text()
    assert "Backspace takes the last card back, Enter confirms the program" in text
    assert "M turns the sound off and on." in text
