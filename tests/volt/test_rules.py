"""VOLT rules that scenario files cannot say: Phase 0, programming, start numbers, seats,
chance nodes, and the events a scene animates (RULES.md VT-4..VT-10)."""

from __future__ import annotations

import pytest

from game.core.types import CHANCE, SIMULTANEOUS, TERMINAL, Direction, Direction8, Pos
from game.data import Reader
from game.data.files import read_format
from game.volt import events as ev
from game.volt.actions import (DealStartNumbers, DrawMarker, LockIn, OrderTiedOperators,
                               PlaceDie, PlaceRobot, TakeStartNumber)
from game.volt.data import ARENA_FORMAT, read_arena
from game.volt.model import Die, DieColour, to_absolute, to_relative
from game.volt.state import VoltState

ARENA_TEXT = """\
format: volt-arena/1
name: Test Yard
size: [6, 6]
map: |
  .  SN SN .  .  .
  .  V1 .  V2 .  .
  .  .  O  .  .  .
  .  V3 .  V4 W  .
  .  V5 .  V6 .  .
  .  SS .  .  SS .
"""


def arena():
    r = Reader.from_text(ARENA_TEXT, "test.yaml")
    read_format(r, {ARENA_FORMAT: None}, "test")
    return read_arena(r, default_name="test", playable=True, arena_id="test")


ARENA = arena()


def program(state: VoltState, player: int, dice: list[tuple[str, int, str]],
            time_ms: int) -> list[ev.Event]:
    out: list[ev.Event] = []
    for cross, (colour, value, direction) in enumerate(dice):
        out += state.apply(PlaceDie(player, cross, colour, value, direction))
    out += state.apply(LockIn(player, time_ms))
    return out


def started(numbers: tuple[int, ...] = (1, 2), marker: int = 1) -> VoltState:
    """A 2-operator game (S and N) with both robots placed on their first free start field."""
    state = VoltState.new_game(ARENA, [Direction.S, Direction.N][: len(numbers)])
    state.apply(DealStartNumbers(numbers))
    state.apply(DrawMarker(marker))
    while state.phase == "restart":
        state.apply(state.legal_actions()[0])
    return state


# -- seats (VT-4.5) -----------------------------------------------------------------------

@pytest.mark.parametrize(("seat", "up", "right"), [
    (Direction.S, Direction8.N, Direction8.E),
    (Direction.N, Direction8.S, Direction8.W),
    (Direction.W, Direction8.E, Direction8.S),
    (Direction.E, Direction8.W, Direction8.N),
])
def test_controller_keys_turn_with_the_seat(seat, up, right) -> None:
    assert to_absolute(seat, Direction8.N) == up
    assert to_absolute(seat, Direction8.E) == right
    assert to_absolute(seat, Direction8.NE) == up.turned(1)
    for key in Direction8:
        assert to_relative(seat, to_absolute(seat, key)) == key


# -- setup and Phase 0 (VT-4, VT-5.1) ------------------------------------------------------

def test_setup_deals_start_numbers_by_chance() -> None:
    state = VoltState.new_game(ARENA, [Direction.S, Direction.N])
    assert state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [DealStartNumbers((1, 2)), DealStartNumbers((2, 1))]
    assert [p for _, p in outcomes] == [0.5, 0.5]


def test_first_phase_0_draws_a_marker_uniformly_then_restarts_lowest_number_first() -> None:
    state = VoltState.new_game(ARENA, [Direction.S, Direction.N])
    state.apply(DealStartNumbers((2, 1)))
    assert state.current_player == CHANCE
    assert state.chance_outcomes() == [(DrawMarker(n), 1 / 6) for n in range(1, 7)]
    events = state.apply(DrawMarker(4))
    assert events[0] == ev.MarkerPlaced(4, Pos(3, 3), 1)
    # start number 1 (operator 1, north) places first, on a free N start field (VT-5.1.3)
    assert state.current_player == 1
    assert state.legal_actions() == [PlaceRobot(1, Pos(1, 0)), PlaceRobot(1, Pos(2, 0))]
    state.apply(PlaceRobot(1, Pos(2, 0)))
    assert state.current_player == 0
    assert state.legal_actions() == [PlaceRobot(0, Pos(1, 5)), PlaceRobot(0, Pos(4, 5))]
    events = state.apply(PlaceRobot(0, Pos(4, 5)))
    assert ev.StartNumbersReturned() in events
    assert state.start_numbers == [None, None]  # VT-5.1 step 4
    assert state.current_player == SIMULTANEOUS


