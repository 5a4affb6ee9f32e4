"""A scenario written out in a test (FORMATS.md roborally-scenario/1), run for its events."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.data.files import FileContext
from game.data.reader import Reader
from game.roborally.scenario import prepare_scenario


def scenario_events(text: str, folder: Path, registers: int = 1) -> list[Any]:
    """The engine's events of the first `registers` register phases of scenario `text`
    (saved in `folder`, as a board designer's file would be)."""
    path = folder / "scenario.yaml"
    path.write_text(text, encoding="utf-8")
    r = Reader.from_file(path)
    r.text("format")
    prepared = prepare_scenario(r, FileContext.for_file(path))
    for register in range(1, registers + 1):
        prepared.engine.run_register(register)
    return prepared.engine.events
