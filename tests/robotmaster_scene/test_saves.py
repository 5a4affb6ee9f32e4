"""A Robot Master game saved from the table and resumed is the same game at the same place."""

from __future__ import annotations

from pathlib import Path

from game.controllers.robotmaster import Seat
from game.saves import read_save, write_save
from game.scenes.robotmaster import resume
from game.scenes.robotmaster.table import RobotMasterTable
from tests.robotmaster_scene.helpers import (centre, open_table, place_by_clicks, run_until,
                                             waiting)
from tests.ui.helpers import click, frame


def test_a_saved_match_game_resumes_where_it_was(tmp_path: Path) -> None:
    services, table = open_table("five_card", [Seat("Anna", "red"),
                                               Seat("Bolt", "blue", "strong")], seed=31)
    c = table.controller
    c.autoplay(30)          # the first game of the match, to the end
    table.skip()
    table.new_game()        # the second game: sides and first player moved on
    c.autoplay(7)
    c.run_automatic()
    run_until(services, lambda: waiting(services, table))
    place_by_clicks(services, table, c.legal()[0])
    run_until(services, lambda: waiting(services, table))
    path = tmp_path / "rm.yaml"
    write_save(path, table.saved_game())
    again = resume(services, read_save(path))
    assert isinstance(again, RobotMasterTable)
    d = again.controller
    assert d.state.to_dict() == c.state.to_dict()
    assert d.game_index == 1 and d.score is not None and c.score is not None
    assert d.score.to_dict() == c.score.to_dict()
    assert again.cells == c.state.cells
    assert again.hands == c.state.hands
    services.scenes.reset(again)
    run_until(services, lambda: waiting(services, again))
    assert again.interactive() and again.viewer == 0
    place_by_clicks(services, again, d.legal()[0])


def test_a_hot_seat_game_resumes_behind_the_privacy_screen(tmp_path: Path) -> None:
    from game.scenes.dialogs import PrivacyScreen
    services, table = open_table("standard", [Seat("Anna", "red"), Seat("Ben", "blue")],
                                 seed=2)
    table.controller.autoplay(5)
    table.skip()
    path = tmp_path / "hot.yaml"
    write_save(path, table.saved_game())
    again = resume(services, read_save(path))
    services.scenes.reset(again)
    run_until(services, lambda: isinstance(services.scenes.top, PrivacyScreen))
    assert again.viewer is None


def test_a_card_laid_but_not_confirmed_lies_there_again_after_resume(tmp_path: Path) -> None:
    """The card a player laid and was about to confirm when the game was saved lies on its
    cell again, outlined, out of the hand, ready for Confirm (docs/saves.md: tentative)."""
    services, table = open_table("standard", [Seat("Anna", "red"), Seat("Bolt", "blue", "easy")],
                                 seed=3)
    run_until(services, lambda: waiting(services, table))
    action = table.controller.legal()[-1]
    frame(services, click(centre(table.hand_card_rect(action.value))))
    frame(services, click(centre(table.geometry.cell_rect(action.cell))))
    assert table.controller.tentative == action
    hand = table.shown_hand()
    path = tmp_path / "laid.yaml"
    write_save(path, table.saved_game())
    assert "tentative:" in path.read_text(encoding="utf-8")
    again = resume(services, read_save(path))
    assert isinstance(again, RobotMasterTable)
    services.scenes.reset(again)
    run_until(services, lambda: waiting(services, again))
    assert again.controller.tentative == action
    assert sorted(again.shown_hand()) == sorted(hand), "the laid card is not in the hand"
    assert again.confirm_button is not None and again.confirm_button.enabled
    frame(services, click(centre(again.confirm_button.rect)))
    assert action in again.controller.match.log, "played as laid"


def test_a_hand_edited_laid_card_that_no_longer_fits_stays_in_the_hand(tmp_path: Path) -> None:
    services, table = open_table("standard", [Seat("Anna", "red"), Seat("Bolt", "blue", "easy")],
                                 seed=3)
    run_until(services, lambda: waiting(services, table))
    saved = table.saved_game()
    saved.tentative = {"type": "PlaceCard", "player": 0, "value": 9, "cell": [40, 40]}
    path = tmp_path / "edited.yaml"
    write_save(path, saved)
    again = resume(services, read_save(path))
    assert isinstance(again, RobotMasterTable)
    assert again.controller.tentative is None
    assert again.controller.state.to_dict() == table.controller.state.to_dict()
