"""The strong RoboRally bot's answers to the questions a register asks about its option cards
(Crash & Burn, CB-5, CB-6): which weapon fires, where a Turret points, whether to discard a
card against damage, which card a destroyed robot loses, how far Brakes and gears move.

Each answer reads the table as the question found it (`RoboRallyState.shown_robots`: the
robots where the register's events have put them so far) and weighs its choices on the bot's
expected maps (expected.py) with the lone-robot rules (baseline.py). The other robots'
cards are hidden (GEN-4), so they are taken where they stand. Pure: no pygame, no files."""

from __future__ import annotations

from typing import Protocol

from game.roborally.elements import VOID
from game.roborally.layout import Layout
from game.roborally.model import MAX_OPTIONS
from game.roborally.options import SIDES
from game.roborally.robot import DESTROYING_DAMAGE, Robot
from game.roborally.state import RoboRallyState
from game.roborally_bots.baseline import UNREACHABLE, DistanceMap, LoneRobot
from game.roborally_bots.race import damage_cost

NEVER_FIRED = ("scrambler", "radio_control")
"""Weapon modules whose worth the bot cannot judge, so it leaves them unfired (`weapon`)."""


class Reckoner(Protocol):
    """What the answers need of the bot: its board, its measure of the race and its rules."""

    @property
    def layout(self) -> Layout: ...

    @property
    def sim(self) -> LoneRobot: ...

    @property
    def expected(self) -> list[DistanceMap]: ...

    def progress_at(self, r: Robot, sq: int, damage: int) -> float: ...


