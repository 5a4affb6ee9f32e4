"""Robot Master rules in play: seats, deal, placement, turn order, the end, the variants and
what each player may see (RULES.md RM-3, RM-4, RM-6.1, RM-8; WE-RM-15, 16, 17)."""

from __future__ import annotations

import json

import pytest

from game.core.match import Match
from game.core.types import CHANCE, TERMINAL, IllegalActionError, Pos
from game.robotmaster.actions import (
    ChooseSeats, DealCard, DrawCard, PlaceCard, RevealCard, TurnStartCard)
from game.robotmaster.events import CardDrawn, CardPlaced, GameEnded, StartCardTurned
from game.robotmaster.rules import Rules
from game.robotmaster.state import RobotMasterState, new_game
from tests.robotmaster.helpers import count_lines, position, row_of


def play_out(state: RobotMasterState, seed: int = 1) -> Match:
    """Play the game to its end: chance by the Match, players take their first legal action."""
    match = Match(state, seed=seed)
    while not state.is_terminal():
        match.advance_chance()
        if not state.is_terminal():
            match.play(state.legal_actions()[0])
    return match


# -- setup ----------------------------------------------------------------------------------

def test_seats_are_random_unless_the_lobby_fixed_them() -> None:
    free = new_game("standard")
    assert free.current_player == CHANCE
    assert [a for a, _ in free.chance_outcomes()] == [
        ChooseSeats(0, 0), ChooseSeats(0, 1), ChooseSeats(1, 0), ChooseSeats(1, 1)]
    fixed = new_game("teams", first_player=2)
    assert [a for a, _ in fixed.chance_outcomes()] == [ChooseSeats(2, 0), ChooseSeats(2, 1)]


def test_deck_draws_are_weighted_by_the_cards_left() -> None:
    state = new_game("standard", first_player=0, rows_team=0)
    state.apply(ChooseSeats(0, 0))
    assert state.chance_outcomes() == [(TurnStartCard(v), 1 / 6) for v in range(6)]
    state.apply(TurnStartCard(5))
    outcomes = dict(state.chance_outcomes())
    assert outcomes[DealCard(0, 5)] == pytest.approx(5 / 35)
    assert outcomes[DealCard(0, 0)] == pytest.approx(6 / 35)


def test_standard_deal_twelve_each_start_card_and_eleven_unused() -> None:
    # RM-3.2, RM-3.3
    state = new_game("standard", first_player=1, rows_team=0)
    match = Match(state, seed=4)
    events = match.advance_chance()
    assert isinstance(events[1], StartCardTurned) and events[1].cell == Pos(0, 0)
    assert [len(h) for h in state.hands] == [12, 12]
    assert sum(state.deck) == 11 and state.current_player == 1


def test_we_rm_17_five_card_counts() -> None:
    state = new_game("five_card")
    match = Match(state, seed=9)
    match.advance_chance()
    assert len(state.cells) == 1 and [len(h) for h in state.hands] == [5, 5]
    assert sum(state.deck) == 25
    draws = 0
    while not state.is_terminal():
        events = match.play(state.legal_actions()[0])
        events += match.advance_chance()
        draws += sum(isinstance(e, CardDrawn) for e in events)
        assert sum(state.deck) >= 1
    # RM-8.1.4: 23 draws; no draw after the placement that completes the grid
    assert draws == 23 and sum(state.deck) == 2
    assert sorted(len(h) for h in state.hands) == [4, 5]


def test_five_card_draw_goes_to_the_player_who_placed() -> None:
    state = new_game("five_card", first_player=1, rows_team=0)
    match = Match(state, seed=2)
    match.advance_chance()
    match.play(state.legal_actions()[0])
    assert state.current_player == CHANCE
    assert all(isinstance(a, DrawCard) and a.player == 1 for a in state.legal_actions())
    match.advance_chance()
    assert len(state.hands[1]) == 5 and state.current_player == 0


