"""Saved games: versioned YAML in the user's data folder, written atomically.

A save holds what is needed to rebuild a game exactly: the game, its setup (players, variant,
board, seed, options) and the log of every action played. The current position is recomputed
by replaying the log, which also checks it (STYLE.md §4.7). Writing goes to a temporary file
in the same folder, is flushed to disk, then renamed over the old save, so a crash or a kill
during a write leaves the previous save whole. Pure: no pygame."""

from __future__ import annotations

import copy
import dataclasses
import datetime as _dt
import importlib
import os
import time
from glob import escape as glob_escape
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from game.i18n import _
from game.safe_read import file_stamp, is_regular_file, read_head
from game.safe_write import write_atomically

if TYPE_CHECKING:
    from game.data.reader import Reader

# yaml and the data gate are imported where a save is read or written: the menu asks
# list_saves() at startup, and with no saves yet that should not cost the ~15 ms of
# importing them (bench/startup.py).

SAVE_FORMAT = "robot-games-save"
SAVE_VERSION = 1
AUTOSAVE_PREFIX = "autosave-"
CRASH_MARKER = "running.lock"

# When the format changes: bump SAVE_VERSION and add one step per older version here,
# data of version N in, data of version N+1 out (Tuxemon's save_upgrader does the same).
_UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
SAVE_FORMATS = tuple(f"{SAVE_FORMAT}/{v}" for v in (*sorted(_UPGRADES), SAVE_VERSION))
GAME_PACKAGES = {"robot-master": "robotmaster", "roborally": "roborally", "volt": "volt"}
GAMES = tuple(GAME_PACKAGES)
MAX_ACTIONS = 100_000  # far above a two-hour game; the file size limit comes first
MAX_CARD_ID = 1000     # above any deck (RoboRally's has 84 cards); the hand decides the rest


MAX_CLOCK_SECONDS = 24 * 3600
"""The longest programming time a save may carry (VOLT's own bound, MAX_PROGRAMMING_MS)."""


@dataclass(frozen=True)
class ProgrammingClock:
    """The programming time seat `player` had used when the game was saved in the middle of
    its programming: VOLT's hot-seat clock (VT-5.2.8), the seconds RoboRally's timer had run
    (RR-5.7). A resumed game goes on from there instead of giving the player the time again
    (docs/saves.md). Not part of the log: the log says what was played, this how long the
    player has been thinking about the next action."""

    player: int
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "seconds": round(self.seconds, 3)}


@dataclass(frozen=True)
class ProgramChoices:
    """What RoboRally's seat `player` had set beside its registers when the game was saved in
    the middle of its programming, not yet locked in: a power down announced (RR-5.5) and
    the hand cards chosen for a spare-card option (its lock-in field, `flywheel` or
    `reserve`, to the card id; game.roborally.options.SPARE_FIELDS). The cards in the
    registers are in the log already (PlaceCard); these are not actions until the lock-in,
    so a resumed table sets them again from here (docs/saves.md)."""

    player: int
    power_down: bool = False
    spare: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player": self.player, "power_down": self.power_down}
        if self.spare:
            out["spare"] = dict(sorted(self.spare.items()))
        return out


TITLE_SEPARATOR = " · "
"""Between the parts of the title a game gives its save (`save_title`): the saves list
splits there to show the game's own words in the language of now."""
TITLE_MAX_LENGTH = 200
"""The longest title a save may have, the game's own (eight names of sixteen letters) and a
renamed one alike: the rename field takes as many characters as a save holds."""


def save_title(game: str, setting: str, players: Sequence[str]) -> str:
    """The title a game gives its save: the game, its board or variant, the players
    ("RoboRally · Ring Road · Anna – Ben")."""
    return TITLE_SEPARATOR.join((game, setting, " – ".join(players)))


PROGRESS_KEYS = ("turn", "round", "game", "games", "cards")
"""What a save's `progress` may say of where an unfinished game stands: RoboRally's turn,
VOLT's round, Robot Master's game of the match (of `games`) and the cards on its table. A
label for the list of saves only: resuming replays the log and finds the position itself."""

