"""boards/schema/*.schema.json against FORMATS.md, the shipped files and the game's loaders.

One source of truth: the schemas exist so that editors can complete and check keys, and
these tests keep them equal to FORMATS.md (the contract) and to the loaders (what the game
really accepts). Every shipped board, course, arena and scenario must pass its schema; every
bad file below must be rejected by the schema AND by the loader registered for its format.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from game.data.errors import DataError
from game.data.files import FileContext, read_format, registry
from game.data.reader import Reader

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
FORMATS_MD = SHARED / "FORMATS.md"
RULES_MD = SHARED / "RULES.md"
SCHEMA_DIR = ROOT / "boards" / "schema"

SCHEMA_FILES = {
    "roborally-board/1": "roborally-board.schema.json",
    "roborally-course/1": "roborally-course.schema.json",
    "volt-arena/1": "volt-arena.schema.json",
    "roborally-scenario/1": "roborally-scenario.schema.json",
    "volt-scenario/1": "volt-scenario.schema.json",
    "robot-master-scenario/1": "robot-master-scenario.schema.json",
    "roborally-options/1": "roborally-options.schema.json",
    "roborally-elements/1": "roborally-elements.schema.json",
}
EXTENSIONS: dict[tuple[str, str], set[str]] = {
    ("roborally-scenario/1", "expect robot"): {"locked", "eliminated"},
    ("roborally-course/1", "board"): {"starts"},
    ("robot-master-scenario/1", "top"): {"start"},
}
"""Keys the game's loaders accept beyond FORMATS.md (extend, never change); each is marked
"extension" in its schema and must not be in FORMATS.md (then it belongs there)."""
CATALOGUES = {"roborally-options/1", "roborally-elements/1"}
"""Catalogue formats of the game's own data (option cards, element texts): not in FORMATS.md,
not written by board designers; their schemas help whoever adds a language."""


def _schema(fmt: str) -> dict[str, Any]:
    return json.loads((SCHEMA_DIR / SCHEMA_FILES[fmt]).read_text(encoding="utf-8"))


def _validator(fmt: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(_schema(fmt))


def _as_json(data: Any) -> Any:
    """What an editor's YAML plug-in hands the schema: JSON data (mapping keys as text)."""
    return json.loads(json.dumps(data))


def _schema_errors(fmt: str, data: Any) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path)) or '<root>'}: {e.message}"
            for e in _validator(fmt).iter_errors(_as_json(data))]


def _formats_text() -> str:
    assert FORMATS_MD.is_file(), f"FORMATS.md not found at {FORMATS_MD}"
    return FORMATS_MD.read_text(encoding="utf-8")


def _find(text: str, phrase: str, pos: int = 0) -> re.Match[str]:
    """`phrase` in `text` from `pos`, where any run of blanks may be a line break."""
    m = re.compile(r"\s+".join(map(re.escape, phrase.split()))).search(text, pos)
    assert m, f"{phrase!r} not found in the spec text"
    return m


def _section(text: str, start: str, end: str | None) -> str:
    """From `start` up to (not including) `end`, or to the end of `text`."""
    i = _find(text, start)
    j = len(text) if end is None else _find(text, end, i.end()).start()
    return text[i.start():j]


def _yaml_blocks(section: str) -> list[dict[str, Any]]:
    return [yaml.safe_load(block) for block in re.findall(r"```yaml\n(.*?)```", section, re.S)]


# -- the shipped files ---------------------------------------------------------------------

def _shipped_files() -> list[Path]:
    files = sorted((ROOT / "boards").glob("*/*.yaml"))
    files += sorted(ROOT.glob("tests/*/scenarios/*.yaml"))
    files += sorted((SHARED / "scenarios").glob("*.yaml"))
    return files


SHIPPED = _shipped_files()


def _load(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def test_there_are_shipped_files_of_every_format() -> None:
    formats = {(_load(p) or {}).get("format") for p in SHIPPED}
    missing = sorted(set(SCHEMA_FILES) - formats)
    assert not missing, f"no shipped file of format(s) {missing}"


@pytest.mark.parametrize("fmt", sorted(SCHEMA_FILES))
def test_schema_is_a_valid_draft_2020_12_schema(fmt: str) -> None:
    schema = _schema(fmt)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["properties"]["format"] == {"const": fmt, **{
        k: v for k, v in schema["properties"]["format"].items() if k != "const"}}
    assert schema["required"][0] == "format"


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_shipped_file_passes_its_schema(path: Path) -> None:
    data = _load(path)
    fmt = data.get("format")
    if fmt in CATALOGUES:
        assert path.parent == ROOT / "boards" / "roborally", \
            f"{fmt} is a game catalogue format; only the game's own boards/ may hold it"
    assert fmt in SCHEMA_FILES, f"{path}: no schema for format {fmt!r}"
    assert _schema_errors(fmt, data) == []


# -- the schemas say what FORMATS.md says ---------------------------------------------------

def _backticked(text: str) -> list[str]:
    return re.findall(r"`([^`]+)`", text)


def _table_rows(section: str) -> list[list[str]]:
    rows = []
    for line in section.splitlines():
        if line.startswith("|") and not re.match(r"^\|[-| ]+\|$", line):
            rows.append([c.strip().replace("\\|", "|")
                         for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))])
    return rows[1:]  # without the header


