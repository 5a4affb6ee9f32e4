"""The shipped RoboRally content (boards/roborally) and the designer's guide (docs/boards.md).

What a player notices: every element type of FORMATS.md appears on some board, the
courses cover 2-8 players from easy to hard, every checkpoint can be reached from every
start square and from the checkpoint before it, checkpoint 1 is about equally far from all
start squares, and the worked example of the guide really checks and passes its scenarios.
"""

from __future__ import annotations

import re
from collections import deque
from pathlib import Path

import pytest
import yaml

from game.core.types import Direction, Pos
from game.data.errors import DataError
from game.data.files import FileContext, load_any, read_format
from game.data.reader import Reader
from game.roborally.files import SIMULATORS
from game.roborally.model import (
    Board, Burner, Conveyor, Course, Crusher, Gear, Oil, Pit, Portal, Repair)

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "boards" / "roborally"
GUIDE = ROOT / "docs" / "boards.md"
CATALOGUES = {"elements", "options"}   # the engine's own data files in the same folder

FILES = sorted(p for p in CONTENT.glob("*.yaml") if p.stem not in CATALOGUES)
BOARDS = {p.stem: load_any(p)[1] for p in FILES if "roborally-board/1" in p.read_text()}
COURSES = {p.stem: load_any(p)[1] for p in FILES if "roborally-course/1" in p.read_text()}

MAX_FLAG_SPREAD = 6
"""Checkpoint 1: the longest shortest path from a used start square minus the shortest."""


def _kinds(board: Board) -> set[str]:
    kinds = {e.kind for e in board.floor.values()}
    kinds |= {m.kind for _, m in board.mounted}
    if board.starts:
        kinds.add("start")
    if board.flags:
        kinds.add("flag")
    return kinds


def test_files_are_named_by_id_and_describe_themselves() -> None:
    for path in FILES:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", path.stem), path.name
        text = path.read_text(encoding="utf-8")
        assert text.startswith("# "), f"{path.name}: start with a comment for designers"
        assert "\nname: " in text, f"{path.name}: give it a name players see"


def test_six_full_boards_use_every_element_type_and_walls() -> None:
    full = {k: b for k, b in BOARDS.items() if (b.width, b.height) == (12, 12)}
    assert len(full) >= 6
    used = set().union(*(_kinds(b) for b in BOARDS.values()))
    from tests.test_schemas import _formats_element_keys
    assert used == set(_formats_element_keys())
    assert all(b.walls for b in full.values()), "every full board has walls"
    express = [e for b in full.values() for e in b.floor.values()
               if isinstance(e, Conveyor) and e.express]
    assert express
    gears = {e.clockwise for b in full.values() for e in b.floor.values()
             if isinstance(e, Gear)}
    assert gears == {True, False}
    wrenches = {e.wrenches for b in full.values() for e in b.floor.values()
                if isinstance(e, Repair)}
    assert wrenches == {1, 2}
    beams = {m.beams for b in full.values() for _, m in b.mounted if m.kind == "laser"}
    assert beams == {1, 2, 3}


def _turns_and_merges(board: Board) -> tuple[int, int]:
    """Belt squares entered from a belt with another direction (turns), and belt squares
    fed by two or more belts (merges)."""
    turns = merges = 0
    for pos, e in board.floor.items():
        if not isinstance(e, Conveyor):
            continue
        feeders = []
        for d in Direction:
            src = pos.step(d)
            f = board.floor.get(src)
            if isinstance(f, Conveyor) and f.dir == d.opposite and \
                    not board.has_wall(pos, d):
                feeders.append(f)
        turns += any(f.dir != e.dir for f in feeders)
        merges += len(feeders) >= 2
    return turns, merges


@pytest.mark.parametrize("kind", ["normal", "express"])
def test_belts_turn_and_merge(kind: str) -> None:
    express = kind == "express"
    totals = [0, 0]
    for board in BOARDS.values():
        only = Board(board.name, board.width, board.height,
                     {p: e for p, e in board.floor.items()
                      if isinstance(e, Conveyor) and e.express == express},
                     board.walls)
        t, m = _turns_and_merges(only)
        totals[0] += t
        totals[1] += m
    assert totals[0] >= 2, f"{kind} belts need turns"
    if express:
        # express merges: a normal belt feeding an express line counts as well
        merges = sum(_turns_and_merges(b)[1] for b in BOARDS.values())
        assert merges >= 2
    else:
        assert totals[1] >= 1, "normal belts need a merge"


