"""Loading VOLT arenas (`volt-arena/1`, FORMATS.md) through the data gate.

The only module of game.volt that reads files, and only through `game.data.Reader`."""

from __future__ import annotations

from pathlib import Path

from game.core.types import Direction, Pos
from game.data import DataError, Reader
from game.data.errors import ProblemCollector
from game.data.files import read_format
from game.data.reader import tokens_with_columns
from game.i18n import _
from game.volt.model import SEAT_ORDER, VP_NUMBERS, Arena, SquareKind, wall_key

ARENA_FORMAT = "volt-arena/1"
MAX_SIZE = 40
ELEMENT_TYPES = ("floor", "pit", "vp", "workshop", "start")
MAP_TOKENS = (".", "O", "V1", "V2", "V3", "V4", "V5", "V6", "W", "SN", "SE", "SS", "SW")
ARENA_KEYS = ("format", "name", "size", "map", "walls", "elements")


class _Square:
    """What one square became while reading, and where that was said: the map's row and
    column, else the index of its `elements` record."""

    def __init__(self, kind: SquareKind, number: int | None, side: Direction | None, *,
                 map_at: tuple[int, int] | None = None, element: int = 0) -> None:
        self.kind = kind
        self.number = number
        self.side = side
        self.map_at = map_at
        self.element = element


def token_square(token: str) -> tuple[SquareKind, int | None, Direction | None]:
    """What the map token `token` (one of MAP_TOKENS) makes of its square: the kind, a
    victory-point field's number, a start field's side."""
    if token == ".":
        return SquareKind.FLOOR, None, None
    if token == "O":
        return SquareKind.PIT, None, None
    if token == "W":
        return SquareKind.WORKSHOP, None, None
    if token.startswith("V"):
        return SquareKind.VP, int(token[1:]), None
    return SquareKind.START, None, Direction(token[1:])