def _formats_rr_board() -> str:
    return _section(_formats_text(), "## RoboRally board", "## RoboRally course")


def _pattern_tokens(pattern: str) -> set[str]:
    """The alternatives of the token group in a map pattern built like the schemas' ones."""
    group = re.search(r"\(\?:\(\?:(.*?)\)\(\?:", pattern)
    assert group, f"unexpected map pattern {pattern!r}"
    return {re.sub(r"\\(.)", r"\1", alt) for alt in group.group(1).split("|")}


def test_board_map_tokens_are_those_of_formats_md() -> None:
    table = _section(_formats_rr_board(), "| token |", "Element types")
    tokens: set[str] = set()
    for cells in _table_rows(table):
        for tok in _backticked(cells[0]):
            tokens.add(tok)
        if "…" in cells[0]:  # `S1` … `S8`
            first, last = _backticked(cells[0])
            tokens |= {f"{first[0]}{n}" for n in range(int(first[1:]), int(last[1:]) + 1)}
    schema_tokens = _pattern_tokens(_schema("roborally-board/1")["properties"]["map"]["pattern"])
    assert schema_tokens == tokens
    validator = _validator("roborally-board/1")
    for tok in sorted(tokens):
        assert validator.is_valid({"format": "roborally-board/1", "size": [2, 1],
                                   "map": f"{tok}  .\n"}), tok
    for wrong in ("S9", "S0", "R3", "C", "Cx", "G*", "E", "o", "XX"):
        assert not validator.is_valid({"format": "roborally-board/1", "size": [1, 1],
                                       "map": f"{wrong}\n"}), wrong


def _formats_element_keys() -> dict[str, set[str]]:
    table = _section(_formats_rr_board(), "| type | keys |", None)
    keys: dict[str, set[str]] = {}
    for cells in _table_rows(table):
        names = _backticked(cells[0])
        # keys are the backticked words of the keys column: `dir`, `express` (false), ...
        wanted = {re.split(r"[: ]", k)[0] for k in _backticked(cells[1])}
        for name in names:
            keys[name] = wanted | {"type", "at"}
    return keys


def _schema_element_keys(schema: dict[str, Any]) -> dict[str, set[str]]:
    element = schema["$defs"]["element"]
    out: dict[str, set[str]] = {}
    for rule in element["allOf"]:
        typ = rule["if"]["properties"]["type"]["const"]
        out[typ] = set(rule["then"]["properties"])
    assert set(out) == set(element["properties"]["type"]["enum"])
    return out


def test_board_element_types_and_keys_are_those_of_formats_md() -> None:
    assert _schema_element_keys(_schema("roborally-board/1")) == _formats_element_keys()


def test_scenario_inline_board_uses_the_board_definitions() -> None:
    board = _schema("roborally-board/1")
    scenario = _schema("roborally-scenario/1")
    assert scenario["$defs"]["element"] == board["$defs"]["element"]
    inline = [s for s in scenario["properties"]["board"]["anyOf"] if s.get("type") == "object"]
    assert len(inline) == 1
    assert set(inline[0]["properties"]) == set(board["properties"]) - {"format"}


def _top_keys(schema: dict[str, Any]) -> set[str]:
    return set(schema["properties"])


def test_board_and_course_top_level_keys_are_those_of_formats_md() -> None:
    (board_example,) = _yaml_blocks(_formats_rr_board())
    assert _top_keys(_schema("roborally-board/1")) == set(board_example)
    course = _section(_formats_text(), "## RoboRally course", "## VOLT arena")
    (course_example,) = _yaml_blocks(course)
    assert _top_keys(_schema("roborally-course/1")) == set(course_example)
    board_keys = _schema("roborally-course/1")["properties"]["boards"]["items"]["properties"]
    documented = set().union(*(set(b) for b in course_example["boards"]))
    extensions = EXTENSIONS[("roborally-course/1", "board")]
    assert not extensions & documented, "an extension is in FORMATS.md now: drop it here"
    assert set(board_keys) == documented | extensions
    for key in extensions:
        assert "extension" in board_keys[key]["description"]


