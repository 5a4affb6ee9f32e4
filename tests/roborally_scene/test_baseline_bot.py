"""The baseline bot finds the flag on small boards and avoids pits (pure, no pygame)."""

from __future__ import annotations

import random

from game.core.types import Direction, Pos
from game.roborally.layout import Layout
from game.roborally.model import STANDARD_CARDS, Board, Conveyor, Floor, Gear, Laser, Pit
from game.roborally_bots.baseline import BaselineBot, LoneRobot


def _board(width: int, height: int, special: dict[Pos, object], flags: tuple[Pos, ...]) -> Board:
    floor = {Pos(x, y): special.get(Pos(x, y), Floor()) for y in range(height)
             for x in range(width)}
    return Board("test", width, height, floor, frozenset(), flags=flags)  # type: ignore[arg-type]


def _hand(*types: str) -> list[tuple[int, str]]:
    """Real card ids of the given types (distinct)."""
    used: set[int] = set()
    out = []
    for t in types:
        cid = next(i + 1 for i, (ct, _p) in enumerate(STANDARD_CARDS) if ct == t and i + 1 not in used)
        used.add(cid)
        out.append((cid, t))
    return out


def _types(ids: list[int]) -> list[str]:
    return [STANDARD_CARDS[c - 1][0] for c in ids]


def test_it_drives_straight_to_a_flag_ahead() -> None:
    board = _board(3, 8, {}, (Pos(1, 1),))
    bot = BaselineBot(board, "normal", random.Random(1))
    hand = _hand("move3", "move3", "left", "right", "uturn", "back", "left", "right", "uturn")
    ids = bot.choose(hand, [None] * 5, [1, 2, 3, 4, 5], 7 * 3 + 1, Direction.N.index, 0)
    assert len(ids) == 5 and len(set(ids)) == 5
    # from (1, 7) facing north: two Move 3 reach row 1 (the flag) at register 2 at the latest
    assert _types(ids)[:2] == ["move3", "move3"]


def test_it_drives_round_a_pit_toward_the_flag() -> None:
    board = _board(6, 3, {Pos(2, 1): Pit()}, (Pos(5, 1),))
    bot = BaselineBot(board, "normal", random.Random(2))
    hand = _hand("move1", "move1", "move2", "right", "left", "uturn", "back", "move3", "left")
    ids = bot.choose(hand, [None] * 5, [1, 2, 3, 4, 5], 1 * 6 + 0, Direction.N.index, 0)
    types = _types(ids)
    # it must not turn right first and then move into the pit at (2, 1)
    assert types[0] != "right" or types[1] not in ("move2", "move3")
    sim = bot.sim
    sq, f, k = 6, 0, 0
    for reg, t in enumerate(types, start=1):
        sq, f, dead, k, _ = sim.register(sq, f, t, reg, list(bot.layout.flags), k)
        assert not dead
    # the flag is six registers away round the pit: it ends one register short of it
    assert bot.maps[0].dist[sq * 4 + f] == 1


def test_the_distance_map_knows_belts_and_gears() -> None:
    # a belt running north onto the flag: standing on it is one register away whatever the facing
    special = {Pos(1, 3): Conveyor(Direction.N), Pos(1, 2): Conveyor(Direction.N),
               Pos(3, 3): Gear(True)}
    board = _board(5, 5, special, (Pos(1, 1),))
    bot = BaselineBot(board, "normal", random.Random(3))
    m = bot.maps[0]
    for f in range(4):
        assert m.dist[(2 * 5 + 1) * 4 + f] == 1
    # three squares east of the flag: Move 3 when facing west, a turn first when facing east
    assert m.dist[(1 * 5 + 4) * 4 + Direction.W.index] == 1
    assert m.dist[(1 * 5 + 4) * 4 + Direction.E.index] == 2


def test_easy_is_noisier_than_normal() -> None:
    board = _board(3, 8, {}, (Pos(1, 1),))
    hand = _hand("move3", "move3", "left", "right", "uturn", "back", "left", "right", "uturn")
    normal = {tuple(BaselineBot(board, "normal", random.Random(s)).choose(
        hand, [None] * 5, [1, 2, 3, 4, 5], 22, 0, 0)[:2]) for s in range(8)}
    easy = {tuple(BaselineBot(board, "easy", random.Random(s)).choose(
        hand, [None] * 5, [1, 2, 3, 4, 5], 22, 0, 0)[:2]) for s in range(8)}
    assert len(easy) > len(normal)


def test_it_expects_a_two_way_laser_to_hit_once() -> None:
    # RR-7.9 (docs/rulings.md): opposed one-beam lasers on one line are one two-way laser; the
    # bot's lone-robot run must foresee the 1 damage the engine deals there, not 2
    floor = {Pos(x, y): Floor() for y in range(3) for x in range(6)}
    lasers = ((Pos(0, 1), Laser(Direction.W, 1)), (Pos(5, 1), Laser(Direction.E, 1)))
    board = Board("test", 6, 3, floor, frozenset(), lasers)  # type: ignore[arg-type]
    robot = LoneRobot(Layout(board))
    _sq, _f, dead, _k, damage = robot.register(1 * 6 + 3, Direction.N.index, "right", 1, [], 0)
    assert not dead and damage == 1
