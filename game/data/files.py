"""Finding files by name and dispatching a file on its `format:` key.

Each game package registers what it can read in a pure module `game/<game>/files.py`
(saved games in `game/saves.py`):

    CHECKERS: dict[str, Callable[[Reader, FileContext], object]]
        format -> load and validate a whole file (the root Reader, `format` already read);
        returns the loaded model, raises DataError.
    SIMULATORS: dict[str, Callable[[Reader, FileContext], ScenarioOutcome]]
        scenario format -> run the scenario (game.data.scenario.ScenarioOutcome).
    GROUNDS: dict[str, Callable[[Reader, FileContext], ScenarioGround]]
        scenario format -> the board or arena the scenario is played on and its robots
        where they start (game.data.scenario.ScenarioGround; the workbench draws it);
        raises DataError.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, TypeVar

from game import paths
from game.core.optional_modules import optional_module
from game.data.errors import DataError
from game.data.reader import Field, Reader
from game.i18n import _
from game.safe_read import file_stamp

GAME_FILE_MODULES = ("game.robotmaster.files", "game.roborally.files", "game.volt.files",
                     "game.saves")
"""The modules that register formats (saved games too); a game whose module does not exist
yet is skipped."""


T = TypeVar("T")


@dataclass(frozen=True)
class FileContext:
    """Where a file stands, so it can name other files by stem (FORMATS.md).

    `loaded`, when given, is a memo shared by the checks of many files (the setup list): a
    board that ten courses use is read once while it stays unchanged. `used`, when given,
    collects the other files this file's check read, so a cache can tell when it is stale."""

    folder: Path | None
    search_path: tuple[Path, ...] = field(default_factory=tuple)
    loaded: dict[Any, Any] | None = field(default=None, compare=False)
    used: list[Path] | None = field(default=None, compare=False)

    @classmethod
    def for_file(cls, path: Path | None) -> FileContext:

        return cls(path.parent if path is not None else None,
                   (paths.user_boards_dir(), paths.builtin_boards_dir()))

    def resolve(self, name_field: Field, subfolder: str) -> Path:
        """The file a `board: NAME` style reference means: the same folder first, then the
        user's board folder, then the built-in one (each with `subfolder`, e.g. 'roborally').

        Raises DataError at the reference when no such file exists."""
        stem = name_field.name()
        candidates: list[Path] = []
        if self.folder is not None:
            candidates.append(self.folder / f"{stem}.yaml")
        for root in self.search_path:
            candidates.append(root / subfolder / f"{stem}.yaml")
            candidates.append(root / f"{stem}.yaml")
        for candidate in candidates:
            if self.used is not None:   # a file added here later would be found instead
                self.used.append(candidate)
            if candidate.is_file():
                return candidate
        raise name_field.error(_("no file named {name} (looked for {file} next to this file, "
                                 "in your board folder and among the built-in boards)").format(
                                     name=repr(stem), file=f"{stem}.yaml"))


    def load_named(self, path: Path, load: Callable[[Path], T]) -> T:
        """`load(path)` for a file this one names (after `resolve`), remembered in `loaded`
        while the file is unchanged. Raises what `load` raises (failures are not kept)."""
        if self.used is not None:
            self.used.append(path)
        if self.loaded is None:
            return load(path)
        key = (path, file_stamp(path))
        if key not in self.loaded:
            self.loaded[key] = load(path)
        return self.loaded[key]  # type: ignore[no-any-return]


Checker = Callable[[Reader, FileContext], Any]


@dataclass
class Registry:
    checkers: dict[str, Checker] = field(default_factory=dict)
    simulators: dict[str, Checker] = field(default_factory=dict)
    grounds: dict[str, Checker] = field(default_factory=dict)


def registry() -> Registry:
    """Every format the installed game packages can read."""
    reg = Registry()
    for module_name in GAME_FILE_MODULES:
        module = optional_module(module_name)
        if module is None:
            continue
        reg.checkers.update(getattr(module, "CHECKERS", {}))
        reg.simulators.update(getattr(module, "SIMULATORS", {}))
        reg.grounds.update(getattr(module, "GROUNDS", {}))
    return reg


def read_format(r: Reader, known: dict[str, Any], purpose: str) -> str:
    """Read the `format:` key and check that `known` has it; the message lists the rest."""
    f = r.field("format")
    value = f.text(max_length=100)
    if value not in known:
        problem = version_problem(value, known)
        if problem:
            raise f.error(problem)
        if not known:
            raise f.error(_("{purpose} does not support the format {value}; supported: none "
                            "yet").format(purpose=purpose, value=repr(value)))
        raise f.error(_("{purpose} does not support the format {value}; supported: "
                        "{supported}").format(purpose=purpose, value=repr(value),
                                              supported=", ".join(sorted(known))))
    return value


def version_problem(value: str, known: Iterable[str]) -> str | None:
    """Why `value` cannot be read when it is another version of a known format (`NAME/N`):
    a file from a newer Robot Games, or an old one no upgrade exists for; else None."""
    name, _slash, version = value.partition("/")
    versions = sorted(int(v) for k in known for n, _sep, v in [k.partition("/")]
                      if n == name and v.isdigit())
    if not versions or not version.isdigit():
        return None
    if int(version) > versions[-1]:
        return _("{value} was written by a newer version of Robot Games; this version reads "
                 "{name} up to version {version}").format(
                     value=repr(value), name=name, version=versions[-1])
    readable = ", ".join(f"{name}/{v}" for v in versions)
    return _("{value} is an old version this Robot Games cannot read; it reads "
             "{readable}").format(value=repr(value), readable=readable)


def load_any(path: Path, reg: Registry | None = None) -> tuple[str, Any]:
    """Load and validate any known file; returns (format, model). Raises DataError."""
    reg = reg or registry()
    r = Reader.from_file(path)
    fmt = read_format(r, {**reg.checkers, **reg.simulators}, "check")
    checker = reg.checkers.get(fmt)
    if checker is None:  # a scenario: validating it means reading it without running
        return fmt, None
    return fmt, checker(r, FileContext.for_file(path))


__all__ = ["DataError", "FileContext", "Registry", "load_any", "read_format", "registry"]
