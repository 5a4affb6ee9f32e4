"""Reading RoboRally files through the data gate (FORMATS.md): boards (`roborally-board/1`),
courses (`roborally-course/1`), option cards (`roborally-options/1`) and element texts
(`roborally-elements/1`). The only module of the package that touches files."""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path
from typing import Callable, Sequence, cast

from game import paths
from game.core.texts import FALLBACK_LANGUAGE, LANGUAGE_CODE, Texts
from game.core.types import Direction, Pos
from game.data.errors import DataError, ProblemCollector
from game.data.files import FileContext, read_format
from game.data.reader import Field, Reader, tokens_with_columns
from game.i18n import _
from game.roborally.elements import (
    ELEMENTS, MAX_FLAGS, MAX_PLAYERS, MOUNTED_PLACE, element_type)
from game.roborally.model import (
    ELEMENT_TYPES, MAX_BOARD_SIDE, MAX_COURSE_SIDE, OPTION_IDS, OPTION_TIMINGS, REGISTERS,
    Board, BoardPlacement, Conveyor, Course, Crusher, ElementInfo, Flag, Floor, FloorElement,
    Gear, MountedElement, OptionCard, Oil, Pit, Portal, Repair, Start, StartSquare,
    WallKey, rotate_pos, wall_key)

BOARD_FORMAT = "roborally-board/1"
COURSE_FORMAT = "roborally-course/1"
OPTIONS_FORMAT = "roborally-options/1"
ELEMENTS_FORMAT = "roborally-elements/1"

_ARROWS = {">": Direction.E, "<": Direction.W, "^": Direction.N, "v": Direction.S}


def map_token_element(token: str) -> FloorElement | Start | None:
    """The element a map token stands for (FORMATS.md), None if unknown."""
    if token == ".":
        return Floor()
    if token == "O":
        return Pit()
    if token == "~":
        return Oil()
    if token == "X":
        return Crusher(frozenset(range(1, REGISTERS + 1)))
    if len(token) == 2:
        a, b = token[0], token[1]
        if a in "CE" and b in _ARROWS:
            return Conveyor(_ARROWS[b], a == "E")
        if token == "G+":
            return Gear(True)
        if token == "G-":
            return Gear(False)
        if token in ("R1", "R2"):
            return Repair(int(b))
        if a == "S" and b in "12345678":
            return Start(int(b))
    return None


MAP_TOKENS = ". O ~ X C> C< C^ Cv E> E< E^ Ev G+ G- R1 R2 S1 S2 S3 S4 S5 S6 S7 S8"


def _read_element(er: Reader, width: int, height: int
                  ) -> tuple[Pos, FloorElement | MountedElement | Start | Flag]:
    kind = ELEMENTS[er.choice("type", list(ELEMENTS))]
    at = er.position("at", width, height)
    element = kind.read(er)
    er.done()
    return at, element


