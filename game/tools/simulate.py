"""`python main.py simulate FILE...`: run scenarios, print results as YAML, compare expect."""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

from game.data.errors import DataError
from game.data.files import FileContext, read_format, registry
from game.data.reader import Reader


def simulate_files(files: list[Path]) -> int:
    """Run every scenario; exit 0 if all expectations held, 1 on a mismatch, 2 if a file is
    invalid or of an unsupported format (the worst outcome wins)."""
    reg = registry()
    worst = 0
    passed = failed = 0
    for path in files:
        try:
            r = Reader.from_file(path)
            fmt = read_format(r, reg.simulators, "simulate")
            outcome = reg.simulators[fmt](r, FileContext.for_file(path))
        except DataError as exc:
            for problem in exc.problems:
                print(problem, file=sys.stderr)
            worst = 2
            failed += 1
            continue
        if len(files) > 1:
            print(f"--- # {path}")
        print(yaml.safe_dump(outcome.state, sort_keys=False, default_flow_style=None,
                             allow_unicode=True).rstrip())
        if outcome.mismatches:
            failed += 1
            worst = max(worst, 1)
            for line in outcome.mismatches:
                print(f"{path}: {line}")
        else:
            passed += 1
    if len(files) > 1:
        print(f"# scenarios: {passed} passed, {failed} failed")
    return worst
