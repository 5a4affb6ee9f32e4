"""What running a scenario produces, and the shared comparison of `expect` with results."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class ScenarioOutcome:
    """`state` is printed as YAML by `simulate`; `mismatches` empty means the expect held."""

    state: dict[str, Any]
    mismatches: list[str] = field(default_factory=list)


def compare(label: str, key: str, expected: Any, actual: Any) -> list[str]:
    """One line per difference, e.g. `robot red: at expected [3, 1], got [3, 2]`."""
    if _normal(expected) == _normal(actual):
        return []
    return [f"{label}: {key} expected {_show(expected)}, got {_show(actual)}"]


def _normal(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_normal(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _normal(v) for k, v in value.items()}
    return value


def _show(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    return str(value)
