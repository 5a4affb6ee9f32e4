"""Sound follows the animation speed: at Fast a cue is over sooner (the dummy audio driver
plays in real time, silently)."""

from __future__ import annotations

import time

import pygame

from tests.ui.helpers import headless_services


def seconds_heard(speed: str) -> float:
    services = headless_services()
    services.settings.animation_speed = speed
    pygame.mixer.stop()
    assert services.audio.play_cue("fall")
    started = time.monotonic()
    while pygame.mixer.get_busy() and time.monotonic() - started < 3:
        time.sleep(0.005)
    return time.monotonic() - started


def test_at_fast_speed_a_cue_ends_sooner_than_at_normal_speed() -> None:
    normal, fast = seconds_heard("normal"), seconds_heard("fast")
    assert fast < 0.7 * normal
