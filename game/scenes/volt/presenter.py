"""VOLT's presenter: the display copy of the game (`Shown`), the list of coming activations,
and how each event becomes an animation step and a log line. Live play and the replay viewer
share it."""

from __future__ import annotations

import copy
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable

from game.controllers.volt import VoltController
from game.core.types import PlayerId, Pos
from game.i18n import N_
from game.scenes.table.presenter import Narration, keep_newest
from game.scenes.table.tween import Step
from game.scenes.volt.narration import narration
from game.volt import events as ev


@dataclass
class Shown:
    """The display copy of the game, advanced by animated events (never by rules)."""

    pos: list[Pos | None]
    damage: list[int]
    vp: list[int]
    numbers: list[int | None]
    markers: list[int]
    locked: list[bool]
    round: int = 0
    phase: str = "deal"
    winner: PlayerId | None = None
    order: tuple[int, ...] = ()

    @classmethod
    def of(cls, ctrl: VoltController) -> Shown:
        state = ctrl.state
        return cls([r.at for r in state.robots], [r.damage for r in state.robots],
                   [r.vp for r in state.robots], list(state.start_numbers), list(state.markers),
                   list(state.locked), state.round, state.phase, state.winner)


@dataclass
class Activation:
    player: PlayerId
    cross: int
    colour: str
    value: int
    direction: str
    status: str = "coming"  # coming, now, done, skipped


@dataclass(frozen=True)
class PresentedPosition:
    """What a presenter shows between two actions, kept for the replay viewer's seeks."""

    shown: Shown
    activations: list[Activation]
    log: tuple[Narration, ...]
    caption: Narration | None