PROGRESS_MAX = 1_000_000


@dataclass
class SavedGame:
    game: str                                  # robot-master, roborally, volt
    setup: dict[str, Any]                      # players, variant, board, seed, options
    actions: list[dict[str, Any]] = field(default_factory=list)
    title: str = ""                            # shown in the list of saves
    saved_at: str = ""                         # ISO 8601, UTC
    finished: bool = False
    clock: ProgrammingClock | None = None      # saved in the middle of a player's programming
    program_choices: ProgramChoices | None = None   # the same, RoboRally's unconfirmed choices
    tentative: dict[str, Any] | None = None    # Robot Master's card laid but not confirmed
    winners: list[str] = field(default_factory=list)  # a finished game's: a team, or none
    progress: dict[str, int] = field(default_factory=dict)   # PROGRESS_KEYS: where it stands

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": f"{SAVE_FORMAT}/{SAVE_VERSION}", "game": self.game,
                               "title": self.title, "saved_at": self.saved_at or _now(),
                               "finished": self.finished}
        if self.winners:                      # before `setup`: the list of saves reads it
            out["winners"] = list(self.winners)
        if self.progress:
            out["progress"] = {key: self.progress[key] for key in PROGRESS_KEYS
                               if key in self.progress}
        out["setup"] = self.setup
        if self.clock is not None:
            out["clock"] = self.clock.to_dict()
        if self.program_choices is not None:
            out["program_choices"] = self.program_choices.to_dict()
        if self.tentative is not None:
            out["tentative"] = self.tentative
        out["actions"] = self.actions
        return out


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()


def local_time(saved_at: str) -> str:
    """`saved_at` (ISO 8601 in UTC, as saves write it) in the player's own time zone, to
    the minute: "2026-11-20 21:36". A time without a zone is taken as it stands, and text
    that is no time (a hand-edited save) is shown as written."""
    try:
        moment = _dt.datetime.fromisoformat(saved_at)
        if moment.tzinfo is not None:
            moment = moment.astimezone()
    except (ValueError, OverflowError, OSError):   # OSError: a year the system cannot place
        return saved_at
    return moment.strftime("%Y-%m-%d %H:%M")


def plain(value: Any) -> Any:
    """LineDict/LineList from the gate -> ordinary dicts and lists."""
    from game.data.yamlio import LineDict, LineList  # not at the top: see the module's head

    if isinstance(value, LineDict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, LineList):
        return [plain(v) for v in value]
    return value


def write_save(path: Path, saved: SavedGame) -> None:
    """Write `saved` to `path` atomically (and tidy temporaries earlier kills left).
    Raises OSError when the disk refuses."""
    write_atomically(path, save_text(saved))
    _remove_stale_temporaries(path)


def keep_as_save(autosave: Path, game: str) -> Path:
    """Rename a game's autosave like a Save and quit file, where the next game's autosave
    cannot overwrite it; the new path. Raises OSError when the system refuses."""
    kept = new_save_path(autosave.parent, game)
    os.replace(autosave, kept)
    return kept


def save_text(saved: SavedGame) -> str:
    """The text of the file `write_save` writes."""
    import yaml  # here, not at the top: the menu starts without YAML's 25 ms

    # libyaml's emitter writes the same text as the pure-Python one, several times faster
    # (a 1,200-action game: 0.4 s instead of 1.4 s on a busy machine).
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    return yaml.dump(saved.to_dict(), Dumper=dumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=None)


STALE_TEMPORARY_SECONDS = 60  # far longer than any write takes


def _remove_stale_temporaries(path: Path) -> None:
    """Temporary files of `path` that a kill or a power cut left behind (a clean write
    removes its own); a young one may belong to a write still under way elsewhere."""
    too_old = time.time() - STALE_TEMPORARY_SECONDS
    for stale in path.parent.glob(f".{glob_escape(path.stem)}-*.tmp"):
        try:
            if stale.stat().st_mtime < too_old:
                stale.unlink()
        except OSError:
            pass


