"""Which arena file a VOLT game plays."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game import paths
from game.saves import SavedGame
from game.scenes.games import GameSetup
from game.scenes.save_checks import saved_board_path

DEFAULT_ARENA = "twin-yards"


def arena_path(setup: GameSetup) -> Path:
    if setup.board is not None:
        return Path(setup.board)
    return paths.builtin_boards_dir() / "volt" / f"{DEFAULT_ARENA}.yaml"


def saved_arena(data: dict[str, Any]) -> Path:
    """The saved arena file, or one of the same name among the user's and built-in arenas."""
    path = saved_board_path(SavedGame("volt", data))
    if path is None:
        raise ValueError(f"no arena named {data.get('arena')!r}")
    return path
