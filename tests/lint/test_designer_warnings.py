"""`check` warns (without failing) about legal but unlikely designs (RR-3.2, issue 9), each
warning at FILE:LINE:COLUMN of what it is about (issue 17)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.tools.check import check_file

ROOT = Path(__file__).resolve().parents[2]

HEAD = "format: roborally-board/1\nname: Lint\nsize: [4, 4]\n"
FOUR_BY_FOUR = "map: |\n  .  .  .  .\n  .  .  .  .\n  .  .  .  .\n  .  .  .  .\n"
CASES = {   # name: (file body after HEAD, LINE:COLUMN: and path of the place, the warning)
    "flag-on-conveyor": (
        "map: |\n  S1 .  .  .\n  .  C> .  .\n  .  .  .  .\n  .  .  .  .\n"
        "elements:\n  - {type: flag, number: 1, at: [1, 1]}\n",
        "10:5: elements[0]: ",
        "flag 1 at [1, 1] lies on a conveyor; robots are carried off it (RR-3.2 allows it, "
        "but is it meant?)"),
    "start-facing-wall": (
        "map: |\n  .  .  .  .\n  .  S1 .  .\n  .  .  .  .\n  .  .  .  .\nwalls: [[1, 1, N]]\n",
        "6:6: map: ",
        "start square 1 at [1, 1] faces N into a wall or the course edge"),
    "laser-into-pits": (
        "map: |\n  .  .  .  .\n  O  O  O  O\n  .  .  .  .\n  .  .  .  .\n"
        "elements:\n  - {type: laser, at: [0, 1], wall: W, beams: 1}\n"
        "walls: [[0, 1, N], [1, 1, N], [2, 1, N], [3, 1, N]]\n",
        "10:5: elements[0]: ",
        "the laser at [0, 1] can never hit a robot: every square of its beam is a pit or off "
        "the course"),
    "unreachable-flag": (
        "map: |\n  S1 .  O  .\n  .  .  O  .\n  .  .  O  .\n  .  .  O  .\n"
        "elements:\n  - {type: flag, number: 1, at: [3, 3]}\n",
        "10:5: elements[0]: ",
        "flag 1 at [3, 3] cannot be reached from the start squares (walls and pits close it off)"),
    "lonely-portal": (
        FOUR_BY_FOUR + "elements:\n  - {type: portal, at: [2, 2], color: blue}\n",
        "10:5: elements[0]: ",
        "portal colour 'blue' has 1 square(s) ([2, 2]); a course needs exactly two of each "
        "colour (CB-3.2)"),
    "two-mounted-on-one-side": (
        FOUR_BY_FOUR + "elements:\n  - {type: laser, at: [1, 1], wall: N}\n"
        "  - {type: pusher, at: [1, 1], wall: N, registers: [1, 3, 5]}\n",
        "10:5: elements[0]: ",
        "the N side of [1, 1] holds 2 wall-mounted elements (laser, pusher); only one is drawn "
        "and only one fits there"),
    "door-on-a-walled-side": (
        FOUR_BY_FOUR + "elements:\n  - {type: swing_door, at: [2, 2], wall: E, open: [1, 3]}\n"
        "walls: [[2, 2, E]]\n",
        "10:5: elements[0]: ",
        "the swing door at [2, 2] is on its E side, which already has a wall: the wall stays "
        "shut whatever the door does"),
    "pusher-facing-a-wall": (
        FOUR_BY_FOUR + "elements:\n  - {type: pusher, at: [1, 2], wall: W, registers: [2, 4]}\n"
        "walls: [[1, 2, E]]\n",
        "10:5: elements[0]: ",
        "the pusher at [1, 2] pushes E into a wall, so it can never move a robot"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_lint_has_a_file_that_triggers_it(tmp_path: Path, name: str) -> None:
    body, place, expected = CASES[name]
    path = tmp_path / f"{name}.yaml"
    path.write_text(HEAD + body, encoding="utf-8")
    warnings: list[str] = []
    assert check_file(path, warnings) == []
    line_column, _, where = place.partition(" ")
    assert warnings == [f"{path}:{line_column} warning: {where}{expected}"]


def arena_warnings(tmp_path: Path, rows: list[str], walls: str = "") -> list[str]:
    """`check`'s warnings for a 5 × 5 VOLT arena of these map rows (lines 4 to 8); the
    arena itself must load."""
    path = tmp_path / "arena.yaml"
    path.write_text("format: volt-arena/1\nsize: [5, 5]\nmap: |\n"
                    + "".join(f"  {row}\n" for row in rows) + walls, encoding="utf-8")
    warnings: list[str] = []
    assert check_file(path, warnings) == []
    return [w.removeprefix(f"{path}:") for w in warnings]


def test_a_victory_field_boxed_in_by_pits_is_warned_at_its_map_square(tmp_path: Path) -> None:
    assert arena_warnings(tmp_path, ["SN SN .  .  .", ".  O  O  O  .", "V1 O  V2 O  V3",
                                     ".  O  O  O  .", "SS SS V4 V5 V6"]) == [
        "6:9: warning: map: victory field 2 at [2, 2] is boxed in by pits: no robot can ever "
        "step onto it"]


def test_a_victory_field_walled_off_from_every_start_is_warned(tmp_path: Path) -> None:
    """Field 2 has floor around it, so it is not boxed in by pits, but a wall on its north
    and pits on its other sides leave no way for a robot to walk onto it (VT-6.4.4/5)."""
    assert arena_warnings(tmp_path, ["SN SN .  .  .", ".  .  .  .  .", "V1 O  V2 O  V3",
                                     ".  .  O  .  .", "SS SS V4 V5 V6"],
                          "walls: [[2, 2, N]]\n") == [
        "6:9: warning: map: victory field 2 at [2, 2] cannot be reached from any start field "
        "(walls and pits close it off)"]


def test_a_victory_field_one_side_cannot_walk_to_is_warned(tmp_path: Path) -> None:
    """A row of pits cuts the arena in two: the north robots can never reach fields 4-6."""
    warnings = arena_warnings(tmp_path, ["SN SN .  .  .", "V1 V2 .  V3 .", "O  O  O  O  O",
                                         ".  .  .  .  .", "SS SS V4 V5 V6"])
    assert [w.partition(" warning: map: ")[2] for w in warnings] == [
        f"victory field {n} at [{x}, {y}] cannot be reached from the start fields of side "
        f"{side} (walls and pits close it off)"
        for n, x, y, side in ((1, 0, 1, "S"), (2, 1, 1, "S"), (3, 3, 1, "S"),
                              (4, 2, 4, "N"), (5, 3, 4, "N"), (6, 4, 4, "N"))]


def test_a_german_designer_reads_the_warnings_in_german(tmp_path: Path) -> None:
    """A warning is made in the language in use when the lint runs; English stays as it was."""
    from game import i18n

    rows = ["SN SN .  .  .", ".  O  O  O  .", "V1 O  V2 O  V3", ".  O  O  O  .", "SS SS V4 V5 V6"]
    pusher = tmp_path / "pusher.yaml"
    pusher.write_text(HEAD + CASES["pusher-facing-a-wall"][0], encoding="utf-8")

    def messages() -> list[str]:
        warnings: list[str] = []
        assert check_file(pusher, warnings) == []
        return [w.partition(" map: ")[2] for w in arena_warnings(tmp_path, rows)] + [
            w.partition(" elements[0]: ")[2] for w in warnings]

    assert messages() == [
        "victory field 2 at [2, 2] is boxed in by pits: no robot can ever step onto it",
        "the pusher at [1, 2] pushes E into a wall, so it can never move a robot"]
    i18n.set_language("de")
    assert messages() == [
        "Siegpunktfeld 2 bei [2, 2] ist von Gruben umschlossen: Kein Roboter kann es je "
        "betreten",
        "der Schieber bei [1, 2] schiebt nach E gegen eine Wand und kann so nie einen Roboter "
        "bewegen"]


def test_warnings_are_printed_and_check_still_passes(tmp_path: Path) -> None:
    body, _, expected = CASES["lonely-portal"]
    path = tmp_path / "portal.yaml"
    path.write_text(HEAD + body, encoding="utf-8")
    result = subprocess.run([sys.executable, "main.py", "check", str(path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    assert expected in result.stdout


def test_a_clean_board_has_no_warnings(tmp_path: Path) -> None:
    path = tmp_path / "clean.yaml"
    path.write_text(HEAD + "map: |\n  S1 .  .  .\n  .  .  .  .\n  .  .  .  .\n  .  .  .  .\n"
                    "elements:\n  - {type: flag, number: 1, at: [3, 3]}\n", encoding="utf-8")
    warnings: list[str] = []
    assert check_file(path, warnings) == [] and warnings == []


def test_the_workbench_shows_the_warnings_check_prints(tmp_path: Path) -> None:
    from game.scenes.workbench import WorkbenchScene
    from tests.ui.helpers import frame, framed_in, headless_services

    body, _, _ = CASES["pusher-facing-a-wall"]
    path = tmp_path / "pusher.yaml"
    path.write_text(HEAD + body, encoding="utf-8")
    warnings: list[str] = []
    check_file(path, warnings)
    services = headless_services()
    scene = WorkbenchScene(services, path)
    services.scenes.push(scene)
    frame(services)
    # the file named as the panel of mistakes names it, without its folder
    assert [w.replace(': warning: ', ': ', 1).replace(f"{path}:", f"{path.name}:", 1)
            for w in warnings] == scene.warnings
    assert scene.warnings and scene.warnings[0].startswith("pusher.yaml:10:5: ")
    # the panel stands under the board, not over its last rows, and the pusher's square is
    # framed in the warnings' amber on the picture
    from game.ui import theme
    frame(services)
    panel, picture = scene.warnings_rect(), scene.picture_rect()
    assert panel is not None and picture is not None and not panel.colliderect(picture)
    rects, colour = scene.marked_squares()
    assert rects == [scene.square_rect((1, 2))] and colour == theme.WARNING_EDGE
    assert framed_in(services.window.surface, rects[0], theme.WARNING_EDGE)
