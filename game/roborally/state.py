"""RoboRally game state: deal, programming, five register phases, end of turn (RR-4).

`RoboRallyState` implements the GameState protocol (game/core/match.py). Programming is
simultaneous (`current_player == SIMULTANEOUS`); the register phases and the end of turn run
by themselves inside the `apply()` that completes the last program, and stop only where a
player must decide something (an option card, a re-entry facing, ...) or a card must be
drawn (`CHANCE`). Such a stop is resolved by re-running the current unit (one register phase,
the end of turn, or a Recompile) from its start with the recorded answers, so the state is
always plain data: `to_dict()` / `from_dict()` round-trip and a replay reproduces a game.

Card ids are 1..84 (priority 10·id, RR-2.2)."""

from __future__ import annotations

import itertools
import random
from typing import Any, Callable, Sequence

from game.core.types import CHANCE, SIMULTANEOUS, TERMINAL, IllegalActionError, PlayerId
from game.roborally import events as ev
from game.roborally.actions import (
    Action, Answer, ClearRegister, Deal, LockIn, PlaceCard, Recompile, action_from_dict)
from game.roborally.engine import RULE_DEFAULTS, Engine, GameOver
from game.roborally.layout import Layout
from game.roborally.model import DECK_SIZE, REGISTERS, STANDARD_CARDS, Board
from game.roborally.options import (
    OPTION_STATES, SPARE_FIELDS, SPARE_HOOKS, RecompileState, spare_option_free)
from game.roborally.questions import NeedDecision, Question, QuestionContext
from game.roborally.robot import Robot

FORMAT_VERSION = 2
"""2: a robot's option cards remember their state in `option_state` (by option id); 1 had
one key per option field on the robot (read through `VERSION_1_ROBOT_KEYS`)."""
VERSION_1_ROBOT_KEYS = {
    "coat": ("ablative_coat", "absorbed"), "howitzer": ("mini_howitzer", "tokens"),
    "flywheel": ("flywheel", "card"), "reserve": ("conditional_program", "card"),
    "reserve_used": ("conditional_program", "used"), "abort_on": ("abort_switch", "on"),
    "recompiled": ("recompile", "used"), "radio_by": ("radio_control", "controlled_by"),
    "radio_used": ("radio_control", "used"), "shield": ("shield", "side"),
    "shield_used": ("shield", "used"), "pd_used": ("power_down_shield", "sides_used"),
    "turret": ("turret", "side"), "gyro": ("gyroscopic_stabilizer", "on"),
    "superior_pending": ("superior_archive", "pending"),
}
"""Format 1's robot keys: the option and the field of its state each one became."""
HAND_SIZE = 9
CARD_TABLE = (("", 0),) + STANDARD_CARDS


def lives_for(players: int, boards: int) -> int:
    """RR-3.6 / CB-1.3: 3, +1 with five or more players, +1 with five or more boards."""
    return 3 + (1 if players >= 5 else 0) + (1 if boards >= 5 else 0)