def test_volt_arena_keys_tokens_and_elements_are_those_of_formats_md() -> None:
    section = _section(_formats_text(), "## VOLT arena", "## Scenarios")
    assert _find(section, "Same `size`, `map`, `walls`, `elements` keys")
    (board_example,) = _yaml_blocks(_formats_rr_board())
    schema = _schema("volt-arena/1")
    assert _top_keys(schema) == set(board_example)  # format, name + the same four keys
    tokens_text = _section(section, "Map tokens:", "Element types:")
    tokens: set[str] = set()
    ticks = _backticked(tokens_text)
    for i, tok in enumerate(ticks):
        tokens.add(tok)
    span = re.search(r"`V(\d)` … `V(\d)`", tokens_text)
    assert span
    tokens |= {f"V{n}" for n in range(int(span.group(1)), int(span.group(2)) + 1)}
    assert _pattern_tokens(schema["properties"]["map"]["pattern"]) == tokens
    elements_text = section[section.index("Element types:"):]
    expected: dict[str, set[str]] = {}
    for m in re.finditer(r"`(\w+)`(?:\s\(`(\w+):)?", elements_text):
        expected[m.group(1)] = {"type", "at"} | ({m.group(2)} if m.group(2) else set())
    assert _schema_element_keys(schema) == expected


def _rr_scenario_section() -> str:
    return _section(_formats_text(), "### `roborally-scenario/1`", "### `volt-scenario/1`")


def test_roborally_scenario_keys_are_those_of_formats_md() -> None:
    section = _rr_scenario_section()
    (example,) = _yaml_blocks(section)
    schema = _schema("roborally-scenario/1")
    assert _find(section, "`answers` gives, per robot")
    assert _top_keys(schema) == set(example) | {"answers"}

    robot_keys = set().union(*(set(r) for r in example["robots"]))
    left_out = re.search(r"Robot keys left out take their\s+start-of-game\s+values\s+\((.*?)\)\.",
                         section, re.S)
    assert left_out
    robot_keys |= {m.group(1) for m in re.finditer(r"(\w+) (?:0|from|1|=)", left_out.group(1))}
    assert set(schema["properties"]["robots"]["items"]["properties"]) == robot_keys

    results = re.search(r"Result keys per\s+robot: (.*?);", section, re.S)
    assert results
    result_keys = set(_backticked(results.group(1)))
    extensions = EXTENSIONS[("roborally-scenario/1", "expect robot")]
    assert not extensions & result_keys, "an extension is in FORMATS.md now: drop it here"
    result_schema = schema["properties"]["expect"]["additionalProperties"]["properties"]
    assert set(result_schema) == result_keys | extensions
    for key in extensions:
        assert "extension" in result_schema[key]["description"]
    from game.roborally.scenario import RESULT_KEYS
    assert set(RESULT_KEYS) == set(result_schema), "the runner's result keys differ"
    assert _find(section, "`winner` at the top")
    assert set(schema["properties"]["expect"]["properties"]) == {"winner"}


def test_roborally_scenario_answers_are_those_of_formats_md() -> None:
    section = _rr_scenario_section()
    text = _section(section, "Each answer names its decision and a value:", "An answer of")
    answers = dict(re.findall(r"`(\w+): ([^`]+)`", text))
    schema = _schema("roborally-scenario/1")
    kinds = schema["$defs"]["answer"]["properties"] if "answer" in schema["$defs"] else \
        schema["properties"]["answers"]["additionalProperties"]["items"]["properties"]
    assert set(kinds) == set(answers)
    validator = _validator("roborally-scenario/1")
    placeholders = {"OPTION_ID": "ablative_coat", "REGISTER": 3, "ROBOT": "blue"}

    def scenario(answer: dict[str, Any]) -> dict[str, Any]:
        return {"format": "roborally-scenario/1", "board": "x",
                "robots": [{"name": "red", "at": [0, 0]}], "answers": {"red": [answer]}}

    for kind, values in answers.items():
        for value in values.split("|"):
            shown = placeholders.get(value, value)
            written = f"{{{kind}: {shown}}}"     # unquoted, as FORMATS.md shows it
            assert validator.is_valid(scenario(yaml.safe_load(written))), written
            if isinstance(shown, str) and not shown.isdigit():
                assert validator.is_valid(scenario({kind: shown})), f"{kind}: {shown!r} quoted"
        assert not validator.is_valid(scenario({kind: "surely not an answer!"})), kind
    assert not validator.is_valid(scenario({"brake": "stay"}))
    assert not validator.is_valid(scenario({"brakes": "stay", "gyro": "on"}))


