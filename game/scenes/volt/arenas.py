"""Which arena file a VOLT game plays."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game import paths
from game.scenes.games import GameSetup

DEFAULT_ARENA = "twin-yards"


def arena_path(setup: GameSetup) -> Path:
    if setup.board is not None:
        return Path(setup.board)
    return paths.builtin_boards_dir() / "volt" / f"{DEFAULT_ARENA}.yaml"


def saved_arena(data: dict[str, Any]) -> Path:
    """The saved arena file, or one of the same name among the user's and built-in arenas."""
    board = data.get("board")
    if board and Path(str(board)).is_file():
        return Path(str(board))
    stem = str(data.get("arena") or Path(str(board or DEFAULT_ARENA)).stem)
    for folder in (paths.user_boards_dir() / "volt", paths.user_boards_dir(),
                   paths.builtin_boards_dir() / "volt"):
        candidate = folder / f"{stem}.yaml"
        if candidate.is_file():
            return candidate
    raise ValueError(f"no arena named {stem!r}")