class RoboRallyState:
    """A RoboRally game in progress. `stage`: deal, program, resolve, over."""

    def __init__(self, board: Board, names: Sequence[str], *,
                 rules: dict[str, bool] | None = None, option_cards: bool = True,
                 layout: Layout | None = None, _empty: bool = False) -> None:
        self.board = board
        self.layout = layout or Layout.for_board(board)
        given = dict(rules or {})
        unknown = [k for k in given if k not in RULE_DEFAULTS]
        if unknown:
            raise ValueError(f"unknown rule options {unknown}; known: {sorted(RULE_DEFAULTS)}")
        given.setdefault("RR_START_DOCKS", len(board.starts) > 1)
        if option_cards and not (given.get("RR_ROBOT_LASERS", True) and
                                 given.get("RR_CHECKPOINT_REPAIR", True)):
            raise ValueError("option cards need RR_ROBOT_LASERS and RR_CHECKPOINT_REPAIR on "
                             "(CB-2.3, RR-13)")
        self.engine = Engine(self.layout, list(names), given, CARD_TABLE)
        self.engine.options_in_play = option_cards
        self.stage = "deal"
        self.unit = ""          # "register:N", "end", "recompile:RID" while resolving
        self.pending: Question | None = None
        """The question the game waits on (who answers, what, with which choices, about
        what), None while nobody must decide."""
        self.asked_in: Engine | None = None
        """While a question is pending: the engine as its unit stood when it asked, the
        robots where the events so far put them (`shown_robots`); never changed again."""
        self.emitted = 0
        self.on_unit: Callable[[RoboRallyState], None] | None = None
        """Called after every completed unit (register phase, end of turn): fuzz checks."""
        if _empty:
            return
        if not 1 <= len(names) <= 8:
            raise ValueError("RoboRally takes 1 to 8 robots")
        e = self.engine
        e.deck = list(range(1, DECK_SIZE + 1))
        lives = lives_for(len(names), board.board_count)
        starts = board.starts
        if e.rules["RR_START_DOCKS"]:
            if len(starts) < len(names):
                raise ValueError(f"the course has {len(starts)} start squares for "
                                 f"{len(names)} robots")
            places = [(self.layout.index(s.at), s.facing.index, False) for s in starts]
        else:
            if not starts:
                raise ValueError("the course has no start square")
            sq = self.layout.index(starts[0].at)
            shared = len(names) > 1
            places = [(sq, starts[0].facing.index, shared)] * len(names)
        for r, (sq, facing, virtual) in zip(e.robots, places):
            r.sq, r.facing, r.virtual, r.archive, r.lives = sq, facing, virtual, sq, lives
            r.start_facing = facing
            if not virtual:
                e.occ[sq] = r.rid

    # -- protocol --------------------------------------------------------------------------
    @property
    def robots(self) -> list[Robot]:
        return self.engine.robots

    @property
    def shown_robots(self) -> list[Robot]:
        """The robots as the table shows them: while a question is pending in the middle of
        a register or the end of turn, where the events told so far put them (the rules go
        on from the unit's start, `robots`, once it is answered)."""
        if self.pending is not None and self.asked_in is not None:
            return self.asked_in.robots
        return self.engine.robots

    @property
    def register_under_way(self) -> int:
        """The register phase being resolved (1 to 5; a question may stop it), 0 while
        none is: programming, the end of the turn, a Recompile."""
        kind, _, arg = self.unit.partition(":")
        return int(arg) if self.stage == "resolve" and kind == "register" else 0

    @property
    def current_player(self) -> PlayerId:
        if self.stage == "over":
            return TERMINAL
        if self.pending is not None:
            return self.pending.player
        if self.stage == "deal":
            return CHANCE
        return SIMULTANEOUS

    def is_terminal(self) -> bool:
        return self.stage == "over"

    def programmers(self) -> list[Robot]:
        """Robots that must lock in a program this turn."""
        return [r for r in self.robots
                if r.sq >= 0 and not r.powered_down and r.in_game and not r.destroyed]

    def deal_counts(self) -> list[int]:
        """RR-5.1: 9 − damage (+1 Extra Memory) for every active robot, else 0, limited by
        what the deck holds (seat order)."""
        left = len(self.engine.deck)
        out = []
        active = {r.rid for r in self.programmers()}
        for r in self.robots:
            n = 0
            if r.rid in active:
                n = max(0, HAND_SIZE - r.damage) + (1 if "extra_memory" in r.options else 0)
            n = min(n, left)
            left -= n
            out.append(n)
        return out

    def legal_actions(self) -> list[Action]:
        """Every legal action in a fixed order. At the deal (a chance node whose outcomes
        are too many to list) this is empty: use `sample_chance`."""
        if self.stage == "over":
            return []
        if self.pending is not None:
            q = self.pending
            return [Answer(q.player, q.kind, v) for v in q.choices]
        if self.stage == "deal":
            return []
        out: list[Action] = []
        for r in self.programmers():
            if r.locked_in:
                continue
            if self.may_recompile(r):
                out.append(Recompile(r.rid))
            open_regs = [k for k in range(REGISTERS) if r.open_register(k)]
            empty = [k for k in open_regs if not r.registers[k]]
            for k in empty:
                for c in sorted(r.hand):
                    out.append(PlaceCard(r.rid, k + 1, c))
            for k in open_regs:
                if r.registers[k]:
                    out.append(ClearRegister(r.rid, k + 1))
            if not empty:
                rest = [0] + sorted(r.hand)
                spare_cards = [rest if spare_option_free(r, field) else [0]
                           for field in SPARE_FIELDS]
                for pd in (False, True):
                    for cards in itertools.product(*spare_cards):
                        kept = [c for c in cards if c]
                        if len(set(kept)) == len(kept):     # a card goes on one option
                            out.append(LockIn(r.rid, pd, **dict(zip(SPARE_FIELDS, cards))))
        return out

    def may_recompile(self, r: Robot) -> bool:
        """CB-6.2: may robot `r` give back its hand for a new one now (once a turn, before
        any card is programmed)?"""
        return ("recompile" in r.options and not r.state_of(RecompileState).used and
                bool(r.hand) and
                not any(r.registers[k] and r.open_register(k) for k in range(REGISTERS)))

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """The outcomes of a pending draw (Abort Switch, Scrambler, Recompile, option card),
        each equally likely. Not available for the deal (use `sample_chance`)."""
        q = self.pending
        if q is None or q.player != CHANCE:
            raise IllegalActionError("chance_outcomes() is only available for a pending draw")
        return [(Answer(CHANCE, q.kind, v), 1.0 / len(q.choices)) for v in q.choices]

    def sample_chance(self, rng: random.Random) -> Action:
        if self.pending is not None and self.pending.player == CHANCE:
            return Answer(CHANCE, self.pending.kind, rng.choice(self.pending.choices))
        if self.stage != "deal":
            raise IllegalActionError("no chance node now")
        deck = sorted(self.engine.deck)
        rng.shuffle(deck)
        hands = []
        at = 0
        for n in self.deal_counts():
            hands.append(tuple(deck[at:at + n]))
            at += n
        return Deal(tuple(hands))

    def apply(self, action: Action) -> list[Any]:
        """Check `action`, then apply it; returns the events in animation order.

        Raises IllegalActionError (and changes nothing) when it is not legal now."""
        self._check(action)
        e = self.engine
        if isinstance(action, Deal):
            out: list[Any] = []
            active = {p.rid for p in self.programmers()}
            for r, hand in zip(self.robots, action.hands):
                for c in hand:
                    e.deck.remove(c)
                r.hand = list(hand)
                if r.rid in active:
                    for _option, spare in SPARE_HOOKS:
                        spare.dealt(r)
                    out.append(ev.CardsDealt(r.rid, r.name, len(r.hand)))
            self.stage = "program"
            return out + self._maybe_all_locked()
        if isinstance(action, Answer):
            e.answers.append((action.player, action.kind, action.value))
            self.pending = None
            self.asked_in = None
            return self._advance()
        r = self.robots[action.robot]
        if isinstance(action, Recompile):
            self.unit = f"recompile:{r.rid}"
            self.stage = "resolve"
            return self._advance()
        if isinstance(action, PlaceCard):
            r.hand.remove(action.card)
            r.registers[action.register - 1] = action.card
            return []
        if isinstance(action, ClearRegister):
            k = action.register - 1
            r.hand.append(r.registers[k])
            r.registers[k] = 0
            return []
        assert isinstance(action, LockIn)
        r.locked_in = True
        r.fresh_locks = 0
        r.announce = action.power_down
        for _option, spare in SPARE_HOOKS:
            card = getattr(action, spare.field)
            if card:
                r.hand.remove(card)
                spare.keep(r, card)
        e.discard.extend(r.hand)
        r.hand = []
        return [ev.ProgramLocked(r.rid, r.name)] + self._maybe_all_locked()

    def _check(self, action: Action) -> None:
        def bad(why: str) -> IllegalActionError:
            return IllegalActionError(f"{action!r} is not legal now: {why} (turn "
                                      f"{self.engine.turn}, stage {self.stage})")
        if self.stage == "over":
            raise bad("the game is over")
        if self.pending is not None:
            q = self.pending
            if not (isinstance(action, Answer) and action.player == q.player
                    and action.kind == q.kind and action.value in q.choices):
                raise bad(f"waiting for {q.kind} from {q.player} ({', '.join(q.choices)})")
            return
        if isinstance(action, Answer):
            raise bad("no decision is pending")
        if self.stage == "deal":
            if not isinstance(action, Deal):
                raise bad("the cards must be dealt first")
            counts = self.deal_counts()
            if len(action.hands) != len(self.robots):
                raise bad("one hand per robot")
            seen: set[int] = set()
            deck = set(self.engine.deck)
            for n, hand in zip(counts, action.hands):
                if len(hand) != n:
                    raise bad("wrong hand size")
                for c in hand:
                    if c in seen or c not in deck:
                        raise bad(f"card {c} is not in the draw stack")
                    seen.add(c)
            return
        if isinstance(action, Deal):
            raise bad("cards are dealt at the start of a turn")
        if not isinstance(action, (Recompile, PlaceCard, ClearRegister, LockIn)):
            raise bad("unknown action")
        if not 0 <= action.robot < len(self.robots):
            raise bad("no such robot")
        r = self.robots[action.robot]
        if r not in self.programmers() or r.locked_in:
            raise bad("this robot does not program now")
        if isinstance(action, Recompile):
            if not self.may_recompile(r):
                raise bad("Recompile is not available")
            return
        if isinstance(action, PlaceCard):
            k = action.register - 1
            if not 0 <= k < REGISTERS or not r.open_register(k) or r.registers[k]:
                raise bad("that register is locked or full")
            if action.card not in r.hand:
                raise bad("that card is not in the hand")
            return
        if isinstance(action, ClearRegister):
            k = action.register - 1
            if not 0 <= k < REGISTERS or not r.open_register(k) or not r.registers[k]:
                raise bad("nothing to take back there")
            return
        if any(r.open_register(k) and not r.registers[k] for k in range(REGISTERS)):
            raise bad("every unlocked register must hold a card (RR-5.2)")
        taken: set[int] = set()
        for option, spare in SPARE_HOOKS:
            card = getattr(action, spare.field)
            if card and (option not in r.options or not spare.free(r) or card not in r.hand
                         or card in taken):
                raise bad(spare.refused)
            taken.add(card)

    def _maybe_all_locked(self) -> list[Any]:
        if self.stage != "program" or any(not r.locked_in for r in self.programmers()):
            return []
        out: list[Any] = []
        for r in self.robots:
            if r.announce:
                out.append(ev.PowerChanged(r.rid, r.name, "announced", "program"))
        self.stage = "resolve"
        self.unit = "register:1"
        return out + self._advance()

    # -- resolving units -------------------------------------------------------------------
    def _advance(self) -> list[Any]:
        out: list[Any] = []
        while self.stage == "resolve":
            work = Engine.__new__(Engine)
            self.engine.copy_into(work)
            work.answerer = None
            kind, _, arg = self.unit.partition(":")
            over = False
            try:
                if kind == "register":
                    work.run_register(int(arg))
                elif kind == "end":
                    work.run_end_of_turn()
                else:
                    self._recompile(work, int(arg))
            except NeedDecision as nd:
                out += work.events[self.emitted:]
                self.emitted = len(work.events)
                self.pending = nd.question
                self.asked_in = work
                return out
            except GameOver:
                over = True
            out += work.events[self.emitted:]
            self.emitted = 0
            work.answers = []
            work.events = []
            self.engine = work
            if self.on_unit is not None:
                self.on_unit(self)
            if over or work.over:
                self.stage = "over"
                self.unit = ""
                return out
            if kind == "register":
                n = int(arg)
                self.unit = f"register:{n + 1}" if n < REGISTERS else "end"
            elif kind == "end":
                out += self._next_turn()
            else:
                self.unit = ""
                self.stage = "program"
                out += self._maybe_all_locked()
        return out

    def _recompile(self, e: Engine, rid: int) -> None:
        """CB-6.2: the hand goes back, as many new cards come, then 1 damage."""
        r = e.robots[rid]
        e.phase = "program"
        n = len(r.hand)
        e.discard.extend(r.hand)
        r.hand = []
        for _ in range(n):
            c = e.draw_card()
            if c:
                r.hand.append(c)
        r.set_state(RecompileState(used=True))
        e.record(ev.OptionUsed(r.rid, r.name, "recompile", f"{n} new cards", "program"))
        before = list(r.locks)
        e.damage(r, 1, "recompile")
        for k in range(REGISTERS):
            if r.locks[k] and not before[k]:
                r.fresh_locks |= 1 << k      # still programmed this turn (CB-6.2 ruling)
        e.check_survivors()

    def _next_turn(self) -> list[Any]:
        e = self.engine
        e.turn += 1
        e.register = 0
        self.unit = ""
        if not any(r.in_game for r in self.robots):
            self.stage = "over"
            return []
        e.events = []
        e.start_turn_power()
        out = [ev.TurnStarted(e.turn)] + e.events
        e.events = []
        # the draw stack: every card not held elsewhere (RR-5.1)
        e.deck = sorted(e.deck + e.discard)
        e.discard = []
        self.stage = "deal"
        if not self.programmers():
            self.stage = "resolve"
            self.unit = "register:1"
            return out + self._advance()
        return out

    # -- copying, saving, observing --------------------------------------------------------
    def clone(self) -> RoboRallyState:
        c = RoboRallyState.__new__(RoboRallyState)
        c.board = self.board
        c.layout = self.layout
        c.engine = Engine.__new__(Engine)
        self.engine.copy_into(c.engine)
        c.engine.answerer = None
        c.stage = self.stage
        c.unit = self.unit
        c.pending = self.pending
        c.asked_in = self.asked_in
        c.emitted = self.emitted
        c.on_unit = None
        return c

    def to_dict(self) -> dict[str, Any]:
        e = self.engine
        return {
            "format_version": FORMAT_VERSION,
            "board": self.board.name,
            "rules": dict(e.rules),
            "options_in_play": e.options_in_play,
            "stage": self.stage,
            "unit": self.unit,
            "pending": None if self.pending is None else
            {"player": self.pending.player, "kind": self.pending.kind,
             "choices": list(self.pending.choices), "default": self.pending.default,
             "cause": self.pending.context.cause, "about_robot": self.pending.context.robot},
            "emitted": self.emitted,
            "turn": e.turn,
            "register": e.register,
            "winner": e.winner,
            "ranking": list(e.ranking),
            "over": e.over,
            "finished_count": e.finished_count,
            "destroy_counter": e.destroy_counter,
            "deck": sorted(e.deck),
            "discard": list(e.discard),
            "option_deck": list(e.option_deck),
            "option_discard": list(e.option_discard),
            "answers": [list(a) for a in e.answers],
            "robots": [r.to_dict() for r in e.robots],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, board: Board,
                  layout: Layout | None = None) -> RoboRallyState:
        version = data.get("format_version")
        if version not in (1, FORMAT_VERSION):
            raise ValueError(f"unsupported state format_version {version}")
        robots = [Robot.from_dict(d if version == FORMAT_VERSION else _robot_of_version_1(d),
                                  OPTION_STATES) for d in data["robots"]]
        s = cls(board, [r.name for r in robots], rules=dict(data["rules"]),
                option_cards=bool(data["options_in_play"]), layout=layout, _empty=True)
        e = s.engine
        e.robots = robots
        e.occ = {r.sq: r.rid for r in robots if r.sq >= 0 and not r.virtual}
        s.stage = data["stage"]
        s.unit = data["unit"]
        p = data["pending"]
        # states written before questions said what they are about have no cause
        s.pending = None if p is None else Question(
            p["player"], p["kind"], tuple(p["choices"]), p["default"],
            QuestionContext(str(p.get("cause", "")), int(p.get("about_robot", -1))))
        s.emitted = data["emitted"]
        e.turn, e.register = data["turn"], data["register"]
        e.winner, e.ranking, e.over = data["winner"], list(data["ranking"]), data["over"]
        e.finished_count, e.destroy_counter = data["finished_count"], data["destroy_counter"]
        e.deck, e.discard = list(data["deck"]), list(data["discard"])
        e.option_deck, e.option_discard = list(data["option_deck"]), list(
            data["option_discard"])
        e.answers = [(int(a[0]), str(a[1]), str(a[2])) for a in data["answers"]]
        return s

    def observation(self, player: PlayerId) -> dict[str, Any]:
        """What `player` may see (GEN-4): its own hand and program; of the others only how
        many cards they hold, and only the registers already revealed. Draw stack and
        discard pile as counts; pending answers of others hidden."""
        seen = self.to_dict()
        revealed = 0
        if self.stage == "resolve":
            kind, _, arg = self.unit.partition(":")
            revealed = int(arg) if kind == "register" else REGISTERS * (kind == "end")
        if self.stage == "over":
            revealed = REGISTERS
        for d in seen["robots"]:
            if d["rid"] == player:
                continue
            d["hand"] = len(d["hand"])
            d["registers"] = [c if (k < revealed or d["locks"][k]) else bool(c)
                              for k, c in enumerate(d["registers"])]
            for option, values in d["option_state"].items():
                for name in OPTION_STATES[option].card_fields:
                    values[name] = bool(values[name])
            if self.stage in ("deal", "program"):
                d["announce"] = None
        seen["deck"] = len(seen["deck"])
        seen["discard"] = len(seen["discard"])
        seen["option_deck"] = len(seen["option_deck"])
        seen["answers"] = [a if a[0] == player else [a[0], a[1], None]
                           for a in seen["answers"]]
        pending = seen["pending"]
        if pending is not None and pending["player"] != player:
            pending["choices"] = len(pending["choices"])     # e.g. the draw stack's cards
            pending["default"] = None
        return seen

    def timeout_actions(self, rid: int, rng: random.Random) -> list[Action]:
        """RR-5.7 (option RR_TIMER, run by the interface): fill the robot's empty open
        registers with random hand cards and lock the program in. Uses the caller's RNG."""
        r = self.robots[rid]
        hand = list(r.hand)
        rng.shuffle(hand)
        out: list[Action] = [PlaceCard(rid, k + 1, hand.pop()) for k in range(REGISTERS)
                             if r.open_register(k) and not r.registers[k]]
        return out + [LockIn(rid)]

    def card(self, card_id: int) -> tuple[str, int]:
        """(type, priority) of a program card."""
        return self.engine.cards[card_id]


def _robot_of_version_1(data: dict[str, Any]) -> dict[str, Any]:
    """A format-1 robot in format 2: its option keys gathered into `option_state` (a value
    equal to the default drops out there, as it does when a game writes it)."""
    robot = {key: value for key, value in data.items() if key not in VERSION_1_ROBOT_KEYS}
    store: dict[str, dict[str, Any]] = {}
    for key, (option, name) in VERSION_1_ROBOT_KEYS.items():
        store.setdefault(option, {})[name] = data[key]
    robot["option_state"] = store
    return robot


def replay(start: dict[str, Any], actions: list[dict[str, Any]], *, board: Board
           ) -> RoboRallyState:
    """Rebuild a game from a start position and its action log (chance outcomes included)."""
    state = RoboRallyState.from_dict(start, board=board)
    for data in actions:
        state.apply(action_from_dict(data))
    return state
