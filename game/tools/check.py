"""`python main.py check FILE-or-FOLDER...`: validate every file, print every problem."""

from __future__ import annotations

import sys
from pathlib import Path

from game.data.errors import DataError, Problem
from game.data.files import FileContext, read_format, registry
from game.data.reader import Reader
from game.i18n import _
from game.saves import SavedGame
from game.scenes.save_checks import board_check, setup_problem
from game.tools.designer_warnings import designer_warnings


def collect_files(paths: list[Path]) -> tuple[list[Path], list[Problem]]:
    files: list[Path] = []
    problems: list[Problem] = []
    for path in paths:
        try:
            folder, present = path.is_dir(), path.exists()
        except OSError as exc:          # a name too long for the system, say
            problems.append(Problem(str(path), 1, 1, _("cannot look it up ({reason})").format(
                reason=exc.strerror or exc)))
            continue
        if folder:
            files += sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml")
                            and p.is_file() and "schema" not in p.parts)
        elif present:
            files.append(path)
        else:
            problems.append(Problem(str(path), 1, 1, _("no such file or folder")))
    return files, problems


def check_file(path: Path, warnings: list[str] | None = None) -> list[Problem]:
    """Every problem in one file (an empty list when it is good). Designer warnings about a
    good file (game.tools.lint) are appended to `warnings` when given."""
    reg = registry()
    try:
        r = Reader.from_file(path)
        fmt = read_format(r, {**reg.checkers, **reg.simulators}, "check")
        ctx = FileContext.for_file(path)
        if fmt in reg.checkers:
            model = reg.checkers[fmt](r, ctx)
            if isinstance(model, SavedGame):   # what the game refuses to resume, check refuses
                board = board_check(model)
                problem = setup_problem(model) or board.gone
                if problem:
                    raise r.error(problem, "setup")
                if board.changed and warnings is not None:   # the game asks, so a warning
                    warnings.append(_warning(str(path), 1, 1, board.changed))
        else:
            model = reg.simulators[fmt](r, ctx)  # a scenario is valid when it runs
    except DataError as exc:
        return exc.problems
    if warnings is not None:
        warnings += [_warning(w.file, w.line, w.column, w.message)
                     for w in designer_warnings(path, model)]
    return []


def _warning(file: str, line: int, column: int, message: str) -> str:
    """A warning as `check` prints it: `FILE:LINE:COLUMN: warning: message`."""
    return f"{file}:{line}:{column}: " + _("warning: {message}").format(message=message)


def check_paths(paths: list[Path]) -> int:
    files, problems = collect_files(paths)
    missing = len(problems)
    bad_files = missing
    warnings: list[str] = []
    for path in files:
        found = check_file(path, warnings)
        if found:
            bad_files += 1
            problems += found
    for warning in warnings:
        print(warning)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(_("{problems} problem(s) in {bad} of {total} file(s)").format(
            problems=len(problems), bad=bad_files, total=len(files) + missing), file=sys.stderr)
        return 2
    print(_("{count} file(s) checked: all good").format(count=len(files)))
    return 0
