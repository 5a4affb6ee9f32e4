"""Turn flow that scenario files cannot express: the deck, dealing, programming with locked
registers, power down, lives, Recompile / Flywheel / Conditional Program / Abort Switch as
actions, the end of the game, events for the scene, and the bot fast path."""

from __future__ import annotations

import random
from collections import Counter

from game.core.types import CHANCE, SIMULTANEOUS, Direction, Pos
from game.roborally import events as ev
from game.roborally.actions import Answer, LockIn, PlaceCard, Recompile
from game.roborally.data import sample_course
from game.roborally.fastpath import LoneRobot
from game.roborally.model import STANDARD_CARDS
from game.roborally.options import FlywheelState
from game.roborally.playout import give_option
from game.roborally.state import RoboRallyState, lives_for

BOARD = sample_course()


def _new(robots: int = 2, **kw) -> RoboRallyState:
    return RoboRallyState(BOARD, [f"r{i}" for i in range(robots)], **kw)


def _deal(state: RoboRallyState, seed: int = 3) -> list:
    assert state.current_player == CHANCE
    return state.apply(state.sample_chance(random.Random(seed)))


def _program(state: RoboRallyState, rid: int, *, kinds: tuple[str, ...] = ("left", "right",
             "uturn"), **lock) -> list:
    """Fill the open registers of `rid`, preferring turning cards (they keep robots home).
    Returns the events of the lock-in (the whole turn when it is the last program)."""
    r = state.robots[rid]
    hand = sorted(r.hand, key=lambda c: (STANDARD_CARDS[c - 1][0] not in kinds, c))
    for k in range(5):
        if not r.locks[k] and not r.registers[k]:
            state.apply(PlaceCard(rid, k + 1, hand.pop(0)))
    return state.apply(LockIn(rid, **lock))


def _answer_defaults(state: RoboRallyState, rng: random.Random) -> list:
    out = []
    while state.current_player not in (SIMULTANEOUS,) and not state.is_terminal():
        if state.current_player == CHANCE:
            if state.pending is None:
                break
            out += state.apply(state.sample_chance(rng))
        else:
            q = state.pending
            out += state.apply(Answer(q.player, q.kind, q.default))
    return out


def test_program_deck_has_84_cards_with_the_rr22_priorities() -> None:
    kinds = Counter(t for t, _ in STANDARD_CARDS)
    assert kinds == {"uturn": 6, "left": 18, "right": 18, "back": 6, "move1": 18,
                     "move2": 12, "move3": 6}
    prio = {t: [p for tt, p in STANDARD_CARDS if tt == t] for t in kinds}
    assert prio["uturn"] == list(range(10, 70, 10))
    assert prio["left"] == list(range(70, 420, 20))
    assert prio["right"] == list(range(80, 430, 20))
    assert prio["back"] == list(range(430, 490, 10))
    assert prio["move1"] == list(range(490, 670, 10))
    assert prio["move2"] == list(range(670, 790, 10))
    assert prio["move3"] == list(range(790, 850, 10))


def test_deal_is_nine_minus_damage_plus_extra_memory() -> None:
    state = _new(3)
    state.robots[1].set_damage(4)
    state.robots[2].set_damage(5)
    give_option(state, 2, "extra_memory")
    assert state.deal_counts() == [9, 5, 5]          # WE-RR-17, WE-CB-14
    _deal(state)
    assert [len(r.hand) for r in state.robots] == [9, 5, 5]
    assert state.robots[2].locks == [False] * 4 + [True]


def test_locked_register_keeps_its_card_and_runs_again() -> None:
    state = _new(2)
    r = state.robots[0]
    r.set_damage(5)                                  # RR-5.3: register 5 locked
    locked_card = 1                                  # U-Turn 10
    state.engine.deck.remove(locked_card)
    r.registers[4] = locked_card
    _deal(state)
    assert len(r.hand) == 4
    assert all(PlaceCard(0, 5, c) not in state.legal_actions() for c in r.hand)
    _program(state, 0)
    _program(state, 1)
    _answer_defaults(state, random.Random(1))
    r = state.robots[0]            # robots are new objects after each resolved unit
    assert state.stage == "deal" and r.registers[4] == locked_card
    assert r.hand == [] and r.registers[:4] == [0, 0, 0, 0]


