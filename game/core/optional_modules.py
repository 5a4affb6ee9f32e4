"""Modules a registry lists that a build may leave out: each game's file checkers, views,
screenshot scenes and scene module are found by name (game/data/files.py,
game/tools/render.py, game/scenes/catalog.py, game/scenes/games.py), and a game whose
package is not there is skipped rather than breaking the others. Pure: no pygame."""

from __future__ import annotations

import importlib
from types import ModuleType


def optional_module(name: str) -> ModuleType | None:
    """The module `name`, or None when it, or a package it belongs to, does not exist. An
    import that fails inside a module that does exist is raised as usual: that is a bug,
    not a game left out."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name and name.startswith(exc.name):
            return None
        raise
