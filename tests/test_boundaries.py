"""STYLE.md §8.1: the rules cores and the data gate never import pygame, and no module imports
one of a layer above its own (docs/architecture.md)."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import game

ROOT = Path(__file__).resolve().parent.parent
PURE_PACKAGES = ("game.core", "game.data", "game.robotmaster", "game.roborally", "game.volt",
                 "game.roborally_bots", "game.controllers", "game.sound", "game.saves",
                 "game.save_queue", "game.save_moments", "game.best_scores")

LAYERS: tuple[tuple[str, ...], ...] = (
    ("game.paths", "game.i18n", "game.core", "game.data", "game.safe_read",
     "game.safe_write"),
    ("game.robotmaster", "game.roborally", "game.volt", "game.sound"),
    ("game.roborally_bots",),
    ("game.controllers", "game.saves", "game.save_queue", "game.save_moments",
     "game.best_scores"),
    ("game.ui", "game.tools", "game.app.scene", "game.app.services", "game.app.settings",
     "game.app.audio", "game.app.desktop"),
    ("game.scenes",),
    ("game.app", "game.cli", "game.tools.screenshot", "game.tools.text_check",
     "game.tools.check", "game.tools.simulate", "game.tools.readme_screenshots"),
)
"""From the bottom up: rules and data, the rules cores, the bots, controllers and saves, the
drawing kit and the shell's services, the scenes, the entry points (the app, and the commands
`check` and `simulate`, which check saves as the game would). The longest matching
prefix places a module."""


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


def layer_of(module: str) -> int | None:
    best: tuple[int, int] | None = None
    for index, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and \
                    (best is None or len(prefix) > best[0]):
                best = (len(prefix), index)
    return None if best is None else best[1]


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """Every `game.` module `path` imports, at the top or inside a function."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "game":
                out += [(node.lineno, f"game.{alias.name}") for alias in node.names]
            else:
                out.append((node.lineno, node.module))
    return [(line, name) for line, name in out if name.startswith("game.")]


def test_every_module_has_a_layer() -> None:
    unplaced = [str(p.relative_to(ROOT)) for p in (ROOT / "game").rglob("*.py")
                if p.name != "__init__.py" or p.parent != ROOT / "game"
                if layer_of(".".join(p.relative_to(ROOT).with_suffix("").parts)
                            .removesuffix(".__init__")) is None]
    assert unplaced == []


def test_no_import_runs_upward() -> None:
    """A core never imports ui, scenes or the app; ui never imports scenes; nothing below
    the entry points runs the loop."""
    upward = []
    for path in (ROOT / "game").rglob("*.py"):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        own = layer_of(module)
        for line, name in imported_modules(path):
            target = layer_of(name)
            if own is not None and target is not None and target > own:
                upward.append(f"{path.relative_to(ROOT)}:{line}: {module} imports {name}")
    assert upward == []


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def import_graph() -> dict[str, set[str]]:
    """Which of our modules each module imports, at the top or inside a function (both tie
    the two together); imports under `if TYPE_CHECKING:` never run and do not count."""
    paths = list((ROOT / "game").rglob("*.py"))
    known = {module_name(p) for p in paths}
    graph: dict[str, set[str]] = {}
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                       and "TYPE_CHECKING" in ast.unparse(node.test) for n in ast.walk(node)}
        targets: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.Import):
                targets |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                # `from game.robotmaster import bots` imports the submodule when there is one
                targets |= {f"{node.module}.{alias.name}" if f"{node.module}.{alias.name}"
                            in known else node.module for alias in node.names}
        graph[module_name(path)] = {t for t in targets if t in known} - {module_name(path)}
    return graph


def test_no_import_circle_among_our_modules() -> None:
    """docs/architecture.md: nothing imports upward, so no two modules import each other,
    however roundabout (a package importing its own modules is how packages work)."""
    graph = import_graph()
    circles = []
    for start in sorted(graph):
        # every module reachable from `start`; a circle is one that reaches `start` again
        seen, todo = set(), [t for t in graph[start] if not start.startswith(t + ".")]
        while todo:
            name = todo.pop()
            if name not in seen:
                seen.add(name)
                todo += graph.get(name, ())
        if start in seen:
            circles.append(start)
    assert circles == []
