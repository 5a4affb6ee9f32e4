"""What a save needs before it can be resumed or replayed (issue 17): a setup its game knows
(variant, bot levels, options), and the board it was played on, unchanged.

A RoboRally or VOLT save names its course or arena by path and keeps a fingerprint of the
board as played (`board_fingerprint`, game/saves.py): a hash of the loaded board, so an edit
that changes nothing a game sees (a comment, the order of keys) does not count as a change.
A save whose board is gone says so; one whose board changed asks before resuming, because
the same moves on another board make another game."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import paths
from game.controllers.base import UnreadableAction
from game.core.serial import unstructure
from game.data.errors import DataError
from game.data.files import load_any
from game.i18n import _
from game.safe_read import is_regular_file
from game.saves import SavedGame
from game.scenes.games import GAMES_BY_ID, GameSpec

FINGERPRINT_KEY = "board_fingerprint"
BOARD_NAME_KEYS = {"roborally": "course", "volt": "arena"}
"""The setup key that names the board by file stem, for a save moved to another computer."""
DEFAULT_BOARDS = {"roborally": "sunday-drive", "volt": "twin-yards"}
"""What a game plays on when its setup names no board (the scenes' own defaults)."""


def board_fingerprint(model: Any) -> str:
    """A hash of a loaded board, course or arena: equal for equal boards on any computer and
    in any run (sets are sorted, so Python's hash seed does not matter)."""
    text = json.dumps(unstructure(played_board(model)), sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def played_board(model: Any) -> Any:
    """The board a game plays on: a course's assembled board, else the model itself."""
    board = getattr(model, "board", None)
    return board if board is not None and hasattr(board, "width") else model


def setup_problem(saved: SavedGame) -> str | None:
    """Why the game cannot take this save's setup (a variant, bot level or option it does
    not have: a hand edit, or a save from another version), or None."""
    spec = GAMES_BY_ID.get(saved.game)
    if spec is None:
        return None
    title = _(spec.title)
    variants = [v.id for v in spec.variants]
    variant = saved.setup.get("variant")
    if variant is not None and variant not in variants:
        return _("This save's variant {value!r} is not one {game} has ({known}); it may have "
                 "been edited.").format(value=variant, game=title, known=", ".join(variants))
    levels = [level for level, _label in spec.bot_levels]
    for player in saved.setup.get("players") or []:
        level = player.get("bot_level") if isinstance(player, dict) else None
        if level is not None and level not in levels and level not in spec.older_bot_levels:
            return _("Player {name!r} in this save has the bot level {value!r}, which {game} "
                     "does not have ({known}); it may have been edited.").format(
                name=player.get("name", ""), value=level, game=title, known=", ".join(levels))
    options = saved.setup.get("options") or {}
    for key in options:
        if key not in spec.option_keys:
            known = ", ".join(spec.option_keys) or _("none")
            return _("This save has the option {value!r}, which {game} does not have "
                     "({known}); it may have been edited.").format(value=key, game=title,
                                                                  known=known)
    return None


def saved_board_path(saved: SavedGame) -> Path | None:
    """The board file the save was played on: its saved path, else a file of the same name
    among the player's boards and the built-in ones (a save moved to another computer).
    None for a game without boards or when no such file exists."""
    spec = GAMES_BY_ID.get(saved.game)
    if spec is None or spec.board_format is None:
        return None
    board = saved.setup.get("board")
    if board and is_regular_file(str(board)):
        return Path(str(board))
    stem = saved_board_name(saved, spec)
    if "/" in stem or "\\" in stem or ".." in stem:
        return None                     # not a name a board file has (FORMATS.md names)
    for folder in (paths.user_boards_dir() / spec.board_folder, paths.user_boards_dir(),
                   paths.builtin_boards_dir() / spec.board_folder):
        candidate = folder / f"{stem}.yaml"
        if is_regular_file(candidate):
            return candidate
    return None


def saved_board_name(saved: SavedGame, spec: GameSpec) -> str:
    named = saved.setup.get(BOARD_NAME_KEYS.get(spec.id, ""))
    board = saved.setup.get("board")
    return str(named or (Path(str(board)).stem if board else DEFAULT_BOARDS.get(spec.id, "")))


@dataclass(frozen=True)
class BoardCheck:
    """`gone` or `changed` (each with the message for the player), or neither."""

    gone: str | None = None
    changed: str | None = None


def board_check(saved: SavedGame) -> BoardCheck:
    """Whether the board this save was played on is still there, and still the same."""
    spec = GAMES_BY_ID.get(saved.game)
    if spec is None or spec.board_format is None or not saved.setup.get("board"):
        return BoardCheck()
    name = saved_board_name(saved, spec)
    path = saved_board_path(saved)
    if path is None:
        return BoardCheck(gone=_(
            "The board {name!r} of this game is gone: {path} no longer exists, nor any "
            "board of that name.").format(name=name, path=saved.setup.get("board")))
    expected = saved.setup.get(FINGERPRINT_KEY)
    if not isinstance(expected, str):
        return BoardCheck()        # saved before boards had fingerprints: nothing to compare
    try:
        _fmt, model = load_any(path)
    except DataError as exc:
        return BoardCheck(gone=_("The board {name!r} this game was played on cannot be "
                                 "loaded any more: {problem}").format(
            name=name, problem=exc.problems[0] if exc.problems else exc))
    if board_fingerprint(model) != expected:
        return BoardCheck(changed=_(
            "The board {name!r} ({path}) changed since this game was saved, so the same moves "
            "may make another game.").format(name=name, path=path))
    return BoardCheck()


_OBJECT_NAME = re.compile(r"\b[A-Z]\w*\(")
_ACTION_NUMBER = re.compile(r"^action (\d+): ")
_INTERNAL_ERRORS = (TypeError, KeyError, AttributeError, IndexError)


def replay_failure(exc: BaseException) -> str:
    """Why a save does not replay, in the player's words: the action by its number and the
    engine's reason with its objects named, not printed whole; an action (or a setup) of a
    shape this game cannot read says so rather than showing Python's own message."""
    text = str(exc)
    number = _ACTION_NUMBER.match(text)
    chain = [exc]
    while chain[-1].__cause__ is not None:
        chain.append(chain[-1].__cause__)
    unreadable = any(isinstance(e, UnreadableAction) for e in chain) or \
        isinstance(chain[-1], _INTERNAL_ERRORS)
    if number is None:          # every action is numbered: this is the setup above them
        return _("a setup this game cannot read") if unreadable else \
            _("the setup: {reason}").format(reason=text)
    reason = _("an action this game cannot read") if unreadable else \
        _without_object_fields(text[number.end():])
    return _("action {number}: {reason}").format(number=number.group(1), reason=reason)


def _without_object_fields(text: str) -> str:
    """`Deal(hands=((1, 2), (3, 4))) is not legal` -> `Deal is not legal`."""
    out = []
    position = 0
    for match in _OBJECT_NAME.finditer(text):
        if match.start() < position:
            continue                           # inside an object already dropped
        depth, end = 0, match.end() - 1
        for end in range(match.end() - 1, len(text)):
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            if depth == 0:
                break
        out.append(text[position:match.end() - 1])
        position = end + 1
    out.append(text[position:])
    return "".join(out)
