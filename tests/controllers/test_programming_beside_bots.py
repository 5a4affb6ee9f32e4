"""RoboRally's programming is simultaneous (RR-5): a human sees their hand and programs while
the bots think, and the bots program the same whatever the humans do meanwhile, as fast or
as slowly as they click."""

from __future__ import annotations

import threading
from pathlib import Path

from game.controllers import roborally as roborally_controller
from game.controllers.roborally import RoboRallyController, Seat
from game.controllers.thinking import BotThinker
from game.core.types import SIMULTANEOUS
from game.data.files import load_any
from game.roborally.actions import LockIn, PlaceCard
from game.roborally.model import REGISTERS
from game.roborally.playout import give_option
from game.roborally_bots.decisions import decide
from game.roborally_bots.strong import public_table

ROOT = Path(__file__).resolve().parents[2]


def _new_game(seed: int, option_cards: bool = False) -> RoboRallyController:
    """Anna (a human) against two strong bots on Sunday Drive, before the deal."""
    _fmt, course = load_any(ROOT / "boards" / "roborally" / "sunday-drive.yaml")
    seats = [Seat("Anna", "red"), Seat("Ben", "blue", "strong"), Seat("Clara", "green", "strong")]
    return RoboRallyController(course.board, seats, seed, option_cards=option_cards)


def _game(seed: int = 11, human_option: str = "") -> RoboRallyController:
    """`_new_game` with Anna holding `human_option`, dealt and programming."""
    controller = _new_game(seed, bool(human_option))
    if human_option:
        give_option(controller.state, 0, human_option)
    while controller.state.current_player != SIMULTANEOUS:
        controller.step()              # the deal
    return controller


def _human_programs(controller: RoboRallyController, power_down: bool = False) -> None:
    for register in range(1, REGISTERS + 1):
        controller.place(0, register, controller.hand(0)[0])
    assert controller.lock_in(0, power_down)


def _bots_programs(controller: RoboRallyController) -> list[object]:
    """The bots' cards and lock-ins, as the game's log holds them."""
    return [action for action in controller.match.log
            if isinstance(action, (PlaceCard, LockIn)) and action.robot in controller.bots]


def test_the_human_programs_before_any_bot_has_locked_in() -> None:
    controller = _game()
    decision = controller.decision()
    assert decision is not None and decision.kind == "program" and decision.player == 0
    assert controller.programming_left() == [0, 1, 2], "both bots still to program"
    _human_programs(controller)
    assert controller.decision() is None and controller.programming_left() == [1, 2]
    controller.run_automatic()
    assert controller.state.engine.turn == 2 or controller.is_over(), "the turn was played"


def test_the_bots_program_alike_whether_the_human_programs_first_or_last() -> None:
    """A bot's decision stream stands where it would had every bot gone first, and it sees
    none of the human's cards, so a seed gives the same bot programs at any pace."""
    for seed in (11, 12, 13):
        first, last = _game(seed), _game(seed)
        _human_programs(first)
        while first.programming_left():
            assert first.step()
        while last.programming_left() != [0]:
            assert last.step()
        _human_programs(last)
        assert len(_bots_programs(first)) == 2 * (REGISTERS + 1)
        assert _bots_programs(first) == _bots_programs(last), f"seed {seed}"


def _recompile(controller: RoboRallyController) -> None:
    """The human gives the hand back; the new cards come, and the human keeps the option
    card rather than discard it against the damage (CB-5.4)."""
    assert controller.recompile(0)
    while controller.decision() is None or controller.decision().kind != "program":
        if not controller.step():
            assert controller.answer(0, "discard", "none")


def test_a_humans_recompile_beside_the_bots_leaves_their_programs_alike() -> None:
    """CB-6.2: a Recompile's new cards are chance draws in the log; they are the human's
    actions, so they do not move the bots' decision streams either."""
    first, last = _game(11, "recompile"), _game(11, "recompile")
    _recompile(first)
    first.run_automatic()              # both bots
    assert first.programming_left() == [0]
    while last.programming_left() != [0]:
        assert last.step()
    _recompile(last)
    assert len(_bots_programs(first)) == 2 * (REGISTERS + 1)
    assert _bots_programs(first) == _bots_programs(last)


def test_a_bot_keeps_thinking_while_the_human_places_cards(monkeypatch) -> None:
    """Each card the human places is a move of the game; the bot's question is about its own
    program, which those cards do not change, so its answer still lands."""
    monkeypatch.setattr(BotThinker, "frame_wait_seconds", 0.0)     # as in the app
    controller = _game()
    go = threading.Event()

    def slow_decide(*args: object) -> object:
        assert go.wait(30), "the test never let the bot answer"
        return decide(*args)

    monkeypatch.setattr(roborally_controller, "decide", slow_decide)
    thinker = BotThinker()
    assert thinker.advance(controller) is False and thinker.thinking()
    question = thinker.turn
    controller.place(0, 1, controller.hand(0)[0])
    controller.place(0, 2, controller.hand(0)[0])
    assert thinker.advance(controller) is False
    assert thinker.turn is question, "not asked again after the human's cards"
    go.set()
    assert thinker.play_answer(controller, wait=30.0)
    assert controller.programming_left() == [0, 2], "Ben locked in beside the human"


def test_a_locked_in_power_down_stays_secret_until_every_program_is_in() -> None:
    """RR-5.5: the announcement is revealed when every program is locked in; a bot asked
    after the human locked in must not read it."""
    controller = _game()
    _human_programs(controller, power_down=True)
    assert controller.state.engine.robots[0].announce
    for bot in (1, 2):
        assert not public_table(controller.state, bot).engine.robots[0].announce


def test_a_game_saved_while_the_human_programs_resumes_with_the_same_bot_programs() -> None:
    """Saved with two of the human's cards placed and no bot locked in yet: the resumed game's
    bots program exactly as the uninterrupted game's do."""
    played = _game(12)
    played.place(0, 1, played.hand(0)[0])
    played.place(0, 2, played.hand(0)[0])
    resumed = _new_game(12)
    resumed.restore(played.saved_actions())      # as a save's actions are played again
    assert resumed.registers(0) == played.registers(0)
    for controller in (played, resumed):
        controller.run_automatic()               # both bots
        for register in range(3, REGISTERS + 1):
            controller.place(0, register, controller.hand(0)[0])
        assert controller.lock_in(0)
    assert len(_bots_programs(played)) == 2 * (REGISTERS + 1)
    assert _bots_programs(resumed) == _bots_programs(played)
