"""`volt-scenario/1` (FORMATS.md): an arena, robots, markers and programs; the scenario runs
Phase 2 (crosses I..III) and Phase 3, then compares the `expect` block. Pure apart from
naming an arena file, which is loaded through game.volt.data."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.types import Direction8, Pos
from game.data import DataError, Reader
from game.data.errors import ProblemCollector
from game.data.files import FileContext
from game.data.reader import Field
from game.data.scenario import ScenarioGround, ScenarioOutcome, compare
from game.i18n import N_, _
from game.volt.data import load_arena, read_arena
from game.volt.model import (CROSSES, DESTROYING_DAMAGE, DICE_PER_COLOUR,
                             MAX_MARKERS_IN_ARENA, SEAT_ORDER, VP_NUMBERS, WINNING_VP, Arena,
                             Die, DieColour)
from game.volt.state import MAX_PLAYERS, RULE_OPTIONS, Robot, VoltState

SCENARIO_FORMAT = "volt-scenario/1"
RESULT_KEYS = ("at", "damage", "vp", "destroyed")
THIRD_DIE = {
    DieColour.BLUE: N_("a third blue die; an operator has two of each colour (VT-2.1)"),
    DieColour.RED: N_("a third red die; an operator has two of each colour (VT-2.1)"),
}
"""The message for a program with a third die of one colour (one sentence per colour)."""


@dataclass
class VoltScenario:
    """A read scenario: the state before Phase 2, the programs, and what to compare."""

    names: list[str]
    state: VoltState
    programs: list[list[Die | None]]
    start_numbers: list[int]
    expect: dict[str, Any]


def read_scenario(r: Reader, ctx: FileContext) -> VoltScenario:
    """Read every key but `format`, then `done()`. Raises DataError (all problems found)."""
    problems = ProblemCollector()
    arena = _read_arena_ref(r, ctx)
    rules: dict[str, bool] = {}
    rules_reader = r.reader("rules", None)
    if rules_reader is not None:
        for key in rules_reader.keys():
            with problems.guard():
                f = rules_reader.field(key)
                if key not in RULE_OPTIONS:
                    raise f.error(_("unknown VOLT option {option}; known: {known}").format(
                        option=repr(key), known=", ".join(sorted(RULE_OPTIONS))))
                rules[key] = f.flag()

    names: list[str] = []
    robots: list[Robot] = []
    numbers: list[int] = []
    taken: dict[Pos, str] = {}
    records = r.records("robots", required=True, max_length=MAX_PLAYERS)
    if not records:
        raise r.error(_("a scenario needs at least one robot"), "robots")
    for i, rr in enumerate(records):
        with problems.guard():
            name_field = rr.field("name")
            name = name_field.text(max_length=40)
            if name in names:
                raise name_field.error(_("robot {name} is named twice").format(
                    name=repr(name)))
            if name == "winner":
                raise name_field.error(_("'winner' is the result key for the winner; name "
                                         "the robot differently"))
            at_field = rr.field("at") if rr.has("at") else None
            at = None
            if at_field is not None and not at_field.is_null:
                at = at_field.position(arena.width, arena.height)
                if at in taken:
                    raise at_field.error(_("robot {name} already stands on [{x}, {y}]; one "
                                           "robot per square (VT-3.2)").format(
                        name=taken[at], x=at.x, y=at.y))
                if arena.is_pit(at):
                    raise at_field.error(_("[{x}, {y}] is a pit; a robot there would "
                                           "already be destroyed (VT-6.4.5)").format(
                        x=at.x, y=at.y))
            elif at_field is None:
                raise rr.error(_("missing key 'at'; give [x, y], or null for a robot "
                                 "outside the arena"))
            number_field = rr.field("start_number") if rr.has("start_number") else None
            number = number_field.integer(min=1, max=MAX_PLAYERS) if number_field else i + 1
            if number in numbers:
                where = number_field or name_field
                raise where.error(_("start number {number} is held twice; each robot has "
                                    "its own (VT-4.2)").format(number=number))
            damage = rr.integer("damage", 0, min=0, max=DESTROYING_DAMAGE - 1)
            vp = rr.integer("vp", 0, min=0, max=WINNING_VP - 1)
            rr.done()
            names.append(name)
            numbers.append(number)
            robots.append(Robot(at, damage, vp, destroyed=False))
            if at is not None:
                taken[at] = name

    markers = [0] * len(VP_NUMBERS)
    markers_reader = r.reader("markers", None)
    if markers_reader is not None:
        for key in markers_reader.keys():
            with problems.guard():
                f = markers_reader.field(key)
                if key not in VP_NUMBERS:
                    raise f.error(_("{key} is not a victory-point field number; use "
                                    "1..6").format(key=repr(key)))
                if arena.vp_field(key) is None:
                    raise f.error(_("this arena has no victory-point field {number}").format(
                        number=key))
                markers[key - 1] = f.integer(min=0, max=MAX_MARKERS_IN_ARENA)
        if sum(markers) > MAX_MARKERS_IN_ARENA:
            problems.problems.extend(r.error(
                _("{count} markers; at most {most} lie in the arena (VT-5.1)").format(
                    count=sum(markers), most=MAX_MARKERS_IN_ARENA), "markers").problems)

    programs: list[list[Die | None]] = [[None] * CROSSES for _ in names]
    program_reader = r.reader("program", None)
    if program_reader is not None:
        for key in program_reader.keys():
            with problems.guard():
                f = program_reader.field(key)
                if key not in names:
                    raise f.error(_("no robot named {name}; robots: {robots}").format(
                        name=repr(key), robots=", ".join(names)))
                programs[names.index(key)] = _read_program(f, rules)

    expect = _read_expect(r, names, arena, problems)
    with problems.guard():       # an unknown key too, with the other mistakes of the file
        r.done()
    problems.raise_if_any()

    state = VoltState(arena, SEAT_ORDER[:len(names)], rules)
    state.robots = robots
    state.markers = markers
    state.round = 1
    state.phase = "activate"
    return VoltScenario(names, state, programs, numbers, expect)


def _read_arena_ref(r: Reader, ctx: FileContext) -> Arena:
    f = r.field("arena")
    if isinstance(f.value, str):
        path: Path = ctx.resolve(f, "volt")
        try:
            return load_arena(path)
        except DataError as exc:
            message = _("the arena {name} is not valid:").format(name=repr(f.value))
            raise DataError([*f.error(message).problems, *exc.problems]) from None
    return read_arena(f.reader(), default_name="inline", playable=False)


def _read_program(f: Field, rules: dict[str, bool]) -> list[Die | None]:
    crosses = f.items()
    if len(crosses) != CROSSES:
        raise f.error(_("expected three crosses [I, II, III] (null for an empty one), got "
                        "{count}").format(count=len(crosses)))
    program: list[Die | None] = []
    used = {DieColour.BLUE: 0, DieColour.RED: 0}
    for cf in crosses:
        if cf.is_null:
            program.append(None)
            continue
        dr = cf.reader()
        colour = dr.choice("die", DieColour)
        value = dr.integer("value", min=1, max=6)
        dir_field = dr.field("dir")
        direction = dir_field.choice(Direction8)
        dr.done()
        if colour is DieColour.BLUE and direction.is_diagonal and \
                not rules.get("VT_TABLETOP_ERRORS", False):
            raise dir_field.error(_("a blue die cannot lie on the diagonal key {key}: robots "
                                    "never move diagonally (VT-5.2.5); use N, E, S or W, or "
                                    "the option VT_TABLETOP_ERRORS to test the error check "
                                    "(VT-6.0)").format(key=direction.value))
        used[colour] += 1
        if used[colour] > DICE_PER_COLOUR:
            raise cf.error(_(THIRD_DIE[colour]))
        program.append(Die(colour, value, direction))
    return program


def _read_expect(r: Reader, names: list[str], arena: Arena,
                 problems: ProblemCollector) -> dict[str, Any]:
    expect: dict[str, Any] = {}
    er = r.reader("expect", None)
    if er is None:
        return expect
    for key in er.keys():
        with problems.guard():
            f = er.field(key)
            if key == "winner":
                if f.is_null:
                    expect["winner"] = None
                else:
                    expect["winner"] = f.choice(names)
                continue
            if key not in names:
                raise f.error(_("no robot named {name}; expect names robots ({robots}) or "
                                "'winner'").format(name=repr(key), robots=", ".join(names)))
            rr = f.reader()
            wanted: dict[str, Any] = {}
            if rr.has("at"):
                af = rr.field("at")
                wanted["at"] = None if af.is_null else list(af.position(arena.width,
                                                                         arena.height))
            if rr.has("damage"):
                wanted["damage"] = rr.integer("damage", min=0, max=DESTROYING_DAMAGE)
            if rr.has("vp"):
                wanted["vp"] = rr.integer("vp", min=0, max=99)
            if rr.has("destroyed"):
                wanted["destroyed"] = rr.flag("destroyed")
            rr.expect_done(RESULT_KEYS)
            expect[key] = wanted
    return expect


def result_of(scenario: VoltScenario, state: VoltState) -> dict[str, Any]:
    """The printed result: `winner`, then per robot at / damage / vp / destroyed."""
    result: dict[str, Any] = {
        "winner": None if state.winner is None else scenario.names[state.winner]}
    for p, name in enumerate(scenario.names):
        robot = state.robots[p]
        result[name] = {"at": None if robot.at is None else [robot.at.x, robot.at.y],
                        "damage": robot.damage, "vp": robot.vp,
                        "destroyed": robot.destroyed}
    return result


def scenario_ground(r: Reader, ctx: FileContext) -> ScenarioGround:
    """GROUNDS["volt-scenario/1"]: the arena the scenario is played on and its robots where
    they stand (the whole scenario is read, so a mistake anywhere in it is raised)."""
    scenario = read_scenario(r, ctx)
    return ScenarioGround(scenario.state.arena, tuple(
        (name, robot.at, None) for name, robot in zip(scenario.names, scenario.state.robots)
        if robot.at is not None))


def run_scenario(r: Reader, ctx: FileContext) -> ScenarioOutcome:
    """SIMULATORS["volt-scenario/1"]: read, run Phase 2 and 3, compare with `expect`."""
    scenario = read_scenario(r, ctx)
    state = scenario.state
    state.run_activation(scenario.programs, scenario.start_numbers)
    result = result_of(scenario, state)
    mismatches: list[str] = []
    for key, wanted in scenario.expect.items():
        if key == "winner":
            mismatches += compare(_("game"), "winner", wanted, result["winner"])
            continue
        for field_name, value in wanted.items():
            mismatches += compare(_("robot {name}").format(name=key), field_name, value,
                                  result[key][field_name])
    return ScenarioOutcome(result, mismatches)
