"""Designer warnings that `check` prints without failing (RULES.md RR-3.2, issue 9).

They point at things that are legal but almost surely not meant: a flag on a conveyor, a
start square facing a wall, a board laser that can never hit a robot, a flag no robot can
reach from the start squares, a portal without its partner. Pure: reads the loaded model."""

from __future__ import annotations

from collections import deque
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


def _reachable(board: Board, starts: list[Pos]) -> set[Pos]:
    """Squares a robot can walk to from `starts`, square by square, through open edges.
    Belts and gears are left out: they only ever add ways, never remove one."""
    seen = set(p for p in starts if _stands(board, p))
    queue = deque(seen)
    while queue:
        pos = queue.popleft()
        for side in Direction:
            nxt = pos.step(side)
            if nxt in seen or not _stands(board, nxt) or _blocked(board, pos, side):
                continue
            seen.add(nxt)
            queue.append(nxt)
    return seen


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
        reachable = _reachable(board, starts)
        for number, flag in enumerate(board.flags, 1):
            if flag not in reachable:
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
