"""The three games as the menu and the setup screen know them, and how to start each.

A game's scene registers by module path, so the shell runs before a game's own scene exists
(it then says the game is coming)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from game.core.optional_modules import optional_module
from game.i18n import N_, _
from game.ui.text_drawing import showable


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
    option_keys: tuple[str, ...] = ()     # the keys of GameSetup.options the game reads
    older_bot_levels: tuple[str, ...] = ()  # level ids older saves hold, still read


@dataclass
class PlayerSetup:
    name: str
    colour: str
    bot_level: str | None = None          # None: a human at the screen

    @property
    def is_bot(self) -> bool:
        return self.bot_level is not None


NAME_MAX_LENGTH = 16
"""The setup screen's name field: the longest name a player can type."""


def shown_name(name: str) -> str:
    """A name read from a file (a save, the settings) as the setup screen would have let a
    player type it: what the font can show (`showable`: no empty boxes, no invisible first
    letter on a robot), at most NAME_MAX_LENGTH characters. May be empty."""
    return showable(name)[:NAME_MAX_LENGTH].strip()


def saved_players(players: list[Any]) -> list[PlayerSetup]:
    """The players of a save's setup (`players: [{name, colour, bot_level}]`), each name as
    `shown_name` keeps it; one left empty is "Player N", as Robot Master names an unnamed
    seat."""
    return [PlayerSetup(shown_name(str(p["name"])) or _("Player {n}").format(n=number),
                        str(p["colour"]), p.get("bot_level"))
            for number, p in enumerate(players, 1)]


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
BOT_LEVEL_LABELS = dict(BOT_LEVELS)


def seat_label(bot: str | None, older: Mapping[str, str] | None = None) -> str:
    """Who sits at a seat, as every table and end screen says it: "Human", or the bot
    under the setup's name for its level ("Bot: strong"); `older`: a game's labels for
    the level ids only its older saves hold (message ids)."""
    if bot is None:
        return _("Human")
    return _(BOT_LEVEL_LABELS.get(bot) or (older or {}).get(bot) or N_("Bot"))


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
        start_scene="game.scenes.robotmaster:start", option_keys=("games", "rules"),
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
        start_scene="game.scenes.roborally:start", option_keys=("timer",),
    ),
    GameSpec(
        "volt", N_("VOLT"),
        N_("Dice-programmed robot duels: push, shoot, and hold the victory fields."),
        (Variant("training", N_("Training rules"), 2, 4,
                 N_("Three victory points win.")),),
        BOT_LEVELS,
        board_format="volt-arena/1", board_folder="volt",
        start_scene="game.scenes.volt:start",
        seat_names=(N_("South"), N_("North"), N_("West"), N_("East")), option_keys=("rules",),
        older_bot_levels=("random", "greedy"),   # VOLT's levels before easy/normal/strong
    ),
)
GAMES_BY_ID = {g.id: g for g in GAMES}


def find_start(spec: GameSpec) -> Callable[..., Any] | None:
    """The game's scene factory, or None while the game's scene does not exist yet."""
    return scene_module_function(spec, spec.start_scene.partition(":")[2])


def scene_module_function(spec: GameSpec, name: str) -> Callable[..., Any] | None:
    """A function of the game's scene module (`start`, `resume`, `replay`), or None while the
    module or the function does not exist yet."""
    module = optional_module(spec.start_scene.partition(":")[0])
    return None if module is None else getattr(module, name, None)
