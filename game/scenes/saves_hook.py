"""Where the main menu's Continue button asks about saved games.

The saves issue fills this in; until then there is never a saved game to continue."""

from __future__ import annotations

from game.app.services import Services


def has_saved_game() -> bool:
    return False


def continue_last_game(services: Services) -> None:
    """Resume the most recent save (nothing to do while saves do not exist)."""
