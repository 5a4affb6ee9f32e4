"""README's two commands on a fresh machine: requirements.txt is what the game needs to run,
requirements-dev.txt adds the test and build tools (and pins PyInstaller)."""

from __future__ import annotations

import ast
import re
import sys
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEV_TOOLS = {"pytest", "hypothesis", "jsonschema", "mypy", "pyinstaller"}


def pinned(name: str) -> dict[str, str]:
    """Distribution name (lower case) -> pinned version of one requirements file."""
    pins = {}
    for line in (ROOT / name).read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if line and not line.startswith("-r"):
            match = re.fullmatch(r"([A-Za-z0-9_.\-]+)==(\S+)", line)
            assert match, f"{name}: not pinned: {line!r}"
            pins[match.group(1).lower()] = match.group(2)
    return pins


def third_party_imports() -> set[str]:
    """Top-level modules the game (main.py and game/) imports that are not its own or stdlib."""
    names: set[str] = set()
    for path in [ROOT / "main.py", *(ROOT / "game").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return {name for name in names
            if name not in sys.stdlib_module_names and name not in ("game", "__future__")}


def test_runtime_requirements_hold_no_test_or_build_tool() -> None:
    assert DEV_TOOLS.isdisjoint(pinned("requirements.txt"))


def test_dev_requirements_add_the_tools_to_the_runtime_ones() -> None:
    lines = (ROOT / "requirements-dev.txt").read_text(encoding="utf-8").splitlines()
    assert "-r requirements.txt" in lines
    assert DEV_TOOLS <= set(pinned("requirements-dev.txt"))


def test_everything_the_game_imports_is_a_runtime_requirement() -> None:
    runtime = set(pinned("requirements.txt"))
    distributions = packages_distributions()
    missing = {module: distributions.get(module) for module in third_party_imports()
               if not {d.lower() for d in distributions.get(module, [])} & runtime}
    assert missing == {}


def test_ci_installs_the_dev_requirements() -> None:
    for script in (".ci/run", ".ci/bundle_smoke.sh"):
        text = (ROOT / script).read_text(encoding="utf-8")
        assert "-r requirements-dev.txt" in text, script
        assert "pyinstaller==" not in text.lower(), f"{script} pins PyInstaller a second time"
