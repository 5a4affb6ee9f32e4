"""One entry per game moment in the list of saves.

Save and quit writes a named save right after the game's autosave of the same position (or
a few moves later): the list would show the game twice, "saved 20:36" and "autosave 20:36".
An autosave whose whole game, setup and every action, is the start of a named save of the
same game (as new or newer) adds nothing the named save lacks, so the list leaves it out.
The comparison is on the files' text from `setup:` on, which write_save dumps the same way
every time; reading bytes takes milliseconds where the data gate takes seconds for a long
game. Pure: no pygame."""

from __future__ import annotations

from pathlib import Path

from game.saves import SaveEntry

SETUP_MARK = b"\nsetup:"


def game_text(path: Path) -> bytes | None:
    """The save's text from `setup:` on (its setup and action log), None when unreadable."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    start = data.find(SETUP_MARK)
    return None if start < 0 else data[start:]


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