class OptionAnswers:
    """The strong bot's answers to the option-card questions of a register."""

    def __init__(self, bot: Reckoner) -> None:
        self.bot = bot

    def answer(self, table: RoboRallyState, me: int, kind: str, choices: tuple[str, ...],
               default: str) -> str:
        """Robot `me`'s answer to an option-card question `kind` (FORMATS.md answer kinds);
        `default` where it has no better idea."""
        r = table.engine.robots[me]
        if kind == "weapon":
            return self.weapon(table, me, choices, default)
        if kind == "discard" and len(choices) > 1:
            return self.discard(table.shown_robots[me], choices)
        if kind == "lose_option":
            return self.option_lost(choices, default)
        if kind == "turret" and table.register_under_way:
            return self.turret(table, me, choices, default)
        if kind in ("brakes", "fourth_gear", "reverse_gears") and r.sq >= 0:
            k = min(r.next_flag - 1, len(self.bot.expected) - 1)
            return min(choices, key=lambda c: (self._after_steps(r, kind, c, k),
                                               choices.index(c)))
        return default

    def weapon(self, table: RoboRallyState, me: int, choices: tuple[str, ...],
               default: str) -> str:
        """CB-5.6: the main laser's damage, a Pressor Beam's push (CB-6.19), a Tractor Beam's
        pull (CB-6.22) or a Mini Howitzer's both (CB-6.18), whichever costs the robot hit the
        most on the expected maps (a pit or the edge beyond it destroys). The Scrambler's
        random card and Radio Control's exchange of programs it cannot judge: it leaves
        them unfired."""
        target = table.pending.context.robot if table.pending is not None else -1
        shown = table.shown_robots      # where the question stopped the register
        if not 0 <= target < len(shown) or shown[me].sq < 0 or shown[target].sq < 0:
            return default
        r, t = shown[me], shown[target]
        here, there = self.bot.layout.pos[r.sq], self.bot.layout.pos[t.sq]
        away = 0 if there.y < here.y else 1 if there.x > here.x else 2 if there.y > here.y \
            else 3          # the beam's direction, N E S W
        register = table.register_under_way
        before = self.bot.progress_at(t, t.sq, t.damage)

        def hurt(amount: int) -> float:
            return damage_cost(t.damage + amount) - damage_cost(t.damage)

        def moved(d: int) -> float:
            return before - self.bot.progress_at(t, self._pushed_to(t, d, shown, register),
                                                 t.damage)

        worth = {"laser": hurt(2 if "double_barreled_laser" in r.options else 1),
                 "mini_howitzer": hurt(1) + moved(away), "pressor_beam": moved(away),
                 "tractor_beam": moved((away + 2) % 4)}
        return max(choices, key=lambda c: (worth.get(c, float("-inf")), -choices.index(c)))

    def turret(self, table: RoboRallyState, me: int, choices: tuple[str, ...],
               default: str) -> str:
        """CB-6.7: the main laser points at a robot its beam would meet from where the
        register's card takes the bot's robot (the others taken where they stand: their
        cards are hidden), front first; front when it would meet none."""
        register = table.register_under_way
        shown = table.shown_robots
        r = shown[me]
        if r.sq < 0:
            return default
        card = r.registers[register - 1]
        sq, facing, dead, _flag, _damage = self.bot.sim.register(
            r.sq, r.facing, table.engine.cards[card][0] if card else None, register,
            list(self.bot.layout.flags), r.next_flag - 1)
        if dead:
            return default
        others = {o.sq for o in shown if o.rid != me and o.sq >= 0 and not o.virtual}
        return next((side for side in choices if self._beam_meets(
            sq, (facing + SIDES.index(side)) % 4, others, register)), default)

    def _beam_meets(self, sq: int, d: int, robots: set[int], register: int) -> bool:
        """Does a laser fired from `sq` in direction `d` meet one of the squares `robots`
        before a wall or the board's end (RR-8.2)?"""
        L = self.bot.layout
        walls = L.walls[register]
        while not walls[sq] & (1 << d):
            sq = L.nbr[sq * 4 + d]
            if sq < 0 or L.kind[sq] == VOID:
                return False
            if sq in robots:
                return True
        return False

    @staticmethod
    def discard(r: Robot, choices: tuple[str, ...]) -> str:
        """CB-5.4: an option card given up for the damage point that would destroy the
        robot, which loses one on destruction anyway (CB-5.5), plus its life, its place and
        re-entry damage: one it never fires if it holds one (see `weapon`), else the last
        gained. Short of destruction it keeps its cards."""
        if r.damage + 1 < DESTROYING_DAMAGE:
            return "none"
        held = [c for c in choices if c != "none"]
        return _least_used(held, held[-1])

    @staticmethod
    def option_lost(choices: tuple[str, ...], default: str) -> str:
        """The card a destroyed robot loses (CB-5.5): Superior Archive, whose loss also spares
        the re-entry damage (CB-6.25 ruling); else one it never fires. Over the limit of
        MAX_OPTIONS cards (CB-5.2), one it never fires; else the game's default."""
        destroyed = len(choices) <= MAX_OPTIONS
        if destroyed and "superior_archive" in choices:
            return "superior_archive"
        return _least_used(list(choices), default)

    def _pushed_to(self, t: Robot, d: int, shown: list[Robot], register: int) -> int:
        """Where one square's push in direction `d` leaves robot `t` (RR-6.5): -1 destroyed
        (a pit, the edge); its own square where a wall stops it, a virtual robot is not
        pushed (CB-2.3), or another robot stands there (a chain the bot does not weigh)."""
        if t.virtual:
            return t.sq
        sq, dead, moved = self.bot.sim.step(t.sq, d, register)
        if dead:
            return -1
        if moved and any(o.sq == sq and o.rid != t.rid and not o.virtual for o in shown):
            return t.sq
        return sq

    def _after_steps(self, r: Robot, kind: str, choice: str, k: int) -> float:
        """Registers to the flag after moving as `choice` says (walls stop, pits kill)."""
        steps = 0 if choice == "stay" else 1 if choice == "move" else int(choice)
        d = (r.facing + 2) % 4 if kind == "reverse_gears" else r.facing
        sq = r.sq
        for _ in range(steps):
            sq, dead, moved = self.bot.sim.step(sq, d, 0)
            if dead:
                return float(UNREACHABLE * 2)
            if not moved:
                break
        return self.bot.expected[k].value(sq, r.facing)


def _least_used(held: list[str], otherwise: str) -> str:
    """Of option cards `held`, one the bot never fires (NEVER_FIRED), else `otherwise`."""
    unused = [c for c in held if c in NEVER_FIRED]
    return unused[-1] if unused else otherwise
