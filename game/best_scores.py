"""Robot Master's solo best scores (RM-8.3.3): a small JSON table in the user's data folder,
read and written here so the controllers stay free of files. No pygame."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Sequence

from game.i18n import _
from game.robotmaster import BestScore, merge_best_score
from game.safe_read import read_limited
from game.safe_write import write_atomically

BEST_SCORES_FILE = "robot-master-best-scores.json"
BEST_SCORES_VERSION = 1
BEST_SCORES_MAX_BYTES = 1_000_000  # a table of ten scores is a few hundred bytes


def best_scores_path(folder: Path) -> Path:
    return folder / BEST_SCORES_FILE


def load_best_scores(path: Path) -> list[BestScore]:
    """The stored table, highest first; an empty table when the file is missing or damaged
    (a damaged table is never worth stopping a game for)."""
    try:
        data = json.loads(read_limited(path, BEST_SCORES_MAX_BYTES).decode("utf-8"))
        entries = data["scores"] if data.get("format_version") == BEST_SCORES_VERSION else []
        table = [BestScore(int(e["score"]), str(e.get("name", "")), str(e.get("when", "")))
                 for e in entries]
    except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return []
    return sorted(table, key=lambda e: -e.score)


def save_best_scores(path: Path, table: Sequence[BestScore]) -> None:
    """Write the table atomically (a temporary file, then a rename).

    Raises:
        OSError: when the disk refuses.
    """
    data = {"format_version": BEST_SCORES_VERSION, "game": "robot-master",
            "scores": [{"score": e.score, "name": e.name, "when": e.when} for e in table]}
    write_atomically(path, json.dumps(data, indent=2))


def record_best_score(path: Path, entry: BestScore
                      ) -> tuple[list[BestScore], int | None, str | None]:
    """Merge `entry` into the stored table and write it back. Returns the table, the rank
    the entry got (None: not in the table) and a warning when the file could not be
    written (the game goes on)."""
    table, rank = merge_best_score(load_best_scores(path), entry)
    try:
        save_best_scores(path, table)
    except OSError as exc:
        return table, rank, _("cannot save the best scores to {path}: {reason}").format(
            path=path, reason=exc.strerror or exc)
    return table, rank, None