def test_power_down_sits_out_a_turn_and_removes_damage() -> None:
    state = _new(2)
    r = state.robots[0]
    r.set_damage(3)
    _deal(state)
    _program(state, 0, power_down=True)              # RR-5.5 announce for next turn
    events = _program(state, 1)
    events += _answer_defaults(state, random.Random(2))
    r = state.robots[0]
    assert any(isinstance(e, ev.PowerChanged) and e.what == "announced" for e in events)
    assert state.stage == "deal" and r.powered_down and r.damage == 0   # RR-10.1
    _deal(state)
    assert r.hand == [] and r.rid not in [p.rid for p in state.programmers()]
    start = (r.sq, r.facing)
    _program(state, 1)
    # end of the powered-down turn: the player is asked whether to stay down (RR-10.1)
    while state.pending is None or state.pending.kind != "power_down":
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(random.Random(4)))
        else:
            q = state.pending
            state.apply(Answer(q.player, q.kind, q.default))
    assert state.pending.player == 0
    state.apply(Answer(0, "power_down", "no"))
    _answer_defaults(state, random.Random(5))
    r = state.robots[0]
    assert not r.powered_down and state.stage == "deal"
    del start


def test_lives_depend_on_players_and_boards() -> None:
    assert [lives_for(p, b) for p, b in [(2, 1), (4, 4), (5, 4), (4, 5), (8, 2), (5, 6)]] \
        == [3, 3, 4, 4, 4, 5]                        # WE-CB-13
    assert [r.lives for r in _new(5).robots] == [4] * 5


def test_recompile_gives_a_new_hand_of_the_same_size_and_one_damage() -> None:
    state = _new(2)
    give_option(state, 0, "recompile")
    r = state.robots[0]
    _deal(state)
    old = sorted(r.hand)
    state.apply(Recompile(0))
    rng = random.Random(7)
    while state.stage != "program":       # new cards are chance draws; then the damage
        if state.current_player == CHANCE:  # may be prevented by discarding (CB-5.4): no
            state.apply(state.sample_chance(rng))
        else:
            state.apply(Answer(0, "discard", "none"))
    r = state.robots[0]
    assert len(r.hand) == 9 and sorted(r.hand) != old and r.damage == 1   # CB-6.2
    assert Recompile(0) not in state.legal_actions()


def test_flywheel_card_joins_the_next_hand() -> None:
    state = _new(2)
    give_option(state, 0, "flywheel")
    r = state.robots[0]
    _deal(state)
    _program(state, 1)
    hand = sorted(r.hand)
    kept = hand[-1]
    for k in range(5):
        state.apply(PlaceCard(0, k + 1, hand[k]))
    state.apply(LockIn(0, flywheel=kept))
    assert r.state_of(FlywheelState).card == kept
    _answer_defaults(state, random.Random(3))
    _deal(state, seed=9)
    r = state.robots[0]
    assert kept in r.hand and len(r.hand) == 10      # WE-CB-14


def test_conditional_program_swaps_the_reserve_card_in() -> None:
    state = _new(2)
    give_option(state, 0, "conditional_program")
    r = state.robots[0]
    _deal(state)
    _program(state, 1)
    hand = sorted(r.hand)
    for k in range(5):
        state.apply(PlaceCard(0, k + 1, hand[k]))
    reserve, replaced = hand[5], hand[0]
    state.apply(LockIn(0, reserve=reserve))
    assert state.pending is not None and (state.pending.player, state.pending.kind) == \
        (0, "reserve")
    events = state.apply(Answer(0, "reserve", "1"))
    assert any(isinstance(e, ev.OptionUsed) and e.option == "conditional_program"
               for e in events)
    assert any(isinstance(e, ev.CardRevealed) and e.robot == 0 and
               e.priority == STANDARD_CARDS[reserve - 1][1] for e in events)
    assert not any(isinstance(e, ev.CardRevealed) and e.robot == 0 and e.register == 1 and
                   e.priority == STANDARD_CARDS[replaced - 1][1] for e in events)


