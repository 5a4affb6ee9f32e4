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


def test_frames_while_a_bot_thinks_neither_ask_again_nor_reseed_its_generator(monkeypatch) -> None:
    """Each frame used to build the question anew (a copy of the table) and reseed the bot's
    generator, in the frame, while the worker was drawing from it: the same seed then gave
    moves that depended on the frame rate (issue 19's resume-exact streams)."""
    monkeypatch.setattr(BotThinker, "frame_wait_seconds", 0.0)     # as in the app
    controller = _roborally(["normal", "normal"])
    bot = controller.bots[0]
    asked = []
    real_bot_turn = controller.bot_turn
    monkeypatch.setattr(controller, "bot_turn", lambda: asked.append(1) or real_bot_turn())
    halfway, go = threading.Event(), threading.Event()
    drawn = []
    choose = bot.choose

    def drawing_choose(*args: object) -> object:
        drawn.append(bot.rng.random())
        halfway.set()
        assert go.wait(30), "the test never let the bot answer"
        drawn.append(bot.rng.random())   # a reseed in between would repeat the first draw
        return choose(*args)

    monkeypatch.setattr(bot, "choose", drawing_choose)
    thinker = BotThinker()
    thinker.advance(controller)
    assert halfway.wait(30)
    for _ in range(5):                 # frames while the bot thinks
        assert thinker.advance(controller) is False
    go.set()
    assert thinker.play_answer(controller, wait=30.0)
    assert len(asked) == 1, "one question for one decision"
    assert drawn[0] != drawn[1]


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
