"""Line scoring, the winner, the margin, breakdowns, best scores and match totals
(RULES.md RM-5, RM-6, RM-7, RM-8.3; worked examples WE-RM-12, 13, 14, 18). The line examples
WE-RM-01..11 are scenario files in scenarios/."""

from __future__ import annotations

import itertools

import pytest

from game.robotmaster.rules import Rules
from game.robotmaster.scoring import (
    BestScore, compare_sides, format_breakdown, group_score, line_breakdown, line_score,
    merge_best_score)
from game.robotmaster.series import MatchScore


@pytest.mark.parametrize(("count", "s0", "s1"), [
    (1, 4, 4), (2, 40, 40), (3, 100, 100), (4, 104, 104), (5, 140, 108)])
def test_group_scores_follow_the_table(count: int, s0: int, s1: int) -> None:
    # RM-5.2 table for value 4; RM-5.5: only five of a kind differs between S0 and S1
    assert group_score(count, 4) == s0
    assert group_score(count, 4, five_kind_unit_values=True) == s1


def test_every_line_scores_between_6_and_150_and_order_never_matters() -> None:
    # RM-5.4: lowest 6, highest 150; WE-RM-10f: order does not matter
    seen = set()
    for line in itertools.product(range(6), repeat=5):
        s = line_score(line)
        seen.add(s)
        assert s == line_score(sorted(line))
    assert min(seen) == 6 and max(seen) == 150


def test_adding_a_card_never_lowers_a_line() -> None:
    # what the bots rely on: a partial line's score is a floor
    for k in range(5):
        for line in itertools.product(range(6), repeat=k):
            for v in range(6):
                assert line_score(line + (v,)) >= line_score(line)


def test_we_rm_12_lowest_row_loses() -> None:
    winner, margin, rank = compare_sides([17, 36, 70, 57, 60], [102, 53, 41, 22, 74])
    assert (winner, margin, rank) == ("columns", 5, 1)


def test_we_rm_13_tie_break_on_second_lowest() -> None:
    rows, cols = [20, 30, 40, 50, 60], [20, 25, 90, 90, 90]
    assert compare_sides(rows, cols) == ("rows", 0, 2)          # RM-7.3 literal: 20 − 20
    assert compare_sides(rows, cols, Rules(margin_at_deciding_rank=True)) == ("rows", 5, 2)


def test_we_rm_14_equal_lists_are_a_draw() -> None:
    assert compare_sides([14, 14, 30, 55, 101], [30, 14, 101, 55, 14]) == ("tie", 0, None)


def test_sums_play_no_role() -> None:
    # RM-6.5: a far higher total still loses on the lowest line
    assert compare_sides([9, 150, 150, 150, 150], [10, 10, 10, 10, 10])[0] == "columns"


@pytest.mark.parametrize(("cards", "text"), [
    ([3, 3, 0, 1, 4], "pair of 3 = 30, + 0 + 1 + 4 = 35"),
    ([5, 0, 2, 3, 1], "5 + 0 + 2 + 3 + 1 = 11"),
    ([5, 5, 2, 2, 1], "pair of 5 = 50, pair of 2 = 20, + 1 = 71"),
    ([4, 4, 4, 2, 3], "trio of 4 = 100, + 2 + 3 = 105"),
    ([1, 1, 1, 2, 2], "trio of 1 = 100, pair of 2 = 20 = 120"),
    ([2, 2, 3, 2, 2], "four of 2 = 100 + 2 = 102, + 3 = 105"),
    ([3, 3, 3, 3, 3], "five of 3 = 100 + 10 × 3 = 130"),
])
def test_breakdown_in_words(cards: list[int], text: str) -> None:
    assert format_breakdown(line_breakdown(cards)) == text


def test_breakdown_five_of_a_kind_under_s1() -> None:
    rules = Rules(five_kind_unit_values=True)
    assert format_breakdown(line_breakdown([3] * 5, rules), rules) == \
        "five of 3 = 100 + 3 + 3 = 106"


def test_breakdown_data_for_the_end_screen() -> None:
    b = line_breakdown([3, 1, 3, 4, 0])
    assert [(g.value, g.count, g.kind, g.points) for g in b.groups] == [
        (3, 2, "pair", 30), (1, 1, "single", 1), (4, 1, "single", 4), (0, 1, "single", 0)]
    assert b.total == 35


@pytest.mark.parametrize("unit", [False, True])
def test_breakdown_totals_match_the_line_score_for_every_line(unit: bool) -> None:
    rules = Rules(five_kind_unit_values=unit)
    for line in itertools.product(range(6), repeat=5):
        b = line_breakdown(line, rules)
        assert b.total == line_score(line, rules)
        assert sum(g.count for g in b.groups) == 5


def test_best_scores_keep_the_highest_first() -> None:
    table = [BestScore(40, "a"), BestScore(25, "b"), BestScore(10, "c")]
    merged, rank = merge_best_score(table, BestScore(30, "new"), limit=3)
    assert [e.name for e in merged] == ["a", "new", "b"] and rank == 1


def test_best_scores_equal_score_goes_behind_the_older_one() -> None:
    merged, rank = merge_best_score([BestScore(30, "old")], BestScore(30, "new"))
    assert [e.name for e in merged] == ["old", "new"] and rank == 1


def test_best_scores_too_low_for_a_full_table() -> None:
    table = [BestScore(s) for s in (50, 40, 30)]
    merged, rank = merge_best_score(table, BestScore(5), limit=3)
    assert merged == table and rank is None


def test_we_rm_18_match_totals_beat_game_wins() -> None:
    m = MatchScore(games=3)
    m.record(0, 30 - 25)     # G1: P1 wins 30 vs 25
    m.record(1, 40 - 37)     # G2: P2 wins 40 vs 37
    m.record(1, 22 - 22)     # G3: P2 wins on the tie-break: 0 by default (RM-7.3)
    assert m.totals == (5, 3) and m.wins == (1, 2) and m.winner() == 0


def test_we_rm_18_with_margin_at_deciding_rank() -> None:
    m = MatchScore(games=3)
    for team, margin in ((0, 5), (1, 3), (1, 40 - 36)):
        m.record(team, margin)
    assert m.totals == (5, 7) and m.winner() == 1


def test_match_tied_totals_go_to_more_wins_then_draw() -> None:
    m = MatchScore(games=3)
    for team, margin in ((0, 4), (1, 2), (1, 2)):
        m.record(team, margin)
    assert m.totals == (4, 4) and m.winner() == 1          # ruling RM-7.4
    d = MatchScore(games=2)
    d.record(0, 3)
    d.record(1, 3)
    assert d.winner() is None


def test_match_draws_score_nothing_and_the_match_ends() -> None:
    m = MatchScore(games=1)
    assert m.winner() is None and not m.is_over()
    m.record(None, 7)
    assert m.totals == (0, 0) and m.is_over()
    with pytest.raises(ValueError):
        m.record(0, 1)


def test_match_alternates_first_player_and_sides() -> None:
    # ruling RM-7.5; four players: the first seat moves on, so the first team alternates
    m = MatchScore(games=4, first_player=1, rows_team=0)
    assert [m.seats_for_game(i) for i in range(3)] == [(1, 0), (0, 1), (1, 0)]
    t = MatchScore(games=4, num_players=4, first_player=3, rows_team=1)
    assert [t.seats_for_game(i) for i in range(4)] == [(3, 1), (0, 0), (1, 1), (2, 0)]


def test_match_round_trips_through_plain_data() -> None:
    m = MatchScore(games=3)
    m.record(1, 4)
    assert MatchScore.from_dict(m.to_dict()) == m
