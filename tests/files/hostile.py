"""Making hostile files in a test (FIFOs, links to endless devices) and calling code on them
with a time limit, so a regression that blocks on a FIFO fails the test instead of hanging
the suite."""

from __future__ import annotations

import errno
import os
import threading
from pathlib import Path
from typing import Any, Callable

import pytest

TIME_LIMIT_SECONDS = 20.0
ENDLESS_DEVICES = ("/dev/zero", "/dev/urandom")


def needs_fifo() -> Any:
    return pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")


def make_fifo(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def make_device_link(path: Path, device: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(device, path)
    return path


def release_fifos(*fifos: Path) -> None:
    """Open each FIFO for writing once, so a reader a regression left blocked in open() or
    read() wakes up (and then sees the end of the file)."""
    for fifo in fifos:
        try:
            fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError as exc:
            if exc.errno not in (errno.ENXIO, errno.ENOENT):
                raise
            continue
        os.close(fd)


def within_time_limit(call: Callable[[], Any], *fifos: Path,
                      seconds: float = TIME_LIMIT_SECONDS) -> Any:
    """`call()`'s result, or a test failure when it has not returned after `seconds`."""
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = call()
        except BaseException as exc:  # noqa: BLE001 - handed to the test thread below
            outcome["error"] = exc

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        release_fifos(*fifos)
        worker.join(5.0)
        pytest.fail(f"still running after {seconds:.0f} s: blocked on a FIFO or reading "
                    "without end")
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")
