"""The registries skip a game a build left out, and never hide a real import error."""

from __future__ import annotations

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
