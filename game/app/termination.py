"""Ending on SIGTERM (a system shutting down, `kill`): the game in play is autosaved and the
app ends, without asking; nobody is there to answer "Save this game before quitting?".

The signal handler only raises a flag: the main loop, between frames, does the saving, so
a scene is never saved halfway through one of its own handlers."""

from __future__ import annotations

import signal
import sys

from game.app.services import Services
from game.scenes.saves_hook import save_scene

TERMINATION_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP")
                            if hasattr(signal, name))
"""SIGHUP too: the terminal the game was started from closing."""


def install_handlers(services: Services) -> None:
    """Ask the loop to autosave and end when a termination signal arrives."""
    def request(signum: int, frame: object) -> None:
        services.termination_requested = True

    for signum in TERMINATION_SIGNALS:
        signal.signal(signum, request)


def autosave_and_quit(services: Services) -> None:
    """Autosave the topmost game that can be saved (overlays such as a pause menu lie above
    it), then end the loop. A save the disk refuses is reported on stderr: the window is
    about to close."""
    for scene in reversed(services.scenes.stack):
        if getattr(scene, "saved_game", None) is not None:
            warning = save_scene(scene, autosave=True)
            if warning:
                print(f"Robot Games: {warning}", file=sys.stderr)
            break
    services.scenes.quit()