def test_we_rm_16_team_game_every_player_places_six_and_keeps_one() -> None:
    state = new_game("teams", first_player=2, rows_team=1)
    match = play_out(state, seed=3)
    placed = [0, 0, 0, 0]
    order = []
    for cell, value, player in state.placements[1:]:
        placed[player] += 1
        order.append(player)
    assert placed == [6, 6, 6, 6]
    assert [len(h) for h in state.hands] == [1, 1, 1, 1]     # 4 unplayed, not 3 (RM-8.2.5)
    assert sum(state.deck) == 7                                # never dealt
    assert order[:5] == [2, 3, 0, 1, 2]                        # RM-8.2.1: teams alternate
    assert match.log[-1] == PlaceCard(order[-1], state.placements[-1][1],
                                      state.placements[-1][0])


def test_solo_turns_one_card_at_a_time_and_places_it() -> None:
    # RM-8.3.2: the player sees only the current card; 11 cards never revealed
    state = new_game("solo")
    match = Match(state, seed=5)
    match.advance_chance()
    assert state.revealed is not None and state.current_player == 0
    assert {a.value for a in state.legal_actions()} == {state.revealed}
    obs = state.observation(0)
    assert obs["revealed"] == state.revealed and obs["hand"] == []
    play_out(state, seed=5)
    assert sum(state.deck) == 11


def test_solo_score_is_the_lowest_of_all_ten_lines() -> None:
    state = new_game("solo")
    match = play_out(state, seed=8)
    result = state.result()
    assert result is not None and result.solo == min(result.rows + result.columns)
    assert match.log and state.current_player == TERMINAL


# -- placement (RM-4.2, RM-4.3; WE-RM-15) ------------------------------------------------

ROW = row_of(3, 1, 4, 1, 5)


@pytest.mark.parametrize(("cell", "legal"), [
    ((5, 0), False), ((-1, 0), False), ((2, 1), True), ((2, -1), True), ((5, 1), False),
    ((0, 2), False), ((2, 0), False)])
def test_we_rm_15_row_of_five(cell: tuple[int, int], legal: bool) -> None:
    state = position(ROW, [[2, 2], [0, 0]])
    action = PlaceCard(0, 2, Pos(*cell))
    if legal:
        assert state.apply(action) == [CardPlaced(0, 2, Pos(*cell))]
    else:
        before = state.to_dict()
        with pytest.raises(IllegalActionError):
            state.apply(action)
        assert state.to_dict() == before


def test_we_rm_15_column_of_five_and_corner_contact() -> None:
    column = position({(0, 0): 1, (0, 1): 2, (0, 2): 3, (0, 3): 4, (0, 4): 5}, [[0], [0]])
    cells = column.legal_cells()
    assert Pos(0, 5) not in cells and Pos(0, -1) not in cells
    assert Pos(1, 2) in cells and Pos(-1, 4) in cells
    alone = position({(0, 0): 1}, [[0], [0]])
    assert alone.legal_cells() == [Pos(0, -1), Pos(-1, 0), Pos(1, 0), Pos(0, 1)]


def test_only_cards_in_hand_on_your_turn() -> None:
    state = position(row_of(0), [[1, 1, 4], [2]])
    assert {a.value for a in state.legal_actions()} == {1, 4}
    for bad in (PlaceCard(0, 2, Pos(1, 0)),      # not in hand
                PlaceCard(1, 2, Pos(1, 0)),      # not player 1's turn
                DealCard(0, 3)):                  # no chance due
        with pytest.raises(IllegalActionError):
            state.apply(bad)


def test_fixed_centre_start_option_keeps_the_frame_around_the_start_card() -> None:
    cards = row_of(1, 2, 3)
    assert Pos(3, 0) in position(cards, [[0], [0]]).legal_cells()
    fixed = position(cards, [[0], [0]], rules=Rules(fixed_centre_start=True))
    assert Pos(3, 0) not in fixed.legal_cells() and Pos(-1, 0) in fixed.legal_cells()


# -- perft-style counts (STYLE.md §7), small enough to count by hand -----------------------

def test_counts_from_the_start_card() -> None:
    # hands {1,2,2} and {3,4}: depth 1 = 2 values x 4 cells; depth 2 = 8 x (2 values x 6
    # cells around a domino); depth 3: each domino has 2 straight extensions (8 cells next)
    # and 4 bent ones (7 cells): 44; player 0 then holds 1 value after playing the 1, 2
    # after playing a 2: (1 + 2) x 4 cells x 2 values x 44 = 1056
    state = position({(0, 0): 0}, [[1, 2, 2], [3, 4]])
    assert [count_lines(state, d) for d in (1, 2, 3)] == [8, 96, 1056]