class VoltPresenter:
    """VOLT's events in, animation steps and log lines out (game/scenes/table/presenter.py).

    Keeps what the table shows: the display copy `shown`, the list of this round's
    `activations`, the `log` and its newest line, the `caption`."""

    def __init__(self, shown: Shown, name: Callable[[PlayerId], str], players: int) -> None:
        self.shown = shown
        self.name = name
        self.players = players
        self.activations: list[Activation] = []
        self.log: list[Narration] = []
        self.caption: Narration | None = None
        self.log_version = 0
        """Counts changes to the log, so the table words it again only then."""

    def restart(self, shown: Shown) -> None:
        """Show a game from its start: nothing said yet, no activations."""
        self.shown = shown
        self.activations = []
        self.log = []
        self.caption = None
        self.log_version += 1

    def keep(self) -> PresentedPosition:
        """A copy of what is shown now (between two actions)."""
        return PresentedPosition(copy.deepcopy(self.shown), copy.deepcopy(self.activations),
                                 tuple(self.log), self.caption)

    def go_to(self, position: PresentedPosition) -> None:
        """Show a kept position again; it is copied, so it stays usable."""
        self.shown = copy.deepcopy(position.shown)
        self.activations = copy.deepcopy(position.activations)
        self.log = list(position.log)
        self.caption = position.caption
        self.log_version += 1

    def say(self, line: Narration) -> None:
        """A line for the log, shown as the caption too."""
        self.caption = line
        self.note(line)

    def note(self, line: Narration) -> None:
        """A line for the log only (not an event's: an autosave's warning)."""
        keep_newest(self.log, line)
        self.log_version += 1

    def start(self, event: Any, upcoming: deque[Any]) -> Step:
        """Begin showing `event`: facts that change at once go into `shown` now."""
        line = narration(event, self.name)
        if line is not None:
            self.say(line)
        s = self.shown
        match event:
            case ev.RoundStarted(number):
                s.round = number
                self.activations = []
                return Step(event, 0.8, banner=(N_("Round {n}"), {"n": number}))
            case ev.PhaseStarted(phase):
                s.phase = phase
                if phase == "program":
                    s.locked = [False] * self.players
                    return Step(event, 0.0)
                if phase == "activate":
                    return Step(event, 0.6, banner=(N_("Activation"), {}))
                if phase == "trigger":
                    self.mark_activation(-1, -1, "now")
                    return Step(event, 0.4)
                return Step(event, 0.0)
            case ev.MarkerPlaced(number, _at, on_field):
                s.markers[number - 1] = on_field
                return Step(event, 0.5)
            case ev.DamageCleared(p):
                s.damage[p] = 0
                return Step(event, 0.25)
            case ev.RobotRestarted(p, at):
                s.pos[p] = Pos(*at)
                return Step(event, 0.45)
            case ev.RobotWaiting():
                return Step(event, 0.8)
            case ev.StartNumbersReturned():
                s.numbers = [None] * self.players
                return Step(event, 0.3)
            case ev.StartNumbersDealt(numbers):
                s.numbers = list(numbers)
                return Step(event, 0.4)
            case ev.LockedIn(p):
                s.locked[p] = True
                return Step(event, 0.0)
            case ev.ChoosingOrderSet(order):
                s.order = tuple(order)
                return Step(event, 0.0)
            case ev.StartNumberTaken(p, number):
                s.numbers[p] = number
                return Step(event, 0.35)
            case ev.ProgramsRevealed(programs):
                self.activations = []
                for e in list(upcoming):
                    if isinstance(e, (ev.RoundStarted, ev.ProgramsRevealed)):
                        break
                    if isinstance(e, (ev.DieActivated, ev.DieSkipped)):
                        die = programs[e.player][e.cross] or {}
                        self.activations.append(Activation(
                            e.player, e.cross, str(die.get("die", "blue")),
                            int(str(die.get("value", 0))), str(die.get("dir", "N"))))
                return Step(event, 0.7, banner=(N_("Screens down!"), {}))
            case ev.DieActivated(p, cross):
                self.mark_activation(p, cross, "now")
                return Step(event, 0.45)
            case ev.DieSkipped(p, cross):
                self.mark_activation(p, cross, "skipped")
                return Step(event, 0.3)
            case ev.RobotMoved(p, _src, _dst, step, pushed_by):
                mover = p if pushed_by is None else pushed_by
                group = [event]
                while upcoming and isinstance(upcoming[0], ev.RobotMoved):
                    nxt = upcoming[0]
                    if nxt.step != step or (nxt.pushed_by or nxt.player) != mover:
                        break
                    group.append(upcoming.popleft())
                return Step(event, 0.26, group=group)
            case ev.MoveBlocked():
                return Step(event, 0.35)
            case ev.RobotFell():
                return Step(event, 0.6)
            case ev.LaserFired():
                return Step(event, 0.75)
            case ev.RobotDamaged(p, damage, _by):
                s.damage[p] = damage
                return Step(event, 0.35)
            case ev.RobotDestroyed(p, _at, cause, _by):
                s.pos[p] = None
                return Step(event, 0.7 if cause == "laser" else 0.1)
            case ev.MarkersCollected(_p, number):
                s.markers[number - 1] = 0
                return Step(event, 0.6)
            case ev.VPScored(p, _amount, total):
                s.vp[p] = total
                return Step(event, 0.6)
            case ev.GameWon(p, _vp):
                s.winner = p
                s.phase = "over"
                return Step(event, 1.0, banner=(N_("{name} wins!"), {"name": self.name(p)}))
        return Step(event, 0.0)

    def mark_activation(self, p: PlayerId, cross: int, status: str) -> None:
        for entry in self.activations:
            if entry.status == "now":
                entry.status = "done"
        for entry in self.activations:
            if entry.player == p and entry.cross == cross and entry.status == "coming":
                entry.status = status
                return

    def finish(self, step: Step) -> None:
        """Facts that change at the end of an animation (positions after a slide)."""
        s = self.shown
        match step.event:
            case ev.RobotMoved():
                for e in step.group:
                    s.pos[e.player] = Pos(*e.dst)
            case ev.RobotFell(p, _at):
                s.pos[p] = None
            case ev.GameWon():
                for entry in self.activations:
                    if entry.status == "now":
                        entry.status = "done"
