"""The strong RoboRally bot's answers to the Crash & Burn questions of a register: which
weapon fires, where the Turret and the Shield point, which option card goes, whether the
Gyroscopic Stabilizer, the Abort Switch and the Conditional Program's reserve card come into
play (pure, no pygame)."""

from __future__ import annotations

import random
from typing import Any

from game.controllers.roborally import RoboRallyController, Seat
from game.core.types import SIMULTANEOUS, Direction, Pos
from game.roborally import events as ev
from game.roborally.actions import Answer, Deal, LockIn, PlaceCard, Recompile
from game.roborally.model import Board, Gear, Laser
from game.roborally.options import ConditionalProgramState, RadioControlState, gain_option
from game.roborally.questions import Question
from game.roborally.state import RoboRallyState
from game.roborally_bots.decisions import decide
from game.roborally_bots.strong import StrongBot, public_table
from tests.roborally_bots.positions import board as _board
from tests.roborally_bots.positions import cards as _cards
from tests.roborally_bots.positions import answer_until, programmed_turn
from tests.roborally_bots.positions import register_1_question as _register_1_question


def _bot_answer(board: Board, state: RoboRallyState, question: Question) -> str:
    """The strong bot's answer, in `question`'s seat, as the game would ask it."""
    return StrongBot(board, random.Random(3)).answer(
        public_table(state, question.player), question.player, question.kind,
        question.choices, question.default)


def _answer_all(board: Board, state: RoboRallyState, answer_for: Any = None) -> list[Any]:
    """Answer every question the turn still asks with a strong bot in each seat (or with
    `answer_for(question)` where that gives an answer) until the turn stops for the next deal;
    the events of the rest of the turn."""
    bot = StrongBot(board, random.Random(3))
    events: list[Any] = []
    while state.pending is not None:
        q = state.pending
        value = answer_for(q) if answer_for is not None else None
        if value is None:
            value = bot.answer(public_table(state, q.player), q.player, q.kind, q.choices,
                               q.default)
        events += state.apply(Answer(q.player, q.kind, value))
    return events


def _weapon_chosen(weapon: str, pits: tuple[Pos, ...], rival: Pos, flags: tuple[Pos, ...],
                   behind: tuple[Pos, ...] = ()) -> tuple[str, tuple[str, ...], int]:
    """Robot 0 (the strong bot) at (0, 2) holding `weapon`; its main laser's beam meets the
    rival at `rival` on row 2; more rivals stand `behind` it. The weapon question (CB-5.6):
    the bot's answer, the choices, and the robot the question names."""
    board = _board((6, 5), flags, [(Pos(0, 2), Direction.N), (rival, Direction.N)]
                   + [(at, Direction.N) for at in behind], pits=pits)
    state, question = _register_1_question(board, {0: [weapon]}, robots=2 + len(behind))
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


def test_its_pressor_beam_pushes_a_rival_into_another_and_that_one_into_a_pit() -> None:
    # RR-6.5: the push carries the robot in front along, from (3, 2) into the pit at (4, 2)
    answer, _choices, about = _weapon_chosen("pressor_beam", (Pos(4, 2),), Pos(2, 2),
                                             (Pos(5, 0), Pos(5, 4)), behind=(Pos(3, 2),))
    assert (answer, about) == ("pressor_beam", 1)


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
    asked: list[Question] = []

    def note(question: Question) -> None:
        asked.append(question)

    events = _answer_all(board, state, note)
    assert [q.choices for q in asked if q.kind == "lose_option"] == \
        [("rear_firing_laser", "superior_archive")]
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


def test_under_a_radio_control_its_turret_takes_its_robot_where_it_stands() -> None:
    # CB-6.20: Blue's Radio Control reached the bot's robot in register 1, so in register 2
    # it runs Blue's card, still face down when the Turret is asked (CB-6.7): the bot takes
    # its robot where it stands, at (1, 3), with Green to its right, rather than where its
    # own Move 1 would have taken it (to (1, 2), Blue behind it in line)
    board = _board((8, 6), (Pos(7, 0), Pos(7, 5)), [(Pos(1, 3), Direction.E),
                                                      (Pos(1, 5), Direction.E),
                                                      (Pos(4, 3), Direction.N)])
    state = programmed_turn(board, {0: ["turret"], 1: ["radio_control"]},
                            (("left", "move1", "right", "left", "right"),
                             ("left", "uturn", "left", "right", "left")), robots=3)
    question = answer_until(
        state, lambda q: q.kind == "turret" and state.register_under_way == 2,
        lambda q: "radio_control" if "radio_control" in q.choices else q.default)
    assert question.player == 0
    assert state.shown_robots[0].state_of(RadioControlState).controlled_by == 1, \
        "Blue's Radio Control reached the bot's robot"
    assert _bot_answer(board, state, question) == "right"


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


