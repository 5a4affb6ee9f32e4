"""What every game's controller shares (STYLE.md §6.3): the seats, their bots and decision
streams, the Match, the events still to animate, the bot-thinker protocol (`bot_turn`,
`is_current`, `play_bot_choice`, game/controllers/thinking.py) and the saved action log.
Each game's controller is thin on top: what a human decides, how a bot's answer is played,
what its end screen counts. Pure: no pygame, no files.

Every decision outside the rules' chance stream draws from a `DecisionStream` seeded by
where in the game it is taken (game/core/streams.py), so a game rebuilt from its log decides
exactly as the uninterrupted one would have."""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable, Generic, Iterable, Protocol, Sequence, TypeVar, cast

from game.core.match import GameState, Match
from game.core.streams import DecisionStream
from game.core.types import CHANCE, PlayerId

S = TypeVar("S", bound=GameState[Any, Any])
A = TypeVar("A")
Ev = TypeVar("Ev")


class SeatLike(Protocol):
    """Who sits at a seat: a name and a bot level (None: a human at the screen)."""

    @property
    def name(self) -> str: ...

    @property
    def bot(self) -> str | None: ...

    @property
    def is_bot(self) -> bool: ...


@dataclass(frozen=True)
class Seat:
    """A seat of RoboRally or Robot Master: a name, a colour id (theme.PLAYER_STYLES) and a
    bot level (None: a human at the screen)."""

    name: str
    colour: str
    bot: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.bot is not None


class UnreadableAction(ValueError):
    """A saved action of a shape this game cannot read (a damaged or hand-edited save): the
    player is told so, not Python's own words about it (game/scenes/save_checks.py)."""


@dataclass(frozen=True, eq=False)
class BotQuestion:
    """One bot decision and the position it is about: the seat, its bot, and `match` and
    `moves` to say which game and how far into it the question was asked. Each game's
    `BotTurn` adds what its seat sees (a copy, so a bot thinking in another thread never
    touches the live game) and `think()`."""

    player: PlayerId
    bot: Any
    match: Match[Any, Any, Any]
    moves: int
    stream: DecisionStream
    """The seat's decision stream (the bot's own generator), and where it stands for this
    decision (game/core/streams.py)."""
    position: tuple[object, ...]

    def position_stream(self) -> None:
        """Seat the bot's generator for this decision. Done in the thread that decides, as
        the decision starts: the worker runs one decision at a time, so one still running
        after it was dropped has finished before this one draws (positioning it when the
        question is asked, in the frame, would reseed a generator mid-search)."""
        self.stream.at(*self.position)


