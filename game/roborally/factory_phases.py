"""Steps d1 to d5 and g of a register phase: what the factory's floor does (RULES.md RR-7.5
belts, RR-7.7 pushers, RR-7.6 gears, RR-7.8 crushers, CB-3.3.3 flamers, RR-9 checkpoints and
archive markers). Each step is named, in its place, by `engine.REGISTER_STEPS`; board lasers
are in weapons.py. This is the behaviour module of the factory elements (docs/architecture.md).

A base class of `Engine`, split off to keep the engine module small. Pure: no pygame, no I/O,
no random."""

# mypy: disable-error-code="misc"
# (the methods type `self` as the Engine this class is a base of, which mypy calls "misc")

from __future__ import annotations

from typing import TYPE_CHECKING

from game.roborally import events as ev
from game.roborally.elements import BELT, BURNER, CRUSHER, GEAR, REPAIR, VOID
from game.roborally.layout import DIR_NAMES, belt_turn
from game.roborally.options import REACH_HOOKS, stabilized
from game.roborally.robot import Robot

if TYPE_CHECKING:
    from game.roborally.engine import Engine


class FactoryPhases:
    """The board-element steps of the engine."""

    def _express_belts(self: Engine, i: int) -> None:
        """d1 (RR-7.5): express belts move robots on them one square."""
        self._belts(True)

    def _all_belts(self: Engine, i: int) -> None:
        """d2 (RR-7.5): all belts, express and normal, move robots on them one square."""
        self._belts(False)

    def _belts(self: Engine, express_only: bool) -> None:
        """d1 / d2 (RR-7.5.8): all carried robots move at the same time."""
        L = self.layout
        walls = self.walls()
        kind, belt_dir, express, nbr = L.kind, L.belt_dir, L.express, L.nbr
        movers: list[tuple[Robot, int, int]] = []
        for r in self.robots:
            sq = r.sq
            if sq >= 0 and kind[sq] == BELT and (express[sq] or not express_only):
                d = belt_dir[sq]
                movers.append((r, d, -1 if walls[sq] & (1 << d) else nbr[sq * 4 + d]))
        if not movers:
            return
        cause = "express_conveyor" if express_only else "conveyor"
        blocked: set[int] = set()
        targets: dict[int, list[int]] = {}
        moving_real: dict[int, int] = {}   # square -> rid of a real robot that tries to leave
        for r, d, t in movers:
            if walls[r.sq] & (1 << d):
                blocked.add(r.rid)
                continue
            if r.virtual:
                continue
            key = t if t >= 0 else -1 - (r.sq * 4 + d)
            targets.setdefault(key, []).append(r.rid)
            moving_real[r.sq] = r.rid
        for key, rids in targets.items():
            if len(rids) > 1:
                blocked.update(rids)                           # RR-7.5.4
        target_of = {r.rid: t for r, d, t in movers}
        for r, d, t in movers:
            if r.virtual or r.rid in blocked or t < 0:
                continue
            o = self.occ.get(t)
            if o is not None and o in target_of and target_of[o] == r.sq:
                blocked.add(r.rid)                             # RR-7.5.5 swap
                blocked.add(o)
        changed = True
        while changed:                                         # RR-7.5.8 step 3
            changed = False
            for r, d, t in movers:
                if r.virtual or r.rid in blocked or t < 0:
                    continue
                o = self.occ.get(t)
                if o is not None and (o not in moving_real.values() or o in blocked):
                    blocked.add(r.rid)
                    changed = True
        go = [(r, d, t) for r, d, t in movers if r.rid not in blocked]
        for r, d, t in go:
            self._leave(r)
        arrived: list[tuple[Robot, int, int]] = []
        for r, d, t in go:
            src = r.sq
            r.moves += 1
            if t < 0 or kind[t] == VOID:
                r.sq = -1
                self.record(ev.RobotMoved(r.rid, r.name, L.pos[src], L.beyond(src, d), cause,
                                      self.phase))
                self.record(ev.RobotFell(r.rid, r.name, L.pos[src], "edge", self.phase))
                arrived.append((r, -1, src))
                continue
            self._put(r, t)
            self.record(ev.RobotMoved(r.rid, r.name, L.pos[src], L.pos[t], cause, self.phase))
            if kind[t] == BELT and belt_dir[t] != d and not stabilized(r):
                turn = belt_turn(d, belt_dir[t])
                if turn:                                       # RR-7.5.9
                    before = r.facing
                    r.facing = (r.facing + turn) % 4
                    self.record(ev.RobotTurned(r.rid, r.name, DIR_NAMES[before],
                                           DIR_NAMES[r.facing], "conveyor", self.phase))
            arrived.append((r, t, src))
        for r, t, src in arrived:
            if t < 0:
                self.destroy(r, "edge", at=src)
            elif r.sq >= 0:
                self.arrive(r, t)

    def _pushers(self: Engine, i: int) -> None:
        """d3 (RR-7.7): active pushers act together; conflicting pushes cancel."""
        L = self.layout
        plans: list[tuple[int, int, list[Robot], set[int], set[int]]] = []
        for sq, d, regs in L.pushers:
            if i not in regs:
                continue
            for r in self.robots:
                if r.sq != sq:
                    continue
                if r.virtual:
                    plans.append((sq, d, [r], {r.rid}, set()))
                    continue
                chain, blocked = self.chain_ahead(r, d)
                if blocked or (self.walls()[sq] & (1 << d)):
                    continue
                members = [r] + chain
                dests = {L.nbr[m.sq * 4 + d] if L.nbr[m.sq * 4 + d] >= 0 else
                         -1 - (m.sq * 4 + d) for m in members}
                plans.append((sq, d, members, {m.rid for m in members}, dests))
        cancelled: set[int] = set()
        for a in range(len(plans)):
            for b in range(a):
                if plans[a][3] & plans[b][3] or plans[a][4] & plans[b][4]:
                    cancelled.update((a, b))
        for k, (sq, d, members, _, _) in enumerate(plans):
            if k in cancelled:
                continue
            r = members[0]
            if r.sq != sq:
                continue
            if r.virtual:
                if not self.walls()[sq] & (1 << d):
                    self.move_to(r, L.nbr[sq * 4 + d], d, "pusher")
                continue
            chain, blocked = self.chain_ahead(r, d)
            if blocked or self.walls()[sq] & (1 << d):
                continue
            self.push_chain([r] + chain, d, None, "pusher")

    def _gears(self: Engine, i: int) -> None:
        """d4 (RR-7.6)."""
        L = self.layout
        for r in self.robots:
            if r.sq >= 0 and L.kind[r.sq] == GEAR and not stabilized(r):
                before = r.facing
                r.facing = (r.facing + L.gear[r.sq]) % 4
                self.record(ev.RobotTurned(r.rid, r.name, DIR_NAMES[before], DIR_NAMES[r.facing],
                                       "gear", self.phase))

    def _crushers(self: Engine, i: int) -> None:
        """d5 (RR-7.8)."""
        L = self.layout
        for r in self.robots:
            if r.sq >= 0 and L.kind[r.sq] == CRUSHER and i in L.active[r.sq]:
                self.destroy(r, "crusher")

    def _burners(self: Engine, i: int) -> None:
        """Step f (CB-3.3.3)."""
        L = self.layout
        for r in self.robots:
            if r.sq >= 0 and L.kind[r.sq] == BURNER and i in L.active[r.sq]:
                self.damage(r, 1, "burner")

    def _touch(self: Engine, i: int) -> None:
        """Step g (RR-9.3, CB-6.11, RR-9.2: standing on the next checkpoint)."""
        L = self.layout
        flags = L.flags
        for r in self.robots:
            if r.sq < 0:
                continue
            if (L.kind[r.sq] == REPAIR or r.sq in L.flag_number) and r.archive != r.sq:
                r.archive = r.sq
                self.record(ev.ArchiveMoved(r.rid, r.name, L.pos[r.sq], self.phase))
        for r in self.robots:
            if r.sq < 0 or r.next_flag > len(flags):
                continue
            target = flags[r.next_flag - 1]
            if r.sq == target:
                # RR-9.2: standing on it when the phase ends counts, entered or not (and is
                # all that counts under RR_STRICT_CHECKPOINTS)
                self.reach_flag(r, move_archive=True)
            elif r.options:
                for option, reach in REACH_HOOKS:
                    if option in r.options and reach(self, r, target):
                        break