def _shield_turn(first: str) -> tuple[str, int]:
    """Robot 0 (the strong bot, a Shield) starts at (0, 2) facing north and plays `first`,
    then turns left and right in place; a board laser fires west along row 1 (RR-8.1). Its
    Shield side for register 1 (CB-6.6), and the damage it has after the turn."""
    laser = (Pos(5, 1), Laser(Direction.E, 1))
    board = _board((6, 5), (Pos(5, 4), Pos(4, 4)), [(Pos(0, 2), Direction.N),
                                                      (Pos(5, 3), Direction.N)],
                   mounted=(laser,))
    state, question = _register_1_question(board, {0: ["shield"]}, first=first)
    assert question.kind == "shield" and question.player == 0
    side = _bot_answer(board, state, question)
    state.apply(Answer(0, "shield", side))
    _answer_all(board, state)
    return side, state.robots[0].damage


def test_its_shield_faces_the_board_laser_its_card_takes_it_into() -> None:
    # CB-6.6: the Move 1 takes it onto row 1, where the beam enters its right side; then it
    # turns there, and each register the Shield takes the beam's point: no damage at all.
    # Where it turns away from row 1 nothing threatens: front (any side shields for free)
    assert _shield_turn("move1") == ("right", 0)
    assert _shield_turn("left") == ("front", 0)


def test_without_its_answers_the_laser_would_have_hurt_it() -> None:
    # the same turn with the game's default, no side: the beam's point every register
    laser = (Pos(5, 1), Laser(Direction.E, 1))
    board = _board((6, 5), (Pos(5, 4), Pos(4, 4)), [(Pos(0, 2), Direction.N),
                                                      (Pos(5, 3), Direction.N)],
                   mounted=(laser,))
    state, _question = _register_1_question(board, {0: ["shield"]}, first="move1")
    _answer_all(board, state, lambda q: q.default if q.kind == "shield" else None)
    assert state.robots[0].damage == 5


def _gyro(flags: tuple[Pos, ...]) -> str:
    """Robot 0 (the strong bot, a Gyroscopic Stabilizer) starts at (0, 2) facing north; its
    Move 1 takes it onto a gear at (0, 1) that turns right (RR-7.7). On or off in register 1
    (CB-6.13)?"""
    board = _board((6, 5), flags, [(Pos(0, 2), Direction.N), (Pos(5, 4), Direction.N)],
                   elements={Pos(0, 1): Gear(clockwise=True)})
    state, question = _register_1_question(board, {0: ["gyroscopic_stabilizer"]},
                                           first="move1")
    assert question.kind == "gyro"
    return _bot_answer(board, state, question)


def test_its_gyroscopic_stabilizer_lets_a_gear_turn_it_towards_its_flag() -> None:
    # the flag east along row 1: the gear's turn faces it there, so the stabilizer goes off;
    # the flag north: the turn would face it away, so it stays on
    assert _gyro((Pos(5, 1), Pos(0, 4))) == "off"
    assert _gyro((Pos(0, 0), Pos(5, 4))) == "on"


def _abort(first: str, program: tuple[str, ...]) -> str:
    """Robot 0 (the strong bot, an Abort Switch) starts at (0, 2) facing north with the
    program `first`, `program`; its flag at (5, 2). Does it switch to the draw stack's
    cards in register 1 (CB-6.5)?"""
    board = _board((6, 5), (Pos(5, 2), Pos(5, 4)), [(Pos(0, 2), Direction.N),
                                                      (Pos(5, 0), Direction.N)])
    state, question = _register_1_question(board, {0: ["abort_switch"]}, first=first,
                                           program=program)
    assert question.kind == "abort"
    return _bot_answer(board, state, question)


