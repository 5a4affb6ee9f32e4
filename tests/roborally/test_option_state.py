"""What option cards remember on a robot (`Robot.option_state`): a state written before the
store existed (format 1, one key per field on the robot) loads and plays on exactly as the
same game written today; the cards an option card holds stay hidden from the other players
(GEN-4); and each card's state is kept under its own id."""

from __future__ import annotations

import random
from typing import Any

from game.core.types import CHANCE
from game.roborally.actions import Answer, LockIn, PlaceCard
from game.roborally.data import sample_course
from game.roborally.options import OPTIONS, FlywheelState
from game.roborally.playout import give_option
from game.roborally.state import RoboRallyState
from game.roborally_bots.strong import public_table

BOARD = sample_course()

FORMAT_1_DEFAULTS: dict[str, Any] = {
    "coat": 0, "howitzer": 0, "flywheel": 0, "reserve": 0, "reserve_used": False,
    "abort_on": False, "recompiled": False, "radio_by": -1, "radio_used": False,
    "shield": -1, "shield_used": False, "pd_used": 0, "turret": 0, "gyro": True,
    "superior_pending": False}
"""The option keys of a format-1 robot, as that format wrote a robot without options."""


def _programmed_with_a_flywheel_card() -> tuple[RoboRallyState, int]:
    """Two robots, robot 0 with Flywheel and Mini Howitzer, both programs locked in, robot 0
    keeping a card on its Flywheel. Returns the state and the kept card."""
    state = RoboRallyState(BOARD, ["r0", "r1"], option_cards=True)
    give_option(state, 0, "flywheel")
    give_option(state, 0, "mini_howitzer")
    state.apply(state.sample_chance(random.Random(4)))
    kept = 0
    for r in state.robots:
        hand = sorted(r.hand)
        for k in range(5):
            state.apply(PlaceCard(r.rid, k + 1, hand[k]))
        kept = hand[-1] if r.rid == 0 else kept
        state.apply(LockIn(r.rid, flywheel=hand[-1] if r.rid == 0 else 0))
    return state, kept


def _play_on(state: RoboRallyState, seed: int) -> list[Any]:
    """Two more turns with random legal choices: every event they give."""
    rng = random.Random(seed)
    out: list[Any] = []
    while not state.is_terminal() and state.engine.turn <= 3:
        if state.current_player == CHANCE:
            out += state.apply(state.sample_chance(rng))
        else:
            out += state.apply(rng.choice(state.legal_actions()))
    return out


def test_a_state_of_format_1_loads_and_plays_on_like_the_same_game_of_today() -> None:
    state, kept = _programmed_with_a_flywheel_card()
    today = state.to_dict()
    format_1 = dict(today, format_version=1)
    format_1["robots"] = [
        {key: value for key, value in robot.items() if key != "option_state"}
        | FORMAT_1_DEFAULTS | ({"flywheel": kept, "howitzer": 5} if robot["rid"] == 0 else {})
        for robot in today["robots"]]

    loaded = RoboRallyState.from_dict(format_1, board=BOARD)

    assert loaded.to_dict() == today
    assert loaded.robots[0].state_of(FlywheelState).card == kept
    again = RoboRallyState.from_dict(today, board=BOARD)
    assert _play_on(loaded, 7) == _play_on(again, 7)
    assert loaded.to_dict() == again.to_dict()


def test_a_flywheel_card_is_seen_only_by_its_owner() -> None:
    state, kept = _programmed_with_a_flywheel_card()

    mine = state.observation(0)["robots"][0]["option_state"]["flywheel"]
    theirs = state.observation(1)["robots"][0]["option_state"]["flywheel"]
    table = public_table(state, 1)

    assert mine["card"] == kept and theirs["card"] is True
    assert table.robots[0].state_of(FlywheelState).card == 0
    assert kept not in table.robots[0].option_cards()
    assert state.robots[0].state_of(FlywheelState).card == kept     # the game keeps it


def test_the_flywheel_card_joins_the_next_hand_and_leaves_the_option_card() -> None:
    state, kept = _programmed_with_a_flywheel_card()
    while state.current_player != CHANCE or state.pending is not None:
        q = state.pending
        state.apply(Answer(q.player, q.kind, q.default) if q.player != CHANCE
                    else state.sample_chance(random.Random(1)))
    state.apply(state.sample_chance(random.Random(2)))
    assert kept in state.robots[0].hand
    assert state.robots[0].option_cards() == []


def test_each_option_state_is_kept_under_its_own_option_id() -> None:
    for option, hooks in OPTIONS.items():
        if hooks.state is not None:
            assert hooks.state.option == option
            assert hooks.state() == hooks.state()            # every field has a default
