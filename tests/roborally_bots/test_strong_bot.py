"""The strong RoboRally bot picks the obviously better program where the other robots and
the board make the difference (pure, no pygame; a few seconds)."""

from __future__ import annotations

import random
from typing import Any

from game.core.types import Direction, Pos
from game.roborally import events as ev
from game.roborally.actions import Answer, Deal, LockIn, PlaceCard
from game.roborally.model import (
    STANDARD_CARDS, Board, Floor, Laser, MountedElement, Pit, StartSquare)
from game.roborally.questions import Question
from game.roborally.state import RoboRallyState
from game.roborally_bots.strong import StrongBot, public_table


def _board(size: tuple[int, int], flags: tuple[Pos, ...], starts: list[tuple[Pos, Direction]],
           pits: tuple[Pos, ...] = (),
           mounted: tuple[tuple[Pos, MountedElement], ...] = ()) -> Board:
    width, height = size
    floor = {Pos(x, y): Pit() if Pos(x, y) in pits else Floor()
             for y in range(height) for x in range(width)}
    docks = tuple(StartSquare(n + 1, at, facing) for n, (at, facing) in enumerate(starts))
    return Board("test", width, height, floor,  # type: ignore[arg-type]
                 frozenset(), mounted=mounted, starts=docks, flags=flags)


def _cards(*types: str) -> tuple[int, ...]:
    """Distinct card ids of the given types."""
    used: list[int] = []
    for t in types:
        used.append(next(i + 1 for i, (ct, _p) in enumerate(STANDARD_CARDS)
                         if ct == t and i + 1 not in used))
    return tuple(used)


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


def _register_1_question(board: Board, held: dict[int, list[str]], damage: int = 0,
                         first: str = "right") -> tuple[RoboRallyState, Question]:
    """Robot 0 plays `first` in register 1 (turning east from its start in the first tests,
    its main laser along row 2 at robot 1), robot 1 powered down with `damage` tokens; each
    robot holds its `held` option cards. The question the register stops on."""
    state = RoboRallyState(board, ["Red", "Blue"], option_cards=True)
    for p, options in held.items():
        state.robots[p].options = list(options)
    state.robots[1].powered_down = True
    state.robots[1].set_damage(damage)
    hand = _cards(first, "left", "right", "left", "right", "uturn", "uturn", "back", "back")
    state.apply(Deal((hand, ())))
    for register, card in enumerate(hand[:5], start=1):
        state.apply(PlaceCard(0, register, card))
    state.apply(LockIn(0))
    assert state.pending is not None
    return state, state.pending


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
