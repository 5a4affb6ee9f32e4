"""Settings survive a broken or hand-edited file: defaults for what is wrong, and a warning."""

from __future__ import annotations

import json

from game.app.settings import Settings


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


def test_bad_values_are_replaced_one_by_one(tmp_path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "klingon", "volume": 7, "fullscreen": True,
                                "window_size": [10000, 10000], "colour": "red"}), encoding="utf-8")
    loaded, warnings = Settings.load(path)
    assert loaded.language == "en" and loaded.volume == 0.7 and loaded.fullscreen is True
    assert loaded.window_size == [1280, 720]
    assert len(warnings) == 4
