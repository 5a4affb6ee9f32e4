"""Robot Master's file formats (FORMATS.md `robot-master-scenario/1`), read through the data
gate. Pure: the only I/O is the Reader's.

Two shapes of scenario:
* `grid`: a finished 5 × 5 table; results `rows`, `columns`, `winner`, `margin`, `solo`
  (plus `deciding_rank`, printed only);
* `table`: a table in play drawn with `.` for empty cells; result `legal_cells`.

Extension (FORMATS.md allows new keys): `start: [x, y]` names the start card's cell in a
`table`; it is needed only with the option RM_FIXED_CENTRE_START."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from game.core.types import Pos
from game.data.errors import DataError, ProblemCollector
from game.data.files import FileContext
from game.data.reader import Field, Reader
from game.data.scenario import ScenarioGround, ScenarioOutcome, compare
from game.i18n import _
from game.robotmaster import grid as _grid
from game.robotmaster.rules import COPIES, GRID_SIZE, RULE_NAMES, VALUES, Rules
from game.robotmaster.scoring import GameResult, score_grid

SCENARIO_FORMAT = "robot-master-scenario/1"
GRID_EXPECT_KEYS = ("rows", "columns", "winner", "margin", "solo")
TABLE_EXPECT_KEYS = ("legal_cells",)
WINNERS = ("rows", "columns", "tie")
MAX_TABLE_SIDE = 40


def read_rules(r: Reader, problems: ProblemCollector | None = None) -> Rules:
    """The optional `rules:` mapping: RULES.md option names -> true/false. With `problems`,
    each wrong key is collected there (and left out) instead of raised."""
    rr = r.reader("rules", None)
    if rr is None:
        return Rules()
    collect = problems or ProblemCollector()
    chosen: dict[str, bool] = {}
    for key in rr.keys():
        with collect.guard():
            if key not in RULE_NAMES:
                raise rr.error(_("unknown rule option {key}; Robot Master knows: "
                                 "{names}").format(key=repr(key),
                                                   names=", ".join(sorted(RULE_NAMES))), key)
            chosen[key] = rr.field(key).flag()
    if problems is None:
        collect.raise_if_any()
    return Rules.from_dict(chosen)


class _Text:
    """Rows of a drawn table or grid, each token with its place in the file."""

    def __init__(self, r: Reader, key: str) -> None:
        self.field = r.field(key)
        text = self.field.text(max_length=10_000)
        self.block = "\n" in text
        key_column = r.data.key_marks[key][1]
        # A block scalar (`key: |`) starts on the next line; its content is indented more
        # than the key (2 more, as the formats are written).
        self.indent = key_column + 2 if self.block else self.field.column
        lines = text.split("\n")
        while lines and not lines[-1].strip():
            lines.pop()
        self.rows: list[tuple[int, list[tuple[str, int]]]] = []  # (line, [(token, column)])
        for i, line in enumerate(lines):
            if not line.strip():
                continue
            tokens: list[tuple[str, int]] = []
            offset = 0
            for token in line.split():
                offset = line.index(token, offset)
                tokens.append((token, self.indent + offset))
                offset += len(token)
            self.rows.append((self.field.line + 1 + i if self.block else self.field.line,
                              tokens))

    def error(self, line: int, column: int, message: str) -> DataError:
        return DataError.at(self.field.file, line, column, f"{self.field.path}: {message}")


def read_grid(r: Reader) -> list[list[int]]:
    """The `grid:` text: five rows of five cards 0..5, at most six of each value (RM-2.1)."""
    drawn = _Text(r, "grid")
    if len(drawn.rows) != GRID_SIZE:
        raise drawn.field.error(_("expected {size} rows of {size} cards (the finished table, "
                                  "RM-4.4), got {count} rows").format(
                                      size=GRID_SIZE, count=len(drawn.rows)))
    problems = ProblemCollector()
    grid: list[list[int]] = []
    for number, (line, tokens) in enumerate(drawn.rows, start=1):
        with problems.guard():
            if len(tokens) != GRID_SIZE:
                raise drawn.error(line, tokens[0][1], _(
                    "row {row} has {count} cards; every row of the finished table has "
                    "{size}").format(row=number, count=len(tokens), size=GRID_SIZE))
            grid.append([_value(drawn, line, number, token, column, empty_ok=False)
                         for token, column in tokens])
    problems.raise_if_any()
    _check_copies(drawn, [(line, tokens) for line, tokens in drawn.rows])
    return grid


def read_table(r: Reader) -> tuple[dict[Pos, int], int, int]:
    """The `table:` drawing: `.` or a card per cell, rows of equal length, the cards connected
    (RM-4.2), inside a 5 × 5 frame (RM-4.3), with an empty cell all round them (FORMATS.md).
    Returns the cards by drawing position, and the drawing's width and height."""
    drawn = _Text(r, "table")
    if not drawn.rows:
        raise drawn.field.error(_("the table is empty; draw it with '.' for empty cells"))
    width = len(drawn.rows[0][1])
    problems = ProblemCollector()
    cells: dict[Pos, int] = {}
    for y, (line, tokens) in enumerate(drawn.rows):
        with problems.guard():
            if len(tokens) != width or width > MAX_TABLE_SIDE:
                raise drawn.error(line, tokens[0][1], _(
                    "row {row} has {count} cells; every row must have as many as the first "
                    "({width}), at most {most}").format(
                        row=y + 1, count=len(tokens), width=width, most=MAX_TABLE_SIDE))
            for x, (token, column) in enumerate(tokens):
                value = _card(drawn, line, y + 1, token, column, empty_ok=True)
                if value is not None:
                    cells[Pos(x, y)] = value
    problems.raise_if_any()
    height = len(drawn.rows)
    if height > MAX_TABLE_SIDE:
        raise drawn.field.error(_("the table has {height} rows; at most {most}").format(
            height=height, most=MAX_TABLE_SIDE))
    if not cells:
        raise drawn.field.error(_("the table has no cards; a game starts with the start card "
                                  "(RM-3.3)"))
    _check_copies(drawn, drawn.rows)
    for pos in sorted(cells, key=lambda p: (p.y, p.x)):
        if pos.x in (0, width - 1) or pos.y in (0, height - 1):
            line, tokens = drawn.rows[pos.y]
            raise drawn.error(line, tokens[pos.x][1], _(
                "the card at [{x}, {y}] is on the edge of the drawing; leave an empty cell "
                "('.') all round the cards so every legal cell can be named").format(
                    x=pos.x, y=pos.y))
    min_x, max_x, min_y, max_y = _grid.bounds(cells)
    if max_x - min_x >= GRID_SIZE or max_y - min_y >= GRID_SIZE:
        raise drawn.field.error(_("the cards span {width} × {height} cells; a table never "
                                  "grows beyond 5 × 5 (RM-4.3)").format(
                                      width=max_x - min_x + 1, height=max_y - min_y + 1))
    if not _grid.is_connected(cells):
        raise drawn.field.error(_("the cards are not all connected side by side; every card is "
                                  "placed next to another (RM-4.2)"))
    return cells, width, height


