"""Safe YAML loading that keeps every value's line and column and refuses hostile input.

Refused, each with its place: files over MAX_FILE_BYTES, text that is not UTF-8, UTF-16 or
UTF-32 (what YAML 1.2 asks readers to read, 5.2), syntax errors, duplicate keys, any tag
beyond plain YAML (`!!python/object` and friends), keys that are not plain text or numbers,
nesting deeper than MAX_DEPTH, and alias bombs whose expansion would exceed
MAX_EXPANDED_NODES."""

from __future__ import annotations

import gc
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import yaml

from game.data.errors import DataError
from game.i18n import _
from game.safe_read import UnreadableFile, read_limited, text_encoding

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
        raw = read_limited(path, MAX_FILE_BYTES)
    except UnreadableFile as exc:
        raise DataError.at(name, 1, 1, str(exc)) from None
    except OSError as exc:
        raise DataError.at(name, 1, 1, _("cannot read the file ({reason}); give the path of a readable YAML file").format(
                               reason=exc.strerror or exc)) from None
    return load_yaml_bytes(raw, name)


def load_yaml_bytes(raw: bytes, name: str) -> Any:
    if len(raw) > MAX_FILE_BYTES:
        raise DataError.at(name, 1, 1, _("the file is {size} bytes; at most {limit} bytes are allowed").format(
                               size=f"{len(raw):,}", limit=f"{MAX_FILE_BYTES:,}"))
    encoding = text_encoding(raw)
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError as exc:
        before = raw[: exc.start].decode(encoding, errors="replace").lstrip("\ufeff")
        line = before.count("\n") + 1
        column = len(before) - (before.rfind("\n") + 1) + 1
        problem = (_("this byte is not UTF-8 text; save the file as UTF-8")
                   if encoding == "utf-8-sig" else
                   _("the file begins as {encoding} text but breaks off here; save the file "
                     "as UTF-8").format(encoding=encoding[:6].upper()))
        raise DataError.at(name, line, column, problem) from None
    return load_yaml_text(text, name)


def load_yaml_text(text: str, name: str, *, use_libyaml: bool = True) -> Any:
    """Parse YAML text into LineDict / LineList / scalars. Raises DataError.

    `use_libyaml=False` reads with PyYAML's Python parser alone: the reference that the
    libyaml path must match value for value and message for message."""
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise DataError.at(name, line, 1, _("the file contains a NUL character; a YAML file is plain text"))
    with _collector_paused():
        fast = _compose_with_libyaml(text, name) if use_libyaml else None
        if fast is not None:
            loader, node, plain_tree = fast
        else:
            (loader, node), plain_tree = _compose_in_python(text, name), False
        if node is None:
            return None
        if not plain_tree:
            _check_expansion(node, name)
        return _Builder(loader, name, text).build(node, 1)


def reads_with_libyaml(text: str) -> bool:
    """Whether load_yaml_text reads `text` with libyaml's parser (several times faster on
    long saves) rather than falling back to PyYAML's Python one."""
    return _compose_with_libyaml(text, "<text>") is not None


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector off while the trees are built: a long save makes ~100,000
    nodes and values, none of them garbage, and the collector would walk them all again and
    again (half the reading time of a 3,000-action save). Another thread that paused it
    first turns it back on when that one is done."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _compose_in_python(text: str, name: str) -> tuple[yaml.SafeLoader, yaml.Node | None]:
    """PyYAML's own scanner, parser and composer, all in Python: slow (a 300 KB save takes
    about a second) but the source of every syntax-error message the gate gives."""
    try:
        loader = yaml.SafeLoader(text)  # refuses control characters at once
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        raise DataError.at(name, line, column, _("the character {code} is not allowed in YAML text; delete it").format(
                               code=f"#x{exc.character:04X}")) from None
    loader.name = name
    try:
        try:
            return loader, loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = exc.problem or exc.context or "not valid YAML"
        if exc.context and exc.problem:
            what = f"{exc.context}, {exc.problem}"
        raise DataError.at(name, line, column, _("YAML syntax error: {what}; check indentation, colons and brackets").format(
                               what=what)) from None
    except yaml.YAMLError as exc:
        raise DataError.at(name, 1, 1, _("YAML error: {reason}").format(reason=exc)) from None
    except RecursionError:
        raise DataError.at(name, 1, 1, _("nesting is too deep; at most {depth} levels are allowed").format(
                               depth=MAX_DEPTH)) from None


# Text the two parsers read differently takes the Python path: line breaks other than \n
# and \r\n (new lines for the parsers, not for _block_start's search of the text), a
# byte-order mark inside the text (it does not move PyYAML's column), and tabs (libyaml
# takes them as spaces between tokens where PyYAML refuses them).
_PYTHON_ONLY_TEXT = re.compile("\r(?!\n)|[\x85\u2028\u2029\ufeff\t]")
# A block text header PyYAML accepts: `|` or `>`, chomping and indentation indicators, then
# a space or the line's end (libyaml also takes `|#comment`).
_BLOCK_HEADER = re.compile("[|>](?:[+-][1-9]?|[1-9][+-]?)?(?:[ \r\n]|$)")


