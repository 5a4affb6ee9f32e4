"""The strong RoboRally bot: it plans with the other robots on the table.

How it decides a program (RULES.md RR-5, RR-6):

0. **Its measure.** Where the baseline counts registers to a flag at best, as if every hand
   held the cards a route wants, this bot counts the registers to expect when the cards
   come as they do (expected.py): a route that common cards can run beats an equally short
   one that waits for one of the six Move 3 cards. All its ranking and valuing below, and
   its power-down reckoning, are on these expected maps.
1. **Candidates.** The baseline's lone-robot search (baseline.py) ranks every ordering of the
   hand by the expected maps; of its best programs, the best two ways to each of `candidates` / 2 different end
   squares and facings go on.
2. **What the others will do.** Their hands are hidden (GEN-4), so the bot deals each other
   robot a hand of the right size (RR-5.1: 9 − damage) from the cards it cannot see, and lets
   a baseline bot program it; `samples` such deals (fewer at a crowded table) give likely
   programs for the table.
3. **The real engine.** Every candidate runs through the five register phases with the real
   rules engine (`Engine.run_register`) against every sampled table: priority order (RR-6.2),
   pushes (RR-6.5), robot and board lasers (RR-8), belts, pushers, crushers, the option cards
   the robots hold. No separate simulator can drift from the rules.
4. **Score.** A win or a rival's win ends the reckoning. Otherwise, for its own robot: flags
   reached, and what the next turn can bring from where it ends: the baseline's best program
   for each of a few sampled next hands (9 − damage cards, so damage costs what it costs),
   averaged. Destroyed, it counts from its archive (RR-10.5) less `DEATH_REGISTERS`. Less a
   small share of the other robots' progress (expected maps, damage, destruction), so that of
   two equal programs it takes the one that pushes a rival into a pit or shoots it.

Beyond the program: it powers down when the rest of the race with the damaged hand would
take more than a turn longer than with a repaired full hand (RR-5.5, race.py; also when
asked at re-entry, RR-10.5.4; never where standing still for a turn is deadly), takes an
option card at a double wrench when it is healthy (CB-7.1), re-enters facing the way the
distance map runs (RR-10.5), puts a spare Move card on its Flywheel (CB-6.4), and gives a
hand back for a Recompile where new hands would do better by more than the damage costs
(CB-6.2). Its answers to the other option-card questions are in answers.py: Brakes, Fourth
Gear and Reverse Gears by the distance map, the weapon module that sets the robots it moves
back the most (CB-5.6), an option card given up rather than be destroyed by damage
(CB-5.4), the Superior Archive lost on destruction (CB-6.25), the Turret pointed at a robot
its laser would meet (CB-6.7), the Shield's side, the Gyroscopic Stabilizer, the Abort
Switch and the Conditional Program (CB-6.3 to CB-6.6, CB-6.13), whose reserve card it sets
aside at lock-in, and Fire Control's choice (CB-6.15).

It reads only what its seat may see (`public_table`). Pure: no pygame, no files; every draw
(the guessed hands too) comes from the generator it was given, which the game positions
for each decision."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from game.core.frames_first import let_frames_go_first
from game.roborally.engine import Engine, GameOver
from game.roborally.layout import Layout
from game.roborally.model import DECK_SIZE, REGISTERS, Board
from game.roborally.options import FlywheelState
from game.roborally.robot import Robot
from game.roborally.state import CARD_TABLE, HAND_SIZE, RoboRallyState
from game.roborally_bots.answers import OptionAnswers, unseen_cards
from game.roborally_bots.baseline import UNREACHABLE, BaselineBot, DistanceMap, LoneRobot
from game.roborally_bots.expected import expected_maps
from game.roborally_bots.race import SPEED, RaceSearch, damage_cost

DEATH_REGISTERS = 6.0
"""What being destroyed costs beyond restarting at the archive, in registers: the rest of
the turn, the two damage of re-entry (RR-10.5.2) and a life."""
RIVAL_SHARE = 0.05
"""How much a rival's progress counts against the bot's own (it is a race: mostly its own)."""
POWER_DOWN_HANDS = 8
"""Next-turn hands sampled to weigh a power down (the damaged against the full hand)."""
POWER_DOWN_DAMAGE = 2
"""Less damage than this is never worth a turn powered down."""
SHORTLIST_POOL = 8
"""The baseline's best `candidates × SHORTLIST_POOL` programs are read for `candidates`
different end places."""
PER_END = 2
"""Programs kept per end place (`_distinct_ends`)."""
RIVAL_PROGRAMS = 9
"""At most this many rival programs are guessed per decision (samples × rivals): twelve
guesses per rival won no more (README's performance notes)."""
TIME_LIMIT_S = 2.0
"""Stop trying candidates after this long (a guard for a slow machine; never reached on a
normal one, so a seed decides the same way)."""
MOVE_CARDS = ("move3", "move2", "move1")
NEXT_HANDS = 4
"""Next-turn hands sampled per decision to value where the robot ends (`outlook`)."""
OUTLOOK_PLACES = 32
"""Places valued by next-turn hands per decision; further ones by the distance map."""
RECOMPILE_HANDS = 8
"""New hands sampled to weigh a Recompile (`_should_recompile`)."""
RECOMPILE_GAIN = 1.0
"""Registers of the race a new hand must gain on average, beyond its damage, to be taken."""
WIN_SOON = 400.0
"""The value of a next turn that reaches the last flag (the baseline says 10,000: a sure
win; next turn's hand is only a sample)."""


@dataclass(frozen=True)
class ProgramChoice:
    """A decided program: the card ids for the open registers (register order), whether to
    announce a power down, and the hand cards for the Flywheel and the Conditional Program's
    reserve (0: none)."""

    cards: list[int]
    power_down: bool = False
    flywheel: int = 0
    reserve: int = 0
    recompile: bool = False
    """Give the hand back for a new one first (CB-6.2); the program is decided with that."""


def public_table(state: RoboRallyState, me: int) -> RoboRallyState:
    """A copy of `state` holding only what seat `me` may see (GEN-4): the other robots' hands,
    unrevealed registers, reserve and Flywheel cards are taken away, the draw stack and the
    discard pile emptied. Bots think on this, in any thread, without touching the game. At a
    question, the robots as the question stopped them (`shown_robots`) are a copy hidden
    alike: the game's own would show the others' hands."""
    table = state.clone()
    revealed = max(0, table.register_under_way - 1)
    _hide_the_others(table.engine, me, revealed, table.stage == "program")
    if table.asked_in is not None:
        shown = Engine.__new__(Engine)
        table.asked_in.copy_into(shown)
        _hide_the_others(shown, me, revealed)
        table.asked_in = shown
    return table


def _hide_the_others(e: Engine, me: int, revealed: int, programming: bool = False) -> None:
    """Take from engine `e` what seat `me` may not see, registers 1 to `revealed` shown;
    `programming`: the power-down announcements locked in so far are secret too (RR-5.5)."""
    for r in e.robots:
        if r.rid == me:
            continue
        if programming:
            r.announce = False
        r.hand = []
        r.registers = [c if (k < revealed or r.locks[k]) else 0
                       for k, c in enumerate(r.registers)]
        r.hide_option_cards()
    e.deck = []
    e.discard = []
    e.answers = [a for a in e.answers if a[0] == me]


def _default_answer(player: int, kind: str, choices: tuple[str, ...], default: str) -> str:
    return default


class StrongBot:
    """Chooses programs and answers for one robot (see the module docstring)."""

    def __init__(self, board: Board, rng: random.Random | None = None,
                 layout: Layout | None = None, maps: list[DistanceMap] | None = None, *,
                 candidates: int = 24, samples: int = 3,
                 rival_programs: int = RIVAL_PROGRAMS) -> None:
        self.rng = rng or random.Random(0)
        # the others are guessed with the baseline's own small noise, from a stream of its own
        self.predictor = BaselineBot(board, "normal", random.Random(self.rng.random()),
                                     layout, maps)
        self.layout = self.predictor.layout
        self.maps = self.predictor.maps     # the distance maps, shared with the other bots
        self._search: BaselineBot | None = None
        self._race: RaceSearch | None = None
        self.candidates = candidates
        self.samples = samples
        self.rival_programs = rival_programs
        self._next_hands: list[list[tuple[int, str]]] = []
        self._outlooks: dict[tuple[int, int, int, int], float] = {}
        self.options = OptionAnswers(self)

    @property
    def sim(self) -> LoneRobot:
        """The lone-robot rules on this board (baseline.py)."""
        return self.predictor.sim

    @property
    def search(self) -> BaselineBot:
        """The baseline's search on the expected maps (expected.py), which the bot ranks and
        values by. Made at the first decision: on a large course the maps take half a
        second, which the bot's worker pays rather than the table's start."""
        if self._search is None:
            expected = expected_maps(self.layout, self.predictor.sim, self.maps)
            self._search = BaselineBot(self.layout.board, "normal", self.rng, self.layout,
                                       list(expected))
        return self._search

    @property
    def expected(self) -> list[DistanceMap]:
        """Expected registers to each flag (expected.py)."""
        return self.search.maps

    @property
    def race(self) -> RaceSearch:
        """The rest of the race on the expected maps (race.py)."""
        if self._race is None:
            self._race = RaceSearch(self.search)
        return self._race

    # -- the program --------------------------------------------------------------------------
    def program(self, table: RoboRallyState, me: int) -> ProgramChoice:
        """The program for robot `me` on `table` (a `public_table`)."""
        e = table.engine
        r = e.robots[me]
        cards = e.cards
        hand = [(c, cards[c][0]) for c in r.hand]
        fixed = [cards[r.registers[k]][0] if r.locks[k] and r.registers[k] else None
                 for k in range(REGISTERS)]
        open_regs = [k + 1 for k in range(REGISTERS) if r.open_register(k)
                     and not r.registers[k]]
        if not open_regs or not hand:
            return ProgramChoice([], self._should_power_down(r, r.sq, r.facing,
                                                             r.next_flag - 1))
        started = time.perf_counter()
        ranked = self.search.ranked(hand, fixed, open_regs, r.sq, r.facing, r.next_flag - 1,
                                    self.candidates * SHORTLIST_POOL)
        if table.may_recompile(r) and self._should_recompile(
                r, hand, unseen_cards(e.robots, me), ranked[0][0], fixed, open_regs):
            return ProgramChoice([], recompile=True)
        if len(ranked) == 1 or ranked[0][0] >= 5000:    # no choice, or a sure win alone
            return self._finish(r, ranked[0][1], open_regs)
        ranked = self._distinct_ends(ranked, r, open_regs)
        rivals = sum(1 for o in e.robots if o.rid != me and o.sq >= 0 and o.in_game)
        # each sample programs every rival: fewer samples at a crowded table keep the time
        samples = max(1, min(self.samples, self.rival_programs // max(1, rivals)))
        self.predictor.rng.seed(self.rng.random())
        tables = [self.guess_programs(e, me) for _ in range(samples)]
        self._deal_next_hands()
        best: tuple[float, list[int]] | None = None
        for _lone, ids in ranked:
            total = 0.0
            for programs in tables:
                programs[me] = self._with_open(r, open_regs, ids)
                total += self.value(self._run(e, programs), me)
            if best is None or total > best[0]:
                best = (total, ids)
            if time.perf_counter() - started > TIME_LIMIT_S:
                break
        assert best is not None
        return self._finish(r, best[1], open_regs)

    def _should_recompile(self, r: Robot, hand: list[tuple[int, str]], unseen: list[int],
                          best_now: float, fixed: list[str | None], open_regs: list[int]
                          ) -> bool:
        """CB-6.2: a new hand for one damage, where the best program of `RECOMPILE_HANDS`
        hands dealt from the cards the bot has not seen (`unseen`, as many as it holds)
        beats the best of this one (`best_now`, the search's score) by more than the damage
        costs, on average, on the expected maps (alone: a hand's worth is mostly its own
        race)."""
        k = r.next_flag - 1
        if k >= len(self.expected):
            return False

        def best(cards: list[tuple[int, str]]) -> float:
            let_frames_go_first()
            value = self.search.ranked(cards, fixed, open_regs, r.sq, r.facing, k, 1)[0][0]
            return min(value, WIN_SOON)

        now = min(best_now, WIN_SOON)
        if now >= WIN_SOON:
            return False
        if len(unseen) < len(hand):
            return False
        new = sum(best([(c, CARD_TABLE[c][0]) for c in self.rng.sample(unseen, len(hand))])
                  for _ in range(RECOMPILE_HANDS)) / RECOMPILE_HANDS
        return new - (damage_cost(r.damage + 1) - damage_cost(r.damage)) > now + RECOMPILE_GAIN

    def _distinct_ends(self, ranked: list[tuple[float, list[int]]], r: Robot,
                       open_regs: list[int]) -> list[tuple[float, list[int]]]:
        """The best `PER_END` programs for each of the squares and facings the robot would
        end on alone, `candidates` in all: many of the baseline's best programs end alike,
        and the search wants different places (and a second way to each, which may push a
        rival or dodge a laser on the way) to weigh against each other."""
        out: list[tuple[float, list[int]]] = []
        seen: dict[tuple[int, int], int] = {}
        for value, ids in ranked:
            sq, facing, _k = self._lone_end(r.sq, r.facing, r.next_flag - 1,
                                        self._with_open(r, open_regs, ids))
            end = (sq, facing)
            if seen.get(end, 0) < PER_END:
                seen[end] = seen.get(end, 0) + 1
                out.append((value, ids))
                if len(out) == self.candidates:
                    break
        return out

    def _lone_end(self, sq: int, facing: int, k: int,
                  registers: list[int]) -> tuple[int, int, int]:
        """Where a robot at (sq, facing) with `k` flags reached ends the turn running
        `registers` (card ids, 0: idle) alone, as (square, facing, flags reached); square
        -1: it falls or is crushed on the way."""
        sq, facing, k, _damage = self.sim.run(
            sq, facing, [CARD_TABLE[c][0] if c else None for c in registers], 1,
            list(self.layout.flags), k)
        return sq, facing, k

    def _finish(self, r: Robot, ids: list[int], open_regs: list[int]) -> ProgramChoice:
        spare = [c for c in r.hand if c not in ids]
        flywheel = 0
        if "flywheel" in r.options and not r.state_of(FlywheelState).card and spare:
            moves = [c for c in spare if CARD_TABLE[c][0] in MOVE_CARDS]
            if moves:        # CB-6.4: a fast card kept for next turn's hand
                flywheel = max(moves, key=lambda c: (MOVE_CARDS[::-1].index(
                    CARD_TABLE[c][0]), c))
        registers = self._with_open(r, open_regs, ids)
        reserve = 0
        if "conditional_program" in r.options:
            reserve = self.options.reserve_card(r, registers, [c for c in spare
                                                               if c != flywheel])
        sq, facing, k = self._lone_end(r.sq, r.facing, r.next_flag - 1, registers)
        return ProgramChoice(ids, self._should_power_down(r, sq, facing, k), flywheel,
                             reserve)

    def _should_power_down(self, r: Robot, sq: int, facing: int, k: int) -> bool:
        """RR-5.5: a turn powered down repairs all damage. Worth it when the turns the race
        still takes from (sq, facing) with `k` flags reached (where the robot will stand)
        with the damaged hand (9 − damage cards, locked registers idle) are more than one
        turn lost plus the turns it takes with a full hand. Near the end of the race a turn
        lost is never won back (race.py); nor where standing still for a turn falls or is
        crushed (RR-10.1: the factory still moves a powered-down robot)."""
        if r.powered_down or r.damage < POWER_DOWN_DAMAGE or sq < 0 or k >= len(self.expected):
            return False
        if self._lone_end(sq, facing, k, [0] * REGISTERS)[0] < 0:
            return False
        hands = self._deal(POWER_DOWN_HANDS)
        damaged = self.race.progress(hands, sq, facing, r.damage, k)
        repaired = self.race.progress(hands, sq, facing, 0, k)
        if repaired <= 0.0:
            return False
        left = self.race.remaining(sq, facing, k)
        return damaged <= 0.0 or left / SPEED * (repaired / damaged - 1.0) > 1.0

    def _deal_next_hands(self) -> None:
        """Sample this decision's next-turn hands (`outlook`), the same for every candidate."""
        self._next_hands = self._deal(NEXT_HANDS)
        self._outlooks = {}

    def _deal(self, count: int) -> list[list[tuple[int, str]]]:
        """`count` full hands from a shuffled deck (what a next turn might bring)."""
        deck = list(range(1, DECK_SIZE + 1))
        hands = []
        for _ in range(count):
            self.rng.shuffle(deck)
            hands.append([(c, CARD_TABLE[c][0]) for c in deck[:HAND_SIZE]])
        return hands

    @staticmethod
    def _with_open(r: Robot, open_regs: list[int], ids: list[int]) -> list[int]:
        regs = list(r.registers)
        for reg, card in zip(open_regs, ids):
            regs[reg - 1] = card
        return regs

    def guess_programs(self, e: Engine, me: int) -> dict[int, list[int]]:
        """Likely registers for every other robot that programs: a hand dealt from the cards
        `me` cannot see, programmed by the baseline. (bench/roborally_bot_ceiling.py measures
        a bot that is handed the real hands here instead, which no fair bot can know.)"""
        pool = unseen_cards(e.robots, me)
        self.rng.shuffle(pool)
        programs: dict[int, list[int]] = {}
        for o in e.robots:
            if o.rid == me or o.sq < 0 or o.powered_down or not o.in_game:
                continue
            open_regs = [k + 1 for k in range(REGISTERS) if not o.locks[k]]
            size = max(0, HAND_SIZE - o.damage) + (1 if "extra_memory" in o.options else 0)
            if len(pool) < size or size < len(open_regs) or not open_regs:
                continue
            programs[o.rid] = self.baseline_program(e, o, pool[:size])
            del pool[:size]
        return programs

    def baseline_program(self, e: Engine, o: Robot, hand: list[int]) -> list[int]:
        """Robot `o`'s registers when the baseline programs its open ones from `hand` (card
        ids, enough to fill them): how the other robots' bots play."""
        open_regs = [k + 1 for k in range(REGISTERS) if not o.locks[k]]
        fixed = [e.cards[o.registers[k]][0] if o.locks[k] and o.registers[k] else None
                 for k in range(REGISTERS)]
        ids = self.predictor.choose([(c, e.cards[c][0]) for c in hand], fixed, open_regs,
                                    o.sq, o.facing, min(o.next_flag - 1, len(self.maps) - 1))
        return self._with_open(o, open_regs, ids)

    @staticmethod
    def _run(base: Engine, programs: dict[int, list[int]]) -> Engine:
        """The five register phases of this turn with the real engine (default answers)."""
        let_frames_go_first()       # the search runs beside the frames: one play-out at a time
        e = Engine.__new__(Engine)
        base.copy_into(e)
        e.emit = False
        e.answerer = _default_answer
        e.answers = []
        for rid, regs in programs.items():
            e.robots[rid].registers = list(regs)
        try:
            for i in range(1, REGISTERS + 1):
                e.run_register(i)
        except GameOver:
            pass
        return e

    # -- scoring ------------------------------------------------------------------------------
    def value(self, e: Engine, me: int) -> float:
        """How good the table `e` is for robot `me` (higher is better)."""
        if e.over:
            if e.winner == me:
                return 100_000.0 - 1000.0 * e.register
            if e.winner >= 0:       # later is less bad: another sample may stop it
                return -100_000.0 + 1000.0 * e.register + self.outlook(e.robots[me])
        mine = self.outlook(e.robots[me])
        rivals = [self.progress(o) for o in e.robots if o.rid != me and o.in_game]
        return mine - RIVAL_SHARE * sum(rivals)

    def outlook(self, r: Robot) -> float:
        """What the bot's own robot can expect from the next turn where it stands: the
        baseline's best program for each of the decision's sampled next hands (9 − damage
        cards, RR-5.1; locked registers idle), averaged. Unlike the distance map, this knows
        that the cards a robot needs do not always come, and what damage costs."""
        k = r.next_flag - 1
        if k >= len(self.expected):
            return 100.0 * k + WIN_SOON
        sq, facing, penalty = r.sq, r.facing, 0.0
        damage = r.damage
        if sq < 0:              # RR-10.5: back at the archive with two damage, a life lost
            if r.archive < 0:
                return 100.0 * k - UNREACHABLE - DEATH_REGISTERS
            sq, damage, penalty = r.archive, 2, DEATH_REGISTERS
            facing = min(range(4), key=lambda f: self.expected[k].value(sq, f))
        return 100.0 * k + self._expect(sq, facing, damage, k) - penalty

    def _expect(self, sq: int, facing: int, damage: int, k: int) -> float:
        """The baseline's best next-turn score from (sq, facing) with `damage`, flag index
        `k`, averaged over the sampled next hands (cached for the decision)."""
        key = (sq, facing, damage, k)
        known = self._outlooks.get(key)
        if known is None and len(self._outlooks) >= OUTLOOK_PLACES and self._outlooks:
            # enough searched for one decision: the map, shifted by what the searched
            # places gained over it on average (same scale, bounded time)
            gain = sum(value + self.expected[flag].value(square, face)
                       for (square, face, _damage, flag), value in self._outlooks.items()
                       ) / len(self._outlooks)
            return gain - self.expected[k].value(sq, facing) - damage_cost(damage)
        if known is None:
            locked = max(0, damage - 4)
            open_regs = list(range(1, REGISTERS + 1 - locked))
            size = max(0, HAND_SIZE - damage)
            total = 0.0
            for hand in self._next_hands:
                let_frames_go_first()
                best = self.search.ranked(hand[:size], [None] * REGISTERS, open_regs, sq,
                                          facing, k, 1)[0][0]
                total += min(best, WIN_SOON)
            known = total / len(self._next_hands)
            self._outlooks[key] = known
        return known

    def progress(self, r: Robot) -> float:
        """A rival's flags reached and registers to the next one, less damage; a destroyed
        robot counts from its archive (RR-10.5) and pays DEATH_REGISTERS."""
        return self.standing(r.sq, r.facing, r.next_flag - 1, r.damage, r.archive)

    def standing(self, sq: int, facing: int, k: int, damage: int, archive: int) -> float:
        """How a robot on (sq, facing) stands in the race with `k` flags reached and `damage`
        (higher is better): 100 a flag, less the expected registers to the next one and what
        the damage costs. On square -1 (destroyed) it counts from its `archive` (RR-10.5),
        pays DEATH_REGISTERS and the re-entry damage."""
        if k >= len(self.expected):
            return 100.0 * k
        value = 100.0 * k - damage_cost(damage)
        if sq >= 0:
            return value - self.expected[k].value(sq, facing)
        if archive < 0:
            return value - UNREACHABLE - DEATH_REGISTERS
        best = min(self.expected[k].value(archive, f) for f in range(4))
        return value - best - DEATH_REGISTERS - damage_cost(2)

    # -- answers --------------------------------------------------------------------------------
    def answer(self, table: RoboRallyState, me: int, kind: str, choices: tuple[str, ...],
               default: str) -> str:
        """A decision the rules ask of robot `me` mid-turn (FORMATS.md answer kinds)."""
        r = table.engine.robots[me]
        k = min(r.next_flag - 1, len(self.expected) - 1)
        if kind == "facing" and r.archive >= 0:         # RR-10.5: re-enter toward the flag
            return min(choices, key=lambda f: (self.expected[k].value(
                r.archive, "NESW".index(f)), choices.index(f)))
        if kind == "power_down" and "yes" in choices:   # RR-10.5.4 / staying down
            return "yes" if self._should_power_down(r, r.sq, r.facing, r.next_flag - 1) \
                else "no"
        if kind == "repair_or_option":                   # CB-7.1: an option while healthy
            return "option" if r.damage <= 2 and "option" in choices else "repair"
        return self.options.answer(table, me, kind, choices, default)


class RandomBot:
    """The easy bot: any legal program, drawn from its own seeded RNG."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)

    def program(self, table: RoboRallyState, me: int) -> ProgramChoice:
        r = table.engine.robots[me]
        open_regs = [k for k in range(REGISTERS) if r.open_register(k) and not r.registers[k]]
        hand = sorted(r.hand)
        self.rng.shuffle(hand)
        return ProgramChoice(hand[:len(open_regs)])

    def answer(self, table: RoboRallyState, me: int, kind: str, choices: tuple[str, ...],
               default: str) -> str:
        return self.rng.choice(choices)