def test_card_types_option_ids_and_rule_names_are_those_of_the_specs() -> None:
    section = _rr_scenario_section()
    cards = re.search(r"Card types: `([^`]+)`", section)
    assert cards
    validator = _validator("roborally-scenario/1")

    def program(card: str | None) -> dict[str, Any]:
        return {"format": "roborally-scenario/1", "board": "x",
                "robots": [{"name": "red", "at": [0, 0]}], "program": {"red": [card]}}

    for card in cards.group(1).split():
        assert validator.is_valid(program(f"{card}:500")), card
    for wrong in ("move4:500", "jump:500", "move1", "move1:", "Move1:500", "move1:5x"):
        assert not validator.is_valid(program(wrong)), wrong
    assert validator.is_valid(program(None))

    rules = RULES_MD.read_text(encoding="utf-8")
    table = _section(rules, "## CB-6 The 26 option cards", "* **CB-6.1 ")
    option_ids = [cells[-1].strip("`") for cells in _table_rows(table) if len(cells) == 5]
    assert len(option_ids) == 26
    schema = _schema("roborally-scenario/1")
    assert schema["$defs"]["option"]["enum"] == option_ids

    switches = _section(rules, "## RR-13 Variant switches", "With C&B option cards")
    rr_options = [_backticked(cells[0])[0] for cells in _table_rows(switches)]
    assert sorted(schema["properties"]["rules"]["properties"]) == sorted(rr_options)
    from game.roborally.engine import RULE_DEFAULTS
    assert sorted(RULE_DEFAULTS) == sorted(rr_options), "the engine's RR options differ"
    from game.robotmaster.rules import RULE_NAMES
    from game.volt.state import RULE_OPTIONS
    for fmt, prefix, engine_names in (("volt-scenario/1", "VT", RULE_OPTIONS),
                                      ("robot-master-scenario/1", "RM", RULE_NAMES)):
        named = set(re.findall(rf"Option `({prefix}_[A-Z0-9_]+)`", rules))
        props = _schema(fmt)["properties"]["rules"]["properties"]
        extensions = {k for k, v in props.items() if "extension" in v.get("description", "")}
        assert not extensions & named, f"{fmt}: an extension is in RULES.md now"
        assert set(props) == named | extensions, fmt
        assert set(engine_names) == set(props), f"{fmt}: the game's option names differ"


def test_volt_scenario_keys_are_those_of_formats_md() -> None:
    section = _section(_formats_text(), "### `volt-scenario/1`", "### `robot-master-scenario/1`")
    (example,) = _yaml_blocks(section)
    schema = _schema("volt-scenario/1")
    assert _top_keys(schema) == set(example)
    assert set(schema["properties"]["robots"]["items"]["properties"]) == \
        set().union(*(set(r) for r in example["robots"]))
    dice = [d for program in example["program"].values() for d in program if d]
    die_schema = schema["properties"]["program"]["additionalProperties"]["items"]["anyOf"][0]
    assert set(die_schema["properties"]) == set().union(*(set(d) for d in dice))
    results = re.search(r"Result keys per\s+robot: (.*?);", section, re.S)
    assert results
    assert set(schema["properties"]["expect"]["additionalProperties"]["properties"]) == \
        set(_backticked(results.group(1)))
    assert set(schema["properties"]["expect"]["properties"]) == {"winner"}


def test_robot_master_scenario_keys_are_those_of_formats_md() -> None:
    section = _section(_formats_text(), "### `robot-master-scenario/1`", "## Command line")
    examples = _yaml_blocks(section)
    assert len(examples) == 2
    schema = _schema("robot-master-scenario/1")
    extensions = EXTENSIONS[("robot-master-scenario/1", "top")]
    documented = set().union(*(set(e) for e in examples))
    assert not extensions & documented, "an extension is in FORMATS.md now: drop it here"
    assert _top_keys(schema) == documented | extensions
    for key in extensions:
        assert "extension" in schema["properties"][key]["description"]
    assert set(schema["properties"]["expect"]["properties"]) == \
        set().union(*(set(e["expect"]) for e in examples))
    for example in examples:
        assert _schema_errors("robot-master-scenario/1", example) == []


# -- the shipped files load, and bad files are rejected by the schema AND the loader --------

def _loader(fmt: str) -> Any:
    reg = registry()
    found = reg.checkers.get(fmt) or reg.simulators.get(fmt)
    if found is None:
        pytest.fail(f"no loader for {fmt!r}: the game package has not registered it in "
                    "CHECKERS or SIMULATORS (game/<game>/files.py) yet")
    return found


