"""The bot fast path: one robot alone on a course, run through a sequence of registers.

A factory bot tries thousands of candidate programs per turn. `LoneRobot` compiles the
course once (`Layout`) and then runs the real register engine (`Engine.run_register`: cards,
belts, pushers, gears, crushers, board lasers, flamers, checkpoints, oil, portals, doors)
for a single robot with no other robots, no events and default decisions, reusing one engine:

    sim = LoneRobot(board)                                   # once per course
    out = sim.run(Pos(3, 4), Direction.N, ["move2", "right", "move1"], first_register=1,
                  next_flag=1, damage=0)
    out.pos, out.facing, out.damage, out.destroyed, out.next_flag, out.finished

With `trace=True` it also keeps, register by register (`out.trace`), where the robot stood
after it, the squares it passed through (its card's steps, the belts' and pushers' moves, a
portal's jump) and the moves a wall cut short, which the programming screen's ghost path
shows and says; the bots leave it off, as it makes the engine build its events.

Robot lasers are off (nobody else is there). The result is exact for the lone robot; other
robots, which the bot cannot predict anyway, are ignored."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from game.core.types import Direction, Pos
from game.roborally.engine import Engine, GameOver
from game.roborally.events import MoveBlocked, RobotMoved, RobotTeleported
from game.roborally.layout import Layout
from game.roborally.model import CARD_TYPES, REGISTERS, Board

_CARDS = (("", 0),) + tuple((t, 500) for t in CARD_TYPES)
_CARD_ID = {t: i + 1 for i, t in enumerate(CARD_TYPES)}


@dataclass(frozen=True, slots=True)
class LoneResult:
    pos: Pos | None          # None when destroyed
    facing: Direction
    damage: int
    destroyed: bool
    next_flag: int
    finished: bool           # reached the last checkpoint
    registers_run: int
    trace: tuple[LoneRegister, ...] = ()
    """With `trace`: the robot after each register run."""


@dataclass(frozen=True, slots=True)
class LoneRegister:
    """The lone robot after one register (`LoneRobot.run` with `trace`)."""

    register: int
    pos: Pos | None          # None when destroyed
    facing: Direction
    damage: int
    next_flag: int
    finished: bool
    route: tuple[tuple[Pos, bool], ...]
    """Each square it entered in this register, in order, and whether it jumped there (a
    portal, CB-3.2) rather than moved; the last one off the course where it fell off."""
    walls: int
    """How many of its moves a wall cut short in this register (RR-6.3)."""


class LoneRobot:
    """Reusable simulator of one robot on one course (not thread-safe; one per bot)."""

    def __init__(self, board: Board, *, rules: dict[str, bool] | None = None,
                 layout: Layout | None = None) -> None:
        self.layout = layout or Layout(board)
        merged = {"RR_ROBOT_LASERS": False}
        merged.update(rules or {})
        self.engine = Engine(self.layout, ["bot"], merged, _CARDS)
        self.engine.emit = False
        self.engine.answerer = lambda player, kind, choices, default: default

    def run(self, pos: Pos, facing: Direction, cards: Sequence[str | None], *,
            first_register: int = 1, next_flag: int = 1, damage: int = 0,
            options: Sequence[str] = (), trace: bool = False) -> LoneResult:
        """Run `cards` (card types, None = no card) in registers first_register, ... (at most
        up to register 5) and return where the robot ends (and, with `trace`, where each
        register left it and the way it went)."""
        e = self.engine
        e.emit = trace
        r = e.robots[0]
        sq = self.layout.index(pos)
        r.sq, r.facing, r.next_flag = sq, facing.index, next_flag
        r.set_damage(damage)
        r.destroyed = False
        r.options = list(options)
        r.registers = [0] * REGISTERS
        e.occ = {sq: 0}
        r.lives, r.eliminated, r.archive = 3, False, sq
        e.over, e.winner, e.ranking = False, -1, []
        e.finishers = []
        e.events = []
        last = min(REGISTERS, first_register + len(cards) - 1)
        for k, card in enumerate(cards[:last - first_register + 1]):
            r.registers[first_register - 1 + k] = _CARD_ID[card] if card else 0
        ran = 0
        finished = False
        traced: list[LoneRegister] = []
        try:
            for i in range(first_register, last + 1):
                if r.sq < 0:
                    break
                try:
                    e.run_register(i)
                except GameOver:
                    finished = True
                    raise
                finally:
                    if trace:
                        traced.append(self._register_traced(i, finished))
                ran += 1
        except GameOver:
            ran += 1
        finally:
            e.emit = False
        return LoneResult(self.layout.pos[r.sq] if r.sq >= 0 else None,
                          Direction.from_index(r.facing), r.damage, r.sq < 0, r.next_flag,
                          finished, ran, tuple(traced))

    def _register_traced(self, register: int, finished: bool) -> LoneRegister:
        """The robot as `register` left it, from the events it made (then let go)."""
        e, r = self.engine, self.engine.robots[0]
        route = tuple((event.dst, isinstance(event, RobotTeleported)) for event in e.events
                      if isinstance(event, (RobotMoved, RobotTeleported)))
        walls = sum(1 for event in e.events if isinstance(event, MoveBlocked)
                    and event.by == "wall")
        e.events = []
        return LoneRegister(register, self.layout.pos[r.sq] if r.sq >= 0 else None,
                            Direction.from_index(r.facing), r.damage, r.next_flag, finished,
                            route, walls)
