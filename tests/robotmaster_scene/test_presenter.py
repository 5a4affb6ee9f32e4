"""Robot Master's presenter on its own: events in, steps out, the display copy changing only
when a card lands; and a whole seeded game shown through it ends where the rules say."""

from __future__ import annotations

from collections import deque

from game.controllers.robotmaster import RobotMasterController, Seat
from game.core.types import Pos
from game.robotmaster import CardDealt, CardPlaced, PlaceCard, StartCardTurned
from game.scenes.robotmaster.presenter import DEAL_SECONDS, FLY_SECONDS, RobotMasterPresenter
from game.scenes.table.tween import StepPlayer


def test_a_dealt_card_flies_and_joins_the_hand_when_it_lands() -> None:
    presenter = RobotMasterPresenter(2, solo=False)
    step = presenter.start(CardDealt(1, 4), deque())
    assert step.duration == DEAL_SECONDS and presenter.shown.hands == [[], []]
    presenter.finish(step)
    assert presenter.shown.hands == [[], [4]]


def test_a_placed_card_leaves_the_hand_at_once_and_lies_when_it_lands() -> None:
    presenter = RobotMasterPresenter(2, solo=False)
    presenter.finish(presenter.start(StartCardTurned(2, Pos(0, 0)), deque()))
    presenter.finish(presenter.start(CardDealt(0, 3), deque()))
    step = presenter.start(CardPlaced(0, 3, Pos(1, 0)), deque())
    assert step.duration == FLY_SECONDS
    assert presenter.shown.hands[0] == [] and Pos(1, 0) not in presenter.shown.cells
    presenter.finish(step)
    assert presenter.shown.cells == {Pos(0, 0): 2, Pos(1, 0): 3}
    assert presenter.shown.placed_by == {Pos(0, 0): -1, Pos(1, 0): 0}
    assert presenter.shown.last_cell == Pos(1, 0)


def test_the_card_the_player_confirmed_does_not_fly() -> None:
    presenter = RobotMasterPresenter(2, solo=False)
    presenter.confirmed = PlaceCard(0, 3, Pos(1, 0))
    assert presenter.start(CardPlaced(0, 3, Pos(1, 0)), deque()).duration == 0
    assert presenter.confirmed is None


def test_a_whole_game_shown_through_the_presenter_ends_as_the_rules_say() -> None:
    c = RobotMasterController("five_card", [Seat("Anna", "red", "easy"),
                                            Seat("Bolt", "blue", "normal")], 5)
    c.run_automatic_chance()
    c.autoplay(40)
    presenter = RobotMasterPresenter(2, solo=False)
    player = StepPlayer(presenter)
    while player.busy(c):
        player.update(0.05, 1.0, c)
    assert presenter.shown.cells == c.state.cells
    assert presenter.shown.hands == c.state.hands
    assert presenter.shown.ended is not None and c.is_over()
