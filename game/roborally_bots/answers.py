"""The strong RoboRally bot's answers to the questions a register asks about its option cards
(Crash & Burn, CB-5, CB-6): which weapon fires, where a Turret points, whether to discard a
card against damage, which card a destroyed robot loses, what Fire Control does, how far
Brakes and gears move; and in step a of each register (CB-5.7), the Shield's side, the
Gyroscopic Stabilizer, the Abort Switch and the Conditional Program's swap, whose reserve
card it also picks at lock-in.

Each answer reads the table as the question found it (`RoboRallyState.shown_robots`: the
robots where the register's events have put them so far) and weighs its choices on the bot's
expected maps (expected.py) with the lone-robot rules (baseline.py). The other robots'
cards are hidden (GEN-4), so they are taken where they stand. Pure: no pygame, no files."""

from __future__ import annotations

import random
from typing import Protocol, Sequence

from game.core.frames_first import let_frames_go_first
from game.roborally.elements import VOID
from game.roborally.layout import Layout
from game.roborally.model import DECK_SIZE, MAX_OPTIONS, REGISTERS, WEAPON_MODULES
from game.roborally.options import SIDES, ConditionalProgramState, RadioControlState
from game.roborally.robot import DESTROYING_DAMAGE, Robot
from game.roborally.state import CARD_TABLE, HAND_SIZE, RoboRallyState
from game.roborally_bots.baseline import UNREACHABLE, BaselineBot, DistanceMap, LoneRobot
from game.roborally_bots.race import damage_cost

NEVER_FIRED = ("scrambler", "radio_control")
"""Weapon modules whose worth the bot cannot judge, so it leaves them unfired (`weapon`)."""
ARMS = (*WEAPON_MODULES, "double_barreled_laser", "high_power_laser", "rear_firing_laser",
        "fire_control", "ramming_gear")
"""Option cards that hurt other robots: the first a Fire Control destroys (`fire_control`)."""
ROBOT_IN_LINE = 0.5
"""How likely a robot whose laser points at the bot's square now still does when the lasers
fire (`shield`): its card moves it first."""
ABORT_DRAWS = 16
"""Random programs drawn to weigh the Abort Switch (`abort`)."""
WORTH_A_CHANGE = 0.5
"""Registers of the race a change to the program must gain over it (the reserve swap, the
Gyroscopic Stabilizer switched off): the lone-robot reckoning is rough."""
LOCK_HANDS = 6
"""Hands dealt to weigh which register a Fire Control locks (`_register_to_lock`)."""
WORTH_A_GAMBLE = 2.0
"""Registers of the race random cards must gain on average over the rest of the program for
the Abort Switch: the program was chosen with the other robots in mind, which the lone
reckoning does not see, so only one gone badly wrong (a push towards a pit, say) goes."""


