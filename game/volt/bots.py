"""VOLT bots: `RandomBot` (any legal action), `LegalRandomBot` (a legal action, locking in as
soon as it may: the bot of unknown levels) and `GreedyBot` (one round of look-ahead against
randomly programmed opponents). Pure: bots read `observation(player)` only and draw from
their own `random.Random`, never the Match's chance stream (STYLE.md §4.4)."""

from __future__ import annotations

import random
from typing import Any, Protocol, Sequence

from game.core.frames_first import let_frames_go_first
from game.core.match import Match
from game.core.types import CHANCE, SIMULTANEOUS, Direction, Direction8, PlayerId, Pos
from game.volt import events as ev
from game.volt.actions import Action, LockIn, PlaceDie, PlaceRobot, TakeStartNumber
from game.volt.model import CROSSES, DICE_PER_COLOUR, Arena, Die, DieColour
from game.volt.state import VoltState

BOT_TIME_MS = (10_000, 60_000)
"""A bot's programming time when no human plays (VT-5.2.9 ruling)."""
_BLUE_KEYS = (Direction8.N, Direction8.E, Direction8.S, Direction8.W)
_BLUE_OPTIONS = [Die(DieColour.BLUE, v, d) for d in _BLUE_KEYS for v in range(1, 7)]


class Bot(Protocol):
    def choose(self, observation: dict[str, Any], player: PlayerId) -> Action: ...


def random_program(rng: random.Random) -> list[Die]:
    """A uniformly drawn legal controller: one die per cross, at most two of each colour."""
    colours = [DieColour.BLUE, DieColour.BLUE, DieColour.RED, DieColour.RED]
    rng.shuffle(colours)
    program = []
    for colour in colours[:CROSSES]:
        keys = _BLUE_KEYS if colour is DieColour.BLUE else tuple(Direction8)
        program.append(Die(colour, rng.randint(1, 6), rng.choice(keys)))
    return program


def _next_placement(state: VoltState, player: PlayerId, program: Sequence[Die],
                    rng: random.Random) -> Action:
    """The next action that turns the player's controller into `program`, then LockIn."""
    current = state.programs[player]
    for cross, die in enumerate(program):
        if current[cross] is None:
            return PlaceDie(player, cross, die.colour.value, die.value, die.direction.value)
    return LockIn(player, rng.randint(*BOT_TIME_MS))


class RandomBot:
    """Plays a uniformly random legal move; programs a uniformly random controller."""

    def __init__(self, arena: Arena, rng: random.Random) -> None:
        self.arena = arena
        self.rng = rng
        self._plan: dict[PlayerId, tuple[int, list[Die]]] = {}

    def choose(self, observation: dict[str, Any], player: PlayerId) -> Action:
        if observation["phase"] == "program":  # the common case, read without a rebuild
            current = observation["programs"][player]
            planned = self._plan.get(player)
            if planned is None or planned[0] != observation["round"] or any(
                    d is not None and d != planned[1][c].to_dict()
                    for c, d in enumerate(current)):
                planned = (observation["round"], random_program(self.rng))
                self._plan[player] = planned
            for cross, die in enumerate(planned[1]):
                if current[cross] is None:
                    return PlaceDie(player, cross, die.colour.value, die.value,
                                    die.direction.value)
            return LockIn(player, self.rng.randint(*BOT_TIME_MS))
        state = VoltState.from_dict(observation, arena=self.arena)
        return self.rng.choice(state.legal_actions(player))


class LegalRandomBot:
    """Picks any legal action; programs by placing dice until it can lock in. The bot of a
    level nobody knows (a save from a newer version: bot_levels.make_bot)."""

    def __init__(self, arena: Arena, rng: random.Random) -> None:
        self.arena = arena
        self.rng = rng

    def choose(self, observation: dict[str, Any], player: PlayerId) -> Action:
        state = VoltState.from_dict(observation, arena=self.arena)
        actions = state.legal_actions(player)
        locks = [a for a in actions if isinstance(a, LockIn)]
        if locks:
            return locks[0]
        places = [a for a in actions if isinstance(a, PlaceDie)]
        return self.rng.choice(places or actions)


