"""Settings survive a broken or hand-edited file: defaults for what is wrong, and a warning."""

from __future__ import annotations

import json
import warnings

import pygame

from game.app.services import Window
from game import i18n
from game.app.settings import MIN_WINDOW, Settings


def test_settings_round_trip(tmp_path) -> None:
    path = tmp_path / "settings.json"
    Settings(language="de", animation_speed="fast", volume=0.25, window_size=[1600, 900]).save(path)
    loaded, warnings = Settings.load(path)
    assert warnings == []
    assert (loaded.language, loaded.animation_speed, loaded.volume, loaded.window_size) == \
        ("de", "fast", 0.25, [1600, 900])


def test_a_broken_settings_file_falls_back_to_defaults_with_a_message(tmp_path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{not json", encoding="utf-8")
    loaded, warnings = Settings.load(path)
    assert loaded == Settings()
    assert len(warnings) == 1 and "using the defaults" in warnings[0]


def test_a_german_players_settings_warnings_are_in_german(tmp_path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "de", "volume": 7, "colour": "red"}),
                    encoding="utf-8")
    loaded, warnings = Settings.load(path)
    assert loaded.language == "de"
    assert warnings == [f"{path}: volume: erwartet: eine Zahl von 0 bis 1; es gilt der Standardwert",
                        f"{path}: unbekannte Einstellung 'colour' übergangen"]
    assert i18n.current_language() == "en"     # the game switches language itself, later


def test_settings_that_cannot_be_saved_say_so_in_the_players_language(tmp_path) -> None:
    in_the_way = tmp_path / "notes.txt"
    in_the_way.write_text("not a folder")
    with i18n.speaking("de"):
        warning = Settings(language="de").save(in_the_way / "settings.json")
    assert warning is not None
    assert warning.startswith(f"Die Einstellungen lassen sich nicht in {in_the_way / 'settings.json'} "
                              "speichern: ")


def test_settings_that_name_no_language_warn_in_english(tmp_path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "klingon", "muted": "yes"}), encoding="utf-8")
    _, warnings = Settings.load(path)
    assert warnings == [f"{path}: language: expected one of {', '.join(i18n.LANGUAGES)}; "
                        "using the default",
                        f"{path}: muted: expected true or false; using the default"]


def test_bad_values_are_replaced_one_by_one(tmp_path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "klingon", "volume": 7, "fullscreen": True,
                                "window_size": [10000, 10000], "colour": "red"}), encoding="utf-8")
    loaded, warnings = Settings.load(path)
    assert loaded.language == "en" and loaded.volume == 0.7 and loaded.fullscreen is True
    assert loaded.window_size == [1280, 720]
    assert len(warnings) == 4


def test_a_list_or_table_where_a_word_belongs_is_a_bad_value_not_a_crash(tmp_path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": ["de"], "animation_speed": {"fast": True}}),
                    encoding="utf-8")
    loaded, warnings = Settings.load(path)
    assert loaded.language == "en" and loaded.animation_speed == Settings().animation_speed
    assert [w.split(": ")[1] for w in warnings] == ["language", "animation_speed"]


def test_the_window_keeps_the_smallest_size_every_screen_is_checked_at() -> None:
    """MIN_WINDOW is the smallest size game/tools/text_check.py draws every screen at: the
    window does not shrink below it, nor is a smaller size remembered."""
    pygame.init()
    window = Window(Settings(window_size=[1000, 600]))
    window.open()
    with warnings.catch_warnings():         # the only way to ask a set_mode window
        warnings.simplefilter("ignore", DeprecationWarning)
        assert pygame.Window.from_display_module().minimum_size == MIN_WINDOW
    window.resized((500, 300))
    assert window.settings.window_size == list(MIN_WINDOW)
    pygame.display.quit()
