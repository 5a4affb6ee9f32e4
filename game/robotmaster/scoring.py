"""Scoring a line, deciding a game, the solo score and the best-scores table (RM-5, RM-6,
RM-8.3). Pure functions on card values; no state, no I/O.

A line's breakdown is data (`LineBreakdown`) for the end screen; `format_breakdown` words
it in English, e.g. "pair of 3 = 30, + 0 + 1 + 4 = 35"; a scene translates from the data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Literal, Sequence

from game.robotmaster.rules import VALUES, Rules

GroupKind = Literal["single", "pair", "trio", "four", "five"]
_KINDS: tuple[GroupKind, ...] = ("single", "pair", "trio", "four", "five")


def group_score(count: int, value: int, *, five_kind_unit_values: bool = False) -> int:
    """The score of `count` identical cards of `value` in one line (RM-5.2, RM-5.5).

    A trio is 100 whatever its value; a fourth card counts as a single; five of a kind is
    100 + 10v (S0, default) or 100 + 2v (S1, option RM_FIVE_KIND_UNIT_VALUES)."""
    if count <= 0:
        return 0
    if count == 1:
        return value
    if count == 2:
        return 10 * value
    if count == 3:
        return 100
    if count == 4:
        return 100 + value
    if count == 5:
        return 100 + (2 * value if five_kind_unit_values else 10 * value)
    raise ValueError(f"a line holds at most 5 cards, got {count} of value {value}")


def count_values(cards: Sequence[int]) -> list[int]:
    """How many cards of each value 0..5 `cards` holds."""
    counts = [0] * len(VALUES)
    for v in cards:
        counts[v] += 1
    return counts


def line_score(cards: Sequence[int], rules: Rules | None = None) -> int:
    """The score of one line (RM-5.2); the order of the cards does not matter (WE-RM-10f).

    Also scores a partial line (fewer than five cards), which bots use as a lower bound: adding
    a card never lowers a line's score."""
    unit = rules.five_kind_unit_values if rules is not None else False
    return sum(group_score(n, v, five_kind_unit_values=unit)
               for v, n in enumerate(count_values(cards)) if n)


@dataclass(frozen=True, slots=True)
class LineGroup:
    """Identical cards in a line and what they score (one row of the end-screen breakdown)."""

    value: int
    count: int
    kind: GroupKind
    points: int


@dataclass(frozen=True, slots=True)
class LineBreakdown:
    """A line's score as its groups: sets (pairs and up) first, then the single cards in the
    order they lie in the line."""

    cards: tuple[int, ...]
    groups: tuple[LineGroup, ...]
    total: int


def line_breakdown(cards: Sequence[int], rules: Rules | None = None) -> LineBreakdown:
    """The structured score of one line, for the end screen (RM-5.2)."""
    unit = rules.five_kind_unit_values if rules is not None else False
    counts = count_values(cards)
    first_seen: dict[int, int] = {}
    for i, v in enumerate(cards):
        first_seen.setdefault(v, i)
    sets = sorted((v for v in first_seen if counts[v] >= 2),
                  key=lambda v: (-counts[v], first_seen[v]))
    groups = [LineGroup(v, counts[v], _KINDS[counts[v] - 1],
                        group_score(counts[v], v, five_kind_unit_values=unit)) for v in sets]
    groups += [LineGroup(v, 1, "single", v) for v in cards if counts[v] == 1]
    return LineBreakdown(tuple(cards), tuple(groups), sum(g.points for g in groups))


def format_breakdown(breakdown: LineBreakdown, rules: Rules | None = None, *,
                     name_set: Callable[[LineGroup, bool], str] | None = None) -> str:
    """The breakdown in words, e.g. "pair of 3 = 30, + 0 + 1 + 4 = 35". `name_set` words a
    set of identical robots (given whether five score their value twice); by default in
    English (the table passes translated words)."""
    unit = rules.five_kind_unit_values if rules is not None else False
    sets = [g for g in breakdown.groups if g.count >= 2]
    singles = [g for g in breakdown.groups if g.count == 1]
    parts = [(name_set or _format_set)(g, unit) for g in sets]
    if singles:
        added = " + ".join(str(g.value) for g in singles)
        parts.append(f"+ {added}" if sets else added)
    if len(sets) == 1 and not singles:
        return parts[0]
    return ", ".join(parts) + f" = {breakdown.total}"