class GreedyBot:
    """Looks one round ahead: tries its own controllers (every placement of the blue dice,
    red dice aimed at robots in line) against `samples` random opponent programs and keeps
    the best average outcome; restarts near markers; takes the lowest free start number."""

    def __init__(self, arena: Arena, rng: random.Random, *, shortlist: int = 10,
                 samples: int = 6) -> None:
        self.arena = arena
        self.rng = rng
        self.shortlist = shortlist
        self.samples = samples
        self._plan: dict[PlayerId, tuple[int, list[Die]]] = {}

    def choose(self, observation: dict[str, Any], player: PlayerId) -> Action:
        state = VoltState.from_dict(observation, arena=self.arena)
        if state.phase == "program":
            planned = self._plan.get(player)
            if planned is None or planned[0] != state.round:
                planned = (state.round, self.plan(state, player))
                self._plan[player] = planned
            return _next_placement(state, player, planned[1], self.rng)
        actions = state.legal_actions(player)
        if state.phase == "restart":
            return min(actions, key=lambda a: self._restart_cost(state, a))
        if state.phase == "number":
            return min(actions, key=lambda a: a.number if isinstance(a, TakeStartNumber)
                       else 0)
        return actions[0]

    # -- restart --------------------------------------------------------------------------
    def _restart_cost(self, state: VoltState, action: Action) -> tuple[int, int, int]:
        assert isinstance(action, PlaceRobot)
        at = Pos(*action.at)
        return (_marker_distance(state, at), at.y, at.x)

    # -- programming ----------------------------------------------------------------------
    def plan(self, state: VoltState, me: PlayerId) -> list[Die]:
        """The controller this bot locks in for the coming activation."""
        others = [p for p in state.players if p != me]
        numbers = pessimistic_numbers(state, me)
        if state.robots[me].at is None:
            return random_program(self.rng)
        idle: list[list[Die | None]] = [[None] * CROSSES for _ in state.players]

        # stage 1: where can the blue dice take us (opponents idle)?
        shortlist = ranked_moves(state, me, numbers)[:self.shortlist]

        # stage 2: aim the red dice from where the robot will stand
        candidates = [self.aimed(state, me, moves, trace) for moves, trace in shortlist]

        # stage 3: each candidate against the same random opponent programs
        opponent_sets = []
        for _ in range(self.samples):
            programs = [list(p) for p in idle]
            for p in others:
                programs[p] = list(random_program(self.rng))
            opponent_sets.append(programs)
        return best_against(state, me, candidates, opponent_sets, numbers)

    def aimed(self, state: VoltState, me: PlayerId, moves: Sequence[Die | None],
              trace: Sequence[Pos | None]) -> list[Die]:
        """`moves` with a red die on every empty cross, aimed from where the robot stands
        then (`trace`: its square after each cross)."""
        return [die if die is not None else self._aim(
            state, me, trace[cross - 1] if cross > 0 else state.robots[me].at)
            for cross, die in enumerate(moves)]

    def _aim(self, state: VoltState, me: PlayerId, origin: Pos | None) -> Die:
        """A red die towards the most damaged robot in a clear line from `origin`."""
        best: tuple[int, Direction8] | None = None
        if origin is not None:
            positions = {r.at: p for p, r in enumerate(state.robots)
                         if r.at is not None and p != me}
            for direction in Direction8:
                pos: Pos | None = origin
                while pos is not None:
                    pos = self.arena.beam_step(pos, direction)
                    if pos is not None and pos in positions:
                        damage = state.robots[positions[pos]].damage
                        if best is None or damage > best[0]:
                            best = (damage, direction)
                        break
                    if pos is not None and pos == state.robots[me].at:
                        break
        direction = best[1] if best is not None else self.rng.choice(list(Direction8))
        return Die(DieColour.RED, 1, direction)


def _move_plans() -> list[tuple[Die | None, ...]]:
    """Every placement of one or two blue dice on the three crosses (reds left empty)."""
    plans: list[tuple[Die | None, ...]] = []
    for cross in range(CROSSES):
        for die in _BLUE_OPTIONS:
            plan: list[Die | None] = [None] * CROSSES
            plan[cross] = die
            plans.append(tuple(plan))
    for a in range(CROSSES):
        for b in range(a + 1, CROSSES):
            for first in _BLUE_OPTIONS:
                for second in _BLUE_OPTIONS:
                    plan = [None] * CROSSES
                    plan[a], plan[b] = first, second
                    plans.append(tuple(plan))
    assert all(sum(d is not None for d in p) <= DICE_PER_COLOUR for p in plans)
    return plans


def pessimistic_numbers(state: VoltState, me: PlayerId) -> list[int]:
    """Start numbers for a look-ahead before they are taken: `me` loses every tie."""
    numbers = [0] * len(state.sides)
    for rank, p in enumerate([p for p in state.players if p != me] + [me]):
        numbers[p] = rank + 1
    return numbers


