"""Arena files (volt-arena/1) that are wrong get exact messages at the place of the mistake
(STYLE.md §8.11), and every shipped arena loads and is playable by 2-4 operators."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.types import Direction, Pos
from game.data import DataError, Reader
from game.data.files import FileContext, load_any
from game.volt.data import load_arena
from game.volt.files import CHECKERS, SIMULATORS
from game.volt.state import VoltState

BOARDS = Path(__file__).resolve().parent.parent.parent / "boards" / "volt"
HEAD = "format: volt-arena/1\nname: Bad\n"
MAP = """map: |
  SN V1 V2 V3
  SW O  .  SE
  V4 V5 V6 SS
"""
SIZED = HEAD + "size: [4, 3]\n" + MAP

CASES = [
    ("size", HEAD + "size: [4]\n" + MAP,
     "3:7: size: expected a pair [a, b], got a list"),
    ("rows", HEAD + "size: [4, 4]\n" + MAP,
     "4:6: map: 3 rows; the size says 4 (one row per line, north to south)"),
    ("token", SIZED.replace("SW O", "SW X"),
     "6:6: map: row 1, column 1: unknown square 'X'; allowed: . O V1 V2 V3 V4 V5 V6 W SN SE "
     "SS SW"),
    ("short-row", SIZED.replace("SW O  .  SE", "SW O  SE"),
     "6:3: map: row 1 has 3 squares; the size says 4 (tokens are separated by blanks)"),
    ("missing-vp", SIZED.replace("V6", ". "),
     "1:1: no victory-point field 6; an arena needs V1 .. V6 once each (VT-5.1)"),
    ("one-side", SIZED.replace("SN", ". ").replace("SW", ". ").replace("SE", ". "),
     "1:1: start fields on 1 side(s); an arena needs start fields on at least two sides "
     "(SN, SE, SS, SW), one per operator (VT-1.3)"),
    ("element-type", SIZED + "elements:\n  - {type: mine, at: [2, 1]}\n",
     "9:12: elements[0].type: 'mine' is not allowed here; expected one of floor, pit, start, "
     "vp, workshop"),
    ("element-off-grid", SIZED + "elements:\n  - {type: pit, at: [4, 1]}\n",
     "9:21: elements[0].at: [4, 1] is off the grid; allowed: x 0..3, y 0..2"),
    ("element-clash", SIZED + "elements:\n  - {type: pit, at: [1, 0]}\n",
     "9:21: elements[0].at: [1, 0] is already a vp field from the map (row 0, column 1); a "
     "square has one kind"),
    ("start-side", SIZED + "elements:\n  - {type: start, at: [2, 1], side: north}\n",
     "9:37: elements[0].side: 'north' is not allowed here; expected one of E, N, S, W"),
    ("vp-number", SIZED + "elements:\n  - {type: vp, at: [2, 1], number: 7}\n",
     "9:36: elements[0].number: 7 is out of range; allowed: 1..6"),
    ("element-key", SIZED + "elements:\n  - {type: pit, at: [2, 1], number: 2}\n",
     "9:29: elements[0].number: unknown key 'number'; allowed here: at, type"),
    ("wall-side", SIZED + "walls: [[1, 1, X]]\n",
     "8:16: walls[0][2]: 'X' is not allowed here; expected one of E, N, S, W"),
    ("wall-short", SIZED + "walls: [[1, 1]]\n",
     "8:9: walls[0]: expected a wall [x, y, side], got a list of 2 items"),
    ("wall-off-grid", SIZED + "walls: [[1, 5, N]]\n",
     "8:13: walls[0][1]: 5 is out of range; allowed: 0..2"),
    ("wall-twice", SIZED + "walls: [[1, 1, E], [2, 1, W]]\n",
     "8:20: walls[1]: [2, 1, W] is the same wall as walls[0]; list each wall once"),
    ("unknown-key", SIZED + "pits: []\n",
     "8:1: pits: unknown key 'pits'; allowed here: elements, format, map, name, size, walls"),
]


@pytest.mark.parametrize(("name", "text", "expected"), CASES, ids=[c[0] for c in CASES])
def test_arena_errors_point_at_the_mistake(tmp_path: Path, name: str, text: str,
                                           expected: str) -> None:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as excinfo:
        load_arena(path)
    assert str(excinfo.value) == f"{path}:{expected}"


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    path = tmp_path / "two.yaml"
    path.write_text(SIZED + "elements:\n  - {type: mine, at: [2, 1]}\n"
                    "  - {type: pit, at: [9, 1]}\n", encoding="utf-8")
    with pytest.raises(DataError) as excinfo:
        load_arena(path)
    assert [f"{p.line}:{p.column}" for p in excinfo.value.problems] == ["9:12", "10:21"]


def test_a_victory_point_number_twice(tmp_path: Path) -> None:
    path = tmp_path / "dup.yaml"
    path.write_text(SIZED.replace("V6", "V5"), encoding="utf-8")
    with pytest.raises(DataError) as excinfo:
        load_arena(path)
    assert str(excinfo.value).splitlines() == [
        f"{path}:4:1: map: victory-point field 5 appears twice, at [1, 2] and [2, 2]; each "
        "number 1..6 marks one field",
        f"{path}:1:1: no victory-point field 6; an arena needs V1 .. V6 once each (VT-5.1)"]


def test_a_german_designer_reads_the_arena_problems_in_german(tmp_path: Path) -> None:
    """The messages are made in the player's language; the English stay as they were."""
    from game import i18n

    clash, twice = tmp_path / "clash.yaml", tmp_path / "twice.yaml"
    clash.write_text(SIZED + "elements:\n  - {type: pit, at: [1, 0]}\n", encoding="utf-8")
    twice.write_text(SIZED.replace("V6", "V5"), encoding="utf-8")

    def messages() -> list[str]:
        found = []
        for path in (clash, twice):
            with pytest.raises(DataError) as excinfo:
                load_arena(path)
            found += [p.message for p in excinfo.value.problems]
        return found

    assert messages() == [
        "elements[0].at: [1, 0] is already a vp field from the map (row 0, column 1); a square "
        "has one kind",
        "map: victory-point field 5 appears twice, at [1, 2] and [2, 2]; each number 1..6 "
        "marks one field",
        "no victory-point field 6; an arena needs V1 .. V6 once each (VT-5.1)"]
    i18n.set_language("de")
    assert messages() == [
        "elements[0].at: [1, 0] ist laut 'map' (Zeile 0, Spalte 1) schon ein Feld vom Typ vp; "
        "ein Feld hat nur eine Art",
        "map: Siegpunktfeld 5 kommt doppelt vor, bei [1, 2] und [2, 2]; jede Zahl 1..6 "
        "markiert genau ein Feld",
        "kein Siegpunktfeld 6; eine Arena braucht V1 .. V6 je einmal (VT-5.1)"]


