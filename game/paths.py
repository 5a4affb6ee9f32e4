"""Where things are: the bundled resources and the user's own folders.

Resources are anchored on this file (or PyInstaller's _MEIPASS), never on the current
directory. The user's folders come from platformdirs; ROBOT_GAMES_HOME overrides them (tests
and portable installs)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "RobotGames"


def resource_root() -> Path:
    """Folder that holds assets/ and boards/, from source or from a PyInstaller bundle."""
    frozen = getattr(sys, "_MEIPASS", None)
    return Path(frozen) if frozen else Path(__file__).resolve().parent.parent


def is_bundled() -> bool:
    """True in the app PyInstaller packaged, False when run from the source."""
    return getattr(sys, "_MEIPASS", None) is not None


def assets_dir() -> Path:
    return resource_root() / "assets"


def builtin_boards_dir() -> Path:
    return resource_root() / "boards"


def user_data_dir() -> Path:
    """The user's data folder for this app (not created here)."""
    override = os.environ.get("ROBOT_GAMES_HOME")
    if override:
        return Path(override)
    import platformdirs  # here: 20 ms at import, which ROBOT_GAMES_HOME spares

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def user_boards_dir() -> Path:
    return user_data_dir() / "boards"


def saves_dir() -> Path:
    return user_data_dir() / "saves"


def settings_path() -> Path:
    return user_data_dir() / "settings.json"


def ensure_user_dirs() -> list[tuple[Path, str]]:
    """Create the user's folders; return each that cannot be made with the system's reason
    (never raises)."""
    unmade = []
    for folder in (user_boards_dir(), saves_dir()):
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            unmade.append((folder, str(exc.strerror or exc)))
    return unmade
