"""The replay jumps by turn and by register instead of only by card placement (issue 14,
point 12)."""

from __future__ import annotations

import pygame

from tests.roborally_scene.helpers import button, finished_game, open_replay, state_after
from tests.ui.helpers import click, frame, key


def test_turn_buttons_and_page_keys_jump_whole_turns() -> None:
    _services, game = finished_game()
    services, viewer = open_replay(game)
    bar = viewer.bar
    assert bar.position_text().startswith("Turn 1 · Move 0 of"), "the deal is turn 1's (RR-5.1)"
    assert viewer.display.turn == 1
    frame(services, click(button(viewer, "Turn ▶").rect.center))
    assert viewer.display.turn == 1 and bar.turn() == 1
    assert viewer.controller.hand(0), "turn 1's cards are dealt: programming begins"
    frame(services, [key(pygame.K_PAGEDOWN)])
    frame(services, [key(pygame.K_PAGEDOWN)])
    assert bar.turn() == 3 and viewer.display.turn == 3
    assert viewer.controller.state.to_dict() == state_after(game, bar.index)
    assert bar.position_text().startswith("Turn 3 · Move ")
    frame(services, click(button(viewer, "◀ Turn").rect.center))
    assert bar.turn() == 2 and viewer.display.turn == 2


def test_the_register_button_shows_each_register_start_in_turn() -> None:
    _services, game = finished_game()
    services, viewer = open_replay(game)
    services.settings.animation_speed = "normal"     # each register then plays, animated
    seen = []
    for _ in range(6):
        frame(services, click(button(viewer, "Register ▶").rect.center))
        frame(services, dt=0.001)
        seen.append((viewer.display.turn, viewer.display.register))
    assert seen == [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (2, 1)]
    positions = [(round(sp.x), round(sp.y)) for sp in viewer.display.sprites if sp.visible]
    assert len(positions) >= 2


def test_after_a_deal_the_panel_shows_the_hand_of_the_robot_that_programs_first() -> None:
    # a spectator sees the dealt cards at once, not empty slots until the first placement
    _services, game = finished_game()
    services, viewer = open_replay(game)
    frame(services, click(button(viewer, "Turn ▶").rect.center))
    upcoming = viewer.actions[viewer.bar.index]
    assert upcoming["type"] == "PlaceCard", "the log goes on with a card placed"
    assert viewer.programmer == upcoming["robot"]
    assert viewer.status_line() == "Replay: all hands shown"
    shown = viewer.controller.hand(viewer.programmer)
    assert len(shown) == 9, "the robot's dealt hand (RR-5.1: nine cards undamaged)"
    # the same when the deal is stepped to, one action at a time
    services, viewer = open_replay(game)
    assert viewer.actions[0]["type"] == "Deal", "the log starts with the first deal"
    frame(services, click(button(viewer, "Step forward").rect.center))
    assert viewer.bar.index == 1
    assert viewer.programmer == viewer.actions[1]["robot"]