def test_the_good_arena_loads_with_its_squares(tmp_path: Path) -> None:
    path = tmp_path / "good.yaml"
    path.write_text(SIZED + "walls: [[1, 1, E]]\n", encoding="utf-8")
    arena = load_arena(path)
    assert arena.id == "good" and arena.name == "Bad"
    assert (arena.width, arena.height) == (4, 3)
    assert [(n, tuple(p)) for n, p in arena.vp_fields] == [
        (1, (1, 0)), (2, (2, 0)), (3, (3, 0)), (4, (0, 2)), (5, (1, 2)), (6, (2, 2))]
    assert arena.start_fields(Direction.E) == ((3, 1),)
    assert arena.is_pit(Pos(1, 1))
    assert arena.has_wall(Pos(1, 1), Direction.E) and arena.has_wall(Pos(2, 1), Direction.W)
    assert not arena.has_wall(Pos(1, 1), Direction.N)
    assert arena.has_wall(Pos(0, 0), Direction.N)  # the surrounding wall (VT-3.1)


SHIPPED = sorted(BOARDS.glob("*.yaml"))


def test_at_least_three_arenas_are_shipped() -> None:
    assert len(SHIPPED) >= 3


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_shipped_arena_loads_and_seats_two_to_four(path: Path) -> None:
    fmt, arena = load_any(path)
    assert fmt == "volt-arena/1"
    assert arena.sides == (Direction.N, Direction.E, Direction.S, Direction.W)
    for count in (2, 3, 4):
        VoltState.new_game(arena, arena.sides[:count])


