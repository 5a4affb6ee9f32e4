"""The mute key as a player meets it: M anywhere mutes and unmutes, remembered in the settings;
an M typed into a name stays a letter; the settings screen tells that the sound is off."""

from __future__ import annotations

import pygame

from game import paths
from game.app.settings import Settings
from game.scenes.games import GAMES_BY_ID
from game.scenes.roborally.courses import demo_setup
from game.scenes.roborally.entry import start
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.ui.widgets import Slider, TextInput
from tests.ui.helpers import click, frame, headless_services, key


def saved_settings() -> Settings:
    settings, _warnings = Settings.load(paths.settings_path())
    return settings


def test_m_in_a_game_mutes_and_unmutes_and_the_choice_is_kept() -> None:
    services = headless_services()
    game = start(services, demo_setup("sunday-drive", humans=0, bots=2))
    services.scenes.push(game)
    frame(services)
    frame(services, [key(pygame.K_m, "m")])
    assert services.settings.muted and saved_settings().muted
    assert not services.audio.audible
    frame(services, [key(pygame.K_m, "m")])
    assert not services.settings.muted and not saved_settings().muted


def test_an_m_typed_into_a_player_name_is_a_letter_not_the_mute_key() -> None:
    services = headless_services()
    setup = SetupScene(services, GAMES_BY_ID["roborally"])
    services.scenes.push(setup)
    frame(services)
    name = next(w for w in setup.ui.widgets if isinstance(w, TextInput))
    frame(services, click(name.rect.center))
    before = name.text
    frame(services, [key(pygame.K_m, "m"), pygame.event.Event(pygame.TEXTINPUT, text="m")])
    assert name.text == before + "m"
    assert not services.settings.muted


def test_the_volume_slider_says_when_the_sound_is_off_and_moving_it_brings_it_back() -> None:
    services = headless_services()
    settings_screen = SettingsScene(services)
    services.scenes.push(settings_screen)
    frame(services)
    slider = next(w for w in settings_screen.ui.widgets if isinstance(w, Slider))
    assert slider.label == "Volume"
    frame(services, [key(pygame.K_m, "m")])
    assert slider.label == "Volume: muted (M)"
    on_the_track = (slider.rect.right - 3 * slider.rect.h, slider.rect.centery)
    frame(services, click(on_the_track))
    assert not services.settings.muted
    frame(services)
    assert slider.label == "Volume"


def test_a_hand_edited_mute_setting_that_is_not_true_or_false_leaves_the_sound_on(tmp_path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"muted": "yes", "volume": 0.4}', encoding="utf-8")
    settings, warnings = Settings.load(path)
    assert (settings.muted, settings.volume) == (False, 0.4)
    assert warnings == [f"{path}: muted: expected true or false; using the default"]
