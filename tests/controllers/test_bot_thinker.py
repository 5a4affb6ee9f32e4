"""Every game's bots think in the one worker thread: the caller never waits for a decision,
an answer about a position the game has left never lands, and quitting in the middle of a
decision is instant."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

from game.controllers.roborally import RoboRallyController, Seat
from game.controllers.thinking import BotThinker
from game.core.types import SIMULTANEOUS
from game.data.files import load_any

ROOT = Path(__file__).resolve().parents[2]


def _roborally(levels: list[str]) -> RoboRallyController:
    _fmt, course = load_any(ROOT / "boards" / "roborally" / "sunday-drive.yaml")
    seats = [Seat(f"Bot {i}", "red", level) for i, level in enumerate(levels)]
    controller = RoboRallyController(course.board, seats, 4)
    while controller.state.current_player != SIMULTANEOUS:
        controller.step()              # the deal
    return controller


def test_advance_never_waits_and_plays_the_answer_once_it_is_there(monkeypatch) -> None:
    monkeypatch.setattr(BotThinker, "frame_wait_seconds", 0.0)     # as in the app
    controller = _roborally(["strong", "normal"])
    bot = controller.bots[0]
    go = threading.Event()
    program = bot.program

    def slow_program(table: object, me: int) -> object:
        assert go.wait(30), "the test never let the bot answer"
        return program(table, me)

    monkeypatch.setattr(bot, "program", slow_program)
    thinker = BotThinker()
    started = time.perf_counter()
    assert thinker.advance(controller) is False, "nothing to play while it thinks"
    assert thinker.advance(controller) is False
    assert thinker.thinking()
    assert time.perf_counter() - started < 0.5
    assert controller.programming_left() == [0, 1]
    go.set()
    assert thinker.play_answer(controller, wait=30.0)
    assert controller.programming_left() == [1], "the strong bot locked in its program"


def test_an_answer_about_a_position_the_game_has_left_never_lands() -> None:
    controller = _roborally(["normal", "normal"])
    turn = controller.bot_turn()
    assert turn is not None
    answer = turn.think()
    controller.step()                  # the game moved on meanwhile (seat 0 programmed)
    log = list(controller.match.log)
    assert controller.play_bot_choice(turn, answer) is False
    assert controller.match.log == log


def test_quitting_in_the_middle_of_a_decision_does_not_wait_for_it() -> None:
    script = textwrap.dedent("""
        import time
        from game.controllers.thinking import BotThinker

        class Endless:
            def think(self):
                time.sleep(60)

        BotThinker().start(Endless())
        time.sleep(0.2)                 # the decision is under way; now the app quits
    """)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", script], cwd=ROOT, check=True, timeout=30)
    assert time.perf_counter() - started < 10
