"""The strong RoboRally bot picks the obviously better program where the other robots and
the board make the difference (pure, no pygame; a few seconds)."""

from __future__ import annotations

import random
from typing import Any

from game.core.types import Direction, Pos
from game.roborally import events as ev
from game.roborally.actions import Deal, LockIn, PlaceCard
from game.roborally.model import STANDARD_CARDS, Board, Laser
from game.roborally.state import RoboRallyState
from game.roborally_bots.strong import StrongBot, public_table
from tests.roborally_bots.positions import board as _board
from tests.roborally_bots.positions import cards as _cards


def _play_strong_turn(board: Board, hand: tuple[int, ...]) -> tuple[RoboRallyState, list[Any]]:
    """Robot 0 (the strong bot) against a powered-down robot 1: deal `hand`, let the bot
    program, and run the turn's five registers."""
    state = RoboRallyState(board, ["Strong", "Rival"], option_cards=False)
    state.robots[1].powered_down = True       # it stands still where the test put it
    state.apply(Deal((hand, ())))
    bot = StrongBot(board, random.Random(3))
    choice = bot.program(public_table(state, 0), 0)
    for register, card in enumerate(choice.cards, start=1):
        state.apply(PlaceCard(0, register, card))
    return state, state.apply(LockIn(0))


def test_it_does_not_stop_in_a_laser_beam_when_an_equal_program_passes_through() -> None:
    # RR-8.1: the board laser on row 2 fires at the end of every register; the flag is four
    # squares north, reached in three registers either by stopping on row 2 or by crossing it
    laser = (Pos(0, 2), Laser(Direction.W, 1))
    board = _board((5, 6), (Pos(2, 0), Pos(4, 5)), [(Pos(2, 4), Direction.N),
                                                      (Pos(4, 4), Direction.N)],
                   mounted=(laser,))
    hand = _cards("move1", "move1", "move2", "uturn", "uturn", "back", "back", "left", "left")
    state, _events = _play_strong_turn(board, hand)
    strong = state.robots[0]
    assert strong.next_flag == 2, "it reaches the flag"
    assert strong.damage == 0, "it never ends a register on the laser's row"


def test_it_pushes_a_rival_into_a_pit_when_that_costs_it_nothing() -> None:
    # RR-6.5 / RR-8.4: flag 1 at (2, 0) is four registers away either way: north first, or
    # east first along row 2, pushing the rival at (1, 2) onto the pit at (3, 2); a bot that
    # ignores the rival takes the first way (the baseline does)
    board = _board((5, 5), (Pos(2, 0), Pos(2, 4)), [(Pos(0, 2), Direction.N),
                                                      (Pos(1, 2), Direction.S)],
                   pits=(Pos(3, 2),))
    hand = _cards("move2", "move2", "left", "right", "uturn", "uturn", "back", "back", "uturn")
    state, events = _play_strong_turn(board, hand)
    assert state.robots[0].next_flag == 2, "it still reaches the flag"
    assert [(e.robot, e.into) for e in events if isinstance(e, ev.RobotFell)] == [(1, "pit")]


def _announces_power_down(board: Board, damage: int, hand: tuple[int, ...]) -> bool:
    """Robot 0 (the strong bot, `damage` tokens, RR-5.1: 9 − damage cards) programs its turn
    against a powered-down rival: does it announce a power down for the next (RR-5.5)?"""
    state = RoboRallyState(board, ["Strong", "Rival"], option_cards=False)
    state.robots[1].powered_down = True
    state.robots[0].set_damage(damage)
    state.apply(Deal((hand, ())))
    return StrongBot(board, random.Random(5)).program(public_table(state, 0), 0).power_down


def test_it_does_not_power_down_a_turn_away_from_winning() -> None:
    # RR-5.5 / RR-12.1: the last flag is four squares ahead; this hand only turns (and
    # back to north), so the robot cannot reach it now, but next turn's five cards mostly
    # can: a turn powered down would hand the race to anyone close behind, damage or not
    board = _board((3, 8), (Pos(1, 1),), [(Pos(1, 5), Direction.N), (Pos(2, 7), Direction.N)])
    hand = _cards("left", "left", "uturn", "left", "right")
    assert not _announces_power_down(board, 4, hand)


def test_it_powers_down_when_badly_damaged_far_from_the_flags() -> None:
    # RR-5.3 / RR-5.5: six damage leaves three cards for three registers (two are locked)
    # with eighteen squares still to run to the flags: a turn powered down repairs it all
    board = _board((3, 20), (Pos(1, 1), Pos(1, 18)),
                   [(Pos(1, 18), Direction.N), (Pos(2, 19), Direction.N)])
    hand = _cards("move1", "left", "back")
    assert _announces_power_down(board, 6, hand)


def test_a_resumed_game_decides_as_the_uninterrupted_one() -> None:
    # STYLE.md §4.4 / docs/saves.md: a bot's generator is positioned for every decision, so
    # a game rebuilt from its log (a fresh bot) programs exactly as the bot that has already
    # decided earlier turns; here three rivals are in play, so the bot guesses their programs
    board = _board((8, 8), (Pos(4, 0), Pos(4, 7)),
                   [(Pos(2, 6), Direction.N), (Pos(3, 6), Direction.N),
                    (Pos(4, 6), Direction.N), (Pos(5, 6), Direction.N)])
    state = RoboRallyState(board, ["Strong", "A", "B", "C"], option_cards=False)
    deck = random.Random(11).sample(range(1, len(STANDARD_CARDS) + 1), 36)
    state.apply(Deal(tuple(tuple(deck[n * 9:n * 9 + 9]) for n in range(4))))
    table = public_table(state, 0)
    fresh_rng = random.Random(0)
    fresh = StrongBot(board, fresh_rng)
    fresh_rng.seed("turn 2")
    resumed = fresh.program(table, 0)
    played_rng = random.Random(0)
    played = StrongBot(board, played_rng)
    for turn in ("turn 0", "turn 1"):      # the decisions it made before
        played_rng.seed(turn)
        played.program(table, 0)
    played_rng.seed("turn 2")
    assert played.program(table, 0) == resumed
