"""A Robot Master game saved from the table and resumed is the same game at the same place."""

from __future__ import annotations

from pathlib import Path

from game.controllers.robotmaster import Seat
from game.saves import read_save, write_save
from game.scenes.robotmaster import resume
from game.scenes.robotmaster.table import RobotMasterTable
from tests.robotmaster_scene.helpers import open_table, place_by_clicks, run_until, waiting


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
