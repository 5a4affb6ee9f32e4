"""The data gate (FORMATS.md "Common conventions"): every broken or hostile file gets its
own FILE:LINE:COLUMN message and exit 2, never a traceback."""

from __future__ import annotations

import codecs
import subprocess
import sys
from pathlib import Path

import pytest

from game.data import DataError, Reader
from game.data.files import load_any, registry
from game.tools.check import check_file

ROOT = Path(__file__).resolve().parent.parent
BAD = ROOT / "tests" / "data" / "bad"


def expected_messages() -> dict[str, str]:
    supported = ", ".join(sorted({**registry().checkers, **registry().simulators})) or "none yet"
    expected = {}
    for line in (BAD / "expected-messages.txt").read_text(encoding="utf-8").splitlines():
        name, _, message = line.partition(":")
        expected[name] = message.replace("{supported}", supported)
    return expected


def test_the_bad_corpus_is_large_and_every_file_has_its_message() -> None:
    files = sorted(p.name for p in BAD.glob("*.yaml"))
    assert len(files) >= 25
    assert sorted(expected_messages()) == files


@pytest.mark.parametrize("name", sorted(expected_messages()))
def test_each_bad_file_gets_its_exact_first_message(name: str) -> None:
    path = BAD / name
    problems = check_file(path)
    assert problems, f"{name} was accepted"
    assert str(problems[0]) == f"{path}:{expected_messages()[name]}"


def test_check_on_the_bad_folder_exits_2_with_one_message_per_file_and_no_traceback() -> None:
    result = subprocess.run([sys.executable, "main.py", "check", str(BAD)], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr + result.stdout
    for name in expected_messages():
        assert f"{BAD / name}:" in result.stderr, name


@pytest.mark.parametrize("encoding,mark", [
    ("utf-16-le", codecs.BOM_UTF16_LE), ("utf-16-be", codecs.BOM_UTF16_BE),
    ("utf-16-le", b""), ("utf-16-be", b""),
    ("utf-32-le", codecs.BOM_UTF32_LE), ("utf-32-be", codecs.BOM_UTF32_BE),
    ("utf-32-le", b""), ("utf-32-be", b"")])
def test_a_file_saved_as_utf16_or_utf32_reads_as_its_utf8_original(
        tmp_path: Path, encoding: str, mark: bytes) -> None:
    """YAML 1.2 (5.2) asks readers for UTF-8, UTF-16 and UTF-32, told by a byte order mark
    or by the zero bytes around the first character; a designer's editor may save any of
    them: a shipped board saved so loads to the same board as its UTF-8 original."""
    original = ROOT / "boards" / "roborally" / "laser-alley.yaml"
    copy = tmp_path / original.name
    copy.write_bytes(mark + original.read_text(encoding="utf-8").encode(encoding))
    assert check_file(copy) == []
    assert load_any(copy)[1] == load_any(original)[1]


def reader(text: str) -> Reader:
    return Reader.from_text(text, "t.yaml")


def message(excinfo: pytest.ExceptionInfo[DataError]) -> str:
    return str(excinfo.value)


def test_choice_lists_the_allowed_spellings() -> None:
    r = reader("elements:\n  - {type: conveyor, dir: north}\n")
    with pytest.raises(DataError) as excinfo:
        r.records("elements")[0].choice("dir", ["N", "E", "S", "W"])
    assert message(excinfo) == ("t.yaml:2:27: elements[0].dir: 'north' is not allowed here; "
                                "expected one of E, N, S, W")


def test_unknown_keys_name_the_key_and_what_is_allowed() -> None:
    r = reader("size: [3, 3]\nelemnts: []\n")
    r.pair("size", min=1, max=40)
    with pytest.raises(DataError) as excinfo:
        r.done()
    assert message(excinfo) == "t.yaml:2:1: elemnts: unknown key 'elemnts'; allowed here: size"


def test_out_of_range_numbers_say_the_range() -> None:
    r = reader("size: [10000, 10000]\n")
    with pytest.raises(DataError) as excinfo:
        r.pair("size", min=1, max=40)
    assert message(excinfo) == "t.yaml:1:8: size[0]: 10000 is out of range; allowed: 1..40"


def test_file_names_may_not_climb_out_of_their_folder() -> None:
    r = reader("board: ../../etc/passwd\n")
    with pytest.raises(DataError) as excinfo:
        r.name("board")
    assert message(excinfo) == ("t.yaml:1:8: board: '../../etc/passwd' is not a file name; "
                                "name a file by its stem, without '/', '\\' or '..'")


def test_wrong_types_say_what_was_expected_and_what_came() -> None:
    r = reader("size: big\nexpress: 'yes'\n")
    with pytest.raises(DataError) as excinfo:
        r.pair("size", min=1, max=40)
    assert message(excinfo) == "t.yaml:1:7: size: expected a pair [a, b], got 'big'"
    with pytest.raises(DataError) as excinfo:
        r.flag("express")
    assert message(excinfo) == "t.yaml:2:10: express: expected true or false, got 'yes'"


def test_positions_must_be_on_the_grid() -> None:
    r = reader("at: [12, 3]\n")
    with pytest.raises(DataError) as excinfo:
        r.position("at", 12, 12)
    assert message(excinfo) == ("t.yaml:1:5: at: [12, 3] is off the grid; allowed: x 0..11, "
                                "y 0..11")


def test_good_values_come_back_typed() -> None:
    r = reader("name: Cross Current\nsize: [12, 8]\nexpress: true\nmarkers: {3: 1}\n")
    assert r.text("name") == "Cross Current"
    assert r.pair("size", min=1, max=40) == (12, 8)
    assert r.flag("express") is True
    markers = r.reader("markers")
    assert [(k, markers.integer(k, min=0)) for k in markers.keys()] == [(3, 1)]
    r.done()


def test_merge_keys_work_for_designers_who_use_anchors() -> None:
    r = reader("base: &b {type: pit}\nfirst: {<<: *b, at: [1, 1]}\n")
    first = r.reader("first")
    assert (first.text("type"), first.position("at", 3, 3)) == ("pit", (1, 1))
