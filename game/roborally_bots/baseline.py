"""The baseline RoboRally bot: it runs its own robot alone through the registers for every
distinct ordering of its hand and scores where it ends on a distance map to the next flag.

The distance map counts, for every (square, facing), how many registers the robot needs at
best to reach a flag, taking belts (with their turns), gears, walls, pits and portals into
account (doors count as shut; pushers and crushers are left to the simulation). It is built
once per flag when the bot is made. The lone-robot simulation follows RULES.md RR-6/RR-7 and
CB-3 for one robot: walls and doors per register, pits and the course edge, oil, portals,
belts and express belts with their turns, pushers, gears, crushers, board lasers and flamers.
Other robots are ignored: this is a baseline, not a search.

It is the game's "normal" bot ("easy" plays any legal program, "strong" is strong.py, which
also uses `ranked` for its candidates). Its own levels: "normal" adds a little noise to break
ties; "easy" adds enough noise to make it pick clearly worse programs now and then. Pure: no
pygame, no files, its own seeded RNG."""

from __future__ import annotations

import heapq
import random
from collections import deque
from dataclasses import dataclass
from typing import Callable

from game.roborally.elements import BELT, BURNER, CRUSHER, GEAR, OIL, PIT, PORTAL, VOID
from game.roborally.layout import Layout
from game.roborally.model import REGISTERS, STANDARD_CARDS, Board

UNREACHABLE = 60
"""The distance given to squares from which the flag cannot be reached by the map."""
NOISE = {"easy": 2.5, "normal": 0.15}
CARD_STEPS = {"move1": 1, "move2": 2, "move3": 3, "back": 1}
CARD_TURNS = {"left": -1, "right": 1, "uturn": 2}
CARD_ORDER = ("move3", "move2", "move1", "back", "right", "left", "uturn")


@dataclass
class Outcome:
    """Where one simulated program leaves the robot."""

    square: int
    facing: int
    dead: bool
    flags: int            # how many flags it reached, in order
    damage: int
    repair: int


class LoneRobot:
    """Single-robot rules on the engine's flat board tables."""

    def __init__(self, layout: Layout) -> None:
        self.L = layout

    def _enter(self, j: int) -> tuple[int, bool]:
        """The robot arrives on square j (-1: off the grid): (square, dead); portals jump."""
        L = self.L
        if j < 0 or L.kind[j] == VOID or L.kind[j] == PIT:
            return j, True
        if L.kind[j] == PORTAL and L.partner[j] >= 0:
            return L.partner[j], False
        return j, False

    def step(self, i: int, d: int, reg: int) -> tuple[int, bool, bool]:
        """One step from i toward d in register `reg` (a card's, a gear's or a push's):
        (square, dead, moved); a wall stops it, a pit or the edge destroys."""
        L = self.L
        if L.walls[reg][i] & (1 << d):
            return i, False, False
        j, dead = self._enter(L.nbr[i * 4 + d])
        return j, dead, True

    def register(self, sq: int, f: int, card: str | None, reg: int, flags: list[int],
                 next_index: int, steady: bool = False) -> tuple[int, int, bool, int, int]:
        """Run one register (card, then the factory) for the robot alone; `steady`: belts and
        gears carry it without turning it (a Gyroscopic Stabilizer, CB-6.13).

        Returns (square, facing, dead, next flag index, damage taken)."""
        L = self.L
        damage = 0

        def touch(s: int, k: int) -> int:
            return k + 1 if k < len(flags) and s == flags[k] else k

        if card is not None and card in CARD_TURNS:
            f = (f + CARD_TURNS[card]) % 4
            if L.kind[sq] == BURNER and reg in L.active[sq]:
                damage += 1
        elif card is not None:
            steps = CARD_STEPS[card]
            d = f if card != "back" else (f + 2) % 4
            if L.kind[sq] == OIL:
                steps -= 1
            moved_any = False
            start = sq
            for _ in range(steps):
                sq, dead, moved = self.step(sq, d, reg)
                if dead:
                    return sq, f, True, next_index, damage
                if not moved:
                    break
                moved_any = True
                next_index = touch(sq, next_index)
                if L.kind[sq] == BURNER and reg in L.active[sq]:
                    damage += 1
            while moved_any and L.kind[sq] == OIL:
                nsq, dead, moved = self.step(sq, d, reg)
                if dead:
                    return nsq, f, True, next_index, damage
                if not moved:
                    break
                sq = nsq
                next_index = touch(sq, next_index)
            if sq == start and L.kind[sq] == BURNER and reg in L.active[sq]:
                damage += 1
        # belts: express first, then all (RR-7.5.1), turning onto a belt of another direction
        for express_only in (True, False):
            if L.kind[sq] == BELT and (L.express[sq] or not express_only):
                d = L.belt_dir[sq]
                if not L.walls[reg][sq] & (1 << d):
                    j = L.nbr[sq * 4 + d]
                    if j < 0 or L.kind[j] in (VOID, PIT):
                        return j, f, True, next_index, damage
                    if L.kind[j] == BELT and L.belt_dir[j] != d and not steady:
                        f = (f + (1 if L.belt_dir[j] == (d + 1) % 4 else -1)) % 4
                    if L.kind[j] == PORTAL and L.partner[j] >= 0:
                        j = L.partner[j]
                    sq = j
                    next_index = touch(sq, next_index)
        for psq, pd, regs in L.pushers:
            if psq == sq and reg in regs:
                nsq, dead, moved = self.step(sq, pd, reg)
                if dead:
                    return nsq, f, True, next_index, damage
                sq = nsq
                next_index = touch(sq, next_index)
                break
        if L.kind[sq] == GEAR and not steady:
            f = (f + L.gear[sq]) % 4
        if L.kind[sq] == CRUSHER and reg in L.active[sq]:
            return sq, f, True, next_index, damage
        lasers_hit: set[int] = set()      # a two-way laser's two barrels hit once (RR-7.9)
        for _s, _d, beams, laser, path in L.laser_paths[reg]:
            if sq in path and laser not in lasers_hit:
                lasers_hit.add(laser)
                damage += beams
        if L.kind[sq] == BURNER and reg in L.active[sq]:
            damage += 1
        return sq, f, False, next_index, damage


    def run(self, sq: int, f: int, cards: list[str | None], first: int, flags: list[int],
            next_index: int, steady: frozenset[int] = frozenset()) -> tuple[int, int, int, int]:
        """Run `cards` (card types, None: idle) alone in registers `first`, `first` + 1, …
        from (sq, f); `steady`: the registers a Gyroscopic Stabilizer steadies (CB-6.13).

        Returns (square, facing, next flag index, damage taken); square -1 where the robot
        falls or is crushed on the way."""
        damage = 0
        for reg, card in enumerate(cards, start=first):
            sq, f, dead, next_index, hurt = self.register(sq, f, card, reg, flags, next_index,
                                                          reg in steady)
            damage += hurt
            if dead:
                return -1, f, next_index, damage
        return sq, f, next_index, damage


