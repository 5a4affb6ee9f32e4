"""A Board compiled into flat per-square tables for a fast register engine.

Squares are numbered `i = y * width + x`. Directions are 0 N, 1 E, 2 S, 3 W (clockwise).
Walls (and closed swing doors) are bit masks per square and register; neighbours are a
table (`-1` off the grid). Built once per board and shared by every clone of a game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Collection

from game.core.types import Direction, Pos
from game.roborally.elements import BELT, PORTAL, VOID, element_type
from game.roborally.model import REGISTERS, Board

DIRS = (Direction.N, Direction.E, Direction.S, Direction.W)
DIR_NAMES = ("N", "E", "S", "W")
DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)


_CACHE: dict[int, "Layout"] = {}

LaserPath = tuple[int, int, int, int, tuple[int, ...]]
"""A board laser's beam: (emitter square, direction, beams, two-way group, squares)."""


def facing_on_one_line(dir_a: int, squares_a: Collection[Any],
                       dir_b: int, squares_b: Collection[Any]) -> bool:
    """Two board beams that fire at each other along the same squares (each emitter's wall
    ends the other's beam, so opposed beams that meet cover exactly the same squares)."""
    return dir_a == (dir_b + 2) % 4 and set(squares_a) == set(squares_b)


def one_two_way_laser(dir_a: int, beams_a: int, squares_a: Collection[Any],
                      dir_b: int, beams_b: int, squares_b: Collection[Any]) -> bool:
    """Two `laser` elements that are the two barrels of one two-way laser (docs/rulings.md,
    RR-7.9): facing each other along the same squares with the same number of beams. A robot
    reached from both ends takes those beams once."""
    return beams_a == beams_b and facing_on_one_line(dir_a, squares_a, dir_b, squares_b)


