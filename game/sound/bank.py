"""The game's sound effects, synthesised here from sine, square, saw and noise (no recordings,
no numpy): each cue is a short mono clip of signed 16-bit samples at RATE Hz, built once.

| cue       | sounds like            | plays when                                                |
|-----------|------------------------|-----------------------------------------------------------|
| card      | a soft card tap        | a card is dealt, drawn, programmed or laid; a VOLT marker |
|           |                        | or start number is placed                                 |
| reveal    | a quick swish          | cards or programs are revealed; a robot teleports         |
| register  | a two-note blip        | a register or a VOLT round begins; a VOLT die acts; unmute|
| move      | a short servo whirr    | a robot drives or turns                                   |
| bump      | a dull thud            | a robot is pushed (by a robot or a pusher), or a VOLT     |
|           |                        | robot runs into a wall                                    |
| belt      | a rattling rumble      | a conveyor belt carries or turns a robot                  |
| gear      | a ratchet of clicks    | a gear turns a robot                                      |
| laser     | a falling "pew"        | a laser fires                                             |
| damage    | a crunch               | a RoboRally robot takes damage                            |
| volt_hit  | an electric zap        | a VOLT robot takes damage                                 |
| fall      | a falling whistle      | a robot falls into a pit or off the board                 |
| destroyed | a low explosion        | a robot is destroyed (not by falling: the fall says it)   |
| repair    | a rising blip          | a robot is repaired, returns or restarts                  |
| flag      | a bell arpeggio        | a robot reaches a flag                                    |
| dice      | a rattle of clicks     | a die is set on a VOLT controller                         |
| score     | a coin-like ding       | points are scored; a robot finishes; a tie or solo result |
| win       | a short fanfare        | a game is won                                             |

Which event plays which cue is game/sound/cues.py; how they are mixed, too.

Noise comes from a fixed linear congruential sequence, so every start sounds the same (and
the global `random` stays out of the game code)."""

from __future__ import annotations

import array
import functools
import math
from typing import Callable, Sequence

RATE = 22050
PEAK = 0.5
"""Loudest sample of a cue, as a share of full scale: leaves headroom for a few cues at once."""

TAU = 2 * math.pi
Samples = list[float]


def _sine(p: float) -> float:
    return math.sin(TAU * p)


def _square(p: float) -> float:
    return 1.0 if p < 0.5 else -1.0


def _saw(p: float) -> float:
    return 2.0 * p - 1.0


def _triangle(p: float) -> float:
    return 4.0 * abs(p - 0.5) - 1.0


@functools.cache
def noise_table(size: int = 8192, seed: int = 12345) -> list[float]:
    """The bank's white noise, made when the first cue needs it: the sounds are synthesised
    in the background after the first frame, which this table would otherwise delay."""
    values = []
    x = seed
    for _ in range(size):
        x = (1103515245 * x + 12345) & 0x7FFFFFFF
        values.append(x / 0x3FFFFFFF - 1.0)
    return values


def tone(seconds: float, start_hz: float, end_hz: float | None = None, *,
         wave: Callable[[float], float] = _sine, attack: float = 0.004, decay: float = 8.0,
         vibrato_hz: float = 0.0, vibrato_depth: float = 0.0) -> Samples:
    """A tone gliding (exponentially) from `start_hz` to `end_hz`, with a quick attack and an
    exponential decay of `decay` per second."""
    n = int(seconds * RATE)
    glide = ((end_hz or start_hz) / start_hz) ** (1 / max(1, n))
    fade = math.exp(-decay / RATE)
    rise = 1 / max(1.0, attack * RATE)
    freq, phase, level, env, out = start_hz, 0.0, 0.0, 1.0, []
    for i in range(n):
        wobble = 1 + vibrato_depth * math.sin(TAU * vibrato_hz * i / RATE) if vibrato_hz else 1
        phase = (phase + freq * wobble / RATE) % 1.0
        level = min(1.0, level + rise)
        out.append(wave(phase) * level * env)
        env *= fade
        freq *= glide
    return out


def noise(seconds: float, *, brightness: float = 0.5, decay: float = 10.0, attack: float = 0.002,
          offset: int = 0, tremolo_hz: float = 0.0) -> Samples:
    """Noise through a one-pole low-pass (`brightness` 1 = raw, small = dull), decaying."""
    n = int(seconds * RATE)
    fade = math.exp(-decay / RATE)
    rise = 1 / max(1.0, attack * RATE)
    table = noise_table()
    size = len(table)
    y, level, env, out = 0.0, 0.0, 1.0, []
    for i in range(n):
        y += brightness * (table[(i + offset) % size] - y)
        level = min(1.0, level + rise)
        shake = 0.5 + 0.5 * math.sin(TAU * tremolo_hz * i / RATE) if tremolo_hz else 1.0
        out.append(y * level * env * shake)
        env *= fade
    return out


def mix(*parts: tuple[float, Samples, float]) -> Samples:
    """Lay (start second, samples, level) parts over each other."""
    length = max(int(start * RATE) + len(samples) for start, samples, _level in parts)
    out = [0.0] * length
    for start, samples, level in parts:
        first = int(start * RATE)
        for i, value in enumerate(samples):
            out[first + i] += value * level
    return out


