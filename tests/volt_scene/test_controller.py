"""The VOLT controller without pygame: bots play whole games, hot-seat programming order and
programming times (VT-5.2.9), and the event stream leaves the robots where the state says."""

from __future__ import annotations

import pytest

from game.controllers.volt import Decision, Operator, VoltController, seat_sides
from game.core.types import Direction, IllegalActionError
from game.paths import builtin_boards_dir
from game.volt import events as ev
from game.volt.actions import LockIn, PlaceDie
from game.volt.data import load_arena

ARENA = load_arena(builtin_boards_dir() / "volt" / "pit-stop.yaml")


def controller(bots, seed=1):
    names = ("Anna", "Ben", "Clara", "David")
    colours = ("red", "blue", "green", "yellow")
    sides = seat_sides(ARENA, len(bots))
    return VoltController(ARENA, [Operator(names[i], colours[i], sides[i], bot)
                                  for i, bot in enumerate(bots)], seed)


def test_seats_take_the_sides_south_north_west_east() -> None:
    assert seat_sides(ARENA, 4) == [Direction.S, Direction.N, Direction.W, Direction.E]
    with pytest.raises(ValueError):
        seat_sides(ARENA, 5)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bots_play_a_whole_game_and_the_events_end_where_the_state_is(seed: int) -> None:
    ctrl = controller(["random", "greedy", "random"], seed)
    ctrl.run_bots()
    state = ctrl.state
    assert state.winner is not None and state.robots[state.winner].vp >= 3
    events = ctrl.drain()
    assert isinstance(events[-1], ev.GameWon) and events[-1].player == state.winner
    where = {}
    for e in events:
        if isinstance(e, ev.RobotRestarted):
            where[e.player] = e.at
        elif isinstance(e, ev.RobotMoved):
            assert where[e.player] == e.src
            where[e.player] = e.dst
        elif isinstance(e, ev.RobotDestroyed):
            where[e.player] = None
    assert where == {p: r.at for p, r in enumerate(state.robots)}


def test_humans_program_in_seat_order_then_the_bots() -> None:
    ctrl = controller([None, "random", None])
    ctrl.run_bots()
    # round 1 starts with the restarts: humans place their own robots
    while ctrl.decision() is not None and ctrl.decision().kind == "restart":
        d = ctrl.decision()
        ctrl.submit(ctrl.legal(d.player)[0])
        ctrl.run_bots()
    assert ctrl.decision() == Decision("program", 0)
    for cross, (colour, direction) in enumerate((("blue", "N"), ("red", "NE"), ("blue", "E"))):
        ctrl.submit(PlaceDie(0, cross, colour, 2, direction))
    ctrl.submit(LockIn(0, 20_000))
    assert ctrl.decision() == Decision("program", 2)
    assert ctrl.step() is False  # the bot waits for the humans
    for cross, (colour, direction) in enumerate((("red", "S"), ("red", "SW"), ("blue", "W"))):
        ctrl.submit(PlaceDie(2, cross, colour, 1, direction))
    ctrl.submit(LockIn(2, 40_000))
    assert ctrl.decision() is None and ctrl.next_programmer() == 1
    ctrl.run_bots()
    bot_time = ctrl.state.lock_times[1]
    assert 10_000 <= bot_time <= 60_000, \
        "VT-5.2.9: between half the fastest and 1.5 times the slowest human time"


def _bot_time_against(human_ms: int, seed: int) -> int:
    """The programming time a bot gets in round 1 when the one human took `human_ms`."""
    ctrl = controller([None, "random"], seed)
    ctrl.run_bots()
    while ctrl.decision() is not None and ctrl.decision().kind == "restart":
        ctrl.submit(ctrl.legal(0)[0])
        ctrl.run_bots()
    while not any(isinstance(a, LockIn) for a in ctrl.legal(0)):
        ctrl.submit(next(a for a in ctrl.legal(0) if isinstance(a, PlaceDie)))
    ctrl.submit(LockIn(0, human_ms))
    while ctrl.state.lock_times[1] is None:
        ctrl.step()
    return ctrl.state.lock_times[1]


@pytest.mark.parametrize("human_ms", [4_000, 30_000, 100_000])
def test_a_lone_humans_speed_sets_the_bots_time(human_ms: int) -> None:
    """VT-5.2.9 (reworded): with one human the bot's time lies between half and one and a
    half times the human's, so a quick human chooses a start number early against a bot
    and a slow one late, and who of the two chooses first is no tie broken by a coin."""
    times = [_bot_time_against(human_ms, seed) for seed in range(1, 25)]
    assert all(human_ms // 2 <= t <= human_ms * 3 // 2 for t in times)
    assert any(t < human_ms for t in times) and any(t > human_ms for t in times)
    assert times.count(human_ms) <= 1


def test_a_bot_alone_takes_ten_to_sixty_seconds() -> None:
    ctrl = controller(["random", "random"])
    for _ in range(200):
        ctrl.step()
        if ctrl.state.phase in ("number", "order") or ctrl.state.round > 1:
            break
    times = ctrl.state.lock_times
    assert all(t is not None and 10_000 <= t <= 60_000 for t in times)


def test_the_controller_refuses_actions_for_bots_and_illegal_ones() -> None:
    ctrl = controller([None, "random"])
    ctrl.run_bots()
    with pytest.raises(IllegalActionError):
        ctrl.submit(PlaceDie(1, 0, "blue", 1, "N"))
    decision = ctrl.decision()
    assert decision is not None
    before = ctrl.state.to_dict()
    with pytest.raises(IllegalActionError):
        ctrl.submit(LockIn(decision.player, 0))  # nothing programmed yet
    assert ctrl.state.to_dict() == before
