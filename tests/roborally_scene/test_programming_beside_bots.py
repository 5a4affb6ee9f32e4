"""The table offers a human their hand at once, while the bots think (RR-5: programming is
simultaneous); it used to show "waiting for" until every bot had locked in."""

from __future__ import annotations

import threading
import time

import pygame

from game.controllers import roborally as roborally_controller
from game.controllers.thinking import BotThinker
from game.i18n import speaking
from game.roborally.model import REGISTERS
from game.roborally_bots.decisions import decide
from game.scenes.roborally import painting
from game.scenes.roborally.texts import HOVER_DELAY
from game.scenes.dialogs import PrivacyScreen
from tests.roborally_scene.helpers import new_game
from tests.ui.helpers import click, frame

CARD_BACK = (60, 66, 90)
"""The colour of a programming card's back (game/ui/roborally_view.card_back)."""


def test_the_hand_shows_while_the_bots_think_and_their_programs_still_land(monkeypatch) -> None:
    monkeypatch.setattr(BotThinker, "frame_wait_seconds", 0.0)     # as in the app
    gate = threading.Event()

    def slow_decide(*args: object) -> object:
        assert gate.wait(30), "the test never let the bots answer"
        return decide(*args)

    monkeypatch.setattr(roborally_controller, "decide", slow_decide)
    services, scene = new_game(humans=1, bots=2)
    controller = scene.controller
    bots = {p for p, seat in enumerate(controller.seats) if seat.is_bot}
    for _ in range(5):
        frame(services, dt=0.1)
    assert scene.programmer == 0, "the hand is shown while the bots think"
    assert bots <= set(controller.programming_left())
    hand = [rect for rect, card in scene.hand_slots() if card is not None]
    frame(services, click(hand[0].center))
    assert controller.registers(0)[0] != 0, "a card placed while the bots think"
    gate.set()
    deadline = time.monotonic() + 60
    while bots & set(controller.programming_left()) and time.monotonic() < deadline:
        frame(services, dt=0.1)
    assert not bots & set(controller.programming_left()), "the bots locked in"
    assert scene.programmer == 0 and controller.registers(0)[0] != 0, \
        "and the human programs on, the card still in its register"


def test_the_bots_program_while_the_screen_is_passed_between_humans(monkeypatch) -> None:
    """Hot seat: the privacy screen waits for a player to sit down; the bots program behind it
    (the table is covered, so only `update_covered` runs it) instead of after it."""
    monkeypatch.setattr(BotThinker, "frame_wait_seconds", 0.0)     # as in the app
    services, scene = new_game(humans=2, bots=2)
    controller = scene.controller
    bots = {p for p, seat in enumerate(controller.seats) if seat.is_bot}
    for _ in range(20):
        frame(services, dt=0.1)
        if isinstance(services.scenes.top, PrivacyScreen):
            break
    assert isinstance(services.scenes.top, PrivacyScreen), "the screen is passed to the first"
    deadline = time.monotonic() + 20
    while bots & set(controller.programming_left()) and time.monotonic() < deadline:
        frame(services, dt=0.1)
    assert isinstance(services.scenes.top, PrivacyScreen), "nobody has sat down yet"
    assert controller.programming_left() == [0, 1], "both bots locked in behind the screen"


def _bots_locked_in_beside_anna(monkeypatch):  # noqa: ANN001, ANN202
    """Anna and three bots, frames played until the bots have locked in and Anna programs."""
    monkeypatch.setattr(BotThinker, "frame_wait_seconds", 0.0)     # as in the app
    services, scene = new_game(humans=1, bots=3)
    deadline = time.monotonic() + 60
    while scene.controller.programming_left() != [0] and time.monotonic() < deadline:
        frame(services, dt=0.1)
    return services, scene


def test_the_log_tells_the_turn_s_lock_ins_in_one_line_as_they_come(monkeypatch) -> None:
    """Seven bots at a table of eight used to make seven "… locked in a program." lines at
    the start of every turn; one line grows as they lock in, the human among them."""
    services, scene = _bots_locked_in_beside_anna(monkeypatch)
    controller = scene.controller
    frame(services, dt=0.1)                  # the last lock-in told
    bots = [seat.name for seat in controller.seats if seat.is_bot]
    told = [line.text() for line in scene.display.log]
    lock_ins = [line for line in told if line.startswith("Programs locked in:")]
    assert len(lock_ins) == 1 and sorted(lock_ins[0][len("Programs locked in: "):-1].split(
        ", ")) == sorted(bots), told
    assert not [line for line in told if "locked in a program" in line]
    human = controller.seats[0].name
    for _ in range(REGISTERS):
        controller.place(0, controller.registers(0).index(0) + 1, controller.hand(0)[0])
    scene.confirm()
    frame(services, dt=0.1)
    assert any(line.text().startswith("Programs locked in: ") and line.text().endswith(
        f", {human}.") for line in scene.display.log)
    with speaking("de"):
        assert any(line.text().startswith("Programme festgelegt: ")
                   for line in scene.display.log)


def _face_down_pixels(services, scene, p: int) -> int:  # noqa: ANN001
    """How much of robot `p`'s status row shows the programming cards' back colour."""
    frame(services, dt=0.0)
    row = scene.status_row_rect(p)
    surface = services.window.surface
    return sum(tuple(surface.get_at((x, y)))[:3] == CARD_BACK
               for x in range(row.x, row.right) for y in range(row.y, row.bottom, 2))


def test_a_locked_in_program_lies_face_down_on_its_status_row(monkeypatch) -> None:
    """While the human programs, the status rows show who has locked in: their registers hold
    card backs, as the cards lie face down at a real table; the row's hover says so."""
    services, scene = _bots_locked_in_beside_anna(monkeypatch)
    controller = scene.controller
    while services.scenes.top is not scene:          # the first-turn guide
        services.scenes.pop()
        frame(services, dt=0.1)
    assert controller.programmed() == [1, 2, 3]
    assert _face_down_pixels(services, scene, 0) == 0, "Anna still programs"
    assert all(_face_down_pixels(services, scene, p) > 20 for p in (1, 2, 3))
    shown: list[str] = []
    real = painting.draw_tooltip
    monkeypatch.setattr(painting, "draw_tooltip",
                        lambda surface, text, pos: (shown.append(text), real(surface, text, pos)))
    for p in (1, 0):
        row = scene.status_row_rect(p)
        frame(services, [pygame.event.Event(pygame.MOUSEMOTION, pos=(row.x + 10, row.centery),
                                            rel=(0, 0), buttons=(0, 0, 0))])
        frame(services, dt=HOVER_DELAY + 0.1)
        frame(services)
        assert ("Program locked in." in shown[-1].split("\n")) == (p == 1), shown[-1]