class _UsePython(Exception):
    """The libyaml path cannot give exactly what the Python path gives: use that instead."""


def _compose_with_libyaml(text: str, name: str) -> tuple[Any, yaml.Node | None, bool] | None:
    """The same nodes PyYAML's composer builds, from libyaml's parse events (several times
    faster than PyYAML's Python scanner and parser). None when libyaml is missing, the text
    is not valid YAML, or it nests deeper than MAX_DEPTH: the Python path then reads it and
    gives today's messages, word for word. The flag says the tree has no aliases and at most
    MAX_EXPANDED_NODES nodes, so _check_expansion can find nothing in it."""
    if not getattr(yaml, "__with_libyaml__", False) or _PYTHON_ONLY_TEXT.search(text):
        return None
    try:
        loader = yaml.CSafeLoader(text)  # encodes the text to UTF-8: lone surrogates fail
    except UnicodeError:
        return None
    loader.name = name  # type: ignore[attr-defined]  # libyaml's Reader has it; the stubs miss it
    try:
        try:
            counts = [0, 0]  # nodes, aliases
            return loader, _compose_events(loader, text, counts), \
                counts[1] == 0 and counts[0] <= MAX_EXPANDED_NODES
        finally:
            loader.dispose()
    except (_UsePython, yaml.YAMLError, UnicodeError):
        return None


def _compose_events(loader: Any, text: str, counts: list[int]) -> yaml.Node | None:
    """Composer.get_single_node without recursion: libyaml's own composer recurses in C and
    crashes the process on text nested ~100,000 levels deep, so nodes are built here with an
    explicit stack, and nesting deeper than MAX_DEPTH stops at once (the file is refused
    anyway; the Python path finds which message it gets)."""
    if loader.yaml_path_resolvers:
        raise _UsePython
    loader.get_event()  # StreamStartEvent
    root: yaml.Node | None = None
    if not loader.check_event(yaml.StreamEndEvent):
        loader.get_event()  # DocumentStartEvent
        root = _compose_document(loader, text, counts)
        loader.get_event()  # DocumentEndEvent
    if not loader.check_event(yaml.StreamEndEvent):
        raise _UsePython  # a second document: the Python path words the error
    loader.get_event()
    return root


_NO_KEY = object()


def _compose_document(loader: Any, text: str, counts: list[int]) -> yaml.Node:
    """One document's nodes; counts[0] += nodes made, counts[1] += aliases met."""
    anchors: dict[str, yaml.Node] = {}
    resolve = loader.resolve
    scalar_tags: dict[tuple[str, Any], str] = {}  # resolving is a regex search each time
    line_offsets: list[int] = []

    def offset(mark: Any) -> int:
        """Where a libyaml mark stands in `text` (only \n and \r\n break lines here)."""
        if not line_offsets:
            line_offsets.append(0)
            line_offsets.extend(m.end() for m in re.finditer("\n", text))
        if mark.line >= len(line_offsets):
            raise _UsePython
        return line_offsets[int(mark.line)] + int(mark.column)

    # one entry per open collection: [node, its key still waiting for a value]
    open_nodes: list[list[Any]] = []
    while True:
        event = loader.get_event()
        kind = type(event)
        node: yaml.Node
        if kind is yaml.AliasEvent:
            if event.anchor not in anchors:
                raise _UsePython
            node = anchors[event.anchor]
            counts[1] += 1
        elif kind is yaml.SequenceEndEvent or kind is yaml.MappingEndEvent:
            node = open_nodes.pop()[0]
            node.end_mark = event.end_mark
        else:
            if len(open_nodes) >= MAX_DEPTH or event.anchor in anchors:
                raise _UsePython
            if event.tag is not None:
                raise _UsePython  # libyaml takes tag spellings PyYAML refuses
            counts[0] += 1
            if kind is yaml.ScalarEvent:
                style = event.style or None  # libyaml says '' for plain, PyYAML None
                if style is None:
                    if open_nodes and open_nodes[-1][0].flow_style and (
                            not event.value or "?" in event.value):
                        # inside [] or {}, PyYAML ends plain text at `?`, and marks a
                        # missing value where its `:` ends, libyaml where the next token
                        # starts
                        raise _UsePython
                    if not event.value:
                        # a missing value: both mark it where the `:` or `-` before it
                        # ends; elsewhere (`? key` alone) libyaml marks it another place
                        at = offset(event.start_mark)
                        if at == 0 or text[at - 1] not in ":-":
                            raise _UsePython
                elif style in ("|", ">") and not _BLOCK_HEADER.match(
                        text, offset(event.start_mark)):
                    raise _UsePython
                seen = (event.value, event.implicit)
                tag = scalar_tags.get(seen)
                if tag is None:
                    tag = scalar_tags[seen] = resolve(yaml.ScalarNode, *seen)
                node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark,
                                       style=style)
            elif kind is yaml.SequenceStartEvent:
                node = yaml.SequenceNode(resolve(yaml.SequenceNode, None, event.implicit), [],
                                         event.start_mark, None, flow_style=event.flow_style)
            elif kind is yaml.MappingStartEvent:
                node = yaml.MappingNode(resolve(yaml.MappingNode, None, event.implicit), [],
                                        event.start_mark, None, flow_style=event.flow_style)
            else:
                raise _UsePython
            if event.anchor is not None:
                anchors[event.anchor] = node
            if kind is not yaml.ScalarEvent:
                open_nodes.append([node, _NO_KEY])
                continue
        if not open_nodes:
            return node
        parent = open_nodes[-1]
        if isinstance(parent[0], yaml.SequenceNode):
            parent[0].value.append(node)
        elif parent[1] is _NO_KEY:
            parent[1] = node
        else:
            parent[0].value.append((parent[1], node))
            parent[1] = _NO_KEY


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
                                   _("aliases here expand to more than {count} values; "
                                     "write the data out or use fewer nested aliases").format(
                                       count=f"{MAX_EXPANDED_NODES:,}"))
            continue
        if key in sizes:
            continue
        if key in on_path:
            line, column = _mark(node)
            raise DataError.at(name, line, column, _("an alias refers to itself; recursive data is not allowed"))
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


