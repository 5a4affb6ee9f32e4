"""Where a card may go (RM-4.2, RM-4.3) and reading a finished table as lines.

Positions are relative to the start card at (0, 0); x grows to the east, y to the south.
Pure functions on a mapping Pos -> value."""

from __future__ import annotations

from typing import Mapping

from game.core.types import Pos
from game.robotmaster.rules import GRID_SIZE

CENTRE_REACH = GRID_SIZE // 2
"""With RM_FIXED_CENTRE_START the frame is x, y in -2..2 around the start card."""

_NEIGHBOURS = ((0, -1), (1, 0), (0, 1), (-1, 0))


def bounds(cells: Mapping[Pos, int]) -> tuple[int, int, int, int]:
    """(min_x, max_x, min_y, max_y) of the cards on the table (the table must not be empty)."""
    xs = [p.x for p in cells]
    ys = [p.y for p in cells]
    return min(xs), max(xs), min(ys), max(ys)


def legal_cells(cells: Mapping[Pos, int], *, fixed_centre: bool = False) -> list[Pos]:
    """Every cell the next card may go to, sorted north to south, then west to east.

    A cell is legal iff it is empty, shares a side with a card (corner contact is not enough,
    RM-4.2) and, with the new card, the cards still fit a 5 × 5 frame: max − min ≤ 4 in both
    directions (RM-4.3). With `fixed_centre` the frame is fixed around the start card."""
    if not cells:
        return []
    if fixed_centre:
        lo_x = lo_y = -CENTRE_REACH
        hi_x = hi_y = CENTRE_REACH
    else:
        min_x, max_x, min_y, max_y = bounds(cells)
        span = GRID_SIZE - 1
        lo_x, hi_x = max_x - span, min_x + span
        lo_y, hi_y = max_y - span, min_y + span
    found: set[tuple[int, int]] = set()
    for x, y in cells:
        for dx, dy in _NEIGHBOURS:
            q = (x + dx, y + dy)
            if lo_x <= q[0] <= hi_x and lo_y <= q[1] <= hi_y and q not in cells:
                found.add(q)
    return [Pos(x, y) for x, y in sorted(found, key=lambda q: (q[1], q[0]))]


def is_legal_cell(cells: Mapping[Pos, int], cell: Pos, *, fixed_centre: bool = False) -> bool:
    """Whether one card may go to `cell` now (RM-4.2, RM-4.3)."""
    return cell in legal_cells(cells, fixed_centre=fixed_centre)


def as_rows(cells: Mapping[Pos, int]) -> list[list[int | None]]:
    """The cards inside their bounding box as rows north to south (None for an empty cell)."""
    min_x, max_x, min_y, max_y = bounds(cells)
    return [[cells.get(Pos(x, y)) for x in range(min_x, max_x + 1)]
            for y in range(min_y, max_y + 1)]


def full_grid(cells: Mapping[Pos, int]) -> list[list[int]]:
    """The finished 5 × 5 table as rows north to south (RM-4.4).

    Raises:
        ValueError: when the cards do not fill a 5 × 5 square.
    """
    rows = as_rows(cells)
    if len(rows) != GRID_SIZE or any(len(r) != GRID_SIZE or None in r for r in rows):
        raise ValueError("the table is not a complete 5 × 5 grid")
    return [[v for v in r if v is not None] for r in rows]


def is_connected(cells: Mapping[Pos, int]) -> bool:
    """Whether every card touches the others through shared sides (true of every table in
    play, RM-4.2)."""
    if not cells:
        return True
    start = min(cells, key=lambda q: (q.y, q.x))
    seen = {start}
    todo = [start]
    while todo:
        p = todo.pop()
        for dx, dy in _NEIGHBOURS:
            q = Pos(p.x + dx, p.y + dy)
            if q in cells and q not in seen:
                seen.add(q)
                todo.append(q)
    return len(seen) == len(cells)
