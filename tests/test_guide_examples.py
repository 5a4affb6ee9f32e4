"""Every example in the designer's guide (docs/boards.md) passes `check`, and every scenario
in it holds when `simulate` runs it: the RoboRally worked example and the VOLT one alike."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game import paths
from game.tools.check import check_paths
from game.tools.simulate import simulate_files

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "boards.md"


def _examples() -> dict[str, str]:
    """The guide's complete files (a YAML block with a `format:` key), by file name: the
    name of its `<!-- file: NAME -->` marker, else `example-N.yaml`."""
    text = GUIDE.read_text(encoding="utf-8")
    out: dict[str, str] = {}
    for k, match in enumerate(re.finditer(r"(?:<!-- file: ([\w.-]+) -->\n)?```yaml\n(.*?)```",
                                          text, re.S)):
        name, body = match.group(1), match.group(2)
        if re.search(r"^format: ", body, re.M):
            out[name or f"example-{k}.yaml"] = body
    return out


@pytest.fixture()
def guide_folder(tmp_path: Path) -> Path:
    """The guide's examples saved side by side, as a designer would save them."""
    for name, body in _examples().items():
        (tmp_path / name).write_text(body, encoding="utf-8")
    return tmp_path


def test_the_guide_has_worked_examples_for_both_games() -> None:
    names = set(_examples())
    assert {"switchback.yaml", "switchback-pusher.yaml", "switchback-corner.yaml",
            "pit-lane.yaml", "pit-lane-push.yaml", "pit-lane-cover.yaml"} <= names
    assert len(names) >= 8


def test_every_example_in_the_guide_passes_check(guide_folder: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert check_paths([guide_folder]) == 0, capsys.readouterr().err


def test_every_scenario_in_the_guide_holds(guide_folder: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    scenarios = sorted(p for p in guide_folder.glob("*.yaml")
                       if re.search(r"^format: \S+-scenario/1", p.read_text(encoding="utf-8"),
                                    re.M))
    assert len(scenarios) >= 4
    assert simulate_files(scenarios) == 0, capsys.readouterr()


def test_the_guide_names_every_shipped_arena() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    for path in sorted((paths.builtin_boards_dir() / "volt").glob("*.yaml")):
        assert f"`{path.stem}`" in text, f"docs/boards.md does not list {path.stem}"
