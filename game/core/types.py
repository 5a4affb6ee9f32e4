"""Ids, grid positions, directions and the rules error shared by all three games."""

from __future__ import annotations

import enum
from typing import NamedTuple, TypeAlias

PlayerId: TypeAlias = int
CHANCE: PlayerId = -1
"""`current_player` when the next action is a random outcome drawn by the Match."""
TERMINAL: PlayerId = -2
"""`current_player` when the game is over."""
SIMULTANEOUS: PlayerId = -3
"""`current_player` when several players may act in any order (e.g. programming)."""


class IllegalActionError(ValueError):
    """The rules refuse this action now; the state is unchanged."""


class Pos(NamedTuple):
    """A square: x counted from the west edge, y from the north edge, both from 0."""

    x: int
    y: int

    def step(self, direction: Direction, distance: int = 1) -> Pos:
        dx, dy = direction.delta
        return Pos(self.x + dx * distance, self.y + dy * distance)


class Direction(enum.Enum):
    """The four orthogonal directions; values are the YAML spelling (FORMATS.md)."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def delta(self) -> tuple[int, int]:
        return _DELTAS[self.value]

    @property
    def index(self) -> int:
        """0 for N, 1 for E, 2 for S, 3 for W: clockwise quarter turns from north."""
        return _ORDER.index(self.value)

    @classmethod
    def from_index(cls, index: int) -> Direction:
        return cls(_ORDER[index % 4])

    def turned(self, quarter_turns_clockwise: int) -> Direction:
        return Direction.from_index(self.index + quarter_turns_clockwise)

    @property
    def opposite(self) -> Direction:
        return self.turned(2)

    @property
    def right(self) -> Direction:
        return self.turned(1)

    @property
    def left(self) -> Direction:
        return self.turned(-1)


class Direction8(enum.Enum):
    """The eight directions VOLT lasers and moves use (FORMATS.md: VOLT also NE, SE, SW, NW)."""

    N = "N"
    NE = "NE"
    E = "E"
    SE = "SE"
    S = "S"
    SW = "SW"
    W = "W"
    NW = "NW"

    @property
    def delta(self) -> tuple[int, int]:
        dx = (1 if "E" in self.value else 0) - (1 if "W" in self.value else 0)
        dy = (1 if "S" in self.value else 0) - (1 if "N" in self.value else 0)
        return dx, dy

    @property
    def index(self) -> int:
        """0 for N, 1 for NE, ... 7 for NW: clockwise eighth turns from north."""
        return list(Direction8).index(self)

    def turned(self, eighth_turns_clockwise: int) -> Direction8:
        return list(Direction8)[(self.index + eighth_turns_clockwise) % 8]

    @property
    def is_diagonal(self) -> bool:
        return len(self.value) == 2


_ORDER = ("N", "E", "S", "W")
_DELTAS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