def _format_set(group: LineGroup, unit: bool) -> str:
    v = group.value
    if group.count == 2:
        return f"pair of {v} = {group.points}"
    if group.count == 3:
        return f"trio of {v} = 100"
    if group.count == 4:
        return f"four of {v} = 100 + {v} = {group.points}"
    rest = f"{v} + {v}" if unit else f"10 × {v}"
    return f"five of {v} = 100 + {rest} = {group.points}"


Winner = Literal["rows", "columns", "tie"]


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a finished grid ends (RM-6, RM-7.2)."""

    rows: tuple[int, ...]       # north to south
    columns: tuple[int, ...]    # west to east
    winner: Winner
    margin: int                 # what the winner notes in a match (RM-7.2/7.3); 0 on a tie
    deciding_rank: int | None   # 1 = lowest lines differ, 2 = second lowest, ...; None on a tie
    solo: int                   # the lowest of all ten lines (RM-8.3.3)


def compare_sides(rows: Sequence[int], columns: Sequence[int],
                  rules: Rules | None = None) -> tuple[Winner, int, int | None]:
    """Winner, margin and deciding rank of two sides' line scores (RM-6.2..6.5, RM-7.2/7.3).

    The side whose lowest line is lower loses; equal lowest lines go to the second lowest and
    so on (a lexicographic comparison of the ascending lists). All ranks equal: a tie (RM-6.4).
    The margin is the difference of the lowest lines (RM-7.2, literally, so 0 after a win on a
    later rank), or with RM_MARGIN_AT_DECIDING_RANK the difference at the deciding rank."""
    low_rows, low_cols = sorted(rows), sorted(columns)
    for rank, (r, c) in enumerate(zip(low_rows, low_cols), start=1):
        if r != c:
            winner: Winner = "rows" if r > c else "columns"
            at_rank = rules is not None and rules.margin_at_deciding_rank
            margin = abs(r - c) if at_rank else abs(low_rows[0] - low_cols[0])
            return winner, margin, rank
    return "tie", 0, None


def score_grid(grid: Sequence[Sequence[int]], rules: Rules | None = None) -> GameResult:
    """Score a finished 5 × 5 grid given as rows north to south (RM-5, RM-6, RM-8.3.3)."""
    rows = tuple(line_score(row, rules) for row in grid)
    columns = tuple(line_score(col, rules) for col in zip(*grid))
    winner, margin, rank = compare_sides(rows, columns, rules)
    return GameResult(rows, columns, winner, margin, rank, min(rows + columns))


def grid_lines(grid: Sequence[Sequence[int]]) -> tuple[list[list[int]], list[list[int]]]:
    """The rows (north to south) and columns (west to east) of a grid, as card lists."""
    rows = [list(row) for row in grid]
    return rows, [list(col) for col in zip(*rows)]


# -- solo best scores (RM-8.3.3: higher is better) -----------------------------------------

@dataclass(frozen=True, slots=True)
class BestScore:
    """One entry of the local best-scores table; `when` is whatever the scene stores (an ISO
    date), `name` who played."""

    score: int
    name: str = ""
    when: str = ""


def merge_best_score(table: Sequence[BestScore], entry: BestScore,
                     limit: int = 10) -> tuple[list[BestScore], int | None]:
    """The table with `entry` merged in, highest first, at most `limit` entries, and the rank
    (0-based) `entry` got, or None when it did not make the table.

    Equal scores keep their order: the older entry stays ahead (it was reached first)."""
    ordered = sorted(table, key=lambda e: -e.score)  # stable: older ties first
    rank = next((i for i, e in enumerate(ordered) if e.score < entry.score), len(ordered))
    ordered.insert(rank, entry)
    ordered = ordered[:limit]
    return ordered, (rank if rank < limit else None)
