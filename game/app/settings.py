"""The player's settings, kept as JSON in the user's data folder.

A broken or hand-edited settings file never stops the game: bad values fall back to their
defaults and the problems are reported once (pygame_gui's tolerant-theme approach)."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.i18n import LANGUAGES, _, speaking
from game.safe_read import UnreadableFile, decode_text, is_regular_file, read_limited
from game.safe_write import write_atomically

ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
ANIMATION_FACTORS = {"slow": 0.5, "normal": 1.0, "fast": 2.5, "instant": 0.0}
MIN_WINDOW = (800, 450)
MAX_WINDOW = (7680, 4320)
MAX_SETTINGS_BYTES = 100_000  # the settings take a few hundred bytes
MAX_KEPT_ASIDE = 9


@dataclass
class Settings:
    language: str = "en"
    animation_speed: str = "normal"
    fullscreen: bool = False
    volume: float = 0.7
    muted: bool = False     # the mute key (M); the volume is kept for when sound returns
    window_size: list[int] = field(default_factory=lambda: [1280, 720])
    setups: dict[str, Any] = field(default_factory=dict)
    """Each game's last setup choices (game/scenes/setup_memory.py checks them on use)."""
    guides_seen: list[str] = field(default_factory=list)   # first-turn guides dismissed

    @property
    def animation_factor(self) -> float:
        """How fast animations play (0 = instant)."""
        return ANIMATION_FACTORS[self.animation_speed]

    @classmethod
    def load(cls, path: Path) -> tuple[Settings, list[str]]:
        """Read settings; return them with a list of warnings (never raises), in the language
        the settings name (English when the file names none), as the game will speak it.

        A file that cannot be read as settings is moved aside to `settings.json.bad` (the
        defaults would otherwise overwrite it at exit) and the warning says where it went."""
        settings = cls()
        if not os.path.lexists(path):
            return settings, []
        try:
            raw = decode_text(read_limited(path, MAX_SETTINGS_BYTES))
            data = json.loads(raw)
        except UnreadableFile as exc:
            if is_regular_file(path):            # oversize: still the player's file
                return settings, [_keep_aside(path, str(exc))]
            return settings, [_("{path}: {problem}; using the default settings").format(
                path=path, problem=exc)]
        except OSError as exc:
            return settings, [_("{path}: cannot read the settings ({reason}); using the "
                                "defaults").format(path=path, reason=exc.strerror or exc)]
        except RecursionError:
            return settings, [_keep_aside(path, _("the settings nest too deeply"))]
        except ValueError as exc:
            return settings, [_keep_aside(path, _("not readable as settings: {reason}")
                                          .format(reason=exc))]
        if not isinstance(data, dict):
            return settings, [_keep_aside(path, _("the settings are not a JSON object"))]
        raw_settings: dict[str, Any] = data
        with speaking(_offered(raw_settings.get("language")) or settings.language):
            return settings, _take(settings, raw_settings, path)

    def save(self, path: Path) -> str | None:
        """Write atomically (temporary file, then rename); return a warning on failure."""
        try:
            write_atomically(path, json.dumps(asdict(self), indent=2))
        except OSError as exc:
            return _("cannot save the settings to {path}: {reason}").format(
                path=path, reason=exc.strerror or exc)
        return None


def saved_language(path: Path) -> str | None:
    """The language the settings file at `path` names, if it names one the game offers;
    None otherwise. Only reads: for a message printed before the game starts (the file is
    checked, and a broken one kept aside, when the game loads its settings)."""
    try:
        data = json.loads(decode_text(read_limited(path, MAX_SETTINGS_BYTES)))
    except (UnreadableFile, OSError, RecursionError, ValueError):
        return None
    return _offered(data.get("language")) if isinstance(data, dict) else None


def _offered(language: Any) -> str | None:
    """`language` as read from a settings file, when it is one the game offers."""
    # (a list or table in the file must not reach `in`: it cannot be looked up in a dict)
    return language if isinstance(language, str) and language in LANGUAGES else None


def _take(settings: Settings, raw_settings: dict[str, Any], path: Path) -> list[str]:
    """Set each good value of `raw_settings` on `settings`; a warning for each bad one."""
    warnings = []
    known = {f.name for f in fields(Settings)}
    for key, value in raw_settings.items():
        if key not in known:
            warnings.append(_("{path}: unknown setting {key} ignored").format(
                path=path, key=repr(key)))
            continue
        problem = _check(key, value)
        if problem:
            warnings.append(_("{path}: {key}: {problem}; using the default").format(
                path=path, key=key, problem=problem))
        else:
            setattr(settings, key, list(value) if isinstance(value, list) else value)
    return warnings


def _keep_aside(path: Path, reason: str) -> str:
    """Move an unreadable settings file to the first free `NAME.bad`, `NAME.bad-2`, ... and
    return the warning for the player."""
    for number in range(1, MAX_KEPT_ASIDE + 1):
        aside = path.with_name(path.name + (".bad" if number == 1 else f".bad-{number}"))
        if os.path.lexists(aside):
            continue
        try:
            os.replace(path, aside)
        except OSError as exc:
            return _("{path}: {reason}; it could not be kept aside ({why}) and will be "
                     "replaced by the default settings").format(
                path=path, reason=reason, why=exc.strerror or exc)
        return _("{path}: {reason}; the file was kept as {aside}; using the defaults").format(
            path=path, reason=reason, aside=aside.name)
    return _("{path}: {reason}; {count} unreadable settings files are kept already, so this "
             "one will be replaced by the default settings").format(
        path=path, reason=reason, count=MAX_KEPT_ASIDE)


def _check(key: str, value: Any) -> str | None:
    if key == "language":
        return None if _offered(value) \
            else _("expected one of {choices}").format(choices=", ".join(LANGUAGES))
    if key == "animation_speed":      # (a list or table must not reach `in`, as above)
        return None if isinstance(value, str) and value in ANIMATION_SPEEDS \
            else _("expected one of {choices}").format(choices=", ".join(ANIMATION_SPEEDS))
    if key in ("fullscreen", "muted"):
        return None if isinstance(value, bool) else _("expected true or false")
    if key == "volume":
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1
        return None if ok else _("expected a number from 0 to 1")
    if key == "window_size":
        ok = (isinstance(value, list) and len(value) == 2
              and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
              and MIN_WINDOW[0] <= value[0] <= MAX_WINDOW[0]
              and MIN_WINDOW[1] <= value[1] <= MAX_WINDOW[1])
        return None if ok else _("expected [width, height] within {least}..{most}").format(
            least=f"{MIN_WINDOW[0]}x{MIN_WINDOW[1]}", most=f"{MAX_WINDOW[0]}x{MAX_WINDOW[1]}")
    if key == "setups":
        ok = isinstance(value, dict) and all(isinstance(game, str) and isinstance(choices, dict)
                                             for game, choices in value.items())
        return None if ok else _("expected a table of each game's setup choices")
    if key == "guides_seen":
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
        return None if ok else _("expected a list of game names")
    return "unknown"
