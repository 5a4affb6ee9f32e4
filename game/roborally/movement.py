"""Step c of a register phase: one robot executes its card (RULES.md RR-6.2 to RR-6.5, CB-3.1
oil, CB-3.3.2 flamer entry damage, CB-6.8 to CB-6.12 movement options).

Card steps and slide steps go through one step, `push_step`: the robots in the way move first,
front robot first; then Ramming Gear's damage lands on the robot in direct contact if it is
still on the course; then the mover enters the square in front of it (CB-6.12 timing ruling,
CB-3.1.3). A blocked push rams the robot where it stands and ends the movement (RR-6.3), even
if that damage destroys the robot in the way.

A base class of `Engine`, split off to keep the engine module small. Pure: no pygame, no I/O,
no random."""

# mypy: disable-error-code="misc"
# (the methods type `self` as the Engine this class is a base of, which mypy calls "misc")

from __future__ import annotations

from typing import TYPE_CHECKING

from game.roborally import events as ev
from game.roborally.elements import BURNER, OIL
from game.roborally.layout import DIR_NAMES
from game.roborally.options import CARD_MOVE_HOOKS
from game.roborally.robot import Robot

if TYPE_CHECKING:
    from game.roborally.engine import Engine

STAYED, ARRIVED, DESTROYED, TELEPORTED = -1, 0, 1, 2
"""How a step ended for the mover (`Engine.move_to` returns the last three)."""

TURNS = {"left": 3, "right": 1, "uturn": 2}
"""Rotation cards: quarter turns clockwise (RR-6.4)."""


class CardMovement:
    """The robot-movement half of the engine: cards, pushes, slides and Ramming Gear."""

    def execute(self: Engine, r: Robot, card: int) -> None:
        """One card, from start to end (RR-6.3, RR-6.4, CB-3.1, CB-3.3.2, CB-6.8 to 6.12)."""
        L = self.layout
        ctype = self.cards[card][0]
        start, moves0 = r.sq, r.moves
        if ctype in TURNS:
            before = r.facing
            r.facing = (r.facing + TURNS[ctype]) % 4
            self.record(ev.RobotTurned(r.rid, r.name, DIR_NAMES[before], DIR_NAMES[r.facing],
                                   "card", self.phase))
        else:
            dist, d = self.card_distance(r, ctype)
            if dist > 0 and L.kind[r.sq] == OIL:
                dist -= 1                                   # CB-3.1.4
                self.record(ev.MoveShortened(r.rid, r.name, L.pos[r.sq], dist, self.phase))
            rammed: set[int] = set()
            for _ in range(dist):
                going = self.card_step(r, d, rammed)
                self.check_end()                             # RR-12.1: after each step
                if not going:
                    break
            if dist > 0 and r.sq >= 0 and L.kind[r.sq] == OIL:
                self.slide(r, d, rammed)                     # CB-3.1.1
        if r.sq >= 0 and r.sq == start and r.moves == moves0 and L.kind[start] == BURNER \
                and self.register in L.active[start]:
            self.damage(r, 1, "burner")                      # CB-3.3.2: did not leave

    def card_distance(self: Engine, r: Robot, ctype: str) -> tuple[int, int]:
        """Squares and direction of a move card, after Brakes, Fourth Gear and Reverse Gears
        (CB-6.8 to CB-6.10)."""
        if ctype == "back":
            dist, d = 1, (r.facing + 2) % 4
        else:
            dist, d = int(ctype[-1]), r.facing
        for option, change in CARD_MOVE_HOOKS:
            if option in r.options:
                dist = change(self, r, ctype, dist)
        return dist, d

    def card_step(self: Engine, r: Robot, d: int, rammed: set[int]) -> bool:
        """One step of a card move (RR-6.3); False when the movement ends. A portal does not
        end it: the robot goes on from the partner square (CB-3.2.2)."""
        if self.walls()[r.sq] & (1 << d):
            self.blocked(r, d, "wall")
            return False
        chain, blocked = ([], False) if r.virtual else self.chain_ahead(r, d)
        arrival, _ = self.push_step(r, d, chain, blocked, rammed, "card")
        if blocked:
            self.blocked(r, d, "robot")
        return arrival in (ARRIVED, TELEPORTED)

    def blocked(self: Engine, r: Robot, d: int, by: str) -> None:
        """Tell the players why a move ended early (RR-6.3): nothing changes in the state."""
        self.record(ev.MoveBlocked(r.rid, r.name, self.layout.pos[r.sq], DIR_NAMES[d], by,
                               self.phase))

    def slide(self: Engine, r: Robot, d: int, rammed: set[int]) -> None:
        """CB-3.1.1 / CB-3.1.3: slide on oil one step at a time, pushing the robots on oil in
        front. The group stops when its front robot reaches a square without oil, meets a wall
        or a robot that is not on oil, or when any robot of it is destroyed or teleported (the
        rest of the group still makes that step: CB-3.1.3 ruling)."""
        L = self.layout
        group: list[Robot] = []          # the robots r pushes, nearest first
        while True:
            front = group[-1] if group else r
            blocked_by = "wall" if self.walls()[front.sq] & (1 << d) else None
            if blocked_by is None and not r.virtual:
                ahead = L.nbr[front.sq * 4 + d]
                rid = self.occ.get(ahead) if ahead >= 0 else None
                if rid is not None:
                    if L.kind[ahead] == OIL:
                        group.append(self.robots[rid])
                        continue
                    blocked_by = "robot"  # CB-3.1.1: it stops in front of a robot off oil
            arrival, intact = self.push_step(r, d, group, blocked_by is not None, rammed,
                                             "slide")
            if blocked_by is not None:
                self.blocked(r, d, "robot" if group else blocked_by)
            self.check_end()
            if arrival != ARRIVED or not intact:
                return
            if L.kind[(group[-1] if group else r).sq] != OIL:
                return

    def push_step(self: Engine, r: Robot, d: int, chain: list[Robot], blocked: bool,
                  rammed: set[int], cause: str) -> tuple[int, bool]:
        """`r` steps one square towards d and pushes `chain` (the robots in its way, nearest
        first) unless `blocked` (RR-6.5). Returns how the step ended for `r` (STAYED, ARRIVED,
        DESTROYED, TELEPORTED) and whether every pushed robot arrived on its next square."""
        if blocked:
            if chain:
                self.ram(r, chain[0], d, rammed)
            return STAYED, True
        intact = self.push_chain(chain, d, r)
        if chain:
            self.ram(r, chain[0], d, rammed)
            intact = intact and chain[0].sq >= 0
        return self.move_to(r, self.layout.nbr[r.sq * 4 + d], d, cause), intact

    def ram(self: Engine, r: Robot, target: Robot, d: int, rammed: set[int]) -> None:
        """CB-6.12 Ramming Gear: 1 damage to the robot pushed directly, once per card, and
        only while that robot is still on the course."""
        if "ramming_gear" in r.options and target.rid not in rammed and target.sq >= 0:
            rammed.add(target.rid)
            self.record(ev.OptionUsed(r.rid, r.name, "ramming_gear", target.name, self.phase))
            self.damage(target, 1, "ramming", side=(d + 2) % 4, attacker=r)
