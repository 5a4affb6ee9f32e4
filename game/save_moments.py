"""One entry per game moment in the list of saves.

Save and quit writes a named save right after the game's autosave of the same position (or
a few moves later): the list would show the game twice, "saved 20:36" and "autosave 20:36".
An autosave whose whole game, setup and every action, is the start of a named save of the
same game (as new or newer) adds nothing the named save lacks, so the list leaves it out.
The comparison is on the files' text from `setup:` on, which write_save dumps the same way
every time; reading bytes takes milliseconds where the data gate takes seconds for a long
game. The same comparison tells whether a finished game in an autosave file is the game
about to be written there (`keep_finished_autosave`). Pure: no pygame."""

from __future__ import annotations

from pathlib import Path

from game.saves import SavedGame, SaveEntry, keep_as_save, read_summary, save_text

SETUP_MARK = b"\nsetup:"


def game_text(path: Path) -> bytes | None:
    """The save's text from `setup:` on (its setup and action log), None when unreadable."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    return _from_setup(data)


def _from_setup(data: bytes) -> bytes | None:
    start = data.find(SETUP_MARK)
    return None if start < 0 else data[start:]


def keep_finished_autosave(path: Path, saved: SavedGame) -> None:
    """Before `saved` is written to the autosave `path`: a finished game there that `saved`
    would overwrite becomes a save of its own (renamed as Save and quit names one), so every
    finished game can still be watched as a replay. Raises OSError when it cannot be kept
    (the autosave is then not written either: nothing is lost)."""
    summary = read_summary(path)
    if summary is None or not summary.finished:
        return
    if saved.finished:         # the same game saved again at its end? (never before its end)
        own, new = game_text(path), _from_setup(save_text(saved).encode("utf-8"))
        if own is not None and new is not None and _continues(own, new):
            return
    keep_as_save(path, summary.game)


def _continues(autosave: bytes, named: bytes) -> bool:
    """`named` holds the game of `autosave`: the same text, or the same with more actions
    (an empty log dumps as `actions: []`, which no longer log starts with)."""
    if named == autosave:
        return True
    empty_log = b"actions: []\n"
    if autosave.endswith(empty_log):
        return named.startswith(autosave[:-len(empty_log)] + b"actions:\n")
    return named.startswith(autosave)


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