class DistanceMap:
    """Registers needed at best from every (square, facing) to reach `flag` (one square)."""

    def __init__(self, layout: Layout, sim: LoneRobot, flag: int) -> None:
        n = layout.width * layout.height
        self.dist: list[float] = [UNREACHABLE] * (n * 4)
        preds: list[list[int]] = [[] for _ in range(n * 4)]
        frontier: deque[int] = deque()
        targets = [flag]
        for sq in range(n):
            if layout.kind[sq] in (VOID, PIT):
                continue
            for f in range(4):
                state = sq * 4 + f
                for card in CARD_ORDER:
                    nsq, nf, dead, k, _dmg = sim.register(sq, f, card, 0, targets, 0)
                    if dead:
                        continue
                    if k:
                        if self.dist[state] != 1:
                            self.dist[state] = 1
                            frontier.append(state)
                        continue
                    preds[nsq * 4 + nf].append(state)
        while frontier:
            state = frontier.popleft()
            base = self.dist[state] + 1
            for p in preds[state]:
                if self.dist[p] > base:
                    self.dist[p] = base
                    frontier.append(p)
        self.flag = flag
        self.width = layout.width

    def value(self, square: int, facing: int) -> float:
        """Registers to the flag, with the straight-line distance as a fine tie-break."""
        d = self.dist[square * 4 + facing]
        fx, fy = self.flag % self.width, self.flag // self.width
        x, y = square % self.width, square // self.width
        return d + 0.05 * (abs(fx - x) + abs(fy - y))


