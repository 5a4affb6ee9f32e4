"""Sound: the synthesised cues (game/sound/bank.py) played through pygame's mixer, at the
settings' volume, silenced by the mute key, and never an error without a sound card.

The bank is built once per process: `warm_up()` synthesises it in a background thread after
the first frame (so start-up does not wait for it), and a cue still missing when it is first
needed is made on the spot."""

from __future__ import annotations

import array
import functools
import threading
import time
from typing import Iterable

import pygame

from game.app.settings import Settings
from game.i18n import N_
from game.sound import bank, cues

MUTE_KEY = pygame.K_m
MUTE_HINT = N_("M turns the sound off and on.")
"""For the key lists in the rules overlays."""
VOICES = 8
"""Mixer channels: a cue that finds all of them busy is dropped, never queued."""
REPEAT_GAP = 0.04
"""Seconds: the same cue started again this soon (steps drained in one frame) starts once."""
MIXER_FORMAT = (bank.RATE, -16, 1, 512)
"""Frequency, sample size, channels, buffer: what the bank is made in (no conversion)."""


def prepare_mixer() -> None:
    """Ask for the bank's own format before pygame.init() opens the mixer."""
    pygame.mixer.pre_init(*MIXER_FORMAT)


@functools.lru_cache(maxsize=None)
def mixer_samples(cue: str, rate: int, channels: int) -> bytes:
    """`cue` as signed 16-bit samples for a mixer running at `rate` with `channels`."""
    pcm = bank.synthesise(cue)
    if rate % bank.RATE == 0:
        return _repeat_each(pcm, rate // bank.RATE * channels).tobytes()
    count = len(pcm) * rate // bank.RATE
    resampled = array.array("h", (pcm[i * bank.RATE // rate] for i in range(count)))
    return _repeat_each(resampled, channels).tobytes()


def _repeat_each(pcm: array.array[int], times: int) -> array.array[int]:
    """Every sample `times` times in a row (stepped slices: no Python loop per sample)."""
    out = array.array("h", bytes(2 * len(pcm) * times))
    for offset in range(times):
        out[offset::times] = pcm
    return out


class Audio:
    """Sound effects for game events; silent (never failing) without a sound card."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.format: tuple[int, int] | None = None   # (rate, channels) of the open mixer
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._started_at: dict[str, float] = {}
        self._warming: threading.Thread | None = None
        try:
            if pygame.mixer.get_init() is None and not pygame.get_init():
                pygame.mixer.init(*MIXER_FORMAT)   # pygame.init() has not tried it yet
            mixer = pygame.mixer.get_init()
        except pygame.error:
            mixer = None
        if mixer is not None and mixer[1] == -16:
            self.format = (mixer[0], mixer[2])
            pygame.mixer.set_num_channels(VOICES)

    def switch_off(self) -> None:
        """No sound at all from this process (a screenshot), whatever the settings say: the
        settings themselves stay as the player left them, so a picture of them is true."""
        self.format = None

    @property
    def available(self) -> bool:
        return self.format is not None

    @property
    def audible(self) -> bool:
        return self.available and not self.settings.muted and self.settings.volume > 0

    def warm_up(self) -> None:
        """Synthesise every cue in the background, once per process."""
        if self.format is None or self._warming is not None:
            return
        rate, channels = self.format
        self._warming = threading.Thread(
            target=lambda: [mixer_samples(c, rate, channels) for c in bank.CUES],
            name="sound-bank", daemon=True)
        self._warming.start()

    def _sound(self, cue: str) -> pygame.mixer.Sound:
        sound = self._sounds.get(cue)
        if sound is None:
            assert self.format is not None
            sound = pygame.mixer.Sound(buffer=mixer_samples(cue, *self.format))
            self._sounds[cue] = sound
        return sound

    def play_cue(self, cue: str, gain: float | None = None) -> bool:
        """Start `cue` at `gain` times the volume (its usual level unless given); return
        whether it started. Faster animations fade it out sooner, so that a cue does not ring
        on into the steps after it."""
        if not self.audible:
            return False
        now = time.monotonic()
        if now - self._started_at.get(cue, -REPEAT_GAP) < REPEAT_GAP:
            return False
        try:
            sound = self._sound(cue)
            channel = sound.play()
        except pygame.error:     # the device went away mid-game: carry on in silence
            return False
        if channel is None:      # every voice busy: this cue is dropped
            return False
        self._started_at[cue] = now
        level = cues.LEVELS[cue] if gain is None else gain
        channel.set_volume(min(1.0, self.settings.volume * level))
        factor = self.settings.animation_factor
        if factor > 1:
            channel.fadeout(max(1, int(sound.get_length() * 1000 / factor)))
        return True

    def play_events(self, events: Iterable[object]) -> None:
        """One animation step shows `events`: play their cues, mixed (game/sound/cues.py)."""
        if not self.audible:
            return
        for play in cues.plan(events, animated=self.settings.animation_factor > 0):
            self.play_cue(play.cue, play.gain)

    def toggle_mute(self) -> None:
        """The mute key: silence everything now, or sound again (with a blip to say so)."""
        self.settings.muted = not self.settings.muted
        if not self.available:
            return
        if self.settings.muted:
            pygame.mixer.stop()
        else:
            self.play_cue("register")
