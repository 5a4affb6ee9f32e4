"""VOLT match controller: runs the Match, chance and bots, and hands the scene the events to
animate (STYLE.md §6.3). Pure: no pygame, no files.

The scene asks `decision()` what a human must decide now, builds its choices from
`legal(player)` and hands them back through `submit()`. Everything else (chance, bots) runs
one action per `step()`, so a frame never waits for more than one bot decision.

Hot-seat programming (VT-5.2.9, STYLE.md §4.5): humans program one after another in seat
order, each timed by the scene; the bots program after them, and each bot's programming
time is drawn between half the fastest and one and a half times the slowest human time of
the round (10-60 s when no human plays), so a bot neither always chooses its start number
first nor always last, and a quick human, also a lone one, really does choose earlier.
While the humans program, each bot plans its program beside them (VT-5.2: programming is
simultaneous), so nobody waits for a bot's search once they lock in; the plan is the one the
bot would draw after them (its stream stands at the round), and nothing is played until the
humans are done, so the log is the same at any pace."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Literal

from game.controllers.base import BotQuestion, MatchController
from game.core.streams import DecisionStream
from game.core.types import CHANCE, SIMULTANEOUS, Direction, IllegalActionError, PlayerId
from game.volt import events as ev
from game.volt.actions import Action, LockIn, action_from_dict, action_to_dict
from game.volt.bot_levels import make_bot
from game.volt.model import Arena
from game.volt.state import MAX_PROGRAMMING_MS, VoltState

SEAT_SIDES = (Direction.S, Direction.N, Direction.W, Direction.E)
"""Setup seats in order (GameSpec.seat_names: South, North, West, East)."""
BOT_TIME_RANGE_MS = (10_000, 60_000)
"""A bot's programming time when no human programmed this round (VT-5.2.9)."""

DecisionKind = Literal["program", "restart", "number"]


@dataclass(frozen=True)
class Operator:
    """One seat: who sits there and how they decide (`bot` None: a human at the screen)."""

    name: str
    colour: str
    side: Direction
    bot: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.bot is not None


@dataclass(frozen=True)
class Decision:
    """What the human operator `player` must decide now."""

    kind: DecisionKind
    player: PlayerId


@dataclass(frozen=True, eq=False)
class BotTurn(BotQuestion):
    """One bot decision (BotQuestion) with what that seat sees: plain data built afresh, so
    a bot thinking in another thread never touches the live game."""

    observation: dict[str, Any]
    ahead: bool = False
    """A bot planning its program while a human programs: its answer is not played (the
    plan stays with the bot, which plays it once the humans have locked in)."""

    def think(self) -> Action:
        self.position_stream()
        return self.bot.choose(self.observation, self.player)  # type: ignore[no-any-return]


@dataclass(frozen=True)
class ControllerSnapshot:
    """The game at one moment (VoltController.snapshot): the rules state, the log so far (as
    actions and as plain data), the chance stream and the humans' programming times (the
    bots' draws depend on the log only, game/core/streams.py)."""

    state: VoltState
    log: tuple[Action, ...]
    rng: Any
    human_times: dict[PlayerId, int]
    log_data: tuple[dict[str, Any], ...]


def seat_sides(arena: Arena, count: int) -> list[Direction]:
    """The arena sides for `count` seats: South, North, West, East, skipping sides without
    start fields. Raises ValueError if the arena has fewer usable sides than seats."""
    usable = [side for side in SEAT_SIDES if arena.start_fields(side)]
    if len(usable) < count:
        raise ValueError(f"arena {arena.name!r} has start fields on {len(usable)} sides, "
                         f"not {count}")
    return usable[:count]