def read_board(r: Reader, default_name: str, *, portals_exact: bool) -> Board:
    """The keys of a board (`name`, `size`, `map`, `walls`, `elements`); the caller calls
    `done()`. `portals_exact`: a course needs exactly two portals of each colour; a single
    board file may hold one half of a pair (at most two)."""
    name = r.text("name", default_name, max_length=100)
    width, height = r.pair("size", min=1, max=MAX_BOARD_SIDE)
    problems = ProblemCollector()
    floor: dict[Pos, FloorElement] = {Pos(x, y): Floor() for y in range(height)
                                      for x in range(width)}
    origin: dict[Pos, str | None] = {}
    """Where each square's floor element was given: `elements[i]`, or None for the map."""
    starts: dict[int, StartSquare] = {}
    start_at: dict[Pos, int] = {}
    flags: dict[int, Pos] = {}
    flag_places: dict[int, Reader] = {}
    walls: set[WallKey] = set()
    mounted: list[tuple[Pos, MountedElement]] = []

    def add_start(number: int, at: Pos, facing: Direction, where: Callable[[str], DataError]
                  ) -> None:
        if number in starts:
            raise where(_("start square {number} is given twice (also at [{x}, {y}])").format(
                number=number, x=starts[number].at.x, y=starts[number].at.y))
        if at in start_at:
            raise where(_("square [{x}, {y}] already is start square {number}").format(
                x=at.x, y=at.y, number=start_at[at]))
        starts[number] = StartSquare(number, at, facing)
        start_at[at] = number

    map_field = r.optional("map")
    if map_field is not None:
        with problems.guard():
            lines = [(row, line, col) for row, line, col in map_field.text_lines()
                     if row.strip()]
            if len(lines) != height:
                raise map_field.error(_("the map has {count} rows; the size says {height}")
                                      .format(count=len(lines), height=height))
            for y, (row, line, col) in enumerate(lines):
                tokens = tokens_with_columns(row)
                if len(tokens) != width:
                    raise map_field.error_at(line, col, _(
                        "row {row} has {count} squares; the size says {width} (tokens are "
                        "separated by blanks)").format(row=y, count=len(tokens), width=width))
                for x, (token, offset) in enumerate(tokens):
                    element = map_token_element(token)
                    if element is None:
                        raise map_field.error_at(
                            line, col + offset, _(
                                "row {row}, column {column}: unknown square {token}; "
                                "allowed: {allowed}").format(
                                    row=y, column=x, token=repr(token), allowed=MAP_TOKENS),
                            square=(x, y))
                    pos = Pos(x, y)
                    if isinstance(element, Start):
                        add_start(element.number, pos, element.facing,
                                  functools.partial(map_field.error_at, line, col + offset,
                                                    square=(x, y)))
                    elif not isinstance(element, Floor):
                        floor[pos] = element
                        origin[pos] = None

    for f in r.items("walls", []):
        with problems.guard():
            parts = f.items()
            if len(parts) != 3:
                raise f.error(_("expected a wall [x, y, N|E|S|W]"))
            x = parts[0].integer(min=0, max=width - 1)
            y = parts[1].integer(min=0, max=height - 1)
            side = parts[2].choice(Direction)
            walls.add(wall_key(x, y, side))

    for i, er in enumerate(r.records("elements")):
        with problems.guard():
            at, placed = _read_element(er, width, height)
            if isinstance(placed, Start):
                add_start(placed.number, at, placed.facing, er.error)
            elif isinstance(placed, Flag):
                if placed.number in flags:
                    raise er.error(_("flag {number} is given twice").format(
                        number=placed.number))
                flags[placed.number] = at
                flag_places[placed.number] = er
            elif element_type(placed).place == MOUNTED_PLACE:
                on_side = cast(MountedElement, placed)      # the registry's place says so
                mounted.append((at, on_side))
                if element_type(on_side).wall_mounted:
                    walls.add(wall_key(at.x, at.y, on_side.wall))
            else:
                if at in origin:
                    source = origin[at]
                    if source is None:
                        raise er.error(_("square [{x}, {y}] already holds a {kind} (from the "
                                         "map); a square holds one floor-type element").format(
                                             x=at.x, y=at.y, kind=floor[at].kind))
                    raise er.error(_("square [{x}, {y}] already holds a {kind} (from {origin}); "
                                     "a square holds one floor-type element").format(
                                         x=at.x, y=at.y, kind=floor[at].kind, origin=source))
                floor[at] = cast(FloorElement, placed)
                origin[at] = f"elements[{i}]"
    problems.raise_if_any()
    if flags and sorted(flags) != list(range(1, len(flags) + 1)):
        raise r.error(_("flag numbers must run 1..{count} without gaps; got {numbers}").format(
            count=len(flags), numbers=sorted(flags)), "elements")
    mounted.sort(key=lambda pe: (pe[0].y, pe[0].x))
    board = Board(name, width, height, floor, frozenset(walls), tuple(mounted),
                  tuple(starts[n] for n in sorted(starts)),
                  tuple(flags[n] for n in sorted(flags)))
    # RR-3.2 holds for a board's own flags as for a course's `flags:` list
    check_flags(board, [flag_places[n] for n in sorted(flags)], list(board.flags))
    _check_portals(board, r, exact=portals_exact)
    return board


def _portal_squares(board: Board) -> dict[str, list[Pos]]:
    colours: dict[str, list[Pos]] = {}
    for y in range(board.height):
        for x in range(board.width):
            e = board.floor.get(Pos(x, y))
            if isinstance(e, Portal):
                colours.setdefault(e.color, []).append(Pos(x, y))
    return colours