def test_formats_are_registered() -> None:
    assert set(CHECKERS) == {"volt-arena/1"}
    assert set(SIMULATORS) == {"volt-scenario/1"}


SCENARIO_CASES = [
    ("program:\n  zed: [null, null, null]\n",
     "program.zed: no robot named 'zed'; robots: a, b"),
    ("program:\n  a: [{die: blue, value: 2, dir: NE}, null, null]\n",
     "program.a[0].dir: a blue die cannot lie on the diagonal key NE: robots never move "
     "diagonally (VT-5.2.5); use N, E, S or W, or the option VT_TABLETOP_ERRORS to test the "
     "error check (VT-6.0)"),
    ("program:\n  a: [{die: red, value: 2, dir: N}, {die: red, value: 1, dir: S},"
     " {die: red, value: 1, dir: E}]\n",
     "program.a[2]: a third red die; an operator has two of each colour (VT-2.1)"),
    ("program:\n  a: [null, null]\n",
     "program.a: expected three crosses [I, II, III] (null for an empty one), got 2"),
    ("markers: {7: 1}\n", "markers.7: 7 is not a victory-point field number; use 1..6"),
    ("markers: {2: 1}\n", "markers.2: this arena has no victory-point field 2"),
    ("rules: {VT_FAST: true}\n",
     "rules.VT_FAST: unknown VOLT option 'VT_FAST'; known: VT_HOTSEAT_RANDOM_NUMBERS, "
     "VT_PROGRAM_TIMER, VT_TABLETOP_ERRORS"),
    ("expect: {c: {at: [1, 1]}}\n",
     "expect.c: no robot named 'c'; expect names robots (a, b) or 'winner'"),
    ("expect: {a: {lives: 1}}\n",
     "expect.a.lives: unknown key 'lives'; allowed here: at, damage, destroyed, vp"),
]


@pytest.mark.parametrize(("extra", "expected"), SCENARIO_CASES)
def test_scenario_errors_point_at_the_mistake(extra: str, expected: str) -> None:
    text = ("format: volt-scenario/1\narena:\n  size: [4, 4]\n"
            "  elements: [{type: vp, at: [0, 0], number: 1}]\n"
            "robots:\n  - {name: a, at: [1, 1]}\n  - {name: b, at: [2, 2]}\n" + extra)
    r = Reader.from_text(text, "s.yaml")
    r.field("format")
    with pytest.raises(DataError) as excinfo:
        SIMULATORS["volt-scenario/1"](r, FileContext(None))
    message = str(excinfo.value)
    assert message.split(": ", 1)[1] == expected, message


def test_scenario_robots_on_one_square_or_a_pit() -> None:
    text = ("format: volt-scenario/1\narena:\n  size: [4, 4]\n"
            "  elements: [{type: pit, at: [3, 3]}]\n"
            "robots:\n  - {name: a, at: [1, 1]}\n  - {name: b, at: [1, 1]}\n"
            "  - {name: c, at: [3, 3], start_number: 1}\n")
    r = Reader.from_text(text, "s.yaml")
    r.field("format")
    with pytest.raises(DataError) as excinfo:
        SIMULATORS["volt-scenario/1"](r, FileContext(None))
    assert str(excinfo.value).splitlines() == [
        "s.yaml:7:19: robots[1].at: robot a already stands on [1, 1]; one robot per square "
        "(VT-3.2)",
        "s.yaml:8:19: robots[2].at: [3, 3] is a pit; a robot there would already be destroyed "
        "(VT-6.4.5)"]
