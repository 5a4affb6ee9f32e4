"""Scenarios next to a board file, run again whenever the board or a scenario changes (the
workbench, issue 9). Pure: no pygame.

A scenario belongs to a board when it lies in the same folder, is a `*-scenario/1` format
`simulate` knows, and names the board by file stem (`board: NAME` for RoboRally,
`arena: NAME` for VOLT) so that the name resolves to this very file. A scenario file opened
in the workbench is its own scenario, drawn on the board or arena it names."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from game.data.errors import DataError
from game.data.files import FileContext, read_format, registry
from game.data.reader import Reader
from game.data.scenario import ScenarioGround

REFERENCE_KEYS = ("board", "arena")
"""The scenario keys that name a board, course or arena file by stem."""

PASSED, MISMATCH, INVALID = "pass", "mismatch", "invalid"


@dataclass
class ScenarioResult:
    """One scenario's outcome: `status` is PASSED, MISMATCH or INVALID; `lines` are the
    mismatches (`robot red: at expected [3, 1], got [3, 2]`) or the FILE:LINE messages."""

    path: Path
    format: str
    status: str
    lines: list[str] = field(default_factory=list)

    @property
    def steppable(self) -> bool:
        """RoboRally scenarios can be stepped through register by register."""
        return self.format == "roborally-scenario/1" and self.status != INVALID


def _scenario_reader(path: Path) -> tuple[Reader, str] | None:
    """The file at `path` read, with its scenario format (its `format` key read), or None
    when it is no scenario (or unreadable)."""
    try:
        r = Reader.from_file(path)
        fmt = r.text("format", "")
    except DataError:
        return None
    return (r, fmt) if fmt in registry().simulators else None


def _names_this_file(candidate: Path, target: Path) -> str | None:
    """The scenario format if `candidate` is a scenario naming `target`, else None."""
    scenario = _scenario_reader(candidate)
    if scenario is None:
        return None
    r, fmt = scenario
    for key in REFERENCE_KEYS:
        if not r.has(key):
            continue
        f = r.field(key)
        if not isinstance(f.value, str) or f.value != target.stem:
            return None
        try:
            resolved = FileContext.for_file(candidate).resolve(f, "")
        except DataError:
            return None
        return fmt if _same_file(resolved, target) else None
    return None


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def scenarios_for(target: Path) -> list[tuple[Path, str]]:
    """(scenario file, its format) for every scenario in `target`'s folder naming it; a
    scenario opened on its own is its own one."""
    own = _scenario_reader(target)
    if own is not None:
        return [(target, own[1])]
    found = []
    try:
        candidates = sorted(target.parent.glob("*.yaml"))
    except OSError:
        return []
    for candidate in candidates:
        if _same_file(candidate, target):
            continue
        fmt = _names_this_file(candidate, target)
        if fmt is not None:
            found.append((candidate, fmt))
    return found


def scenario_ground(path: Path) -> ScenarioGround | None:
    """The board or arena the scenario at `path` is played on and its robots, for the
    workbench to draw; None when the file is no scenario with a ground or does not read (its
    own result says why)."""
    try:
        return read_scenario_ground(path)
    except Exception:  # noqa: BLE001 - as in run_one: its result tells the designer why
        return None


def read_scenario_ground(path: Path) -> ScenarioGround | None:
    """As `scenario_ground`, raising what reading the scenario raises (DataError for a
    mistake in it) instead of returning None (`python main.py render` says why)."""
    scenario = _scenario_reader(path)
    ground = registry().grounds.get(scenario[1]) if scenario is not None else None
    if scenario is None or ground is None:
        return None
    found: ScenarioGround = ground(scenario[0], FileContext.for_file(path))
    return found


def folder_stamp(target: Path) -> tuple[tuple[str, float, int], ...]:
    """Changes whenever a YAML file in `target`'s folder is added, removed or saved."""
    out = []
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return ()
    for entry in entries:
        if entry.name.endswith(".yaml"):
            try:
                stat = entry.stat()
            except OSError:
                continue
            out.append((entry.name, stat.st_mtime, stat.st_size))
    return tuple(sorted(out))


def run_one(path: Path, fmt: str) -> ScenarioResult:
    """Run one scenario; a broken scenario gives its FILE:LINE messages, never a traceback."""
    try:
        r = Reader.from_file(path)
        fmt = read_format(r, registry().simulators, "simulate")
        outcome = registry().simulators[fmt](r, FileContext.for_file(path))
    except DataError as exc:
        return ScenarioResult(path, fmt, INVALID, [str(p) for p in exc.problems])
    except Exception as exc:  # noqa: BLE001 - the designer's file must never end the workbench
        return ScenarioResult(path, fmt, INVALID, [f"{path}:1:1: {type(exc).__name__}: {exc}"])
    if outcome.mismatches:
        return ScenarioResult(path, fmt, MISMATCH, list(outcome.mismatches))
    return ScenarioResult(path, fmt, PASSED)


def run_scenarios_for(target: Path) -> list[ScenarioResult]:
    return [run_one(path, fmt) for path, fmt in scenarios_for(target)]
