"""Typed, path-aware access to loaded YAML: every read names its type and, on failure, says
where the value is, what is wrong and what is allowed (FORMATS.md, STYLE.md §8.8).

    r = Reader.from_file(path)
    width, height = r.pair("size", min=1, max=40)
    for er in r.records("elements"):
        kind = er.choice("type", ["conveyor", "gear"])
        ...
        er.done()
    r.done()
"""

from __future__ import annotations

import enum
import re
from pathlib import Path
from typing import Any, Iterator, Sequence, TypeVar

from game.core.types import Pos
from game.data.errors import DataError
from game.data.yamlio import LineDict, LineList, load_yaml, load_yaml_text
from game.i18n import _

E = TypeVar("E", bound=enum.Enum)
_MISSING: Any = object()
MAX_TEXT_LENGTH = 2000
_NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_. -]*$")


def _describe(value: Any) -> str:
    if value is None:
        return _("nothing (null)")
    if isinstance(value, bool):
        return _("{value} (true/false)").format(value=str(value).lower())
    if isinstance(value, LineDict):
        return _("a mapping")
    if isinstance(value, LineList):
        return _("a list")
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return repr(shown)
    return repr(value)


def tokens_with_columns(row: str) -> list[tuple[str, int]]:
    """The blank-separated tokens of a map row, each with its 0-based offset in the row."""
    return [(match.group(), match.start()) for match in re.finditer(r"\S+", row)]


class Field:
    """One value in a file, with its place and its path (`elements[3].dir`)."""

    def __init__(self, value: Any, file: str, path: str, line: int, column: int,
                 block_start: tuple[int, int] | None = None) -> None:
        self.value = value
        self.file = file
        self.path = path
        self.line = line
        self.column = column
        self.block_start = block_start

    def text_lines(self) -> list[tuple[str, int, int]]:
        """The lines of a text value, each with the file line and column where it starts
        (exact for `|` block text, the usual way to write a map; otherwise the value's own
        place), so a mistake in row 7 of a map is reported on row 7's line."""
        text = self.text(max_length=200_000)
        rows = text.rstrip("\n").split("\n")
        if self.block_start is None:
            return [(row, self.line, self.column) for row in rows]
        first_line, column = self.block_start
        return [(row, first_line + i, column) for i, row in enumerate(rows)]

    def error_at(self, line: int, column: int, message: str,
                 square: tuple[int, int] | None = None) -> DataError:
        """A DataError at a place inside this value (e.g. one token of a map row, which is
        map `square` (x, y))."""
        where = f"{self.path}: " if self.path else ""
        return DataError.at(self.file, line, column, where + message, square)

    # -- errors --------------------------------------------------------------------------
    def error(self, message: str) -> DataError:
        """A DataError at this value: `FILE:LINE:COLUMN: PATH: message`."""
        where = f"{self.path}: " if self.path else ""
        return DataError.at(self.file, self.line, self.column, where + message)

    def _out_of_range(self, lo: float | None, hi: float | None) -> DataError:
        return self.error(_("{value} is out of range; allowed: {allowed}").format(
            value=self.value, allowed=_range(lo, hi)))

    def _wrong(self, expected: str) -> DataError:
        return self.error(_("expected {expected}, got {got}").format(
            expected=expected, got=_describe(self.value)))

    # -- typed views ---------------------------------------------------------------------
    @property
    def is_null(self) -> bool:
        return self.value is None

    def text(self, *, max_length: int = MAX_TEXT_LENGTH, allow_empty: bool = False) -> str:
        if not isinstance(self.value, str):
            raise self._wrong(_("text"))
        if not allow_empty and not self.value.strip():
            raise self.error(_("expected text, got an empty string"))
        if len(self.value) > max_length:
            raise self.error(_("text of {length} characters is too long; at most {limit} are "
                               "allowed").format(length=f"{len(self.value):,}",
                                                 limit=f"{max_length:,}"))
        return self.value

    def name(self) -> str:
        """A reference to another file by its stem (FORMATS.md): no `/`, `\\` or `..`."""
        value = self.text(max_length=100)
        if "/" in value or "\\" in value or ".." in value:
            raise self.error(_("{value} is not a file name; name a file by its stem, "
                               "without '/', '\\' or '..'").format(value=repr(value)))
        if not _NAME_PATTERN.match(value):
            raise self.error(_("{value} is not a file name; use letters, digits, '-', '_' "
                               "and '.'").format(value=repr(value)))
        return value

    def integer(self, *, min: int | None = None, max: int | None = None) -> int:
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise self._wrong(_range_words(_("a whole number"), min, max))
        if (min is not None and self.value < min) or (max is not None and self.value > max):
            raise self._out_of_range(min, max)
        return self.value

    def number(self, *, min: float | None = None, max: float | None = None) -> float:
        if isinstance(self.value, bool) or not isinstance(self.value, (int, float)):
            raise self._wrong(_("a number"))
        if (min is not None and self.value < min) or (max is not None and self.value > max):
            raise self._out_of_range(min, max)
        return float(self.value)

    def flag(self) -> bool:
        if not isinstance(self.value, bool):
            raise self._wrong(_("true or false"))
        return self.value

    def choice(self, options: Sequence[str] | type[E]) -> Any:
        """One of `options` (strings, or an Enum whose values are the YAML spellings)."""
        if isinstance(options, type) and issubclass(options, enum.Enum):
            allowed = [str(m.value) for m in options]
            if isinstance(self.value, str) and self.value in allowed:
                return options(self.value)
        else:
            allowed = list(options)
            if isinstance(self.value, str) and self.value in allowed:
                return self.value
        raise self.error(_("{value} is not allowed here; expected one of {allowed}").format(
            value=_describe(self.value), allowed=", ".join(sorted(allowed))))

    def items(self, *, min_length: int = 0, max_length: int = 10_000) -> list[Field]:
        if not isinstance(self.value, LineList):
            raise self._wrong(_("a list"))
        if not min_length <= len(self.value) <= max_length:
            raise self.error(_("a list of {count} items; allowed: {allowed} items").format(
                count=len(self.value), allowed=_range(min_length, max_length)))
        return [Field(v, self.file, f"{self.path}[{i}]", *self.value.item_marks[i])
                for i, v in enumerate(self.value)]

    def reader(self) -> Reader:
        if not isinstance(self.value, LineDict):
            raise self._wrong(_("a mapping (key: value lines or {key: value})"))
        return Reader(self.value, self.file, self.path)

    def pair(self, *, min: int, max: int) -> tuple[int, int]:
        """`[a, b]`, both whole numbers in min..max."""
        parts = self._fixed_list(2, _("a pair [a, b]"))
        return parts[0].integer(min=min, max=max), parts[1].integer(min=min, max=max)

    def position(self, width: int, height: int) -> Pos:
        """`[x, y]` inside a width × height grid."""
        parts = self._fixed_list(2, _("a position [x, y]"))
        x, y = parts[0].value, parts[1].value
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (x, y)):
            raise self._wrong(_("a position [x, y] of whole numbers"))
        if not (0 <= x < width and 0 <= y < height):
            raise self.error(_("[{x}, {y}] is off the grid; allowed: x 0..{last_x}, "
                               "y 0..{last_y}").format(x=x, y=y, last_x=width - 1,
                                                       last_y=height - 1))
        return Pos(x, y)

    def _fixed_list(self, length: int, expected: str) -> list[Field]:
        if not isinstance(self.value, LineList) or len(self.value) != length:
            raise self._wrong(expected)
        return self.items()


