"""Showing a folder in the system's file manager (Settings' board folder, which lies among
the hidden user folders a player would not find by hand)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from game import paths


def open_folder(path: Path) -> str | None:
    """Ask the system to show `path` in its file manager, making it first if it is not
    there; None when the system was asked, else why not (in the system's words). The file
    manager is started and left alone: the game does not wait for it."""
    try:
        path.mkdir(parents=True, exist_ok=True)
        if sys.platform.startswith("win"):
            os.startfile(path)  # type: ignore[attr-defined]  # Windows only
        else:
            # subprocess is imported on the click: importing it was a tenth of the menu's start
            import subprocess
            opener = "open" if sys.platform == "darwin" else "xdg-open"
            subprocess.Popen([opener, str(path)], stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             start_new_session=True, env=system_environment())
    except OSError as exc:
        return exc.strerror or str(exc)
    return None


def system_environment() -> dict[str, str]:
    """The environment for a program of the system: in the packaged app, the library path
    as it was before the app started (PyInstaller points LD_LIBRARY_PATH at the bundle and
    keeps the player's in LD_LIBRARY_PATH_ORIG; its documentation asks programs started
    from the app to get the original back, or the bundle's libraries break them)."""
    env = dict(os.environ)
    if paths.is_bundled():
        original = env.pop("LD_LIBRARY_PATH_ORIG", None)
        if original is None:
            env.pop("LD_LIBRARY_PATH", None)
        else:
            env["LD_LIBRARY_PATH"] = original
    return env


def no_file_manager(path: Path) -> str | None:
    """Headless (tests, screenshots): there is no one to show a folder to."""
    return None
