"""The formats game.volt reads, for `python main.py check` / `simulate` (game.data.files)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from game.data import Reader
from game.data.files import FileContext
from game.data.scenario import ScenarioGround, ScenarioOutcome
from game.volt.data import ARENA_FORMAT, read_arena
from game.volt.model import Arena
from game.volt.scenario import SCENARIO_FORMAT, run_scenario, scenario_ground


def check_arena(r: Reader, ctx: FileContext) -> Arena:
    """Read a whole `volt-arena/1` file (its `format` already read). Raises DataError."""
    stem = Path(r.file).stem
    return read_arena(r, default_name=stem, playable=True, arena_id=stem)


CHECKERS: dict[str, Callable[[Reader, FileContext], Any]] = {ARENA_FORMAT: check_arena}
SIMULATORS: dict[str, Callable[[Reader, FileContext], ScenarioOutcome]] = {
    SCENARIO_FORMAT: run_scenario}
GROUNDS: dict[str, Callable[[Reader, FileContext], ScenarioGround]] = {
    SCENARIO_FORMAT: scenario_ground}
