"""Designer warnings that `check` prints without failing (RULES.md RR-3.2, issue 9).

They point at things that are legal but almost surely not meant: a flag on a conveyor, a
start square facing a wall, a board laser that can never hit a robot, a flag no robot can
reach from the start squares (by the bot's distance map), a portal without its partner. Pure: reads the loaded model."""

from __future__ import annotations

from typing import Any

from game.core.types import Direction, Pos
from game.roborally.model import Board, Conveyor, Laser, Pit, Portal, SwingDoor


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
    from game.roborally.layout import Layout
    from game.roborally_bots.baseline import UNREACHABLE, DistanceMap, LoneRobot

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
            squares[pos] = None if best >= UNREACHABLE else best
        squares[layout.pos[flag]] = 0   # standing on it: the flag is touched already
        out.append(squares)
    return out


def lint_board(model: Any) -> list[str]:
    """Warnings for a loaded RoboRally board or course (empty for anything else)."""
    board = _board_of(model)
    if board is None:
        return []
    warnings: list[str] = []
    for number, flag in enumerate(board.flags, 1):
        if isinstance(board.element_at(flag), Conveyor):
            warnings.append(f"flag {number} at [{flag.x}, {flag.y}] lies on a conveyor; robots "
                            "are carried off it (RR-3.2 allows it, but is it meant?)")
    # A lone board's edge may become a seam inside a course, so only a course's edge counts.
    is_course = not isinstance(model, Board)
    for start in board.starts:
        ahead = start.at.step(start.facing)
        if _blocked(board, start.at, start.facing) or (is_course and not board.on_course(ahead)):
            warnings.append(f"start square {start.number} at [{start.at.x}, {start.at.y}] faces "
                            f"{start.facing.value} into a wall or the course edge")
    for pos, element in board.mounted:
        if isinstance(element, Laser) and not _laser_can_hit(board, pos, element.wall.opposite):
            warnings.append(f"the laser at [{pos.x}, {pos.y}] can never hit a robot: every "
                            "square of its beam is a pit or off the course")
    colours: dict[str, list[Pos]] = {}
    for pos in sorted(board.floor):
        element = board.element_at(pos)
        if isinstance(element, Portal):
            colours.setdefault(element.color, []).append(pos)
    for colour, squares in sorted(colours.items()):
        if len(squares) != 2:
            where = ", ".join(f"[{p.x}, {p.y}]" for p in squares)
            warnings.append(f"portal colour {colour!r} has {len(squares)} square(s) ({where}); "
                            "a course needs exactly two of each colour (CB-3.2)")
    starts = [s.at for s in board.starts]
    if starts and board.flags:
        for number, distances in enumerate(flag_distances(board), 1):
            flag = board.flags[number - 1]
            if all(distances.get(start) is None for start in starts):
                warnings.append(f"flag {number} at [{flag.x}, {flag.y}] cannot be reached from "
                                "the start squares (walls and pits close it off)")
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
