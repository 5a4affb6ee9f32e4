"""One entry per game moment in the list of saves.

Save and quit writes a named save right after the game's autosave of the same position (or
a few moves later): the list would show the game twice, "saved 20:36" and "autosave 20:36".
An autosave whose whole game, setup and every action, is the start of a named save of the
same game (as new or newer) adds nothing the named save lacks, so the list leaves it out.
Likewise Save and quit in a game resumed from a named save writes over that save
(`continued_save`) rather than adding a second entry for the same game, and so does the
game's end (`finish_continued_save`), so that no save offers to resume a finished game.
The comparison is on the files' text: the `setup:` block, and the `actions:` log, which
write_save dumps the same way every time; reading bytes takes milliseconds where the data
gate takes seconds for a long game. What a save holds beside them (a programming clock, a
card laid but not confirmed) is the moment's, not the game's, and is left out of it. The
same comparison tells whether a finished game in an autosave file is the game about to be
written there (`keep_finished_autosave`). Pure: no pygame."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from game.saves import (SavedGame, SaveEntry, keep_as_save, list_saves, read_summary, save_text,
                        write_save)

SETUP_MARK = b"\nsetup:"
ACTIONS_MARK = b"\nactions:"
EMPTY_LOG = b"\nactions: []\n"
TOP_LEVEL_KEY = re.compile(rb"\n[a-z_]+:")
"""A key of the save's own mapping: write_save indents everything below it."""

GameText = tuple[bytes, bytes]
"""A save's game as text: its `setup:` block and its `actions:` log, from the key on."""


def game_text(path: Path) -> GameText | None:
    """The save's setup and action log as text, None when unreadable."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    return _game_of(data)


def _game_of(data: bytes) -> GameText | None:
    start = data.find(SETUP_MARK)
    if start < 0:
        return None
    end = TOP_LEVEL_KEY.search(data, start + len(SETUP_MARK))
    actions = data.find(ACTIONS_MARK, start)
    if end is None or actions < 0:
        return None
    return data[start:end.start()], data[actions:]


def _continues(older: GameText, newer: GameText) -> bool:
    """`newer` holds the game of `older`: the same setup, and the same log or the same with
    more actions (an empty log dumps as `actions: []`, which no longer log starts with)."""
    if older[0] != newer[0]:
        return False
    return older[1] == EMPTY_LOG or newer[1].startswith(older[1])


def keep_finished_autosave(path: Path, saved: SavedGame) -> None:
    """Before `saved` is written to the autosave `path`: a finished game there that `saved`
    would overwrite becomes a save of its own (renamed as Save and quit names one), so every
    finished game can still be watched as a replay. Raises OSError when it cannot be kept
    (the autosave is then not written either: nothing is lost)."""
    summary = read_summary(path)
    if summary is None or not summary.finished:
        return
    if saved.finished:         # the same game saved again at its end? (never before its end)
        own, new = game_text(path), _game_of(save_text(saved).encode("utf-8"))
        if own is not None and new is not None and _continues(own, new):
            return
    named = [e for e in list_saves(path.parent) if not e.is_autosave and e.summary is not None]
    if _superseded(SaveEntry(path, summary), named):
        return                 # a named save holds it already (`finish_continued_save`)
    keep_as_save(path, summary.game)


class SaveFileError(OSError):
    """A write to `path` failed: a file other than the one its caller was asked to write."""

    def __init__(self, path: Path, cause: OSError) -> None:
        super().__init__(cause.errno, cause.strerror or str(cause))
        self.path = path


def finish_continued_save(folder: Path, saved: SavedGame) -> None:
    """`saved`, a game just finished, in the named save it was resumed from (keeping its
    title): otherwise that save would still offer to resume a game that is over, and
    Continue would start on it. Raises SaveFileError, naming that save, when the disk
    refuses."""
    continued = continued_save(folder, saved)
    if continued is not None and continued.summary is not None:
        try:
            write_save(continued.path,
                       replace(saved, title=continued.summary.title or saved.title))
        except OSError as exc:
            raise SaveFileError(continued.path, exc) from exc


def continued_save(folder: Path, saved: SavedGame) -> SaveEntry | None:
    """The newest named save in `folder` of a game still to be played that `saved` goes on
    from (resumed from it, or saved before without quitting), which Save and quit writes
    over: one entry per game. None when `saved` continues none."""
    candidates = [entry for entry in list_saves(folder) if not entry.is_autosave
                  and entry.summary is not None and entry.summary.game == saved.game
                  and not entry.summary.finished]
    if not candidates:
        return None         # no save to compare with: spare the dump (a long game's 0.1 s)
    new = _game_of(save_text(saved).encode("utf-8"))
    if new is None:
        return None
    for entry in candidates:
        own = game_text(entry.path)
        if own is not None and _continues(own, new):
            return entry
    return None


def one_per_moment(entries: list[SaveEntry]) -> list[SaveEntry]:
    """`entries` (newest first) without the autosaves a named save already holds."""
    named = [e for e in entries if not e.is_autosave and e.summary is not None]
    kept = []
    for entry in entries:
        if entry.is_autosave and entry.summary is not None and _superseded(entry, named):
            continue
        kept.append(entry)
    return kept


def _superseded(autosave: SaveEntry, named: list[SaveEntry]) -> bool:
    assert autosave.summary is not None
    candidates = [e for e in named if e.summary is not None
                  and e.summary.game == autosave.summary.game
                  and e.summary.saved_at >= autosave.summary.saved_at]
    if not candidates:
        return False
    own = game_text(autosave.path)
    if own is None:
        return False
    return any((text := game_text(e.path)) is not None and _continues(own, text)
               for e in candidates)
