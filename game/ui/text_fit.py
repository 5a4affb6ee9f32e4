"""Reports of text that does not fit: the widget kit tells when it has to cut a text (an
ellipsis, lines below a box, a word wider than its box, a line outside the window) or shrink
it below a readable size. Nothing is reported unless someone listens: the all-scenes test
(tests/ui/test_text_fits.py) listens while it draws every scene in English and German at
the design size and at the smallest window, and fails on any report."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Iterator

READABLE_PX = 9
"""Text shrunk to fit below this many pixels is reported: a label the design drew larger has
been squeezed past reading (text the design itself draws this small, in the smallest window,
was not shrunk and is not reported)."""


@dataclass(frozen=True)
class TextReport:
    problem: str        # "cut", "overflow", "shrunk", "outside"
    text: str
    detail: str

    def __str__(self) -> str:
        return f"{self.problem}: {self.text!r} ({self.detail})"


_listeners: list[Callable[[TextReport], None]] = []


def report(problem: str, text: str, detail: str) -> None:
    for listener in _listeners:
        listener(TextReport(problem, text, detail))


def listening() -> bool:
    """Whether a report would reach anyone (checks that cost time are skipped otherwise)."""
    return bool(_listeners)


@contextmanager
def collected() -> Iterator[list[TextReport]]:
    """Every report made inside the `with` block, in order."""
    found: list[TextReport] = []
    listener = found.append
    _listeners.append(listener)
    try:
        yield found
    finally:
        _listeners.remove(listener)
