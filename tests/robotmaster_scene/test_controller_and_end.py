"""The Robot Master controller (no pygame), the end screen's words, the solo best scores."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game import i18n, paths
from game.best_scores import (
    BEST_SCORES_FILE, best_scores_path, load_best_scores, record_best_score, save_best_scores)
from game.controllers.robotmaster import RobotMasterController, Seat
from game.core.types import IllegalActionError, Pos
from game.robotmaster import (
    BestScore, GameEnded, PlaceCard, Rules, format_breakdown, line_breakdown)
from game.robotmaster.bots import FallbackBot
from game.scenes.games import GameSetup, PlayerSetup
from game.scenes.robotmaster import start
from game.scenes.robotmaster.end import RobotMasterEnd
from game.scenes.robotmaster.texts import describe_line, rules_text
from tests.robotmaster_scene.helpers import open_table, place_by_clicks, run_until, waiting
from tests.ui.helpers import frame, headless_services


def duel(seed: int = 1) -> RobotMasterController:
    return RobotMasterController("standard", [Seat("Anna", "red"), Seat("Bolt", "blue", "easy")],
                                 seed)


def test_nothing_reaches_the_match_before_confirm() -> None:
    c = duel()
    c.run_automatic()
    player = c.decision()
    assert player == 0
    log = list(c.match.log)
    first, second = c.legal()[0], c.legal()[-1]
    c.propose(first)
    c.propose(second)  # a second proposal replaces the first
    assert c.tentative == second and c.match.log == log
    assert c.take_back() == second and c.tentative is None
    assert c.match.log == log
    with pytest.raises(IllegalActionError):
        c.confirm()
    with pytest.raises(IllegalActionError):
        c.propose(PlaceCard(0, second.value, Pos(4, 4)))
    with pytest.raises(IllegalActionError):
        c.propose(PlaceCard(1, second.value, second.cell))  # not Bolt's turn, nor a human
    c.propose(first)
    c.confirm()
    assert c.match.log[-1] == first and c.tentative is None
    assert c.take_back() is None  # nothing left to take back


def test_a_match_counts_games_and_moves_seats_on() -> None:
    c = RobotMasterController("standard", [Seat("A", "red", "easy"), Seat("B", "blue", "easy")],
                              seed=12, games=2)
    c.run_automatic()
    assert c.is_over() and isinstance(c.result_event, GameEnded)
    seats = (c.state.first_player, c.state.rows_team)
    assert c.score is not None and len(c.score.records) == 1 and not c.match_over()
    c.next_game()
    c.run_automatic()
    assert (c.state.first_player, c.state.rows_team) == (1 - seats[0], 1 - seats[1])
    assert c.match_over() and len(c.score.records) == 2
    c.next_game()  # a new match
    assert c.score is None and not c.is_over()


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_every_bot_level_plays_legal_cards(level: str) -> None:
    c = RobotMasterController("teams", [Seat(f"P{i}", "red", level) for i in range(4)], seed=3)
    c.run_automatic()
    assert c.is_over()
    assert len(c.state.cells) == 25


def test_the_fallback_bot_plays_only_legal_placements() -> None:
    c = duel(4)
    c.run_automatic()
    bot = FallbackBot("normal", random.Random(1))
    while not c.is_over():
        if c.decision() is None:
            c.step()
            continue
        action = bot.choose(c.state.observation(0), 0)
        assert action in c.legal()
        c.propose(action)
        c.confirm()


LINES = [[5, 0, 2, 3, 1], [3, 3, 0, 1, 4], [5, 5, 2, 2, 1], [4, 4, 4, 2, 3], [1, 1, 1, 2, 2],
         [2, 2, 2, 2, 3], [3, 3, 3, 3, 3], [0, 0, 0, 5, 5], [0, 0, 5, 5, 4]]


def test_breakdowns_read_like_the_cores_in_english() -> None:
    rng = random.Random(5)
    lines = LINES + [[rng.randrange(6) for _ in range(5)] for _ in range(200)]
    for rules in (Rules(), Rules(five_kind_unit_values=True)):
        for cards in lines:
            breakdown = line_breakdown(cards, rules)
            assert describe_line(breakdown, rules) == format_breakdown(breakdown, rules)
    assert describe_line(line_breakdown([3, 3, 0, 1, 4]), Rules()) == \
        "pair of 3 = 30, + 0 + 1 + 4 = 35"


def test_breakdowns_in_german() -> None:
    i18n.set_language("de")
    assert describe_line(line_breakdown([3, 3, 0, 1, 4]), Rules()) == \
        "Paar 3er = 30, + 0 + 1 + 4 = 35"
    assert describe_line(line_breakdown([1, 1, 1, 2, 2]), Rules()) == \
        "Drilling 1er = 100, Paar 2er = 20 = 120"
    assert "Zwei Teams" in rules_text("teams", Rules()) or "zwei Teams" in \
        rules_text("teams", Rules())


def test_rules_text_names_the_variant_and_the_options() -> None:
    text = rules_text("solo", Rules(five_kind_unit_values=True))
    assert "This game: solo" in text and "twice their value" in text
    assert "A match has several games" not in text
    assert "This game: two teams" in rules_text("teams", Rules())


def test_best_scores_are_written_atomically_and_survive_damage(tmp_path: Path) -> None:
    path = best_scores_path(tmp_path)
    assert path.name == BEST_SCORES_FILE
    assert load_best_scores(path) == []
    table, rank, warning = record_best_score(path, BestScore(20, "Anna", "2026-11-22"))
    assert (rank, warning) == (0, None)
    table, rank, _ = record_best_score(path, BestScore(35, "Ben", "2026-11-22"))
    assert rank == 0 and [e.score for e in table] == [35, 20]
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format_version"] == 1 and [e["score"] for e in data["scores"]] == [35, 20]
    assert sorted(p.name for p in tmp_path.iterdir()) == [BEST_SCORES_FILE]  # no temp left
    path.write_text("{not json", encoding="utf-8")
    assert load_best_scores(path) == []
    save_best_scores(path, [BestScore(7)])
    assert load_best_scores(path) == [BestScore(7)]


def test_best_scores_that_cannot_be_written_say_so_in_the_players_language(
        tmp_path: Path) -> None:
    in_the_way = tmp_path / "notes.txt"
    in_the_way.write_text("not a folder")
    path = best_scores_path(in_the_way)
    with i18n.speaking("de"):
        table, rank, warning = record_best_score(path, BestScore(20, "Anna", "2026-11-22"))
    assert (rank, [e.score for e in table]) == (0, [20])      # the game goes on with its table
    assert warning is not None
    assert warning.startswith(f"Die Bestenliste lässt sich nicht in {path} speichern: ")


def test_a_solo_game_through_the_scene_records_its_best_score() -> None:
    path = best_scores_path(paths.user_data_dir())
    before = load_best_scores(path)
    services, table = open_table("solo", [Seat("Solveig", "green")], seed=17)
    c = table.controller
    turns = 0
    while not isinstance(services.scenes.top, RobotMasterEnd):
        run_until(services, lambda: waiting(services, table))
        if isinstance(services.scenes.top, RobotMasterEnd):
            break
        assert table.shown_hand() == [c.state.revealed]
        place_by_clicks(services, table, c.legal()[turns % len(c.legal())])
        turns += 1
    assert turns == 24
    assert table.ended is not None
    after = load_best_scores(path)
    assert len(after) == min(10, len(before) + 1)
    assert any(e.name == "Solveig" and e.score == table.ended.solo_score for e in after)
    frame(services, [], 0.1)


def test_start_builds_the_table_from_the_setup_screen() -> None:
    services = headless_services()
    setup = GameSetup("robot-master", [PlayerSetup("Anna", "red"),
                                       PlayerSetup("Bolt", "blue", "strong")], "five_card",
                      seed=99, options={"games": 5})
    scene = start(services, setup)
    assert type(scene).__name__ == "RobotMasterTable"
    assert scene.controller.games == 5 and scene.controller.variant == "five_card"
    wrong = GameSetup("robot-master", [PlayerSetup("Anna", "red")], "teams", seed=1)
    assert type(start(services, wrong)).__name__ == "MessageScene"
