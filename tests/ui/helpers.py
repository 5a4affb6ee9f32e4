"""Headless scene driving for tests: build services, push scenes, feed events, draw."""

from __future__ import annotations

import random
from typing import Callable

import pygame

from game.app.loop import step
from game.app.scene import Scene
from game.app.services import Services, make_services
from game.app.settings import Settings
from game.scenes.menu import MenuScene
from game.scenes.saves_hook import autosave_after_crash, crash_marker, offer_crash_resume
from game.ui.widgets import Cycler

KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_TAB, pygame.K_SPACE, pygame.K_LEFT,
        pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_BACKSPACE, pygame.K_F1,
        pygame.K_a, pygame.K_1, pygame.K_PAGEDOWN, pygame.K_z, pygame.K_F11)


EVERY_GUIDE = ("roborally", "roborally-registers", "volt", "robot-master")
"""Every first-turn guide (`Settings.guides_seen`, each game's guide.GAME): counted as seen,
none lies over a table that a test or a bench drives with the mouse. Spelled out, not
imported: the helpers serve builds that leave a game out (tests/test_optional_modules.py)."""


def headless_services(size: tuple[int, int] = (1280, 720), language: str = "en") -> Services:
    pygame.init()
    # first-turn guides count as seen: a test that wants one clears `guides_seen`
    settings = Settings(language=language, guides_seen=list(EVERY_GUIDE))
    services = make_services(headless_size=size, settings=settings, home=MenuScene)
    services.window.open()
    return services


def show_stack(services: Services, factory: Callable[[Services], list[Scene]]) -> None:
    """Replace the scene stack at once with the scenes `factory` builds (a catalogue entry,
    game.scenes.catalog.all_scenes()), as after a fresh start."""
    services.scenes.quit_requested = False
    services.scenes.stack.clear()
    for scene in factory(services):
        services.scenes.push(scene)
    services.scenes.apply_pending()


def start_after_a_crash() -> Services:
    """The app started again after dying mid-game (its crash marker left behind): the menu,
    with the offer to resume the last autosave on top."""
    crash_marker().start()
    entry = autosave_after_crash()
    assert entry is not None, "no unfinished autosave to offer"
    services = headless_services()
    services.scenes.push(MenuScene(services))
    offer_crash_resume(services, entry)
    frame(services)
    return services


def frame(services: Services, events: list[pygame.event.Event] | None = None,
          dt: float = 1 / 60) -> None:
    surface = services.window.surface
    assert surface is not None
    step(services, events or [], dt, surface)


def framed_in(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> bool:
    """Whether most of the line just above `rect` is drawn in `colour` (a frame around it)."""
    line = [tuple(surface.get_at((x, rect.top - 1)))[:3] for x in range(rect.left, rect.right)]
    return line.count(colour) > len(line) // 2


def click(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def click_cycler_to(services: Services, cycler: Cycler, label: str) -> None:
    """Click ▶ on `cycler` until it shows `label`, as a player would (at most once round).
    A scene that rebuilds its widgets on the change puts the new cycler in the same place
    and reading the same choice, so `cycler` still tells where to click and what it shows."""
    for _ in range(len(cycler.options)):
        if cycler.current_label() == label:
            return
        frame(services, click(cycler.arrows()[1].center))
    assert cycler.current_label() == label, f"{label!r} is not among {cycler.options!r}"


def key(k: int, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0)


def random_events(rng: random.Random, size: tuple[int, int], count: int) -> list[pygame.event.Event]:
    """A seeded mix of clicks, drags, wheel turns, keys, typing, resizes and close requests."""
    events = []
    w, h = size
    for _ in range(count):
        roll = rng.random()
        pos = (rng.randrange(w), rng.randrange(h))
        if roll < 0.35:
            events += click(pos)
        elif roll < 0.5:
            end = (rng.randrange(w), rng.randrange(h))
            events += [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                       pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1),
                                          buttons=(1, 0, 0)),
                       pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)]
        elif roll < 0.6:
            events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        elif roll < 0.67:
            events.append(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)),
                                             flipped=False, precise_x=0.0, precise_y=0.0))
        elif roll < 0.88:
            events.append(key(rng.choice(KEYS)))
        elif roll < 0.95:
            # letters, a symbol the font has, an emoji it lacks, and a heart with the
            # invisible selector emoji pickers send after it
            events.append(pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(
                ["a", "Z", "9", " ", "ß", "é", "✓", "🤖", "\u2764\ufe0f"])))
        elif roll < 0.985:
            events.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos,
                                             button=rng.choice((2, 3, 4, 5))))
        elif roll < 0.995:
            new = rng.choice(((1280, 720), (1920, 1080), (800, 600), (1024, 768)))
            events.append(pygame.event.Event(pygame.VIDEORESIZE, w=new[0], h=new[1],
                                             size=new))
        else:
            events.append(pygame.event.Event(pygame.QUIT))
    return events