def read_save(path: Path) -> SavedGame:
    """Read a save through the data gate. Raises DataError with a clear message when the
    file is damaged, hand-edited into nonsense, or from a newer version of the game."""
    from game.data.reader import Reader  # see the module's head

    return saved_game_from(Reader.from_file(path))


def saved_game_from(r: Reader) -> SavedGame:
    """The save in the root Reader `r` (game.data.reader.Reader): the format and version,
    then the keys every save has, each value checked for its type where a hand edit would
    otherwise surface only later, as a game that does not replay."""
    from game.data.files import version_problem  # see the module's head

    fmt_field = r.field("format")
    fmt = fmt_field.text(max_length=60)
    if fmt not in SAVE_FORMATS:
        raise fmt_field.error(version_problem(fmt, SAVE_FORMATS) or
                              _("{value} is not a saved game; expected {expected}").format(
                                  value=repr(fmt), expected=f"{SAVE_FORMAT}/{SAVE_VERSION}"))
    # Upgrades go here, one step per version (see _UPGRADES); none exist before v1.
    game = r.choice("game", GAMES)
    title = r.text("title", "", max_length=TITLE_MAX_LENGTH, allow_empty=True)
    saved_at = r.text("saved_at", "", max_length=40)
    finished = r.flag("finished", False)
    winners = [f.text(max_length=100) for f in r.items("winners", [], max_length=8)]
    progress = _progress_from(r.reader("progress", None))
    setup_reader = r.reader("setup")
    _check_setup(setup_reader)
    setup = plain(setup_reader.data)
    clock = _clock_from(r.reader("clock", None))
    choices = _choices_from(r.reader("program_choices", None))
    tentative_reader = r.reader("tentative", None)
    tentative = None if tentative_reader is None else plain(tentative_reader.data)
    actions = [plain(f.reader().data) for f in r.items("actions", [], max_length=MAX_ACTIONS)]
    r.done()
    return SavedGame(game, setup, actions, title, saved_at, finished, clock, choices, tentative,
                     winners, progress)


def _progress_from(r: Reader | None) -> dict[str, int]:
    """The optional `progress` label (PROGRESS_KEYS, each a whole number)."""
    if r is None:
        return {}
    found = {key: r.integer(key, None, min=0, max=PROGRESS_MAX) for key in PROGRESS_KEYS}
    r.done()
    return {key: value for key, value in found.items() if value is not None}


def _clock_from(r: Reader | None) -> ProgrammingClock | None:
    """The optional `clock` of a game saved mid-programming (absent in every other save)."""
    if r is None:
        return None
    player = r.integer("player", min=0, max=7)
    seconds = r.number("seconds", min=0, max=MAX_CLOCK_SECONDS)
    r.done()
    return ProgrammingClock(player, seconds)


def _choices_from(r: Reader | None) -> ProgramChoices | None:
    """The optional `program_choices` of a RoboRally game saved mid-programming. A spare
    card that is not in the player's hand when the game resumes is ignored there, as the
    table ignores one at lock-in."""
    if r is None:
        return None
    # RoboRally's option registry names the fields; imported only for a save that has them
    from game.roborally.options import SPARE_FIELDS

    player = r.integer("player", min=0, max=7)
    power_down = r.flag("power_down", False)
    spare: dict[str, int] = {}
    spare_reader = r.reader("spare", None)
    if spare_reader is not None:
        for which in SPARE_FIELDS:
            card = spare_reader.integer(which, None, min=0, max=MAX_CARD_ID)
            if card:
                spare[which] = card
        spare_reader.done()
    r.done()
    return ProgramChoices(player, power_down, spare)


