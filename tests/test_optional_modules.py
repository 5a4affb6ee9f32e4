"""The registries skip a game a build left out, and never hide a real import error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.core.optional_modules import optional_module
from game.scenes.games import GameSpec, scene_module_function


def test_a_module_that_is_there_is_imported() -> None:
    module = optional_module("game.roborally.model")
    assert module is not None and hasattr(module, "Board")


def test_a_game_left_out_of_the_build_is_skipped() -> None:
    assert optional_module("game.chess") is None
    assert optional_module("game.chess.demos") is None
    assert optional_module("game.roborally.no_such_view") is None


def test_a_game_whose_scene_is_not_there_has_no_start() -> None:
    spec = GameSpec("chess", "Chess", "", (), (), start_scene="game.scenes.chess:start")
    assert scene_module_function(spec, "start") is None


def test_a_module_that_fails_inside_is_a_bug_and_says_so(tmp_path: Path,
                                                          monkeypatch) -> None:
    package = tmp_path / "half_installed"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "views.py").write_text("import a_library_nobody_installed\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ModuleNotFoundError, match="a_library_nobody_installed"):
        optional_module("half_installed.views")
    sys.modules.pop("half_installed", None)


WITHOUT_VOLT = """
import importlib.abc, sys

class LeaveVoltOut(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[:2] == ["game", "volt"] or name in (
                "game.ui.volt_view", "game.scenes.volt", "game.volt_bots"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, LeaveVoltOut())
from pathlib import Path
from game.scenes import workbench
from tests.ui.helpers import frame, headless_services
services = headless_services()
services.scenes.push(workbench.WorkbenchScene(services, Path("boards/roborally/belt-buckle.yaml")))
frame(services)
print(type(services.scenes.top).__name__, sorted(workbench.TOOL_PICTURES))
"""


def test_a_build_without_volt_still_opens_roborally_boards_in_the_workbench() -> None:
    """The workbench's VOLT parts (arena views, arena warnings, the arena palette) are found
    by name, so a build that leaves VOLT out keeps the board designer's tool."""
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", WITHOUT_VOLT], cwd=root, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == "WorkbenchScene ['roborally-board/1']"