class BaselineBot:
    """Chooses a program for one robot (see the module docstring)."""

    def __init__(self, board: Board, level: str = "normal", rng: random.Random | None = None,
                 layout: Layout | None = None, maps: list[DistanceMap] | None = None) -> None:
        """`maps`: another bot's distance maps on the same layout (they depend on the board
        only, and take seconds to compute on a large course)."""
        self.layout = layout or Layout(board)
        self.sim = LoneRobot(self.layout)
        self.level = level
        self.noise = NOISE.get(level, NOISE["normal"])
        self.rng = rng or random.Random(0)
        self.maps = maps if maps is not None else [
            DistanceMap(self.layout, self.sim, flag) for flag in self.layout.flags]

    def score(self, out: Outcome, next_index: int) -> float:
        if out.dead:
            return -1000.0 - out.damage
        k = out.flags
        value = 100.0 * (k - next_index)
        if k < len(self.maps):
            value -= self.maps[k].value(out.square, out.facing)
        value -= 0.7 * out.damage
        return value

    def choose(self, hand: list[tuple[int, str]], fixed: list[str | None], open_registers: list[int],
               square: int, facing: int, next_index: int) -> list[int]:
        """Card ids for the open registers (in register order).

        `hand`: (card id, type) pairs; `fixed[r-1]`: the card type locked in register r (None
        when open or empty); `open_registers`: the registers to fill; `square`/`facing`: the
        robot's start (engine indices); `next_index`: how many flags it has reached."""
        best: tuple[float, list[str]] | None = None
        noise = self.noise
        rng = self.rng

        def consider(value: float, program: list[str]) -> None:
            nonlocal best
            if noise:
                value += rng.gauss(0, noise)
            if best is None or value > best[0]:
                best = (value, list(program))

        self._search(hand, fixed, open_registers, square, facing, next_index, consider)
        assert best is not None
        return self.card_ids(hand, best[1], len(open_registers))

    def ranked(self, hand: list[tuple[int, str]], fixed: list[str | None],
               open_registers: list[int], square: int, facing: int, next_index: int,
               count: int) -> list[tuple[float, list[int]]]:
        """The `count` best programs by this bot's own score (no noise), best first, as
        (score, card ids for the open registers): candidates for a deeper search."""
        kept: list[tuple[float, int, list[str]]] = []
        seen = 0

        def consider(value: float, program: list[str]) -> None:
            nonlocal seen
            seen += 1
            item = (value, -seen, list(program))
            if len(kept) < count:
                heapq.heappush(kept, item)
            elif value > kept[0][0]:
                heapq.heapreplace(kept, item)

        self._search(hand, fixed, open_registers, square, facing, next_index, consider)
        need = len(open_registers)
        out: list[tuple[float, list[int]]] = []
        programs: set[tuple[int, ...]] = set()
        for value, _order, types in sorted(kept, reverse=True):
            ids = tuple(self.card_ids(hand, types, need))
            if ids not in programs:     # a program cut short is padded: two may meet
                programs.add(ids)
                out.append((value, list(ids)))
        return out

    def _search(self, hand: list[tuple[int, str]], fixed: list[str | None],
                open_registers: list[int], square: int, facing: int, next_index: int,
                consider: Callable[[float, list[str]], None]) -> None:
        """Run every distinct ordering of the hand's card types through the open registers
        and hand each (score, card types) to `consider`."""
        flags = list(self.layout.flags)
        counts: dict[str, int] = {}
        for _cid, ctype in hand:
            counts[ctype] = counts.get(ctype, 0) + 1
        types = sorted(counts, key=CARD_ORDER.index)
        program: list[str] = []
        sim = self.sim

        def run(reg: int, sq: int, f: int, k: int, damage: int) -> None:
            if reg > REGISTERS:
                consider(self.score(Outcome(sq, f, False, k, damage, 0), next_index), program)
                return
            is_open = reg in open_registers
            choices: list[str | None] = [t for t in types if counts[t] > 0] if is_open \
                else [fixed[reg - 1]]
            for t in choices:
                if is_open and t is not None:
                    counts[t] -= 1
                    program.append(t)
                nsq, nf, dead, nk, dmg = sim.register(sq, f, t, reg, flags, k)
                if dead:
                    # falling later is no better; reaching flags first still counts
                    consider(-1000.0 + 100.0 * (nk - next_index) - damage - dmg, program)
                elif nk >= len(flags):
                    consider(10000.0 - reg, program)  # the last flag: the game is won
                else:
                    run(reg + 1, nsq, nf, nk, damage + dmg)
                if is_open and t is not None:
                    counts[t] += 1
                    program.pop()

        run(1, square, facing, next_index, 0)

    @staticmethod
    def card_ids(hand: list[tuple[int, str]], types: list[str], need: int) -> list[int]:
        """Card ids for a program of card `types`, padded to `need` cards with the least
        useful spare cards (a program cut short by a win or a fall still fills every open
        register); the highest-priority card of a type goes to the earliest register."""
        by_type: dict[str, list[int]] = {}
        for cid, ctype in sorted(hand, key=lambda h: -h[0]):
            by_type.setdefault(ctype, []).append(cid)
        chosen = list(types)
        spare = {t: len(ids) for t, ids in by_type.items()}
        for t in chosen:
            spare[t] -= 1
        while len(chosen) < need:
            t = next(t for t in CARD_ORDER[::-1] if spare.get(t, 0) > 0)
            spare[t] -= 1
            chosen.append(t)
        pools = {t: list(ids) for t, ids in by_type.items()}
        return [pools[t].pop(0) for t in chosen]


def card_type_of(card_id: int) -> str:
    return STANDARD_CARDS[card_id - 1][0]


