"""A resumed game goes on exactly as the game that never stopped (issue 19): for every game
and variant, a random seed and a random cut point, the game saved there, the save written
and read back, the game rebuilt from it and continued with the same player actions deals,
draws, breaks ties, lets its bots choose and times them exactly as the uninterrupted game
does: the same events and the same states, step by step.
200 examples per variant, on short games (a few turns) so that all of them take seconds."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from game.data.reader import Reader
from game.saves import save_text, saved_game_from
from game.volt.actions import PlaceDie
from tests.saves.resume_drivers import ROBOT_MASTER_STRONG, VARIANTS, VOLT_GREEDY, Variant

def _run(variant: Variant, controller: Any, seed: int, steps: range) -> list[Any]:
    """Take `steps` (their numbers choose the humans' actions), noting each step's events and
    the state after it."""
    seen = []
    for step in steps:
        if not variant.act(controller, random.Random(f"human-{seed}-{step}")):
            break
        seen.append((step, controller.drain(), variant.state(controller)))
    return seen


def _written_and_read(saved: Any) -> Any:
    """`saved` as `write_save` writes it and `read_save` reads it (without the disk, whose
    flushes would take most of the test's time)."""
    return saved_game_from(Reader.from_text(save_text(saved), "save.yaml"))


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_a_resumed_game_continues_exactly_as_the_uninterrupted_one(variant: Variant,
                                                                    data: st.DataObject) -> None:
    seed = data.draw(st.integers(0, 2**31 - 1), label="seed")
    options = data.draw(st.sampled_from(variant.options), label="options")
    _same_after_a_resume(variant, seed, options, data.draw(st.integers(0, variant.steps - 1),
                                                           label="cut"), variant.steps)


@pytest.mark.parametrize("seed", [3, 8])
def test_a_volt_bot_resumed_halfway_through_its_program_places_the_rest_of_it(seed: int
                                                                               ) -> None:
    """The greedy bot plans its three dice at the first one; a save between two of them
    (Save and quit while the bots program) must not make it plan anew."""
    variant = VOLT_GREEDY
    probe = variant.new(seed, {})
    cut = next(step for step in range(200) if variant.act(probe, random.Random(
        f"human-{seed}-{step}")) and _mid_program(probe, player=1))
    _same_after_a_resume(variant, seed, {}, cut + 1, cut + 12)


@pytest.mark.parametrize("seed, cut", [(1, 31), (2, 35)])
def test_robot_masters_strong_bot_searches_on_as_if_never_stopped(seed: int, cut: int
                                                                 ) -> None:
    """Its search samples the unseen cards with its own generator: after a resume in the
    middle of the placements it must sample, and choose, as before."""
    _same_after_a_resume(ROBOT_MASTER_STRONG, seed, {}, cut, 40)


def _mid_program(controller: Any, player: int) -> bool:
    last = controller.match.log[-1]
    return (isinstance(last, PlaceDie) and last.player == player
            and None in controller.state.programs[player])


def _same_after_a_resume(variant: Variant, seed: int, options: dict[str, Any], cut: int,
                         steps: int) -> None:
    uninterrupted = variant.new(seed, options)
    _run(variant, uninterrupted, seed, range(cut))
    saved = _written_and_read(variant.saved(uninterrupted, seed, options))
    at_the_cut = variant.state(uninterrupted)
    after_the_cut = _run(variant, uninterrupted, seed, range(cut, steps))

    resumed = variant.load(saved, options)
    resumed.drain()     # the history the scene tells (or skips) at once
    assert variant.state(resumed) == at_the_cut
    assert _run(variant, resumed, seed, range(cut, steps)) == after_the_cut
