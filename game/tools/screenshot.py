"""`python main.py --screenshot OUT.png --scene NAME`: render a scene headless to a PNG."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pygame

from game.app.loop import step
from game.app.services import make_services
from game.app.settings import Settings
from game.scenes.catalog import all_scenes
from game.scenes.menu import MenuScene
from game.tools.render import write_png


def render_scene(name: str, language: str | None, size: tuple[int, int],
                 frames: int = 3) -> pygame.Surface:
    """Build the named scene stack headless and return the drawn pygame Surface."""
    # SDL reads these when pygame.init() starts the display and the sound
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.init()
    scenes = all_scenes()
    if name not in scenes:
        raise KeyError(name)
    settings = Settings(language=language or "en")
    services = make_services(headless_size=size, settings=settings, home=MenuScene)
    services.audio.switch_off()   # a picture makes no sound
    surface = services.window.open()
    for scene in scenes[name](services):
        services.scenes.push(scene)
        services.scenes.apply_pending()
    for _ in range(frames):
        for scene in services.scenes.stack:
            scene.dirty = True
        step(services, [], 1 / 60, surface)
    return surface


def screenshot(out: Path, name: str, language: str | None, size: tuple[int, int]) -> int:
    try:
        surface = render_scene(name, language, size)
    except KeyError:
        print(f"unknown scene {name!r}; known: {', '.join(sorted(all_scenes()))}",
              file=sys.stderr)
        return 2
    return write_png(surface, out, f"{size[0]}x{size[1]}, scene {name}")
