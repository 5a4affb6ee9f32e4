"""Designer warnings that `check` and the workbench show without failing (RULES.md RR-3.2,
issues 9 and 17).

They point at things that are legal but almost surely not meant: a flag on a conveyor, a
start square facing a wall, a board laser that can never hit a robot, a flag no robot can
reach from the start squares (by the bot's distance map), a portal without its partner, two
wall-mounted elements on one side of a square, a door on a side that already has a wall, a
pusher facing a wall, a VOLT victory field boxed in by pits or that a side's robots cannot
walk to from their start fields (the bots' own step count, `Arena.walking_steps`). Pure:
reads the loaded model; game/tools/designer_warnings.py finds each warning's place in the
file."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.optional_modules import optional_module
from game.core.types import Direction, Pos
from game.i18n import _
from game.roborally.layout import Layout
from game.roborally.model import Board, Conveyor, Laser, Pit, Portal, Pusher, SwingDoor
from game.roborally_bots.baseline import UNREACHABLE, DistanceMap, LoneRobot


@dataclass(frozen=True)
class Finding:
    """One warning: its text, and the square and element it is about, so that its place in
    the file can be found (the element record, else the map square)."""

    message: str
    """Made in the language in use when the lint ran."""
    square: Pos | None = None
    kinds: tuple[str, ...] = ()
    """The element types the warning is about (`flag`, `laser`...): their record is its place."""
    side: Direction | None = None
    """For a wall-mounted element: the side it is mounted on."""

    def __str__(self) -> str:
        return self.message


def _board_of(model: Any) -> Board | None:
    if isinstance(model, Board):
        return model
    board = getattr(model, "board", None)
    return board if isinstance(board, Board) else None


def _stands(board: Board, pos: Pos) -> bool:
    """A robot can stand here: on the course and not a pit."""
    return board.on_course(pos) and not isinstance(board.element_at(pos), Pit)


def _blocked(board: Board, pos: Pos, side: Direction) -> bool:
    """A permanent wall on that side (doors open in some register, so they do not count)."""
    return board.has_wall(pos, side)


def flag_distances(board: Board) -> list[dict[Pos, int | None]]:
    """Per flag, the registers a lone robot needs at best from each square to touch it (the
    best facing; None: it never gets there). This is the bot's own distance map, so the
    workbench overlay, this lint and the bot agree on what "reachable" means."""

    layout = Layout(board)
    sim = LoneRobot(layout)
    out: list[dict[Pos, int | None]] = []
    for flag in layout.flags:
        dist = DistanceMap(layout, sim, flag).dist
        squares: dict[Pos, int | None] = {}
        for i, pos in enumerate(layout.pos):
            if not board.on_course(pos):
                continue
            best = min(dist[i * 4:i * 4 + 4])
            squares[pos] = None if best >= UNREACHABLE else int(best)
        squares[layout.pos[flag]] = 0   # standing on it: the flag is touched already
        out.append(squares)
    return out


def lint_board(model: Any) -> list[Finding]:
    """Warnings for a loaded RoboRally board or course (empty for anything else)."""
    board = _board_of(model)
    if board is None:
        return []
    warnings: list[Finding] = []
    for number, flag in enumerate(board.flags, 1):
        if isinstance(board.element_at(flag), Conveyor):
            warnings.append(Finding(
                _("flag {number} at [{x}, {y}] lies on a conveyor; robots are carried off it "
                  "(RR-3.2 allows it, but is it meant?)").format(
                      number=number, x=flag.x, y=flag.y), flag, ("flag",)))
    # A lone board's edge may become a seam inside a course, so only a course's edge counts.
    is_course = not isinstance(model, Board)
    for start in board.starts:
        ahead = start.at.step(start.facing)
        if _blocked(board, start.at, start.facing) or (is_course and not board.on_course(ahead)):
            warnings.append(Finding(
                _("start square {number} at [{x}, {y}] faces {facing} into a wall or the "
                  "course edge").format(number=start.number, x=start.at.x, y=start.at.y,
                                        facing=start.facing.value), start.at, ("start",)))
    for pos, mounted in board.mounted:
        if isinstance(mounted, Laser) and not _laser_can_hit(board, pos, mounted.wall.opposite):
            warnings.append(Finding(
                _("the laser at [{x}, {y}] can never hit a robot: every square of its beam is "
                  "a pit or off the course").format(x=pos.x, y=pos.y),
                pos, ("laser",), mounted.wall))
    warnings += _mounted_side_warnings(board)
    colours: dict[str, list[Pos]] = {}
    for pos in sorted(board.floor):
        element = board.element_at(pos)
        if isinstance(element, Portal):
            colours.setdefault(element.color, []).append(pos)
    for colour, squares in sorted(colours.items()):
        if len(squares) != 2:
            where = ", ".join(f"[{p.x}, {p.y}]" for p in squares)
            warnings.append(Finding(
                _("portal colour {colour} has {count} square(s) ({where}); a course needs "
                  "exactly two of each colour (CB-3.2)").format(
                      colour=repr(colour), count=len(squares), where=where),
                squares[0], ("portal",)))
    starts = [s.at for s in board.starts]
    if starts and board.flags:
        for number, distances in enumerate(flag_distances(board), 1):
            flag = board.flags[number - 1]
            if all(distances.get(start) is None for start in starts):
                warnings.append(Finding(
                    _("flag {number} at [{x}, {y}] cannot be reached from the start squares "
                      "(walls and pits close it off)").format(number=number, x=flag.x, y=flag.y),
                    flag, ("flag",)))
    return warnings


def _mounted_side_warnings(board: Board) -> list[Finding]:
    """Two elements mounted on one side, a door on a walled side, a pusher facing a wall."""
    warnings: list[Finding] = []
    on_side: dict[tuple[Pos, Direction], list[str]] = {}
    for pos, element in board.mounted:
        on_side.setdefault((pos, element.wall), []).append(element.kind)
    for (pos, side), kinds in on_side.items():
        if len(kinds) > 1:
            warnings.append(Finding(
                _("the {side} side of [{x}, {y}] holds {count} wall-mounted elements "
                  "({kinds}); only one is drawn and only one fits there").format(
                      side=side.value, x=pos.x, y=pos.y, count=len(kinds),
                      kinds=", ".join(kinds)),
                pos, tuple(kinds), side))
        elif kinds == ["swing_door"] and board.has_wall(pos, side):
            warnings.append(Finding(
                _("the swing door at [{x}, {y}] is on its {side} side, which already has a "
                  "wall: the wall stays shut whatever the door does").format(
                      x=pos.x, y=pos.y, side=side.value),
                pos, ("swing_door",), side))
    for pos, element in board.mounted:
        ahead = element.wall.opposite if isinstance(element, Pusher) else None
        if ahead is not None and board.has_wall(pos, ahead):
            warnings.append(Finding(
                _("the pusher at [{x}, {y}] pushes {direction} into a wall, so it can never "
                  "move a robot").format(x=pos.x, y=pos.y, direction=ahead.value),
                pos, ("pusher",), element.wall))
    return warnings


def lint_arena(model: Any) -> list[Finding]:
    """Warnings for a loaded VOLT arena (empty for anything else)."""
    volt = optional_module("game.volt.model")   # a build may leave VOLT out
    if volt is None or not isinstance(model, volt.Arena):
        return []
    warnings: list[Finding] = []
    for number, field in model.vp_fields:
        around = [Pos(field.x + dx, field.y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                  if (dx, dy) != (0, 0)]
        inside = [p for p in around if model.contains(p)]
        if inside and all(model.is_pit(p) for p in inside):
            warnings.append(Finding(
                _("victory field {number} at [{x}, {y}] is boxed in by pits: no robot can "
                  "ever step onto it").format(number=number, x=field.x, y=field.y),
                field, ("vp",)))
            continue
        cut_off = [side.value for side in model.sides
                   if all(model.walking_steps(number, start) is None
                          for start in model.start_fields(side))]
        if cut_off and len(cut_off) == len(model.sides):
            warnings.append(Finding(
                _("victory field {number} at [{x}, {y}] cannot be reached from any start "
                  "field (walls and pits close it off)").format(
                      number=number, x=field.x, y=field.y), field, ("vp",)))
        elif cut_off:
            warnings.append(Finding(
                _("victory field {number} at [{x}, {y}] cannot be reached from the start "
                  "fields of side {sides} (walls and pits close it off)").format(
                      number=number, x=field.x, y=field.y, sides=", ".join(cut_off)),
                field, ("vp",)))
    return warnings


def _laser_can_hit(board: Board, pos: Pos, direction: Direction) -> bool:
    current = pos
    while board.on_course(current):
        if _stands(board, current):
            return True
        if _blocked(board, current, direction) or any(
                isinstance(e, SwingDoor) and e.wall == direction for e in board.mounted_at(current)):
            return False
        current = current.step(direction)
    return False
