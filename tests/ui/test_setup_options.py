"""The setup screen as a player meets it: a picture of the chosen board that follows the
choice, the player counts a board allows (Start refused outside them, with the reason), and the
game's own options (RoboRally timer, Robot Master match length) reaching the game."""

from __future__ import annotations

import pygame
import pytest

from game.app.scene import Scene
from game.i18n import set_language
from game.scenes import setup as setup_screen
from game.scenes.board_scan import board_choices
from game.scenes.dialogs import PauseMenu, PrivacyScreen, RulesOverlay
from game.scenes.games import GAMES_BY_ID, GameSetup
from game.scenes.setup import SetupScene, board_preview
from game.ui.widgets import Button, Cycler, ScrollList, Toggle
from tests.ui.helpers import click, click_cycler_to, frame, headless_services, key


def open_setup(game: str, size=(1280, 720), language: str = "en") -> tuple[object, SetupScene]:
    services = headless_services(size, language)
    set_language(language)
    scene = SetupScene(services, GAMES_BY_ID[game])
    assert scene.wait_for_boards(60), "the boards were not read within a minute"
    services.scenes.push(scene)
    frame(services)
    return services, scene


def the(scene: Scene, kind: type, text: str | None = None):
    found = [w for w in scene.ui.widgets  # type: ignore[attr-defined]
             if isinstance(w, kind) and (text is None or getattr(w, "text", None) == text)]
    assert len(found) == 1, f"expected one {kind.__name__} {text!r}, found {len(found)}"
    return found[0]


def click_board(services, scene: SetupScene, name: str) -> None:
    boards = the(scene, ScrollList)
    index = next(i for i, b in enumerate(scene.boards) if b.name == name)
    boards.scroll = 0
    y = boards.rect.y + index * boards.row_height + boards.row_height // 2
    if y >= boards.rect.bottom:  # scroll it into view the way a player would: the wheel
        frame(services, [pygame.event.Event(pygame.MOUSEMOTION, pos=boards.rect.center,
                                            rel=(0, 0), buttons=(0, 0, 0))])
        while y - boards.scroll >= boards.rect.bottom:
            frame(services, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False,
                                                precise_x=0.0, precise_y=-1.0)])
        y -= boards.scroll
    frame(services, click((boards.rect.x + 30, y)))
    assert scene.boards[scene.board_index].name == name  # type: ignore[index]


def preview_pixels(services, scene: SetupScene) -> bytes:
    frame(services)
    _list, preview = scene.board_area()
    return pygame.image.tobytes(services.window.surface.subsurface(preview), "RGB")


def distinct_colours(pixels: bytes) -> int:
    return len({pixels[i:i + 3] for i in range(0, len(pixels), 3 * 7)})


@pytest.mark.parametrize("game", ["roborally", "volt"])
def test_the_preview_shows_the_chosen_board_and_follows_the_choice(game: str) -> None:
    services, scene = open_setup(game)
    first = preview_pixels(services, scene)
    assert distinct_colours(first) > 12, "the preview area shows no picture"
    other = next(b.name for b in scene.boards if b.path != scene.chosen_board().path)
    click_board(services, scene, other)
    second = preview_pixels(services, scene)
    assert distinct_colours(second) > 12
    assert second != first


def test_previews_are_drawn_once_per_file_and_size() -> None:
    pygame.init()
    path = board_choices(GAMES_BY_ID["roborally"])[0].path
    small = board_preview("roborally-course/1", path, (200, 200))
    assert small is not None and small.get_width() <= 200 and small.get_height() <= 200
    assert board_preview("roborally-course/1", path, (200, 200)) is small
    large = board_preview("roborally-course/1", path, (400, 400))
    assert large is not None and large is not small and large.get_width() > small.get_width()


def test_a_board_for_more_players_refuses_start_and_says_why() -> None:
    services, scene = open_setup("roborally")
    click_board(services, scene, "The Grand Gauntlet")
    assert len(scene.players) == 2
    frame(services, click(the(scene, Button, "Start").rect.center))
    assert services.scenes.top is scene
    assert scene.problem == ("The Grand Gauntlet is for 5–8 players; "
                             "add or remove players to start.")
    for _ in range(3):
        frame(services, click(the(scene, Button, "Add player").rect.center))
    assert len(scene.players) == 5
    assert scene.validation_problem() is None


def test_the_refusal_is_in_german_too() -> None:
    services, scene = open_setup("roborally", language="de")
    click_board(services, scene, "The Grand Gauntlet")
    frame(services, click(the(scene, Button, "Start").rect.center))
    assert scene.problem == ("The Grand Gauntlet ist für 5–8 Spieler; "
                             "füge Spieler hinzu oder entferne welche.")