def _check_portals(board: Board, r: Reader, *, exact: bool, key: str = "elements") -> None:
    for colour, squares in _portal_squares(board).items():
        if len(squares) > 2 or (exact and len(squares) != 2):
            where = ", ".join(f"[{p.x}, {p.y}]" for p in squares)
            raise r.error(_("portals come in pairs: colour {colour} has {count} square(s) "
                            "({squares}); a course needs exactly two of each colour").format(
                                colour=repr(colour), count=len(squares), squares=where),
                          key if r.has(key) else None)


def check_flags(board: Board, flags: Sequence[Field | Reader], positions: list[Pos]) -> None:
    """RR-3.2: flags on the course, not on a pit or portal, not in a two-wall corner, and
    no two on one square. `flags` are where each flag is written, for the messages."""
    seen: dict[Pos, int] = {}
    for i, (f, pos) in enumerate(zip(flags, positions), start=1):
        e = board.floor.get(pos)
        if e is None:
            raise f.error(_("flag {number} at [{x}, {y}] is off the course").format(
                number=i, x=pos.x, y=pos.y))
        if isinstance(e, Pit):
            raise f.error(_("flag {number} at [{x}, {y}] is on a pit; a checkpoint must not be "
                            "placed on a pit or a portal (RR-3.2)").format(
                                number=i, x=pos.x, y=pos.y))
        if isinstance(e, Portal):
            raise f.error(_("flag {number} at [{x}, {y}] is on a portal; a checkpoint must not "
                            "be placed on a pit or a portal (RR-3.2)").format(
                                number=i, x=pos.x, y=pos.y))
        sides = [board.has_wall(pos, d) for d in Direction]
        if any(sides[k] and sides[(k + 1) % 4] for k in range(4)):
            raise f.error(_("flag {number} at [{x}, {y}] is in a corner closed by two walls "
                            "(RR-3.2)").format(number=i, x=pos.x, y=pos.y))
        if pos in seen:
            raise f.error(_("flag {number} is on the same square as flag {other}").format(
                number=i, other=seen[pos]))
        seen[pos] = i


def read_flag_list(r: Reader, key: str, board: Board) -> tuple[Pos, ...] | None:
    f = r.optional(key)
    if f is None:
        return None
    items = f.items(max_length=MAX_FLAGS)
    positions = [item.position(board.width, board.height) for item in items]
    check_flags(board, items, positions)
    return tuple(positions)


def check_board_file(r: Reader, ctx: FileContext) -> Board:
    """`roborally-board/1` (FORMATS.md)."""
    board = read_board(r, _stem(r), portals_exact=False)
    r.done()
    return board


def _stem(r: Reader) -> str:
    return Path(r.file).stem


def check_course_file(r: Reader, ctx: FileContext) -> Course:
    """`roborally-course/1`: boards rotated clockwise, then their NW corner placed at `at`."""
    name = r.text("name", _stem(r), max_length=100)
    players = r.pair("players", min=1, max=MAX_PLAYERS, default=(2, MAX_PLAYERS))
    if players[0] > players[1]:
        raise r.error(_("players [{least}, {most}]: the minimum is larger than the maximum")
                      .format(least=players[0], most=players[1]), "players")
    placements: list[BoardPlacement] = []
    pieces: list[tuple[Board, BoardPlacement, Reader]] = []
    for br in r.records("boards", required=True):
        name_field = br.field("board")
        path = ctx.resolve(name_field, "roborally")
        board = ctx.load_named(path, functools.partial(load_board_path, name_field=name_field))
        if not br.flag("starts", True):   # the course's docking bay supplies them
            board = dataclasses.replace(board, starts=())
        at = br.pair("at", min=0, max=MAX_COURSE_SIDE)
        rotate = br.integer("rotate", 0)
        if rotate not in (0, 90, 180, 270):
            raise br.error(_("rotate {rotate} is not allowed; expected 0, 90, 180 or 270")
                           .format(rotate=rotate), "rotate")
        br.done()
        placement = BoardPlacement(name_field.name(), Pos(*at), rotate)
        placements.append(placement)
        pieces.append((board, placement, br))
    if not pieces:
        raise r.error(_("a course needs at least one board"), "boards")
    board = assemble(name, pieces)
    board = Board(board.name, board.width, board.height, board.floor, board.walls,
                  board.mounted, board.starts, board.flags, board.board_count, players,
                  board.sources)
    _check_portals(board, r, exact=True, key="boards")
    flags = read_flag_list(r, "flags", board)
    if flags is not None:
        board = board.with_flags(flags)
    else:   # the boards' own flags, now that seams may have closed a corner
        check_flags(board, [r] * len(board.flags), list(board.flags))
    r.done()
    _check_playable(board, r)
    return Course(name, players, tuple(placements), board)


