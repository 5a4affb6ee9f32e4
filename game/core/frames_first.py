"""Frames go first: bots search in a worker thread while the main thread draws, and both
run Python, so they take turns on the interpreter's lock. A frame is short and must not
wait, so while one is drawn (`frame_drawing()`, the main loop) a bot search that reaches
`let_frames_go_first()` waits until the frame is done; between frames it runs at full
speed. Bots call it often (every millisecond or so of work) at points where waiting is
harmless. Pure: no pygame, no files."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

_no_frame = threading.Event()
_no_frame.set()


def let_frames_go_first() -> None:
    """Wait while the main thread draws a frame (returns at once otherwise)."""
    _no_frame.wait()


@contextmanager
def frame_drawing() -> Iterator[None]:
    """Hold bot searches at their next `let_frames_go_first()` while the frame is drawn."""
    _no_frame.clear()
    try:
        yield
    finally:
        _no_frame.set()
