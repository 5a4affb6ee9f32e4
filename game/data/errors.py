"""DataError: an authored file is wrong. One Problem per mistake, each with its place."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable


@dataclass(frozen=True, slots=True)
class Problem:
    """One mistake in a file: where it is and what is wrong (and what is allowed)."""

    file: str
    line: int
    column: int
    message: str
    square: tuple[int, int] | None = None
    """The map square (x, y) the mistake is on, when it is one: the workbench marks it."""

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.message}"


class DataError(Exception):
    """A file (or several) could not be loaded. `problems` lists every mistake found."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    @classmethod
    def at(cls, file: str, line: int, column: int, message: str,
           square: tuple[int, int] | None = None) -> DataError:
        return cls([Problem(file, line, column, message, square)])


class ProblemCollector:
    """Gathers the problems of independent parts of a file, so one run reports them all.

        problems = ProblemCollector()
        for record in r.records("elements"):
            with problems.guard():
                read_element(record)
        problems.raise_if_any()
    """

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def guard(self) -> _Guard:
        return _Guard(self)

    def raise_if_any(self) -> None:
        if self.problems:
            raise DataError(self.problems)


class _Guard:
    def __init__(self, collector: ProblemCollector) -> None:
        self.collector = collector

    def __enter__(self) -> None:
        return None

    def __exit__(self, exc_type: object, exc: object, tb: object) -> bool:
        if isinstance(exc, DataError):
            self.collector.problems.extend(exc.problems)
            return True
        return False