def _loader_problems(fmt: str, text: str, name: str) -> list[str]:
    """What the game's own loader says about `text` (a file in boards/roborally, so that a
    course can name the built-in boards). Anything but a DataError fails the test."""
    r = Reader.from_text(text, name)
    read_format(r, {fmt: None}, "this test")
    try:
        _loader(fmt)(r, FileContext.for_file(ROOT / "boards" / "roborally" / name))
    except DataError as exc:
        return [str(p) for p in exc.problems]
    return []


CHECKED_FILES = [p for p in SHIPPED if (_load(p) or {}).get("format") in
                 ("roborally-board/1", "roborally-course/1", "volt-arena/1")]


@pytest.mark.parametrize("path", CHECKED_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_shipped_board_course_and_arena_pass_the_game_loader(path: Path) -> None:
    fmt = _load(path)["format"]
    text = path.read_text(encoding="utf-8")
    assert _loader_problems(fmt, text, path.name) == []


BOARD = "format: roborally-board/1\nsize: [4, 3]\n"
COURSE = "format: roborally-course/1\n"
ARENA_HEAD = "format: volt-arena/1\nsize: [4, 3]\n"
ARENA = ARENA_HEAD + "map: |\n  SN V1 V2 SN\n  V3 .  .  V4\n  SS V5 V6 SS\n"
VOLT = ("format: volt-scenario/1\narena: {size: [4, 3]}\n"
        "robots: [{name: red, at: [0, 0]}, {name: green, at: [3, 2]}]\n")

RR = ("format: roborally-scenario/1\nboard: {size: [4, 3]}\n"
      "robots: [{name: red, at: [0, 1], facing: E}]\n")
RR_BRAKES = ("format: roborally-scenario/1\nboard: {size: [4, 3]}\n"
             "robots: [{name: red, at: [0, 1], facing: E, options: [brakes]}]\n"
             "program: {red: [move1:500]}\n")
RM = "format: robot-master-scenario/1\n"
RM_GRID = RM + "grid: |\n  5 0 2 3 1\n  3 3 0 1 4\n  5 5 2 2 1\n  2 2 2 3 4\n  0 0 0 4 4\n"

OPTIONS = (ROOT / "boards" / "roborally" / "options.yaml").read_text(encoding="utf-8")
ELEMENTS = (ROOT / "boards" / "roborally" / "elements.yaml").read_text(encoding="utf-8")
FLOOR_NAME = "name: {en: Floor, de: Wegfeld}"
MEMORY_NAME = "name: {en: Extra Memory, de: Zusätzlicher Speicherplatz}"
assert FLOOR_NAME in ELEMENTS and MEMORY_NAME in OPTIONS, "the catalogues changed: adapt this"
ELEMENTS_IN_FRENCH_TOO = ELEMENTS.replace(FLOOR_NAME, "name: {en: Floor, de: Wegfeld, fr: Sol}")

BAD_FILES: list[tuple[str, str, str]] = [
    # (what is wrong, format, the file)
    ("board: misspelt key", "roborally-board/1", BOARD + "elemnts: []\n"),
    ("board: no size", "roborally-board/1", "format: roborally-board/1\nname: X\n"),
    ("board: empty name", "roborally-board/1", BOARD + "name: ''\n"),
    ("board: size 0", "roborally-board/1", "format: roborally-board/1\nsize: [0, 3]\n"),
    ("board: size over 40", "roborally-board/1", "format: roborally-board/1\nsize: [41, 3]\n"),
    ("board: size of one number", "roborally-board/1", "format: roborally-board/1\nsize: [4]\n"),
    ("board: unknown map token", "roborally-board/1",
     BOARD + "map: |\n  .  .  .  .\n  .  Q  .  .\n  .  .  .  .\n"),
    ("board: start square 9", "roborally-board/1",
     BOARD + "map: |\n  .  .  .  .\n  .  S9 .  .\n  .  .  .  .\n"),
    ("board: wall side X", "roborally-board/1", BOARD + "walls: [[1, 1, X]]\n"),
    ("board: wall of two items", "roborally-board/1", BOARD + "walls: [[1, 1]]\n"),
    ("board: unknown element type", "roborally-board/1",
     BOARD + "elements: [{type: lazer, at: [0, 0], wall: W}]\n"),
    ("board: element without at", "roborally-board/1", BOARD + "elements: [{type: pit}]\n"),
    ("board: element at [1]", "roborally-board/1", BOARD + "elements: [{type: pit, at: [1]}]\n"),
    ("board: negative position", "roborally-board/1",
     BOARD + "elements: [{type: pit, at: [-1, 0]}]\n"),
    ("board: conveyor without dir", "roborally-board/1",
     BOARD + "elements: [{type: conveyor, at: [1, 1]}]\n"),
    ("board: conveyor dir north", "roborally-board/1",
     BOARD + "elements: [{type: conveyor, at: [1, 1], dir: north}]\n"),
    ("board: express not a flag", "roborally-board/1",
     BOARD + "elements: [{type: conveyor, at: [1, 1], dir: N, express: fast}]\n"),
    ("board: gear turn clockwise", "roborally-board/1",
     BOARD + "elements: [{type: gear, at: [1, 1], turn: clockwise}]\n"),
    ("board: gear with a dir", "roborally-board/1",
     BOARD + "elements: [{type: gear, at: [1, 1], turn: cw, dir: N}]\n"),
    ("board: repair with 3 wrenches", "roborally-board/1",
     BOARD + "elements: [{type: repair, at: [1, 1], wrenches: 3}]\n"),
    ("board: laser with 4 beams", "roborally-board/1",
     BOARD + "elements: [{type: laser, at: [0, 1], wall: W, beams: 4}]\n"),
    ("board: laser without wall", "roborally-board/1",
     BOARD + "elements: [{type: laser, at: [0, 1], beams: 1}]\n"),
    ("board: pusher in register 6", "roborally-board/1",
     BOARD + "elements: [{type: pusher, at: [0, 1], wall: W, registers: [2, 6]}]\n"),
    ("board: pusher register twice", "roborally-board/1",
     BOARD + "elements: [{type: pusher, at: [0, 1], wall: W, registers: [2, 2]}]\n"),
    ("board: crusher with no registers", "roborally-board/1",
     BOARD + "elements: [{type: crusher, at: [1, 1], registers: []}]\n"),
    ("board: swing door without open", "roborally-board/1",
     BOARD + "elements: [{type: swing_door, at: [1, 1], wall: E}]\n"),
    ("board: portal without colour", "roborally-board/1",
     BOARD + "elements: [{type: portal, at: [1, 1]}]\n"),
    ("board: start number 9", "roborally-board/1",
     BOARD + "elements: [{type: start, at: [1, 1], number: 9}]\n"),
    ("board: start facing up", "roborally-board/1",
     BOARD + "elements: [{type: start, at: [1, 1], number: 1, facing: up}]\n"),
    ("board: flag 9", "roborally-board/1",
     BOARD + "elements: [{type: flag, at: [1, 1], number: 9}]\n"),
    ("course: no boards", "roborally-course/1", COURSE + "flags: [[1, 1]]\n"),
    ("course: empty board list", "roborally-course/1", COURSE + "boards: []\n"),
    ("course: rotate 45", "roborally-course/1",
     COURSE + "boards: [{board: laser-alley, at: [0, 0], rotate: 45}]\n"),
    ("course: misspelt rotate", "roborally-course/1",
     COURSE + "boards: [{board: laser-alley, at: [0, 0], rotation: 90}]\n"),
    ("course: board name with ..", "roborally-course/1",
     COURSE + "boards: [{board: ../laser-alley, at: [0, 0]}]\n"),
    ("course: board without at", "roborally-course/1",
     COURSE + "boards: [{board: laser-alley}]\n"),
    ("course: no players", "roborally-course/1",
     COURSE + "players: [0, 4]\nboards: [{board: laser-alley, at: [0, 0]}]\n"),
    ("course: nine players", "roborally-course/1",
     COURSE + "players: [2, 9]\nboards: [{board: laser-alley, at: [0, 0]}]\n"),
    ("course: flag of one number", "roborally-course/1",
     COURSE + "boards: [{board: laser-alley, at: [0, 0]}]\nflags: [[1]]\n"),
    ("course: nine flags", "roborally-course/1",
     COURSE + "boards: [{board: laser-alley, at: [0, 0]}]\nflags: "
     "[[0, 1], [1, 1], [2, 1], [3, 1], [4, 1], [5, 1], [6, 1], [7, 1], [8, 1]]\n"),
    ("course: misspelt flags", "roborally-course/1",
     COURSE + "boards: [{board: laser-alley, at: [0, 0]}]\nflag: [[1, 1]]\n"),
    ("arena: misspelt key", "volt-arena/1", ARENA + "wall: []\n"),
    ("arena: unknown map token", "volt-arena/1",
     ARENA_HEAD + "map: |\n  SN V1 V2 SN\n  V3 V7 .  V4\n  SS V5 V6 SS\n"),
    ("arena: unknown element type", "volt-arena/1",
     ARENA + "elements: [{type: victory, at: [1, 1], number: 1}]\n"),
    ("arena: vp 7", "volt-arena/1", ARENA + "elements: [{type: vp, at: [1, 1], number: 7}]\n"),
    ("arena: start side NE", "volt-arena/1",
     ARENA + "elements: [{type: start, at: [1, 1], side: NE}]\n"),
    ("volt scenario: misspelt key", "volt-scenario/1", VOLT + "marker: {1: 1}\n"),
    ("volt scenario: robot key", "volt-scenario/1",
     "format: volt-scenario/1\narena: {size: [4, 3]}\nrobots: [{name: red, at: [0, 0], vps: 1}]\n"),
    ("volt scenario: green die", "volt-scenario/1",
     VOLT + "program: {red: [{die: green, value: 2, dir: E}, null, null]}\n"),
    ("volt scenario: die value 7", "volt-scenario/1",
     VOLT + "program: {red: [{die: blue, value: 7, dir: E}, null, null]}\n"),
    ("volt scenario: two crosses", "volt-scenario/1",
     VOLT + "program: {red: [{die: blue, value: 2, dir: E}, null]}\n"),
    ("volt scenario: expect points", "volt-scenario/1", VOLT + "expect: {red: {points: 1}}\n"),
    ("rr scenario: no board", "roborally-scenario/1",
     "format: roborally-scenario/1\nrobots: [{name: red, at: [0, 1]}]\n"),
    ("rr scenario: no robots", "roborally-scenario/1",
     "format: roborally-scenario/1\nboard: {size: [4, 3]}\n"),
    ("rr scenario: misspelt key", "roborally-scenario/1", RR + "programs: {red: [move1:500]}\n"),
    ("rr scenario: unknown rule", "roborally-scenario/1", RR + "rules: {ROBOT_LASERS: false}\n"),
    ("rr scenario: unknown RR rule", "roborally-scenario/1", RR + "rules: {RR_TURBO: true}\n"),
    ("rr scenario: inline board with format", "roborally-scenario/1",
     "format: roborally-scenario/1\nboard: {format: roborally-board/1, size: [4, 3]}\n"
     "robots: [{name: red, at: [0, 1]}]\n"),
    ("rr scenario: inline board element", "roborally-scenario/1",
     "format: roborally-scenario/1\nboard: {size: [4, 3], elements: [{type: lazer, at: [0, 0]}]}\n"
     "robots: [{name: red, at: [0, 1]}]\n"),
    ("rr scenario: facing north", "roborally-scenario/1",
     "format: roborally-scenario/1\nboard: {size: [4, 3]}\n"
     "robots: [{name: red, at: [0, 1], facing: north}]\n"),
    ("rr scenario: robot key", "roborally-scenario/1",
     "format: roborally-scenario/1\nboard: {size: [4, 3]}\n"
     "robots: [{name: red, at: [0, 1], dammage: 2}]\n"),
    ("rr scenario: damage 10", "roborally-scenario/1",
     "format: roborally-scenario/1\nboard: {size: [4, 3]}\n"
     "robots: [{name: red, at: [0, 1], damage: 10}]\n"),
    ("rr scenario: unknown option", "roborally-scenario/1",
     "format: roborally-scenario/1\nboard: {size: [4, 3]}\n"
     "robots: [{name: red, at: [0, 1], options: [laser_cannon]}]\n"),
    ("rr scenario: four options", "roborally-scenario/1",
     "format: roborally-scenario/1\nboard: {size: [4, 3]}\nrobots: [{name: red, at: [0, 1], "
     "options: [brakes, shield, turret, scrambler]}]\n"),
    ("rr scenario: robot named winner", "roborally-scenario/1",
     "format: roborally-scenario/1\nboard: {size: [4, 3]}\nrobots: [{name: winner, at: [0, 1]}]\n"),
    ("rr scenario: unknown card", "roborally-scenario/1", RR + "program: {red: [jump:500]}\n"),
    ("rr scenario: card without priority", "roborally-scenario/1",
     RR + "program: {red: [move1]}\n"),
    ("rr scenario: six registers", "roborally-scenario/1",
     RR + "program: {red: [move1:500, left:70, left:90, left:110, left:130, left:150]}\n"),
    ("rr scenario: registers 6", "roborally-scenario/1", RR + "registers: 6\n"),
    ("rr scenario: turn_end maybe", "roborally-scenario/1", RR + "turn_end: maybe\n"),
    ("rr scenario: unknown decision", "roborally-scenario/1",
     RR_BRAKES + "answers: {red: [{brake: stay}]}\n"),
    ("rr scenario: two decisions in one answer", "roborally-scenario/1",
     RR_BRAKES + "answers: {red: [{brakes: stay, gyro: 'on'}]}\n"),
    ("rr scenario: expect key", "roborally-scenario/1",
     RR + "registers: 1\nexpect: {red: {position: [0, 1]}}\n"),
    ("rm scenario: misspelt key", "robot-master-scenario/1", RM_GRID + "expected: {solo: 10}\n"),
    ("rm scenario: neither grid nor table", "robot-master-scenario/1",
     RM + "expect: {solo: 10}\n"),
    ("rm scenario: grid and table", "robot-master-scenario/1",
     RM_GRID + "table: |\n  . . .\n  . 4 .\n  . . .\n"),
    ("rm scenario: card value 6", "robot-master-scenario/1",
     RM + "grid: |\n  5 0 2 3 1\n  3 3 0 1 4\n  5 5 6 2 1\n  2 2 2 3 4\n  0 0 0 4 4\n"),
    ("rm scenario: winner draw", "robot-master-scenario/1", RM_GRID + "expect: {winner: draw}\n"),
    ("rm scenario: four rows", "robot-master-scenario/1",
     RM_GRID + "expect: {rows: [11, 35, 71, 107]}\n"),
    ("rm scenario: unknown rule", "robot-master-scenario/1",
     RM_GRID + "rules: {RM_SIX_KIND: true}\n"),
    ("options: a name without English", "roborally-options/1",
     OPTIONS.replace(MEMORY_NAME, "name: {de: Zusätzlicher Speicherplatz}")),
    ("options: a language written out", "roborally-options/1",
     OPTIONS.replace(MEMORY_NAME, "name: {en: Extra Memory, French: Mémoire}")),
    ("options: an empty text", "roborally-options/1",
     OPTIONS.replace(MEMORY_NAME, "name: {en: Extra Memory, fr: ' '}")),
    ("elements: a name without English", "roborally-elements/1",
     ELEMENTS.replace(FLOOR_NAME, "name: {de: Wegfeld, fr: Sol}")),
    ("elements: a language code in capitals", "roborally-elements/1",
     ELEMENTS.replace(FLOOR_NAME, "name: {en: Floor, DE: Wegfeld}")),
    ("elements: a name that is not a mapping", "roborally-elements/1",
     ELEMENTS.replace(FLOOR_NAME, "name: Floor")),
]


@pytest.mark.parametrize(("what", "fmt", "text"), BAD_FILES, ids=[b[0] for b in BAD_FILES])
def test_bad_file_is_rejected_by_the_schema(what: str, fmt: str, text: str) -> None:
    assert _schema_errors(fmt, yaml.safe_load(text)), f"the schema accepts it: {what}"


@pytest.mark.parametrize(("what", "fmt", "text"), BAD_FILES, ids=[b[0] for b in BAD_FILES])
def test_bad_file_is_rejected_by_the_loader(what: str, fmt: str, text: str) -> None:
    assert _loader_problems(fmt, text, "bad.yaml"), f"the game loads it: {what}"


def test_the_bad_files_differ_from_good_files_only_in_their_mistake() -> None:
    """The minimal good files the bad ones are built on pass both checks, so each bad file
    fails for its own mistake."""
    good = [("roborally-board/1", BOARD),
            ("roborally-course/1", COURSE + "boards: [{board: laser-alley, at: [0, 0]}, "
             "{board: docking-bay, at: [0, 12]}]\nflags: [[6, 8]]\n"),  # playable: RR-3.2, RR-3.3
            ("volt-arena/1", ARENA), ("volt-scenario/1", VOLT), ("roborally-scenario/1", RR),
            ("roborally-scenario/1", RR_BRAKES + "answers: {red: [{brakes: stay}]}\n"),
            ("robot-master-scenario/1", RM_GRID), ("roborally-options/1", OPTIONS),
            ("roborally-elements/1", ELEMENTS), ("roborally-elements/1", ELEMENTS_IN_FRENCH_TOO)]
    for fmt, text in good:
        assert _schema_errors(fmt, yaml.safe_load(text)) == [], fmt
        assert _loader_problems(fmt, text, "good.yaml") == [], fmt


def test_catalogue_schemas_name_what_the_game_knows() -> None:
    from game.core.texts import LANGUAGE_CODE
    from game.roborally.model import ELEMENT_TYPES, OPTION_IDS, OPTION_TIMINGS
    options, elements = _schema("roborally-options/1"), _schema("roborally-elements/1")
    card = options["properties"]["cards"]["items"]["properties"]
    assert card["id"]["enum"] == list(OPTION_IDS)
    assert card["timing"]["enum"] == list(OPTION_TIMINGS)
    kinds = elements["properties"]["elements"]["items"]["properties"]["type"]["enum"]
    assert sorted(kinds) == sorted(list(ELEMENT_TYPES) + ["wall"])
    for schema in (options, elements):
        texts = schema["$defs"]["texts"]
        assert texts["propertyNames"]["pattern"] == LANGUAGE_CODE.pattern
        assert texts["required"] == ["en"]
