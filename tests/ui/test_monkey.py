"""Every scene survives thousands of seeded random clicks, drags, keys, resizes and close
requests: nothing raises, and the app always has a scene or has quit cleanly."""

from __future__ import annotations

import random

import pytest

from game.scenes.catalog import all_scenes
from tests.ui.helpers import frame, headless_services, random_events, show_stack

EVENTS_PER_SCENE = 2500


@pytest.mark.parametrize("name", sorted(all_scenes()))
def test_random_input_never_crashes_a_scene(name: str) -> None:
    rng = random.Random(f"monkey-{name}")
    services = headless_services(language=rng.choice(("en", "de")))
    factory = all_scenes()[name]

    show_stack(services, factory)
    sent = 0
    while sent < EVENTS_PER_SCENE:
        batch = random_events(rng, services.window.size, 6)
        sent += len(batch)
        frame(services, batch, dt=rng.choice((0.0, 1 / 60, 0.1)))
        if services.scenes.quit_requested or services.scenes.top is None:
            show_stack(services, factory)
    assert services.scenes.top is not None