class Reckoner(Protocol):
    """What the answers need of the bot: its board, its measure of the race and its rules."""

    @property
    def layout(self) -> Layout: ...

    @property
    def sim(self) -> LoneRobot: ...

    @property
    def expected(self) -> list[DistanceMap]: ...

    @property
    def rng(self) -> random.Random: ...

    @property
    def search(self) -> BaselineBot: ...

    def standing(self, sq: int, facing: int, k: int, damage: int, archive: int) -> float: ...


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
        if kind == "fire_control" and table.register_under_way:
            return self.fire_control(table, me, choices, default)
        if kind == "shield" and table.register_under_way:
            return self.shield(table, me, default)
        if kind == "gyro" and table.register_under_way:
            return self.gyro(table, me, default)
        if kind == "abort" and table.register_under_way:
            return self.abort(table, me, default)
        if kind == "reserve" and table.register_under_way:
            return self.swap_reserve(table, me, choices, default)
        if kind in ("brakes", "fourth_gear", "reverse_gears") and r.sq >= 0:
            k = min(r.next_flag - 1, len(self.bot.expected) - 1)
            return min(choices, key=lambda c: (self._after_steps(r, kind, c, k),
                                               choices.index(c)))
        return default

    def weapon(self, table: RoboRallyState, me: int, choices: tuple[str, ...],
               default: str) -> str:
        """CB-5.6: the main laser's damage, a Pressor Beam's push (CB-6.19), a Tractor Beam's
        pull (CB-6.22) or a Mini Howitzer's both (CB-6.18), whichever costs the robot hit (and
        the robots a push carries along) the most on the expected maps (a pit or the edge
        beyond destroys). The Scrambler's
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

        def hurt(amount: int) -> float:
            return damage_cost(t.damage + amount) - damage_cost(t.damage)

        def moved(d: int) -> float:
            return self._push_cost(t, d, shown, register, me)

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
        end = self._card_leaves(table, me)
        if end is None:
            return default
        sq, facing = end
        others = {o.sq for o in table.shown_robots if o.rid != me and o.sq >= 0
                  and not o.virtual}
        return next((side for side in choices if self._beam_meets(
            sq, (facing + SIDES.index(side)) % 4, others, register)), default)

    def fire_control(self, table: RoboRallyState, me: int, choices: tuple[str, ...],
                     default: str) -> str:
        """CB-6.15: for a point of its main laser's damage, an option card of the robot hit
        destroyed, for good, rather than a register locked until the damage is repaired
        (RR-5.3.4): one that hurts other robots first. Where it holds none, the register
        whose card hinders it most (`_register_to_lock`)."""
        held = [c for c in choices if not c.isdigit()]
        armed = [c for c in held if c in ARMS]
        if held:
            return (armed or held)[0]
        target = table.pending.context.robot if table.pending is not None else -1
        if not 0 <= target < len(table.shown_robots):
            return default
        return self._register_to_lock(table.shown_robots, me, target, choices, default)

    def _register_to_lock(self, shown: list[Robot], me: int, target: int,
                          registers: tuple[str, ...], default: str) -> str:
        """The register whose card, kept there next turn (RR-5.3.2), leaves robot `target`
        the worst best program, alone from where it stands: for each of LOCK_HANDS hands
        dealt from the cards the bot has not seen, as many as the damage will deal it. A card
        the bot has seen (a register revealed, GEN-4) is weighed as it is; the registers not
        yet revealed as one, with a card drawn with each hand. `default` on a tie."""
        t = shown[target]
        k = t.next_flag - 1
        if t.sq < 0 or k >= len(self.bot.expected) or len(registers) < 2:
            return default
        known = [n for n in registers if t.registers[int(n) - 1]]
        hidden = [n for n in registers if n not in known]
        candidates = known + ([default if default in hidden else hidden[-1]] if hidden else [])
        locked = sum(t.locks) + 1
        hand_size = HAND_SIZE - (t.damage + 1)     # it holds no option card: no Extra Memory
        unseen = unseen_cards(shown, me)
        if hand_size < REGISTERS - locked or len(unseen) < hand_size + 1:
            return default
        kept: list[str | None] = [CARD_TABLE[c][0] if (lock and c) else None
                                  for c, lock in zip(t.registers, t.locks)]
        worth = dict.fromkeys(candidates, 0.0)
        for _draw in range(LOCK_HANDS):
            dealt = self.bot.rng.sample(unseen, hand_size + 1)
            hand = [(c, CARD_TABLE[c][0]) for c in dealt[1:]]
            for n in candidates:
                register = int(n)
                fixed = list(kept)
                fixed[register - 1] = CARD_TABLE[t.registers[register - 1] or dealt[0]][0]
                open_registers = [j + 1 for j in range(REGISTERS)
                                  if not t.locks[j] and j + 1 != register]
                let_frames_go_first()
                worth[n] += self.bot.search.ranked(hand, fixed, open_registers, t.sq,
                                                   t.facing, k, 1)[0][0]
        return min(candidates, key=lambda n: (worth[n], n != default))

    def shield(self, table: RoboRallyState, me: int, default: str) -> str:
        """CB-6.6: the side of the robot, where the register's card takes it, that a beam
        would enter: a board laser's for certain (RR-8.1), a robot's less surely (its card
        moves it first; the others are taken where they stand), a Rear-Firing Laser's too
        (CB-6.17). Front where none would: a side shields at no cost, none never does."""
        register = table.register_under_way
        end = self._card_leaves(table, me)
        if end is None:
            return default
        sq, facing = end
        threat = [0.0] * 4          # by the absolute side a beam enters from, N E S W
        for _start, d, _beams, _laser, path in self.bot.layout.laser_paths[register]:
            if sq in path:
                threat[(d + 2) % 4] += 1.0
        for o in table.shown_robots:
            if o.rid == me or o.sq < 0 or o.powered_down:
                continue
            barrels = [o.facing] + ([(o.facing + 2) % 4] if "rear_firing_laser" in o.options
                                    else [])
            for d in barrels:
                if self._beam_meets(o.sq, d, {sq}, register):
                    threat[(d + 2) % 4] += ROBOT_IN_LINE
        side = max(range(4), key=lambda s: (threat[s], -((s - facing) % 4)))
        return SIDES[(side - facing) % 4]

    def gyro(self, table: RoboRallyState, me: int, default: str) -> str:
        """CB-6.13: the Gyroscopic Stabilizer off for this register where the turn of a
        gear or a belt helps the rest of the program (later registers with it on)."""
        register = table.register_under_way
        r = table.shown_robots[me]
        if r.sq < 0:
            return default
        cards = _cards_from(r.registers, register)
        steady = frozenset(range(register, REGISTERS + 1))
        on = self._rest(r, cards, register, steady)
        off = self._rest(r, cards, register, steady - {register})
        return "off" if off > on + WORTH_A_CHANGE else "on"

    def abort(self, table: RoboRallyState, me: int, default: str) -> str:
        """CB-6.5: switch to the top cards of the draw stack when the rest of the program,
        run from where the robot now stands (a push may have thrown it off its route),
        does worse than random cards would on average (drawn from the cards it has not
        seen). Locked registers keep their cards (CB-5.9)."""
        register = table.register_under_way
        r = table.shown_robots[me]
        if r.sq < 0:
            return default
        kept = self._rest(r, _cards_from(r.registers, register), register)
        replaced = [k for k in range(register - 1, REGISTERS)
                    if not r.locks[k] and r.registers[k]]
        unseen = unseen_cards(table.shown_robots, me)
        if len(unseen) < len(replaced):
            return default
        total = 0.0
        for _ in range(ABORT_DRAWS):
            registers = list(r.registers)
            for k, card in zip(replaced, self.bot.rng.sample(unseen, len(replaced))):
                registers[k] = card
            total += self._rest(r, _cards_from(registers, register), register)
        return "yes" if total / ABORT_DRAWS > kept + WORTH_A_GAMBLE else "no"

    def swap_reserve(self, table: RoboRallyState, me: int, choices: tuple[str, ...],
                     default: str) -> str:
        """CB-6.3: the reserve card into this register where the rest of the program, run
        from where the robot now stands, goes better with it (one swap a turn)."""
        register = table.register_under_way
        r = table.shown_robots[me]
        reserve = r.state_of(ConditionalProgramState).card
        if r.sq < 0 or not reserve:
            return default
        swapped = list(r.registers)
        swapped[register - 1] = reserve
        kept = self._rest(r, _cards_from(r.registers, register), register)
        better = self._rest(r, _cards_from(swapped, register), register)
        return str(register) if better > kept + WORTH_A_CHANGE and str(register) in choices \
            else "no"

    def reserve_card(self, r: Robot, registers: list[int], spare: list[int]) -> int:
        """CB-6.3: of the `spare` hand cards, the one to set aside: the one whose best swap
        into the program `registers` (unlocked ones) costs the race the least, alone from
        where the robot stands; a second way to run the turn when a push spoils the first.
        0 where there is none (no spare card, or the robot off the board)."""
        if not spare or r.sq < 0:
            return 0

        def best_swap(card: int) -> float:
            out = float("-inf")
            for k in range(REGISTERS):
                if r.locks[k] or not registers[k]:
                    continue
                swapped = list(registers)
                swapped[k] = card
                out = max(out, self._rest(r, _cards_from(swapped, 1), 1))
            return out

        return max(spare, key=lambda c: (best_swap(c), -c))

    def _card_leaves(self, table: RoboRallyState, me: int) -> tuple[int, int] | None:
        """Where the card of the register under way takes robot `me`, alone, from where it
        stands: (square, facing); None where it falls or is off the board. Under a Radio
        Control the robot runs its controller's card (CB-6.20), which the bot sees only once
        revealed: until then the robot is taken where it stands."""
        shown = table.shown_robots
        r = shown[me]
        if r.sq < 0:
            return None
        register = table.register_under_way
        controller = r.state_of(RadioControlState).controlled_by
        card = (shown[controller] if 0 <= controller < len(shown) else r).registers[register - 1]
        sq, facing, _k, _damage = self.bot.sim.run(
            r.sq, r.facing, _cards_from([card], 1), register,
            list(self.bot.layout.flags), r.next_flag - 1)
        return None if sq < 0 else (sq, facing)

    def _rest(self, r: Robot, cards: list[str | None], first: int,
              steady: frozenset[int] = frozenset()) -> float:
        """How robot `r` stands in the race (`Reckoner.standing`) after running `cards` (card
        types, None: idle) in registers `first`, `first` + 1, … alone from where it stands,
        with the damage the board deals on the way; in the registers `steady` belts and
        gears do not turn it (CB-6.13)."""
        sq, facing, k, hurt = self.bot.sim.run(r.sq, r.facing, cards, first,
                                               list(self.bot.layout.flags), r.next_flag - 1,
                                               steady)
        return self.bot.standing(sq, facing, k, r.damage + hurt, r.archive)

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

    def _push_cost(self, t: Robot, d: int, shown: list[Robot], register: int,
                   me: int) -> float:
        """What a push of robot `t` one square in direction `d` costs the robots it moves
        (RR-6.5: the robots in front of it go too; a wall in the way stops them all), in
        their standing in the race: a pit or the board's edge destroys. A virtual robot is
        not pushed and stands in no one's way (CB-2.3). Minus infinity where the bot's own
        robot would be pushed along."""
        if t.virtual:
            return 0.0
        standing = {o.sq: o for o in shown if o.sq >= 0 and not o.virtual}
        chain, sq = [t], t.sq
        while True:
            ahead, dead, moved = self.bot.sim.step(sq, d, register)
            if not moved:
                return 0.0
            if dead or ahead not in standing:
                break
            chain.append(standing[ahead])
            sq = ahead
        if any(o.rid == me for o in chain):
            return float("-inf")
        cost = 0.0
        for o in chain:
            to, dead, _moved = self.bot.sim.step(o.sq, d, register)
            k = o.next_flag - 1
            cost += self.bot.standing(o.sq, o.facing, k, o.damage, o.archive) \
                - self.bot.standing(-1 if dead else to, o.facing, k, o.damage, o.archive)
        return cost

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


def unseen_cards(robots: Sequence[Robot], me: int) -> list[int]:
    """The program cards robot `me`'s seat has not seen (GEN-4), in deck order: not in its
    hand, its registers or on its option cards (a Flywheel's, a Conditional Program's), nor
    in any register of the others that the table shows (`public_table` hides the rest).
    What the bot's guesses and draws are dealt from."""
    mine = robots[me]
    seen = set(mine.hand) | set(mine.option_cards())
    for o in robots:
        seen.update(c for c in o.registers if c)
    return [c for c in range(1, DECK_SIZE + 1) if c not in seen]


def _cards_from(registers: list[int], first: int) -> list[str | None]:
    """The card types of `registers` (card ids, 0: none) from register `first` on."""
    return [CARD_TABLE[c][0] if c else None for c in registers[first - 1:]]


def _least_used(held: list[str], otherwise: str) -> str:
    """Of option cards `held`, one the bot never fires (NEVER_FIRED), else `otherwise`."""
    unused = [c for c in held if c in NEVER_FIRED]
    return unused[-1] if unused else otherwise
