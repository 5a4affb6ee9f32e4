"""The data gate reads with libyaml's parser when it is there (several times faster on long
saves) and must then give exactly what the pure-Python path gives: the same values, the same
line and column for every key, value and item, the same messages for broken files, and a
clean message instead of a crash for absurdly deep nesting."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from game.data import yamlio
from game.data.errors import DataError
from game.data.yamlio import LineDict, LineList, load_yaml_text, reads_with_libyaml
from game.saves import SavedGame, write_save
from tests.conftest import SHARED

ROOT = Path(__file__).resolve().parent.parent
BAD = ROOT / "tests" / "data" / "bad"

pytestmark = pytest.mark.skipif(not yaml.__with_libyaml__, reason="PyYAML built without libyaml")


def shipped_files() -> list[Path]:
    folders = [ROOT / "boards", SHARED / "scenarios", *sorted((ROOT / "tests").glob("*/scenarios"))]
    files = sorted(p for folder in folders for p in folder.rglob("*.yaml"))
    assert len(files) > 100
    return files


def read_both(text: str) -> tuple[Any, Any]:
    """(libyaml path, pure-Python path); each a value or the DataError message."""

    def load(use_libyaml: bool) -> Any:
        try:
            return load_yaml_text(text, "t.yaml", use_libyaml=use_libyaml)
        except DataError as exc:
            return f"DataError: {exc}"

    fast = load(use_libyaml=True)
    with pytest.MonkeyPatch.context() as patch:
        patch.delattr(yaml, "CSafeLoader")  # the reference must not touch libyaml at all
        slow = load(use_libyaml=False)
    return fast, slow


def with_marks(value: Any) -> Any:
    """The value with every mark the gate keeps spelled out, for comparing."""
    if isinstance(value, LineDict):
        return ("map", value.line, value.column, dict(value.key_marks), dict(value.value_marks),
                dict(value.block_starts), [(k, with_marks(v)) for k, v in value.items()])
    if isinstance(value, LineList):
        return ("list", value.line, value.column, list(value.item_marks),
                [with_marks(v) for v in value])
    return (type(value).__name__, value)


def assert_same(text: str) -> None:
    fast, slow = read_both(text)
    assert with_marks(fast) == with_marks(slow)


def test_every_shipped_board_and_scenario_reads_the_same_on_both_paths() -> None:
    for path in shipped_files():
        text = path.read_text(encoding="utf-8-sig")
        assert reads_with_libyaml(text), path
        fast, slow = read_both(text)
        assert with_marks(fast) == with_marks(slow), path


def test_a_long_save_reads_the_same_on_both_paths(tmp_path: Path) -> None:
    actions = [{"type": "program", "player": i % 4, "cards": [i % 84, (i + 7) % 84],
                "note": f"Zug {i} – Förderband ✓"} for i in range(3000)]
    setup = {"seed": 7, "players": [{"name": "Ä", "colour": "red"}], "options": {}}
    write_save(tmp_path / "long.yaml", SavedGame("roborally", setup, actions, title="Lang"))
    text = (tmp_path / "long.yaml").read_text(encoding="utf-8")
    assert len(text) > 150_000
    assert reads_with_libyaml(text)
    assert_same(text)


def test_every_broken_file_gets_the_same_message_on_both_paths() -> None:
    for path in sorted(BAD.glob("*.yaml")):
        if path.stat().st_size > yamlio.MAX_FILE_BYTES:
            continue  # refused before any parser sees it
        try:
            text = path.read_bytes().decode("utf-8-sig")
        except UnicodeDecodeError:
            continue  # refused before any parser sees it
        fast, slow = read_both(text)
        assert with_marks(fast) == with_marks(slow), path


TRICKY = {
    "block text": "a: |\n  one\n\n  two\nb: >-\n\n    folded\n  \nc: |+\n\n",
    "block text at the end": "a: |\n  \n",
    "block text after umlauts": "Größe: {x: 1}\nÜber: |\n   ✓ text\n",
    "block text in a list": "- x: |\n    one\n- |\n  two\n",
    "windows line ends": "a: 1\r\nb: |\r\n  two\r\n  three\r\nc: [1, 2]\r\n",
    "anchors and merges": "base: &b {type: pit, at: [1, 1]}\nfirst: {<<: *b, at: [2, 2]}\n"
                          "list: [*b, *b]\n",
    "merge of a list": "a: &a {x: 1}\nb: &b {y: 2}\nc: {<<: [*a, *b], z: 3}\n",
    "empty values": "a:\nb: ~\nc: []\nd: {}\ne: ''\n- bad\n",
    "empty values, valid": "a:\nb: ~\nc: []\nd: {}\ne: ''\n",
    "indentless list": "a:\n- 1\n- {b: 2}\n-\n- - 3\n",
    "explicit keys": "? a\n: 1\n? [1, 2]\n: 2\n",
    "tags": "a: !!str 1\nb: !!python/object:os.system x\n",
    "binary tag": "a: !!binary aGVsbG8=\n",
    "local tag": "a: !mine 1\n",
    "times and numbers": "a: 2026-11-23\nb: 0x1F\nc: 1_000\nd: .inf\ne: 1e3\nf: 0o17\ng: 010\n",
    "bools and nulls as keys": "true: 1\n",
    "numbers as keys": "1: a\n2: b\n-3: c\n",
    "duplicate keys": "a: 1\nb: 2\na: 3\n",
    "duplicate anchors": "a: &x 1\nb: &x 2\n",
    "undefined alias": "a: *nope\n",
    "recursive alias": "a: &x [*x]\n",
    "two documents": "a: 1\n---\nb: 2\n",
    "explicit document": "---\na: 1\n...\n",
    "only a comment": "# nothing\n",
    "empty": "",
    "plain text": "just text\n",
    "tab indent": "a:\n\tb: 1\n",
    "unclosed": "a: [1, 2\n",
    "colon in flow": "a: {b:c}\n",
    "quoted": "a: 'it''s'\nb: \"tab\\tand \\u00e9\"\nc: \"multi\n  line\"\n",
    "emoji before a value": "😀: [1, 2]\nb😀c: {d: 'x', e: |\n    x\n  }\n",
    "emoji before block text": "😀: [1, 2]\nb😀c: |\n    x\n",
    "odd line breaks": "a: 1\rb: |\r  x\r",
    "line separators": "a: 1\u2028b: 2\n",
    "bom inside": "a: 1\n\ufeffb: 2\n",
    "deep but allowed": "a: " + "[" * 62 + "]" * 62 + "\n",
    "one too deep": "a: " + "[" * 64 + "]" * 64 + "\n",
    "deep block": "".join("  " * i + "- \n" for i in range(70)),
    "deep alias": "a: &a " + "[" * 40 + "]" * 40 + "\nb: " + "[" * 30 + "*a" + "]" * 30 + "\n",
    "control character": "a: \x07\n",
    **{f"character #x{ord(c):04X}": f"a: 'x{c}'\nb: 1\n"
       for c in "\x1b\x7f\x80\x9f\xa0\ud7ff\ud800\udfff\ue000\ufffd\ufffe\uffff\U0001f600"},
    "directive": "%YAML 1.1\n---\na: 1\n",
    "bad directive": "%YAML 2.0\n---\na: 1\n",
    "comments everywhere": "# c\na: 1 # c\n# c\nb: # c\n  - 1 # c\n",
}


# valid text that the libyaml path must read itself (the rest may go to the Python path)
FAST = {"block text", "block text at the end", "block text after umlauts", "block text in a list",
        "windows line ends", "anchors and merges", "merge of a list", "empty values, valid",
        "indentless list", "explicit keys", "numbers as keys", "times and numbers",
        "deep but allowed", "deep alias", "directive", "comments everywhere",
        "emoji before block text", "quoted", "plain text", "empty", "only a comment"}


@pytest.mark.parametrize("name", sorted(TRICKY))
def test_tricky_text_reads_the_same_on_both_paths(name: str) -> None:
    if name in FAST:
        assert reads_with_libyaml(TRICKY[name])
    assert_same(TRICKY[name])


def test_nesting_100000_levels_deep_gives_the_message_not_a_crash() -> None:
    """libyaml's own composer recurses in C and kills the process on this; run in a child
    process so that a crash fails the test instead of ending pytest."""
    script = ("from game.data.yamlio import load_yaml_text\n"
              "from game.data.errors import DataError\n"
              "for text in ['[' * 100000 + ']' * 100000, '{a: ' * 100000 + '}' * 100000,\n"
              "             'a: ' + '[' * 100000]:\n"
              "    try:\n"
              "        load_yaml_text(text, 'deep.yaml')\n"
              "    except DataError as exc:\n"
              "        print(exc)\n")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[:2] == ["deep.yaml:1:1: nesting is too deep; at most 64 levels are allowed"] * 2
    assert lines[2].startswith("deep.yaml:1:"), lines[2]
    assert len(lines) == 3


def test_a_control_character_gets_its_place_not_a_crash() -> None:
    with pytest.raises(DataError) as excinfo:
        load_yaml_text('format: roborally-board/1\nname: "a\x07"\n', "t.yaml")
    assert str(excinfo.value) == ("t.yaml:2:9: the character #x0007 is not allowed in YAML "
                                  "text; delete it")