def _check_playable(course: Board, r: Reader) -> None:
    """What the game needs of a course to start and to finish (RR-3.2, RR-3.3): a start
    square, one for every robot when it has numbered docks, and at least one flag."""
    starts, most = len(course.starts), course.players[1]
    if starts == 0:
        raise r.error(_("the course has no start square; give one of its boards a docking "
                        "bay (S1..S8) or add a board that has one"), "boards")
    if 1 < starts < most:
        raise r.error(_("the course has {starts} start squares but allows {most} players; "
                        "lower the most players to {starts} or add start squares (RR-3.3)")
                      .format(starts=starts, most=most),
                      "players" if r.has("players") else "boards")
    if not course.flags:
        raise r.error(_("the course has no flags, so no robot can ever win; list them under "
                        "`flags:` or use boards that have flags (RR-3.2)"),
                      "flags" if r.has("flags") else "boards")


def load_board_path(path: Path, name_field: Field) -> Board:
    """A board file named from another file; its errors keep their own places."""
    br = Reader.from_file(path)
    fmt = read_format(br, {BOARD_FORMAT: None},
                      _("a course board ({path})").format(path=name_field.path))
    del fmt
    return check_board_file(br, FileContext.for_file(path))


def assemble(name: str, pieces: list[tuple[Board, BoardPlacement, Reader]]) -> Board:
    """Join boards into one course board (RR-3.1): each board turned clockwise by `rotate`,
    then its NW corner put at `at`. Walls on both sides of a seam count as one wall."""
    floor: dict[Pos, FloorElement] = {}
    owner: dict[Pos, int] = {}
    walls: set[WallKey] = set()
    mounted: list[tuple[Pos, MountedElement]] = []
    starts: list[StartSquare] = []
    flags: list[Pos] = []
    width = height = 0
    for index, (board, placement, br) in enumerate(pieces):
        q = placement.rotate // 90
        bw, bh = (board.width, board.height) if q % 2 == 0 else (board.height, board.width)
        ox, oy = placement.at

        def place(p: Pos) -> Pos:
            rp = rotate_pos(p, board.width, board.height, q)
            return Pos(rp.x + ox, rp.y + oy)

        if ox + bw > MAX_COURSE_SIDE or oy + bh > MAX_COURSE_SIDE:
            raise br.error(_("the board reaches [{x}, {y}]; a course may be at most {most} "
                             "squares on a side").format(
                                 x=ox + bw - 1, y=oy + bh - 1, most=MAX_COURSE_SIDE), "at")
        width, height = max(width, ox + bw), max(height, oy + bh)
        for p, e in board.floor.items():
            cp = place(p)
            if cp in owner:
                other = pieces[owner[cp]][1]
                raise br.error(_("board {board} overlaps board {other} at [{x}, {y}]").format(
                    board=repr(placement.board), other=repr(other.board), x=cp.x, y=cp.y), "at")
            owner[cp] = index
            floor[cp] = element_type(e).turned(e, q)
        for (x, y, side) in board.walls:
            # the stored edge is side `side` of (x, y), which may lie just outside the board
            # (its S or E neighbour); rotate the edge as the side of an inside square.
            if side is Direction.N:
                inside, s = (Pos(x, y), Direction.N) if y < board.height else \
                    (Pos(x, y - 1), Direction.S)
            else:
                inside, s = (Pos(x, y), Direction.W) if x < board.width else \
                    (Pos(x - 1, y), Direction.E)
            cp = place(inside)
            walls.add(wall_key(cp.x, cp.y, s.turned(q)))
        for p, m in board.mounted:
            mounted.append((place(p), element_type(m).turned(m, q)))
        for st in board.starts:
            starts.append(StartSquare(st.number, place(st.at), st.facing.turned(q)))
        flags.extend(place(f) for f in board.flags)
    numbers = [s.number for s in starts]
    for n in numbers:
        if numbers.count(n) > 1:
            raise pieces[-1][2].error(_("start square {number} appears on more than one "
                                        "board of the course").format(number=n))
    mounted.sort(key=lambda pe: (pe[0].y, pe[0].x))
    starts.sort(key=lambda s: s.number)
    return Board(name, width, height, floor, frozenset(walls), tuple(mounted), tuple(starts),
                 tuple(flags), len(pieces), (1, MAX_PLAYERS),
                 tuple(piece[1].board for piece in pieces))


