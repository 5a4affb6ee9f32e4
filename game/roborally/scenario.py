"""`roborally-scenario/1` (FORMATS.md): a situation, the registers that run, what must come out.

The scenario runs the real register engine (`Engine.run_register`, `run_end_of_turn`); the
decisions robots are asked take the scenario's `answers` in order, else FORMATS.md's
defaults. Chance draws inside a scenario are deterministic: the lowest free program card,
the first option card of CB-6 order that nobody holds (docs/rulings.md, RoboRally)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.types import CHANCE, Direction
from game.data.errors import DataError, ProblemCollector
from game.data.files import FileContext
from game.data.reader import Field, Reader
from game.data.scenario import ScenarioGround, ScenarioOutcome, compare
from game.i18n import _
from game.roborally.data import load_course_named, read_board, read_flag_list
from game.roborally.engine import RULE_DEFAULTS, Engine, GameOver
from game.roborally.elements import VOID
from game.roborally.layout import DIR_NAMES, Layout
from game.roborally.model import (
    CARD_TYPES, DECK_SIZE, MAX_OPTIONS, OPTION_IDS, REGISTERS, STANDARD_CARDS, Board)
from game.roborally.options import gain_option
from game.roborally.robot import Robot

RESULT_KEYS = ("at", "facing", "damage", "lives", "next_flag", "archive", "destroyed",
               "powered_down", "virtual", "options", "locked", "eliminated")
"""FORMATS.md result keys, plus `locked` (locked register numbers) and `eliminated`."""
ANSWER_KINDS = ("shield", "turret", "gyro", "abort", "reserve", "brakes", "fourth_gear",
                "reverse_gears", "discard", "lose_option", "weapon", "target", "fire_control",
                "repair_or_option", "facing", "power_down")
BOOLEAN_WORDS = {"gyro": ("on", "off")}
"""YAML 1.1 reads FORMATS.md's unquoted `on`/`off` and `yes`/`no` as true/false: the words a
true or false answer stands for, per decision (`yes`/`no` for the others)."""


def lives_for(players: int, boards: int) -> int:
    """CB-1.3: 3, +1 with five or more players, +1 with five or more boards."""
    return 3 + (1 if players >= 5 else 0) + (1 if boards >= 5 else 0)


def _read_board(r: Reader, ctx: FileContext) -> Board:
    f = r.field("board")
    if isinstance(f.value, str):
        return load_course_named(f, ctx)
    br = f.reader()
    board = read_board(br, "scenario", portals_exact=True)
    br.done()
    return board


class _Answers:
    """Per robot, the scripted answers in the order the decisions are asked."""

    def __init__(self, r: Reader, names: list[str]) -> None:
        self.queues: dict[str, list[tuple[str, str, Field]]] = {n: [] for n in names}
        self.asked: dict[str, list[str]] = {n: [] for n in names}
        self.names = names
        ar = r.reader("answers", None)
        if ar is None:
            return
        for name in ar.keys():
            f = ar.field(name)
            if name not in self.queues:
                raise f.error(_("no robot named {name}; robots: {robots}").format(
                    name=repr(name), robots=", ".join(names)))
            for item in f.items():
                ir = item.reader()
                keys = ir.keys()
                if len(keys) != 1:
                    raise item.error(_("an answer is one {pair} pair, e.g. {example}").format(
                        pair="{decision: value}", example="{brakes: stay}"))
                kind = str(keys[0])
                vf = ir.field(kind)
                if kind not in ANSWER_KINDS:
                    raise vf.error(_("unknown decision {decision}; known: {known}").format(
                        decision=repr(kind), known=", ".join(ANSWER_KINDS)))
                value = vf.value
                if isinstance(value, bool):
                    value = BOOLEAN_WORDS.get(kind, ("yes", "no"))[0 if value else 1]
                if value is None or isinstance(value, (list, dict)):
                    raise vf.error(_("expected a single value"))
                self.queues[name].append((kind, str(value), vf))

    def __call__(self, engine: Engine, player: int, kind: str, choices: tuple[str, ...],
                 default: str) -> str:
        if player == CHANCE:
            return default
        name = engine.robots[player].name
        self.asked[name].append(kind)
        queue = self.queues[name]
        index = 0
        while index < len(queue) and _waits(queue[index], engine.register):
            if kind == "reserve":
                return "no"                  # the swap is meant for a later register
            index += 1                       # it waits aside; the next answer is for this
        if index == len(queue):
            return default
        given, value, vf = queue[index]
        if given != kind:
            raise vf.error(_("{name} is asked {decision} here, not {given} (FORMATS.md: "
                             "answers in the order the decisions are asked); asked so far: "
                             "{asked}").format(name=name, decision=kind, given=given,
                                               asked=", ".join(self.asked[name])))
        if value not in choices:
            raise vf.error(_("{decision}: {value} is not possible here; allowed now: "
                             "{allowed}").format(decision=kind, value=repr(value),
                                                 allowed=", ".join(choices)))
        queue.pop(index)
        return value

    def unused(self) -> None:
        for name, queue in self.queues.items():
            if queue:
                kind, value, vf = queue[0]
                if self.asked[name]:
                    message = _("this answer ({decision}: {value}) was never used; {name} was "
                                "asked: {asked}")
                else:
                    message = _("this answer ({decision}: {value}) was never used; {name} was "
                                "asked: nothing")
                raise vf.error(message.format(decision=kind, value=value, name=name,
                                              asked=", ".join(self.asked[name])))


def _waits(answer: tuple[str, str, Field], register: int) -> bool:
    """A Conditional Program answer naming a later register waits for it (rulings)."""
    kind, value, _field = answer
    return kind == "reserve" and value.isdigit() and int(value) > register


def _card(text: Field, used: set[int], custom: list[tuple[str, int]]) -> int:
    value = text.text(max_length=20)
    kind, _colon, prio = value.partition(":")
    if kind not in CARD_TYPES or not prio.isdigit():
        raise text.error(_("expected a card TYPE:PRIORITY such as move1:500; types: "
                           "{types}").format(types=" ".join(CARD_TYPES)))
    p = int(prio)
    if not 1 <= p <= 9999:
        raise text.error(_("priority {priority} is out of range; allowed: 1..9999").format(
            priority=p))
    k = p // 10
    if p % 10 == 0 and 1 <= k <= DECK_SIZE and STANDARD_CARDS[k - 1][0] == kind and \
            k not in used:
        used.add(k)
        return k
    custom.append((kind, p))
    return DECK_SIZE + len(custom)


@dataclass
class PreparedScenario:
    """A scenario read and set up, its registers not yet run (the workbench steps through
    them one by one; `run_scenario` runs them all)."""

    engine: Engine
    registers: int
    turn_end: bool
    answers: _Answers
    checks: list[tuple[str, str, Any, Field]]


def run_scenario(r: Reader, ctx: FileContext) -> ScenarioOutcome:
    prepared = prepare_scenario(r, ctx)
    engine = prepared.engine
    try:
        for i in range(1, prepared.registers + 1):
            engine.run_register(i)
        if prepared.turn_end:
            engine.run_end_of_turn()
    except GameOver:
        pass
    return finish_scenario(prepared)


def scenario_ground(r: Reader, ctx: FileContext) -> ScenarioGround:
    """GROUNDS["roborally-scenario/1"]: the board the scenario is played on, with the flags
    it sets, and its robots where they start (the whole scenario is read, so a mistake
    anywhere in it is raised)."""
    engine = prepare_scenario(r, ctx).engine
    pos = engine.layout.pos
    return ScenarioGround(engine.layout.board, tuple(
        (robot.name, pos[robot.sq], DIR_NAMES[robot.facing]) for robot in engine.robots
        if robot.sq >= 0))


def finish_scenario(prepared: PreparedScenario) -> ScenarioOutcome:
    """The result state and the mismatches with `expect`, once the registers have run."""
    prepared.answers.unused()
    state = result_state(prepared.engine, prepared.turn_end)
    mismatches: list[str] = []
    for name, key, expected, _field in prepared.checks:
        if name == "":
            mismatches += compare(_("game"), "winner", expected, state.get("winner"))
        else:
            mismatches += compare(_("robot {name}").format(name=name), key, expected,
                                  state[name][key])
    return ScenarioOutcome(state, mismatches)


def prepare_scenario(r: Reader, ctx: FileContext) -> PreparedScenario:
    """Read a scenario; every independent mistake (a rule, a robot, a program, an expected
    value) is reported in one run, each at its place."""
    problems = ProblemCollector()
    board = _read_board(r, ctx)
    flags = read_flag_list(r, "flags", board)
    if flags is not None:
        board = board.with_flags(flags)
    rules = dict(RULE_DEFAULTS)
    rules["RR_START_DOCKS"] = bool(board.starts)
    rr = r.reader("rules", None)
    if rr is not None:
        for key in rr.keys():
            with problems.guard():
                if key not in RULE_DEFAULTS:
                    raise rr.error(_("unknown rule option {option}; known: {known}").format(
                        option=repr(key), known=", ".join(sorted(RULE_DEFAULTS))), key)
                rules[key] = rr.flag(key)
    layout = Layout(board)
    robot_readers = r.records("robots", required=True, max_length=8)
    if not robot_readers:
        raise r.error(_("a scenario needs at least one robot"), "robots")
    names: list[str] = []
    for number, rr_ in enumerate(robot_readers, start=1):
        name = f"robot {number}"      # stands in for a name that is wrong, to go on reading
        with problems.guard():
            name = rr_.text("name", max_length=40)
            if name in names or name == "winner":
                raise rr_.error(_("robot {name} is listed twice").format(name=repr(name))
                                if name in names else _("'winner' cannot be a robot's name"),
                                "name")
        names.append(name)
    engine = Engine(layout, names, rules, ())
    lives = lives_for(len(names), board.board_count)
    taken: dict[int, str] = {}
    for rob, rr_ in zip(engine.robots, robot_readers):
        with problems.guard():
            _place_robot(engine, rob, rr_, board, lives, taken)
    engine.option_deck = [o for o in OPTION_IDS
                          if not any(o in rob.options for rob in engine.robots)]
    used: set[int] = set()
    custom: list[tuple[str, int]] = []
    longest = 0
    pr = r.reader("program", None)
    if pr is not None:
        for name in pr.keys():
            with problems.guard():
                f = pr.field(name)
                if name not in names:
                    raise f.error(_("no robot named {name}; robots: {robots}").format(
                        name=repr(name), robots=", ".join(names)))
                rob = engine.robots[names.index(name)]
                items = f.items(max_length=REGISTERS)
                longest = max(longest, len(items))
                for k, item in enumerate(items):
                    if not item.is_null:
                        rob.registers[k] = _card(item, used, custom)
    engine.cards = ((("", 0),) + STANDARD_CARDS + tuple(custom))
    engine.deck = [k for k in range(1, DECK_SIZE + 1) if k not in used]
    turn_end = r.flag("turn_end", False)
    registers = r.integer("registers", longest, min=0, max=REGISTERS)
    answers = _Answers(r, names)
    checks = _read_expect(r, names, problems)
    with problems.guard():
        r.done()
    problems.raise_if_any()

    engine.answerer = lambda p, k, c, d: answers(engine, p, k, c, d)
    return PreparedScenario(engine, registers, turn_end, answers, checks)


def _place_robot(engine: Engine, rob: Robot, rr_: Reader, board: Board, lives: int,
                 taken: dict[int, str]) -> None:
    """One `robots` record: where the robot stands and what it holds."""
    layout = engine.layout
    w, h = board.width, board.height
    at_f = rr_.field("at")
    at = at_f.position(w, h)
    sq = layout.index(at)
    if layout.kind[sq] == VOID:
        raise at_f.error(_("[{x}, {y}] is off the course").format(x=at.x, y=at.y))
    rob.facing = rr_.choice("facing", Direction, Direction.N).index
    damage = rr_.integer("damage", 0, min=0, max=9)
    rob.lives = rr_.integer("lives", lives, min=0, max=9)
    rob.next_flag = rr_.integer("next_flag", 1, min=1, max=len(board.flags) + 1)
    rob.archive = layout.index(rr_.position("archive", w, h, at))
    rob.powered_down = rr_.flag("powered_down", False)
    rob.virtual = rr_.flag("virtual", False)
    of = rr_.optional("options")
    if of is not None:
        for item in of.items(max_length=MAX_OPTIONS):
            option = item.choice(list(OPTION_IDS))
            if option in rob.options:
                raise item.error(_("option {option} is listed twice").format(
                    option=repr(option)))
            if any(option in o.options for o in engine.robots):
                raise item.error(_("option {option} is already held by another robot "
                                   "(CB-5.3: each option card exists once)").format(
                    option=repr(option)))
            gain_option(rob, option)
    rr_.done()
    if not rob.virtual:
        if sq in taken:
            raise at_f.error(_("[{x}, {y}] already holds robot {name}; only virtual robots "
                               "share a square").format(x=at.x, y=at.y, name=taken[sq]))
        taken[sq] = rob.name
    rob.set_damage(damage)
    rob.sq = sq
    if not rob.virtual:
        engine.occ[sq] = rob.rid


def _read_expect(r: Reader, names: list[str], problems: ProblemCollector
                 ) -> list[tuple[str, str, Any, Field]]:
    checks: list[tuple[str, str, Any, Field]] = []
    expect = r.reader("expect", None)
    if expect is None:
        return checks
    for key in expect.keys():
        with problems.guard():
            f = expect.field(key)
            if key == "winner":
                if not (f.is_null or (isinstance(f.value, str) and f.value in names)):
                    raise f.error(_("expected a robot's name or null; robots: {robots}").format(
                        robots=", ".join(names)))
                checks.append(("", "winner", f.value, f))
                continue
            if key not in names:
                raise f.error(_("no robot named {name}; robots: {robots}").format(
                    name=repr(key), robots=", ".join(names)))
            er = f.reader()
            for rk in er.keys():
                if rk not in RESULT_KEYS:
                    raise er.error(_("unknown result key {key}; allowed here: {allowed}").format(
                        key=repr(rk), allowed=", ".join(RESULT_KEYS)), rk)
                checks.append((str(key), rk, er.field(rk).value, er.field(rk)))
    return checks


def result_state(engine: Engine, turn_end: bool) -> dict[str, Any]:
    """The result keys of FORMATS.md for every robot, and the winner."""
    L = engine.layout
    robots: dict[str, Any] = {}
    for r in engine.robots:
        def xy(sq: int) -> list[int] | None:
            return None if sq < 0 else [L.pos[sq].x, L.pos[sq].y]
        robots[r.name] = {
            "at": xy(r.sq),
            "facing": DIR_NAMES[r.facing],
            "damage": r.damage,
            "lives": r.lives,
            "next_flag": r.next_flag,
            "archive": xy(r.archive),
            "destroyed": r.destroyed or r.eliminated,
            "powered_down": r.announce if turn_end else r.powered_down,
            "virtual": r.virtual,
            "options": list(r.options),
            "locked": [k + 1 for k in range(REGISTERS) if r.locks[k]],
            "eliminated": r.eliminated,
        }
    out: dict[str, Any] = {}
    if engine.over or engine.winner >= 0:
        out["winner"] = engine.robots[engine.winner].name if engine.winner >= 0 else None
    out.update(robots)
    return out


__all__ = ["run_scenario", "lives_for", "DataError"]
