"""The workbench's play test (issues 9 and 17): the game and players it starts on the open
file, and a course to play-test a lone board on.

A board without start squares is a part of a course, not a course, so the play test puts the
built-in docking bay south of it, as a designer would in a course file. That course is
written to `playtest/` in the user's data folder with a copy of the board beside it (a course
names its boards by stem, and finds one in its own folder first), so the game loads it like
any course and its messages name real files. No pygame."""

from __future__ import annotations

import json
from pathlib import Path

from game import paths
from game.data.yamlio import MAX_FILE_BYTES
from game.i18n import _
from game.roborally.model import Board
from game.safe_read import read_limited
from game.scenes.games import GAMES_BY_ID, GameSetup, PlayerSetup

DOCKING_BAY = "docking-bay"
DOCKING_BAY_SIZE = (12, 4)
PLAYTEST_FOLDER = "playtest"


class PlayTestRefused(ValueError):
    """The open file cannot be play-tested; the text says why, for the designer."""


def play_test_setup(game: str, path: Path, board: Board | None, bots: int,
                    seed: int) -> GameSetup:
    """The game to start on the file `path` of `game`: the designer against `bots` bots (the
    strongest level), or two people. `board`: the loaded RoboRally board or course, whose
    flags and start squares decide whether it plays as it is, with the docking bay attached,
    or not at all (PlayTestRefused)."""
    course = path
    if board is not None and not board.flags:
        raise PlayTestRefused(_("Play test needs at least one flag on this board (or play a "
                                "course that uses it)."))
    if board is not None and not board.starts:   # a part of a course: add the docks
        try:
            course = playtest_course(path, board.width, board.height)
        except (OSError, ValueError) as exc:
            raise PlayTestRefused(_("Cannot play-test this board: {reason}").format(
                reason=exc)) from None
    spec = GAMES_BY_ID[game]
    players = [PlayerSetup(_("Designer"), "red", None),
               PlayerSetup(_("Bot") if bots else _("Tester"), "blue",
                           spec.bot_levels[-1][0] if bots else None)]
    return GameSetup(game, players, spec.variants[0].id, course, seed=seed)


def playtest_course(board_path: Path, width: int, height: int) -> Path:
    """Write a course of the board in `board_path` (`width` × `height` squares) with the
    docking bay south of it, centred; return the course's path. Raises OSError."""
    folder = paths.user_data_dir() / PLAYTEST_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    stem = board_path.stem
    if stem == DOCKING_BAY:
        raise ValueError(_("the docking bay cannot be play-tested with itself attached"))
    copy = folder / f"{stem}.yaml"
    copy.write_bytes(read_limited(board_path, MAX_FILE_BYTES))
    bay_width = DOCKING_BAY_SIZE[0]
    board_x = max(0, (bay_width - width) // 2)
    bay_x = max(0, (width - bay_width) // 2)
    course = folder / f"{stem}-with-{DOCKING_BAY}.yaml"
    course.write_text(
        "# Written by the workbench's play test: the board above the docking bay.\n"
        "format: roborally-course/1\n"
        f"name: {json.dumps(stem + ' + docking bay')}\n"
        "players: [2, 8]\n"
        "boards:\n"
        f"  - {{board: {stem}, at: [{board_x}, 0]}}\n"
        f"  - {{board: {DOCKING_BAY}, at: [{bay_x}, {height}]}}\n", encoding="utf-8")
    return course
