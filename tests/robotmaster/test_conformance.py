"""Random playouts keep the state contract (STYLE.md §7 level 3): a seeded sample of the
games bench/robot_master_fuzz.py plays 10,000 times per variant. Each game ends with 25 cards
in a 5 × 5 grid, conserves every card, refuses illegal placements without changing anything,
clones, serialises to JSON and replays from its log."""

from __future__ import annotations

import pytest

from bench.robot_master_fuzz import play_and_check
from game.robotmaster.rules import Rules

SAMPLE = 200


@pytest.mark.parametrize("variant", ["standard", "five_card", "teams", "solo"])
def test_random_games_keep_the_contract(variant: str) -> None:
    failures = []
    for seed in range(SAMPLE):
        rules = Rules(five_kind_unit_values=True, fixed_centre_start=True) if seed % 4 == 3 \
            else None
        problems = play_and_check(variant, seed, rules)
        if problems:
            failures.append(f"seed {seed}: {problems[0]}")
    assert failures == []
