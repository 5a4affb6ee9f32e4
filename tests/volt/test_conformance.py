"""The game-state contract for VOLT (STYLE.md §7 level 3): seeded random games end with a
winner and keep the invariants; clone, to_dict/from_dict, replay, illegal actions and
observations behave. The full 10,000-game run is bench/volt_fuzz.py."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from game.core.match import Match
from game.core.types import (CHANCE, SIMULTANEOUS, TERMINAL, Direction, IllegalActionError,
                             Pos)
from game.volt.actions import (ClearCross, DealStartNumbers, DrawMarker, LockIn,
                               OrderTiedOperators, PlaceDie, PlaceRobot, TakeStartNumber,
                               action_from_dict, action_to_dict)
from game.volt.bots import RandomBot
from game.volt.data import load_arena
from game.volt.events import ProgramsRevealed
from game.volt.playout import random_game, replay
from game.volt.state import VoltState

BOARDS = Path(__file__).resolve().parent.parent.parent / "boards" / "volt"
ARENAS = {path.stem: load_arena(path) for path in sorted(BOARDS.glob("*.yaml"))}
ARENA_NAMES = sorted(ARENAS)


@pytest.mark.parametrize("seed", range(200))
def test_random_game_ends_with_a_winner_and_keeps_the_invariants(seed: int) -> None:
    arena = ARENAS[ARENA_NAMES[seed % len(ARENA_NAMES)]]
    playout = random_game(arena, seed)
    state = playout.state
    assert state.is_terminal() and state.current_player == TERMINAL
    assert state.winner is not None
    assert state.robots[state.winner].vp >= 3
    assert all(r.vp < 3 for p, r in enumerate(state.robots) if p != state.winner)
    assert playout.checks > 0
    assert state.legal_actions() == []


@pytest.mark.parametrize("seed", range(12))
def test_state_survives_json_and_replay(seed: int) -> None:
    arena = ARENAS[ARENA_NAMES[seed % len(ARENA_NAMES)]]
    playout = random_game(arena, 1000 + seed)
    saved = playout.state.to_dict()
    assert json.loads(json.dumps(saved)) == saved, "to_dict() must be plain JSON data"
    assert VoltState.from_dict(saved, arena=arena).to_dict() == saved
    logged = json.loads(json.dumps(playout.log_dicts))
    again = replay(playout.start, [action_from_dict(d) for d in logged], arena)
    assert again.to_dict() == saved, "replaying the log must reproduce the game"


ALWAYS_ILLEGAL = [DrawMarker(0), DealStartNumbers((1, 1)), PlaceRobot(0, Pos(-1, 0)),
                  TakeStartNumber(0, 9), PlaceDie(0, 0, "blue", 1, "SW"),
                  OrderTiedOperators((0, 0)), LockIn(0, -5)]


def _play_with_clone_checks(seed: int, arena_name: str, steps: int) -> None:
    arena = ARENAS[arena_name]
    rng = random.Random(seed)
    state = VoltState.new_game(arena, [Direction.S, Direction.N, Direction.E][: 2 + seed % 2])
    bots = {p: RandomBot(arena, random.Random(seed * 7 + p)) for p in state.players}
    for _ in range(steps):
        if state.is_terminal():
            break
        player = state.current_player
        if player == CHANCE:
            action = state.sample_chance(rng)
        elif player == SIMULTANEOUS:
            waiting = [p for p in state.players if not state.locked[p]]
            p = rng.choice(waiting)
            action = bots[p].choose(state.observation(p), p)
        else:
            action = bots[player].choose(state.observation(player), player)
        twin = state.clone()
        before = state.to_dict()
        for wrong in ALWAYS_ILLEGAL:
            with pytest.raises(IllegalActionError):
                state.apply(wrong)
            assert state.to_dict() == before, f"{wrong!r} changed the state"
        events = state.apply(action)
        assert twin.to_dict() == before, "clone() must not share mutable state"
        assert twin.apply(action) == events
        assert twin.to_dict() == state.to_dict()


@pytest.mark.parametrize("seed", range(6))
def test_clone_is_independent_and_equal(seed: int) -> None:
    _play_with_clone_checks(seed, ARENA_NAMES[seed % len(ARENA_NAMES)], 400)


def test_actions_round_trip_through_plain_data() -> None:
    actions = [DealStartNumbers((2, 1)), DrawMarker(4), PlaceRobot(0, (3, 0)),
               PlaceDie(1, 2, "red", 5, "SW"), ClearCross(0, 1), LockIn(1, 25_000),
               OrderTiedOperators((1, 0)), TakeStartNumber(0, 2)]
    for action in actions:
        data = action_to_dict(action)
        assert json.loads(json.dumps(data)) == data
        assert action_from_dict(data) == action


def _state_in_programming(seed: int = 3) -> VoltState:
    arena = ARENAS["pit-stop"]
    state = VoltState.new_game(arena, [Direction.S, Direction.N])
    match: Match[VoltState, Any, Any] = Match(state, seed)
    while state.phase != "program":
        if state.current_player == CHANCE:
            match.play(state.sample_chance(match.rng))
        else:
            match.play(state.legal_actions()[0])
    return state


ILLEGAL_IN_PROGRAMMING = [
    PlaceDie(0, 0, "blue", 3, "NE"),     # WE-VT-10: blue die on a diagonal key
    PlaceDie(0, 3, "red", 1, "N"),       # there is no cross IV
    PlaceDie(0, 0, "red", 7, "N"),       # a die shows 1..6
    PlaceDie(0, 0, "green", 1, "N"),
    PlaceDie(5, 0, "red", 1, "N"),       # no such operator
    ClearCross(0, 0),                    # nothing to take back
    LockIn(0, 1000),                     # WE-VT-10: crosses empty
    DrawMarker(3),                       # not a chance node now
    DealStartNumbers((1, 2)),
    PlaceRobot(0, (1, 0)),
    TakeStartNumber(0, 1),
    OrderTiedOperators((0, 1)),
    "not an action",
]


@pytest.mark.parametrize("action", ILLEGAL_IN_PROGRAMMING, ids=repr)
def test_illegal_action_raises_and_changes_nothing(action: Any) -> None:
    state = _state_in_programming()
    before = state.to_dict()
    with pytest.raises(IllegalActionError):
        state.apply(action)
    assert state.to_dict() == before


def test_we_vt_10_programming_validity() -> None:
    """WE-VT-10: a second die on cross I, a third red die and locking in with cross III
    empty are refused; I B3 N, II R1 SW, III B6 E is accepted."""
    state = _state_in_programming()
    state.apply(PlaceDie(0, 0, "red", 2, "E"))
    before = state.to_dict()
    for action in (PlaceDie(0, 0, "red", 1, "N"), LockIn(0, 0)):
        with pytest.raises(IllegalActionError):
            state.apply(action)
        assert state.to_dict() == before
    state.apply(PlaceDie(0, 1, "red", 3, "W"))
    with pytest.raises(IllegalActionError, match="both red dice"):
        state.apply(PlaceDie(0, 2, "red", 1, "N"))
    for cross in range(3):
        if state.programs[0][cross] is not None:
            state.apply(ClearCross(0, cross))
    for action in (PlaceDie(0, 0, "blue", 3, "N"), PlaceDie(0, 1, "red", 1, "SW"),
                   PlaceDie(0, 2, "blue", 6, "E")):
        state.apply(action)
    state.apply(LockIn(0, 12_000))
    with pytest.raises(IllegalActionError, match="locked in"):
        state.apply(ClearCross(0, 0))


def test_observation_hides_other_controllers_until_the_reveal() -> None:
    state = _state_in_programming()
    state.apply(PlaceDie(0, 0, "blue", 3, "N"))
    state.apply(PlaceDie(0, 1, "red", 1, "SW"))
    mine, theirs = state.observation(0), state.observation(1)
    assert mine["programs"][0][0] == {"die": "blue", "value": 3, "dir": "N"}
    assert theirs["programs"][0] is None
    assert "SW" not in json.dumps(theirs)
    state.apply(PlaceDie(0, 2, "red", 4, "E"))
    state.apply(LockIn(0, 30_000))
    assert state.observation(1)["programs"][0] is None
    assert state.observation(1)["lock_times"][0] is None
    for action in (PlaceDie(1, 0, "red", 1, "S"), PlaceDie(1, 1, "red", 1, "S"),
                   PlaceDie(1, 2, "blue", 1, "S"), LockIn(1, 20_000)):
        state.apply(action)
    # operator 1 was faster and chooses a start number; programs are still hidden
    assert state.phase == "number" and state.current_player == 1
    assert state.observation(1)["programs"][0] is None
    events = state.apply(TakeStartNumber(1, 1))
    # the screens come down in Phase 2: everybody sees what operator 0 programmed
    revealed = [e for e in events if isinstance(e, ProgramsRevealed)]
    assert revealed[0].programs[0] == ({"die": "blue", "value": 3, "dir": "N"},
                                       {"die": "red", "value": 1, "dir": "SW"},
                                       {"die": "red", "value": 4, "dir": "E"})
    assert state.start_numbers in ([2, 1], [None, None])
