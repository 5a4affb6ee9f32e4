"""Robot Master bots: they play only legal placements in every variant, read only the
observation, never touch the Match's chance stream, and the strong bot finds a winning last
card (hand-checked below). Strength figures are in bench/robot_master_bots.py."""

from __future__ import annotations

import random

import pytest

from game.core.match import Match
from game.core.types import CHANCE, Pos
from game.robotmaster.actions import DrawCard, PlaceCard
from game.robotmaster.bots import make_bot
from game.robotmaster.events import GameEnded
from game.robotmaster.rules import team_of
from game.robotmaster.state import new_game
from tests.robotmaster.helpers import position


def play(variant: str, levels: dict[int, str], seed: int) -> tuple[Match, GameEnded]:
    state = new_game(variant)
    match = Match(state, seed=seed)
    bots = {p: make_bot(levels[team_of(p)], random.Random(seed * 10 + p))
            for p in range(state.num_players)}
    ended = None
    while not state.is_terminal():
        if state.current_player == CHANCE:
            match.advance_chance()
            continue
        p = state.current_player
        action = bots[p].choose(state.observation(p), p)
        assert action in state.legal_actions()
        for e in match.play(action):
            if isinstance(e, GameEnded):
                ended = e
    assert ended is not None
    return match, ended


@pytest.mark.parametrize("variant", ["standard", "five_card", "teams", "solo"])
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_bots_play_whole_games_legally(variant: str, level: str) -> None:
    for seed in (1, 2):
        play(variant, {0: level, 1: "easy"}, seed)


@pytest.mark.parametrize("variant", ["standard", "solo"])
def test_strong_bot_plays_a_whole_game_legally(variant: str) -> None:
    play(variant, {0: "strong", 1: "normal"}, 3)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError):
        make_bot("expert", random.Random(1))


# WE-RM-11's grid with its row-2 zero taken away; rows (player 0) hold {0, 2} for the last
# cell. Playing the 0 gives WE-RM-11: rows' lowest 10 < columns' 11, rows lose. Playing the
# 2: row 2 = [2,1,2,3,4] = 28, column 1 = [5,2,3,1,4] = 15; rows' lowest is now 14 (row 5),
# columns' 11 (column 3): rows win.
GRID = ["5 5 5 2 2", "_ 1 2 3 4", "3 3 0 1 4", "1 1 1 1 0", "4 0 3 5 2"]


def last_card_position(other_hand: list[int]):  # type: ignore[no-untyped-def]
    cells = {}
    for y, row in enumerate(GRID):
        for x, token in enumerate(row.split()):
            if token != "_":
                cells[(x, y)] = int(token)
    return position(cells, [[0, 2], other_hand], rows_team=0, first_player=1)


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_bots_take_the_winning_last_card(level: str) -> None:
    state = last_card_position([3])
    assert state.current_player == 0 and state.legal_cells() == [Pos(0, 1)]
    action = make_bot(level, random.Random(4)).choose(state.observation(0), 0)
    assert action == PlaceCard(0, 2, Pos(0, 1))
    ended = state.apply(action)[-1]
    assert isinstance(ended, GameEnded) and ended.winner == "rows"


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_bots_decide_on_the_observation_alone(level: str) -> None:
    # same table and own hand, different hidden cards: the same seeded bot plays the same
    table = {(0, 0): 3, (1, 0): 4, (1, 1): 4, (0, 1): 0}
    one = position(table, [[0, 1, 5, 5], [2, 2, 3, 3]])
    two = position(table, [[0, 1, 5, 5], [1, 2, 2, 3]])
    assert one.observation(0) == two.observation(0)
    a = make_bot(level, random.Random(9)).choose(one.observation(0), 0)
    b = make_bot(level, random.Random(9)).choose(two.observation(0), 0)
    assert a == b


def test_bots_never_use_the_chance_stream() -> None:
    # five-card draws come from the Match's RNG only: other bots, same cards drawn
    def draws(level: str) -> list[int]:
        match, _ = play("five_card", {0: level, 1: level}, 12)
        return [a.value for a in match.log if isinstance(a, DrawCard)]

    assert draws("easy") == draws("normal")


def test_normal_beats_easy_in_a_seeded_sample() -> None:
    wins = 0
    for seed in range(10):
        normal_team = seed % 2
        _, ended = play("standard", {normal_team: "normal", 1 - normal_team: "easy"}, seed)
        wins += ended.winner_team == normal_team
    assert wins >= 8