Dice = list[tuple[str, int, str]]


def hold_still(state: VoltState, player: int) -> Dice:
    """A program that changes nothing for a robot on its own side's edge (or outside the
    arena): both moves press into the outer wall, the laser fires out of the arena."""
    edge = state.sides[player].value
    return [("blue", 1, edge), ("blue", 1, edge), ("red", 1, edge)]


INTO_THE_PIT: Dice = [("blue", 3, "N"), ("blue", 1, "E"), ("red", 1, "N")]
"""From the south start field (1, 5): up to (1, 2), then east into the pit (2, 2) (WE-VT-05)."""


def play_round(state: VoltState, programs: dict[int, Dice]) -> list[ev.Event]:
    """The rest of the round as the operators play it: each programs (`programs`, or
    `hold_still`) and locks in, operator 0 fastest; they take the lowest free start number
    in that order; the dice run, Phase 3 triggers, and the next round's Phase 0 begins. The
    events of the last action, Phase 0's among them."""
    assert state.phase == "program"
    rounds = state.round
    out: list[ev.Event] = []
    for p in state.players:
        out = program(state, p, programs.get(p) or hold_still(state, p), 1000 * (p + 1))
    while state.phase == "number":
        out = state.apply(state.legal_actions()[0])
    assert ev.RoundStarted(rounds + 1) in out
    return out


def test_we_vt_09_no_marker_drawn_with_three_in_the_arena() -> None:
    state = started()
    state.markers = [1, 0, 0, 2, 0, 0]
    out = play_round(state, {})
    assert state.phase == "program"
    assert not any(isinstance(e, ev.MarkerPlaced) for e in out)


def test_we_vt_09_marker_goes_on_its_field_even_if_occupied() -> None:
    state = started()
    state.markers = [0, 0, 0, 0, 1, 1]
    # operator 0's robot walks from (1, 5) onto VP field 4 at (3, 3) and stays there
    play_round(state, {0: [("blue", 2, "E"), ("blue", 2, "N"), ("red", 1, "W")]})
    assert state.robot_at(Pos(3, 3)) == 0
    assert state.phase == "marker"
    events = state.apply(DrawMarker(4))
    assert events[0] == ev.MarkerPlaced(4, Pos(3, 3), 1)
    assert state.markers_at(4) == 1 and state.robot_at(Pos(3, 3)) == 0


def test_we_vt_09_marker_goes_on_its_field_even_if_it_holds_one() -> None:
    state = started()
    state.markers = [0, 0, 0, 1, 1, 0]
    play_round(state, {})
    assert state.phase == "marker"
    events = state.apply(DrawMarker(4))
    assert events[0] == ev.MarkerPlaced(4, Pos(3, 3), 2)
    assert state.markers_at(4) == 2


def test_destroyed_robot_is_cleared_and_restarts_next_round() -> None:
    """WE-VT-05: damage cleared in step 2, restart on a free start field in step 3."""
    state = started()
    state.robots[0].damage = 2   # hit twice in earlier rounds
    out = play_round(state, {0: INTO_THE_PIT})
    assert ev.RobotDestroyed(0, Pos(2, 2), "pit", None) in out
    events = out + state.apply(DrawMarker(2))
    assert ev.DamageCleared(0, 2) in events
    assert state.robots[0].damage == 0
    assert state.phase == "restart" and state.current_player == 0
    state.apply(PlaceRobot(0, Pos(1, 5)))
    assert state.robots[0].at == Pos(1, 5) and not state.robots[0].destroyed


def test_only_free_start_fields_of_the_own_side_are_offered() -> None:
    state = started()
    state.markers = [1, 1, 1, 0, 0, 0]
    # operator 0's robot falls into the pit; the north robot walks onto a south start field
    play_round(state, {0: INTO_THE_PIT,
                       1: [("blue", 3, "E"), ("blue", 5, "S"), ("red", 1, "N")]})
    assert state.robots[0].destroyed and state.robot_at(Pos(4, 5)) == 1
    assert state.phase == "restart"
    assert state.legal_actions() == [PlaceRobot(0, Pos(1, 5))]


