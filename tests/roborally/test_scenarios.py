"""Every RoboRally rules case in scenario form passes: the shared ones (RULES.md WE-RR, WE-CB,
FORMATS.md example) and this project's own in tests/roborally/scenarios/."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.data.files import FileContext, read_format
from game.data.reader import Reader
from game.roborally.files import SIMULATORS
from tests.conftest import SHARED as SHARED_FOLDER

SHARED = SHARED_FOLDER / "scenarios"   # CI clones the project with shared/ beside it
OWN = Path(__file__).parent / "scenarios"


def _files() -> list[Path]:
    shared = sorted(p for pattern in ("rr-*.yaml", "cb-*.yaml", "formats-rr-*.yaml")
                    for p in SHARED.glob(pattern)) if SHARED.is_dir() else []
    return shared + sorted(OWN.glob("*.yaml"))


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.name)
def test_scenario_passes(path: Path) -> None:
    r = Reader.from_file(path)
    fmt = read_format(r, SIMULATORS, "simulate")
    outcome = SIMULATORS[fmt](r, FileContext.for_file(path))
    assert outcome.mismatches == [], "\n".join(outcome.mismatches)


def test_there_are_scenarios() -> None:
    assert len(_files()) >= 52
