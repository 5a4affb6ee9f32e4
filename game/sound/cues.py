"""Which sound cue (game/sound/bank.py) each game event plays, and how the cues of one
animation step are mixed. Pure: no pygame, so the choices can be tested without a sound card.

A step that shows eight lasers at once plays the laser cue once, a little louder than one
laser (the gain grows with the cube root of the count, never beyond full), and a step plays at
most VOICES_PER_STEP different cues, the most telling first (a robot destroyed before a belt).
With animations off ("instant"), only the cues that tell an outcome play."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from game.roborally import events as rr
from game.robotmaster import events as rm
from game.volt import events as vt

VOICES_PER_STEP = 3

PRIORITY = ("win", "destroyed", "fall", "flag", "volt_hit", "damage", "laser", "score", "bump",
            "repair", "register", "reveal", "dice", "gear", "move", "belt", "card")
"""Most telling first: when a step has more cues than voices, the first ones play."""

HEADLINES = frozenset({"win", "destroyed", "flag"})
"""Cues that still play when animations are off: the outcomes a player must not miss."""

LEVELS = {"card": 0.55, "move": 0.45, "belt": 0.45, "gear": 0.5, "laser": 0.5, "reveal": 0.5,
          "dice": 0.6, "register": 0.5, "bump": 0.7, "damage": 0.7, "volt_hit": 0.7,
          "repair": 0.6, "score": 0.6, "fall": 0.75, "destroyed": 0.85, "flag": 0.8, "win": 0.9}
"""The gain of one occurrence (0..1): frequent cues sit lower than rare, important ones."""


@dataclass(frozen=True, slots=True)
class CuePlay:
    cue: str
    gain: float


def _rr_moved(e: rr.RobotMoved) -> str:
    return {"express_conveyor": "belt", "conveyor": "belt", "push": "bump",
            "pusher": "bump"}.get(e.cause, "move")


def _rr_turned(e: rr.RobotTurned) -> str:
    return {"conveyor": "belt", "gear": "gear"}.get(e.cause, "move")


def _rr_destroyed(e: rr.RobotDestroyed) -> str | None:
    return None if e.cause in ("pit", "edge") else "destroyed"   # the fall was heard already


def _rr_ended(e: rr.GameEnded) -> str | None:
    return "win" if e.winner else None


def _vt_moved(e: vt.RobotMoved) -> str:
    return "move" if e.pushed_by is None else "bump"


def _vt_destroyed(e: vt.RobotDestroyed) -> str | None:
    return "destroyed" if e.cause == "laser" else None      # a pit: the fall was heard


def _rm_ended(e: rm.GameEnded) -> str:
    return "win" if e.winner in ("rows", "columns") else "score"   # a tie, or solo


EVENT_CUES: dict[type, str | Callable[[Any], str | None]] = {
    # RoboRally
    rr.CardsDealt: "card", rr.RegisterStarted: "register", rr.CardRevealed: "reveal",
    rr.RobotMoved: _rr_moved, rr.RobotTurned: _rr_turned, rr.RobotTeleported: "reveal",
    rr.RobotFell: "fall", rr.RobotDestroyed: _rr_destroyed, rr.LaserFired: "laser",
    rr.RobotDamaged: "damage", rr.FlagTouched: "flag", rr.RobotRepaired: "repair",
    rr.RobotReentered: "repair", rr.OptionDrawn: "card", rr.RobotFinished: "score",
    rr.GameEnded: _rr_ended,
    # VOLT
    vt.RoundStarted: "register", vt.StartNumbersDealt: "card", vt.StartNumberTaken: "card",
    vt.MarkerPlaced: "card", vt.CrossProgrammed: "dice", vt.ProgramsRevealed: "reveal",
    vt.DieActivated: "register", vt.RobotMoved: _vt_moved, vt.MoveBlocked: "bump",
    vt.RobotFell: "fall", vt.LaserFired: "laser", vt.RobotDamaged: "volt_hit",
    vt.RobotDestroyed: _vt_destroyed, vt.RobotRestarted: "repair", vt.MarkersCollected: "score",
    vt.VPScored: "score", vt.GameWon: "win",
    # Robot Master
    rm.CardDealt: "card", rm.CardDrawn: "card", rm.StartCardTurned: "card",
    rm.CardRevealed: "reveal", rm.CardPlaced: "card", rm.GameEnded: _rm_ended,
}


def cue_for(event: object) -> str | None:
    """The cue `event` plays, or None for an event that is silent."""
    rule = EVENT_CUES.get(type(event))
    if rule is None or isinstance(rule, str):
        return rule
    return rule(event)


def mix_step(cues: Iterable[str], *, animated: bool = True) -> list[CuePlay]:
    """What one animation step plays for `cues` (repeats allowed): each cue once, the most
    telling first, at most VOICES_PER_STEP of them; with `animated` False only headlines."""
    counts = Counter(c for c in cues if animated or c in HEADLINES)
    chosen = sorted(counts, key=PRIORITY.index)[:VOICES_PER_STEP]
    return [CuePlay(c, min(1.0, LEVELS[c] * counts[c] ** (1 / 3))) for c in chosen]


def plan(events: Iterable[object], *, animated: bool = True) -> list[CuePlay]:
    """What one animation step that shows `events` plays (see mix_step)."""
    return mix_step((c for e in events if (c := cue_for(e)) is not None), animated=animated)