def test_it_aborts_a_program_that_drives_it_off_the_board() -> None:
    # Move 2 to the north edge, then Move 1 over it (RR-10.1): random cards do better on
    # average; a program that reaches its flag it keeps
    assert _abort("move2", ("move1", "move1", "left", "right")) == "yes"
    assert _abort("right", ("move3", "move2", "left", "right")) == "no"


def _swap(pits: tuple[Pos, ...]) -> str:
    """Robot 0 (the strong bot, a Conditional Program with a Turn Right set aside) starts at
    (0, 2) facing north and has a Move 1 in register 1; its flag is at (0, 0). Swap the
    reserve card into register 1 (CB-6.3)?"""
    board = _board((6, 5), (Pos(0, 0), Pos(5, 4)), [(Pos(0, 2), Direction.N),
                                                      (Pos(5, 0), Direction.N)], pits=pits)
    state, question = _register_1_question(board, {0: ["conditional_program"]},
                                           first="move1", reserve="right")
    assert question.kind == "reserve" and question.choices == ("1", "no")
    return _bot_answer(board, state, question)


def test_its_reserve_card_replaces_a_move_into_a_pit() -> None:
    # a pit at (0, 1) ahead: the Turn Right goes in; without it, the Move 1 on to the flag
    assert _swap((Pos(0, 1),)) == "1"
    assert _swap(()) == "no"


def test_it_sets_a_spare_card_aside_for_its_conditional_program() -> None:
    # CB-6.3: the lock-in names a hand card it did not program, which the robot then holds
    board = _board((6, 5), (Pos(5, 0), Pos(5, 4)), [(Pos(0, 2), Direction.N),
                                                      (Pos(5, 3), Direction.N)])
    state = RoboRallyState(board, ["Red", "Blue"], option_cards=True)
    state.robots[0].options = ["conditional_program"]
    state.robots[1].powered_down = True
    hand = _cards("move1", "move2", "right", "left", "move1", "uturn", "back", "move3", "left")
    state.apply(Deal((hand, ())))
    actions = decide(StrongBot(board, random.Random(3)), public_table(state, 0), 0, "program")
    for action in actions:
        state.apply(action)
    programmed = set(state.robots[0].registers)
    reserve = state.robots[0].state_of(ConditionalProgramState).card
    assert reserve in hand and reserve not in programmed



def _fire_control(rival_holds: list[str]) -> tuple[str, str]:
    """Robot 0 (the strong bot, Fire Control) turns east in register 1 and its main laser
    hits the powered-down rival at (3, 2), which holds `rival_holds`. Its choice for the
    damage point (CB-6.15), and the game's default."""
    board = _board((6, 5), (Pos(5, 0), Pos(5, 4)), [(Pos(0, 2), Direction.N),
                                                      (Pos(3, 2), Direction.N)])
    state, question = _register_1_question(board, {0: ["fire_control"], 1: rival_holds})
    while question.kind != "fire_control":      # the rival keeps its cards (CB-5.4)
        state.apply(Answer(question.player, question.kind, question.default))
        assert state.pending is not None
        question = state.pending
    assert question.player == 0 and question.context.robot == 1
    return _bot_answer(board, state, question), question.default


def test_its_fire_control_destroys_a_weapon_rather_than_lock_a_register() -> None:
    # CB-6.15: an option card destroyed is gone for good, a locked register only until the
    # damage is repaired; of the rival's Brakes and Pressor Beam, the weapon goes. A rival
    # without option cards gets the default, a register locked
    assert _fire_control(["brakes", "pressor_beam"]) == ("pressor_beam", "5")
    assert _fire_control([]) == ("5", "5")


