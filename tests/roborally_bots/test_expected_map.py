"""The strong bot's expected maps (game/roborally_bots/expected.py): registers to a flag when
each register's cards come from a random hand (RR-4: 6 Move 3 cards in 84; RR-5.1: nine in
a hand), against the baseline's registers at best."""

from __future__ import annotations

import random

from game.controllers.roborally import RoboRallyController, Seat
from game.core.types import Direction, Pos
from game.roborally.layout import Layout
from game.roborally_bots.baseline import BaselineBot, DistanceMap
from game.roborally_bots.expected import ExpectedMap, absent_chance, expected_maps
from game.roborally_bots.strong import StrongBot
from tests.roborally_bots.test_strong_bot import _board

NORTH = 0


def _maps_on_a_corridor() -> tuple[Layout, BaselineBot, list]:
    board = _board((3, 8), (Pos(1, 1),), [(Pos(1, 6), Direction.N)])
    bot = BaselineBot(board)
    return bot.layout, bot, expected_maps(bot.layout, bot.sim, bot.maps)


def _square(layout: Layout, x: int, y: int) -> int:
    return y * layout.width + x


def test_a_move_3_away_is_further_than_a_move_1_away() -> None:
    # RR-4 / RR-5.1: three squares before the flag and one square before it are both one
    # register away at best, but only a Move 3 covers three squares in one, and a hand
    # holds none of the six about half the time; Move 1, 2 or 3 all cover one square
    layout, bot, expected = _maps_on_a_corridor()
    three, one = _square(layout, 1, 4), _square(layout, 1, 2)
    ideal = bot.maps[0]
    assert ideal.dist[three * 4 + NORTH] == ideal.dist[one * 4 + NORTH] == 1
    assert absent_chance(6) > 0.45
    assert expected[0].dist[one * 4 + NORTH] < 1.05
    assert expected[0].dist[three * 4 + NORTH] > 1.4


def test_expected_registers_are_never_fewer_than_at_best() -> None:
    # the distance map counts registers with every card at hand: no hand does better
    layout, bot, expected = _maps_on_a_corridor()
    for at_best, expect in zip(bot.maps[0].dist, expected[0].dist):
        assert expect >= at_best - 1e-9


def test_every_strong_bot_on_a_board_shares_one_set_of_maps() -> None:
    # they depend on the board only; a large course takes half a second to compute
    _layout, bot, expected = _maps_on_a_corridor()
    assert all(a is b for a, b in zip(expected, expected_maps(bot.layout, bot.sim, bot.maps)))


def test_the_strong_bot_measures_by_expected_registers() -> None:
    # its own reckoning is the expected map: three squares before the flag is further than
    # one square before (the normal bot's distance map says both are one register)
    layout, bot, _expected = _maps_on_a_corridor()
    strong = StrongBot(layout.board, random.Random(1), layout, bot.maps)
    three, one = _square(layout, 1, 4), _square(layout, 1, 2)
    assert strong.race.remaining(three, NORTH, 0) > strong.race.remaining(one, NORTH, 0) + 0.3


def test_a_strong_bot_leaves_the_normal_bots_their_distance_maps() -> None:
    # the table hands the first bot's maps to the next bots: a strong bot seated first
    # must hand on the distance maps, or the normal bots would race by its measure
    board = _board((3, 8), (Pos(1, 1),), [(Pos(0, 6), Direction.N), (Pos(2, 6), Direction.N)])
    table = RoboRallyController(board, [Seat("Strong", "red", "strong"),
                                        Seat("Normal", "blue", "normal")], 1)
    assert table.bot_maps
    assert not any(isinstance(m, ExpectedMap) for m in table.bot_maps)
    assert all(isinstance(m, DistanceMap) for m in table.bot_maps)
