"""VOLT static data: the arena (squares, walls, start and victory-point fields) and dice.

Frozen and shared between clones (STYLE.md §4.6). Pure: no pygame, no I/O, no random."""

from __future__ import annotations

import enum
from collections import deque
from dataclasses import dataclass, field
from functools import cached_property

from game.core.types import Direction, Direction8, Pos

CROSSES = 3
"""Control crosses I, II, III per controller (VT-5.2.2)."""
DICE_PER_COLOUR = 2
"""Two blue and two red dice per operator (VT-2.1)."""
MAX_MARKERS_IN_ARENA = 3
"""Phase 0 draws a marker only while fewer than this lie in the arena (VT-5.1 step 1)."""
WINNING_VP = 3
"""The first operator to hold this many VP wins at once (VT-1.2, VT-10.1)."""
DESTROYING_DAMAGE = 3
"""The damage marker that destroys a robot (VT-6.5.3)."""
VP_NUMBERS = (1, 2, 3, 4, 5, 6)
SEAT_ORDER = (Direction.N, Direction.E, Direction.S, Direction.W)
"""The four sides of the arena in the fixed order used wherever sides are listed."""


class DieColour(enum.Enum):
    """Blue dice move, red dice fire (VT-5.2.5, VT-5.2.6); values are the YAML spelling."""

    BLUE = "blue"
    RED = "red"


class SquareKind(enum.Enum):
    FLOOR = "floor"
    PIT = "pit"
    VP = "vp"
    WORKSHOP = "workshop"
    START = "start"


@dataclass(frozen=True, slots=True)
class Die:
    """One die placed on a cross: its colour, the face chosen and the absolute direction."""

    colour: DieColour
    value: int
    direction: Direction8

    def to_dict(self) -> dict[str, object]:
        return {"die": self.colour.value, "value": self.value, "dir": self.direction.value}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Die:
        return cls(DieColour(str(data["die"])), int(str(data["value"])),
                   Direction8(str(data["dir"])))


# -- seat-relative directions (VT-4.5) -----------------------------------------------------

_SEAT_TURNS = {Direction.S: 0, Direction.W: 2, Direction.N: 4, Direction.E: 6}
"""Eighth turns clockwise from the south operator's view to the seat's view: the operator at
the south looks north, the one at the west looks east, and so on."""


def to_absolute(seat: Direction, relative: Direction8) -> Direction8:
    """The arena direction of a controller key, for the operator seated at `seat` (VT-4.5).

    `relative` names the key as the south operator would: N = up (away from the operator),
    E = right, S = down, W = left. For the south seat nothing changes; the north operator's
    "up" is S; the west operator's "up" is E; the east operator's "up" is W."""
    return relative.turned(_SEAT_TURNS[seat])


def to_relative(seat: Direction, absolute: Direction8) -> Direction8:
    """The controller key (named as for the south seat) that means `absolute` at `seat`."""
    return absolute.turned(-_SEAT_TURNS[seat])


# -- the arena ----------------------------------------------------------------------------

def _wall_key(x: int, y: int, side: Direction) -> tuple[int, int, str]:
    """One spelling per wall: the N or W side of a square (FORMATS.md: [3,4,N] == [3,3,S])."""
    if side is Direction.E:
        return (x + 1, y, "W")
    if side is Direction.S:
        return (x, y + 1, "N")
    return (x, y, side.value)


