"""What the sound costs: synthesising the whole cue bank (done once per process, in a
background thread after the first frame), and fitting it to a mixer that did not open in the
bank's own format (44.1 kHz stereo, pygame's default).

    .venv/bin/python bench/sound.py
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.app.audio import mixer_samples  # noqa: E402
from game.sound import bank  # noqa: E402


def main() -> None:
    start = time.perf_counter()
    clips = [bank.synthesise(cue) for cue in bank.CUES]
    built = time.perf_counter() - start
    start = time.perf_counter()
    for cue in bank.CUES:
        mixer_samples(cue, 44100, 2)
    fitted = time.perf_counter() - start
    print(f"sound_cues: {len(clips)}")
    print(f"sound_bank_seconds: {sum(bank.seconds(c) for c in clips):.2f}")
    print(f"sound_bank_build_ms: {built * 1000:.0f}")
    print(f"sound_bank_44k_stereo_ms: {fitted * 1000:.0f}")


if __name__ == "__main__":
    main()
