"""Random seeded playouts and the invariants every RoboRally state must keep.

Used by the conformance tests (a seeded sample) and `bench/roborally_fuzz.py` (all games).
The playout's random choices come from its own `random.Random(seed)`; chance outcomes are
drawn through `sample_chance` like a Match does, and every action is logged so that
`replay()` must rebuild the same state."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from game.core.types import CHANCE, SIMULTANEOUS, Pos
from game.roborally.actions import Action, LockIn, PlaceCard, action_to_dict
from game.roborally.model import DECK_SIZE, OPTION_IDS, REGISTERS, Board, Floor
from game.roborally.options import SPARE_HOOKS, gain_option
from game.roborally.robot import DESTROYING_DAMAGE
from game.roborally.state import RoboRallyState, replay


def give_option(state: RoboRallyState, rid: int, option: str) -> None:
    """Set-up helper (tests, practice): hand robot `rid` an option card from the deck."""
    e = state.engine
    e.option_deck.remove(option)
    gain_option(state.robots[rid], option)


def check_invariants(state: RoboRallyState) -> list[str]:
    """Problems with `state` (empty when fine): one real robot per square, damage 0..10,
    lives >= 0, every program card in exactly one place, options held once."""
    e = state.engine
    problems: list[str] = []
    seen: dict[int, str] = {}
    for r in e.robots:
        if r.sq >= 0 and not r.virtual:
            if r.sq in seen:
                problems.append(f"{r.name} and {seen[r.sq]} share square {r.sq}")
            seen[r.sq] = r.name
            if e.occ.get(r.sq) != r.rid:
                problems.append(f"{r.name} missing from the occupancy map")
        if not 0 <= r.damage <= DESTROYING_DAMAGE:
            problems.append(f"{r.name} has damage {r.damage}")
        if r.lives < 0:
            problems.append(f"{r.name} has {r.lives} lives")
        if r.sq < 0 and not (r.destroyed or r.eliminated or r.finished):
            problems.append(f"{r.name} is off the course but not destroyed")
        if len(r.options) > 3:
            problems.append(f"{r.name} holds {len(r.options)} options")
    if len(e.occ) != len(seen):
        problems.append(f"occupancy map has {len(e.occ)} entries for {len(seen)} robots")
    places: dict[int, list[str]] = {}
    for c in e.deck:
        places.setdefault(c, []).append("deck")
    for c in e.discard:
        places.setdefault(c, []).append("discard")
    for r in e.robots:
        for c in r.hand:
            places.setdefault(c, []).append(f"{r.name} hand")
        for k in range(REGISTERS):
            if r.registers[k]:
                places.setdefault(r.registers[k], []).append(f"{r.name} R{k + 1}")
        for c in r.option_cards():
            places.setdefault(c, []).append(f"{r.name} option card")
    for c in range(1, DECK_SIZE + 1):
        where = places.get(c, [])
        if len(where) != 1:
            problems.append(f"card {c} is in {len(where)} places: {where}")
    extra = [c for c in places if not 1 <= c <= DECK_SIZE]
    if extra:
        problems.append(f"unknown cards {extra}")
    held = [o for r in e.robots for o in r.options] + e.option_deck + e.option_discard
    if sorted(held) != sorted(OPTION_IDS):
        problems.append("option cards are not each in exactly one place")
    return problems


def _short_race(board: Board) -> Board:
    """The same course with one checkpoint two squares ahead of start square 1, so that
    random games also reach the end of the game (RR-12)."""
    s = board.starts[0]
    dx, dy = s.facing.delta
    for distance in (2, 1, 3):
        p = Pos(s.at.x + dx * distance, s.at.y + dy * distance)
        if isinstance(board.floor.get(p), Floor) and p not in [t.at for t in board.starts]:
            return board.with_flags((p,))
    return board


@dataclass
class Playout:
    state: RoboRallyState
    start: dict[str, Any]
    log: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    registers: int = 0


def random_game(board: Board, seed: int, *, robots: int = 8, turn_cap: int = 12,
                options: bool = True, check_every_register: bool = True,
                check_replay: bool = True) -> Playout:
    """Play one seeded random game to its end or `turn_cap` turns."""
    rng = random.Random(seed)
    if seed % 4 == 2 and board.starts:
        board = _short_race(board)
    rules: dict[str, bool] = {}
    if seed % 7 == 3:
        rules["RR_STRICT_CHECKPOINTS"] = True
    if seed % 11 == 5:
        rules["RR_LIVES_2005"] = True
    state = RoboRallyState(board, [f"robot{i + 1}" for i in range(robots)], rules=rules,
                           option_cards=options)
    if options:
        pool = list(OPTION_IDS)
        rng.shuffle(pool)
        for rid in range(robots):
            for _ in range(rng.randint(0, 2)):
                give_option(state, rid, pool.pop())
    play = Playout(state, state.to_dict())

    def observe(s: RoboRallyState) -> None:
        play.registers += 1
        if check_every_register:
            for p in check_invariants(s):
                play.problems.append(f"turn {s.engine.turn} {s.unit}: {p}")

    state.on_unit = observe
    while not state.is_terminal() and state.engine.turn <= turn_cap and not play.problems:
        cp = state.current_player
        actions: list[Action]
        if cp == CHANCE:
            actions = [state.sample_chance(rng)]
        elif cp == SIMULTANEOUS:
            actions = []
            for r in state.programmers():
                if r.locked_in:
                    continue
                hand = list(r.hand)
                rng.shuffle(hand)
                for k in range(REGISTERS):
                    if not r.locks[k] and not r.registers[k]:
                        actions.append(PlaceCard(r.rid, k + 1, hand.pop()))
                kept: dict[str, int] = {}
                for option, spare in SPARE_HOOKS:     # any free hand card on each
                    if option in r.options:
                        taken = kept.values()
                        kept[spare.field] = rng.choice([0] + [c for c in hand
                                                              if c not in taken])
                actions.append(LockIn(r.rid, rng.random() < 0.05, **kept))
                break
        else:
            actions = [rng.choice(state.legal_actions())]
        for a in actions:
            state.apply(a)
            play.log.append(action_to_dict(a))
    state.on_unit = None
    final = state.to_dict()
    if json.loads(json.dumps(final)) != final:
        play.problems.append("to_dict() is not plain JSON data")
    if check_replay and not play.problems:
        again = replay(play.start, play.log, board=state.board)
        if again.to_dict() != final:
            play.problems.append("replaying the log does not reproduce the state")
    return play
