"""Start the windowed app: pygame, services, the first scene, the loop."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

import pygame

from game.app.audio import prepare_mixer
from game.app.loop import run
from game.app.services import make_services
from game.app.termination import install_handlers
from game.scenes.games import GAMES_BY_ID
from game.scenes.menu import MenuScene
from game.scenes.saves_hook import (QUIT_WAIT_SECONDS, autosave_after_crash, crash_marker,
                                    flush_saves, offer_crash_resume)

if TYPE_CHECKING:
    from game.saves import CrashMarker

EXIT_AFTER_FIRST_FRAME_ENV = "ROBOT_GAMES_EXIT_AFTER_FIRST_FRAME"
"""Set to 1 to quit right after the first frame is shown (startup bench, bundle smoke run)."""


def run_app(*, game: str | None = None, language: str | None = None,
            size: tuple[int, int] | None = None) -> int:
    prepare_mixer()
    pygame.init()
    try:
        services = make_services(home=MenuScene)
    except pygame.error as exc:
        print(f"Robot Games cannot open a window: {exc}", file=sys.stderr)
        return 2
    for warning in services.messages:
        print(warning, file=sys.stderr)
    if language:
        services.set_language(language)
    if size:
        services.settings.window_size = list(size)
    try:
        services.window.open()
    except pygame.error as exc:
        print(f"Robot Games cannot open a window: {exc}", file=sys.stderr)
        return 2
    services.scenes.push(MenuScene(services))
    # after pygame.init(): SDL's own SIGTERM handler turns the signal into a close request,
    # which asks "Save this game before quitting?" of nobody
    install_handlers(services)
    crashed = autosave_after_crash()
    marker = crash_marker()
    marker.start()
    if crashed is not None and game is None:
        offer_crash_resume(services, crashed)
    if game is not None:
        # here, not at the top: only `play GAME` opens the setup screen, which brings the
        # data gate and YAML that the menu's start does without (bench/startup.py)
        from game.scenes.setup import SetupScene
        services.scenes.push(SetupScene(services, GAMES_BY_ID[game]))
    run(services, exit_after_first_frame=os.environ.get(EXIT_AFTER_FIRST_FRAME_ENV) == "1")
    quit_cleanly(marker)
    pygame.quit()
    return 0


def quit_cleanly(marker: CrashMarker) -> bool:
    """The loop ended: wait (a few seconds at most) for the last autosave to reach the disk,
    then remove the crash marker. A write that does not finish in time leaves the marker, so
    the next start offers the autosave that is on disk. Returns whether the exit was clean."""
    if not flush_saves(QUIT_WAIT_SECONDS):
        print("Robot Games: the last autosave was still being written at exit", file=sys.stderr)
        return False
    marker.clean_exit()
    return True