def test_waiting_robot_tries_again_next_phase_0() -> None:
    arena_text = ARENA_TEXT.replace(".  SS .  .  SS .", ".  SS .  .  .  .")
    r = Reader.from_text(arena_text, "one-start.yaml")
    read_format(r, {ARENA_FORMAT: None}, "test")
    one = read_arena(r, default_name="one", playable=True)
    state = VoltState.new_game(one, [Direction.S, Direction.N])
    state.apply(DealStartNumbers((1, 2)))
    state.apply(DrawMarker(1))
    state.apply(PlaceRobot(0, Pos(1, 5)))
    state.apply(PlaceRobot(1, Pos(1, 0)))
    state.markers = [1, 1, 1, 0, 0, 0]
    # operator 0's robot falls into the pit and operator 1's robot walks down onto its only
    # start field
    out = play_round(state, {0: INTO_THE_PIT,
                             1: [("blue", 1, "N"), ("blue", 5, "S"), ("red", 1, "N")]})
    assert state.robot_at(Pos(1, 5)) == 1
    assert ev.RobotWaiting(0) in out
    assert state.phase == "program" and state.robots[0].at is None
    # it is still programmed (its dice will be skipped, VT-6.3)
    assert PlaceDie(0, 0, "red", 1, "N") in state.legal_actions(0)
    # operator 1's robot leaves the start field: next Phase 0 the robot restarts
    play_round(state, {1: [("blue", 1, "E"), ("blue", 1, "E"), ("red", 1, "N")]})
    assert state.robot_at(Pos(3, 5)) == 1
    assert state.phase == "restart" and state.legal_actions() == [PlaceRobot(0, Pos(1, 5))]


# -- Phase 1: start numbers (VT-5.2.7, VT-5.2.9) --------------------------------------------

def test_we_vt_11_faster_operator_chooses_first() -> None:
    sides = [Direction.S, Direction.N, Direction.W]
    three = VoltState(ARENA, sides)
    three.round, three.phase = 1, "program"
    three.robots[0].at, three.robots[1].at, three.robots[2].at = Pos(1, 5), Pos(1, 0), Pos(0, 2)
    dice = [("red", 1, "N"), ("red", 1, "N"), ("blue", 1, "E")]
    program(three, 0, dice, 40_000)
    program(three, 1, dice, 25_000)
    events = program(three, 2, dice, 60_000)
    assert ev.ChoosingOrderSet((1, 0, 2)) in events
    assert three.current_player == 1
    assert three.legal_actions() == [TakeStartNumber(1, n) for n in (1, 2, 3)]
    three.apply(TakeStartNumber(1, 3))
    assert three.current_player == 0
    assert three.legal_actions() == [TakeStartNumber(0, 1), TakeStartNumber(0, 2)]
    events = three.apply(TakeStartNumber(0, 1))
    # the slowest operator gets the number left over without being asked
    assert ev.StartNumberTaken(2, 2) in events
    assert ev.PhaseStarted("activate") in events


def test_equal_programming_times_are_ordered_by_chance() -> None:
    state = started()
    program(state, 0, [("red", 1, "N")] * 2 + [("blue", 1, "E")], 30_000)
    program(state, 1, [("red", 1, "N")] * 2 + [("blue", 1, "E")], 30_000)
    assert state.current_player == CHANCE
    assert [a for a, _ in state.chance_outcomes()] == [OrderTiedOperators((0, 1)),
                                                        OrderTiedOperators((1, 0))]
    state.apply(OrderTiedOperators((1, 0)))
    assert state.current_player == 1


def test_option_random_numbers_deals_them_by_chance() -> None:
    state = VoltState.new_game(ARENA, [Direction.S, Direction.N],
                               {"VT_HOTSEAT_RANDOM_NUMBERS": True})
    state.apply(DealStartNumbers((1, 2)))
    state.apply(DrawMarker(1))
    while state.phase == "restart":
        state.apply(state.legal_actions()[0])
    program(state, 0, [("red", 1, "N")] * 2 + [("blue", 1, "E")], 10_000)
    program(state, 1, [("red", 1, "N")] * 2 + [("blue", 1, "E")], 50_000)
    assert state.current_player == CHANCE
    events = state.apply(DealStartNumbers((2, 1)))
    assert ev.PhaseStarted("activate") in events