def _fire_control_in_register_2(rival_program: tuple[str, ...]) -> tuple[str, str]:
    """Robot 0 (the strong bot, Fire Control) at (0, 2) looks north in register 1 and east
    along row 2 in register 2, where its main laser hits the rival (no option cards), which
    came from (7, 2) facing west, its flag at (0, 0), playing `rival_program`. The bot's
    choice of the register to lock (CB-6.15), and the game's default."""
    board = _board((8, 5), (Pos(0, 0), Pos(7, 4)), [(Pos(0, 2), Direction.E),
                                                      (Pos(7, 2), Direction.W)])
    state = programmed_turn(board, {0: ["fire_control"]},
                            (("left", "right", "left", "right", "left"), rival_program))
    question = answer_until(state, lambda q: q.kind == "fire_control")
    assert question.player == 0 and question.context.robot == 1
    assert state.register_under_way == 2
    return _bot_answer(board, state, question), question.default


def test_its_fire_control_locks_a_revealed_card_that_hinders_the_rival() -> None:
    # CB-6.15, RR-5.3.2: the register locked keeps its card next turn. The rival's U-Turn in
    # register 1 (it has turned back to face its flag since) would turn it away again: that
    # register is locked. Its Move 3 towards the flag it would gladly keep: the default
    # register, whose card the bot has not seen, is locked instead
    assert _fire_control_in_register_2(("uturn", "uturn", "left", "right", "move1")) == (
        "1", "5")
    assert _fire_control_in_register_2(("move3", "move1", "left", "right", "uturn")) == (
        "5", "5")


def _program_decision(hand_types: tuple[str, ...]) -> list[Any]:
    """Robot 0 (the strong bot, holding Recompile) at (0, 7) facing north, its flag at (0, 1)
    up a clear column, is dealt `hand_types`: its programming actions (CB-6.2)."""
    board = _board((8, 8), (Pos(0, 1), Pos(7, 7)), [(Pos(0, 7), Direction.N),
                                                      (Pos(3, 7), Direction.N)])
    state = RoboRallyState(board, ["Red", "Blue"], option_cards=True)
    gain_option(state.robots[0], "recompile")
    state.robots[1].powered_down = True
    state.apply(Deal((_cards(*hand_types), ())))
    return decide(StrongBot(board, random.Random(3)), public_table(state, 0), 0, "program")


def test_it_gives_back_a_hand_that_cannot_move_it_and_keeps_one_that_can() -> None:
    # CB-6.2: nine U-Turns and Back Ups leave it where it is; a new hand, for one damage,
    # very likely runs it up the column. A hand with Move 3s that reach the flag it keeps
    assert _program_decision(("uturn", "back") * 4 + ("uturn",)) == [Recompile(0)]
    kept = _program_decision(("move3", "move3", "move2", "left", "right", "uturn", "back",
                              "back", "left"))
    assert kept and not any(isinstance(a, Recompile) for a in kept)
    assert isinstance(kept[-1], LockIn)


class _AlwaysRecompiles(StrongBot):
    """A strong bot that gives back every first hand (to follow what the game does then)."""

    def _should_recompile(self, *args: Any) -> bool:
        return True


def test_after_a_recompile_a_bot_programs_its_new_hand() -> None:
    # the game draws the new hand and deals the damage (CB-6.2), then asks the bot again: it
    # programs from the new hand, whole
    board = _board((8, 8), (Pos(7, 0), Pos(7, 7)), [(Pos(0, 7), Direction.N),
                                                      (Pos(3, 7), Direction.N)])
    controller = RoboRallyController(
        board, [Seat("Red", "red", "strong"), Seat("Blue", "blue", "normal")], 5,
        option_cards=True)
    gain_option(controller.state.robots[0], "recompile")
    controller.bots[0] = _AlwaysRecompiles(board, random.Random(3))
    while controller.state.current_player != SIMULTANEOUS:
        controller.step()                       # the deal
    first_hand = set(controller.state.robots[0].hand)
    log = controller.match.log
    for _ in range(40):         # the new hand's draws, the damage's question (CB-5.4), …
        if any(isinstance(a, LockIn) and a.robot == 0 for a in log):
            break
        assert controller.step()
    assert [a for a in log if isinstance(a, Recompile)] == [Recompile(0)]
    after = log[log.index(Recompile(0)):]
    placed = [a.card for a in after if isinstance(a, PlaceCard) and a.robot == 0]
    assert len(placed) == 5 and not set(placed) & first_hand, "programmed from the new hand"
    assert any(isinstance(a, LockIn) and a.robot == 0 for a in after)
    assert controller.state.robots[0].damage == 1