class Layout:
    """Read-only tables; never mutated after construction."""

    def __init__(self, board: Board) -> None:
        self.board = board
        w, h = board.width, board.height
        self.width, self.height = w, h
        n = w * h
        self.pos = [Pos(i % w, i // w) for i in range(n)]
        self.kind = [VOID] * n
        self.belt_dir = [-1] * n
        self.express = [False] * n
        self.gear = [0] * n
        self.active = [frozenset[int]()] * n
        self.wrenches = [0] * n
        self.partner = [-1] * n
        self.color = [""] * n
        for p, e in board.floor.items():
            i = p.y * w + p.x
            kind = element_type(e)
            self.kind[i] = kind.code
            kind.compile(self, i, e)
        portals: dict[str, list[int]] = {}
        for i in range(n):
            if self.kind[i] == PORTAL:
                portals.setdefault(self.color[i], []).append(i)
        for squares in portals.values():
            if len(squares) == 2:
                a, b = squares
                self.partner[a], self.partner[b] = b, a
        self.nbr = [-1] * (n * 4)
        for i in range(n):
            x, y = i % w, i // w
            for d in range(4):
                nx, ny = x + DX[d], y + DY[d]
                if 0 <= nx < w and 0 <= ny < h:
                    self.nbr[i * 4 + d] = ny * w + nx
        base = [0] * n
        for i in range(n):
            p = self.pos[i]
            for d in range(4):
                if board.has_wall(p, DIRS[d]):
                    base[i] |= 1 << d
        self.base_walls = base
        # walls per register 1..5 (index 0: permanent walls only): closed doors are walls
        self.walls: list[list[int]] = [list(base) for _ in range(REGISTERS + 1)]
        self.doors: list[tuple[int, int, frozenset[int]]] = []
        self.pushers: list[tuple[int, int, frozenset[int]]] = []
        self.emitters: list[tuple[int, int, int]] = []
        for p, m in board.mounted:
            element_type(m).compile(self, p.y * w + p.x, m)
        self.flags = [p.y * w + p.x for p in board.flags]
        self.flag_number = {sq: k + 1 for k, sq in enumerate(self.flags)}
        # with every door shut: the board as printed (the view's picture outside a register)
        self.shut_walls = list(self.walls[1])
        for i, d, _ in self.doors:
            self.shut_walls[i] |= 1 << d
            j = self.nbr[i * 4 + d]
            if j >= 0:
                self.shut_walls[j] |= 1 << ((d + 2) % 4)
        # board lasers: the beam path per register (doors change it); two-way lasers share
        # a group so that a robot takes their beams once (RR-7.9 ruling)
        self.laser_paths: list[list[LaserPath]] = [
            self._board_lasers(self.walls[reg]) for reg in range(REGISTERS + 1)]

    def _board_lasers(self, walls: list[int]) -> list[LaserPath]:
        paths = [(start, d, beams, self.beam(start, d, walls)) for start, d, beams in
                 self.emitters]
        groups = list(range(len(paths)))
        for a in range(len(paths)):
            for b in range(a):
                _, da, ba, pa = paths[a]
                _, db, bb, pb = paths[b]
                if one_two_way_laser(da, ba, pa, db, bb, pb):
                    groups[a] = groups[b]
        return [(s, d, beams, groups[k], path) for k, (s, d, beams, path) in enumerate(paths)]

    def board_lasers(self, register: int | None) -> list[LaserPath]:
        """Every board laser's beam as the engine fires it in `register` (1..5), or with
        every door shut (None): (emitter square, direction, beams, group, squares). The one
        tracer of board beams: the engine fires these and the view draws them."""
        if register is None:
            return self._board_lasers(self.shut_walls)
        return self.laser_paths[register]

    @classmethod
    def for_board(cls, board: Board) -> Layout:
        """The layout of `board`, built once and reused while the board object lives."""
        cached = _CACHE.get(id(board))
        if cached is not None and cached.board is board:
            return cached
        layout = cls(board)
        if len(_CACHE) > 32:
            _CACHE.clear()
        _CACHE[id(board)] = layout
        return layout

    def beam(self, start: int, d: int, walls: list[int]) -> tuple[int, ...]:
        """Squares a board beam covers: from its own square until a wall or the edge."""
        out = [start]
        i = start
        while not walls[i] & (1 << d):
            j = self.nbr[i * 4 + d]
            if j < 0 or self.kind[j] == VOID:
                break
            out.append(j)
            i = j
        return tuple(out)

    def beyond(self, sq: int, d: int) -> Pos:
        """The position just past side `d` of square `sq`: where a robot leaving the course
        there is shown falling (RR-7.4)."""
        p = self.pos[sq]
        return Pos(p.x + DX[d], p.y + DY[d])

    def index(self, p: Pos) -> int:
        return p.y * self.width + p.x

    def on_course(self, i: int) -> bool:
        return i >= 0 and self.kind[i] != VOID


def belt_turn(travel: int, out_dir: int) -> int:
    """Quarter turns clockwise (0, 1 right or 3 left) that a robot makes when a belt carries
    it, travelling toward `travel`, onto a belt square whose out-direction is `out_dir`
    (RULES.md RR-7.5.9: the direction change; entering along the arrow or head-on is none)."""
    if out_dir == (travel + 1) % 4:
        return 1
    if out_dir == (travel + 3) % 4:
        return 3
    return 0


@dataclass(frozen=True, slots=True)
class BeltEntry:
    """A way a belt carries robots onto a belt square (the view draws each as an arrow)."""

    side: Direction
    """The side of the square the robot comes in through."""
    turn: int
    """Quarter turns clockwise it makes on arriving: `belt_turn` of its travel."""
    express: bool
    """Whether the belt it comes from is an express belt."""


def belt_entries(layout: Layout) -> dict[Pos, tuple[BeltEntry, ...]]:
    """Every belt square that a neighbouring belt feeds, with the feeds in N, E, S, W order.

    A feed counts when its edge is open in at least one register: a swing door that opens
    sometimes lets the belt carry robots through then (RR-7.5.7, CB-3.4)."""
    out: dict[Pos, tuple[BeltEntry, ...]] = {}
    for target in range(layout.width * layout.height):
        if layout.kind[target] != BELT:
            continue
        entries = []
        for side in range(4):
            source = layout.nbr[target * 4 + side]
            if source < 0 or layout.kind[source] != BELT:
                continue
            travel = (side + 2) % 4
            if layout.belt_dir[source] != travel:
                continue
            if all(walls[source] & (1 << travel) for walls in layout.walls[1:]):
                continue
            entries.append(BeltEntry(DIRS[side], belt_turn(travel, layout.belt_dir[target]),
                                     layout.express[source]))
        if entries:
            out[layout.pos[target]] = tuple(entries)
    return out