def _check_setup(r: Reader) -> None:
    """The setup keys every game writes (players, variant, board, seed, options) have their
    types; a game may add keys of its own (Robot Master's `robot_master`)."""
    r.keys()  # every key is allowed: the games own the rest of the setup
    r.integer("seed")  # every game deals from it; a save cut short may lack it
    r.text("variant", None, max_length=60)
    r.text("board", None, max_length=4096)
    r.reader("options", None)
    for player in r.records("players", max_length=8):
        player.text("name", max_length=100, allow_empty=True)
        player.text("colour", max_length=40)
        player.text("bot_level", None, max_length=40)


def check_save(r: Reader, ctx: object) -> SavedGame:
    """`python main.py check` on a save: everything read_save checks, then that every action
    in the log is one the game knows, with the fields and value types it has (whether the
    log also replays shows when the game is resumed, which reports it)."""
    saved = saved_game_from(r)
    module = importlib.import_module(f"game.{GAME_PACKAGES[saved.game]}.actions")
    types: dict[str, type] = module.ACTION_TYPES
    logged = list(r.items("actions", []))
    tentative = r.optional("tentative")
    for item in logged + ([tentative] if tentative is not None else []):
        action = item.reader()
        kind = types[action.choice("type", sorted(types))]
        fields = {f.name: str(f.type) for f in dataclasses.fields(kind)}
        for name, hint in fields.items():
            _check_value(action.field(name), hint)
        action.done()
        try:
            module.action_from_dict(plain(action.data))
        except (ValueError, KeyError, TypeError) as exc:
            raise item.error(_("not a {game} action: {reason}").format(
                game=saved.game, reason=exc)) from None
    return saved


def _check_value(f: Any, hint: str) -> None:
    """The value types actions use (annotations as text: `int`, `Pos`, `tuple[int, ...]`)."""
    if hint in ("int", "PlayerId"):
        f.integer()
    elif hint == "bool":
        f.flag()
    elif hint == "str":
        f.text(allow_empty=True)
    elif hint in ("Pos", "Pos | None"):
        if not (hint.endswith("None") and f.is_null):
            f.pair(min=-1000, max=1000)
    elif hint == "tuple[int, ...]":
        for number in f.items():
            number.integer()
    elif hint == "tuple[tuple[int, ...], ...]":
        for inner in f.items():
            for number in inner.items():
                number.integer()


@dataclass(frozen=True)
class SaveSummary:
    """What the list of saves shows: read from the lines before `setup:`, in milliseconds
    even for a long game's save."""
    game: str
    title: str
    saved_at: str
    finished: bool
    winners: tuple[str, ...] = ()
    progress: tuple[tuple[str, int], ...] = ()     # (key, value) in PROGRESS_KEYS' order


class SaveEntry:
    """One file in the saves folder. The list needs only its summary; the whole save, which
    takes the data gate a second or more for a long RoboRally game, is read the first time
    `saved` or `problem` is asked for (to resume or replay it, or to say why it cannot be)."""

    def __init__(self, path: Path, summary: SaveSummary | None) -> None:
        self.path = path
        self.summary = summary
        self._full: tuple[SavedGame | None, str | None] | None = None

    def __repr__(self) -> str:
        return f"SaveEntry({self.path.name!r}, {self.summary!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, SaveEntry) and other.path == self.path
                and other.summary == self.summary)

    def __hash__(self) -> int:
        return hash((self.path, self.summary))

    @property
    def is_autosave(self) -> bool:
        return self.path.stem.startswith(AUTOSAVE_PREFIX)

    @property
    def saved(self) -> SavedGame | None:
        """The whole save, or None when it cannot be read (then `problem` says why)."""
        return self._read()[0]

    @property
    def problem(self) -> str | None:
        return self._read()[1]

    @property
    def unfinished(self) -> bool:
        """A game to continue. A save whose summary cannot be read counts, so that Continue
        lists it with its problem."""
        return self.summary is None or not self.summary.finished

    def _read(self) -> tuple[SavedGame | None, str | None]:
        if self._full is None:
            saved, problem = _read_whole(self.path)
            # A copy: whoever resumes or replays a save may change what they were given.
            self._full = (copy.deepcopy(saved), problem)
        return self._full


