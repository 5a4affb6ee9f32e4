"""Where things sit on VOLT's table."""

from __future__ import annotations

from game.core.types import Direction8

KEY_ORDER = (Direction8.NW, Direction8.N, Direction8.NE, Direction8.W, Direction8.E,
             Direction8.SW, Direction8.S, Direction8.SE)
"""The eight keys of a cross, named as the south operator sees them (up = N)."""
