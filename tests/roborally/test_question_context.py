"""A question knows what it is about, so the table can say it: the damage an option card may
prevent comes from a named robot's laser, a board laser, a ram (CB-5.4), and Fire Control
hits a named robot (CB-6.15). A saved game, its actions played again, asks the same
question with the same context; the state's plain-data form keeps it, and one written
before it loads and plays on as before."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from game.core.types import CHANCE
from game.roborally import events as ev
from game.roborally.data import sample_course
from game.roborally.questions import NO_CONTEXT
from game.roborally.playout import give_option
from game.roborally.state import RoboRallyState

BOARD = sample_course()
HELD = (("fire_control", "rear_firing_laser"), ("extra_memory", "ramming_gear"), ("brakes",),
        ("recompile",))
"""Option cards that neither prevent damage by themselves nor stop a robot from asking."""


def _game() -> RoboRallyState:
    state = RoboRallyState(BOARD, ["Anna", "Ben", "Clara", "Dora"], option_cards=True)
    for seat, options in enumerate(HELD):
        for option in options:
            give_option(state, seat, option)
    return state


def _play_until(state: RoboRallyState, rng: random.Random, kind: str, cause: str = "",
                played: list[Any] | None = None) -> list[Any]:
    """Random legal play until a player is asked `kind` (for `cause`), each action added to
    `played`; the events of the unit that asks."""
    unit: list[Any] = []
    for _ in range(5000):
        q = state.pending
        if q is not None and q.player != CHANCE and q.kind == kind \
                and q.context.cause == (cause or q.context.cause):
            return unit
        if state.current_player == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        if played is not None:
            played.append(action)
        events = state.apply(action)
        unit = unit + events if state.pending is not None else events
        assert not state.is_terminal(), f"the game ended before a {kind} question"
    raise AssertionError(f"no {kind} question in 5000 actions")


def test_the_discard_question_names_the_robot_whose_laser_hits() -> None:
    state = _game()
    events = _play_until(state, random.Random(0), "discard", "robot_laser")
    q = state.pending
    assert q is not None
    asked = state.robots[q.player].name
    shooter = q.context.robot
    assert shooter >= 0 and shooter != q.player
    beams = [e for e in events if isinstance(e, ev.LaserFired)
             and e.source == state.robots[shooter].name]
    assert any(asked in beam.targets for beam in beams)


def test_the_discard_question_says_a_board_laser_hits_without_a_robot() -> None:
    state = _game()
    events = _play_until(state, random.Random(0), "discard", "board_laser")
    q = state.pending
    assert q is not None
    asked = state.robots[q.player].name
    assert q.context.robot == -1
    assert any(isinstance(e, ev.LaserFired) and e.source == "board" and asked in e.targets
               for e in events)


def test_the_fire_control_question_names_the_robot_it_hits() -> None:
    state = _game()
    events = _play_until(state, random.Random(0), "fire_control")
    q = state.pending
    assert q is not None
    shooter = state.robots[q.player]
    assert q.context.cause == "fire_control"
    target = state.robots[q.context.robot]
    assert any(isinstance(e, ev.LaserFired) and e.source == shooter.name
               and target.name in e.targets for e in events)


def test_a_saved_question_keeps_its_context_and_an_older_save_still_plays_on() -> None:
    state = _game()
    _play_until(state, random.Random(0), "discard", "robot_laser")
    saved = state.to_dict()

    resumed = RoboRallyState.from_dict(saved, board=BOARD)
    assert state.pending is not None and state.pending.context != NO_CONTEXT
    assert resumed.pending == state.pending, "who, what, the choices and what it is about"

    older = dict(saved, pending={key: value for key, value in saved["pending"].items()
                                 if key in ("player", "kind", "choices", "default")})
    old = RoboRallyState.from_dict(older, board=BOARD)
    assert old.pending == replace(state.pending, context=NO_CONTEXT)
    rng_old, rng_new = random.Random(3), random.Random(3)
    for _ in range(200):
        if old.is_terminal():
            break
        if old.current_player == CHANCE:
            assert old.apply(old.sample_chance(rng_old)) == \
                resumed.apply(resumed.sample_chance(rng_new))
        else:
            assert old.apply(rng_old.choice(old.legal_actions())) == \
                resumed.apply(rng_new.choice(resumed.legal_actions()))
    assert old.to_dict() == resumed.to_dict()


def test_the_actions_played_again_ask_the_same_question_with_its_context() -> None:
    """A save is the game's actions: resuming plays them again on a new game."""
    state = _game()
    played: list[Any] = []
    _play_until(state, random.Random(0), "fire_control", played=played)
    again = _game()
    for action in played:
        again.apply(action)
    assert state.pending is not None and state.pending.context != NO_CONTEXT
    assert again.pending == state.pending