class VoltController(MatchController[VoltState, Action, ev.Event]):
    """A VOLT game at one screen: the Match, the bots and the events still to animate."""

    def __init__(self, arena: Arena, operators: Iterable[Operator], seed: int,
                 rules: dict[str, bool] | None = None,
                 bot_factory: Callable[[str, Arena, random.Random], Any] = make_bot) -> None:
        self.arena = arena
        self.operators = list(operators)
        super().__init__(self.operators, seed, action_to_dict, action_from_dict)
        self.rules = dict(rules) if rules else None
        self._begin(VoltState.new_game(arena, [o.side for o in self.operators], rules), seed)
        self._seat_bots(("volt-bot", seed), lambda p, rng: bot_factory(
            self.operators[p].bot or "random", arena, rng))
        self.time_stream = DecisionStream("volt-bot-times", seed)
        self.human_times: dict[PlayerId, int] = {}
        self._planned_ahead: set[tuple[int, PlayerId]] = set()
        """(round, bot) for the bots that planned their program beside the humans."""
        self._log_data: list[dict[str, Any]] = []
        """The action log as plain data, kept as it grows: an autosave after every round
        then costs no conversion of the whole log (saved_actions)."""

    # -- queries ---------------------------------------------------------------------------
    def legal(self, player: PlayerId) -> list[Action]:
        """The actions `player` may take now (empty when it is not their turn)."""
        return self.state.legal_actions(player)

    def next_programmer(self) -> PlayerId | None:
        """Who programs next at the screen: humans in seat order, then the bots."""
        state = self.state
        if state.phase != "program" or state.is_terminal():
            return None
        waiting = [p for p in state.players if not state.locked[p]]
        humans = [p for p in waiting if not self.operators[p].is_bot]
        if humans:
            return humans[0]
        return waiting[0] if waiting else None

    def decision(self) -> Decision | None:
        """The decision a human must take now, or None (bots or chance act, or it is over)."""
        state = self.state
        if state.is_terminal():
            return None
        player = state.current_player
        if player == CHANCE:
            return None
        if player == SIMULTANEOUS:
            p = self.next_programmer()
            if p is not None and not self.operators[p].is_bot:
                return Decision("program", p)
            return None
        if self.operators[player].is_bot:
            return None
        return Decision("restart" if state.phase == "restart" else "number", player)

    # -- acting ----------------------------------------------------------------------------
    def submit(self, action: Action) -> list[ev.Event]:
        """A human decided. Raises IllegalActionError if the UI offered something illegal."""
        player = getattr(action, "player", None)
        if player is None or self.operators[player].is_bot:
            raise IllegalActionError(f"{action!r} is not a human operator's action")
        if isinstance(action, LockIn):
            self.human_times[player] = action.time_ms
        return self._play(action)

    def bot_turn(self) -> BotTurn | None:
        """The bot decision due now, to be made anywhere (a worker thread); None when chance,
        a human or nobody (the end) acts next."""
        state = self.state
        if not self.needs_step() or state.current_player == CHANCE:
            return None
        player = state.current_player
        if player == SIMULTANEOUS:
            p = self.next_programmer()
            assert p is not None
            player = p
        # A bot draws its whole program at its first placement of the round; asked again
        # mid-program (a resumed save) it must draw the same one.
        position = ("round", state.round) if state.phase == "program" \
            else (len(self.match.log),)
        return BotTurn(player=player, bot=self.bots[player], match=self.match,
                       moves=len(self.match.log), stream=self.bot_streams[player],
                       position=position, observation=state.observation(player))

    def plan_ahead_turn(self) -> BotTurn | None:
        """The next bot to plan its program while a human programs (VT-5.2), to be thought
        about anywhere as `bot_turn`'s are; None when none is left. Never a step of the game
        (`step` leaves it out): the plan stays with the bot, nothing is played."""
        state = self.state
        waiting = self.planning_ahead()
        if not waiting:
            return None
        p = waiting[0]
        return BotTurn(player=p, bot=self.bots[p], match=self.match, moves=len(self.match.log),
                       stream=self.bot_streams[p], position=("round", state.round),
                       observation=state.observation(p), ahead=True)

    def planning_ahead(self) -> list[PlayerId]:
        """The bots still to plan their program beside the humans this round (empty when no
        human programs now)."""
        state = self.state
        if state.phase != "program" or state.is_terminal() or self.decision() is None:
            return []
        return [p for p in state.players if p in self.bots and self.operators[p].is_bot
                and not state.locked[p] and (state.round, p) not in self._planned_ahead]

    def is_current(self, turn: BotQuestion) -> bool:
        """Besides the base's test: a bot planning beside the humans stays current while it
        has not locked in this round, whatever the humans do (their dice are hidden from
        it, `VoltState.observation`)."""
        if not (isinstance(turn, BotTurn) and turn.ahead):
            return super().is_current(turn)
        state = self.state
        return (turn.match is self.match and self.bots.get(turn.player) is turn.bot
                and state.phase == "program" and turn.position == ("round", state.round)
                and not state.locked[turn.player])

    def play_bot_choice(self, turn: BotTurn, action: Action) -> bool:
        """Play `turn`'s answer (a bot's LockIn gets its programming time here, VT-5.2.9);
        a stale answer is refused (False). A bot that planned ahead plays nothing yet."""
        if not self.is_current(turn):
            return False
        if turn.ahead:
            self._planned_ahead.add((self.state.round, turn.player))
            return True
        if isinstance(action, LockIn):
            action = LockIn(turn.player, self._bot_time())
        self._play(action)
        return True

    def run_bots(self, limit: int = 100_000) -> None:
        """Step until a human must decide or the game is over (tests, screenshots)."""
        self.run_automatic(limit)

    def _bot_time(self) -> int:
        """VT-5.2.9: between half the fastest and 1.5 times the slowest human time of this
        round."""
        times = [self.human_times[p] for p in self.humans() if p in self.human_times]
        low, high = ((min(times) // 2, min(max(times) * 3 // 2, MAX_PROGRAMMING_MS)) if times
                     else BOT_TIME_RANGE_MS)
        return self.time_stream.at(len(self.match.log)).randint(low, high)

    def _played(self, action: Action, events: list[ev.Event]) -> None:
        self._log_data.append(action_to_dict(action))
        for event in events:
            if isinstance(event, ev.RoundStarted):
                self.human_times.clear()
                self._planned_ahead.clear()

    # -- saves ----------------------------------------------------------------------------
    def saved_actions(self) -> list[dict[str, Any]]:
        """The action log as plain data, chance outcomes included (game/saves.py)."""
        return [dict(data) for data in self._log_data]

    def restore(self, actions: Iterable[dict[str, Any]]) -> list[ev.Event]:
        """Replay a saved action log on this fresh game. Returns the events of the whole
        log, the game's history (a resumed table tells them to its log); none are left to
        animate.

        Raises:
            IllegalActionError / ValueError / KeyError / TypeError: the log does not replay.
        """
        history = self.play_saved_log(actions)
        self.pending.clear()
        return history

    def play_saved(self, data: dict[str, Any]) -> list[ev.Event]:
        """As every game plays a saved action; a human's lock-in also brings back the time
        they took, which the bots' times follow (VT-5.2.9)."""
        events = super().play_saved(data)
        action = self.match.log[-1]
        if isinstance(action, LockIn) and not self.operators[action.player].is_bot:
            self.human_times[action.player] = action.time_ms
        return events

    def snapshot(self) -> ControllerSnapshot:
        """A copy of the game as it stands, for the replay viewer to come back to without
        replaying the log from the start. Taken when no events wait to be animated."""
        state, log, rng = self._position()
        return ControllerSnapshot(state, log, rng, dict(self.human_times),
                                  tuple(self._log_data))

    def restore_snapshot(self, snap: ControllerSnapshot) -> None:
        """Back to the position of `snap` (which stays usable: the state is copied again)."""
        self._back_to(snap.state, snap.log, snap.rng)
        self.human_times = dict(snap.human_times)
        self._log_data = list(snap.log_data)