def load_course_named(name_field: Field, ctx: FileContext) -> Board:
    """`board: NAME` in a scenario: a board file or a course file, as one course board."""
    path = ctx.resolve(name_field, "roborally")
    r = Reader.from_file(path)
    fmt = read_format(r, {BOARD_FORMAT: None, COURSE_FORMAT: None},
                      _("a RoboRally course ({path})").format(path=name_field.path))
    if fmt == BOARD_FORMAT:
        board = check_board_file(r, FileContext.for_file(path))
        _check_portals(board, r, exact=True)
        return board
    return check_course_file(r, FileContext.for_file(path)).board


# -- option cards and element texts ------------------------------------------------------


def _texts(r: Reader, key: str) -> Texts:
    """`{en: ..., de: ..., LANG: ...}`: any language codes, English required."""
    tr = r.reader(key)
    texts: dict[str, str] = {}
    for code in tr.keys():
        if not isinstance(code, str) or not LANGUAGE_CODE.match(code):
            raise tr.error(_("{code} is not a language code; write two small letters (de, fr) "
                             "or a regional code such as pt_BR").format(code=repr(code)), code)
        texts[code] = tr.text(code)
    if FALLBACK_LANGUAGE not in texts:
        raise tr.error(_("missing key {key}; the English text is required (languages "
                         "without their own text show it)").format(key=repr(FALLBACK_LANGUAGE)))
    return Texts.of(texts)


def check_options_file(r: Reader, ctx: FileContext) -> tuple[OptionCard, ...]:
    """`roborally-options/1`: the 26 option cards of CB-6, each once, by file id."""
    cards: list[OptionCard] = []
    problems = ProblemCollector()
    seen: set[str] = set()
    for cr in r.records("cards", required=True):
        with problems.guard():
            card_id = cr.choice("id", list(OPTION_IDS))
            if card_id in seen:
                raise cr.error(_("option {option} is listed twice").format(
                    option=repr(card_id)), "id")
            seen.add(card_id)
            cards.append(OptionCard(card_id, _texts(cr, "name"), _texts(cr, "text"),
                                    cr.choice("timing", list(OPTION_TIMINGS)),
                                    cr.integer("charges", 0, min=0, max=10)))
            cr.done()
    problems.raise_if_any()
    missing = [i for i in OPTION_IDS if i not in seen]
    if missing:
        raise r.error(_("missing option cards: {options} (CB-6 has 26)").format(
            options=", ".join(missing)), "cards")
    r.done()
    order = {i: n for n, i in enumerate(OPTION_IDS)}
    return tuple(sorted(cards, key=lambda c: order[c.id]))


def check_elements_file(r: Reader, ctx: FileContext) -> tuple[ElementInfo, ...]:
    """`roborally-elements/1`: name and rule text of every element type (plus `wall`)."""
    known = list(ELEMENT_TYPES) + ["wall"]
    infos: list[ElementInfo] = []
    problems = ProblemCollector()
    seen: set[str] = set()
    for er in r.records("elements", required=True):
        with problems.guard():
            kind = er.choice("type", known)
            if kind in seen:
                raise er.error(_("element type {kind} is listed twice").format(
                    kind=repr(kind)), "type")
            seen.add(kind)
            infos.append(ElementInfo(kind, _texts(er, "name"), _texts(er, "text")))
            er.done()
    problems.raise_if_any()
    missing = [k for k in known if k not in seen]
    if missing:
        raise r.error(_("missing element types: {kinds}").format(kinds=", ".join(missing)),
                      "elements")
    r.done()
    return tuple(infos)


