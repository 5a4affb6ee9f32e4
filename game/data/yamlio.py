"""Safe YAML loading that keeps every value's line and column and refuses hostile input.

Refused, each with its place: files over MAX_FILE_BYTES, text that is not UTF-8, syntax
errors, duplicate keys, any tag beyond plain YAML (`!!python/object` and friends), keys that
are not plain text or numbers, nesting deeper than MAX_DEPTH, and alias bombs whose expansion
would exceed MAX_EXPANDED_NODES."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from game.data.errors import DataError

MAX_FILE_BYTES = 1_000_000
MAX_DEPTH = 64
MAX_EXPANDED_NODES = 200_000

_PLAIN_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null", "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
}


class LineDict(dict[Any, Any]):
    """A mapping that remembers where it and each of its keys and values stand (1-based)."""

    line: int = 0
    column: int = 0
    key_marks: dict[Any, tuple[int, int]]
    value_marks: dict[Any, tuple[int, int]]
    block_starts: dict[Any, tuple[int, int]]
    """For `key: |` block text: the line and column where its first content line starts."""


class LineList(list[Any]):
    """A sequence that remembers where it and each of its items stand (1-based)."""

    line: int = 0
    column: int = 0
    item_marks: list[tuple[int, int]]


def load_yaml(path: Path | str, *, display_name: str | None = None) -> Any:
    """Read and parse one file. Raises DataError (with FILE:LINE:COLUMN) on any problem."""
    path = Path(path)
    name = display_name or str(path)
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise DataError.at(name, 1, 1, f"cannot read the file ({exc.strerror or exc}); "
                           "give the path of a readable YAML file") from None
    if size > MAX_FILE_BYTES:
        raise DataError.at(name, 1, 1, f"the file is {size:,} bytes; "
                           f"at most {MAX_FILE_BYTES:,} bytes are allowed")
    if path.is_dir():
        raise DataError.at(name, 1, 1, "this is a folder; give a YAML file")
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DataError.at(name, 1, 1, f"cannot read the file ({exc.strerror or exc}); "
                           "give the path of a readable YAML file") from None
    return load_yaml_bytes(raw, name)


def load_yaml_bytes(raw: bytes, name: str) -> Any:
    if len(raw) > MAX_FILE_BYTES:
        raise DataError.at(name, 1, 1, f"the file is {len(raw):,} bytes; "
                           f"at most {MAX_FILE_BYTES:,} bytes are allowed")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise DataError.at(name, line, column,
                           "this byte is not UTF-8 text; save the file as UTF-8") from None
    return load_yaml_text(text, name)


def load_yaml_text(text: str, name: str) -> Any:
    """Parse YAML text into LineDict / LineList / scalars. Raises DataError."""
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise DataError.at(name, line, 1, "the file contains a NUL character; "
                           "a YAML file is plain text")
    loader = yaml.SafeLoader(text)
    loader.name = name
    try:
        try:
            node = loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = exc.problem or exc.context or "not valid YAML"
        if exc.context and exc.problem:
            what = f"{exc.context}, {exc.problem}"
        raise DataError.at(name, line, column, f"YAML syntax error: {what}; "
                           "check indentation, colons and brackets") from None
    except yaml.YAMLError as exc:
        raise DataError.at(name, 1, 1, f"YAML error: {exc}") from None
    except RecursionError:
        raise DataError.at(name, 1, 1, f"nesting is too deep; at most {MAX_DEPTH} "
                           "levels are allowed") from None
    if node is None:
        return None
    _check_expansion(node, name)
    return _Builder(loader, name).build(node, 1)


def _mark(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


def _check_expansion(root: yaml.Node, name: str) -> None:
    """Refuse alias bombs: count nodes as if every alias were written out in full."""
    sizes: dict[int, int] = {}
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    on_path: set[int] = set()
    while stack:
        node, children_done = stack.pop()
        key = id(node)
        if children_done:
            on_path.discard(key)
            total = 1 + sum(sizes[id(c)] for c in _children(node))
            sizes[key] = total
            if total > MAX_EXPANDED_NODES:
                line, column = _mark(node)
                raise DataError.at(name, line, column,
                                   "aliases here expand to more than "
                                   f"{MAX_EXPANDED_NODES:,} values; write the data out "
                                   "or use fewer nested aliases")
            continue
        if key in sizes:
            continue
        if key in on_path:
            line, column = _mark(node)
            raise DataError.at(name, line, column, "an alias refers to itself; "
                               "recursive data is not allowed")
        on_path.add(key)
        stack.append((node, True))
        for child in _children(node):
            if id(child) not in sizes:
                stack.append((child, False))


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    return []


def _block_start(node: yaml.ScalarNode) -> tuple[int, int]:
    """Where the first content line of a `|` or `>` block scalar starts (1-based)."""
    buffer = node.start_mark.buffer or ""
    line = node.start_mark.line + 1  # the content starts on the line after the indicator
    pointer = buffer.find("\n", node.start_mark.pointer)
    lines = buffer[pointer + 1:].split("\n") if pointer >= 0 else []
    for offset, text in enumerate(lines):
        if text.strip():
            return line + offset + 1, len(text) - len(text.lstrip(" ")) + 1
    return line + 1, 1


class _Builder:
    def __init__(self, loader: yaml.SafeLoader, name: str) -> None:
        self.loader = loader
        self.name = name

    def _error(self, node: yaml.Node, message: str) -> DataError:
        line, column = _mark(node)
        return DataError.at(self.name, line, column, message)

    def build(self, node: yaml.Node, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise self._error(node, f"nesting is too deep; at most {MAX_DEPTH} levels "
                              "are allowed")
        if node.tag not in _PLAIN_TAGS:
            raise self._error(node, f"the tag {node.tag.replace('tag:yaml.org,2002:', '!!')!r}"
                              " is not allowed; use plain YAML values (text, numbers, "
                              "true/false, lists and mappings)")
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, depth)
        if isinstance(node, yaml.SequenceNode):
            result = LineList()
            result.line, result.column = _mark(node)
            result.item_marks = []
            for child in node.value:
                result.append(self.build(child, depth + 1))
                result.item_marks.append(_mark(child))
            return result
        try:
            return self.loader.construct_object(node)
        except (yaml.YAMLError, ValueError, OverflowError) as exc:
            raise self._error(node, f"cannot read this value ({exc}); "
                              "write plain text or a number") from None

    def _mapping(self, node: yaml.MappingNode, depth: int) -> LineDict:
        try:
            self.loader.flatten_mapping(node)  # resolves `<<: *anchor` merge keys
        except yaml.MarkedYAMLError as exc:
            raise self._error(node, f"cannot merge here: {exc.problem}; '<<' takes a mapping "
                              "or a list of mappings") from None
        result = LineDict()
        result.line, result.column = _mark(node)
        result.key_marks = {}
        result.value_marks = {}
        result.block_starts = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag not in _PLAIN_TAGS:
                raise self._error(key_node, "a key must be plain text or a number; "
                                  "lists, mappings and tags cannot be keys")
            key = self.loader.construct_object(key_node)
            if key is None or isinstance(key, (bool, float)):
                raise self._error(key_node, f"{key_node.value!r} cannot be a key; "
                                  "use plain text or a whole number")
            if key in result:
                raise self._error(key_node, f"duplicate key {key!r}; each key may appear "
                                  "only once in a mapping")
            result[key] = self.build(value_node, depth + 1)
            result.key_marks[key] = _mark(key_node)
            result.value_marks[key] = _mark(value_node)
            if isinstance(value_node, yaml.ScalarNode) and value_node.style in ("|", ">"):
                result.block_starts[key] = _block_start(value_node)
        return result
