"""Frozen dataclass actions and events <-> plain dicts, for logs, saves and replays."""

from __future__ import annotations

import dataclasses
import enum
from typing import Any, Mapping

from game.core.types import Pos


def unstructure(value: Any) -> Any:
    """Turn dataclasses, enums, Pos, tuples, sets and dicts into plain JSON/YAML data."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data = {"type": type(value).__name__}
        for f in dataclasses.fields(value):
            data[f.name] = unstructure(getattr(value, f.name))
        return data
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Pos):
        return [value.x, value.y]
    if isinstance(value, (list, tuple)):
        return [unstructure(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(unstructure(v) for v in value)
    if isinstance(value, Mapping):
        return {str(k): unstructure(v) for k, v in value.items()}
    return value


def structure(data: Mapping[str, Any], types: Mapping[str, type]) -> Any:
    """Rebuild a dataclass from `unstructure()` output; `types` maps class names to classes.

    Field values are passed through as plain data except for Pos fields (given as [x, y])
    and enum fields, which are converted by the field's type annotation name."""
    cls = types[data["type"]]
    kwargs = {}
    hints = {f.name: f.type for f in dataclasses.fields(cls)}
    for name, raw in data.items():
        if name == "type":
            continue
        kwargs[name] = _coerce(raw, str(hints[name]), types)
    return cls(**kwargs)


SCALARS: dict[str, type] = {"int": int, "PlayerId": int, "bool": bool, "str": str}
"""The field annotations whose values must have exactly this type: a hand-edited save's
`power_down: {}` or `card: true` is refused here, not met later by the table's drawing."""


def _coerce(raw: Any, hint: str, types: Mapping[str, type]) -> Any:
    if isinstance(raw, Mapping) and "type" in raw and raw["type"] in types:
        return structure(raw, types)
    if hint in ("Pos", "Pos | None") and isinstance(raw, list):
        return Pos(*raw)
    if hint in SCALARS and type(raw) is not SCALARS[hint]:     # bool is no int here
        raise TypeError(f"{raw!r} is not of type {SCALARS[hint].__name__}")
    if isinstance(raw, list):
        inner = "int" if hint == "tuple[int, ...]" else ""
        return tuple(_coerce(v, inner, types) for v in raw)
    return raw
