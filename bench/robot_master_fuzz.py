"""Robot Master fuzz: seeded random games per variant, every invariant checked each step.

    .venv/bin/python bench/robot_master_fuzz.py [--games N] [--jobs J] [--variants standard,solo]

Per game: the game ends with 25 cards in a legal 5 × 5 grid; no card is lost or duplicated
(table + hands + pile = six of each value, every step); a placement the rules forbid is
refused (IllegalActionError) and changes nothing; clone() equals the original and plays on
identically; to_dict() is JSON; replaying the log reproduces the game. Prints `games_clean`
and `games_total` (and the first problems found). The test suite runs a sample of it."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.match import Match  # noqa: E402
from game.core.types import CHANCE, IllegalActionError, Pos  # noqa: E402
from game.robotmaster.actions import PlaceCard, action_to_dict  # noqa: E402
from game.robotmaster.events import GameEnded  # noqa: E402
from game.robotmaster.grid import full_grid, legal_cells  # noqa: E402
from game.robotmaster.rules import COPIES, GRID_CARDS, VARIANTS, Rules  # noqa: E402
from game.robotmaster.scoring import score_grid  # noqa: E402
from game.robotmaster.state import RobotMasterState, new_game, replay  # noqa: E402

VARIANT_IDS = tuple(VARIANTS)


def _conserved(state: RobotMasterState) -> bool:
    for v in range(6):
        held = sum(h.count(v) for h in state.hands)
        on_table = sum(1 for c in state.cells.values() if c == v)
        shown = 1 if state.revealed == v else 0
        if on_table + held + shown + state.deck[v] != COPIES:
            return False
    return len(state.cells) == len(state.placements)


def _illegal_tries(state: RobotMasterState, rng: random.Random) -> list[PlaceCard]:
    """Placements the rules must refuse now: a cell that is not legal, a card not in hand,
    the wrong player."""
    player = state.current_player
    legal = set(state.legal_cells())
    tries: list[PlaceCard] = []
    occupied = sorted(state.cells, key=lambda p: (p.y, p.x))
    if occupied:
        tries.append(PlaceCard(player, 0, rng.choice(occupied)))           # on a card
    far = Pos(rng.randrange(-6, 7), rng.randrange(-6, 7))
    if far not in legal:
        tries.append(PlaceCard(player, 0, far))                            # not adjacent / too big
    held = set(state.hands[player]) if player >= 0 and state.variant != "solo" else set()
    missing = [v for v in range(6) if v not in held and v != state.revealed]
    if missing and legal:
        tries.append(PlaceCard(player, rng.choice(missing), min(legal)))   # card not held
    if legal and state.num_players > 1 and player >= 0:
        other = (player + 1) % state.num_players
        tries.append(PlaceCard(other, (state.hands[other] or [0])[0], min(legal)))  # not your turn
    return tries


def play_and_check(variant: str, seed: int, rules: Rules | None = None) -> list[str]:
    """Play one random game with every check; returns the problems (empty when clean)."""
    rng = random.Random(f"fuzz-{variant}-{seed}")
    state = new_game(variant, rules)
    start = state.to_dict()
    match = Match(state, seed=seed)
    problems: list[str] = []
    steps = 0
    ended = None
    while not state.is_terminal():
        steps += 1
        if steps > 200:
            return problems + ["the game did not end within 200 actions"]
        if state.current_player == CHANCE:
            action = state.sample_chance(match.rng)
        else:
            for bad in _illegal_tries(state, rng):
                before = state.to_dict()
                try:
                    state.apply(bad)
                except IllegalActionError:
                    pass
                else:
                    return problems + [f"step {steps}: illegal {bad!r} was accepted"]
                if state.to_dict() != before:
                    return problems + [f"step {steps}: refused {bad!r} changed the state"]
            actions = state.legal_actions()
            if not actions:
                return problems + [f"step {steps}: no legal action before the grid is full"]
            action = rng.choice(actions)
            if isinstance(action, PlaceCard) and action.cell not in legal_cells(
                    state.cells, fixed_centre=state.rules.fixed_centre_start):
                return problems + [f"step {steps}: {action!r} offered on a bad cell"]
        twin = state.clone()
        if twin.to_dict() != state.to_dict():
            return problems + [f"step {steps}: clone differs from the original"]
        events = match.play(action)
        if twin.apply(action) != events or twin.to_dict() != state.to_dict():
            return problems + [f"step {steps}: the clone played {action!r} differently"]
        if not _conserved(state):
            return problems + [f"step {steps}: cards lost or duplicated after {action!r}"]
        for e in events:
            if isinstance(e, GameEnded):
                ended = e
    if len(state.cells) != GRID_CARDS:
        problems.append(f"the game ended with {len(state.cells)} cards")
    try:
        grid = full_grid(state.cells)
    except ValueError:
        return problems + ["the final table is not a 5 × 5 square"]
    result = score_grid(grid, state.rules)
    if ended is None or ended.rows != result.rows or ended.columns != result.columns:
        problems.append("GameEnded does not report the final table's lines")
    saved = state.to_dict()
    if json.loads(json.dumps(saved)) != saved:
        problems.append("to_dict() is not plain JSON data")
    if RobotMasterState.from_dict(saved).to_dict() != saved:
        problems.append("from_dict(to_dict()) differs")
    log = [action_to_dict(a) for a in match.log]
    if replay(json.loads(json.dumps(start)), json.loads(json.dumps(log))).to_dict() != saved:
        problems.append("replaying the log does not reproduce the game")
    return problems


def _one(task: tuple[str, int]) -> list[str]:
    variant, seed = task
    # every fourth game plays with the non-default options
    rules = (Rules(five_kind_unit_values=True, fixed_centre_start=True)
             if seed % 4 == 3 else None)
    return play_and_check(variant, seed, rules)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000, help="games per variant")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--variants", default=",".join(VARIANT_IDS))
    args = parser.parse_args(argv)
    tasks = [(v, seed) for v in args.variants.split(",") for seed in range(args.games)]
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(_one, tasks, chunksize=50)
    else:
        results = [_one(t) for t in tasks]
    failed = [(t, r) for t, r in zip(tasks, results) if r]
    for (variant, seed), problems in failed[:10]:
        print(f"# {variant} seed {seed}: {problems[0]}", file=sys.stderr)
    print(f"games_clean: {len(tasks) - len(failed)}")
    print(f"games_total: {len(tasks)}")
    return 0 if not failed else 1


if __name__ == "__main__":
    raise SystemExit(main())