def _card(drawn: _Text, line: int, row: int, token: str, column: int, *,
          empty_ok: bool) -> int | None:
    if empty_ok and token == ".":
        return None
    return _value(drawn, line, row, token, column, empty_ok=empty_ok)


def _value(drawn: _Text, line: int, row: int, token: str, column: int, *,
           empty_ok: bool) -> int:
    if token.isdigit() and int(token) in VALUES:
        return int(token)
    if empty_ok:
        message = _("row {row}: {token} is not allowed here; expected a card 0..5 or '.' for "
                    "an empty cell")
    else:
        message = _("row {row}: {token} is not allowed here; expected a card 0..5")
    raise drawn.error(line, column, message.format(row=row, token=repr(token)))


def _check_copies(drawn: _Text, rows: list[tuple[int, list[tuple[str, int]]]]) -> None:
    seen = [0] * len(VALUES)
    for line, tokens in rows:
        for token, column in tokens:
            if token.isdigit() and int(token) in VALUES:
                seen[int(token)] += 1
                if seen[int(token)] > COPIES:
                    raise drawn.error(line, column, _(
                        "a {count}th card of value {value}; the deck has only {copies} cards "
                        "of each value (RM-2.1)").format(
                            count=COPIES + 1, value=token, copies=COPIES))


def _ints(f: Field, count: int) -> list[int]:
    return [item.integer(min=0) for item in f.items(min_length=count, max_length=count)]


def run_scenario(r: Reader, ctx: FileContext) -> ScenarioOutcome:
    """Run a `robot-master-scenario/1` (the `format` key is already read). Raises DataError."""
    problems = ProblemCollector()      # every mistake of the file in one run
    rules = read_rules(r, problems)
    if r.has("grid") == r.has("table"):
        problems.raise_if_any()
        raise r.error(_("give either 'grid' (a finished table to score) or 'table' (a table "
                        "in play, to ask where the next card may go), not both or neither"))
    if r.has("grid"):
        return _run_grid(r, rules, problems)
    problems.raise_if_any()
    return _run_table(r, rules)


