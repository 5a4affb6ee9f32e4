"""The ghost path of a program being written: where the robot stands after each filled
register if it ran alone on the course.

It is the engine's own answer (`game.roborally.fastpath.LoneRobot` runs the real register
phases: cards, belts, pushers, gears, lasers, pits), not a copy of the rules here. Other robots
are left out because their programs are secret, so the drawing says that they may change the
path."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import pygame

from game.core.types import Direction, Pos
from game.i18n import _, ngettext
from game.roborally.fastpath import LoneRobot
from game.roborally.model import Board
from game.ui import art, theme
from game.ui.rr_token import FACING_ANGLE, RobotLook, draw_robot_token
from game.ui.text_drawing import draw_text

GHOST_ALPHA = 120


@dataclass(frozen=True)
class PathStep:
    """Where the robot is after one register (pos None: destroyed in it), the damage the
    board dealt it in that register (lasers, RR-8.2), the flag it reached there, passing
    over it or stopping on it (RR-9.2; None: none), the squares it passed through on the
    way (`LoneRegister.route`: the card's steps, then the belts and pushers), whether a wall
    cut a move of it short (RR-6.3), and whether its card is only tried there: the hand card
    under the mouse, not played yet (drawn dashed)."""

    register: int
    pos: Pos | None
    facing: Direction
    hurt: int = 0
    flag: int | None = None
    route: tuple[tuple[Pos, bool], ...] = ()
    walled: bool = False
    tried: bool = False


class ProgramPreview:
    """Runs a program alone on the course, once per program (cached by its cards)."""

    def __init__(self, board: Board, rules: Callable[[], dict[str, bool]]) -> None:
        self.board = board
        self.rules = rules      # asked when first needed: a table may have no game yet
        self._sim: LoneRobot | None = None
        self._key: Any = None
        self._path: tuple[PathStep, ...] = ()

    def path(self, robot: Any, cards: Sequence[str | None]) -> tuple[PathStep, ...]:
        """The registers filled from register 1 on, one step each; a gap ends the path (what
        follows it depends on the missing card)."""
        filled: list[str] = []
        for card in cards:
            if not card:
                break
            filled.append(card)
        key = (robot.pos, robot.facing, robot.next_flag, robot.damage, robot.options,
               tuple(filled))
        if key == self._key:
            return self._path
        steps: list[PathStep] = []
        if robot.pos is not None and not robot.powered_down:
            if self._sim is None:
                self._sim = LoneRobot(self.board, rules=self.rules())
            damage, next_flag = robot.damage, robot.next_flag
            run = self._sim.run(robot.pos, robot.facing, filled, next_flag=robot.next_flag,
                                damage=robot.damage, options=robot.options, trace=True)
            for out in run.trace:
                touched = next_flag if out.next_flag > next_flag or out.finished else None
                steps.append(PathStep(out.register, out.pos, out.facing,
                                      max(0, out.damage - damage), touched, out.route,
                                      out.walls > 0))
                damage, next_flag = out.damage, out.next_flag
        self._key, self._path = key, tuple(steps)
        return self._path


def draw_path(surface: pygame.Surface, view: Any, look: RobotLook, start: Pos,
              steps: Sequence[PathStep]) -> None:
    """A line from the robot through every square it passes (a belt's ride too, square by
    square; none across a portal's jump), a numbered dot per register, a see-through robot
    where it ends, a red cross where it would be destroyed: in the pit, or on the edge of the
    course it drives off."""
    tile = view.tile
    width = max(2, tile // 12)
    last = view.centre(start.x, start.y)
    f = theme.font(max(9, tile * 0.3), bold=True)
    for step in steps:
        for k, (square, jumped) in enumerate(step.route):
            here = view.centre(square.x, square.y)
            if step.pos is None and k == len(step.route) - 1 \
                    and not view.board.on_course(square):       # the edge it drives off
                here = ((last[0] + here[0]) / 2, (last[1] + here[1]) / 2)
            if not jumped and here != last:
                _segment(surface, last, here, width, step.tried)
            last = here
        if step.pos is None:
            cx, cy = last
            r = tile * 0.25
            pygame.draw.line(surface, theme.HURT, (cx - r, cy - r), (cx + r, cy + r), width + 1)
            pygame.draw.line(surface, theme.HURT, (cx - r, cy + r), (cx + r, cy - r), width + 1)
            break
        here = view.centre(step.pos.x, step.pos.y)
        if here != last:
            _segment(surface, last, here, width, step.tried)
        last = here
    ends = [s for s in steps if s.pos is not None]
    if ends and ends[-1].pos != start:
        end = ends[-1]
        assert end.pos is not None
        draw_robot_token(surface, view.centre(end.pos.x, end.pos.y), tile, look,
                         FACING_ANGLE[end.facing.value], alpha=GHOST_ALPHA, name=False)
    # one dot per square: the last register that ends there, with the damage of every
    # register that ends there, gold when one of them reaches a flag
    squares: dict[Pos, tuple[int, int, bool]] = {}
    for step in ends:
        assert step.pos is not None
        _last, hurt, flag = squares.get(step.pos, (0, 0, False))
        squares[step.pos] = (step.register, hurt + step.hurt, flag or step.flag is not None)
    for pos, (register, hurt, flag) in squares.items():
        cx, cy = view.centre(pos.x, pos.y)
        dot = (cx + tile * 0.3, cy - tile * 0.3)
        pygame.draw.circle(surface, theme.FLAG_GOLD if flag else theme.GUIDE_LIGHT, dot,
                           max(6, tile * 0.17))
        draw_text(surface, str(register), f, (16, 20, 28), (int(dot[0]), int(dot[1])),
                  "center")
        if hurt:            # what the board deals there, below the number
            badge = f.render(f"+{hurt}", True, theme.BRIGHT)
            box = badge.get_rect(midtop=(int(dot[0]), int(dot[1] + tile * 0.17)))
            pygame.draw.rect(surface, theme.HURT, box.inflate(4, 0), border_radius=4)
            surface.blit(badge, box)


def _segment(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float],
             width: int, dashed: bool) -> None:
    """One leg of the ghost path: whole where a played card goes, dashed where a card is
    only tried (`PathStep.tried`)."""
    if dashed:
        art.draw_dashed_line(surface, theme.GUIDE_LIGHT, a, b, width, width * 2)
    else:
        pygame.draw.line(surface, theme.GUIDE_LIGHT, a, b, width)


def in_the_way(steps: Sequence[PathStep], robots: Sequence[tuple[str, Pos]]) -> list[str]:
    """The names, of `robots` (name, square), of those standing now on a square the path
    enters, in the order it meets them: there a push or a robot that cannot be pushed
    (RR-6.5) changes the path, which the ghost, run alone, does not show."""
    names: list[str] = []
    for step in steps:
        entered = [square for square, _jumped in step.route]
        for square in entered or ([step.pos] if step.pos is not None else []):
            names += [name for name, at in robots if at == square and name not in names]
    return names


def path_summary(steps: Sequence[PathStep], standing: Sequence[str] = ()) -> str:
    """What the ghost path holds beyond where it goes: the damage on the way, the flag it
    touches, the registers in which a wall stops it short and the robots `standing` in its
    way now (`in_the_way`; "" when none of these), said under the note that it shows the
    robot alone."""
    parts = []
    walled = [step.register for step in steps if step.walled]
    if len(walled) == 1:
        parts.append(_("A wall stops it in register {n}.").format(n=walled[0]))
    elif walled:
        parts.append(_("Walls stop it in registers {registers}.").format(
            registers=", ".join(str(n) for n in walled)))
    hurt = sum(step.hurt for step in steps)
    if hurt:
        parts.append(ngettext("The board deals it {n} damage on the way.",
                              "The board deals it {n} damage on the way.", hurt).format(n=hurt))
    flags = [str(step.flag) for step in steps if step.flag]
    if len(flags) == 1:
        parts.append(_("It touches flag {flag}.").format(flag=flags[0]))
    elif flags:         # passing one flag on the way to the next (RR-9.2)
        parts.append(_("It touches flags {flags}.").format(flags=", ".join(flags)))
    if steps and steps[-1].pos is None:
        parts.append(_("It is destroyed in register {n}.").format(n=steps[-1].register))
    if standing:
        parts.append(ngettext("{names} stands in its way now.", "{names} stand in its way now.",
                              len(standing)).format(names=", ".join(standing)))
    return " ".join(parts)


def draw_caveat(surface: pygame.Surface, area: pygame.Rect, px: int, avoid_y: float,
                summary: str = "") -> None:
    """The note with the ghost path (it shows the robot alone) and, under it, what the path
    holds (`path_summary`), on the edge of the board away from the robot so it never covers
    it."""
    lines = [_("Ghost path: your robot alone; other robots may change it.")]
    if summary:
        lines.append(summary)
    f = theme.font(px)
    h = f.get_linesize() * len(lines) + 6
    box = pygame.Rect(area.x, area.bottom - h if avoid_y < area.centery else area.y, area.w, h)
    images = [f.render(line, True, theme.GUIDE_LIGHT if k == 0 else theme.BRIGHT)
              for k, line in enumerate(lines)]
    band = pygame.Surface((min(box.w, max(i.get_width() for i in images) + 12), box.h),
                          pygame.SRCALPHA)
    band.fill((12, 14, 22, 200))
    surface.blit(band, (box.x, box.y))
    for k, image in enumerate(images):
        surface.blit(image, (box.x + 6, box.y + 3 + k * f.get_linesize()),
                     area=pygame.Rect(0, 0, band.get_width() - 12, image.get_height()))
