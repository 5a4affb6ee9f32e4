"""After register 5 the result stays in view before the next privacy screen, and the privacy
screen hides only the hand panel: the board is public (issue 14, point 10)."""

from __future__ import annotations

from game.scenes.dialogs import PrivacyScreen
from game.scenes.roborally.pause import RESULT_HOLD
from tests.roborally_scene.helpers import two_humans_at_the_turns_result
from tests.ui.helpers import click, frame


def test_the_result_stays_in_view_then_the_privacy_screen_leaves_the_board_visible() -> None:
    services, scene = two_humans_at_the_turns_result()
    assert scene.result_hold.active and scene.display.turn == 2
    shown_for = 0.0
    while not isinstance(services.scenes.top, PrivacyScreen) and shown_for < 10:
        frame(services, dt=0.1)
        shown_for += 0.1
    assert shown_for >= RESULT_HOLD - 0.2, "the result is on screen before the privacy screen"
    surface = services.window.surface
    board = scene.view.rect.clip(scene.table.board_area)
    under = services.scenes.top
    assert isinstance(under, PrivacyScreen)
    frame(services)
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(board.x, board.right, 7)
               for y in range(board.y, board.bottom, 7)}
    assert len(colours) > 20, "the board stays visible behind the privacy screen"
    assert scene.programmer is None, "no hand is drawn until the player clicks"


def test_a_click_ends_the_pause_at_once() -> None:
    services, scene = two_humans_at_the_turns_result()
    assert scene.result_hold.active
    frame(services, click(scene.table.board_area.center))
    frame(services)
    assert isinstance(services.scenes.top, PrivacyScreen)