def test_counts_near_the_size_limit() -> None:
    # a row of five: only the 10 cells above and below (WE-RM-15); one value each
    state = position(ROW, [[0, 0], [2, 2]])
    assert count_lines(state, 1) == 10
    # after a card at (i, -1): 4 free cells above the row, 1 above the new card, 5 below it
    # (the width is already 5) = 10 again
    assert count_lines(state, 2) == 10 * 10


def test_solo_counts_one_card_many_cells() -> None:
    state = position({(0, 0): 3}, [[]], variant="solo", revealed=5)
    assert count_lines(state, 1) == 4


# -- the end (RM-6.1) and what players see (RM-4.5, GEN-4) ----------------------------------

def test_game_ends_with_the_25th_card_and_reports_the_result() -> None:
    state = new_game("standard", first_player=0, rows_team=1)
    match = Match(state, seed=11)
    last = []
    while not state.is_terminal():
        match.advance_chance()
        last = match.play(state.legal_actions()[-1])
    ended = last[-1]
    assert isinstance(ended, GameEnded) and len(state.cells) == 25
    assert state.legal_actions() == [] and state.current_player == TERMINAL
    result = state.result()
    assert result is not None and (ended.rows, ended.columns) == (result.rows, result.columns)
    if ended.winner != "tie":
        assert ended.winner_team == (1 if ended.winner == "rows" else 0)
    assert [len(h) for h in state.hands] == [0, 0]            # RM-4.4: all 12 played


@pytest.mark.parametrize("variant", ["standard", "five_card", "teams"])
def test_observation_hides_every_other_hand_partners_too(variant: str) -> None:
    state = new_game(variant)
    Match(state, seed=21).advance_chance()
    for p in range(state.num_players):
        obs = state.observation(p)
        assert obs["hand"] == state.hands[p]
        text = json.dumps(obs)
        assert json.loads(text) == obs
        assert "hands" not in obs and "deck" not in obs
        assert obs["hand_sizes"] == [len(h) for h in state.hands]
        assert obs["pile"] == sum(state.deck)


def test_team_partner_hand_is_hidden() -> None:
    # RM-8.2.4: two tables that differ only in the partner's (and opponents') cards look
    # the same to player 0
    table = {(0, 0): 3, (1, 0): 3}
    one = position(table, [[1, 2], [0, 4], [5, 5], [0, 1]], variant="teams")
    two = position(table, [[1, 2], [4, 4], [0, 1], [5, 5]], variant="teams")
    assert one.observation(0) == two.observation(0)
    assert one.observation(2) != two.observation(2)
    assert one.observation(0)["side"] == one.observation(2)["side"] == "rows"


def test_sides_follow_the_rows_team() -> None:
    state = new_game("teams", first_player=0, rows_team=1)
    Match(state, seed=1).advance_chance()
    assert [state.side_of(p) for p in range(4)] == ["columns", "rows", "columns", "rows"]


def test_illegal_chance_outcomes_are_refused() -> None:
    state = new_game("standard", first_player=0, rows_team=0)
    state.apply(ChooseSeats(0, 0))
    with pytest.raises(IllegalActionError):
        state.apply(ChooseSeats(1, 0))
    with pytest.raises(IllegalActionError):
        state.apply(RevealCard(3))
    for _ in range(6):
        state.apply(TurnStartCard(2)) if not state.cells else state.apply(DealCard(
            state.dealt % 2, 2))
    before = state.to_dict()
    with pytest.raises(IllegalActionError):   # all six 2s are out
        state.apply(DealCard(state.dealt % 2, 2))
    assert state.to_dict() == before


def test_a_save_is_the_start_and_the_log_and_loads_back() -> None:
    from game.robotmaster.state import load_game, save_game

    state = new_game("five_card")
    start = state.clone()
    match = Match(state, seed=31)
    for _ in range(10):
        match.advance_chance()
        match.play(state.legal_actions()[-1])
    save = json.loads(json.dumps(save_game(start, match.log, seed=31)))
    assert load_game(save).to_dict() == state.to_dict()
    save["actions"][5]["value"] = 9                          # a damaged log is refused
    with pytest.raises(IllegalActionError):
        load_game(save)