def test_the_player_range_is_written_for_one_count_and_for_many() -> None:
    assert setup_screen.players_text(2, 8) == "2–8 players"
    assert setup_screen.players_text(1, 1) == "1 player"
    assert setup_screen.players_text(4, 4) == "4 players"
    set_language("de")
    assert setup_screen.players_text(1, 1) == "1 Spieler"
    assert setup_screen.players_text(5, 8) == "5–8 Spieler"


def test_volt_arenas_allow_as_many_operators_as_they_have_start_sides() -> None:
    services, scene = open_setup("volt")
    assert {b.players for b in scene.boards} == {(2, 4)}


class _Started(Scene):
    def __init__(self, services, setup: GameSetup) -> None:
        super().__init__(services)
        self.setup = setup

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))


def match_length(scene: SetupScene) -> Cycler:
    """Robot Master's match length: the cycler that offers "3 games"."""
    found = [w for w in scene.ui.widgets if isinstance(w, Cycler)
             and any(value == 3 and label.endswith(("games", "Spiele"))
                     for value, label in w.options)]
    assert len(found) == 1, f"expected one match length, found {len(found)}"
    return found[0]


def variant_choice(scene: SetupScene) -> Cycler:
    """The cycler that offers the game's variants."""
    variants = {v.id for v in scene.spec.variants}
    return next(w for w in scene.ui.widgets if isinstance(w, Cycler)
                and {value for value, _label in w.options} == variants)


def start_and_capture(services, scene: SetupScene, monkeypatch) -> GameSetup:
    monkeypatch.setattr(setup_screen, "find_start", lambda spec: _Started)
    frame(services, click(the(scene, Button, "Start").rect.center))
    frame(services)
    started = services.scenes.top
    assert isinstance(started, _Started), scene.problem
    return started.setup


def test_the_roborally_timer_reaches_the_game(monkeypatch) -> None:
    services, scene = open_setup("roborally")
    assert start_and_capture(services, scene, monkeypatch).options == {"timer": False}

    services, scene = open_setup("roborally")
    frame(services, click(the(scene, Toggle, "Programming timer").rect.center))
    assert scene.timer
    assert start_and_capture(services, scene, monkeypatch).options == {"timer": True}


def test_the_factory_runs_the_timer_the_setup_chose() -> None:
    from game.scenes.roborally.entry import start
    services, scene = open_setup("roborally")
    frame(services, click(the(scene, Toggle, "Programming timer").rect.center))
    factory = start(services, scene.make_setup())
    assert factory.controller.timer is True  # type: ignore[attr-defined]


def test_the_robot_master_match_length_reaches_the_game(monkeypatch) -> None:
    services, scene = open_setup("robot-master")
    match = [w for w in scene.ui.widgets
             if isinstance(w, Cycler) and w.current_label() == "3 games"]
    assert len(match) == 1, "the match length shows 3 games at first"
    left, right = match[0].arrows()
    frame(services, click(right.center))
    frame(services, click(right.center))
    assert match[0].current_label() == "5 games"
    frame(services, click(left.center))
    frame(services, click(left.center))
    frame(services, click(left.center))
    frame(services, click(left.center))
    assert match[0].current_label() == "1 game"
    assert start_and_capture(services, scene, monkeypatch).options == {"games": 1}


def test_the_table_plays_the_match_length_the_setup_chose() -> None:
    from game.controllers.robotmaster import DEFAULT_MATCH_GAMES
    from game.scenes.robotmaster.match_setup import controller_from_setup
    assert setup_screen.DEFAULT_MATCH_GAMES == DEFAULT_MATCH_GAMES
    services, scene = open_setup("robot-master")
    click_cycler_to(services, match_length(scene), "5 games")
    assert controller_from_setup(scene.make_setup()).games == 5


def test_solo_robot_master_offers_no_match(monkeypatch) -> None:
    services, scene = open_setup("robot-master")
    click_cycler_to(services, variant_choice(scene), "Solo")
    assert not [w for w in scene.ui.widgets if isinstance(w, Cycler)
                and w.current_label().endswith(("game", "games"))]
    assert start_and_capture(services, scene, monkeypatch).options == {}


def test_the_match_length_speaks_german() -> None:
    services, scene = open_setup("robot-master", language="de")
    labels = {w.current_label() for w in scene.ui.widgets if isinstance(w, Cycler)}
    assert "3 Spiele" in labels
    click_cycler_to(services, match_length(scene), "1 Spiel")
    labels = {w.current_label() for w in scene.ui.widgets if isinstance(w, Cycler)}
    assert "1 Spiel" in labels


def test_volt_offers_no_option_it_does_not_read(monkeypatch) -> None:
    services, scene = open_setup("volt")
    assert not [w for w in scene.ui.widgets if isinstance(w, Toggle)]
    assert start_and_capture(services, scene, monkeypatch).options == {}


# -- the overlays the games share --------------------------------------------------------------

