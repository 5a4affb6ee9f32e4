"""Animation steps: one event shown over some time, the easing curves they use, and the player
that shows a presenter's events one after another.

The model is already in its final state when a step starts (STYLE.md §6.4): a step only
says how far the picture has come from the fact before to the fact after."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Iterable

from game.scenes.table.presenter import EventSource, Narration, Presenter, StepT


def ease(t: float) -> float:
    """Smoothstep: slow start, slow end (slides, growing markers)."""
    return t * t * (3 - 2 * t)


@dataclass
class Step:
    """One event on screen for `duration` seconds; `t` is the time shown so far.

    `group` holds events shown together with it (robots pushed in one go), `banner` a line
    shown large over the board while the step plays."""

    event: Any
    duration: float
    t: float = 0.0
    group: list[Any] = field(default_factory=list)
    banner: Narration | None = None

    @property
    def progress(self) -> float:
        """0 at the start, 1 at the end; a step of no duration is over at once."""
        return 1.0 if self.duration <= 0 else min(1.0, self.t / self.duration)


RUNAWAY_GUARD = 10_000
"""At most this many instant steps in one frame: a presenter that never asks for time can
not hang the frame."""


class StepPlayer(Generic[StepT]):
    """Shows a presenter's steps one at a time, taking events from a source as it goes.

    The same player drives the live table and the replay viewer; only the source differs
    (the live controller, or the controller replaying a save)."""

    def __init__(self, presenter: Presenter[StepT],
                 on_step: Callable[[Iterable[Any]], None] | None = None) -> None:
        self.presenter = presenter
        self.current: StepT | None = None
        self.on_step = on_step
        """Told the events of each step as it starts in play (the sound cues); never for
        steps shown at once by `skip` or `snap`, which stay silent."""

    def busy(self, source: EventSource) -> bool:
        """Something is on screen or still waiting to be shown."""
        return self.current is not None or bool(source.pending)

    def update(self, dt: float, factor: float, source: EventSource) -> bool:
        """Advance the current step by `dt` (times the speed `factor`; 0 shows everything at
        once) and start the next events once it ends. True if anything changed."""
        changed = False
        if self.current is not None:
            self.current.t += dt * factor if factor > 0 else self.current.duration
            changed = True
            if self.current.t >= self.current.duration:
                self.presenter.finish(self.current)
                self.current = None
        guard = 0
        while self.current is None and guard < RUNAWAY_GUARD:
            guard += 1
            event = source.next_event()
            if event is None:
                break
            step = self.presenter.start(event, source.pending)
            if self.on_step is not None:
                self.on_step(step.group or [event])
            changed = True
            if step.duration <= 0 or factor <= 0:
                self.presenter.finish(step)
            else:
                self.current = step
        return changed

    def skip(self, source: EventSource) -> None:
        """End the current step and show every waiting event at once, in order."""
        if self.current is not None:
            self.presenter.finish(self.current)
            self.current = None
        self.snap(source)

    def snap(self, source: EventSource) -> None:
        """Show every waiting event at once; each still sees the events after it (a list of
        coming activations, robots moving together)."""
        while (event := source.next_event()) is not None:
            self.presenter.finish(self.presenter.start(event, source.pending))
