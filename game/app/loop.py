"""The main loop: input, update, draw when something changed, then scene changes.

When nothing moves the loop sleeps in `pygame.event.wait`, so an idle screen costs almost
no CPU; while something animates it runs at 60 frames per second."""

from __future__ import annotations

import pygame

from game.app.audio import MUTE_KEY
from game.app.scene import FPS, IDLE_WAIT_MS
from game.app.services import Services
from game.app.termination import autosave_and_quit
from game.core.frames_first import frame_drawing
from game.save_queue import deliver_reports
from game.scenes.notices import show_new_messages

FIRST_FRAME_MARK = "robot-games: first frame"


def handle_global(services: Services, event: pygame.event.Event) -> bool:
    """Events that belong to the app, not to a scene: close, resize, F11."""
    scenes = services.scenes
    if event.type == pygame.QUIT:
        if scenes.request_close():
            scenes.quit()
        return True
    if event.type == pygame.VIDEORESIZE:
        services.window.resized((event.w, event.h))
        services.relayout()
        return True
    if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED):
        for scene in scenes.stack:
            scene.dirty = True
        return False
    if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
        services.window.toggle_fullscreen()
        services.save_settings()
        services.relayout()
        return True
    return False


def handle_unclaimed(services: Services, event: pygame.event.Event) -> None:
    """Keys no scene took (a text field takes its letters first): M mutes or unmutes."""
    modifiers = getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
    if event.type == pygame.KEYDOWN and event.key == MUTE_KEY and not modifiers:
        services.toggle_mute()


def step(services: Services, events: list[pygame.event.Event], dt: float,
         surface: pygame.Surface) -> bool:
    """One frame: route `events`, update, draw if needed, apply scene changes.
    Returns True if the frame was drawn."""
    scenes = services.scenes
    deliver_reports()            # background autosaves that ended: their scenes show the outcome
    for event in events:
        if handle_global(services, event):
            continue
        if scenes.top is not None and not scenes.top.handle_event(event):
            handle_unclaimed(services, event)
    if scenes.top is not None:
        for covered in scenes.stack[:-1]:
            covered.update_covered(dt)
        scenes.top.update(dt)
    drawn = False
    if services.termination_requested:
        autosave_and_quit(services)
        return False
    if scenes.top is not None and scenes.needs_redraw():
        with frame_drawing():    # a bot thinking in the worker waits (frames_first.py)
            scenes.draw(surface)
        drawn = True
    scenes.apply_pending()
    if show_new_messages(services):
        scenes.apply_pending()
    return drawn


def run(services: Services, *, exit_after_first_frame: bool = False) -> None:
    """Run until the scene stack is empty or the player quits.

    `exit_after_first_frame` (bench/startup.py, the bundle smoke run): print FIRST_FRAME_MARK
    to stdout once the first frame is on screen, then quit as if the window were closed."""
    scenes = services.scenes
    surface = services.window.surface or services.window.open()  # run_app opened it already
    scenes.apply_pending()
    clock = pygame.time.Clock()
    first = True
    while scenes.top is not None and not scenes.quit_requested:
        busy = any(s.is_animating() for s in scenes.stack) or scenes.needs_redraw() \
            or scenes.has_pending()
        events = pygame.event.get()
        if not events and not busy:
            waited = pygame.event.wait(IDLE_WAIT_MS)
            events = [waited] if waited.type != pygame.NOEVENT else []
        # The frame-rate cap waits for 1/FPS s since the last tick: not before the first frame.
        dt = min(clock.tick(FPS if busy and not first else 0) / 1000.0, 0.1)
        first = False
        surface = services.window.surface or surface
        if step(services, events, dt, surface):
            pygame.display.flip()
            if exit_after_first_frame:
                print(FIRST_FRAME_MARK, flush=True)
                scenes.quit()
            else:
                services.audio.warm_up()    # after the first frame: start-up never waits
    services.save_settings()
