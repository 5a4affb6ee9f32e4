"""Positions of a replay kept along the way, so the viewer can step back and seek without
playing the whole log again from the start.

The replay viewers (game/scenes/replay.py) rebuild the position after `index` actions by
replaying the log; near the end of a long game that took most of a second per step back.
A `SnapshotStore` keeps a copy of the position every `spacing` actions; a seek starts from
the nearest copy at or before its target and replays only the rest. What a copy holds is
the scene's business (its controller's snapshot plus the scene's own narration state).

Memory stays bounded: when more than `limit` copies would be kept, every other one is
dropped and the spacing doubles, so a game of any length keeps at most `limit` copies."""

from __future__ import annotations

from typing import Generic, TypeVar

T = TypeVar("T")

SNAPSHOT_SPACING = 50
SNAPSHOT_LIMIT = 40


class SnapshotStore(Generic[T]):
    def __init__(self, spacing: int = SNAPSHOT_SPACING, limit: int = SNAPSHOT_LIMIT) -> None:
        self.spacing = max(1, spacing)
        self.limit = max(1, limit)
        self._kept: dict[int, T] = {}

    def due(self, index: int) -> bool:
        """Whether the position after `index` actions should be kept (and is not yet)."""
        return index > 0 and index % self.spacing == 0 and index not in self._kept

    def keep(self, index: int, snapshot: T) -> None:
        self._kept[index] = snapshot
        while len(self._kept) > self.limit:
            self.spacing *= 2
            self._kept = {at: s for at, s in self._kept.items() if at % self.spacing == 0}

    def nearest(self, index: int) -> tuple[int, T] | None:
        """The kept position with the most actions at or before `index`, or None."""
        best = max((at for at in self._kept if at <= index), default=None)
        return None if best is None else (best, self._kept[best])

    def count(self) -> int:
        return len(self._kept)

    def clear(self) -> None:
        self._kept.clear()
