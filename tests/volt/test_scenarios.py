"""Every VOLT rules case as a scenario file (FORMATS.md volt-scenario/1): the shared ones in
/work/shared/scenarios (WE-VT worked examples) and our own in tests/volt/scenarios."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.data import Reader
from game.data.files import FileContext, read_format
from game.volt.files import SIMULATORS

HERE = Path(__file__).resolve().parent
SHARED = HERE.parent.parent.parent / "shared" / "scenarios"
OWN = sorted((HERE / "scenarios").glob("*.yaml"))
SHARED_VT = sorted(SHARED.glob("vt-*.yaml")) + sorted(SHARED.glob("formats-vt-*.yaml"))


def run(path: Path) -> list[str]:
    r = Reader.from_file(path)
    fmt = read_format(r, SIMULATORS, "simulate")
    return SIMULATORS[fmt](r, FileContext.for_file(path)).mismatches


def test_enough_scenarios_of_our_own() -> None:
    assert len(OWN) >= 30
    assert all(p.name.startswith("vt-") for p in OWN), "each file names its VT rule id"


def test_shared_scenarios_exist() -> None:
    assert len(SHARED_VT) >= 12


@pytest.mark.parametrize("path", SHARED_VT + OWN, ids=lambda p: p.name)
def test_scenario_passes(path: Path) -> None:
    assert run(path) == []


def test_a_wrong_expectation_is_reported(tmp_path: Path) -> None:
    """The runner really compares: WE-VT-04 with a wrong square gives one exact line."""
    text = (HERE / "scenarios" / "vt-6.4.4-chain-against-outer-wall.yaml").read_text()
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("a: {at: [3, 2]}", "a: {at: [3, 1]}"))
    assert run(bad) == ["robot a: at expected [3, 1], got [3, 2]"]
