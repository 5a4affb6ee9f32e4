"""Which cue a game event plays and how a busy animation step is mixed (no pygame needed)."""

from __future__ import annotations

import importlib
import math

import pytest

from game.core.types import Pos
from game.roborally import events as rr
from game.robotmaster import events as rm
from game.sound import bank, cues
from game.volt import events as vt


def _laser(robot: int) -> rr.LaserFired:
    return rr.LaserFired(f"Robot {robot}", Pos(robot, 0), "E", (Pos(robot + 1, 0),),
                         (f"Robot {robot + 1}",), "robot", "lasers")


def _moved(cause: str) -> rr.RobotMoved:
    return rr.RobotMoved(0, "Anna", Pos(0, 0), Pos(1, 0), cause, "cards")


def test_every_cue_the_games_can_ask_for_exists_in_the_bank() -> None:
    assert set(cues.PRIORITY) == set(bank.CUES) == set(cues.LEVELS)
    assert len(cues.PRIORITY) == len(set(cues.PRIORITY))
    assert cues.HEADLINES <= set(bank.CUES)


def test_every_event_named_in_the_cue_table_is_an_event_of_that_game() -> None:
    missing = [f"{module}.{name}" for module, table in cues.EVENT_CUES.items()
               for name in table if not hasattr(importlib.import_module(module), name)]
    assert missing == []


@pytest.mark.parametrize(("event", "cue"), [
    (_moved("card"), "move"),
    (_moved("conveyor"), "belt"),
    (_moved("express_conveyor"), "belt"),
    (_moved("push"), "bump"),
    (rr.RobotTurned(0, "Anna", "N", "E", "gear", "gears"), "gear"),
    (rr.RegisterStarted(1), "register"),
    (_laser(0), "laser"),
    (rr.RobotDamaged(0, "Anna", 1, 3, "laser", "lasers"), "damage"),
    (rr.RobotFell(0, "Anna", Pos(2, 2), "pit", "cards"), "fall"),
    (rr.RobotDestroyed(0, "Anna", Pos(2, 2), "pit", "cards"), None),   # the fall told it
    (rr.RobotDestroyed(0, "Anna", Pos(2, 2), "crusher", "crushers"), "destroyed"),
    (rr.FlagTouched(0, "Anna", 1, Pos(3, 3), "flags"), "flag"),
    (rr.GameEnded("Anna", ("Anna",), "flags"), "win"),
    (rr.GameEnded(None, (), "flags"), None),
    (vt.CrossProgrammed(0, 1), "dice"),
    (vt.MoveBlocked(0, 1, 0, Pos(1, 1), "N"), "bump"),
    (vt.RobotMoved(1, Pos(0, 0), Pos(0, 1), 1, pushed_by=0), "bump"),
    (vt.RobotDamaged(1, 1, 0), "volt_hit"),
    (vt.GameWon(0, 5), "win"),
    (rm.CardPlaced(0, 3, Pos(0, 0)), "card"),
    (rm.GameEnded((1,), (2,), "rows", 0, 10, None, 0), "win"),
    (rm.GameEnded((1,), (1,), "tie", None, 0, None, 0), "score"),
])
def test_game_events_play_the_cue_a_player_expects(event: object, cue: str | None) -> None:
    assert cues.cue_for(event) == cue


def test_eight_lasers_at_once_are_one_cue_louder_than_one_but_far_from_eight() -> None:
    one = cues.plan([_laser(0)])
    eight = cues.plan([_laser(r) for r in range(8)])
    assert [p.cue for p in one] == [p.cue for p in eight] == ["laser"]
    assert one[0].gain < eight[0].gain <= min(1.0, 2.5 * one[0].gain)
    assert eight[0].gain == pytest.approx(cues.LEVELS["laser"] * math.cbrt(8))


def test_a_crowded_step_keeps_the_most_telling_cues_within_the_voice_limit() -> None:
    step = ([_moved("conveyor")] * 4 + [_moved("card"), _laser(0),
            rr.RobotDestroyed(1, "Ben", Pos(0, 0), "damage", "lasers"),
            rr.RobotDamaged(2, "Clara", 1, 2, "laser", "lasers")])
    played = [p.cue for p in cues.plan(step)]
    assert played == ["destroyed", "damage", "laser"]
    assert len(played) == cues.VOICES_PER_STEP


def test_the_cues_of_a_busy_step_are_turned_down_together_so_they_do_not_clip() -> None:
    step = [_laser(r) for r in range(8)] + [
        rr.RobotDamaged(r, "Ben", 1, 2, "laser", "lasers") for r in range(8)] + [
        rr.RobotDestroyed(r, "Ben", Pos(0, 0), "damage", "lasers") for r in range(3)]
    played = cues.plan(step)
    assert sum(p.gain for p in played) * bank.PEAK <= 0.8 + 1e-9
    one_robot = cues.plan([_laser(0), rr.RobotDamaged(1, "Ben", 1, 2, "laser", "lasers")])
    assert [p.gain for p in one_robot] == [cues.LEVELS["damage"], cues.LEVELS["laser"]]


def test_without_animation_only_the_outcomes_sound() -> None:
    turn = [_moved("card"), _laser(0), rr.FlagTouched(0, "Anna", 1, Pos(3, 3), "flags"),
            rr.GameEnded("Anna", ("Anna",), "flags")]
    assert [p.cue for p in cues.plan(turn, animated=False)] == ["win", "flag"]


def test_silent_events_play_nothing() -> None:
    assert cues.plan([rr.ProgramLocked(0, "Anna"), vt.LockedIn(0), object()]) == []
