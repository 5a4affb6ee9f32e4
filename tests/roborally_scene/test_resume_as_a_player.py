"""Issue 19 as a new user met it: two humans and a bot on Belt Buckle; the human programming
saves and quits mid-turn 2, resumes through Continue and plays two more turns. The next
deals are the ones the game would have dealt without the save (not the opening hands
again), and the game log shows the game so far."""

from __future__ import annotations

import pygame

from game.roborally.actions import LockIn
from game.scenes.dialogs import PauseMenu
from game.scenes.roborally.table import FactoryScene
from game.scenes.saves_list import SavesScene
from tests.roborally_scene.helpers import button, new_game, play, programming_in_turn
from tests.ui.helpers import click, frame, key

SEED = 19


def _game() -> tuple[object, FactoryScene]:
    return new_game(seed=SEED, course="belt-buckle", humans=2, bots=1)


def _two_more_turns(services, scene: FactoryScene) -> None:
    """Turn 2 to its end, turn 3, and turn 4 dealt."""
    c = scene.controller
    play(services, scene, lambda: c.turn >= 4 and services.scenes.top is scene
          and scene.programmer is not None)


def _deals(scene: FactoryScene) -> list[list[list[int]]]:
    """The hands of every deal so far, turn by turn (the log's Deal actions)."""
    return [[sorted(hand) for hand in a["hands"]]
            for a in scene.controller.saved_actions() if a["type"] == "Deal"]


def _resume_through_continue(services) -> FactoryScene:
    saves = SavesScene(services)
    services.scenes.push(saves)
    services.scenes.apply_pending()
    saves.select(next(i for i, e in enumerate(saves.entries) if not e.is_autosave))
    frame(services, click(button(saves, "Resume").rect.center))
    resumed = services.scenes.top
    assert isinstance(resumed, FactoryScene)
    return resumed


def test_saved_mid_turn_and_resumed_the_game_deals_on_as_if_never_stopped() -> None:
    services, uninterrupted = _game()
    programming_in_turn(services, uninterrupted, 2)
    told_so_far = [line.text() for line in uninterrupted.display.log]
    _two_more_turns(services, uninterrupted)

    services, scene = _game()
    programming_in_turn(services, scene, 2)
    frame(services, [key(pygame.K_ESCAPE)])
    menu = services.scenes.top
    assert isinstance(menu, PauseMenu)
    frame(services, click(button(menu, "Save and quit").rect.center))
    resumed = _resume_through_continue(services)

    # the log panel tells the game so far, as it did before the save
    assert "Turn 2 begins." in told_so_far and "— Register 5 —" in told_so_far
    assert [line.text() for line in resumed.display.log] == told_so_far

    _two_more_turns(services, resumed)
    deals = _deals(resumed)
    assert len(deals) == 4                           # turns 1 and 2 before the save, 3, 4
    assert deals == _deals(uninterrupted)            # as the game never stopped
    humans = [p for p, seat in enumerate(resumed.controller.seats) if not seat.is_bot]
    for later in deals[2:]:
        for p in humans:                             # nobody gets an opening hand again
            assert later[p] != deals[0][p] and later[p] != deals[1][p]
    assert resumed.controller.saved_actions() == uninterrupted.controller.saved_actions()


def test_a_resumed_hand_keeps_the_gaps_where_the_cards_were_taken() -> None:
    """The hand's cards keep their places while programming (hand.py); after Save and quit
    and Continue the cards already in registers leave their gaps where they were, not at the
    end of the hand."""
    services, scene = _game()
    programming_in_turn(services, scene, 2)
    for index in (0, 3):
        frame(services, click(scene.hand_slots()[index][0].center))
    before = [card for _rect, card in scene.hand_slots()]
    assert before[0] is None and before[3] is None and before[-1] is not None
    frame(services, [key(pygame.K_ESCAPE)])
    frame(services, click(button(services.scenes.top, "Save and quit").rect.center))
    resumed = _resume_through_continue(services)
    play(services, resumed, lambda: resumed.programmer is not None)   # past the privacy screen
    assert resumed.programmer == scene.programmer
    assert [card for _rect, card in resumed.hand_slots()] == before


def test_a_power_down_announced_before_save_and_quit_is_still_announced_after_continue() -> None:
    """RR-5.5: the power down is the player's choice, set beside the registers; a player who
    saved with it on and resumed must not lock in a turn of running with a damaged robot
    because the switch quietly went off (docs/saves.md: program_choices)."""
    services, scene = _game()
    programming_in_turn(services, scene, 2)
    p = scene.programmer
    frame(services, click(button(scene, "Power down").rect.center))
    assert scene.power_down
    frame(services, click(scene.hand_slots()[0][0].center))
    frame(services, [key(pygame.K_ESCAPE)])
    frame(services, click(button(services.scenes.top, "Save and quit").rect.center))
    resumed = _resume_through_continue(services)
    play(services, resumed, lambda: resumed.programmer is not None)   # past the privacy screen
    assert resumed.programmer == p
    switch = button(resumed, "Power down")
    assert switch.get(), "the switch is on as the player left it"
    while not resumed.controller.can_lock_in(p):
        frame(services, click(next(rect for rect, card in resumed.hand_slots()
                                   if card is not None).center))
    frame(services, click(resumed.confirm_button.rect.center))
    locked = [a for a in resumed.controller.match.log if isinstance(a, LockIn) and a.robot == p]
    assert locked[-1].power_down
