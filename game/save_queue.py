"""Autosaves written off the main thread, so the end of a turn does not stutter.

Dumping a long game to YAML and flushing it to disk takes a third of a second on a busy
machine; the game only hands over a snapshot and goes on animating. One worker thread runs
the writes in order. Per file only the newest write matters: one that a newer write of the
same file overtakes before it began is dropped. Each write's outcome goes back to whoever
queued it on the main thread (`deliver_reports`, which the main loop calls every frame),
never by a call from the worker, because scenes are not thread-safe. No pygame here."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

Report = Callable[[Optional[OSError]], None]
"""Called on the main thread when a write ended: None on success, else the error."""


@dataclass
class _Job:
    path: Path
    write: Callable[[], None]
    report: Report | None


class SaveQueue:
    """One daemon worker that runs the queued writes, one file at a time.

    A daemon, so a test (or an app) that never flushes cannot hang at exit; `flush` is how a
    clean quit makes sure the last autosave reached the disk."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: dict[Path, _Job] = {}        # oldest first; one per file
        self._writing: _Job | None = None
        self._done: list[tuple[_Job, OSError | None]] = []
        self._thread: threading.Thread | None = None

    def submit(self, path: Path, write: Callable[[], None], report: Report | None = None) -> None:
        """Queue `write()` (which writes `path`) and return at once; an older write of the
        same file still waiting is dropped, unreported (it would be overwritten anyway)."""
        with self._cond:
            self._pending.pop(path, None)
            self._pending[path] = _Job(path, write, report)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="autosave-writer",
                                                daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every queued write has ended; False if `timeout` seconds passed first."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and self._writing is None,
                                       timeout)

    def deliver(self) -> None:
        """Call the reports of the writes that ended since the last call, oldest first."""
        with self._cond:
            done, self._done = self._done, []
        for job, error in done:
            if job.report is not None:
                job.report(error)

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._pending:
                    self._cond.wait()
                job = self._writing = self._pending.pop(next(iter(self._pending)))
            error: OSError | None = None
            try:
                job.write()
            except OSError as exc:
                error = exc
            except Exception as exc:  # a bug in dumping must reach the player, not kill the writer
                error = OSError(f"{type(exc).__name__}: {exc}")
            with self._cond:
                self._writing = None
                self._done.append((job, error))
                self._cond.notify_all()


WRITER = SaveQueue()
"""The app's one background writer."""


def deliver_reports() -> None:
    """For the main loop, every frame: tell the scenes how their background saves went."""
    WRITER.deliver()


def flush(timeout: float | None) -> bool:
    """Wait (at most `timeout` seconds) until every queued save is on disk, then deliver the
    reports; False if a write was still under way when the time ran out."""
    done = WRITER.flush(timeout)
    WRITER.deliver()
    return done