def load_builtin(stem: str) -> Reader:

    return Reader.from_file(paths.builtin_boards_dir() / "roborally" / f"{stem}.yaml")


def load_options() -> tuple[OptionCard, ...]:
    """The shipped option cards (`boards/roborally/options.yaml`)."""
    r = load_builtin("options")
    read_format(r, {OPTIONS_FORMAT: None}, "options")
    return check_options_file(r, FileContext(None))


def load_element_texts() -> tuple[ElementInfo, ...]:
    r = load_builtin("elements")
    read_format(r, {ELEMENTS_FORMAT: None}, "elements")
    return check_elements_file(r, FileContext(None))


# -- a sample course with every element, for tests, benchmarks and practice ------------------

SAMPLE_FACTORY = """\
format: roborally-board/1
name: Sample Factory
size: [12, 12]
map: |
  .  .  C> C> C> Cv .  .  .  .  R1 .
  .  O  C^ .  .  Cv .  ~  ~  .  .  .
  .  .  C^ .  G+ Cv .  .  .  X  .  .
  E> E> E> E> E> Ev .  .  .  .  .  O
  .  .  .  .  .  Ev .  G- .  .  .  .
  .  R2 .  O  .  E> E> E> E> Ev .  .
  .  .  .  .  .  .  .  .  .  Ev .  .
  .  ~  ~  .  G+ .  .  O  .  Ev .  .
  .  .  .  .  .  .  .  .  .  Ev R1 .
  C< C< C< C< .  .  X  .  .  E< E< .
  .  .  .  C^ .  .  .  .  .  .  .  .
  .  .  .  C^ .  R2 .  .  .  .  .  .
walls: [[4, 4, N], [8, 2, E], [2, 8, S], [10, 6, W], [6, 9, E]]
elements:
  - {type: burner, at: [6, 6], registers: [2, 4]}
  - {type: burner, at: [8, 10], registers: [1, 3, 5]}
  - {type: crusher, at: [2, 10], registers: [2, 5]}
  - {type: portal, at: [10, 1], color: blue}
  - {type: portal, at: [1, 10], color: blue}
  - {type: pusher, at: [0, 6], wall: W, registers: [1, 3, 5]}
  - {type: pusher, at: [11, 6], wall: E, registers: [2, 4]}
  - {type: laser, at: [6, 0], wall: N, beams: 1}
  - {type: laser, at: [11, 10], wall: E, beams: 2}
  - {type: laser, at: [8, 11], wall: S, beams: 1}
  - {type: swing_door, at: [7, 4], wall: E, open: [1, 3, 5]}
"""

SAMPLE_DOCK = """\
format: roborally-board/1
name: Sample Dock
size: [12, 4]
map: |
  .  .  .  .  .  .  .  .  .  .  .  .
  .  S1 .  S3 .  S5 .  S7 .  .  .  .
  .  .  S2 .  S4 .  S6 .  S8 .  .  .
  .  R1 .  .  .  .  .  .  .  .  .  .
"""


def sample_course(rotate: int = 0) -> Board:
    """The sample factory (every element type) above the sample dock (8 start squares):
    a two-board course for tests and benchmarks. `rotate` turns the factory board."""
    pieces = []
    factory = Reader.from_text(SAMPLE_FACTORY, "sample-factory")
    read_format(factory, {BOARD_FORMAT: None}, "sample")
    fb = check_board_file(factory, FileContext(None))
    dock = Reader.from_text(SAMPLE_DOCK, "sample-dock")
    read_format(dock, {BOARD_FORMAT: None}, "sample")
    db = check_board_file(dock, FileContext(None))
    pieces.append((fb, BoardPlacement("sample-factory", Pos(0, 0), rotate), factory))
    pieces.append((db, BoardPlacement("sample-dock", Pos(0, 12), 0), dock))
    board = assemble("Sample Course", pieces)
    flags = (Pos(5, 8), Pos(10, 2), Pos(2, 4)) if rotate == 0 else \
        (Pos(3, 5), Pos(9, 10), Pos(7, 2))
    return board.with_flags(flags)