def _run_grid(r: Reader, rules: Rules, problems: ProblemCollector) -> ScenarioOutcome:
    grid: list[list[int]] = []
    with problems.guard():
        grid = read_grid(r)
    wanted: dict[str, Any] = {}
    expect = r.reader("expect", None)
    if expect is not None:
        with problems.guard():
            expect.expect_done(GRID_EXPECT_KEYS)
        readers: dict[str, Callable[[Field], Any]] = {
            "rows": lambda f: _ints(f, GRID_SIZE), "columns": lambda f: _ints(f, GRID_SIZE),
            "winner": lambda f: f.choice(WINNERS), "margin": lambda f: f.integer(min=0),
            "solo": lambda f: f.integer(min=0)}
        for key in GRID_EXPECT_KEYS:
            if expect.has(key):
                with problems.guard():
                    wanted[key] = readers[key](expect.field(key))
    with problems.guard():
        r.done()
    problems.raise_if_any()
    result = score_grid(grid, rules)
    state: dict[str, Any] = {"rows": list(result.rows), "columns": list(result.columns),
                             "winner": result.winner, "margin": result.margin,
                             "deciding_rank": result.deciding_rank, "solo": result.solo}
    mismatches: list[str] = []
    for key, value in wanted.items():
        mismatches += compare("grid", key, value, state[key])
    return ScenarioOutcome(state, mismatches)


def _legal_cells(r: Reader, rules: Rules, cells: dict[Pos, int], width: int,
                 height: int) -> list[Pos]:
    """Where the next card may go on a drawn table (RM-4), in the drawing's coordinates,
    sorted as the scenario's `legal_cells` are (x first)."""
    start_field = r.optional("start")
    origin = Pos(0, 0)
    if start_field is not None:
        origin = start_field.position(width, height)
        if origin not in cells:
            raise start_field.error(_("[{x}, {y}] is an empty cell; 'start' names the start "
                                      "card's cell").format(x=origin.x, y=origin.y))
    elif rules.fixed_centre_start:
        raise r.error(_("with RM_FIXED_CENTRE_START the frame is centred on the start card: "
                        "name its cell with 'start: [x, y]'"))
    relative = {Pos(p.x - origin.x, p.y - origin.y): v for p, v in cells.items()}
    if rules.fixed_centre_start and any(abs(p.x) > 2 or abs(p.y) > 2 for p in relative):
        raise r.error(_("with RM_FIXED_CENTRE_START every card lies within 2 cells of the "
                        "start card"), "table")
    return sorted(Pos(p.x + origin.x, p.y + origin.y)
                  for p in _grid.legal_cells(relative, fixed_centre=rules.fixed_centre_start))


def _run_table(r: Reader, rules: Rules) -> ScenarioOutcome:
    cells, width, height = read_table(r)
    legal = [[p.x, p.y] for p in _legal_cells(r, rules, cells, width, height)]
    expect = r.reader("expect", None)
    r.done()
    state: dict[str, Any] = {"cards": len(cells), "legal_cells": legal}
    mismatches: list[str] = []
    if expect is not None:
        expect.expect_done(TABLE_EXPECT_KEYS)
        if expect.has("legal_cells"):
            wanted = sorted([list(item.position(width, height))
                             for item in expect.field("legal_cells").items()])
            mismatches += compare("table", "legal_cells", wanted, legal)
    return ScenarioOutcome(state, mismatches)


@dataclass(frozen=True)
class ScenarioTable:
    """A Robot Master scenario as the workbench draws it: its cards by cell (the drawing's
    coordinates, a finished grid's rows north to south), the drawing's size in cells, and
    what the scenario works out from them: a finished grid's result (RM-5, RM-6), or the
    cells where the next card may go on a table in play (RM-4)."""

    cells: dict[Pos, int]
    size: tuple[int, int]
    rules: Rules
    result: GameResult | None = None
    legal_cells: tuple[Pos, ...] = ()


def scenario_table(r: Reader, ctx: FileContext) -> ScenarioGround:
    """GROUNDS[SCENARIO_FORMAT]: the table the scenario is about (no robots walk on it).
    Raises DataError as the scenario's run does."""
    rules = read_rules(r)
    if r.has("grid"):
        grid = read_grid(r)
        cells = {Pos(x, y): value for y, row in enumerate(grid) for x, value in enumerate(row)}
        return ScenarioGround(ScenarioTable(cells, (GRID_SIZE, GRID_SIZE), rules,
                                            result=score_grid(grid, rules)))
    cells, width, height = read_table(r)
    return ScenarioGround(ScenarioTable(cells, (width, height), rules, legal_cells=tuple(
        _legal_cells(r, rules, cells, width, height))))


CHECKERS: dict[str, Callable[[Reader, FileContext], Any]] = {}
SIMULATORS: dict[str, Callable[[Reader, FileContext], ScenarioOutcome]] = {
    SCENARIO_FORMAT: run_scenario,
}
GROUNDS: dict[str, Callable[[Reader, FileContext], ScenarioGround]] = {
    SCENARIO_FORMAT: scenario_table,
}
