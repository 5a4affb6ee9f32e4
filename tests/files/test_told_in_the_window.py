"""Nothing the player made is lost, and they are told (issue 17): settings saved with a BOM
or in UTF-16 are read, settings that cannot be read are kept aside as settings.json.bad and
not overwritten at exit, and every message (at start or later) shows in the window."""

from __future__ import annotations

import codecs
import json
from pathlib import Path

import pygame

from game import paths
from game.app.services import make_services
from game.app.settings import Settings
from game.saves import autosave_path, write_save, SavedGame
from game.scenes.menu import MenuScene
from game.scenes.notices import NoticeDialog
from tests.ui.helpers import frame, headless_services, key, start_after_a_crash

PLAYER_SETTINGS = {"language": "de", "animation_speed": "fast", "volume": 0.3}


def test_settings_with_a_utf8_bom_are_read(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(codecs.BOM_UTF8 + json.dumps(PLAYER_SETTINGS).encode("utf-8"))
    loaded, warnings = Settings.load(path)
    assert warnings == []
    assert (loaded.language, loaded.animation_speed, loaded.volume) == ("de", "fast", 0.3)


def test_settings_in_utf16_are_read(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(json.dumps(PLAYER_SETTINGS).encode("utf-16"))
    loaded, warnings = Settings.load(path)
    assert warnings == []
    assert loaded.language == "de"


def test_settings_cut_short_are_kept_aside_and_survive_the_exit(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    cut = json.dumps(PLAYER_SETTINGS)[:25]
    path.write_text(cut, encoding="utf-8")
    loaded, warnings = Settings.load(path)
    assert loaded == Settings()
    assert len(warnings) == 1 and "kept as settings.json.bad" in warnings[0]
    loaded.save(path)                      # what the app does at exit
    assert (tmp_path / "settings.json.bad").read_text(encoding="utf-8") == cut
    path.write_text("[1, 2", encoding="utf-8")
    _, warnings = Settings.load(path)      # a second broken file does not replace the first
    assert "kept as settings.json.bad-2" in warnings[0]
    assert (tmp_path / "settings.json.bad").read_text(encoding="utf-8") == cut


def notice_at_start() -> tuple[object, NoticeDialog]:
    """The app started on the menu, as main.py starts it; the notice over it."""
    pygame.init()
    services = make_services(headless_size=(1280, 720), home=MenuScene)
    services.window.open()
    services.scenes.push(MenuScene(services))
    frame(services)
    top = services.scenes.top
    assert isinstance(top, NoticeDialog)
    return services, top


def menu_after_ok(services) -> bool:
    frame(services, [key(pygame.K_RETURN)])
    frame(services)
    return isinstance(services.scenes.top, MenuScene)


def test_a_settings_problem_at_start_shows_in_the_window() -> None:
    paths.settings_path().parent.mkdir(parents=True, exist_ok=True)
    paths.settings_path().write_text("{\"language\": ", encoding="utf-8")
    services, notice = notice_at_start()
    assert any("settings.json.bad" in m for m in notice.messages)
    assert menu_after_ok(services)


def test_user_folders_that_cannot_be_made_say_what_that_costs_in_the_players_language(
        ) -> None:
    """A file where the saves or board folder belongs (or a folder the system refuses):
    the window says, in the language of the settings, that games cannot be saved and own
    boards cannot be put there, and the menu works on."""
    paths.user_data_dir().mkdir(parents=True, exist_ok=True)
    paths.saves_dir().write_text("not a folder", encoding="utf-8")
    paths.user_boards_dir().write_text("not a folder", encoding="utf-8")
    paths.settings_path().write_text(json.dumps({"language": "de"}), encoding="utf-8")
    services, notice = notice_at_start()
    assert len(notice.messages) == 2
    assert any("Partien können nicht gespeichert" in m and str(paths.saves_dir()) in m
               for m in notice.messages)
    assert any("eigene lassen sich dort nicht ablegen" in m for m in notice.messages)
    assert menu_after_ok(services)


def test_a_failed_resume_after_a_crash_is_told_in_the_window() -> None:
    path = autosave_path(paths.saves_dir(), "volt")
    write_save(path, SavedGame("volt", {"seed": 1, "players": []}, [{"type": "Nonsense"}],
                               title="cut short"))
    path.write_bytes(path.read_bytes()[:-12])   # a crash while the disk was writing
    services = start_after_a_crash()
    frame(services, [key(pygame.K_RETURN)])     # "Resume"
    frame(services)
    top = services.scenes.top
    assert isinstance(top, NoticeDialog), "the failure must not return silently to the menu"
    assert top.messages and str(path) in top.messages[0]
    top.draw(services.window.surface)


def test_a_message_arising_during_play_shows_when_it_arises() -> None:
    services = headless_services()
    services.scenes.push(MenuScene(services))
    frame(services)
    assert isinstance(services.scenes.top, MenuScene)
    services.messages.append("Cannot save to /nowhere/autosave-volt.yaml: disk full")
    frame(services)
    top = services.scenes.top
    assert isinstance(top, NoticeDialog) and top.messages == [services.messages[-1]]
    frame(services, [key(pygame.K_ESCAPE)])
    frame(services)
    assert isinstance(services.scenes.top, MenuScene), "shown once, then gone"