class MatchController(Generic[S, A, Ev]):
    """A game at one screen: the Match, the seats and their bots, the events still to
    animate. A game's controller starts its Match with `_begin`, builds its bots with
    `_seat_bots`, and provides `bot_turn` and `play_bot_choice`."""

    match: Match[S, A, Ev]

    def __init__(self, seats: Sequence[SeatLike], seed: int,
                 to_data: Callable[[A], dict[str, Any]],
                 from_data: Callable[[dict[str, Any]], A]) -> None:
        """`to_data` / `from_data`: the game's action <-> plain data (its saves)."""
        self.seats = seats
        self.seed = seed
        self._to_data = to_data
        self._from_data = from_data
        self.pending: deque[Ev] = deque()
        self.bot_streams: dict[PlayerId, DecisionStream] = {}
        self.bots: dict[PlayerId, Any] = {}

    def _begin(self, state: S, chance_seed: int) -> None:
        """Start a game from `state` with a fresh Match; nothing is left to animate."""
        self.match = Match(state, chance_seed)
        self.pending.clear()

    def _seat_bots(self, stream_name: Sequence[object],
                   build: Callable[[PlayerId, random.Random], Any]) -> None:
        """A decision stream per bot seat (`stream_name` and the seat) and the bot `build`
        makes with that stream's generator, in seat order (None: the seat gets no bot)."""
        self.bot_streams = {p: DecisionStream(*stream_name, p)
                            for p, seat in enumerate(self.seats) if seat.bot is not None}
        self.bots = {}
        for p, stream in self.bot_streams.items():
            bot = build(p, stream.rng)
            if bot is not None:
                self.bots[p] = bot

    # -- queries ---------------------------------------------------------------------------
    @property
    def state(self) -> S:
        return self.match.state

    def is_over(self) -> bool:
        return self.state.is_terminal()

    def humans(self) -> list[PlayerId]:
        return [p for p, seat in enumerate(self.seats) if not seat.is_bot]

    def decision(self) -> Any:
        """What a human at the screen must decide now (each game says it its own way), or
        None: chance or a bot acts next, or the game is over."""
        raise NotImplementedError

    def needs_step(self) -> bool:
        """True when chance or a bot acts next (call `step()`)."""
        return not self.state.is_terminal() and self.decision() is None

    # -- automatic actions and the bot thinker ---------------------------------------------
    def step(self) -> bool:
        """Play one automatic action (a chance outcome or one bot decision). False if a
        human must decide or the game is over."""
        if self.state.is_terminal():
            return False
        if self.state.current_player == CHANCE:
            self._play(self.state.sample_chance(self.match.rng))
            return True
        turn = self.bot_turn()
        if turn is None:
            return False
        return self.play_bot_choice(turn, turn.think())

    def run_automatic(self, limit: int = 10_000) -> None:
        """Step until a human must decide or the game is over (tests, screenshots)."""
        for _ in range(limit):
            if not self.step():
                return

    def bot_turn(self) -> Any:
        """The bot decision due now (a `BotQuestion` with `think()`), to be made anywhere (a
        worker thread); None when chance, a human or nobody (the end) acts next."""
        raise NotImplementedError

    def play_bot_choice(self, turn: Any, answer: Any) -> bool:
        """Play `turn`'s answer; False, and nothing is played, for a stale one."""
        raise NotImplementedError

    def is_current(self, turn: BotQuestion) -> bool:
        """`turn` asks about the position the game is in now: the same game, no move since,
        and the seat still has that bot."""
        return (turn.match is self.match and turn.moves == len(self.match.log)
                and self.bots.get(turn.player) is turn.bot)

    # -- playing ---------------------------------------------------------------------------
    def _play(self, action: A, logged: bool = False) -> list[Ev]:
        """Play `action` and queue its events to animate; `logged`: it comes from a saved log
        (Match.replay). Raises IllegalActionError before anything is logged."""
        events = self.match.replay(action) if logged else self.match.play(action)
        self._played(action, events)
        self.pending.extend(events)
        return events

    def _played(self, action: A, events: list[Ev]) -> None:
        """What the game's controller keeps count of after each action (end-screen counts,
        the match score ...)."""

    def play_saved(self, data: dict[str, Any]) -> list[Ev]:
        """Play one action of a save's log, given as plain data, whoever's it is (restoring
        a save, a replay viewer stepping on); its events wait in `pending` to be animated.

        Raises:
            UnreadableAction: the data is not an action of this game.
            IllegalActionError / ValueError: the action does not fit where it stands.
        """
        try:
            action = self._from_data(data)
        except Exception as exc:  # any shape a hand edit leaves: one kind of failure
            raise UnreadableAction(f"not an action of this game: {data!r}") from exc
        return self._play(action, logged=True)

    def play_saved_log(self, actions: Iterable[dict[str, Any]], first: int = 1) -> list[Ev]:
        """Play a save's actions in order (`play_saved`); returns their events.

        Raises:
            ValueError: an action does not fit; the message names it by its number in the
            log ("action 12: ...", `first` being the first one's), its failure chained.
        """
        history: list[Ev] = []
        for number, data in enumerate(actions, start=first):
            try:
                history += self.play_saved(data)
            except Exception as exc:  # any damage in a hand-edited save: one clear message
                raise ValueError(f"action {number}: {exc}") from exc
        return history

    # -- the pending events ------------------------------------------------------------------
    def next_event(self) -> Ev | None:
        return self.pending.popleft() if self.pending else None

    def peek_events(self) -> list[Ev]:
        """The events not yet handed out, in order."""
        return list(self.pending)

    def drain(self) -> list[Ev]:
        """Hand out every pending event at once (skip: the scene snaps to the state)."""
        events = list(self.pending)
        self.pending.clear()
        return events

    # -- saves and snapshots -----------------------------------------------------------------
    def saved_actions(self) -> list[dict[str, Any]]:
        """The action log as plain data, chance outcomes included (game/saves.py)."""
        return [self._to_data(a) for a in self.match.log]

    def _position(self) -> tuple[S, tuple[A, ...], Any]:
        """A copy of the game as it stands: the state, the log, the chance stream."""
        return (cast(S, self.match.state.clone()), tuple(self.match.log),
                self.match.rng.getstate())

    def _back_to(self, state: S, log: Sequence[A], rng_state: Any) -> None:
        """Back to a position `_position` took (which stays usable: the state is copied
        again); nothing is left to animate."""
        self._begin(cast(S, state.clone()), self.match.seed)
        self.match.log = list(log)
        self.match.rng.setstate(rng_state)
