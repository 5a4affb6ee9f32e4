"""The GameState contract for RoboRally (STYLE.md §7): seeded random games keep the
invariants after every register, clone() and to_dict() are faithful, a replay of the action
log reproduces the game, illegal actions raise and change nothing, observations hide what
a player may not see (GEN-4)."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from game.core.types import CHANCE, SIMULTANEOUS, IllegalActionError
from game.roborally.actions import (
    Answer, ClearRegister, Deal, LockIn, PlaceCard, action_from_dict, action_to_dict)
from game.roborally.data import sample_course
from game.roborally.playout import check_invariants, random_game
from game.roborally.state import RoboRallyState

BOARD = sample_course()
TURNED = sample_course(rotate=90)


@pytest.mark.parametrize("seed", range(8))
def test_random_games_keep_the_invariants_and_replay(seed: int) -> None:
    play = random_game(BOARD if seed % 2 == 0 else TURNED, seed, turn_cap=6)
    assert play.problems == []
    assert play.registers > 0


def _dealt(seed: int = 1, robots: int = 4) -> RoboRallyState:
    state = RoboRallyState(BOARD, [f"r{i}" for i in range(robots)])
    state.apply(state.sample_chance(random.Random(seed)))
    return state


def test_clone_and_original_agree_action_by_action() -> None:
    rng = random.Random(5)
    state = RoboRallyState(BOARD, [f"r{i}" for i in range(6)])
    for _ in range(400):
        if state.is_terminal():
            break
        if state.current_player == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        twin = state.clone()
        assert twin.to_dict() == state.to_dict()
        assert twin.apply(action) == state.apply(action)
        assert twin.to_dict() == state.to_dict()
        data = state.to_dict()
        assert json.loads(json.dumps(data)) == data
        assert RoboRallyState.from_dict(data, board=BOARD).to_dict() == data
        assert action_from_dict(json.loads(json.dumps(action_to_dict(action)))) == action
        assert check_invariants(state) == []


def test_every_listed_action_is_accepted() -> None:
    state = _dealt()
    for action in state.legal_actions():
        state.clone().apply(action)


@pytest.mark.parametrize("make_bad", [
    lambda s: PlaceCard(0, 1, next(c for c in range(1, 85) if c not in s.robots[0].hand)),
    lambda s: PlaceCard(0, 6, s.robots[0].hand[0]),
    lambda s: ClearRegister(0, 1),
    lambda s: LockIn(0),                                   # registers still empty
    lambda s: Deal(tuple(() for _ in s.robots)),
    lambda s: Answer(0, "brakes", "stay"),
    lambda s: PlaceCard(9, 1, 1),
])
def test_illegal_action_raises_and_changes_nothing(make_bad) -> None:
    state = _dealt()
    before = state.to_dict()
    with pytest.raises(IllegalActionError):
        state.apply(make_bad(state))
    assert state.to_dict() == before


def test_observation_hides_hands_and_unrevealed_programs() -> None:
    state = _dealt()
    me, other = state.robots[0], state.robots[1]
    state.apply(PlaceCard(1, 1, other.hand[0]))
    seen = state.observation(0)
    mine, theirs = seen["robots"][0], seen["robots"][1]
    assert mine["hand"] == me.hand
    assert theirs["hand"] == len(other.hand)
    assert theirs["registers"][0] is True and theirs["registers"][1] is False
    assert isinstance(seen["deck"], int) and isinstance(seen["discard"], int)
    assert all(str(c) not in json.dumps(theirs["registers"]) for c in other.hand)


def test_programs_are_revealed_register_by_register() -> None:
    state = _dealt(robots=2)
    for r in state.robots:
        for k in range(5):
            state.apply(PlaceCard(r.rid, k + 1, sorted(r.hand)[0]))
    assert state.current_player == SIMULTANEOUS
    state.apply(LockIn(0))
    seen = state.observation(1)
    assert seen["robots"][0]["registers"] == [True] * 5        # locked in, not revealed


def test_rules_core_never_imports_pygame() -> None:
    code = ("import sys; import game.roborally.state, game.roborally.files, "
            "game.roborally.fastpath, game.roborally.playout; "
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"
