"""VOLT bots: they act through observations only, play legal moves to the end, and the greedy
bot takes what one round of look-ahead shows (markers, kills, no suicide)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.core.match import Match
from game.core.types import Direction, Direction8, Pos
from game.volt.actions import DealStartNumbers, DrawMarker, PlaceDie
from game.volt.bots import GreedyBot, RandomBot, random_program, run_bots
from game.volt.data import load_arena
from game.volt.model import DieColour
from game.volt.state import VoltState
from game.volt.strong_bot import StrongBot
from tests.volt.test_rules import ARENA, started


def test_random_programs_are_legal() -> None:
    rng = random.Random(5)
    for _ in range(200):
        program = random_program(rng)
        assert len(program) == 3
        assert sum(d.colour is DieColour.BLUE for d in program) in (1, 2)
        assert all(not d.direction.is_diagonal for d in program if d.colour is DieColour.BLUE)


@pytest.mark.parametrize("level", [GreedyBot, StrongBot], ids=["greedy", "strong"])
def test_a_bot_walks_onto_the_marker(level) -> None:
    state = started()
    state.robots[0].at, state.robots[1].at = Pos(3, 4), Pos(5, 0)
    state.markers = [0, 1, 0, 0, 0, 0]  # VP field 2 at (3,1), three squares north
    bot = level(ARENA, random.Random(1))
    program = bot.plan(VoltState.from_dict(state.observation(0), arena=ARENA), 0)
    trial = state.clone()
    trial.run_activation([program, [None, None, None]], [1, 2])
    assert trial.robots[0].at == Pos(3, 1) and trial.robots[0].vp == 1


CROSSFIRE = load_arena(Path(__file__).resolve().parents[2] / "boards" / "volt" / "crossfire.yaml")


@pytest.mark.parametrize("level", [GreedyBot, StrongBot], ids=["greedy", "strong"])
def test_a_bot_walks_around_the_wall_in_front_of_the_marker(level) -> None:
    # Crossfire: the north robot stands at (5,3), field 3 with the markers two squares south
    # at (5,5) behind the wall [5,4,N], pits left and right at (4,3) and (7,3) (VT-6.4.4, VT-6.4.5). The way
    # round is eight steps; a bot counting as the crow flies thinks it is two and stands
    # bumping into the wall round after round.
    state = VoltState.new_game(CROSSFIRE, [Direction.S, Direction.N])
    state.apply(DealStartNumbers((2, 1)))
    state.apply(DrawMarker(3))
    while state.phase == "restart":
        state.apply(state.legal_actions()[0])
    state.robots[0].at, state.robots[1].at = Pos(3, 11), Pos(5, 3)
    assert CROSSFIRE.walking_steps(3, Pos(5, 3)) == 8
    bot = level(CROSSFIRE, random.Random(4))
    program = bot.plan(VoltState.from_dict(state.observation(1), arena=CROSSFIRE), 1)
    trial = state.clone()
    trial.run_activation([[None, None, None], program], [2, 1])
    after = trial.robots[1].at
    assert after is not None
    steps = CROSSFIRE.walking_steps(3, after)
    assert steps is not None and steps < 8


def test_greedy_shoots_a_damaged_robot_in_line() -> None:
    state = started()
    state.robots[0].at, state.robots[1].at = Pos(0, 0), Pos(5, 5)
    state.robots[1].damage = 2
    bot = GreedyBot(ARENA, random.Random(2))
    program = bot.plan(VoltState.from_dict(state.observation(0), arena=ARENA), 0)
    red = [d for d in program if d.colour is DieColour.RED]
    assert any(d.direction is Direction8.SE for d in red)


def test_greedy_never_walks_into_the_pit_beside_it() -> None:
    state = started()
    state.robots[0].at, state.robots[1].at = Pos(2, 3), Pos(5, 0)  # the pit is (2,2)
    bot = GreedyBot(ARENA, random.Random(3))
    program = bot.plan(VoltState.from_dict(state.observation(0), arena=ARENA), 0)
    trial = state.clone()
    trial.run_activation([program, [None, None, None]], [1, 2])
    assert trial.robots[0].at is not None


def test_bots_cannot_see_other_controllers() -> None:
    state = started()
    state.apply(PlaceDie(1, 0, "red", 1, "S"))
    seen = state.observation(0)
    assert seen["programs"][1] is None
    rebuilt = VoltState.from_dict(seen, arena=ARENA)
    assert rebuilt.programs[1] == [None, None, None]


def test_greedy_and_random_play_whole_games_legally() -> None:
    for seed in range(2):
        state = VoltState.new_game(ARENA, [Direction.S, Direction.N])
        match = Match(state, seed)
        bots = {0: GreedyBot(ARENA, random.Random(seed)),
                1: RandomBot(ARENA, random.Random(seed + 100))}
        run_bots(match, bots)  # every action goes through apply(): illegal ones would raise
        assert state.winner is not None
        assert isinstance(match.log[0], DealStartNumbers)
        assert any(isinstance(a, DrawMarker) for a in match.log)
