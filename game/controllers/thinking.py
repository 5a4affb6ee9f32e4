"""Bots think in a worker thread, in every game, so the frames (animations, input) keep their
budget while a strong bot searches. Pure: no pygame.

A controller (game/controllers/base.py) offers its bot decisions as questions (`bot_turn()`
returns an object with a `think()` method that reads only a copy of the game), says whether a
question is still about the position the game is in (`is_current(turn)`) and plays an answer
(`play_bot_choice(turn, answer)`, which refuses a stale one). `BotThinker` runs one question
at a time in the worker.

The search is pure Python, so the worker shares the GIL with the frames; measured for Robot
Master (2026-11-23, bench/robot_master_think.py) that costs the frames little: p95 3.8 ms
with a strong bot searching against 4.8 ms without, while one decision (0.22 s alone) takes
0.29 s. The VOLT arena's frames are heavier: there a searching bot pushed the frame p95 from
7 ms to 21.5 ms, so the main loop now holds bot searches while it draws (game/core/
frames_first.py: the RoboRally and VOLT bots wait at their next play-out; measured with
bench/bots_think.py). Every bot's own RNG is
used by one decision at a time and in the same order as without the worker, so a seed gives
the same moves.

The worker is a daemon thread: quitting the app in the middle of a decision does not wait
for it (a decision only reads its own copy of the game, so nothing is left half written)."""

from __future__ import annotations

import queue
import threading
from concurrent.futures import Future
from typing import Any, Callable, Protocol


class Question(Protocol):
    """One bot decision about one position (each game's `BotTurn`)."""

    def think(self) -> Any: ...


class AsksBots(Protocol):
    """What a game controller offers the thinker."""

    def bot_turn(self) -> Any: ...

    def is_current(self, turn: Any) -> bool: ...

    def play_bot_choice(self, turn: Any, answer: Any) -> bool: ...

    def step(self) -> bool: ...


class _Worker:
    """One daemon thread that runs jobs one after another (so a bot's RNG is never used by
    two decisions at once)."""

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[tuple[Future[Any], Callable[[], Any]]] = \
            queue.SimpleQueue()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def submit(self, job: Callable[[], Any]) -> Future[Any]:
        future: Future[Any] = Future()
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="bot-thinker",
                                                daemon=True)
                self._thread.start()
        self._jobs.put((future, job))
        return future

    def _run(self) -> None:
        while True:
            future, job = self._jobs.get()
            if not future.set_running_or_notify_cancel():
                continue      # forgotten before it started
            try:
                result = job()
            except BaseException as exc:  # handed to the main thread, raised there
                future.set_exception(exc)
            else:
                future.set_result(result)


_WORKER = _Worker()


class BotThinker:
    """Makes one bot decision at a time in the worker thread."""

    frame_wait_seconds = 0.0
    """How long `advance()` may hold a frame for an answer (0 in the app; tests that count
    frames wait, so a bot acts after as many frames however slow the machine)."""

    def __init__(self) -> None:
        self.turn: Any = None
        self.future: Future[Any] | None = None

    def start(self, turn: Question) -> None:
        """Think about `turn` (an earlier, unanswered question is dropped)."""
        self.forget()
        self.turn = turn
        self.future = _WORKER.submit(turn.think)

    def thinking_about(self, controller: AsksBots) -> bool:
        """A decision about the controller's current position is under way or answered."""
        return self.turn is not None and controller.is_current(self.turn)

    def thinking(self) -> bool:
        """A decision is under way (the scene keeps drawing frames meanwhile)."""
        return self.future is not None and not self.future.done()

    def answered(self) -> bool:
        return self.future is not None and self.future.done()

    def play_answer(self, controller: AsksBots, wait: float = 0.0) -> bool:
        """Play the bot's answer once it is there (waiting up to `wait` seconds for it).
        True if it was played; False while the bot still thinks, or when the answer was
        about a position the game has left (it is dropped). A bot that fails raises here,
        in the main thread, as a decision made in the frame would."""
        if self.future is None or self.turn is None:
            return False
        if not self.future.done():
            if wait <= 0:
                return False
            try:
                self.future.result(timeout=wait)
            except TimeoutError:
                return False
        turn, future = self.turn, self.future
        self.turn = self.future = None
        return controller.play_bot_choice(turn, future.result())

    def advance(self, controller: AsksBots) -> bool:
        """One automatic step that never makes the frame wait for a bot: chance (and
        anything else without a bot question) through `controller.step()`; a bot's decision
        starts in the worker and its answer is played once it is there. True when something
        was played."""
        return self._advance(controller, controller.bot_turn, controller.step)

    def advance_aside(self, controller: AsksBots, next_turn: Callable[[], Any]) -> bool:
        """As `advance`, for questions the bots think about beside the humans (`next_turn()`
        gives the next, None when none is left), which are no step of the game: nothing else
        is played. True when an answer was taken."""
        return self._advance(controller, next_turn, lambda: False)

    def _advance(self, controller: AsksBots, next_turn: Callable[[], Any],
                 otherwise: Callable[[], bool]) -> bool:
        if not self.thinking_about(controller):
            # a new question only when the game moved on: building one copies what the
            # seat sees, which every frame of a long search would repeat for nothing
            turn = next_turn()
            if turn is None:
                self.forget()
                return otherwise()
            self.start(turn)
        return self.play_answer(controller, self.frame_wait_seconds)

    def forget(self) -> None:
        """Drop the question (a new game, a restart): its answer, if it comes, is ignored. A
        decision already running finishes in the worker and is thrown away."""
        if self.future is not None:
            self.future.cancel()
        self.turn = self.future = None