@dataclass(frozen=True)
class Arena:
    """A VOLT arena: a width × height grid surrounded by a wall (VT-3).

    `walls` holds the inner walls, each spelt once as (x, y, "N"|"W"); the surrounding wall is
    implicit. `starts` lists, per side in SEAT_ORDER, that side's start fields in file order."""

    name: str
    width: int
    height: int
    id: str = ""
    """The file stem that names this arena in saves (STYLE.md §4.7); "" for inline arenas."""
    pits: frozenset[Pos] = frozenset()
    vp_fields: tuple[tuple[int, Pos], ...] = ()
    starts: tuple[tuple[Direction, tuple[Pos, ...]], ...] = ()
    workshops: frozenset[Pos] = frozenset()
    walls: frozenset[tuple[int, int, str]] = frozenset()
    _corners: frozenset[tuple[int, int]] = field(default=frozenset(), init=False, repr=False,
                                                 compare=False)
    _vp_at: dict[Pos, int] = field(default_factory=dict, init=False, repr=False,
                                   compare=False)

    def __post_init__(self) -> None:
        corners: set[tuple[int, int]] = set()
        for x, y, side in self.walls:
            corners.add((x, y))
            corners.add((x + 1, y) if side == "N" else (x, y + 1))
        object.__setattr__(self, "_corners", frozenset(corners))
        object.__setattr__(self, "_vp_at", {pos: number for number, pos in self.vp_fields})

    # -- squares --------------------------------------------------------------------------
    def contains(self, pos: Pos) -> bool:
        return 0 <= pos.x < self.width and 0 <= pos.y < self.height

    def is_pit(self, pos: Pos) -> bool:
        return pos in self.pits

    def vp_field(self, number: int) -> Pos | None:
        """The square of victory-point field `number`, or None if this arena has none."""
        for n, pos in self.vp_fields:
            if n == number:
                return pos
        return None

    def vp_number_at(self, pos: Pos) -> int | None:
        return self._vp_at.get(pos)

    def start_fields(self, side: Direction) -> tuple[Pos, ...]:
        for s, fields in self.starts:
            if s is side:
                return fields
        return ()

    @property
    def sides(self) -> tuple[Direction, ...]:
        """The sides that have start fields, in SEAT_ORDER."""
        return tuple(s for s, fields in self.starts if fields)

    def kind_at(self, pos: Pos) -> SquareKind:
        if pos in self.pits:
            return SquareKind.PIT
        if pos in self._vp_at:
            return SquareKind.VP
        if pos in self.workshops:
            return SquareKind.WORKSHOP
        if any(pos in fields for _, fields in self.starts):
            return SquareKind.START
        return SquareKind.FLOOR

    # -- walls ----------------------------------------------------------------------------
    def has_wall(self, pos: Pos, side: Direction) -> bool:
        """True if a wall (inner or the surrounding one) lies on `side` of `pos` (VT-3.1)."""
        if not self.contains(pos.step(side)):
            return True
        return _wall_key(pos.x, pos.y, side) in self.walls

    def beam_step(self, pos: Pos, direction: Direction8) -> Pos | None:
        """The next square of a laser beam leaving `pos`, or None if a wall stops it.

        Diagonal beams go through the corner point they cross and are stopped when any wall
        segment, the surrounding wall included, touches that point (VT-6.5.4)."""
        dx, dy = direction.delta
        if not direction.is_diagonal:
            if self.has_wall(pos, Direction(direction.value)):
                return None
            return Pos(pos.x + dx, pos.y + dy)
        cx, cy = pos.x + (1 if dx > 0 else 0), pos.y + (1 if dy > 0 else 0)
        if cx in (0, self.width) or cy in (0, self.height) or (cx, cy) in self._corners:
            return None
        return Pos(pos.x + dx, pos.y + dy)

    # -- routes ---------------------------------------------------------------------------
    def walking_steps(self, number: int, pos: Pos) -> int | None:
        """The fewest single-square steps from `pos` to victory-point field `number`, around
        walls (VT-6.4.4: a wall ends the move) and pits (VT-6.4.5: a pit destroys); None when
        no such way exists. Bots measure how far a marker is by this, not as the crow
        flies: a field behind a wall is far from the square in front of that wall."""
        return self._steps_to_fields.get(number, {}).get(pos)

    @cached_property
    def _steps_to_fields(self) -> dict[int, dict[Pos, int]]:
        # written once per arena on first use (the instance dict: the dataclass is frozen)
        return {number: self._steps_from(field_pos) for number, field_pos in self.vp_fields}

    def _steps_from(self, origin: Pos) -> dict[Pos, int]:
        """Steps from every square that can walk to `origin` (walls stop both ways alike)."""
        steps = {origin: 0}
        queue = deque([origin])
        while queue:
            pos = queue.popleft()
            for side in Direction:
                nxt = pos.step(side)
                if nxt in steps or self.has_wall(pos, side) or self.is_pit(nxt):
                    continue
                steps[nxt] = steps[pos] + 1
                queue.append(nxt)
        return steps

    @property
    def wall_list(self) -> list[tuple[int, int, str]]:
        """The inner walls in a fixed order (for drawing and saving)."""
        return sorted(self.walls)


def wall_key(x: int, y: int, side: Direction) -> tuple[int, int, str]:
    """The one spelling of the wall on `side` of square (x, y) used in `Arena.walls`."""
    return _wall_key(x, y, side)