def read_arena(r: Reader, *, default_name: str, playable: bool, arena_id: str = "") -> Arena:
    """Read the arena keys of `r` (every key but `format`) and call `r.done()`.

    `playable`: the arena must be fit for a whole game: victory-point fields 1..6 once each
    and start fields on at least two sides (VT-1.3, VT-5.1). Scenario arenas need neither.
    Raises DataError with one problem per mistake found."""
    problems = ProblemCollector()
    name = r.text("name", default_name, max_length=100)
    size_field = r.field("size")
    width, height = size_field.pair(min=1, max=MAX_SIZE)
    squares: dict[Pos, _Square] = {}

    map_field = r.optional("map")
    if map_field is not None:
        with problems.guard():
            map_field.text(max_length=20_000)     # an arena map's own length limit
            rows = [(row, line, column) for row, line, column in map_field.text_lines()
                    if row.strip()]
            if len(rows) != height:
                raise map_field.error(_("{count} rows; the size says {height} (one row "
                                        "per line, north to south)").format(
                                            count=len(rows), height=height))
            for y, (row, line, column) in enumerate(rows):
                tokens = tokens_with_columns(row)
                if len(tokens) != width:
                    raise map_field.error_at(line, column, _(
                        "row {row} has {count} squares; the size says {width} (tokens are "
                        "separated by blanks)").format(row=y, count=len(tokens), width=width))
                for x, (token, offset) in enumerate(tokens):
                    if token not in MAP_TOKENS:
                        raise map_field.error_at(
                            line, column + offset, _(
                                "row {row}, column {column}: unknown square {token}; "
                                "allowed: {allowed}").format(
                                    row=y, column=x, token=repr(token),
                                    allowed=" ".join(MAP_TOKENS)), square=(x, y))
                    kind, number, side = token_square(token)
                    if kind is not SquareKind.FLOOR:
                        squares[Pos(x, y)] = _Square(kind, number, side, map_at=(y, x))

    for i, er in enumerate(r.records("elements", max_length=MAX_SIZE * MAX_SIZE)):
        with problems.guard():
            kind = SquareKind(er.choice("type", ELEMENT_TYPES))
            pos_field = er.field("at")
            pos = pos_field.position(width, height)
            number = er.integer("number", min=1, max=6) if kind is SquareKind.VP else None
            side = er.choice("side", Direction) if kind is SquareKind.START else None
            er.done()
            before = squares.get(pos)
            if before is not None and kind is not SquareKind.FLOOR:
                raise pos_field.error(_clash(pos, before))
            if kind is SquareKind.FLOOR:
                squares.pop(pos, None)
            else:
                squares[pos] = _Square(kind, number, side, element=i)

    walls: dict[tuple[int, int, str], int] = {}
    wall_items = r.items("walls", [], max_length=4 * MAX_SIZE * MAX_SIZE)
    for i, wf in enumerate(wall_items):
        with problems.guard():
            parts = wf.items()
            if len(parts) != 3:
                raise wf.error(_("expected a wall [x, y, side], got a list of {count} "
                                 "items").format(count=len(parts)))
            x = parts[0].integer(min=0, max=width - 1)
            y = parts[1].integer(min=0, max=height - 1)
            side = parts[2].choice(Direction)
            key = wall_key(x, y, side)
            if key in walls:
                raise wf.error(_("[{x}, {y}, {side}] is the same wall as walls[{index}]; "
                                 "list each wall once").format(
                                     x=x, y=y, side=side.value, index=walls[key]))
            walls[key] = i

    r.done()
    problems.raise_if_any()

    vp: dict[int, Pos] = {}
    starts: dict[Direction, list[Pos]] = {side: [] for side in SEAT_ORDER}
    for pos in sorted(squares, key=lambda p: (p.y, p.x)):
        square = squares[pos]
        if square.kind is SquareKind.VP:
            assert square.number is not None
            if square.number in vp:
                other = vp[square.number]
                problems.problems.extend(r.error(
                    _("victory-point field {number} appears twice, at [{first_x}, {first_y}] "
                      "and [{x}, {y}]; each number 1..6 marks one field").format(
                          number=square.number, first_x=other.x, first_y=other.y,
                          x=pos.x, y=pos.y),
                    "map" if map_field is not None else "elements").problems)
            vp[square.number] = pos
        elif square.kind is SquareKind.START:
            assert square.side is not None
            starts[square.side].append(pos)
    if playable:
        missing = [n for n in VP_NUMBERS if n not in vp]
        if missing:
            problems.problems.extend(r.error(
                _("no victory-point field {numbers}; an arena needs V1 .. V6 once each "
                  "(VT-5.1)").format(numbers=", ".join(str(n) for n in missing))).problems)
        sides = [s for s in SEAT_ORDER if starts[s]]
        if len(sides) < 2:
            problems.problems.extend(r.error(
                _("start fields on {count} side(s); an arena needs start fields on at "
                  "least two sides (SN, SE, SS, SW), one per operator (VT-1.3)").format(
                      count=len(sides))).problems)
    problems.raise_if_any()

    return Arena(
        name=name, width=width, height=height, id=arena_id,
        pits=frozenset(p for p, s in squares.items() if s.kind is SquareKind.PIT),
        vp_fields=tuple(sorted(vp.items())),
        starts=tuple((side, tuple(starts[side])) for side in SEAT_ORDER),
        workshops=frozenset(p for p, s in squares.items() if s.kind is SquareKind.WORKSHOP),
        walls=frozenset(walls),
    )


def _clash(pos: Pos, before: _Square) -> str:
    """Why a square cannot take a second kind: what it already is, and where that was said."""
    if before.map_at is not None:
        row, column = before.map_at
        return _("[{x}, {y}] is already a {kind} field from the map (row {row}, column "
                 "{column}); a square has one kind").format(
                     x=pos.x, y=pos.y, kind=before.kind.value, row=row, column=column)
    return _("[{x}, {y}] is already a {kind} field from {where}; a square has one "
             "kind").format(x=pos.x, y=pos.y, kind=before.kind.value,
                            where=f"elements[{before.element}]")


def load_arena(path: Path | str) -> Arena:
    """Load and check an arena file. Raises DataError (every problem, with its place)."""
    path = Path(path)
    r = Reader.from_file(path)
    read_format(r, {ARENA_FORMAT: None}, _("a VOLT arena"))
    return read_arena(r, default_name=path.stem, playable=True, arena_id=path.stem)


def arena_id(path: Path | str) -> str:
    """The id of an arena file: its stem (STYLE.md §5.3)."""
    return Path(path).stem


def builtin_arenas(folder: Path) -> list[Path]:
    """The arena files in `folder` (e.g. boards/volt), sorted by name."""
    return sorted(folder.glob("*.yaml"))


__all__ = ["ARENA_FORMAT", "DataError", "load_arena", "read_arena", "builtin_arenas"]