def test_legal_programming_actions_are_counted_exactly() -> None:
    """Empty controller: 3 crosses x (blue 4 keys x 6 faces + red 8 keys x 6 faces)."""
    state = started()
    assert len(state.legal_actions(0)) == 3 * (24 + 48)
    state.apply(PlaceDie(0, 0, "blue", 2, "E"))
    state.apply(PlaceDie(0, 1, "blue", 2, "E"))
    # cross III: only red is left (both blue dice used), plus taking back crosses I and II
    assert len(state.legal_actions(0)) == 48 + 2


# -- Phase 2 and 3 events (for the scene) ---------------------------------------------------

def test_activation_reports_every_micro_step() -> None:
    state = started()
    state.robots[0].at, state.robots[1].at = Pos(1, 4), Pos(1, 3)
    state.markers = [0, 0, 1, 0, 0, 0]  # on V3 at (1,3), where robot 1 stands
    program(state, 0, [("blue", 2, "N"), ("red", 1, "E"), ("red", 1, "SE")], 1000)
    events = program(state, 1, [("red", 6, "N"), ("red", 6, "W"), ("blue", 1, "E")], 2000)
    events += state.apply(TakeStartNumber(0, 1))
    kinds = [type(e).__name__ for e in events]
    assert kinds[kinds.index("ProgramsRevealed") - 1] == "PhaseStarted"
    moves = [e for e in events if isinstance(e, ev.RobotMoved)]
    # each step moves the mover and the robot it pushes together (VT-6.4.3)
    assert moves[0] == ev.RobotMoved(0, Pos(1, 4), Pos(1, 3), 1, None)
    assert moves[1] == ev.RobotMoved(1, Pos(1, 3), Pos(1, 2), 1, 0)
    assert moves[2] == ev.RobotMoved(0, Pos(1, 3), Pos(1, 2), 2, None)
    assert moves[3] == ev.RobotMoved(1, Pos(1, 2), Pos(1, 1), 2, 0)
    lasers = [e for e in events if isinstance(e, ev.LaserFired)]
    assert lasers[0] == ev.LaserFired(1, Pos(1, 1), "N", (Pos(1, 0),), None)
    assert lasers[1] == ev.LaserFired(0, Pos(1, 2), "E",
                                      (Pos(2, 2), Pos(3, 2), Pos(4, 2), Pos(5, 2)), None)


def test_third_damage_destroys_scores_and_can_win() -> None:
    state = started()
    state.robots[0].at, state.robots[1].at = Pos(1, 5), Pos(1, 1)
    state.robots[1].damage = 2
    state.robots[0].vp = 2
    program(state, 0, [("red", 1, "N"), ("red", 1, "N"), ("blue", 1, "E")], 1000)
    events = program(state, 1, [("red", 2, "S"), ("red", 1, "S"), ("blue", 1, "E")], 2000)
    events += state.apply(TakeStartNumber(0, 2))
    assert ev.RobotDamaged(1, 3, 0) in events
    assert ev.RobotDestroyed(1, Pos(1, 1), "laser", 0) in events
    assert ev.VPScored(0, 1, 3, "laser_kill") in events
    assert events[-1] == ev.GameWon(0, 3)
    assert state.current_player == TERMINAL and state.winner == 0
    assert state.legal_actions() == []


def test_lasers_fire_over_pits() -> None:
    state = started()
    state.robots[0].at, state.robots[1].at = Pos(1, 1), Pos(3, 3)
    program(state, 0, [("red", 1, "SE"), ("red", 1, "N"), ("blue", 1, "W")], 1000)
    events = program(state, 1, [("red", 6, "N"), ("red", 6, "N"), ("blue", 6, "N")], 2000)
    events += state.apply(TakeStartNumber(0, 1))
    laser = next(e for e in events if isinstance(e, ev.LaserFired))
    assert laser.path == (Pos(2, 2), Pos(3, 3)) and laser.hit == 1  # (2,2) is a pit


def test_die_is_stored_absolutely() -> None:
    die = Die(DieColour.RED, 3, to_absolute(Direction.N, Direction8.NE))
    assert die.direction is Direction8.SW
    assert Die.from_dict(die.to_dict()) == die
