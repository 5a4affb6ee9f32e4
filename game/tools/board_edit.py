"""Editing a board or arena file in place for the workbench's paint mode (issue 9).

The file is read and written with ruamel.yaml's round-trip mode, so the designer's comments,
key order and flow style survive; only the painted square's map row, the wall list or the
element list change. Pure (no pygame); every edit is checked by the data gate before it is
written, so paint mode never leaves a file that `check` refuses."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import LiteralScalarString

from game.core.types import Direction
from game.data.errors import DataError
from game.data.files import FileContext, read_format, registry
from game.data.reader import Reader
from game.safe_read import decode_text, read_limited
from game.safe_write import write_atomically
from game.data.yamlio import MAX_FILE_BYTES

OPPOSITE_STEP = {"N": (0, -1, "S"), "S": (0, 1, "N"), "E": (1, 0, "W"), "W": (-1, 0, "E")}


def _yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def _flow_seq(items: list[Any]) -> CommentedSeq:
    seq = CommentedSeq(items)
    seq.fa.set_flow_style()
    return seq


def _flow_map(items: dict[str, Any]) -> CommentedMap:
    result = CommentedMap()
    for key, value in items.items():
        result[key] = _flow_seq(value) if isinstance(value, list) else value
    result.fa.set_flow_style()
    return result


class BoardDocument:
    """A board/arena file opened for painting."""

    def __init__(self, text: str) -> None:
        self.yaml = _yaml()
        self.data: CommentedMap = self.yaml.load(text)
        if not isinstance(self.data, CommentedMap) or "size" not in self.data:
            raise ValueError("not a board or arena file (no size)")

    @classmethod
    def open(cls, path: Path) -> BoardDocument:
        """Raises OSError (UnreadableFile for a FIFO, a device or an oversize file) or
        ValueError (not UTF-8 or UTF-16 text, not a board)."""
        return cls(decode_text(read_limited(path, MAX_FILE_BYTES)))

    @property
    def size(self) -> tuple[int, int]:
        width, height = self.data["size"]
        return int(width), int(height)

    # -- the map -------------------------------------------------------------------------------
    def map_rows(self) -> list[list[str]] | None:
        text = self.data.get("map")
        if text is None:
            return None
        return [row.split() for row in str(text).rstrip("\n").split("\n")]

    def _pitch(self) -> int:
        """The distance between token starts in the existing rows (the file's alignment)."""
        text = str(self.data.get("map", ""))
        for row in text.split("\n"):
            stripped = row.strip()
            if " " in stripped:
                first_gap_end = len(stripped) - len(stripped[stripped.index(" "):].lstrip(" "))
                return max(2, first_gap_end)
        return 3

    def set_token(self, x: int, y: int, token: str) -> None:
        """Put `token` (a FORMATS.md map token) on square (x, y), creating the map if the file
        has none (every square floor)."""
        width, height = self.size
        if not (0 <= x < width and 0 <= y < height):
            raise ValueError(f"[{x}, {y}] is off the board")
        rows = self.map_rows()
        text = str(self.data["map"]) if rows is not None else None
        if rows is None:
            rows = [["."] * width for _ in range(height)]
            lines = [""] * height
        else:
            assert text is not None
            lines = text.rstrip("\n").split("\n")
        rows[y][x] = token
        pitch = max(self._pitch(), max(len(t) for row in rows for t in row) + 1)
        lines[y] = "".join(t.ljust(pitch) for t in rows[y]).rstrip()
        if text is None:
            lines = ["".join(t.ljust(pitch) for t in row).rstrip() for row in rows]
            self._insert_after("size", "map", LiteralScalarString("\n".join(lines) + "\n"))
        else:
            self.data["map"] = LiteralScalarString("\n".join(lines) + "\n")

    def _insert_after(self, anchor: str, key: str, value: Any) -> None:
        keys = list(self.data.keys())
        position = keys.index(anchor) + 1 if anchor in keys else len(keys)
        self.data.insert(position, key, value)

    # -- walls ---------------------------------------------------------------------------------
    def walls(self) -> set[tuple[int, int, str]]:
        """The walls, each normalised to the N or W side of a square."""
        return {_normal(int(w[0]), int(w[1]), str(w[2])) for w in self.data.get("walls") or []}

    def toggle_wall(self, x: int, y: int, side: Direction) -> bool:
        """Add the wall on `side` of (x, y), or remove it if it is there (either spelling).
        Returns True when the wall is there afterwards."""
        target = _normal(x, y, side.value)
        walls = self.data.get("walls")
        if walls is not None:
            for index, wall in enumerate(list(walls)):
                if _normal(int(wall[0]), int(wall[1]), str(wall[2])) == target:
                    del walls[index]
                    return False
        if walls is None:
            walls = _flow_seq([])
            self._insert_after("map" if "map" in self.data else "size", "walls", walls)
            walls = self.data["walls"]
        walls.append(_flow_seq([x, y, side.value]))
        return True

    # -- elements --------------------------------------------------------------------------------
    def add_element(self, element: dict[str, Any]) -> None:
        """Append an element record in flow style; a mounted element on the same square and
        side, or a floor element of the same square, is replaced."""
        elements = self.data.get("elements")
        if elements is None:
            self.data["elements"] = CommentedSeq()
            elements = self.data["elements"]
        for index, existing in enumerate(list(elements)):
            same_square = list(existing.get("at", [])) == list(element["at"])
            same_side = existing.get("wall") == element.get("wall")
            if same_square and same_side and existing.get("type") == element["type"]:
                del elements[index]
                break
        elements.append(_flow_map(element))

    def remove_elements_at(self, x: int, y: int) -> int:
        """Remove every element record on (x, y); returns how many."""
        elements = self.data.get("elements") or []
        doomed = [i for i, e in enumerate(elements) if list(e.get("at", [])) == [x, y]]
        for index in reversed(doomed):
            del elements[index]
        return len(doomed)

    # -- writing ---------------------------------------------------------------------------------
    def dumps(self) -> str:
        buffer = io.StringIO()
        self.yaml.dump(self.data, buffer)
        return buffer.getvalue()

    def problems(self, path: Path) -> list[str]:
        """What `check` would say about the edited text (empty when it is good)."""

        reg = registry()
        try:
            r = Reader.from_text(self.dumps(), str(path))
            fmt = read_format(r, reg.checkers, "check")
            reg.checkers[fmt](r, FileContext.for_file(path))
        except DataError as exc:
            return [str(p) for p in exc.problems]
        return []

    def save(self, path: Path) -> None:
        """Write atomically (temporary file, then rename)."""
        write_atomically(path, self.dumps())


def _normal(x: int, y: int, side: str) -> tuple[int, int, str]:
    if side in ("S", "E"):
        dx, dy, other = OPPOSITE_STEP[side]
        return x + dx, y + dy, other
    return x, y, side