def test_reaching_the_last_flag_ends_the_game_with_a_ranking() -> None:
    start = BOARD.starts[0].at                        # S1, robots face N
    board = BOARD.with_flags((Pos(start.x, start.y - 1),))
    state = RoboRallyState(board, ["a", "b", "c"])
    state.apply(state.sample_chance(random.Random(1)))
    _program(state, 0, kinds=("move1", "move2", "move3"))
    _program(state, 1)
    events = _program(state, 2)
    events += _answer_defaults(state, random.Random(1))
    assert state.is_terminal()
    ended = [e for e in events if isinstance(e, ev.GameEnded)]
    assert ended and ended[0].winner == "a" and len(ended[0].ranking) == 3
    assert state.engine.winner == 0
    assert [state.robots[i].name for i in state.engine.ranking][0] == "a"
    assert sorted(state.engine.ranking) == [0, 1, 2]
    del ended


def test_every_register_event_names_its_phase() -> None:
    state = _new(8)
    rng = random.Random(11)
    _deal(state)
    events = []
    for r in state.programmers():
        events += _program(state, r.rid, kinds=("move1", "move2", "move3"))
    events += _answer_defaults(state, rng)
    assert any(isinstance(e, ev.RobotMoved) and e.cause == "card" for e in events)
    assert any(isinstance(e, ev.LaserFired) for e in events)
    for e in events:
        phase = getattr(e, "phase", None)
        if phase is not None:
            assert phase in ev.PHASES + ("deal", "program", "end of turn")


def test_lone_robot_fast_path_runs_the_real_register() -> None:
    sim = LoneRobot(BOARD)
    # (2, 2) is a north belt: Rotate Right, then the belt carries it one square (RR-7.5)
    out = sim.run(Pos(2, 2), Direction.N, ["right"])
    assert (out.pos, out.facing, out.destroyed) == (Pos(2, 1), Direction.E, False)
    # Move 1 west from (2, 1) lands on the pit at (1, 1): destroyed (RR-7.3)
    out = sim.run(Pos(2, 1), Direction.W, ["move1", "move1"])
    assert out.destroyed and out.pos is None and out.registers_run == 1


def test_register_locked_by_recompile_is_still_programmed_this_turn() -> None:
    state = _new(2)
    give_option(state, 0, "recompile")
    state.robots[0].set_damage(4)
    _deal(state)
    state.apply(Recompile(0))
    rng = random.Random(8)
    while state.stage != "program":
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(Answer(0, "discard", "none"))
    r = state.robots[0]
    assert r.damage == 5 and r.locks[4] and len(r.hand) == 5      # CB-6.2 ruling
    assert LockIn(0) not in state.legal_actions()                  # register 5 still open
    assert any(isinstance(a, PlaceCard) and a.register == 5 for a in state.legal_actions())
    hand = sorted(r.hand)
    for k in range(5):
        state.apply(PlaceCard(0, k + 1, hand[k]))
    state.apply(LockIn(0))
    _program(state, 1)
    _answer_defaults(state, random.Random(9))
    r = state.robots[0]
    if not r.destroyed and r.locks[4]:
        assert r.registers[4] == hand[4]                            # stays locked there


def test_option_cards_need_the_full_rules() -> None:
    import pytest
    with pytest.raises(ValueError, match="CB-2.3"):
        _new(2, rules={"RR_ROBOT_LASERS": False})                  # Beginner + options
    assert _new(2, rules={"RR_ROBOT_LASERS": False}, option_cards=False).robots
