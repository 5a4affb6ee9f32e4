"""VT-5.2.9 in hot-seat: each operator's programming time is measured from when their own
controller shows to their lock-in, and the start numbers are chosen in that order."""

from __future__ import annotations

import random

from game.scenes.privacy_panel import PrivacyScreen
from game.volt.actions import LockIn
from tests.ui.helpers import frame
from tests.volt_scene.test_arena_scene import (answer_privacy, click_program, open_game,
                                               play_until_the_privacy_screen)


def test_a_programming_time_counts_from_when_the_controller_shows() -> None:
    """VT-5.2.9: the start numbers go in the order of the operators' programming times. The
    clock of a human who programs after a privacy screen ran from when that screen came
    up, and the time spent waiting for the screen to be passed was taken off: Anna's
    clock showed -0:23 and her lock-in counted 0 s, the fastest of all, however long she
    took."""
    now = [1000.0]
    services, scene = open_game((("Anna", "red", None), ("Ben", "blue", None),
                                 ("Clara", "green", "normal")), arena="twin-yards", seed=5)
    scene.clock = lambda: now[0]
    play_until_the_privacy_screen(services, scene)
    assert isinstance(services.scenes.top, PrivacyScreen)
    now[0] += 30.0                      # the screen waits for Anna for half a minute
    frame(services, dt=0.1)
    assert answer_privacy(services) == "Anna"
    now[0] += 7.0                       # she programs for 7 seconds
    frame(services, dt=0.1)
    assert scene.clock() - scene.program_started == 7.0, "her clock shows 0:07"
    click_program(services, scene, random.Random(1))
    locks = [a for a in scene.ctrl.match.log if isinstance(a, LockIn) and a.player == 0]
    assert [a.time_ms for a in locks] == [7000]
