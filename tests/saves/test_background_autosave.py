"""Autosaves are written off the main thread: the game does not wait for the disk, yet the
autosave is on disk and equals the game once written, a failure still reaches the player,
an explicit save and quitting wait for it, and a quick series of saves writes only the
newest."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

import game.scenes.saves_hook as hook
from game import paths
from game.app.main import quit_cleanly
from game.saves import SavedGame, autosave_path, read_save, write_save
from game.scenes.catalog import all_scenes
from game.scenes.saves_hook import autosave, crash_marker, flush_saves, save_scene
from tests.ui.helpers import click, frame, headless_services


class Game:
    """A scene as far as saving goes: `saved_game()` hands out the log it keeps appending to."""

    def __init__(self) -> None:
        self.actions: list[dict] = [{"type": "Start", "cells": [1, 2]}]
        self.warnings: list[str | None] = []

    def saved_game(self) -> SavedGame:
        return SavedGame("volt", {"seed": 3, "options": {}}, self.actions, title="test")

    def play(self) -> None:
        self.actions.append({"type": "Move", "cells": [len(self.actions)]})
        self.actions[0]["cells"].append(9)      # even nested data changes under the writer

    def report(self, warning: str | None) -> None:
        self.warnings.append(warning)


class SlowDisk:
    """`write_save` that waits until released, and remembers what it wrote."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started = threading.Event()
        self.written: list[tuple[str, int]] = []

    def __call__(self, path: Path, saved: SavedGame) -> None:
        self.started.set()
        assert self.release.wait(10), "never released"
        write_save(path, saved)
        self.written.append((path.name, len(saved.actions)))


@pytest.fixture
def slow_disk(monkeypatch: pytest.MonkeyPatch):
    disk = SlowDisk()
    monkeypatch.setattr(hook, "write_save", disk)
    yield disk
    disk.release.set()               # never leave the writer stuck past the test
    flush_saves(10)


def autosaved() -> Path:
    return autosave_path(paths.saves_dir(), "volt")


def test_a_game_scenes_autosave_is_on_disk_after_flush_and_equals_the_game() -> None:
    services = headless_services()
    for scene in all_scenes()["roborally-execution"](services):
        services.scenes.push(scene)
    services.scenes.apply_pending()
    game = next(s for s in services.scenes.stack if hasattr(s, "saved_game"))
    flush_saves()
    warnings: list[str | None] = []
    autosave(game, warnings.append)
    assert flush_saves()
    assert warnings == [None]                            # told it is on disk
    saved = read_save(autosave_path(paths.saves_dir(), "roborally"))
    assert saved.actions == game.saved_game().actions and saved.actions


def test_autosave_returns_at_once_while_the_disk_is_slow(slow_disk: SlowDisk) -> None:
    game = Game()
    started = time.perf_counter()
    autosave(game, game.report)
    assert time.perf_counter() - started < 0.2
    assert slow_disk.started.wait(5)
    assert not autosaved().exists() and game.warnings == []
    slow_disk.release.set()
    assert flush_saves()
    assert read_save(autosaved()).actions == [{"type": "Start", "cells": [1, 2]}]
    assert game.warnings == [None]


def test_the_save_holds_the_game_as_it_was_not_as_it_went_on(slow_disk: SlowDisk) -> None:
    game = Game()
    autosave(game, game.report)
    game.play()                         # the game goes on while the writer waits
    slow_disk.release.set()
    flush_saves()
    assert read_save(autosaved()).actions == [{"type": "Start", "cells": [1, 2]}]


def test_saves_queued_while_one_is_written_coalesce_to_the_newest(slow_disk: SlowDisk) -> None:
    game = Game()
    autosave(game, game.report)                      # being written (waits for the disk)
    assert slow_disk.started.wait(5)
    for _ in range(3):                               # three more turns meanwhile
        game.play()
        autosave(game, game.report)
    slow_disk.release.set()
    assert flush_saves()
    assert slow_disk.written == [("autosave-volt.yaml", 1), ("autosave-volt.yaml", 4)]
    assert len(read_save(autosaved()).actions) == 4
    assert game.warnings == [None, None]             # the dropped two are not reported


def test_a_failed_background_write_reaches_the_scene_through_the_main_loop(monkeypatch) -> None:
    def refuse(path: Path, saved: SavedGame) -> None:
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(hook, "write_save", refuse)
    services = headless_services()
    game = Game()
    autosave(game, game.report)
    from game.save_queue import WRITER
    assert WRITER.flush(5)
    assert game.warnings == []          # not from the writer's thread: the next frame tells
    frame(services)
    assert len(game.warnings) == 1
    assert game.warnings[0].startswith("Cannot save to") and "Permission denied" in game.warnings[0]


def test_an_explicit_save_waits_for_the_autosave_under_way(monkeypatch) -> None:
    order: list[str] = []

    def slow_then_write(path: Path, saved: SavedGame) -> None:
        time.sleep(0.3 if path.name.startswith("autosave") else 0)
        write_save(path, saved)
        order.append(path.name)
    monkeypatch.setattr(hook, "write_save", slow_then_write)
    game = Game()
    autosave(game, game.report)
    assert save_scene(game, autosave=False) is None
    assert order[0] == "autosave-volt.yaml" and len(order) == 2   # the autosave first


def test_quitting_right_after_a_turn_waits_for_the_autosave(monkeypatch) -> None:
    def slow(path: Path, saved: SavedGame) -> None:
        time.sleep(0.4)
        write_save(path, saved)
    monkeypatch.setattr(hook, "write_save", slow)
    marker = crash_marker()
    marker.start()
    game = Game()
    autosave(game, game.report)
    assert quit_cleanly(marker)
    assert read_save(autosaved()).actions == game.saved_game().actions
    assert not marker.crashed_last_time()


def test_a_write_that_outlasts_the_quit_wait_leaves_the_crash_marker(
        slow_disk: SlowDisk, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hook, "QUIT_WAIT_SECONDS", 0.2)
    marker = crash_marker()
    marker.start()
    autosave(Game())
    assert not quit_cleanly(marker)
    assert marker.crashed_last_time()     # the next start offers the autosave that is on disk


def test_a_failure_that_arrives_after_the_player_left_the_game_is_still_told(
        monkeypatch) -> None:
    from game.scenes.menu import MenuScene
    from game.scenes.notices import NoticeDialog
    from tests.roborally_scene.helpers import button, finished_game
    services, game = finished_game()
    release = threading.Event()

    def refuse_later(path: Path, saved: SavedGame) -> None:
        assert release.wait(10)
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(hook, "write_save", refuse_later)
    game.autosaved = None                   # the finished game's save, on a slow full disk
    game.autosave_if_due()
    end = services.scenes.top
    frame(services, click(button(end, "Main menu").rect.center))   # the player leaves at once
    assert isinstance(services.scenes.top, MenuScene)
    release.set()
    assert flush_saves()
    frame(services)
    frame(services)
    notice = services.scenes.top
    assert isinstance(notice, NoticeDialog), "the failure went nowhere"
    assert notice.messages[-1].startswith("Cannot save to")
    assert isinstance(services.scenes.stack[-2], MenuScene)
