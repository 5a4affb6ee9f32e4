"""Setups remember: choose, start, come back, and the setup screen shows the same choices,
also after a restart (they are kept in the settings file); a settings file edited into
nonsense brings back the defaults, never a traceback."""

from __future__ import annotations

import json

import pygame

from game import paths
from game.app.services import make_services
from game.scenes.games import GAMES_BY_ID
from game.scenes.menu import MenuScene
from game.scenes.setup import SetupScene
from game.ui.widgets import Button, Cycler, Toggle
from tests.ui.helpers import frame, headless_services
from tests.ui.test_setup_options import click_board, open_setup, start_and_capture, the


def choices(scene: SetupScene) -> dict:
    """What the setup screen shows, as a player reads it."""
    return {"players": [(p.name, p.colour, p.bot_level) for p in scene.players],
            "variant": scene.variant.id,
            "board": None if scene.chosen_board() is None else scene.chosen_board().name,
            "options": scene.options()}


def reopen(services, game: str) -> SetupScene:
    scene = SetupScene(services, GAMES_BY_ID[game])
    services.scenes.reset(scene)
    frame(services)
    return scene


def after_restart(game: str) -> SetupScene:
    """A new start of the app: the settings come from the settings file."""
    pygame.init()
    services = make_services(headless_size=(1280, 720), home=MenuScene)
    services.window.open()
    return reopen(services, game)


def level_cyclers(scene: SetupScene) -> list[Cycler]:
    return [w for w in scene.ui.widgets if isinstance(w, Cycler)
            and any(label == "Human" for _value, label in w.options)]


def test_roborally_setup_comes_back_as_it_was_started(monkeypatch) -> None:
    services, scene = open_setup("roborally")
    the(scene, Button, "Add player").activate()
    frame(services)
    level_cyclers(scene)[2].step(1)                      # the third player: another level
    frame(services, [])
    the(scene, Toggle, "Programming timer").activate()
    other = next(b.name for b in scene.boards
                 if b.problem is None and b.path != scene.chosen_board().path
                 and (b.players is None or b.players[0] <= 3 <= b.players[1]))
    click_board(services, scene, other)
    chosen = choices(scene)
    assert chosen["options"] == {"timer": True} and len(chosen["players"]) == 3
    start_and_capture(services, scene, monkeypatch)

    assert choices(reopen(services, "roborally")) == chosen
    assert choices(after_restart("roborally")) == chosen
    assert choices(after_restart("volt")) != chosen      # each game keeps its own


def test_robot_master_remembers_variant_and_match_length(monkeypatch) -> None:
    services, scene = open_setup("robot-master")
    match = next(w for w in scene.ui.widgets
                 if isinstance(w, Cycler) and w.current_label() == "3 games")
    match.step(2)
    frame(services)
    chosen = choices(scene)
    assert chosen["options"] == {"games": 5}
    start_and_capture(services, scene, monkeypatch)
    assert choices(after_restart("robot-master")) == chosen


def test_a_settings_file_with_nonsense_setups_brings_back_the_defaults() -> None:
    default = choices(open_setup("roborally")[1])
    paths.settings_path().write_text(json.dumps({"setups": {
        "roborally": {"players": [{"name": "Ann", "colour": "red", "bot_level": "genius"}],
                      "variant": ["x"], "board": 7, "options": {"timer": "yes"}},
        "volt": "all of them"}}), encoding="utf-8")
    pygame.init()
    services = make_services(headless_size=(1280, 720), home=MenuScene)
    assert any("setups" in warning for warning in services.messages)
    services.settings.setups = {"roborally": {
        "players": [{"name": "Ann", "colour": "red", "bot_level": "genius"}],
        "variant": ["x"], "board": 7, "options": {"timer": "yes"}}}
    services.window.open()
    assert choices(reopen(services, "roborally")) == default


def test_a_colour_or_level_edited_into_a_list_brings_back_the_defaults_not_a_crash() -> None:
    default = choices(open_setup("roborally")[1])
    pygame.init()
    services = make_services(headless_size=(1280, 720), home=MenuScene)
    for player in ({"name": "Ann", "colour": ["red"], "bot_level": None},
                   {"name": "Ann", "colour": "red", "bot_level": {"level": "strong"}}):
        services.settings.setups = {"roborally": {
            "players": [player, {"name": "Ben", "colour": "blue", "bot_level": "normal"}],
            "variant": "standard", "board": None, "options": {}}}
        services.window.open()
        assert choices(reopen(services, "roborally")) == default


def test_a_remembered_board_that_is_gone_falls_back_to_the_first(monkeypatch) -> None:
    services = headless_services()
    services.settings.setups = {"roborally": {"board": "/nowhere/gone.yaml"}}
    scene = reopen(services, "roborally")
    assert scene.chosen_board() is not None and scene.chosen_board().problem is None


def test_a_remembered_variant_comes_back_only_with_players_that_fit_it() -> None:
    services = headless_services()
    services.settings.setups = {"robot-master": {
        "variant": "teams", "players": [{"name": "Ann", "colour": "red", "bot_level": None}]}}
    scene = reopen(services, "robot-master")
    assert scene.variant.min_players <= len(scene.players) <= scene.variant.max_players
    assert scene.validation_problem() is None


def test_remembered_names_the_name_field_could_not_take_bring_back_the_default_players() -> None:
    """A settings file edited by hand: a bell in one name, an emoji the font lacks in the
    other. The name fields let neither be typed, so the setup starts from its defaults."""
    services = headless_services()
    for odd in ("Ann\u0007", "Ben \U0001F3C1"):
        services.settings.setups = {"volt": {"variant": "training", "players": [
            {"name": odd, "colour": "red", "bot_level": None},
            {"name": "Clara", "colour": "blue", "bot_level": "normal"}]}}
        scene = reopen(services, "volt")
        assert [p.name for p in scene.players] == ["Anna", "Ben"]
    services.settings.setups = {"volt": {"variant": "training", "players": [
        {"name": "Ann", "colour": "red", "bot_level": None},
        {"name": "Clara", "colour": "blue", "bot_level": "normal"}]}}
    assert [p.name for p in reopen(services, "volt").players] == ["Ann", "Clara"]


def test_an_added_seat_is_an_opponent_like_the_last_one_set_up() -> None:
    """Three strong opponents take one choice of level, not three: Add player brings a bot
    of the last bot seat's level; with no bot seated yet, the normal one, as the setup's
    first bots are."""
    services, scene = open_setup("volt")
    assert [c.get() for c in level_cyclers(scene)] == [None, "normal"]
    level_cyclers(scene)[1].step(1)
    frame(services)
    assert level_cyclers(scene)[1].get() == "strong"
    the(scene, Button, "Add player").activate()
    frame(services)
    assert [c.get() for c in level_cyclers(scene)] == [None, "strong", "strong"]
    for cycler in level_cyclers(scene)[1:]:
        while cycler.get() is not None:
            cycler.step(1)
        frame(services)
    the(scene, Button, "Add player").activate()
    frame(services)
    assert [c.get() for c in level_cyclers(scene)] == [None, None, None, "normal"]