class Reader:
    """A mapping in a file. Reads keys by type; `done()` rejects keys nobody read."""

    def __init__(self, data: LineDict, file: str, path: str = "") -> None:
        self.data = data
        self.file = file
        self.path = path
        self._read: set[Any] = set()

    @classmethod
    def from_file(cls, path: Path | str, *, display_name: str | None = None) -> Reader:
        """Load `path` through the gate; the top level must be a mapping."""
        name = display_name or str(path)
        return cls._root(load_yaml(path, display_name=name), name)

    @classmethod
    def from_text(cls, text: str, name: str) -> Reader:
        return cls._root(load_yaml_text(text, name), name)

    @classmethod
    def _root(cls, data: Any, name: str) -> Reader:
        if data is None:
            raise DataError.at(name, 1, 1, _("the file is empty; expected a mapping that "
                                             "starts with 'format:'"))
        if not isinstance(data, LineDict):
            line, column = getattr(data, "line", 1), getattr(data, "column", 1)
            raise DataError.at(name, line, column, _(
                "expected a mapping of keys at the top of the file, got {got}").format(
                    got=_describe(data)))
        return cls(data, name)

    # -- places and errors ---------------------------------------------------------------
    def _child_path(self, key: Any) -> str:
        return f"{self.path}.{key}" if self.path else str(key)

    def error(self, message: str, key: Any = None) -> DataError:
        """A DataError at `key` (or at this mapping when key is None)."""
        if key is not None and key in self.data:
            line, column = self.data.key_marks[key]
            return DataError.at(self.file, line, column, f"{self._child_path(key)}: {message}")
        where = f"{self.path}: " if self.path else ""
        return DataError.at(self.file, self.data.line, self.data.column, where + message)

    # -- access --------------------------------------------------------------------------
    def has(self, key: Any) -> bool:
        return key in self.data

    def keys(self) -> list[Any]:
        """Every key, in file order, each marked as read (for mappings keyed by names)."""
        self._read.update(self.data)
        return list(self.data)

    def field(self, key: Any) -> Field:
        """The value at `key`; a missing key is an error naming it."""
        if key not in self.data:
            raise self.error(_("missing key {key}; it is required here").format(key=repr(key)))
        self._read.add(key)
        return Field(self.data[key], self.file, self._child_path(key),
                     *self.data.value_marks[key],
                     block_start=self.data.block_starts.get(key))

    def optional(self, key: Any) -> Field | None:
        """The value at `key`, or None when the key is absent or null."""
        if key not in self.data:
            self._read.add(key)  # asked for: listed among the allowed keys
            return None
        f = self.field(key)
        return None if f.is_null else f

    def _get(self, key: Any, default: Any) -> Field | None:
        if default is not _MISSING and (key not in self.data or self.data[key] is None):
            self._read.add(key)
            return None
        return self.field(key)

    def text(self, key: Any, default: Any = _MISSING, *,
             max_length: int = MAX_TEXT_LENGTH, allow_empty: bool = False) -> Any:
        f = self._get(key, default)
        return default if f is None else f.text(max_length=max_length, allow_empty=allow_empty)

    def name(self, key: Any, default: Any = _MISSING) -> Any:
        f = self._get(key, default)
        return default if f is None else f.name()

    def integer(self, key: Any, default: Any = _MISSING, *, min: int | None = None,
                max: int | None = None) -> Any:
        f = self._get(key, default)
        return default if f is None else f.integer(min=min, max=max)

    def number(self, key: Any, default: Any = _MISSING, *, min: float | None = None,
               max: float | None = None) -> Any:
        f = self._get(key, default)
        return default if f is None else f.number(min=min, max=max)

    def flag(self, key: Any, default: Any = _MISSING) -> Any:
        f = self._get(key, default)
        return default if f is None else f.flag()

    def choice(self, key: Any, options: Sequence[str] | type[E],
               default: Any = _MISSING) -> Any:
        f = self._get(key, default)
        return default if f is None else f.choice(options)

    def pair(self, key: Any, *, min: int, max: int, default: Any = _MISSING) -> Any:
        f = self._get(key, default)
        return default if f is None else f.pair(min=min, max=max)

    def position(self, key: Any, width: int, height: int, default: Any = _MISSING) -> Any:
        f = self._get(key, default)
        return default if f is None else f.position(width, height)

    def items(self, key: Any, default: Any = _MISSING, *, min_length: int = 0,
              max_length: int = 10_000) -> Any:
        f = self._get(key, default)
        return default if f is None else f.items(min_length=min_length,
                                                 max_length=max_length)

    def records(self, key: Any, *, required: bool = False,
                max_length: int = 10_000) -> list[Reader]:
        """A list of mappings (absent means none unless `required`)."""
        f = self.field(key) if required else self.optional(key)
        if f is None:
            self._read.add(key)
            return []
        return [item.reader() for item in f.items(max_length=max_length)]

    def reader(self, key: Any, default: Any = _MISSING) -> Any:
        f = self._get(key, default)
        return default if f is None else f.reader()

    def __iter__(self) -> Iterator[tuple[Any, Field]]:
        for key in self.keys():
            yield key, self.field(key)

    def done(self) -> None:
        """Refuse keys that no read asked for, listing what is allowed here."""
        unknown = [k for k in self.data if k not in self._read]
        if unknown:
            allowed = ", ".join(sorted(str(k) for k in self._read)) or _("none")
            key = unknown[0]
            raise self.error(_("unknown key {key}; allowed here: {allowed}").format(
                key=repr(key), allowed=allowed), key)

    def expect_done(self, allowed: Sequence[str]) -> None:
        """Like done(), but lists `allowed` (every key the format knows, read or not)."""
        unknown = [k for k in self.data if k not in allowed]
        if unknown:
            key = unknown[0]
            raise self.error(_("unknown key {key}; allowed here: {allowed}").format(
                key=repr(key), allowed=", ".join(sorted(allowed))), key)


def _range(lo: float | None, hi: float | None) -> str:
    if lo is not None and hi is not None:
        return f"{lo}..{hi}"
    if lo is not None:
        return _("{low} or more").format(low=lo)
    if hi is not None:
        return _("{high} or less").format(high=hi)
    return _("any")


def _range_words(what: str, lo: int | None, hi: int | None) -> str:
    return what if lo is None and hi is None else _("{what} in {allowed}").format(
        what=what, allowed=_range(lo, hi))
