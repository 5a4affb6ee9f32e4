"""The strong VOLT bot: it takes what a round of look-ahead against likely opponents shows,
and chooses its start number by playing the round through (pure, no pygame)."""

from __future__ import annotations

import random

from game.core.types import Pos
from game.volt.actions import TakeStartNumber
from game.volt.strong_bot import StrongBot
from tests.volt.test_rules import ARENA, program, started


def test_strong_takes_the_start_number_that_collects_the_winning_marker_first() -> None:
    # VT-8.1 / VT-10.1: both robots end the round on a VP field with a marker, both at 2 VP;
    # the lower start number collects first and wins at once
    state = started()
    state.robots[0].at, state.robots[1].at = Pos(1, 3), Pos(3, 3)
    state.robots[0].vp = state.robots[1].vp = 2
    state.markers = [0, 0, 1, 1, 0, 0]
    program(state, 0, [("blue", 1, "N"), ("blue", 1, "S"), ("red", 1, "W")], 1_000)
    program(state, 1, [("blue", 1, "N"), ("blue", 1, "S"), ("red", 1, "E")], 2_000)
    assert state.phase == "number" and state.current_player == 0
    bot = StrongBot(ARENA, random.Random(2))
    choice = bot.choose(state.observation(0), 0)
    assert choice == TakeStartNumber(0, 1)
    state.apply(choice)
    assert state.winner == 0
