"""VOLT training rules core (RULES.md VT-1..VT-10): legal actions, transitions, events.

Pure: no pygame, no I/O, no global random. Randomness (start numbers, VP markers, the order
of tied programming times) is a chance action the Match draws (STYLE.md §4.4).

Flow of a game (`phase`):
  deal     chance: start numbers (VT-4.2)
  marker   chance: Phase 0 draws a VP marker while fewer than 3 lie in the arena (VT-5.1.1)
  restart  the operator of each robot outside the arena picks a free start field of its
           side, lowest start number first (VT-5.1.3)
  program  SIMULTANEOUS: PlaceDie / ClearCross / LockIn by every operator (VT-5.2)
  order    chance: who of the operators with equal programming times chooses first
  number   operators take start numbers in order of programming time (VT-5.2.9 hot-seat)
  over     somebody holds 3 VP (VT-10)
Phase 2 (activation) and Phase 3 (trigger) need no decision: they run inside the action that
completes the start numbers, and Phase 0 of the next round follows at once."""

from __future__ import annotations

import itertools
import random
from typing import Any, Callable, Sequence

from game.core.types import (CHANCE, SIMULTANEOUS, TERMINAL, Direction, Direction8,
                             IllegalActionError, PlayerId, Pos)
from game.volt import events as ev
from game.volt.actions import (Action, ClearCross, DealStartNumbers, DrawMarker, LockIn,
                               OrderTiedOperators, PlaceDie, PlaceRobot, TakeStartNumber)
from game.volt.model import (CROSSES, DESTROYING_DAMAGE, DICE_PER_COLOUR,
                             MAX_MARKERS_IN_ARENA, VP_NUMBERS, WINNING_VP, Arena, Die,
                             DieColour)

FORMAT_VERSION = 1
MAX_PLAYERS = 4
MIN_PLAYERS = 2
MAX_PROGRAMMING_MS = 24 * 3600 * 1000
RULE_OPTIONS: dict[str, bool] = {
    "VT_TABLETOP_ERRORS": False,
    "VT_PROGRAM_TIMER": False,
    "VT_HOTSEAT_RANDOM_NUMBERS": False,
}
"""RULES.md options for VOLT with their defaults (VT-5.2.8, VT-5.2.9)."""
IMPLEMENTED_OPTIONS = ("VT_TABLETOP_ERRORS", "VT_HOTSEAT_RANDOM_NUMBERS")

_BLUE_KEYS = (Direction8.N, Direction8.E, Direction8.S, Direction8.W)
_ALL_KEYS = tuple(Direction8)


class Robot:
    """One operator's robot and monitor: where it stands (None: outside the arena), its
    damage, its VP, and whether it was destroyed (and not yet restarted)."""

    __slots__ = ("at", "damage", "vp", "destroyed")

    def __init__(self, at: Pos | None = None, damage: int = 0, vp: int = 0,
                 destroyed: bool = False) -> None:
        self.at = at
        self.damage = damage
        self.vp = vp
        self.destroyed = destroyed

    def copy(self) -> Robot:
        return Robot(self.at, self.damage, self.vp, self.destroyed)

    def to_dict(self) -> dict[str, Any]:
        return {"at": None if self.at is None else [self.at.x, self.at.y],
                "damage": self.damage, "vp": self.vp, "destroyed": self.destroyed}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Robot:
        at = data["at"]
        return cls(None if at is None else Pos(*at), data["damage"], data["vp"],
                   data["destroyed"])


