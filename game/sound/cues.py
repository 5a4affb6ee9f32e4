"""Which sound cue (game/sound/bank.py) each game event plays, and how the cues of one
animation step are mixed. Pure: no pygame, so the choices can be tested without a sound card.

A step that shows eight lasers at once plays the laser cue once, a little louder than one
laser (the gain grows with the cube root of the count, never beyond full), and a step plays at
most VOICES_PER_STEP different cues, the most telling first (a robot destroyed before a belt),
turned down together when they would add up to more than STEP_HEADROOM.
With animations off ("instant"), only the cues that tell an outcome play."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Iterable

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

STEP_HEADROOM = 1.6
"""The most the gains of one step may add up to: with cues peaking at half of full scale
(bank.PEAK), the cues of a step that start together do not clip."""


@dataclass(frozen=True, slots=True)
class CuePlay:
    cue: str
    gain: float


def _rr_moved(e: Any) -> str:
    return {"express_conveyor": "belt", "conveyor": "belt", "push": "bump",
            "pusher": "bump"}.get(e.cause, "move")


def _rr_turned(e: Any) -> str:
    return {"conveyor": "belt", "gear": "gear"}.get(e.cause, "move")


def _rr_destroyed(e: Any) -> str | None:
    return None if e.cause in ("pit", "edge") else "destroyed"   # the fall was heard already


def _rr_ended(e: Any) -> str | None:
    return "win" if e.winner else None


def _vt_moved(e: Any) -> str:
    return "move" if e.pushed_by is None else "bump"


def _vt_destroyed(e: Any) -> str | None:
    return "destroyed" if e.cause == "laser" else None      # a pit: the fall was heard


def _rm_ended(e: Any) -> str:
    return "win" if e.winner in ("rows", "columns") else "score"   # a tie, or solo


Rule = str | Callable[[Any], str | None]

EVENT_CUES: dict[str, dict[str, Rule]] = {
    "game.roborally.events": {
        "CardsDealt": "card", "RegisterStarted": "register", "CardRevealed": "reveal",
        "RobotMoved": _rr_moved, "RobotTurned": _rr_turned, "RobotTeleported": "reveal",
        "MoveBlocked": "bump", "RobotFell": "fall", "RobotDestroyed": _rr_destroyed,
        "LaserFired": "laser", "RobotDamaged": "damage", "FlagTouched": "flag",
        "RobotRepaired": "repair", "RobotReentered": "repair", "OptionDrawn": "card",
        "RobotFinished": "score", "GameEnded": _rr_ended},
    "game.volt.events": {
        "RoundStarted": "register", "StartNumbersDealt": "card", "StartNumberTaken": "card",
        "MarkerPlaced": "card", "CrossProgrammed": "dice", "ProgramsRevealed": "reveal",
        "DieActivated": "register", "RobotMoved": _vt_moved, "MoveBlocked": "bump",
        "RobotFell": "fall", "LaserFired": "laser", "RobotDamaged": "volt_hit",
        "RobotDestroyed": _vt_destroyed, "RobotRestarted": "repair",
        "MarkersCollected": "score", "VPScored": "score", "GameWon": "win"},
    "game.robotmaster.events": {
        "CardDealt": "card", "CardDrawn": "card", "StartCardTurned": "card",
        "CardRevealed": "reveal", "CardPlaced": "card", "GameEnded": _rm_ended},
}
"""Per events module, per event class name: its cue, or a rule that picks one (None: silent).
Keyed by name so that loading the sound does not load the three rules engines."""


def cue_for(event: object) -> str | None:
    """The cue `event` plays, or None for an event that is silent."""
    kind = type(event)
    rule = EVENT_CUES.get(kind.__module__, {}).get(kind.__name__)
    if rule is None or isinstance(rule, str):
        return rule
    return rule(event)


def mix_step(cues: Iterable[str], *, animated: bool = True) -> list[CuePlay]:
    """What one animation step plays for `cues` (repeats allowed): each cue once, the most
    telling first, at most VOICES_PER_STEP of them; with `animated` False only headlines."""
    counts = Counter(c for c in cues if animated or c in HEADLINES)
    chosen = sorted(counts, key=PRIORITY.index)[:VOICES_PER_STEP]
    gains = [min(1.0, LEVELS[c] * counts[c] ** (1 / 3)) for c in chosen]
    squeeze = min(1.0, STEP_HEADROOM / sum(gains)) if gains else 1.0
    return [CuePlay(c, g * squeeze) for c, g in zip(chosen, gains)]


def plan(events: Iterable[object], *, animated: bool = True) -> list[CuePlay]:
    """What one animation step that shows `events` plays (see mix_step)."""
    return mix_step((c for e in events if (c := cue_for(e)) is not None), animated=animated)
