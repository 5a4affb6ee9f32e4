"""Setups remember: each game's setup screen starts from the choices its last game started
with (players, humans or bots and their levels, variant, board, options), kept per game in
the settings file (`Settings.setups`).

The settings file is the player's to edit, so what comes back is checked against what the
game offers now: a variant, a bot level or a board that no longer exists, a colour twice,
a player count the variant does not allow, are each left at the screen's default."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from game.scenes.games import NAME_MAX_LENGTH, GameSetup, PlayerSetup, Variant, shown_name
from game.ui import theme

if TYPE_CHECKING:
    from game.app.services import Services
    from game.app.settings import Settings
    from game.scenes.setup import SetupScene


def remembered(setup: GameSetup) -> dict[str, Any]:
    """The choices in `setup` as plain data for the settings file (no seed: every game
    deals anew)."""
    return {"players": [{"name": p.name, "colour": p.colour, "bot_level": p.bot_level}
                        for p in setup.players],
            "variant": setup.variant,
            "board": None if setup.board is None else str(setup.board),
            "options": dict(setup.options)}


def remember(services: Services, setup: GameSetup) -> None:
    """Keep `setup`'s choices for the next time this game's setup opens, in the settings
    file (a settings file that cannot be written says so and the game starts anyway)."""
    services.settings.setups[setup.game] = remembered(setup)
    services.save_settings()


OptionFields = dict[str, tuple[str, Callable[[object], bool]]]
"""Each option a setup screen offers: the scene attribute that holds it, and what a
remembered value must be to come back."""


def recall(scene: SetupScene, settings: Settings, options: OptionFields) -> None:
    """Put the choices remembered for the scene's game back on the screen (before its first
    layout); whatever does not fit the game as it is now keeps its default."""
    choices = settings.setups.get(scene.spec.id)
    if not isinstance(choices, dict):
        return
    # The variant and the players come back together, or neither: a variant's player count
    # is only known to fit the players chosen for it.
    variant = next((v for v in scene.spec.variants if v.id == choices.get("variant")), None)
    players = _players(scene, variant, choices.get("players"))
    if variant is not None and players is not None:
        scene.variant, scene.players = variant, players
    chosen = choices.get("options")
    for key, value in (chosen.items() if isinstance(chosen, dict) else ()):
        option = options.get(key)
        if option is not None and option[1](value):
            setattr(scene, option[0], value)


def _players(scene: SetupScene, variant: Variant | None,
             raw: object) -> list[PlayerSetup] | None:
    """The remembered players, when they are a valid line-up for `variant`."""
    if variant is None or not isinstance(raw, list):
        return None
    if not variant.min_players <= len(raw) <= variant.max_players:
        return None
    colours = {name for name, _rgb, _shape in theme.PLAYER_STYLES}
    levels = {None} | {level for level, _label in scene.spec.bot_levels}
    players = []
    for item in raw:
        if not isinstance(item, dict):
            return None
        name, colour, level = item.get("name"), item.get("colour"), item.get("bot_level")
        if not (isinstance(name, str) and 0 < len(name.strip()) <= NAME_MAX_LENGTH
                and shown_name(name) == name.strip()
                and isinstance(colour, str) and colour in colours
                and (level is None or isinstance(level, str)) and level in levels):
            return None     # (a list or table must not reach `in` a set: it has no hash)
        players.append(PlayerSetup(name, colour, level))
    if len({p.colour for p in players}) != len(players):
        return None
    return players


def remembered_board_index(scene: SetupScene, settings: Settings) -> int | None:
    """The remembered board among those the scene offers now (once its board list is read),
    when it still loads."""
    choices = settings.setups.get(scene.spec.id)
    raw = choices.get("board") if isinstance(choices, dict) else None
    if not isinstance(raw, str):
        return None
    for same in (lambda path: str(path) == raw, lambda path: path.name == Path(raw).name):
        for index, board in enumerate(scene.boards):
            if same(board.path) and board.problem is None:
                return index
    return None