def ranked_moves(state: VoltState, me: PlayerId, numbers: list[int]
                 ) -> list[tuple[list[Die | None], list[Pos | None]]]:
    """Every placement of `me`'s blue dice (`_move_plans`), the other robots idle, best
    first by `_score`; each with where the robot stands after each cross."""
    idle: list[list[Die | None]] = [[None] * CROSSES for _ in state.players]
    scored: list[tuple[float, int, list[Die | None], list[Pos | None]]] = []
    for index, moves in enumerate(_move_plans()):
        programs = [list(p) for p in idle]
        programs[me] = list(moves)
        after, trace = _simulate(state, programs, numbers, me)
        scored.append((_score(state, after, me), index, list(moves), trace))
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [(moves, trace) for _, _, moves, trace in scored]


def total_score(state: VoltState, me: PlayerId, program: Sequence[Die | None],
                tables: Sequence[Sequence[Sequence[Die | None]]], numbers: list[int]) -> float:
    """`me`'s score summed over the round played with `program` against every table of
    opponent programs (`me`'s own entry in a table is replaced)."""
    total = 0.0
    for table in tables:
        trial = [list(p) for p in table]
        trial[me] = list(program)
        after, _ = _simulate(state, trial, numbers, me)
        total += _score(state, after, me)
    return total


def best_against(state: VoltState, me: PlayerId, candidates: list[list[Die]],
                 tables: Sequence[Sequence[Sequence[Die | None]]], numbers: list[int]
                 ) -> list[Die]:
    """The candidate with the best `total_score` (the first of equals)."""
    totals = [total_score(state, me, c, tables, numbers) for c in candidates]
    return candidates[max(range(len(candidates)), key=lambda i: (totals[i], -i))]


def _simulate(state: VoltState, programs: list[list[Die | None]], numbers: list[int],
              me: PlayerId) -> tuple[VoltState, list[Pos | None]]:
    """Phase 2 + 3 on a clone; also where `me` stood after each cross."""
    let_frames_go_first()       # the search runs beside the frames: one play-out at a time
    trial = state.clone()
    trace: list[Pos | None] = []
    trial.invariant_hook = None
    events = trial.run_activation(programs, numbers)
    position = state.robots[me].at
    cross_done = 0
    for event in events:
        if isinstance(event, (ev.DieActivated, ev.DieSkipped)):
            while cross_done < event.cross:
                trace.append(position)
                cross_done += 1
        elif isinstance(event, ev.RobotMoved) and event.player == me:
            position = event.dst
        elif isinstance(event, ev.RobotDestroyed) and event.player == me:
            position = None
    while cross_done < CROSSES:
        trace.append(position)
        cross_done += 1
    return trial, trace


def _marker_distance(state: VoltState, at: Pos) -> int:
    """Steps a robot walks from `at` to the nearest VP field with markers, around walls and
    pits (0 when none lie out; a field no way leads to counts as the whole arena away)."""
    arena = state.arena
    far = arena.width * arena.height
    distances = [steps if steps is not None else far
                 for steps in (arena.walking_steps(number, at)
                               for number, _pos in arena.vp_fields if state.markers_at(number))]
    return min(distances) if distances else 0


def _score(before: VoltState, after: VoltState, me: PlayerId) -> float:
    if after.winner is not None:
        return 1000.0 if after.winner == me else -1000.0
    score = 100.0 * (after.robots[me].vp - before.robots[me].vp)
    mine = after.robots[me]
    if mine.at is None:
        score -= 150.0
    else:
        score -= 18.0 * mine.damage
        score -= 4.0 * _marker_distance(after, mine.at)
        score -= 3.0 * sum(1 for d in Direction if after.arena.is_pit(mine.at.step(d)))
    for p, robot in enumerate(after.robots):
        if p == me:
            continue
        score -= 60.0 * (robot.vp - before.robots[p].vp)
        gained = (3 if robot.destroyed else robot.damage) - before.robots[p].damage
        score += 15.0 * max(gained, 0)
    return score


def run_bots(match: Match[VoltState, Action, Any], bots: dict[PlayerId, Bot],
             *, max_rounds: int = 500) -> list[Any]:
    """Play `match` to its end with `bots` (chance from the Match's RNG). Returns the events.
    In the programming phase each operator programs in turn, lowest seat first."""
    events: list[Any] = []
    state = match.state
    while not state.is_terminal() and state.round <= max_rounds:
        player = state.current_player
        if player == CHANCE:
            events += match.play(state.sample_chance(match.rng))
        elif player == SIMULTANEOUS:
            for p in state.players:
                while not state.locked[p] and state.phase == "program":
                    events += match.play(bots[p].choose(state.observation(p), p))
        else:
            events += match.play(bots[player].choose(state.observation(player), player))
    return events
