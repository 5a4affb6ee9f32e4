"""STYLE.md §8.1: the rules cores and the data gate never import pygame."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import game

ROOT = Path(__file__).resolve().parent.parent
PURE_PACKAGES = ("game.core", "game.data", "game.robotmaster", "game.roborally", "game.volt",
                 "game.controllers", "game.ai", "game.sound")


def pure_modules() -> list[str]:
    names = ["game.i18n", "game.paths"]
    for info in pkgutil.walk_packages(game.__path__, "game."):
        if info.name.startswith(PURE_PACKAGES):
            names.append(info.name)
    return names


def test_pure_packages_exist() -> None:
    assert {"game.core.match", "game.data.reader", "game.data.yamlio"} <= set(pure_modules())


def test_rules_and_data_never_import_pygame() -> None:
    code = ("import importlib, sys\n"
            f"for name in {pure_modules()!r}: importlib.import_module(name)\n"
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui'))\n"
            "assert not bad, bad\n")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_no_global_random_calls_in_game_code() -> None:
    """Randomness goes through a seeded rng object (STYLE.md §8.4)."""
    offenders = []
    for path in (ROOT / "game").rglob("*.py"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            stripped = line.strip()
            if any(stripped.find(f"random.{f}(") >= 0 and f"rng.{f}(" not in stripped
                   and "Random(" not in stripped
                   for f in ("shuffle", "choice", "randint", "random", "uniform", "sample")):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {stripped}")
    assert offenders == []
