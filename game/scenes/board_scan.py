"""The boards the setup screen offers (issues 17 and 18): the built-in ones, then the
player's, each checked by the data gate, read once and then kept while unchanged.

Reading a hundred courses takes the gate about a second, so the setup screen asks a
`BoardScan`, which reads them on a background thread and reports its progress while the
window goes on drawing. A file is read again only when it, or a board it names, changed
(its inode, modification time or size): opening the setup a second time costs a `stat` per
file. A file is listed under its own game only: by its `format:`, or, when not even that can
be read, by the game folder it lies in (in the common folder, under every game with boards).
Pure: no pygame."""

from __future__ import annotations

import dataclasses
import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from game import paths
from game.data.errors import DataError
from game.data.files import Checker, FileContext, registry
from game.data.reader import Reader
from game.i18n import current_language
from game.safe_read import decode_text, file_stamp, read_head
from game.scenes.games import GameSpec

SNIFF_BYTES = 4096
_FORMAT_LINE = re.compile(r"^format:\s*[\"']?([A-Za-z0-9_./-]+)", re.MULTILINE)
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class BoardChoice:
    path: Path
    name: str               # what the file calls itself
    players: tuple[int, int] | None
    problem: str | None     # the first error message (FILE:LINE:COLUMN) when it does not load
    builtin: bool


Stamp = tuple[int, int, int] | None


@dataclass(frozen=True)
class _Known:
    """What reading a file gave, and the stamps it was read at (its own and its boards')."""

    stamp: Stamp
    used: tuple[tuple[Path, Stamp], ...]
    choice: BoardChoice | None      # None: not a board of this game

    def still_valid(self, stamp: Stamp) -> bool:
        return stamp is not None and stamp == self.stamp and all(
            file_stamp(path) == used for path, used in self.used)


_KNOWN: dict[tuple[str, Path, str], _Known] = {}
"""Per (game, file, language): what the last read gave (a broken file's message is in the
language it was read in)."""
_LOADED: dict[Any, Any] = {}
"""Boards that courses name, shared by every scan (keyed by path and stamp)."""
LOADED_LIMIT = 1000  # boards kept at most; a designer's edits each add one
_LOCK = threading.Lock()


def board_files(spec: GameSpec) -> list[tuple[bool, Path]]:
    """(built-in?, path) of every YAML file the setup looks at for `spec`, in list order."""
    found: list[tuple[bool, Path]] = []
    for builtin, folder in ((True, paths.builtin_boards_dir() / spec.board_folder),
                            (False, paths.user_boards_dir() / spec.board_folder),
                            (False, paths.user_boards_dir())):
        try:
            found += [(builtin, path) for path in sorted(folder.glob("*.yaml"))]
        except OSError:
            continue
    return found


def board_choices(spec: GameSpec, progress: Progress | None = None) -> list[BoardChoice]:
    """The boards on offer for `spec` (none for a game without boards); `progress(done,
    total)` is called after each file."""
    if spec.board_format is None:
        return []
    checker = registry().checkers.get(spec.board_format)
    files = board_files(spec)
    choices = []
    for number, (builtin, path) in enumerate(files, start=1):
        choice = _choice(spec, path, builtin, checker)
        if choice is not None:
            choices.append(choice)
        if progress is not None:
            progress(number, len(files))
    return choices


def _choice(spec: GameSpec, path: Path, builtin: bool, checker: Checker | None
            ) -> BoardChoice | None:
    key = (spec.id, path, current_language())
    stamp = file_stamp(path)
    with _LOCK:
        known = _KNOWN.get(key)
    if known is not None and known.still_valid(stamp):
        return known.choice
    if len(_LOADED) > LOADED_LIMIT:
        _LOADED.clear()
    ctx = dataclasses.replace(FileContext.for_file(path), loaded=_LOADED, used=[])
    choice = _read_choice(spec, path, builtin, ctx, checker)
    used = tuple((p, file_stamp(p)) for p in ctx.used or [])
    with _LOCK:
        _KNOWN[key] = _Known(stamp, used, choice)
    return choice


def _read_choice(spec: GameSpec, path: Path, builtin: bool, ctx: FileContext,
                 checker: Checker | None) -> BoardChoice | None:
    fmt: str | None = None
    try:
        r = Reader.from_file(path)
        fmt = r.text("format", "")
        if fmt != spec.board_format:
            return None
        name = r.text("name", path.stem)
        players = tuple(r.pair("players", min=1, max=8)) if r.has("players") else None
        if checker is not None:
            model = checker(r, ctx)
            players = players or _seat_range(model)
        return BoardChoice(path, name, players, None, builtin)
    except DataError as exc:
        if not _belongs_to(spec, path, fmt):
            return None
        return BoardChoice(path, path.stem, None, str(exc.problems[0]), builtin)


def _belongs_to(spec: GameSpec, path: Path, fmt: str | None) -> bool:
    """Whether a file that does not load is `spec`'s: its format says so, or, when that
    cannot be read, the folder does (the common folder: every game's)."""
    fmt = fmt or _sniffed_format(path)
    if fmt:
        return fmt == spec.board_format
    return path.parent.name == spec.board_folder or path.parent == paths.user_boards_dir()


def _sniffed_format(path: Path) -> str | None:
    """The `format:` a broken file means, read from its first lines as text."""
    try:
        head = decode_text(read_head(path, SNIFF_BYTES), errors="replace")
    except OSError:
        return None
    match = _FORMAT_LINE.search(head.lstrip("\ufeff"))
    return match.group(1) if match else None


def _seat_range(model: Any) -> tuple[int, int] | None:
    """The player counts a file without a `players:` key allows, read from its seats: a VOLT
    arena seats one operator per side that has start fields (two at least to play)."""
    starts = getattr(model, "starts", None)
    if not isinstance(starts, tuple):
        return None
    sides = sum(1 for entry in starts
                if isinstance(entry, tuple) and len(entry) == 2 and entry[1])
    return (min(2, sides), sides) if sides else None


class BoardScan:
    """`board_choices(spec)` on a background thread: `done` and `total` tell the progress,
    `choices` the result once `finished`. A scan whose files are all known and unchanged
    finishes before the constructor returns, so a second visit shows the list at once.

    `notify(finished)`, when given, is called on the scan's thread after each file (False)
    and at the end (True); the setup screen wakes the main loop with it."""

    def __init__(self, spec: GameSpec, notify: Callable[[bool], None] | None = None) -> None:
        self.spec = spec
        self.notify = notify
        self.done = 0
        self.total = 0
        self.choices: list[BoardChoice] = []
        self.finished = threading.Event()
        if _all_known(spec):
            self.choices = board_choices(spec)
            self.finished.set()
            return
        self._thread = threading.Thread(target=self._run, name="board-scan", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self.choices = board_choices(self.spec, self._progress)
        finally:
            self.finished.set()
            if self.notify is not None:
                self.notify(True)

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        if self.notify is not None:
            self.notify(False)

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the scan has finished (at most `timeout` s); True if it has."""
        return self.finished.wait(timeout)


def _all_known(spec: GameSpec) -> bool:
    if spec.board_format is None:
        return True
    with _LOCK:
        known = [(_KNOWN.get((spec.id, path, current_language())), path)
                 for _, path in board_files(spec)]
    return all(k is not None and k.still_valid(file_stamp(p)) for k, p in known)
