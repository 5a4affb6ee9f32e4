"""What running a scenario produces, and the shared comparison of `expect` with results."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.types import Pos
from game.i18n import _


@dataclass
class ScenarioOutcome:
    """`state` is printed as YAML by `simulate`; `mismatches` empty means the expect held."""

    state: dict[str, Any]
    mismatches: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ScenarioGround:
    """A scenario as the workbench draws it: the board or arena it is played on, and each
    robot where it starts, as (name, square, facing "N"/"E"/"S"/"W", or None in a game whose
    robots do not face a way)."""

    ground: Any
    robots: tuple[tuple[str, Pos, str | None], ...] = ()


def compare(label: str, key: str, expected: Any, actual: Any) -> list[str]:
    """One line per difference, e.g. `robot red: at expected [3, 1], got [3, 2]`; `label`
    comes translated (`robot red`, `game`), `key` is the YAML result key."""
    if _normal(expected) == _normal(actual):
        return []
    return [_("{label}: {key} expected {expected}, got {actual}").format(
        label=label, key=key, expected=_show(expected), actual=_show(actual))]


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