def test_the_rules_page_wraps_its_text_once_not_every_frame(monkeypatch) -> None:
    from game.scenes import dialogs
    from game.ui import text_drawing
    calls = []
    real = text_drawing.wrap_text
    counting = lambda *a: calls.append(a) or real(*a)  # noqa: E731
    monkeypatch.setattr(dialogs, "wrap_text", counting)
    monkeypatch.setattr(text_drawing, "wrap_text", counting)  # draw_paragraphs wraps through it
    services = headless_services()
    text = " ".join(["Robots move, then the board moves, then lasers fire."] * 80)
    overlay = RulesOverlay(services, "Rules", lambda: text)
    services.scenes.push(overlay)
    for _ in range(30):
        frame(services)
    frame(services, [key(pygame.K_PAGEDOWN)])
    assert len(calls) == 1
    assert overlay.scroll > 0
    frame(services, [pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080))])
    frame(services)
    assert len(calls) == 2  # a new width wraps again


def test_the_rules_page_rewraps_when_the_language_changes() -> None:
    from game.i18n import _
    services = headless_services()
    overlay = RulesOverlay(services, "Rules", lambda: _("Settings"))
    services.scenes.push(overlay)
    frame(services)
    assert overlay.lines() == ["Settings"]
    set_language("de")
    assert overlay.lines() == ["Einstellungen"]


def test_escape_on_the_privacy_screen_offers_the_games_rules() -> None:
    services = headless_services()
    shown = []
    services.scenes.push(PrivacyScreen(services, "Anna", lambda: None,
                                       rules=lambda: shown.append("rules")))
    frame(services)
    frame(services, [key(pygame.K_ESCAPE)])
    pause = services.scenes.top
    assert isinstance(pause, PauseMenu)
    rules = the(pause, Button, "Rules")
    assert rules.enabled
    frame(services, click(rules.rect.center))
    assert shown == ["rules"]


def test_f1_on_the_privacy_screen_shows_the_rules_without_revealing_anything() -> None:
    services = headless_services()
    shown, ready = [], []
    services.scenes.push(PrivacyScreen(services, "Anna", lambda: ready.append(True),
                                       rules=lambda: shown.append("rules")))
    frame(services)
    frame(services, [key(pygame.K_F1)])
    assert shown == ["rules"] and ready == []


def test_a_privacy_screen_without_rules_keeps_working() -> None:
    services = headless_services()
    services.scenes.push(PrivacyScreen(services, "Anna", lambda: None))
    frame(services)
    frame(services, [key(pygame.K_ESCAPE)])
    assert not the(services.scenes.top, Button, "Rules").enabled


def type_text(services, text: str) -> None:
    frame(services, [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in text])


def test_a_character_the_font_cannot_show_is_left_out_of_a_name_and_said_so() -> None:
    """An emoji or a Chinese character would be drawn as an empty box on every screen of
    the game; letters with accents, and the font's own symbols, are kept."""
    services, scene = open_setup("robot-master")
    field = scene.ui.widgets[[type(w).__name__ for w in scene.ui.widgets].index("TextInput")]
    frame(services, click(field.rect.center))
    frame(services, [key(pygame.K_BACKSPACE)] * 8)
    type_text(services, "Zoë🤖")
    assert scene.players[0].name == "Zoë"
    assert scene.problem == "The game's font cannot show that character, so it was left out."
    type_text(services, "李Ñ★")
    assert scene.players[0].name == "ZoëÑ★"
    type_text(services, "a")                     # typing on: the notice has been read
    assert scene.problem is None and scene.players[0].name == "ZoëÑ★a"
    # a red heart as emoji pickers send it: the heart and an invisible variation selector,
    # which has no width (drawing it alone stopped the game): kept, and dropped unsaid
    frame(services, [pygame.event.Event(pygame.TEXTINPUT, text="\u2764\ufe0f")])
    assert scene.problem is None and scene.players[0].name == "ZoëÑ★a\u2764"


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_colour_name_shows_whole_in_the_smallest_window(language: str) -> None:
    """At 800×450 the colour chooser cut "Yellow" and "Purple": the name takes a smaller
    type instead, as buttons do."""
    from game.i18n import _ as translated
    from game.scenes.setup import COLOUR_LABELS
    from game.ui import text_fit
    services = headless_services((800, 450), language)
    services.scenes.push(SetupScene(services, GAMES_BY_ID["roborally"]))
    services.scenes.apply_pending()
    frame(services)
    scene = services.scenes.top
    names = {translated(label) for label in COLOUR_LABELS.values()}
    shown = set()
    with text_fit.collected() as reports:
        for _step in range(len(COLOUR_LABELS)):
            chooser = next(w for w in scene.ui.widgets
                           if isinstance(w, Cycler) and w.current_label() in names)
            shown.add(chooser.current_label())
            frame(services, click((chooser.rect.right - chooser.rect.h // 2,
                                   chooser.rect.centery)))
    assert len(shown) >= len(COLOUR_LABELS) - 1          # all but the other player's
    assert [str(r) for r in reports if r.text in names] == []
