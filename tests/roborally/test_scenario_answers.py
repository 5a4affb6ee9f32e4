"""`answers` in a roborally-scenario/1 file (FORMATS.md): every answer written exactly as
FORMATS.md shows it means what it says, and an answer of the wrong kind for the decision asked
is an error with exit 2, at the answer, naming what was asked."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.data.errors import DataError
from game.data.files import FileContext, read_format
from game.data.reader import Reader
from game.roborally.files import SIMULATORS
from tests.conftest import ROOT, SHARED

PLACEHOLDERS = {"OPTION_ID": "brakes", "REGISTER": "3", "ROBOT": "red"}
"""A value for each of FORMATS.md's upper-case stand-ins."""


def _formats_answers() -> list[tuple[str, str]]:
    """Every `kind: value` FORMATS.md lists for roborally-scenario/1 answers."""
    text = (SHARED / "FORMATS.md").read_text(encoding="utf-8")
    found = re.search(r"Each\s+answer\s+names\s+its\s+decision\s+and\s+a\s+value:"
                      r"(.*?)An\s+answer\s+of", text, re.S)
    assert found, "FORMATS.md no longer lists the answers where this test looks"
    listing = found.group(1)
    pairs = re.findall(r"`(\w+): ([^`]+)`", listing)
    return [(kind, PLACEHOLDERS.get(value, value)) for kind, values in pairs
            for value in values.split("|")]


def _run(path: Path) -> list[str]:
    r = Reader.from_file(path)
    fmt = read_format(r, SIMULATORS, "simulate")
    return SIMULATORS[fmt](r, FileContext.for_file(path)).mismatches


SCENARIO = """format: roborally-scenario/1
board: {{size: [4, 3]}}
rules: {{RR_ROBOT_LASERS: false}}
robots:
  - {{name: red, at: [1, 1], facing: N, options: [{options}]}}
program:
  red: [{card}]
answers: {{red: [{answers}]}}
"""


@pytest.mark.parametrize(("kind", "value"), _formats_answers(),
                         ids=[f"{k}-{v}" for k, v in _formats_answers()])
def test_each_answer_written_as_formats_md_shows_it_reads_as_written(
        tmp_path: Path, kind: str, value: str) -> None:
    # nothing asks red anything here, so the runner reports the answer as it understood it
    path = tmp_path / "answer.yaml"
    path.write_text(SCENARIO.format(options="", card="left:70",
                                    answers=f"{{{kind}: {value}}}"), encoding="utf-8")
    with pytest.raises(DataError) as info:
        _run(path)
    assert f"this answer ({kind}: {value}) was never used" in str(info.value)


def test_all_formats_md_answer_kinds_are_listed() -> None:
    kinds = {kind for kind, _ in _formats_answers()}
    assert {"gyro", "abort", "reserve", "power_down", "brakes", "discard"} <= kinds


def test_an_answer_of_the_wrong_kind_is_an_error_with_exit_2(tmp_path: Path) -> None:
    # red holds Brakes, so its Move 1 asks brakes first; the first answer is for another
    # decision: FORMATS.md makes that an error, not an answer kept for later
    path = tmp_path / "wrong.yaml"
    path.write_text(SCENARIO.format(options="brakes", card="move1:500",
                                    answers="{fourth_gear: 4}, {brakes: stay}"),
                    encoding="utf-8")
    result = subprocess.run([sys.executable, "main.py", "simulate", str(path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    assert f"{path}:8:31: answers.red[0].fourth_gear: red is asked brakes here, not " \
           "fourth_gear" in result.stderr
    assert "Traceback" not in result.stderr


def test_an_answer_of_the_wrong_kind_is_reported_in_the_players_language(
        tmp_path: Path) -> None:
    # the workbench shows a scenario's problems to a designer who may play in German; the
    # simulate runs (tests, .ci/run) stay in English with today's text
    from game import i18n

    path = tmp_path / "wrong.yaml"
    path.write_text(SCENARIO.format(options="brakes", card="move1:500",
                                    answers="{fourth_gear: 4}, {brakes: stay}"),
                    encoding="utf-8")
    i18n.set_language("de")
    with pytest.raises(DataError) as german:
        _run(path)
    assert "red wird hier nach brakes gefragt, nicht nach fourth_gear (FORMATS.md: Antworten " \
           "in der Reihenfolge der Fragen); bisher gefragt: brakes" in str(german.value)
    i18n.set_language("en")
    with pytest.raises(DataError) as english:
        _run(path)
    assert "red is asked brakes here, not fourth_gear (FORMATS.md: answers in the order the " \
           "decisions are asked); asked so far: brakes" in str(english.value)
