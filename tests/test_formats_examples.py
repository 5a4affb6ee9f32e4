"""Every complete example file in ../shared/FORMATS.md passes `check`, and every example
scenario passes `simulate` (its `expect` holds): the contract and the code cannot drift apart.

An example is complete when it starts with its `format:` key and leaves nothing out (the
board example abbreviates its map with a `...` row, so it is not a file one could save)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.cli import main
from tests.conftest import SHARED

FORMATS = SHARED / "FORMATS.md"
SCENARIO_SUFFIX = "-scenario/1"


def _examples() -> list[tuple[str, str]]:
    """(id, text) of each complete example file, in the order FORMATS.md shows them."""
    if not FORMATS.is_file():
        return []
    blocks = re.findall(r"```yaml\n(.*?)```", FORMATS.read_text(encoding="utf-8"), re.S)
    out = []
    for number, text in enumerate(blocks, 1):
        lines = text.splitlines()
        if not lines or not lines[0].startswith("format:"):
            continue
        if any(line.strip() == "..." for line in lines):
            continue        # abbreviated: not a whole file
        fmt = lines[0].split(":", 1)[1].split("#")[0].strip()
        out.append((f"{number}-{fmt.replace('/', '-')}", text))
    return out


EXAMPLES = _examples()


def test_formats_md_has_complete_examples_of_every_scenario_and_the_course() -> None:
    formats = {text.splitlines()[0].split()[1] for _, text in EXAMPLES}
    assert {"roborally-course/1", "roborally-scenario/1", "volt-scenario/1",
            "robot-master-scenario/1"} <= formats, formats


@pytest.mark.parametrize(("name", "text"), EXAMPLES, ids=[n for n, _ in EXAMPLES])
def test_example_passes_check_and_simulate(tmp_path: Path, name: str, text: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["check", str(path)]) == 0, capsys.readouterr().err
    if SCENARIO_SUFFIX in text.splitlines()[0]:
        assert main(["simulate", str(path)]) == 0, capsys.readouterr()
