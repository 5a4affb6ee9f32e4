"""The three games as the menu and the setup screen know them, and how to start each.

A game's scene registers by module path, so the shell runs before a game's own scene exists
(it then says the game is coming)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from game.i18n import N_


@dataclass(frozen=True)
class Variant:
    id: str
    label: str            # message id
    min_players: int
    max_players: int
    description: str = ""  # message id


@dataclass(frozen=True)
class GameSpec:
    id: str                               # the CLI name: robot-master, roborally, volt
    title: str                            # message id
    tagline: str                          # message id
    variants: tuple[Variant, ...]
    bot_levels: tuple[tuple[str, str], ...]   # (id, label message id)
    board_format: str | None = None       # files offered as boards (None: no board choice)
    board_folder: str = ""                # subfolder under boards/
    start_scene: str = ""                 # "module:function(services, setup) -> Scene"
    seat_names: tuple[str, ...] = ()      # message ids for fixed seats (VOLT sides)


@dataclass
class PlayerSetup:
    name: str
    colour: str
    bot_level: str | None = None          # None: a human at the screen

    @property
    def is_bot(self) -> bool:
        return self.bot_level is not None


@dataclass
class GameSetup:
    """What the setup screen (or `play GAME`) decided; the game scene starts from it."""

    game: str
    players: list[PlayerSetup]
    variant: str
    board: Path | None = None
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)


BOT_LEVELS = (("easy", N_("Bot: easy")), ("normal", N_("Bot: normal")),
              ("strong", N_("Bot: strong")))
"""The bot levels every game offers, under the same names (issue 16)."""

GAMES: tuple[GameSpec, ...] = (
    GameSpec(
        "robot-master", N_("Robot Master"),
        N_("Reiner Knizia's card game: build a 5×5 grid of robots, win your lines."),
        (Variant("standard", N_("Two players"), 2, 2,
                 N_("Twelve cards each; rows against columns.")),
         Variant("five_card", N_("Five-card hand"), 2, 2,
                 N_("Hold five cards, draw after each placement.")),
         Variant("teams", N_("Two teams"), 4, 4,
                 N_("Four players, seven cards each; partners never see each other's hand.")),
         Variant("solo", N_("Solo"), 1, 1,
                 N_("Turn a card and place it at once; your score is the lowest line."))),
        BOT_LEVELS,
        start_scene="game.scenes.robotmaster_table:start",
    ),
    GameSpec(
        "roborally", N_("RoboRally"),
        N_("Program your robot, race through the factory, touch the flags in order."),
        (Variant("standard", N_("Base game"), 2, 8,
                 N_("The factory floor with every element; no option cards.")),
         Variant("options", N_("Crash & Burn options"), 2, 8,
                 N_("Double wrenches hand out option cards."))),
        BOT_LEVELS,
        board_format="roborally-course/1", board_folder="roborally",
        start_scene="game.scenes.roborally_factory:start",
    ),
    GameSpec(
        "volt", N_("VOLT"),
        N_("Dice-programmed robot duels: push, shoot, and hold the victory fields."),
        (Variant("training", N_("Training rules"), 2, 4,
                 N_("Three victory points win.")),),
        BOT_LEVELS,
        board_format="volt-arena/1", board_folder="volt",
        start_scene="game.scenes.volt_arena:start",
        seat_names=(N_("South"), N_("North"), N_("West"), N_("East")),
    ),
)
GAMES_BY_ID = {g.id: g for g in GAMES}


def find_start(spec: GameSpec) -> Callable[..., Any] | None:
    """The game's scene factory, or None while the game's scene does not exist yet."""
    return scene_module_function(spec, spec.start_scene.partition(":")[2])


def scene_module_function(spec: GameSpec, name: str) -> Callable[..., Any] | None:
    """A function of the game's scene module (`start`, `resume`, `replay`), or None while the
    module or the function does not exist yet."""
    module_name = spec.start_scene.partition(":")[0]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            return None
        raise
    return getattr(module, name, None)


@dataclass(frozen=True)
class BoardChoice:
    path: Path
    name: str               # what the file calls itself
    players: tuple[int, int] | None
    problem: str | None     # the first error message when the file does not load
    builtin: bool


def board_choices(spec: GameSpec) -> list[BoardChoice]:
    """The boards on offer: the built-in ones, then the user's, each checked by the gate."""
    if spec.board_format is None:
        return []
    from game import paths
    from game.data.errors import DataError
    from game.data.files import FileContext, registry
    from game.data.reader import Reader

    reg = registry()
    choices = []
    for builtin, folder in ((True, paths.builtin_boards_dir() / spec.board_folder),
                            (False, paths.user_boards_dir() / spec.board_folder),
                            (False, paths.user_boards_dir())):
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.yaml")):
            try:
                r = Reader.from_file(path)
                if r.text("format", "") != spec.board_format:
                    continue
                name = r.text("name", path.stem)
                players = None
                if r.has("players"):
                    players = tuple(r.pair("players", min=1, max=8))
                checker = reg.checkers.get(spec.board_format)
                if checker is not None:
                    full = Reader.from_file(path)
                    full.text("format")
                    model = checker(full, FileContext.for_file(path))
                    players = players or _seat_range(model)
                choices.append(BoardChoice(path, name, players, None, builtin))
            except DataError as exc:
                choices.append(BoardChoice(path, path.stem, None, str(exc.problems[0]), builtin))
    return choices


def _seat_range(model: Any) -> tuple[int, int] | None:
    """The player counts a file without a `players:` key allows, read from its seats: a VOLT
    arena seats one operator per side that has start fields (two at least to play)."""
    starts = getattr(model, "starts", None)
    if not isinstance(starts, tuple):
        return None
    sides = sum(1 for entry in starts
                if isinstance(entry, tuple) and len(entry) == 2 and entry[1])
    return (min(2, sides), sides) if sides else None
