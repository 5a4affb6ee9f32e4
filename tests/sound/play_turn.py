"""Play one RoboRally turn of two bots headless and print what the mixer was opened with.

    python -m tests.sound.play_turn MODE      (MODE: sound, volume0, mute_key)

Run with SDL's disk audio driver, it leaves what the game played in SDL_DISKAUDIOFILE;
tests/sound/test_disk_audio.py reads it."""

from __future__ import annotations

import sys
import time

import pygame

from game import paths
from game.app.audio import prepare_mixer
from game.app.services import make_services
from game.app.settings import Settings
from game.scenes.menu import MenuScene
from game.scenes.roborally.courses import demo_setup
from game.scenes.roborally.demos import run_until
from game.scenes.roborally.entry import start
from tests.ui.helpers import frame, key

LINGER_SECONDS = 0.4
"""Real time left after the turn for the audio thread to write out the last cues."""


def main(mode: str) -> None:
    prepare_mixer()
    pygame.init()
    settings = Settings(animation_speed="fast", volume=0.0 if mode == "volume0" else 0.8)
    services = make_services(headless_size=(1280, 720), settings=settings, home=MenuScene)
    services.window.open()
    scene = start(services, demo_setup("sunday-drive", humans=0, bots=2, seed=3))
    scene.autosaving = False
    services.scenes.push(scene)
    services.scenes.apply_pending()
    if mode == "mute_key":
        frame(services, [key(pygame.K_m, "m")])
    run_until(scene, lambda s: s.display.turn >= 2 or s.controller.is_over(), dt=1 / 20)
    time.sleep(LINGER_SECONDS)
    saved, _warnings = Settings.load(paths.settings_path())
    print(f"mixer {pygame.mixer.get_init()} muted {services.settings.muted} "
          f"saved muted {saved.muted} turn {scene.display.turn}")
    pygame.quit()


if __name__ == "__main__":
    main(sys.argv[1])