def to_pcm(samples: Sequence[float], peak: float = PEAK) -> array.array[int]:
    """Scale so the loudest sample is `peak` of full scale, fade the last 5 ms (no click at
    the end), and convert to signed 16-bit."""
    loudest = max((abs(v) for v in samples), default=0.0) or 1.0
    scale = peak * 32767 / loudest
    tail = min(len(samples), int(0.005 * RATE))
    pcm = array.array("h", (int(v * scale) for v in samples))
    for i in range(tail):
        pcm[len(pcm) - tail + i] = int(pcm[len(pcm) - tail + i] * (tail - i) / tail)
    return pcm


# -- the cues -------------------------------------------------------------------------------

def _card() -> Samples:
    return mix((0, noise(0.06, brightness=0.35, decay=70), 0.8),
               (0, tone(0.08, 180, 120, decay=45), 0.6))


def _reveal() -> Samples:
    return mix((0, noise(0.16, brightness=0.2, decay=6, attack=0.09), 1.0),
               (0.08, noise(0.06, brightness=0.6, decay=40, offset=900), 0.5))


def _register() -> Samples:
    return mix((0, tone(0.07, 660, wave=_triangle, decay=30), 1.0),
               (0.06, tone(0.1, 990, wave=_triangle, decay=30), 0.8))


def _move() -> Samples:
    return mix((0, tone(0.2, 95, 140, wave=_saw, attack=0.02, decay=9), 0.5),
               (0, noise(0.2, brightness=0.08, decay=9, attack=0.02, offset=300), 0.6))


def _bump() -> Samples:
    return mix((0, tone(0.14, 85, 50, decay=28), 1.0),
               (0, noise(0.04, brightness=0.5, decay=90, offset=2000), 0.6))


def _belt() -> Samples:
    return mix((0, noise(0.3, brightness=0.12, decay=4, attack=0.03, tremolo_hz=22), 1.0),
               (0, tone(0.3, 60, wave=_square, attack=0.03, decay=4), 0.12))


def _gear() -> Samples:
    clicks = [(i * 0.05, noise(0.025, brightness=0.7, decay=160, offset=500 * i), 1.0 - 0.1 * i)
              for i in range(5)]
    return mix(*clicks, (0, tone(0.25, 220, 200, wave=_triangle, decay=10), 0.15))


def _laser() -> Samples:
    return tone(0.24, 1900, 380, decay=10, vibrato_hz=30, vibrato_depth=0.02)


def _damage() -> Samples:
    return mix((0, noise(0.16, brightness=0.6, decay=22, offset=3000), 1.0),
               (0, tone(0.12, 210, 120, wave=_square, decay=25), 0.35))


def _volt_hit() -> Samples:
    return mix((0, noise(0.28, brightness=0.9, decay=9, tremolo_hz=60), 0.7),
               (0, tone(0.28, 120, 90, wave=_square, decay=9), 0.3),
               (0, tone(0.2, 2400, 1800, decay=14), 0.25))


def _fall() -> Samples:
    return tone(0.5, 900, 150, wave=_triangle, attack=0.01, decay=3)


def _destroyed() -> Samples:
    return mix((0, noise(0.7, brightness=0.1, decay=5, offset=4000), 1.0),
               (0, tone(0.6, 110, 40, decay=5), 0.7),
               (0, noise(0.08, brightness=0.8, decay=50, offset=6000), 0.5))


def _repair() -> Samples:
    return mix((0, tone(0.08, 520, wave=_triangle, decay=25), 1.0),
               (0.07, tone(0.12, 780, wave=_triangle, decay=20), 1.0))


def _bell(hz: float, seconds: float) -> Samples:
    return mix((0, tone(seconds, hz, decay=6), 1.0), (0, tone(seconds, hz * 2.01, decay=12), 0.3))


def _flag() -> Samples:
    notes = (523.25, 659.25, 783.99, 1046.5)
    return mix(*((i * 0.08, _bell(hz, 0.3), 1.0) for i, hz in enumerate(notes)))


def _dice() -> Samples:
    times = (0.0, 0.045, 0.08, 0.13, 0.165, 0.22, 0.26)
    return mix(*((t, noise(0.02, brightness=0.9, decay=200, offset=700 * i), 1.0 - 0.08 * i)
                 for i, t in enumerate(times)),
               *((t, tone(0.03, 1500 + 300 * (i % 3), decay=150), 0.3) for i, t in enumerate(times)))


def _score() -> Samples:
    return mix((0, tone(0.08, 987.77, wave=_square, decay=20), 0.5),
               (0.07, tone(0.25, 1318.5, wave=_square, decay=12), 0.5))


def _win() -> Samples:
    notes = ((0.0, 523.25), (0.13, 659.25), (0.26, 783.99))
    chord = (1046.5, 783.99, 659.25)
    return mix(*((t, _bell(hz, 0.25), 1.0) for t, hz in notes),
               *((0.4, tone(0.8, hz, wave=_triangle, attack=0.01, decay=3), 0.6) for hz in chord))


CUES: dict[str, Callable[[], Samples]] = {
    "card": _card, "reveal": _reveal, "register": _register, "move": _move, "bump": _bump,
    "belt": _belt, "gear": _gear, "laser": _laser, "damage": _damage, "volt_hit": _volt_hit,
    "fall": _fall, "destroyed": _destroyed, "repair": _repair, "flag": _flag, "dice": _dice,
    "score": _score, "win": _win,
}


def synthesise(cue: str) -> array.array[int]:
    """The samples of `cue` (raises KeyError for an unknown cue)."""
    return to_pcm(CUES[cue]())


def seconds(pcm: Sequence[int]) -> float:
    return len(pcm) / RATE
