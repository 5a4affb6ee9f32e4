"""RoboRally match controller: runs the Match, chance and the bots, and hands the factory
scene the events to animate (STYLE.md §6.3). Pure: no pygame, no files.

The scene asks `decision()` what a human must decide now and answers through `place`,
`clear`, `lock_in`, `recompile` and `answer`, each checked against `legal_actions()`.
Everything automatic (a deal, a card draw, one bot's whole program or answer) runs one at a
time in `step()`, so a frame never waits for more than one bot decision.

Hot-seat programming (STYLE.md §4.5): the humans program one after another in seat order
while the bots think beside them (RR-5: programming is simultaneous), so nobody waits for a
bot to see their hand. A bot's program does not depend on when the humans click: it sees
none of their cards (`public_table`), and its decision stream stands where it would had
every bot locked in before any human placed a card (`_bots_moves`). With the timer on
(RR-5.7) the last robot still programming has 30 seconds; `auto_fill` then fills its empty
registers with random cards of its hand."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Iterable

from game.controllers.base import BotQuestion, MatchController
from game.controllers.base import Seat as Seat  # the seat's name where the scenes look for it
from game.core.streams import DecisionStream
from game.core.types import CHANCE, SIMULTANEOUS, Direction, IllegalActionError, Pos
from game.roborally import events as ev
from game.roborally.actions import (
    Action, Answer, ClearRegister, Deal, LockIn, PlaceCard, Recompile, action_from_dict,
    action_to_dict)
from game.roborally.questions import NO_CONTEXT, QuestionContext
from game.roborally.model import REGISTERS, Board
from game.roborally.options import OPTION_STATES, SPARE_HOOKS
from game.roborally.robot import Robot
from game.roborally.state import RoboRallyState
from game.roborally_bots.decisions import decide, make_bot
from game.roborally_bots.strong import public_table

TIMER_SECONDS = 30.0
SECRET_DECISIONS = frozenset({"shield", "turret", "gyro", "abort", "reserve", "power_down"})
"""Decisions made in secret (CB-5.7 announcements, RR-10.1 staying powered down): a
privacy screen comes first when several humans share the screen."""


@dataclass(frozen=True)
class Decision:
    """What the human at seat `player` must decide now. `kind` is "program" or a FORMATS.md
    answer kind (brakes, shield, facing, ...) with its `choices` and `default`, and what it is
    about (`context`: the damage a discard would prevent, the robot Fire Control hits)."""

    kind: str
    player: int
    choices: tuple[str, ...] = ()
    default: str = ""
    context: QuestionContext = NO_CONTEXT

    @property
    def secret(self) -> bool:
        return self.kind == "program" or self.kind in SECRET_DECISIONS


@dataclass
class RobotView:
    """One robot as the scene shows it (read from the state; nothing here decides rules)."""

    seat: int
    name: str
    pos: Pos | None
    facing: Direction
    damage: int
    lives: int
    next_flag: int
    locked: tuple[bool, ...]
    options: tuple[str, ...]
    powered_down: bool
    virtual: bool
    destroyed: bool
    eliminated: bool
    archive: Pos | None
    finished: int

    @classmethod
    def of(cls, seat: int, robot: Any, layout: Any) -> RobotView:
        """The view of the engine's `robot` (squares as indices into `layout`)."""
        r, L = robot, layout
        return cls(
            seat, r.name, L.pos[r.sq] if r.sq >= 0 else None, Direction.from_index(r.facing),
            r.damage, r.lives, r.next_flag, tuple(r.locks), tuple(r.options), r.powered_down,
            r.virtual, r.destroyed, r.eliminated, L.pos[r.archive] if r.archive >= 0 else None,
            r.finished)


@dataclass
class Stats:
    """Per seat, for the end screen."""

    dealt: list[int] = field(default_factory=list)
    taken: list[int] = field(default_factory=list)
    destroyed: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class ControllerSnapshot:
    """The game at one moment (RoboRallyController.snapshot): the rules state, the log so far,
    the chance stream and the end-screen counts (the bots' and the timer's draws depend on
    the log only, game/core/streams.py)."""

    state: RoboRallyState
    log: tuple[Action, ...]
    rng: Any
    stats: Stats


