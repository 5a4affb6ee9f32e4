"""What a player hears, recorded: SDL's disk audio driver writes the mixed output of a
scripted RoboRally turn (tests/sound/play_turn.py) to a file, which is read back here.
The four runs go in parallel subprocesses (the driver is chosen when the mixer opens)."""

from __future__ import annotations

import array
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODES = ("sound", "volume0", "mute_key", "no_sound_card")


def _environment(mode: str, out: Path, home: Path) -> dict[str, str]:
    env = dict(os.environ, ROBOT_GAMES_HOME=str(home), SDL_VIDEODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    if mode == "no_sound_card":
        env["SDL_AUDIODRIVER"] = "no-such-sound-card"
    else:
        env.update(SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(out))
    return env


@pytest.fixture(scope="module")
def recordings(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[str, array.array]]:
    """Each mode's printed report and the samples it wrote (16-bit mono, as reported)."""
    folder = tmp_path_factory.mktemp("disk-audio")
    runs = {}
    for mode in MODES:
        out = folder / f"{mode}.raw"
        runs[mode] = (out, subprocess.Popen(
            [sys.executable, "-m", "tests.sound.play_turn", mode], cwd=ROOT,
            env=_environment(mode, out, folder / mode), stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True))
    results = {}
    for mode, (out, process) in runs.items():
        stdout, stderr = process.communicate(timeout=120)
        assert process.returncode == 0, f"{mode}: {stderr}"
        samples = array.array("h", out.read_bytes() if out.exists() else b"")
        results[mode] = (stdout, samples)
    return results


def test_a_roborally_turn_is_heard(recordings) -> None:
    report, samples = recordings["sound"]
    assert "mixer (22050, -16, 1)" in report and "turn 2" in report
    assert len(samples) > 0
    assert max(abs(v) for v in samples) > 2000, "the turn played nothing audible"


def test_volume_zero_is_silent(recordings) -> None:
    report, samples = recordings["volume0"]
    assert "turn 2" in report and len(samples) > 0
    assert max(abs(v) for v in samples) == 0


def test_the_mute_key_silences_the_turn_and_is_remembered(recordings) -> None:
    report, samples = recordings["mute_key"]
    assert "muted True saved muted True turn 2" in report and len(samples) > 0
    assert max(abs(v) for v in samples) == 0


def test_without_a_sound_card_the_turn_plays_silently(recordings) -> None:
    report, _samples = recordings["no_sound_card"]
    assert "mixer None" in report and "turn 2" in report
