"""No file stops the game (issue 17): a FIFO or a link to /dev/zero or /dev/urandom in the
board folder, in saves/, beside a file open in the workbench or as the settings is refused
with a message, at once, and never read without limit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import paths
from game.app.settings import Settings
from game.best_scores import load_best_scores
from game.data.errors import DataError
from game.data.files import load_any
from game.saves import list_saves
from game.scenes.board_scan import board_choices
from game.scenes.games import GAMES_BY_ID
from game.tools.board_edit import BoardDocument
from game.tools.scenario_watch import run_scenarios_for
from tests.files.hostile import (ENDLESS_DEVICES, make_device_link, make_fifo, needs_fifo,
                                 within_time_limit)

BUILTIN_BOARD = paths.builtin_boards_dir() / "roborally" / "docking-bay.yaml"


def hostile_files(folder: Path) -> list[Path]:
    """A FIFO and a link to each endless device, all named like YAML files."""
    files = [make_fifo(folder / "a-pipe.yaml")]
    files += [make_device_link(folder / f"endless-{Path(d).name}.yaml", d)
              for d in ENDLESS_DEVICES]
    return files


@needs_fifo()
def test_the_setup_lists_hostile_board_files_as_unreadable_at_once() -> None:
    folder = paths.user_boards_dir() / "roborally"
    hostile = hostile_files(folder)
    choices = within_time_limit(lambda: board_choices(GAMES_BY_ID["roborally"]), hostile[0])
    problems = {c.path.name: c.problem for c in choices if not c.builtin}
    assert set(problems) == {p.name for p in hostile}
    assert "named pipe (FIFO), not a regular file" in problems["a-pipe.yaml"]
    assert "a device, not a regular file" in problems["endless-zero.yaml"]
    assert "a device, not a regular file" in problems["endless-urandom.yaml"]
    assert any(c.builtin and c.problem is None for c in choices), "the built-in boards stay"


@needs_fifo()
def test_hostile_files_in_saves_are_listed_with_their_problem() -> None:
    folder = paths.saves_dir()
    hostile = hostile_files(folder)
    entries = within_time_limit(lambda: list_saves(folder), hostile[0])
    assert sorted(e.path.name for e in entries) == sorted(p.name for p in hostile)
    for entry in entries:
        problem = within_time_limit(lambda: entry.problem, hostile[0])
        assert problem is not None and "not a regular file" in problem
        assert entry.saved is None


@needs_fifo()
def test_the_workbench_refuses_a_fifo_and_runs_beside_one(tmp_path: Path) -> None:
    hostile = hostile_files(tmp_path)
    for path in hostile:
        with pytest.raises(DataError, match="not a regular file"):
            within_time_limit(lambda: load_any(path), hostile[0])
        with pytest.raises(OSError, match="not a regular file"):
            within_time_limit(lambda: BoardDocument.open(path), hostile[0])
    board = tmp_path / "my-board.yaml"
    board.write_bytes(BUILTIN_BOARD.read_bytes())
    results = within_time_limit(lambda: run_scenarios_for(board), hostile[0])
    assert results == []


@needs_fifo()
@pytest.mark.parametrize("kind", ["fifo", *ENDLESS_DEVICES])
def test_settings_that_are_not_a_file_give_the_defaults_and_a_message(tmp_path: Path,
                                                                      kind: str) -> None:
    path = tmp_path / "settings.json"
    make_fifo(path) if kind == "fifo" else make_device_link(path, kind)
    loaded, warnings = within_time_limit(lambda: Settings.load(path), path)
    assert loaded == Settings()
    assert len(warnings) == 1 and "not a regular file" in warnings[0]


def test_deeply_nested_settings_give_the_defaults_and_a_message(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("[" * 40_000 + "]" * 40_000, encoding="utf-8")
    loaded, warnings = Settings.load(path)
    assert loaded == Settings()
    assert len(warnings) == 1 and "nest too deeply" in warnings[0]
    again, _ = Settings.load(path)          # the next start too: the file was moved aside
    assert again == Settings()


def test_oversize_settings_are_refused_without_reading_them(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "de", "padding": "x" * 200_000}), encoding="utf-8")
    loaded, warnings = Settings.load(path)
    assert loaded == Settings()
    assert "at most 100,000 bytes are allowed" in warnings[0]
    assert "kept as settings.json.bad" in warnings[0]
    assert json.loads((tmp_path / "settings.json.bad").read_text(encoding="utf-8"))["language"] == "de"


@needs_fifo()
def test_best_scores_that_are_a_fifo_read_as_an_empty_table(tmp_path: Path) -> None:
    path = make_fifo(tmp_path / "robot-master-best-scores.json")
    assert within_time_limit(lambda: load_best_scores(path), path) == []


@needs_fifo()
def test_a_fifo_as_the_crash_marker_does_not_block_the_start() -> None:
    from game.scenes.saves_hook import crash_marker

    marker = crash_marker()
    make_fifo(marker.path)
    within_time_limit(marker.start, marker.path)
    assert marker.path.is_file() and marker.crashed_last_time()