@dataclass(frozen=True, eq=False)
class BotTurn(BotQuestion):
    """One bot decision (BotQuestion): what it is (`kind` "program" or an answer kind with
    its `choices` and `default`) and the table as that seat sees it (`public_table`: a copy,
    so a bot thinking in another thread never touches the live game)."""

    kind: str
    table: RoboRallyState
    choices: tuple[str, ...] = ()
    default: str = ""

    def think(self) -> list[Action]:
        """The bot's actions for this decision (anywhere: the worker thread or here)."""
        self.position_stream()
        return decide(self.bot, self.table, self.player, self.kind, self.choices,
                      self.default)


class RoboRallyController(MatchController[RoboRallyState, Action, Any]):
    """A RoboRally game at one screen: the Match, the bots and the events still to animate."""

    def __init__(self, board: Board, seats: Iterable[Seat], seed: int, *,
                 option_cards: bool = False, rules: dict[str, bool] | None = None,
                 timer: bool = False, with_bots: bool = True, bot_maps: Any = None) -> None:
        """`with_bots` False: the bot seats get no bot (the replay viewer plays the log; no
        bot decides, and building their distance maps takes seconds on a large course).
        `bot_maps`: another controller's `bot_maps` on the same board, not built again."""
        self.board = board
        self.seats: list[Seat] = list(seats)
        super().__init__(self.seats, seed, action_to_dict, action_from_dict)
        self.timer = timer
        self.option_cards = option_cards
        self.rules = rules
        self._begin(self._start_position(), seed)
        self.bot_maps = bot_maps

        def build(p: int, rng: random.Random) -> Any:
            if not with_bots:
                return None
            # the distance maps depend on the board only: computed once, shared
            bot = make_bot(self.seats[p].bot or "normal", board, rng, self.state.layout,
                           self.bot_maps)
            self.bot_maps = self.bot_maps or getattr(bot, "maps", None)
            return bot

        self._seat_bots(("rr-bot", seed), build)
        self.fill_stream = DecisionStream("rr-fill", seed)
        self.stats = Stats([0] * len(self.seats), [0] * len(self.seats), [0] * len(self.seats))

    def _start_position(self) -> RoboRallyState:
        return RoboRallyState(self.board, [s.name for s in self.seats], rules=self.rules,
                              option_cards=self.option_cards)

    # -- queries ---------------------------------------------------------------------------
    @property
    def turn(self) -> int:
        return self.state.engine.turn

    def legal(self) -> list[Action]:
        return self.state.legal_actions()

    def card(self, card_id: int) -> tuple[str, int]:
        return self.state.card(card_id)

    def hand(self, player: int) -> list[int]:
        """The hand, highest priority first (after Recompile's new cards even while the
        player is asked about its 1 damage, CB-6.2)."""
        return sorted(self.state.shown_robots[player].hand, key=lambda c: -c)

    def registers(self, player: int) -> list[int]:
        return list(self.state.shown_robots[player].registers)

    def robot(self, player: int) -> RobotView:
        """Robot `player` as the table shows it: during a question in the middle of a
        register, where the events so far put it (`RoboRallyState.shown_robots`)."""
        return RobotView.of(player, self.state.shown_robots[player], self.state.layout)

    def robots(self) -> list[RobotView]:
        return [self.robot(p) for p in range(len(self.seats))]

    def _programming(self) -> list[Robot]:
        """The robots that program this turn, while the programs are written (else none)."""
        if self.state.stage != "program" or self.state.pending is not None:
            return []
        return self.state.programmers()

    def programming_left(self) -> list[int]:
        """Seats that still have to lock in a program this turn."""
        return [r.rid for r in self._programming() if not r.locked_in]

    def programmed(self) -> list[int]:
        """Seats whose program is locked in while others still program: their cards lie face
        down in their registers."""
        return [r.rid for r in self._programming() if r.locked_in]

    def decision(self) -> Decision | None:
        """The decision a human must take now, or None (a bot or chance acts, or it is over)."""
        state = self.state
        if state.is_terminal():
            return None
        player = state.current_player
        if player == CHANCE:
            return None
        if player == SIMULTANEOUS:
            humans = [p for p in self.programming_left() if not self.seats[p].is_bot]
            return Decision("program", humans[0]) if humans else None
        q = state.pending
        if player >= 0 and not self.seats[player].is_bot and q is not None:
            return Decision(q.kind, player, q.choices, q.default, q.context)
        return None

    def timer_running(self) -> bool:
        """RR-5.7: the timer runs for the last robot still programming."""
        return self.timer and len(self.programming_left()) == 1

    def can_place(self, player: int, register: int, card: int) -> bool:
        return PlaceCard(player, register, card) in self.legal()

    def can_clear(self, player: int, register: int) -> bool:
        return ClearRegister(player, register) in self.legal()

    def can_lock_in(self, player: int) -> bool:
        return LockIn(player, False) in self.legal()

    def can_recompile(self, player: int) -> bool:
        return Recompile(player) in self.legal()

    def winner(self) -> int | None:
        w = self.state.engine.winner
        return w if w >= 0 else None

    def ranking(self) -> list[int]:
        """Seats best first: the winner, then by flags reached, then by less damage."""
        e = self.state.engine
        if e.ranking:
            order = list(e.ranking)
            return order + [p for p in range(len(self.seats)) if p not in order]
        robots = self.state.robots
        return sorted(range(len(robots)), key=lambda p: (
            p != e.winner, robots[p].eliminated, -robots[p].next_flag, robots[p].damage, p))

    # -- actions ---------------------------------------------------------------------------
    def _try(self, action: Action) -> bool:
        """Play `action` if the rules allow it; False (nothing played) if they do not."""
        try:
            self._play(action)
        except IllegalActionError:
            return False
        return True

    def place(self, player: int, register: int, card: int) -> bool:
        return self._try(PlaceCard(player, register, card))

    def clear(self, player: int, register: int) -> bool:
        return self._try(ClearRegister(player, register))

    def clear_all(self, player: int) -> None:
        for k in range(1, REGISTERS + 1):
            if self.can_clear(player, k):
                self.clear(player, k)

    def recompile(self, player: int) -> bool:
        return self._try(Recompile(player))

    def lock_in(self, player: int, power_down: bool = False, reserve: int = 0,
                flywheel: int = 0) -> bool:
        """Submit the program; `reserve` (Conditional Program) and `flywheel` are hand cards
        or 0 (RR-5.6, CB-6.3, CB-6.4)."""
        return self._try(LockIn(player, power_down, reserve, flywheel))

    def spare_choices(self, player: int, which: str) -> list[int]:
        """Hand cards that may go on Conditional Program (`reserve`) or the Flywheel
        (`flywheel`) at lock-in; empty when the robot lacks that option."""
        out: set[int] = set()
        for a in self.legal():
            if isinstance(a, LockIn) and a.robot == player:
                value = a.reserve if which == "reserve" else a.flywheel
                if value:
                    out.add(value)
        return sorted(out, key=lambda c: -c)

    def kept_card(self, player: int, which: str) -> int:
        """The card a Flywheel (`flywheel`) or Conditional Program (`reserve`) holds aside
        after lock-in, 0 when none (CB-6.3, CB-6.4)."""
        robot = self.state.shown_robots[player]
        for option, spare in SPARE_HOOKS:
            if spare.field == which and option in robot.options:
                state = robot.state_of(OPTION_STATES[option])
                return int(getattr(state, OPTION_STATES[option].card_fields[0]))
        return 0

    def answer(self, player: int, kind: str, value: str) -> bool:
        return self._try(Answer(player, kind, value))

    def auto_fill(self, player: int) -> None:
        """RR-5.7: time is up; random hand cards fill the empty registers, then lock in."""
        rng = self.fill_stream.at(len(self.match.log))
        for k in range(1, REGISTERS + 1):
            hand = self.hand(player)
            if hand and self.can_place(player, k, hand[0]):
                self.place(player, k, rng.choice(hand))
        self.lock_in(player, False)

    def bot_turn(self) -> BotTurn | None:
        """The bot decision due now (programs: bots one at a time in seat order, while the
        humans program), to be made anywhere (a worker thread); None when chance, a human or
        nobody acts next."""
        state = self.state
        if state.is_terminal():
            return None
        player = state.current_player
        moves = len(self.match.log)
        if player == SIMULTANEOUS:
            for p in self.programming_left():
                if self.seats[p].is_bot and p in self.bots:
                    return BotTurn(player=p, bot=self.bots[p], match=self.match, moves=moves,
                                   stream=self.bot_streams[p], position=(self._bots_moves(),),
                                   kind="program", table=public_table(state, p))
            return None
        if player >= 0 and self.seats[player].is_bot and state.pending is not None \
                and player in self.bots:
            q = state.pending
            # a question stops the game (nobody acts beside it): the log's length says where
            # the game stands
            return BotTurn(player=player, bot=self.bots[player], match=self.match,
                           moves=moves, stream=self.bot_streams[player], position=(moves,),
                           kind=q.kind, table=public_table(state, player),
                           choices=q.choices, default=q.default)
        return None

    def is_current(self, turn: BotQuestion) -> bool:
        """Besides the base's test: a program decision stays current while only humans act
        (their cards are hidden from the bot, `public_table`), so a bot thinking beside a
        human who places cards is not started again at every card."""
        if super().is_current(turn):
            return True
        return (isinstance(turn, BotTurn) and turn.kind == "program"
                and turn.match is self.match and self.bots.get(turn.player) is turn.bot
                and turn.player in self.programming_left()
                and turn.position == (self._bots_moves(),))

    def _bots_moves(self) -> int:
        """Where a bot's program decision stands in the game: the log up to this turn's deal
        and the bots' actions since, leaving out the humans' programming (a human's
        Recompile too, with its new cards and answers, CB-6.2). That is the log's length had
        every bot locked in before any human placed a card, so a seed gives the same bot
        programs however fast the humans are."""
        log = self.match.log
        start = next((at + 1 for at in range(len(log) - 1, -1, -1)
                      if isinstance(log[at], Deal)), 0)
        bots, robot = 0, -1
        for action in log[start:]:
            if isinstance(action, (PlaceCard, ClearRegister, LockIn, Recompile)):
                robot = action.robot       # the answers after a Recompile are its robot's
            bots += robot in self.bots
        return start + bots

    def play_bot_choice(self, turn: BotTurn, actions: list[Action]) -> bool:
        """Play what `turn`'s bot chose. False, and nothing is played, when the game has moved
        on or was replaced since the question was asked (a stale answer). A bot's illegal
        choice is never trusted: its program is completed from the hand, the default answer
        given instead."""
        if not self.is_current(turn):
            return False
        p = turn.player
        for action in actions:
            if isinstance(action, LockIn):
                break
            self._try(action)
        if turn.kind != "program":
            if self.state.pending is not None and self.state.pending.player == p:
                self._try(Answer(p, turn.kind, turn.default))   # the bot's was illegal
            return True
        lock = next((a for a in actions if isinstance(a, LockIn)), LockIn(p))
        if not self.can_lock_in(p):  # never stall: fill whatever is still empty
            for k in range(1, REGISTERS + 1):
                hand_now = self.hand(p)
                if hand_now and self.can_place(p, k, hand_now[0]):
                    self.place(p, k, hand_now[0])
        if not self._try(lock) and not self._try(LockIn(p, lock.power_down)):
            self.lock_in(p, False)
        return True

    # -- saves -----------------------------------------------------------------------------
    def restore(self, actions: Iterable[dict[str, Any]]) -> list[Any]:
        """Replay a saved action log on this fresh game, which then goes on exactly as the
        saved one would have (Match.replay). Returns the events of the whole log, the
        game's history; none are left to animate.

        Raises:
            ValueError: the log does not replay (an action that is damaged or not legal
            where it stands); the message names the action by its number.
        """
        history = self.play_saved_log(actions)
        self.pending.clear()
        return history

    def rewind(self) -> None:
        """Back to the start position with an empty log (the replay viewer seeks by playing
        the log again from here). The bots are kept: they depend on the board only."""
        self._begin(self._start_position(), self.seed)
        n = len(self.seats)
        self.stats = Stats([0] * n, [0] * n, [0] * n)

    def snapshot(self) -> ControllerSnapshot:
        """A copy of the game as it stands, for the replay viewer to come back to without
        replaying the log from the start. Taken when no events wait to be animated."""
        state, log, rng = self._position()
        return ControllerSnapshot(state, log, rng,
                                  Stats(list(self.stats.dealt), list(self.stats.taken),
                                        list(self.stats.destroyed)))

    def restore_snapshot(self, snap: ControllerSnapshot) -> None:
        """Back to the position of `snap` (which stays usable: the state is copied again)."""
        self._back_to(snap.state, snap.log, snap.rng)
        self.stats = Stats(list(snap.stats.dealt), list(snap.stats.taken),
                           list(snap.stats.destroyed))

    # -- events ----------------------------------------------------------------------------
    def _played(self, action: Action, events: list[Any]) -> None:
        """Count the end screen's figures."""
        names = {s.name: p for p, s in enumerate(self.seats)}
        for e in events:
            if isinstance(e, ev.RobotDamaged):
                self.stats.taken[e.robot] += e.amount
            elif isinstance(e, ev.LaserFired) and e.source in names:
                for target in e.targets:
                    if target in names and target != e.source:
                        self.stats.dealt[names[e.source]] += 1
            elif isinstance(e, ev.RobotDestroyed):
                self.stats.destroyed[e.robot] += 1