def test_two_crash_and_burn_boards() -> None:
    def cb(board: Board) -> set[str]:
        found = set()
        for e in board.floor.values():
            for cls, name in ((Oil, "oil"), (Portal, "portal"), (Burner, "burner"),
                              (Crusher, "crusher")):
                if isinstance(e, cls):
                    found.add(name)
        found |= {m.kind for _, m in board.mounted if m.kind == "swing_door"}
        return found

    full_cb = [k for k, b in BOARDS.items() if cb(b) == {"oil", "portal", "burner",
                                                         "crusher", "swing_door"}]
    assert len(full_cb) >= 2, full_cb


def test_docking_bays() -> None:
    bays = [b for b in BOARDS.values() if len(b.starts) == 8]
    assert bays
    for bay in bays:
        assert [s.number for s in bay.starts] == list(range(1, 9))
        assert all(s.facing is Direction.N for s in bay.starts)


def test_courses_cover_two_to_eight_players() -> None:
    assert len(COURSES) >= 6
    lows = {c.players[0] for c in COURSES.values()}
    highs = {c.players[1] for c in COURSES.values()}
    assert min(lows) == 2 and max(highs) == 8
    for stem, course in COURSES.items():
        assert len(course.board.starts) >= course.players[1], stem
        assert course.board.flags, f"{stem}: no checkpoints"


def _distances(board: Board, src: Pos) -> dict[Pos, int]:
    """Shortest number of single steps over the course, walls and pits excluded (doors are
    open in some register, belts are ignored)."""
    dist = {src: 0}
    queue = deque([src])
    while queue:
        pos = queue.popleft()
        for d in Direction:
            nxt = pos.step(d)
            if nxt in dist or not board.on_course(nxt) or board.has_wall(pos, d) or \
                    isinstance(board.floor[nxt], Pit):
                continue
            dist[nxt] = dist[pos] + 1
            queue.append(nxt)
    return dist


@pytest.mark.parametrize("stem", sorted(COURSES))
def test_course_checkpoints_are_reachable_and_fair(stem: str) -> None:
    course: Course = COURSES[stem]
    board = course.board
    starts = [s for s in board.starts if s.number <= course.players[1]]
    to_first = []
    for start in starts:
        dist = _distances(board, start.at)
        assert board.flags[0] in dist, f"start {start.number} cannot reach checkpoint 1"
        to_first.append(dist[board.flags[0]])
    spread = max(to_first) - min(to_first)
    assert spread <= MAX_FLAG_SPREAD, f"checkpoint 1 is unfair: distances {to_first}"
    for n, (a, b) in enumerate(zip(board.flags, board.flags[1:]), start=1):
        assert b in _distances(board, a), f"checkpoint {n + 1} unreachable from {n}"
    for n, flag in enumerate(board.flags, start=1):
        assert not isinstance(board.floor[flag], (Conveyor, Gear, Crusher)), \
            f"checkpoint {n} sits on a moving or crushing square"


# -- the designer's guide -------------------------------------------------------------------

def _guide_files() -> dict[str, str]:
    text = GUIDE.read_text(encoding="utf-8")
    return dict(re.findall(r"<!-- file: ([\w.-]+) -->\n```yaml\n(.*?)```", text, re.S))


def test_guide_worked_example_checks_and_its_scenarios_pass(tmp_path: Path) -> None:
    files = {name: text for name, text in _guide_files().items()
             if name.startswith("switchback")}      # the RoboRally part's example
    assert {"switchback.yaml", "switchback-pusher.yaml", "switchback-corner.yaml"} <= set(files)
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    fmt, board = load_any(tmp_path / "switchback.yaml")
    assert fmt == "roborally-board/1" and (board.width, board.height) == (6, 6)
    for name in files:
        if name == "switchback.yaml":
            continue
        r = Reader.from_file(tmp_path / name)
        fmt = read_format(r, SIMULATORS, "simulate")
        outcome = SIMULATORS[fmt](r, FileContext.for_file(tmp_path / name))
        assert outcome.mismatches == [], name


