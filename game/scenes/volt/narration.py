"""VOLT in words: the log line for each event and the exported replay log's line for each
action. The live table, the replay viewer and the exported log share them."""

from __future__ import annotations

from typing import Any, Callable

from game.core.types import PlayerId
from game.i18n import N_, _
from game.scenes.volt.texts import ROMAN
from game.volt import events as ev
from game.volt.actions import (Action, ClearCross, DealStartNumbers, DrawMarker, LockIn,
                               OrderTiedOperators, PlaceDie, PlaceRobot, TakeStartNumber)


MARKER_LANDS = N_("A VP marker lands on field {number}.")
MARKERS_COLLECTED = N_("{name} collects the markers on field {number}.")
FIELD_LINES = frozenset({MARKER_LANDS, MARKERS_COLLECTED})
"""The log lines whose {number} names a victory-point field (the others' numbers do not)."""


def narration(event: Any, name: Callable[[PlayerId], str]) -> tuple[str, dict[str, Any]] | None:
    """The line the game's log shows for `event` (a msgid and its values), or None for
    events that pass without a word. The scene's log and the exported replay log share it."""
    match event:
        case ev.MarkerPlaced(number):
            return MARKER_LANDS, {"number": number}
        case ev.RobotRestarted(p):
            return N_("{name}'s robot enters the arena."), {"name": name(p)}
        case ev.RobotWaiting(p):
            return N_("{name}'s robot waits outside: no free start field."), {"name": name(p)}
        case ev.StartNumberTaken(p, number):
            return N_("{name} takes start number {number}."), {"name": name(p), "number": number}
        case ev.ProgramsRevealed():
            return N_("Screens down! Every program is revealed."), {}
        case ev.DieActivated(p, cross, colour, value):
            if colour == "blue":
                return N_("{name}, cross {cross}: moves {value}."), {
                    "name": name(p), "cross": ROMAN[cross], "value": value}
            return N_("{name}, cross {cross}: fires."), {"name": name(p), "cross": ROMAN[cross]}
        case ev.DieSkipped(p, cross):
            return N_("{name}'s die on cross {cross} is skipped: the robot is out."), {
                "name": name(p), "cross": ROMAN[cross]}
        case ev.MoveBlocked(_p, _step, blocked):
            return N_("{name} runs into a wall: the move ends."), {"name": name(blocked)}
        case ev.RobotFell(p):
            return N_("{name} falls into a pit!"), {"name": name(p)}
        case ev.LaserFired(p, _src, _direction, _path, hit):
            if hit is None:
                return N_("{name}'s laser hits a wall."), {"name": name(p)}
            return N_("{name}'s laser hits {target}."), {"name": name(p), "target": name(hit)}
        case ev.RobotDestroyed(p):
            return N_("{name}'s robot is destroyed."), {"name": name(p)}
        case ev.MarkersCollected(p, number):
            return MARKERS_COLLECTED, {"name": name(p), "number": number}
        case ev.VPScored(p, _amount, total):
            return N_("{name} scores: {total} VP."), {"name": name(p), "total": total}
        case ev.GameWon(p):
            return N_("{name} wins!"), {"name": name(p)}
    return None


ARROWS = {"N": "↑", "NE": "↗", "E": "→", "SE": "↘", "S": "↓", "SW": "↙", "W": "←", "NW": "↖"}
"""Arena directions in the exported log (north is up on the map)."""


def describe_action(action: Action, name: Callable[[PlayerId], str]) -> str:
    """One logged action in words, for the exported replay log (every program shown)."""
    match action:
        case DealStartNumbers(numbers):
            return _("Start numbers are dealt: {list}.").format(list=", ".join(
                f"{name(p)} {n}" for p, n in enumerate(numbers)))
        case DrawMarker(number):
            return _("VP marker {number} is drawn.").format(number=number)
        case PlaceRobot(p, at):
            return _("{name} places the robot on the start field in column {column}, row "
                     "{row}.").format(name=name(p), column=at[0] + 1, row=at[1] + 1)
        case PlaceDie(p, cross, colour, value, direction) if colour == "blue":
            return _("{name} puts a blue {value} on cross {cross}: move {arrow}.").format(
                name=name(p), value=value, cross=ROMAN[cross], arrow=ARROWS.get(direction, "?"))
        case PlaceDie(p, cross, _colour, value, direction):
            return _("{name} puts a red {value} on cross {cross}: fire {arrow}.").format(
                name=name(p), value=value, cross=ROMAN[cross], arrow=ARROWS.get(direction, "?"))
        case ClearCross(p, cross):
            return _("{name} takes the die off cross {cross}.").format(name=name(p),
                                                                        cross=ROMAN[cross])
        case LockIn(p, time_ms):
            return _("{name} locks in after {seconds} s.").format(
                name=name(p), seconds=f"{time_ms / 1000:.1f}")
        case OrderTiedOperators(order):
            return _("Equal programming times: the order of choosing is drawn ({names}).").format(
                names=", ".join(name(p) for p in order))
        case TakeStartNumber(p, number):
            return _("{name} takes start number {number}.").format(name=name(p), number=number)
    return repr(action)
