"""The strong RoboRally bot's answers to the Crash & Burn questions of a register: which
weapon fires, where the Turret points, which option card goes (pure, no pygame)."""

from __future__ import annotations

import random
from typing import Any

from game.core.types import Direction, Pos
from game.roborally import events as ev
from game.roborally.actions import Answer
from game.roborally_bots.strong import StrongBot, public_table
from tests.roborally_bots.positions import board as _board
from tests.roborally_bots.positions import register_1_question as _register_1_question


def _weapon_chosen(weapon: str, pits: tuple[Pos, ...], rival: Pos, flags: tuple[Pos, ...]
                   ) -> tuple[str, tuple[str, ...], int]:
    """Robot 0 (the strong bot) at (0, 2) holding `weapon`; its main laser's beam meets the
    rival at `rival` on row 2. The weapon question (CB-5.6): the bot's answer, the choices,
    and the robot the question names."""
    board = _board((6, 5), flags, [(Pos(0, 2), Direction.N), (rival, Direction.N)],
                   pits=pits)
    state, question = _register_1_question(board, {0: [weapon]})
    assert question.kind == "weapon"
    answer = StrongBot(board, random.Random(3)).answer(public_table(state, 0), 0, "weapon",
                                                       question.choices, question.default)
    return answer, question.choices, question.context.robot


def test_it_fires_the_pressor_beam_to_push_a_rival_into_a_pit() -> None:
    # CB-6.19 / RR-8.4: a push east carries the rival from (2, 2) into the pit at (3, 2)
    answer, choices, about = _weapon_chosen("pressor_beam", (Pos(3, 2),), Pos(2, 2),
                                            (Pos(5, 0), Pos(5, 4)))
    assert choices == ("laser", "pressor_beam") and about == 1
    assert answer == "pressor_beam"


def test_it_keeps_the_laser_where_a_push_would_carry_the_rival_towards_its_flag() -> None:
    # the rival's flag lies east along row 2: its damage counts, a push would help it
    answer, _choices, _about = _weapon_chosen("pressor_beam", (), Pos(2, 2),
                                              (Pos(5, 2), Pos(0, 4)))
    assert answer == "laser"


def test_it_pulls_a_rival_into_a_pit_with_the_tractor_beam() -> None:
    # CB-6.22: the rival two squares east is pulled west onto the pit at (1, 2) between them
    answer, choices, _about = _weapon_chosen("tractor_beam", (Pos(1, 2),), Pos(2, 2),
                                             (Pos(5, 0), Pos(5, 4)))
    assert choices == ("laser", "tractor_beam")
    assert answer == "tractor_beam"


def test_the_mini_howitzer_hits_and_pushes_a_rival_away_from_its_flag() -> None:
    # CB-6.18: the same damage as the laser, and the push east takes the rival further from
    # its flag in the west; where the push would bring it nearer, the laser
    away, _choices, _about = _weapon_chosen("mini_howitzer", (), Pos(2, 2),
                                            (Pos(0, 0), Pos(5, 4)))
    nearer, _choices, _about = _weapon_chosen("mini_howitzer", (), Pos(2, 2),
                                              (Pos(5, 2), Pos(0, 4)))
    assert (away, nearer) == ("mini_howitzer", "laser")


def _discards(damage: int) -> str:
    """Robot 1 (the strong bot, `damage` tokens, holding Brakes and a Scrambler) is hit by
    robot 0's main laser: its answer to "discard an option card to prevent 1 damage?"
    (CB-5.4)."""
    board = _board((6, 5), (Pos(5, 0), Pos(5, 4)), [(Pos(0, 2), Direction.N),
                                                      (Pos(3, 2), Direction.N)])
    state, question = _register_1_question(board, {1: ["brakes", "scrambler"]}, damage)
    assert question.kind == "discard" and question.player == 1
    return StrongBot(board, random.Random(3)).answer(public_table(state, 1), 1, "discard",
                                                     question.choices, question.default)


def test_it_gives_up_an_option_card_rather_than_be_destroyed() -> None:
    # CB-5.4 / CB-5.5: the tenth damage destroys it, and a destroyed robot loses an option
    # card anyway: the Scrambler, which it never fires, goes; with three damage it keeps both
    assert _discards(9) == "scrambler"
    assert _discards(3) == "none"


def test_destroyed_it_loses_its_superior_archive_and_returns_unharmed() -> None:
    # CB-5.5 / CB-6.25 ruling: the card lost on destruction may be the Superior Archive,
    # which then spares the re-entry damage (RR-10.5.2); the game's default, the first card
    # held, would keep it for nothing. Driven off the board's edge in register 1.
    board = _board((4, 3), (Pos(3, 0), Pos(3, 2)), [(Pos(1, 0), Direction.N),
                                                      (Pos(3, 2), Direction.N)])
    state, _question = _register_1_question(
        board, {0: ["rear_firing_laser", "superior_archive"]}, first="move1")
    bot = StrongBot(board, random.Random(3))
    events: list[Any] = []
    while state.pending is not None:
        q = state.pending
        events += state.apply(Answer(q.player, q.kind, bot.answer(
            public_table(state, q.player), q.player, q.kind, q.choices, q.default)))
        if q.kind == "lose_option":
            assert q.choices == ("rear_firing_laser", "superior_archive")
    assert [e.option for e in events if isinstance(e, ev.OptionDiscarded)] == \
        ["superior_archive"]
    back = [e for e in events if isinstance(e, ev.RobotReentered)]
    assert back and back[0].robot == 0, "it returns at the end of the turn"
    assert state.robots[0].options == ["rear_firing_laser"]
    assert state.robots[0].damage == 0


def _turret_points(rival: Pos) -> str:
    """Robot 0 (the strong bot, a Turret) starts at (1, 3) facing north and moves 1 to (1, 2)
    in register 1; the powered-down rival stands at `rival`. Where does it point its main
    laser (CB-6.7, asked before the register's cards move)?"""
    board = _board((6, 5), (Pos(5, 0), Pos(5, 4)), [(Pos(1, 3), Direction.N),
                                                      (rival, Direction.N)])
    state, question = _register_1_question(board, {0: ["turret"]}, first="move1")
    assert question.kind == "turret" and question.player == 0
    return StrongBot(board, random.Random(3)).answer(public_table(state, 0), 0, "turret",
                                                     question.choices, question.default)


def test_its_turret_points_where_its_card_brings_the_rival_into_line() -> None:
    # the rival stands on row 2, which the robot reaches with its Move 1: to its right; on
    # row 3, which it leaves, nothing lies in line where it ends: front, the default
    assert _turret_points(Pos(4, 2)) == "right"
    assert _turret_points(Pos(4, 3)) == "front"


def test_asked_mid_register_a_bot_sees_the_other_robots_as_a_player_would() -> None:
    # GEN-4: at a question the table shows the robots where the register's events put them;
    # a bot's copy of them must not carry the other robots' hands or cards still face down
    board = _board((6, 5), (Pos(5, 0), Pos(5, 4)), [(Pos(0, 2), Direction.N),
                                                      (Pos(3, 2), Direction.N)])
    state, question = _register_1_question(board, {1: ["brakes"]})
    assert question.kind == "discard" and question.player == 1
    shooter = public_table(state, 1).shown_robots[0]
    assert shooter.registers[1:] == [0, 0, 0, 0] and shooter.hand == []
    assert state.shown_robots[0].registers[1] != 0, "the game keeps them"
