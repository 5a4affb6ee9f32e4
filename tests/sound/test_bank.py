"""The synthesised cues: each one sounds, is short, leaves headroom and ends without a click."""

from __future__ import annotations

import pytest

from game.sound import bank


@pytest.mark.parametrize("cue", sorted(bank.CUES))
def test_every_cue_is_a_short_audible_clip_with_headroom(cue: str) -> None:
    pcm = bank.synthesise(cue)
    assert 0.05 <= bank.seconds(pcm) <= 1.5
    loudest = max(abs(v) for v in pcm)
    assert loudest == pytest.approx(bank.PEAK * 32767, rel=0.01)
    assert abs(pcm[-1]) < 0.01 * loudest, "the clip stops abruptly (a click)"


def test_the_bank_sounds_the_same_every_start() -> None:
    assert bank.synthesise("dice") == bank.synthesise("dice")


def test_cues_are_told_apart() -> None:
    clips = {cue: bank.synthesise(cue).tobytes() for cue in bank.CUES}
    assert len(set(clips.values())) == len(clips)
