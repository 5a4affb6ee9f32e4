"""The contract between a game's table and its presenter.

A presenter turns the events the rules produced into animation steps and log lines. It keeps
the display copy of the game (what the screen shows now), which only ever takes facts from
events, never from the rules. The live table and the replay viewer use the same presenter;
only where the events come from differs."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any, Protocol, Sequence, TypeVar

if TYPE_CHECKING:
    from game.scenes.table.tween import Step

Narration = tuple[str, dict[str, Any]]
"""A log line: a message id and the values to format it with once translated."""

StepT = TypeVar("StepT", bound="Step")
"""The kind of step a presenter makes (a game may add to Step): it finishes the steps it
started, so the player hands them back as they came."""

LOG_LENGTH = 40
"""How many log lines a table keeps (its panel shows the newest that fit)."""


class EventSource(Protocol):
    """Where events wait to be shown (a game controller): oldest first."""

    @property
    def pending(self) -> deque[Any]: ...

    def next_event(self) -> Any | None: ...


class Presenter(Protocol[StepT]):
    """Events in, animation steps and narration out."""

    @property
    def log(self) -> Sequence[object]:
        """The narration so far, oldest first, as the game's own lines (Narration, or
        RoboRally's LogLine); read only, nothing outside the presenter replaces it."""
        ...

    def start(self, event: Any, upcoming: deque[Any]) -> StepT:
        """Begin showing `event`: facts that change at once go into the display copy now,
        its log line into `log`. `upcoming` holds the events after it; a presenter may take
        the ones it shows together with this one."""
        ...

    def finish(self, step: StepT) -> None:
        """Facts that change when `step` ends (a robot arrives where it slid to)."""
        ...


def keep_newest(log: list[Narration], line: Narration) -> None:
    """Append `line` to a table's log, dropping the oldest beyond LOG_LENGTH."""
    log.append(line)
    del log[:-LOG_LENGTH]
