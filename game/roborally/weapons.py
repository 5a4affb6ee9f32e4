"""Step e of a register phase: board lasers and robot lasers and weapons, every beam from one
snapshot, damage together, then destruction (RULES.md RR-7.9, RR-8.1, RR-8.2, CB-5.6, CB-6.13
to CB-6.22). Board beams come from the layout's one tracer (`Layout.board_lasers`), the one
the view draws.

A base class of `Engine`, split off to keep the engine module small. Pure: no pygame, no I/O,
no random."""

# mypy: disable-error-code="misc"
# (the methods type `self` as the Engine this class is a base of, which mypy calls "misc")

from __future__ import annotations

from typing import TYPE_CHECKING

from game.roborally import events as ev
from game.roborally.elements import VOID
from game.roborally.layout import DIR_NAMES
from game.roborally.options import WEAPON_HOOKS, WEAPONS, Aim, TurretState, Volley
from game.roborally.questions import QuestionContext
from game.roborally.robot import DESTROYING_DAMAGE, Robot

if TYPE_CHECKING:
    from game.roborally.engine import Engine


class Weapons:
    """The laser step of the engine."""

    def _trace(self: Engine, start: int, d: int, *, walls_through: int = 0, robots_through: int = 0,
               from_edge: bool = True) -> tuple[list[int], list[Robot]]:
        """A robot beam from the front edge of `start`: squares crossed and robots hit."""
        L = self.layout
        walls = self.walls()
        path: list[int] = []
        hits: list[Robot] = []
        cur = start
        while True:
            if walls[cur] & (1 << d):
                if walls_through <= 0:
                    break
                walls_through -= 1
            nxt = L.nbr[cur * 4 + d]
            if nxt < 0 or L.kind[nxt] == VOID:
                break
            path.append(nxt)
            rid = self.occ.get(nxt)
            if rid is not None:
                hits.append(self.robots[rid])
                if robots_through <= 0:
                    break
                robots_through -= 1
            cur = nxt
        return path, hits

    def _lasers(self: Engine, i: int) -> None:
        """Step e: every beam from one snapshot, damage together, then destruction."""
        L = self.layout
        volley = Volley()
        hits = volley.hits
        seen_groups: set[tuple[int, int]] = set()
        for start, d, beams, group, path in L.laser_paths[i]:
            targets: list[Robot] = []
            real_hit = False
            for sq in path:
                for r in self.robots:
                    if r.sq == sq and r.virtual and (r.rid, group) not in seen_groups:
                        targets.append(r)
                rid = self.occ.get(sq)
                if rid is not None and not real_hit:
                    real_hit = True
                    if (rid, group) not in seen_groups:
                        targets.append(self.robots[rid])
                    shown = path[:path.index(sq) + 1]
            if not real_hit:
                shown = path
            for t in targets:
                seen_groups.add((t.rid, group))
                hits.append((t, beams, (d + 2) % 4, None, False, "board_laser"))
            self.record(ev.LaserFired("board", L.pos[start], DIR_NAMES[d],
                                  tuple(L.pos[s] for s in shown),
                                  tuple(t.name for t in targets), "board", self.phase))
        if self.rules["RR_ROBOT_LASERS"]:
            for r in self.robots:
                if r.sq < 0 or r.virtual or r.powered_down:
                    continue
                self._fire(r, i, volley)
        self.defer_destroy = True
        try:
            for target, amount, side, attacker, main, cause in hits:
                self.damage(target, amount, cause, side, attacker, main)
        finally:
            self.defer_destroy = False
        volley.displacements.sort(key=lambda x: (x[0], x[1]))
        for _, _, shooter, target, d, what in volley.displacements:
            if target.sq < 0:
                continue
            if what == "tractor":
                d = (d + 2) % 4
            if self.walls()[target.sq] & (1 << d):
                continue
            if target.virtual:
                continue
            chain, blocked = self.chain_ahead(target, d)
            if blocked:
                continue
            self.push_chain([target] + chain, d, shooter, "weapon")
        for shooter, weapon, target in volley.effects:
            if target.sq >= 0:
                land = WEAPONS[weapon].land
                if land is not None:
                    land(self, shooter, target, i)
        for r in self.robots:
            if r.sq >= 0 and r.damage >= DESTROYING_DAMAGE:
                self.destroy(r, "damage")

    def _fire(self: Engine, r: Robot, i: int, volley: Volley) -> None:
        """One robot's laser step: main laser or one weapon module, plus the rear laser."""
        L = self.layout
        opts = r.options
        d = (r.facing + r.state_of(TurretState).side) % 4 if "turret" in opts else r.facing
        plain_path, plain_hits = self._trace(r.sq, d)
        weapon = "laser"
        if opts:
            card = self.card_of(r, i)
            aim = Aim(r, i, d, plain_path, plain_hits[0] if plain_hits else None,
                      self.cards[card][1] if card else 0)
            usable = [m for m, module in WEAPON_HOOKS
                      if m in opts and module.usable(self, aim)]
            if usable:       # the player is told whom the main laser's beam would hit
                weapon = self.ask(r.rid, "weapon", tuple(["laser"] + usable), "laser",
                                  QuestionContext("weapon", aim.target.rid if aim.target else -1))
        if weapon == "laser":
            double = "double_barreled_laser" in opts
            high = "high_power_laser" in opts
            path, targets = self._trace(r.sq, d, walls_through=1 if high else 0,
                                        robots_through=1 if high else 0)
            self.record(ev.LaserFired(r.name, L.pos[r.sq], DIR_NAMES[d],
                                  tuple(L.pos[s] for s in path),
                                  tuple(t.name for t in targets), "main", self.phase))
            for t in targets:
                volley.hits.append((t, 2 if double else 1, (d + 2) % 4, r, True,
                                    "robot_laser"))
        else:
            self.record(ev.OptionUsed(r.rid, r.name, weapon, "fired", self.phase))
            WEAPONS[weapon].fire(self, aim, volley)
        if "rear_firing_laser" in opts:
            back = (r.facing + 2) % 4
            path, targets = self._trace(r.sq, back)
            self.record(ev.LaserFired(r.name, L.pos[r.sq], DIR_NAMES[back],
                                  tuple(L.pos[s] for s in path),
                                  tuple(t.name for t in targets), "rear", self.phase))
            for t in targets:
                volley.hits.append((t, 1, (back + 2) % 4, r, False, "rear_laser"))

    def radio_targets(self: Engine, r: Robot, d: int) -> list[Robot]:
        """CB-6.20: robots at most 6 squares straight ahead, through walls and robots."""
        L = self.layout
        out: list[Robot] = []
        cur = r.sq
        for _ in range(6):
            cur = L.nbr[cur * 4 + d]
            if cur < 0:
                break
            rid = self.occ.get(cur)
            if rid is not None:
                t = self.robots[rid]
                if not t.powered_down and not t.virtual:
                    out.append(t)
        return out