def test_guide_yaml_snippets_are_valid() -> None:
    """Every complete example in the guide (a block with a `format:` key) passes its
    schema; the course example loads with the built-in boards."""
    from tests.test_schemas import _schema_errors
    text = GUIDE.read_text(encoding="utf-8")
    blocks = [yaml.safe_load(b) for b in re.findall(r"```yaml\n(.*?)```", text, re.S)]
    complete = [b for b in blocks if isinstance(b, dict) and "format" in b]
    assert len(complete) >= 5
    for block in complete:
        assert _schema_errors(block["format"], block) == [], block.get("name")
    course_text = re.search(r"```yaml\n(format: roborally-course/1\n.*?)```", text, re.S)
    assert course_text
    r = Reader.from_text(course_text.group(1), "guide-course.yaml")
    read_format(r, {"roborally-course/1": None}, "test")
    from game.roborally.data import check_course_file
    try:
        check_course_file(r, FileContext.for_file(CONTENT / "guide-course.yaml"))
    except DataError as exc:  # pragma: no cover - the message is the point
        pytest.fail("\n".join(map(str, exc.problems)))


def test_guide_names_every_shipped_board_and_course() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    for stem in list(BOARDS) + list(COURSES):
        assert f"`{stem}`" in text, f"docs/boards.md does not list {stem}"


# -- the rules scenarios ------------------------------------------------------------------

SCENARIOS = sorted((ROOT / "tests" / "roborally" / "scenarios").glob("[rc][rb]-*.yaml"))


def test_every_rules_scenario_names_its_rule() -> None:
    """File name and first comment line carry a RULES.md id that exists (e.g. rr-7.5.9-...)."""
    rules = (ROOT.parent / "shared" / "RULES.md").read_text(encoding="utf-8")
    assert len(SCENARIOS) >= 80
    for path in SCENARIOS:
        m = re.fullmatch(r"(rr|cb)-(\d+(?:\.\d+)*)-[a-z0-9-]+\.yaml", path.name)
        assert m, f"{path.name}: name it rr-ID-what or cb-ID-what"
        rule_id = f"{m.group(1).upper()}-{m.group(2)}"
        assert re.search(rf"\b{re.escape(rule_id)}\b", rules), f"{path.name}: no {rule_id}"
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# ") and rule_id in first, \
            f"{path.name}: the first comment line must cite {rule_id}"


def test_rules_scenarios_cover_every_element_and_option_card() -> None:
    from game.roborally.model import OPTION_IDS
    elements: set[str] = set()
    options: set[str] = set()
    answers: set[str] = set()
    for path in SCENARIOS:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        board = data["board"]
        if isinstance(board, str):
            model = load_any(CONTENT / f"{board}.yaml")[1]
            elements |= _kinds(model.board if isinstance(model, Course) else model)
        else:
            elements |= {e["type"] for e in board.get("elements", [])}
            tokens = set((board.get("map") or "").split())
            elements |= {kind for kind, toks in (
                ("pit", {"O"}), ("oil", {"~"}), ("crusher", {"X"}), ("gear", {"G+", "G-"}),
                ("repair", {"R1", "R2"}), ("conveyor", {"C>", "C<", "C^", "Cv", "E>", "E<",
                                                      "E^", "Ev"})) if tokens & toks}
        if data.get("flags"):
            elements.add("flag")
        for robot in data["robots"]:
            options |= set(robot.get("options", []))
        for items in (data.get("answers") or {}).values():
            answers |= {k for item in items for k in item}
    from tests.test_schemas import _formats_element_keys
    assert set(_formats_element_keys()) - {"start", "floor"} <= elements
    assert options == set(OPTION_IDS)
    assert {"shield", "turret", "gyro", "abort", "brakes", "fourth_gear", "reverse_gears",
            "discard", "lose_option", "weapon", "target", "fire_control",
            "repair_or_option", "facing", "power_down"} <= answers