def _block_start(node: yaml.ScalarNode, buffer: str, start: int) -> tuple[int, int]:
    """Where the first content line of a `|` or `>` block scalar starts (1-based); `start`
    is the indicator's place in `buffer`, the text as PyYAML's reader holds it."""
    line = node.start_mark.line + 1  # the content starts on the line after the indicator
    pointer = buffer.find("\n", start)
    lines = buffer[pointer + 1:].split("\n") if pointer >= 0 else []
    for offset, text in enumerate(lines):
        if text.strip():
            return line + offset + 1, len(text) - len(text.lstrip(" ")) + 1
    return line + 1, 1


class _Builder:
    def __init__(self, loader: Any, name: str, text: str) -> None:
        self.loader = loader  # a SafeLoader or CSafeLoader: the same Python constructor
        self.name = name
        self.text = text
        self._line_offsets: list[int] = []

    def _block_start(self, node: yaml.ScalarNode) -> tuple[int, int]:
        mark = node.start_mark
        if mark.buffer is not None:
            return _block_start(node, mark.buffer, mark.pointer)
        # libyaml's marks carry no text: find the indicator's line (only \n and \r\n break
        # lines in text that takes this path)
        if not self._line_offsets:
            self._line_offsets = [0]
            self._line_offsets.extend(m.end() for m in re.finditer("\n", self.text))
        return _block_start(node, self.text + "\0",  # PyYAML's reader ends its buffer so
                            self._line_offsets[mark.line] + mark.column)

    def _error(self, node: yaml.Node, message: str) -> DataError:
        line, column = _mark(node)
        return DataError.at(self.name, line, column, message)

    def build(self, node: yaml.Node, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise self._error(node, _("nesting is too deep; at most {depth} levels are allowed").format(
                                  depth=MAX_DEPTH))
        if node.tag not in _PLAIN_TAGS:
            raise self._error(node, _("the tag {tag} is not allowed; use plain YAML values (text, numbers, "
                                "true/false, lists and mappings)").format(
                                  tag=repr(node.tag.replace('tag:yaml.org,2002:', '!!'))))
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
            raise self._error(node, _("cannot read this value ({reason}); write plain text or a number").format(
                                  reason=exc)) from None

    def _mapping(self, node: yaml.MappingNode, depth: int) -> LineDict:
        try:
            self.loader.flatten_mapping(node)  # resolves `<<: *anchor` merge keys
        except yaml.MarkedYAMLError as exc:
            raise self._error(node, _("cannot merge here: {reason}; '<<' takes a mapping or a list of "
                                "mappings").format(reason=exc.problem)) from None
        result = LineDict()
        result.line, result.column = _mark(node)
        result.key_marks = {}
        result.value_marks = {}
        result.block_starts = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag not in _PLAIN_TAGS:
                raise self._error(key_node, _("a key must be plain text or a number; lists, mappings and tags cannot "
                                  "be keys"))
            key = self.loader.construct_object(key_node)
            if key is None or isinstance(key, (bool, float)):
                raise self._error(key_node, _("{key} cannot be a key; use plain text or a whole number").format(
                                  key=repr(key_node.value)))
            if key in result:
                raise self._error(key_node, _("duplicate key {key}; each key may appear only once in a mapping").format(
                                  key=repr(key)))
            result[key] = self.build(value_node, depth + 1)
            result.key_marks[key] = _mark(key_node)
            result.value_marks[key] = _mark(value_node)
            if isinstance(value_node, yaml.ScalarNode) and value_node.style in ("|", ">"):
                result.block_starts[key] = self._block_start(value_node)
        return result