class VoltState:
    """A VOLT training game for 2-4 operators; operator p sits at `sides[p]`."""

    invariant_hook: Callable[[VoltState], None] | None = None
    """If set (tests, bench/volt_fuzz.py), called after every activated die."""

    def __init__(self, arena: Arena, sides: Sequence[Direction],
                 rules: dict[str, bool] | None = None) -> None:
        self.arena = arena
        self.sides: tuple[Direction, ...] = tuple(sides)
        self.rules: dict[str, bool] = {**RULE_OPTIONS, **(rules or {})}
        n = len(self.sides)
        self.round = 0
        self.phase = "deal"
        self.robots = [Robot() for _ in range(n)]
        self.start_numbers: list[int | None] = [None] * n
        self.markers = [0] * len(VP_NUMBERS)
        self.programs: list[list[Die | None]] = [[None] * CROSSES for _ in range(n)]
        self.locked = [False] * n
        self.lock_times: list[int | None] = [None] * n
        self.queue: list[PlayerId] = []
        self.winner: PlayerId | None = None

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def new_game(cls, arena: Arena, sides: Sequence[Direction],
                 rules: dict[str, bool] | None = None) -> VoltState:
        """A game before the start numbers are drawn (the first action is chance).

        Raises:
            ValueError: wrong player count, a side used twice or without start fields, an
                arena without all six VP fields, or an unknown rule option.
        """
        if not MIN_PLAYERS <= len(sides) <= MAX_PLAYERS:
            raise ValueError(f"VOLT needs {MIN_PLAYERS}-{MAX_PLAYERS} operators, "
                             f"got {len(sides)} (VT-1.3)")
        if len(set(sides)) != len(sides):
            raise ValueError("two operators cannot sit at the same side (VT-4.1)")
        for side in sides:
            if not arena.start_fields(side):
                raise ValueError(f"arena {arena.name!r} has no start field on side "
                                 f"{side.value}")
        missing = [n for n in VP_NUMBERS if arena.vp_field(n) is None]
        if missing:
            raise ValueError(f"arena {arena.name!r} lacks VP fields {missing}")
        unknown = sorted(set(rules or {}) - set(RULE_OPTIONS))
        if unknown:
            raise ValueError(f"unknown VOLT rule options {unknown}")
        return cls(arena, sides, rules)

    @property
    def players(self) -> range:
        return range(len(self.sides))

    # -- protocol -------------------------------------------------------------------------
    @property
    def current_player(self) -> PlayerId:
        if self.winner is not None or self.phase == "over":
            return TERMINAL
        if self.phase in ("deal", "marker", "order"):
            return CHANCE
        if self.phase == "program":
            return SIMULTANEOUS
        return self.queue[0]

    def is_terminal(self) -> bool:
        return self.winner is not None

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """Every outcome of the pending chance node with its probability (uniform)."""
        outcomes: list[Action]
        if self.phase == "deal":
            n = len(self.sides)
            outcomes = [DealStartNumbers(tuple(p))
                        for p in itertools.permutations(range(1, n + 1))]
        elif self.phase == "marker":
            outcomes = [DrawMarker(number) for number in VP_NUMBERS]  # VT-2.4 ruling
        elif self.phase == "order":
            outcomes = [OrderTiedOperators(order) for order in self._tie_orders()]
        else:
            raise AssertionError(f"chance_outcomes() called outside a chance node "
                                 f"(phase {self.phase})")
        p = 1.0 / len(outcomes)
        return [(a, p) for a in outcomes]

    def sample_chance(self, rng: random.Random) -> Action:
        action, _ = rng.choice(self.chance_outcomes())
        return action

    def legal_actions(self, player: PlayerId | None = None) -> list[Action]:
        """Every legal action now in a fixed order; with `player`, only that operator's.

        In the programming phase the list holds the actions of every operator who has not
        locked in; `LockIn` is listed with time 0 but any time in 0..MAX_PROGRAMMING_MS is
        legal (the time is measured by the device, VT-5.2.9)."""
        if self.winner is not None:
            return []
        if self.phase in ("deal", "marker", "order"):
            return [] if player is not None else [a for a, _ in self.chance_outcomes()]
        if self.phase == "program":
            who = list(self.players) if player is None else [player]
            actions: list[Action] = []
            for p in who:
                actions.extend(self._program_actions(p))
            return actions
        if player is not None and player != self.queue[0]:
            return []
        p = self.queue[0]
        if self.phase == "restart":
            return [PlaceRobot(p, pos) for pos in self._free_start_fields(p)]
        if self.phase == "number":
            return [TakeStartNumber(p, n) for n in self._free_numbers()]
        raise AssertionError(f"unknown phase {self.phase}")

    def _program_actions(self, p: PlayerId) -> list[Action]:
        if self.locked[p]:
            return []
        actions: list[Action] = []
        program = self.programs[p]
        for cross in range(CROSSES):
            if program[cross] is not None:
                actions.append(ClearCross(p, cross))
                continue
            for colour in (DieColour.BLUE, DieColour.RED):
                if self._dice_used(p, colour) >= DICE_PER_COLOUR:
                    continue
                keys = _BLUE_KEYS if colour is DieColour.BLUE else _ALL_KEYS
                for value in range(1, 7):
                    for key in keys:
                        actions.append(PlaceDie(p, cross, colour.value, value, key.value))
        if all(d is not None for d in program):
            actions.append(LockIn(p, 0))
        return actions

    def _dice_used(self, p: PlayerId, colour: DieColour) -> int:
        return sum(1 for d in self.programs[p] if d is not None and d.colour is colour)

    def _free_start_fields(self, p: PlayerId) -> list[Pos]:
        taken = {r.at for r in self.robots if r.at is not None}
        return [pos for pos in self.arena.start_fields(self.sides[p]) if pos not in taken]

    def _free_numbers(self) -> list[int]:
        held = {n for n in self.start_numbers if n is not None}
        return [n for n in range(1, len(self.sides) + 1) if n not in held]

    # -- legality -------------------------------------------------------------------------
    def why_illegal(self, action: object) -> str | None:
        """Why `action` is not legal now, or None when it is (no state change)."""
        if self.winner is not None:
            return "the game is over"
        match action:
            case DealStartNumbers(numbers):
                if self.phase != "deal":
                    return "no start numbers are being dealt now"
                if sorted(numbers) != list(range(1, len(self.sides) + 1)):
                    return f"start numbers must be 1..{len(self.sides)}, each once"
                return None
            case DrawMarker(number):
                if self.phase != "marker":
                    return "no VP marker is being drawn now"
                return None if number in VP_NUMBERS else "a VP marker shows 1..6"
            case OrderTiedOperators(order):
                if self.phase != "order":
                    return "no choosing order is being drawn now"
                return None if tuple(order) in self._tie_orders() else \
                    "that order does not sort the operators by programming time"
            case PlaceRobot(player, at):
                if self.phase != "restart" or not self.queue or self.queue[0] != player:
                    return f"operator {player} does not restart a robot now"
                return None if at in self._free_start_fields(player) else \
                    f"{list(at)} is not a free start field of side " \
                    f"{self.sides[player].value}"
            case PlaceDie(player, cross, colour, value, direction):
                return self._why_die_illegal(player, cross, colour, value, direction)
            case ClearCross(player, cross):
                if (why := self._why_not_programming(player)) is not None:
                    return why
                if not (isinstance(cross, int) and 0 <= cross < CROSSES):
                    return "crosses are 0 (I), 1 (II) and 2 (III)"
                return None if self.programs[player][cross] is not None else \
                    "that cross holds no die"
            case LockIn(player, time_ms):
                if (why := self._why_not_programming(player)) is not None:
                    return why
                if any(d is None for d in self.programs[player]):
                    return "every cross needs a die before locking in (VT-5.2.7)"
                if not (isinstance(time_ms, int) and 0 <= time_ms <= MAX_PROGRAMMING_MS):
                    return "the programming time must be 0..24 h in milliseconds"
                return None
            case TakeStartNumber(player, number):
                if self.phase != "number" or self.queue[0] != player:
                    return f"operator {player} does not choose a start number now"
                return None if number in self._free_numbers() else \
                    f"start number {number} is not free"
        return f"{action!r} is not a VOLT action"

    def _why_not_programming(self, player: object) -> str | None:
        if self.phase != "program":
            return "nobody programs now"
        if not (isinstance(player, int) and 0 <= player < len(self.sides)):
            return f"there is no operator {player}"
        if self.locked[player]:
            return f"operator {player} has locked in; the dice cannot change (VT-5.2.7)"
        return None

    def _why_die_illegal(self, player: PlayerId, cross: int, colour: str, value: int,
                         direction: str) -> str | None:
        if (why := self._why_not_programming(player)) is not None:
            return why
        if not (isinstance(cross, int) and 0 <= cross < CROSSES):
            return "crosses are 0 (I), 1 (II) and 2 (III)"
        if self.programs[player][cross] is not None:
            return "that cross already holds a die (VT-5.2.3)"
        if colour not in ("blue", "red"):
            return "a die is blue or red"
        if not (isinstance(value, int) and 1 <= value <= 6):
            return "a die shows 1..6"
        if direction not in {d.value for d in Direction8}:
            return "a key points N, NE, E, SE, S, SW, W or NW"
        if colour == "blue" and Direction8(direction).is_diagonal:
            return "a blue die goes on a blue key only: robots never move diagonally " \
                   "(VT-5.2.5)"
        if self._dice_used(player, DieColour(colour)) >= DICE_PER_COLOUR:
            return f"both {colour} dice are already placed (VT-2.1)"
        return None

    # -- apply ----------------------------------------------------------------------------
    def apply(self, action: Action) -> list[ev.Event]:
        """Apply `action` and return what happened, in the order it should be animated.

        Raises:
            IllegalActionError: if the action is not legal now; nothing is changed.
        """
        why = self.why_illegal(action)
        if why is not None:
            raise IllegalActionError(f"{action!r} is not legal now: {why} (round "
                                     f"{self.round}, phase {self.phase})")
        out: list[ev.Event] = []
        match action:
            case DealStartNumbers(numbers):
                self.start_numbers = list(numbers)
                out.append(ev.StartNumbersDealt(tuple(numbers)))
                if self.round == 0:
                    self._begin_round(out)
                else:
                    self._activate(out)
                    self._after_round(out)
            case DrawMarker(number):
                self.markers[number - 1] += 1
                at = self.arena.vp_field(number)
                assert at is not None
                out.append(ev.MarkerPlaced(number, at, self.markers[number - 1]))
                self._prepare_rest(out)
            case PlaceRobot(player, at):
                self.robots[player].at = Pos(*at)
                self.robots[player].destroyed = False
                out.append(ev.RobotRestarted(player, Pos(*at)))
                self.queue.pop(0)
                self._next_restart(out)
            case PlaceDie(player, cross, colour, value, direction):
                self.programs[player][cross] = Die(DieColour(colour), value,
                                                   Direction8(direction))
                out.append(ev.CrossProgrammed(player, cross))
            case ClearCross(player, cross):
                self.programs[player][cross] = None
                out.append(ev.CrossCleared(player, cross, "taken_back"))
            case LockIn(player, time_ms):
                self.locked[player] = True
                self.lock_times[player] = time_ms
                out.append(ev.LockedIn(player))
                if all(self.locked):
                    self._after_programming(out)
            case OrderTiedOperators(order):
                self._set_choosing_order(list(order), out)
            case TakeStartNumber(player, number):
                self._take_number(player, number, out)
        return out

    # -- phase 0 --------------------------------------------------------------------------
    def _begin_round(self, out: list[ev.Event]) -> None:
        self.round += 1
        out.append(ev.RoundStarted(self.round))
        out.append(ev.PhaseStarted("prepare"))
        if sum(self.markers) < MAX_MARKERS_IN_ARENA:  # VT-5.1 step 1
            self.phase = "marker"
            return
        self._prepare_rest(out)

    def _prepare_rest(self, out: list[ev.Event]) -> None:
        for p in self.players:  # VT-5.1 step 2
            robot = self.robots[p]
            if robot.destroyed and robot.damage:
                out.append(ev.DamageCleared(p, robot.damage))
                robot.damage = 0
        # VT-5.1 step 3: lowest start number first
        self.queue = sorted((p for p in self.players if self.robots[p].at is None),
                            key=self._number_key)
        self._next_restart(out)

    def _number_key(self, p: PlayerId) -> tuple[int, int]:
        number = self.start_numbers[p]
        return (number if number is not None else MAX_PLAYERS + 1, p)

    def _next_restart(self, out: list[ev.Event]) -> None:
        while self.queue and not self._free_start_fields(self.queue[0]):
            out.append(ev.RobotWaiting(self.queue.pop(0)))  # VT-5.1 step 3 ruling
        if self.queue:
            self.phase = "restart"
            return
        self.start_numbers = [None] * len(self.sides)  # VT-5.1 step 4
        out.append(ev.StartNumbersReturned())
        self.programs = [[None] * CROSSES for _ in self.players]
        self.locked = [False] * len(self.sides)
        self.lock_times = [None] * len(self.sides)
        self.phase = "program"
        out.append(ev.PhaseStarted("program"))

    # -- phase 1: start numbers -------------------------------------------------------------
    def _after_programming(self, out: list[ev.Event]) -> None:
        out.append(ev.PhaseStarted("start_numbers"))
        if self.rules["VT_HOTSEAT_RANDOM_NUMBERS"]:
            self.phase = "deal"
            return
        orders = self._tie_orders()
        if len(orders) == 1:
            self._set_choosing_order(list(orders[0]), out)
        else:
            self.phase = "order"

    def _tie_orders(self) -> list[tuple[int, ...]]:
        """Every order of the operators ascending by programming time, ties permuted."""
        times = [t if t is not None else 0 for t in self.lock_times]
        groups = [sorted(p for p in self.players if times[p] == t)
                  for t in sorted(set(times))]
        result: list[tuple[int, ...]] = [()]
        for group in groups:
            result = [r + perm for r in result for perm in itertools.permutations(group)]
        return [tuple(r) for r in result]

    def _set_choosing_order(self, order: list[int], out: list[ev.Event]) -> None:
        out.append(ev.ChoosingOrderSet(tuple(order)))
        self.queue = order
        self.phase = "number"
        self._auto_last_number(out)

    def _take_number(self, player: PlayerId, number: int, out: list[ev.Event]) -> None:
        self.start_numbers[player] = number
        out.append(ev.StartNumberTaken(player, number))
        self.queue.pop(0)
        self._auto_last_number(out)

    def _auto_last_number(self, out: list[ev.Event]) -> None:
        if len(self.queue) == 1:  # the last operator has no choice left
            player = self.queue.pop(0)
            number = self._free_numbers()[0]
            self.start_numbers[player] = number
            out.append(ev.StartNumberTaken(player, number))
        if not self.queue:
            self._activate(out)
            self._after_round(out)

    def _after_round(self, out: list[ev.Event]) -> None:
        if self.winner is None:
            self._begin_round(out)

    # -- phase 2: activation (VT-6) -------------------------------------------------------
    def _activate(self, out: list[ev.Event]) -> None:
        self.phase = "activate"
        out.append(ev.PhaseStarted("activate"))
        out.append(ev.ProgramsRevealed(tuple(
            tuple(None if d is None else d.to_dict() for d in program)
            for program in self.programs)))
        if self.rules["VT_TABLETOP_ERRORS"]:
            self._remove_faulty_dice(out)
        for cross in range(CROSSES):
            # VT-6.1: lower value, then blue before red, then lower start number
            dice = sorted(
                ((d.value, 0 if d.colour is DieColour.BLUE else 1, self._number_key(p), p, d)
                 for p in self.players
                 if (d := self.programs[p][cross]) is not None),
                key=lambda t: (t[0], t[1], t[2]))
            for _, _, _, p, die in dice:
                robot = self.robots[p]
                if robot.at is None:  # VT-6.3
                    out.append(ev.DieSkipped(p, cross))
                    continue
                out.append(ev.DieActivated(p, cross, die.colour.value, die.value,
                                           die.direction.value))
                if die.colour is DieColour.BLUE:
                    self._move(p, Direction(die.direction.value), die.value, out)
                else:
                    self._fire(p, die.direction, out)
                if self.invariant_hook is not None:
                    self.invariant_hook(self)
                if self.winner is not None:
                    return
        self._trigger(out)

    def _remove_faulty_dice(self, out: list[ev.Event]) -> None:
        """VT-6.0 with option VT_TABLETOP_ERRORS: a blue die on a non-blue key loses its cross."""
        for p in self.players:
            for cross, die in enumerate(self.programs[p]):
                if die is not None and die.colour is DieColour.BLUE and \
                        die.direction.is_diagonal:
                    self.programs[p][cross] = None
                    out.append(ev.CrossCleared(p, cross, "programming_error"))

    def _robot_at(self, pos: Pos) -> PlayerId | None:
        for p, robot in enumerate(self.robots):
            if robot.at == pos:
                return p
        return None

    def _move(self, p: PlayerId, direction: Direction, distance: int,
              out: list[ev.Event]) -> None:
        """VT-6.4: step by step, pushing chains; a wall anywhere in the chain ends the move."""
        for step in range(1, distance + 1):
            at = self.robots[p].at
            assert at is not None
            chain = [p]
            nxt = at.step(direction)
            while (q := self._robot_at(nxt)) is not None:
                chain.append(q)
                nxt = nxt.step(direction)
            for q in chain:
                q_at = self.robots[q].at
                assert q_at is not None
                if self.arena.has_wall(q_at, direction):
                    out.append(ev.MoveBlocked(p, step, q, q_at, direction.value))
                    return
            for q in chain:
                src = self.robots[q].at
                assert src is not None
                dst = src.step(direction)
                self.robots[q].at = dst
                out.append(ev.RobotMoved(q, src, dst, step, None if q == p else p))
            # only the front of the chain can enter a pit; check it first (VT-6.4.5)
            for q in reversed(chain):
                q_at = self.robots[q].at
                assert q_at is not None
                if not self.arena.is_pit(q_at):
                    continue
                out.append(ev.RobotFell(q, q_at))
                if q == p:
                    self._destroy(q, "pit", None, out)
                    return
                self._destroy(q, "pushed_into_pit", p, out)
                self._score(p, 1, "pushed_into_pit", out)
                if self.winner is not None:
                    return

    def _fire(self, p: PlayerId, direction: Direction8, out: list[ev.Event]) -> None:
        """VT-6.5: the beam hits the first robot or wall; pits and markers do not stop it."""
        src = self.robots[p].at
        assert src is not None
        path: list[Pos] = []
        pos: Pos | None = src
        hit: PlayerId | None = None
        while True:
            assert pos is not None
            pos = self.arena.beam_step(pos, direction)
            if pos is None:
                break
            path.append(pos)
            hit = self._robot_at(pos)
            if hit is not None:
                break
        out.append(ev.LaserFired(p, src, direction.value, tuple(path), hit))
        if hit is None:
            return
        target = self.robots[hit]
        target.damage += 1
        out.append(ev.RobotDamaged(hit, target.damage, p))
        if target.damage >= DESTROYING_DAMAGE:  # VT-6.5.3
            self._destroy(hit, "laser", p, out)
            self._score(p, 1, "laser_kill", out)

    def _destroy(self, p: PlayerId, cause: ev.DestroyCause, by: PlayerId | None,
                 out: list[ev.Event]) -> None:
        at = self.robots[p].at
        assert at is not None
        self.robots[p].at = None
        self.robots[p].destroyed = True
        out.append(ev.RobotDestroyed(p, at, cause, by))

    def _score(self, p: PlayerId, amount: int, reason: ev.ScoreReason,
               out: list[ev.Event]) -> None:
        robot = self.robots[p]
        robot.vp += amount
        out.append(ev.VPScored(p, amount, robot.vp, reason))
        if robot.vp >= WINNING_VP and self.winner is None:  # VT-10.1: at once
            self.winner = p
            self.phase = "over"
            out.append(ev.GameWon(p, robot.vp))

    # -- phase 3: trigger (VT-8) ----------------------------------------------------------
    def _trigger(self, out: list[ev.Event]) -> None:
        self.phase = "trigger"
        out.append(ev.PhaseStarted("trigger"))
        for p in sorted(self.players, key=self._number_key):
            at = self.robots[p].at
            if at is None:
                continue
            number = self.arena.vp_number_at(at)
            if number is None or not self.markers[number - 1]:
                continue
            count = self.markers[number - 1]
            self.markers[number - 1] = 0
            out.append(ev.MarkersCollected(p, number, at, count))
            self._score(p, count, "markers", out)
            if self.winner is not None:
                return

    def run_activation(self, programs: Sequence[Sequence[Die | None]],
                       start_numbers: Sequence[int]) -> list[ev.Event]:
        """Reveal `programs`, run Phase 2 and Phase 3 with `start_numbers`, and stop before
        the next round (scenarios and bot look-ahead). Mutates this state; use a clone."""
        self.programs = [list(program) for program in programs]
        self.start_numbers = list(start_numbers)
        self.locked = [True] * len(self.sides)
        out: list[ev.Event] = []
        self._activate(out)
        return out

    # -- copies, saves, views -------------------------------------------------------------
    def clone(self) -> VoltState:
        other = VoltState.__new__(VoltState)
        other.arena = self.arena
        other.sides = self.sides
        other.rules = dict(self.rules)
        other.round = self.round
        other.phase = self.phase
        other.robots = [r.copy() for r in self.robots]
        other.start_numbers = list(self.start_numbers)
        other.markers = list(self.markers)
        other.programs = [list(program) for program in self.programs]
        other.locked = list(self.locked)
        other.lock_times = list(self.lock_times)
        other.queue = list(self.queue)
        other.winner = self.winner
        if "invariant_hook" in self.__dict__:
            other.invariant_hook = self.invariant_hook
        return other

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data; the arena is named, not copied (STYLE.md §4.7)."""
        return {
            "format_version": FORMAT_VERSION,
            "game": "volt",
            "arena": self.arena.id or self.arena.name,
            "rules": dict(sorted(self.rules.items())),
            "sides": [s.value for s in self.sides],
            "round": self.round,
            "phase": self.phase,
            "robots": [r.to_dict() for r in self.robots],
            "start_numbers": list(self.start_numbers),
            "markers": {str(n): self.markers[n - 1] for n in VP_NUMBERS},
            "programs": [[None if d is None else d.to_dict() for d in program]
                         for program in self.programs],
            "locked": list(self.locked),
            "lock_times": list(self.lock_times),
            "queue": list(self.queue),
            "winner": self.winner,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, arena: Arena) -> VoltState:
        """Rebuild a state from `to_dict()` (or an observation: hidden programs stay None)."""
        if data.get("format_version") != FORMAT_VERSION:
            raise ValueError(f"unsupported VOLT state version {data.get('format_version')}")
        state = cls(arena, [Direction(s) for s in data["sides"]], data["rules"])
        state.round = data["round"]
        state.phase = data["phase"]
        state.robots = [Robot.from_dict(r) for r in data["robots"]]
        state.start_numbers = list(data["start_numbers"])
        state.markers = [data["markers"][str(n)] for n in VP_NUMBERS]
        state.programs = [[None if d is None else Die.from_dict(d) for d in program]
                          if program is not None else [None] * CROSSES
                          for program in data["programs"]]
        state.locked = list(data["locked"])
        state.lock_times = list(data["lock_times"])
        state.queue = list(data["queue"])
        state.winner = data["winner"]
        return state

    def observation(self, player: PlayerId) -> dict[str, Any]:
        """What `player` may know: everything but other operators' controllers and
        programming times before the screens come down (VT-4.1, GEN-4)."""
        seen = self.to_dict()
        if self.phase in ("program", "order", "number", "deal") and self.round > 0 and \
                self.winner is None:
            seen["programs"] = [program if p == player else None
                                for p, program in enumerate(seen["programs"])]
            seen["lock_times"] = [t if p == player else None
                                  for p, t in enumerate(seen["lock_times"])]
        seen["observer"] = player
        return seen

    # -- queries for views and bots -------------------------------------------------------
    def robot_at(self, pos: Pos) -> PlayerId | None:
        """The operator whose robot stands on `pos`, or None."""
        return self._robot_at(pos)

    def free_start_fields(self, player: PlayerId) -> list[Pos]:
        """The start fields of `player`'s side that no robot stands on (VT-5.1 step 3)."""
        return self._free_start_fields(player)

    def markers_at(self, number: int) -> int:
        return self.markers[number - 1]

    def robot_positions(self) -> dict[PlayerId, Pos]:
        return {p: r.at for p, r in enumerate(self.robots) if r.at is not None}

    def check_invariants(self) -> list[str]:
        """Broken rules invariants (empty when all hold): one robot per square, robots on
        squares of the arena and never in pits, damage 0..2 on living robots."""
        problems = []
        seen: dict[Pos, int] = {}
        for p, robot in enumerate(self.robots):
            if robot.at is None:
                continue
            if robot.at in seen:
                problems.append(f"robots {seen[robot.at]} and {p} share {list(robot.at)}")
            seen[robot.at] = p
            if not self.arena.contains(robot.at) or self.arena.is_pit(robot.at):
                problems.append(f"robot {p} stands on {list(robot.at)}")
            if not 0 <= robot.damage < DESTROYING_DAMAGE:
                problems.append(f"living robot {p} has {robot.damage} damage")
            if robot.destroyed:
                problems.append(f"robot {p} is in the arena but marked destroyed")
        if sum(self.markers) > MAX_MARKERS_IN_ARENA:
            problems.append(f"{sum(self.markers)} VP markers lie in the arena")
        return problems