def list_saves(folder: Path) -> list[SaveEntry]:
    """Every save in `folder`, newest first; a damaged one is listed with its problem."""
    found = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
    entries = [SaveEntry(path, read_summary(path)) for path in found]
    return sorted(entries, key=lambda e: (e.summary.saved_at if e.summary else "",
                                          e.path.name), reverse=True)


SUMMARY_BYTES = 16_384


def read_summary(path: Path) -> SaveSummary | None:
    """The header keys write_save puts before `setup:`; None when they are not there as
    written (a damaged or hand-reordered file: the whole read then tells)."""
    import yaml  # see save_text

    try:
        head = read_head(path, SUMMARY_BYTES).decode("utf-8", errors="strict")
    except (OSError, UnicodeDecodeError):
        return None
    lines = []
    for line in head.split("\n"):
        if line.startswith(("setup:", "actions:")):
            break
        lines.append(line)
    else:
        return None                     # no setup within the first bytes: not as written
    try:
        data = yaml.safe_load("\n".join(lines))
    except (yaml.YAMLError, RecursionError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") not in SAVE_FORMATS:
        return None
    game, title = data.get("game"), data.get("title", "")
    saved_at, finished = data.get("saved_at", ""), data.get("finished", False)
    winners, progress = data.get("winners", []), data.get("progress", {})
    if (game not in GAMES or not isinstance(title, str) or not isinstance(saved_at, str)
            or not isinstance(finished, bool) or not isinstance(winners, list)
            or not all(isinstance(name, str) for name in winners)
            or not isinstance(progress, dict) or not set(progress) <= set(PROGRESS_KEYS)
            or not all(type(value) is int and 0 <= value <= PROGRESS_MAX
                       for value in progress.values())):
        return None
    return SaveSummary(game, title, saved_at, finished, tuple(winners),
                       tuple((key, progress[key]) for key in PROGRESS_KEYS if key in progress))


# Read again only when the file changed: the saves list and Continue ask repeatedly.
_READ: dict[Path, tuple[tuple[int, int, int], SavedGame | None, str | None]] = {}


def _read_whole(path: Path) -> tuple[SavedGame | None, str | None]:
    from game.data.errors import DataError  # see the module's head

    stamp = file_stamp(path) or (-1, -1, -1)  # a rewrite is a new file: a new inode
    known = _READ.get(path)
    if known is None or known[0] != stamp or stamp[0] == -1:
        try:
            known = (stamp, read_save(path), None)
        except DataError as exc:
            known = (stamp, None, str(exc.problems[0]))
        _READ[path] = known
    return known[1], known[2]


def autosave_path(folder: Path, game: str) -> Path:
    return folder / f"{AUTOSAVE_PREFIX}{game}.yaml"


def new_save_path(folder: Path, game: str) -> Path:
    stamp = _dt.datetime.now().strftime("%Y-%m-%d-%H%M%S")
    path = folder / f"{stamp}-{game}.yaml"
    number = 2
    while path.exists():
        path = folder / f"{stamp}-{game}-{number}.yaml"
        number += 1
    return path


class CrashMarker:
    """A file that exists while a game runs: found at the next start, it means the last
    session did not end cleanly, and the game offers the last autosave."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / CRASH_MARKER

    def crashed_last_time(self) -> bool:
        return self.path.exists()

    def start(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if os.path.lexists(self.path) and not is_regular_file(self.path):
                os.unlink(self.path)   # a FIFO here would block the write for good
            self.path.write_text(_now(), encoding="utf-8")
        except OSError:
            pass

    def clean_exit(self) -> None:
        try:
            self.path.unlink()
        except OSError:
            pass


# `python main.py check` reads saves like any other file (game/data/files.py).
CHECKERS: dict[str, Callable[[Any, Any], Any]] = {fmt: check_save for fmt in SAVE_FORMATS}
