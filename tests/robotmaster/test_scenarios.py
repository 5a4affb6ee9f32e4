"""Every Robot Master scenario file passes: ours (RULES.md WE-RM examples and more) and the
shared `rm-*.yaml` rules cases, run through the registered simulator as `simulate` does."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.data.files import FileContext, read_format, registry
from game.data.reader import Reader
from tests.conftest import SHARED

HERE = Path(__file__).resolve().parent / "scenarios"
FILES = sorted(HERE.glob("*.yaml")) + sorted((SHARED / "scenarios").glob("rm-*.yaml"))


def test_both_folders_have_scenarios() -> None:
    assert len([f for f in FILES if f.parent == HERE]) >= 15
    assert len([f for f in FILES if f.parent != HERE]) >= 13


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_scenario_passes(path: Path) -> None:
    reg = registry()
    r = Reader.from_file(path)
    fmt = read_format(r, reg.simulators, "simulate")
    assert fmt == "robot-master-scenario/1"
    outcome = reg.simulators[fmt](r, FileContext.for_file(path))
    assert outcome.mismatches == []
