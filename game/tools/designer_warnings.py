"""Designer warnings with their place in the file (issue 17): FILE:LINE:COLUMN like errors,
for `check` and the workbench.

game/tools/lint.py says what is probably not meant and on which square; this module finds
where the designer wrote that square: the element record it is about (for a wall-mounted
element, the one on that side), else the square's token in the map, else a wall entry on it,
else the course's flag entry or its `boards` list. Pure: reads the file through the gate."""

from __future__ import annotations

import dataclasses
from typing import Any

from game.data.errors import DataError, Problem
from game.data.reader import Reader, tokens_with_columns
from game.tools.lint import Finding, lint_arena, lint_board

def designer_warnings(path: Any, model: Any) -> list[Problem]:
    """Every warning for the loaded `model` of the file `path`, each at its place."""
    findings = lint_board(model) + lint_arena(model)
    if not findings:
        return []
    try:
        r = Reader.from_file(path)
    except DataError:               # changed since it was loaded: the next load tells
        return [Problem(str(path), 1, 1, f.message,
                        None if f.square is None else (f.square.x, f.square.y))
                for f in findings]
    return [_place(r, finding) for finding in findings]


def _place(r: Reader, finding: Finding) -> Problem:
    square = finding.square
    if square is None:
        return _first(r.error(finding.message))
    where = [_in_elements(r, finding) if r.has("elements") else None,
             _in_map(r, finding), _in_list(r, "walls", finding), _in_list(r, "flags", finding)]
    placed = next((place for place in where if place is not None), None)
    if placed is None:
        placed = _first(r.error(finding.message, "boards" if r.has("boards") else None))
    return dataclasses.replace(placed, square=(square.x, square.y))


def _first(error: DataError) -> Problem:
    return error.problems[0]


def _at(field_value: Any) -> tuple[int, int] | None:
    if isinstance(field_value, list) and len(field_value) >= 2 and \
            all(isinstance(v, int) for v in field_value[:2]):
        return field_value[0], field_value[1]
    return None


def _in_elements(r: Reader, finding: Finding) -> Problem | None:
    assert finding.square is not None
    for record in r.records("elements"):
        if not record.has("at") or _at(record.field("at").value) != tuple(finding.square):
            continue
        kind = record.field("type").value if record.has("type") else None
        if finding.kinds and kind not in finding.kinds:
            continue
        if finding.side is not None and record.has("wall") and \
                record.field("wall").value != finding.side.value:
            continue
        return _first(record.error(finding.message))
    return None


def _in_map(r: Reader, finding: Finding) -> Problem | None:
    assert finding.square is not None
    map_field = r.optional("map")
    if map_field is None:
        return None
    rows = [(row, line, column) for row, line, column in map_field.text_lines() if row.strip()]
    if not 0 <= finding.square.y < len(rows):
        return None
    row, line, column = rows[finding.square.y]
    tokens = tokens_with_columns(row)
    if not 0 <= finding.square.x < len(tokens):
        return None
    return _first(map_field.error_at(line, column + tokens[finding.square.x][1],
                                     finding.message))


def _in_list(r: Reader, key: str, finding: Finding) -> Problem | None:
    """A `walls` entry [x, y, SIDE] or a course's `flags` entry [x, y] on the square."""
    assert finding.square is not None
    if not r.has(key):
        return None
    for item in r.items(key):
        if _at(item.value) == tuple(finding.square):
            return _first(item.error(finding.message))
    return None


__all__ = ["designer_warnings"]
