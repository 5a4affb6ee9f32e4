"""The shell as a player meets it: menu, settings, setup, dialogs, privacy screen."""

from __future__ import annotations

import json
import subprocess

import pygame

import game.scenes.settings as settings_scene
from game import paths
from game.app.scene import Scene
from game.i18n import _
from game.scenes.dialogs import ConfirmDialog, MessageScene, PrivacyScreen
from game.scenes.games import GAMES_BY_ID
from game.scenes.menu import GameCard, MenuScene
from game.scenes.notices import NoticeDialog
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.ui.widgets import Button, Cycler, ScrollList, TextInput
from tests.ui.helpers import click, click_cycler_to, frame, headless_services, key


def widget(scene, kind, text=None):
    for w in scene.ui.widgets:
        if isinstance(w, kind) and (text is None or getattr(w, "text", None) == text
                                    or getattr(w, "label", None) == text):
            return w
    raise AssertionError(f"no {kind.__name__} {text!r} in {type(scene).__name__}")


def open_menu(size=(1280, 720)):
    services = headless_services(size)
    services.scenes.push(MenuScene(services))
    frame(services)
    return services


def test_scene_changes_wait_for_the_end_of_the_frame() -> None:
    services = open_menu()
    menu = services.scenes.top
    services.scenes.push(SettingsScene(services))
    assert services.scenes.top is menu
    frame(services)
    assert isinstance(services.scenes.top, SettingsScene)


def test_going_home_shows_a_fresh_menu_alone_at_the_end_of_the_frame() -> None:
    """Scenes go back to the menu through the home the services were made with (the menu
    imports them, so they cannot import it)."""
    services = open_menu()
    first = services.scenes.top
    services.scenes.push(SettingsScene(services))
    frame(services)
    services.scenes.go_home()
    assert isinstance(services.scenes.top, SettingsScene)
    frame(services)
    assert isinstance(services.scenes.top, MenuScene) and services.scenes.top is not first
    assert len(services.scenes.stack) == 1


def test_a_scene_asked_for_after_going_home_in_the_same_frame_does_not_cover_the_menu() -> None:
    """A table that asks for its privacy screen in the frame the player leaves it (the
    next human's turn comes as the game is left) asks for a scene over itself: it must
    not land over the fresh menu, nor a pop take the menu away."""
    services = open_menu()
    for ask in (lambda: services.scenes.push(PrivacyScreen(services, "Anna", lambda: None)),
                services.scenes.pop):
        services.scenes.push(SettingsScene(services))
        frame(services)
        services.scenes.go_home()
        ask()
        frame(services)
        assert isinstance(services.scenes.top, MenuScene)
        assert len(services.scenes.stack) == 1
    services.scenes.push(SettingsScene(services))   # asked for by the menu: shown
    frame(services)
    assert isinstance(services.scenes.top, SettingsScene)


def test_the_menu_leads_to_each_game_setup() -> None:
    services = open_menu()
    cards = [w for w in services.scenes.top.ui.widgets if isinstance(w, GameCard)]
    assert [c.spec.id for c in cards] == ["robot-master", "roborally", "volt"]
    frame(services, click(cards[2].rect.center))
    assert isinstance(services.scenes.top, SetupScene)
    assert services.scenes.top.spec.id == "volt"
    frame(services, [key(pygame.K_ESCAPE)])
    assert isinstance(services.scenes.top, MenuScene)


def test_the_arrow_keys_go_from_game_to_game_and_enter_opens_one() -> None:
    services = open_menu()
    menu = services.scenes.top
    frame(services, [key(pygame.K_RIGHT)])          # the first press takes the keyboard
    assert isinstance(menu.ui.focused(), GameCard) and menu.ui.focused().spec.id == "robot-master"
    frame(services, [key(pygame.K_RIGHT), key(pygame.K_RIGHT), key(pygame.K_RIGHT)])
    assert menu.ui.focused().spec.id == "volt"      # the last card stays where it is
    frame(services, [key(pygame.K_LEFT)])
    frame(services, [key(pygame.K_DOWN)])
    assert widget(menu, Button, "Settings").focused  # below RoboRally (Continue is off)
    frame(services, [key(pygame.K_UP), key(pygame.K_RETURN)])
    assert isinstance(services.scenes.top, SetupScene)
    assert services.scenes.top.spec.id == "roborally"


def test_the_arrow_keys_pick_an_answer_in_a_dialog_but_stay_in_a_name_field() -> None:
    services = open_menu()
    frame(services, [key(pygame.K_ESCAPE)])
    dialog = services.scenes.top
    assert isinstance(dialog, ConfirmDialog)
    frame(services, [key(pygame.K_LEFT)])           # from the default answer, on the right
    assert dialog.ui.focused().current_text() == "Cancel"
    frame(services, [key(pygame.K_RIGHT)])
    assert dialog.ui.focused() is dialog.ui.default
    frame(services, [key(pygame.K_LEFT)])
    frame(services, [key(pygame.K_RETURN)])
    assert not services.scenes.quit_requested and services.scenes.top is not dialog
    services.scenes.push(SetupScene(services, GAMES_BY_ID["volt"]))
    frame(services)
    setup = services.scenes.top
    name = next(w for w in setup.ui.widgets if isinstance(w, TextInput))
    frame(services, click(name.rect.center))
    frame(services, [key(pygame.K_LEFT), key(pygame.K_DOWN)])
    assert setup.ui.focused() is name


def test_continue_is_disabled_with_a_reason_when_nothing_is_saved() -> None:
    services = open_menu()
    cont = widget(services.scenes.top, Button, "Continue")
    assert not cont.enabled and cont.tooltip == "No saved game yet"


def test_escape_on_the_menu_asks_before_quitting() -> None:
    services = open_menu()
    frame(services, [key(pygame.K_ESCAPE)])
    assert isinstance(services.scenes.top, ConfirmDialog)
    frame(services, [key(pygame.K_RETURN)])
    assert services.scenes.quit_requested


def test_switching_language_in_settings_takes_effect_at_once_and_is_saved() -> None:
    services = open_menu()
    services.scenes.push(SettingsScene(services))
    frame(services)
    language = widget(services.scenes.top, Cycler, "Language")
    right_arrow = language.arrows()[1].center
    frame(services, click(right_arrow))
    assert services.settings.language == "de"
    assert _("Settings") == "Einstellungen"
    saved = json.loads(paths.settings_path().read_text(encoding="utf-8"))
    assert saved["language"] == "de"


def test_settings_show_the_guides_again_and_remember_it() -> None:
    """A player who dismissed the guides too quickly, or hands the game to someone new,
    brings every game's guides back from Settings; with none dismissed there is nothing to
    bring back."""
    services = open_menu()
    settings = SettingsScene(services)
    services.scenes.push(settings)
    frame(services)
    button = widget(settings, Button, "Show the guides again")
    assert button.enabled and services.settings.guides_seen
    frame(services, click(button.rect.center))
    assert services.settings.guides_seen == []
    saved = json.loads(paths.settings_path().read_text(encoding="utf-8"))
    assert saved["guides_seen"] == []
    frame(services)
    notice = services.scenes.top
    assert isinstance(notice, NoticeDialog)
    assert any("guides show again" in message for message in notice.messages)
    assert not widget(settings, Button, "Show the guides again").enabled


def test_open_folder_shows_the_board_folder_or_says_where_it_is() -> None:
    """The board folder lies among hidden user folders: Settings' Open folder hands it to
    the file manager; where none can be started, the window says why and where it is."""
    services = open_menu()
    services.scenes.push(SettingsScene(services))
    frame(services)
    asked = []
    services.open_folder = lambda folder: asked.append(folder)
    frame(services, click(widget(services.scenes.top, Button, "Open folder").rect.center))
    assert asked == [paths.user_boards_dir()]
    services.open_folder = lambda folder: "No such file or directory"
    frame(services, click(widget(services.scenes.top, Button, "Open folder").rect.center))
    assert services.messages[-1] == (
        "Your board folder cannot be shown here (No such file or directory); it is at "
        f"{paths.user_boards_dir()}.")


def test_the_file_manager_is_started_with_the_folder_and_not_waited_for(
        tmp_path, monkeypatch) -> None:
    import game.app.desktop as desktop
    started = []

    class Started:
        def __init__(self, args, **options) -> None:
            started.append((args, options["start_new_session"],
                            options["env"].get("LD_LIBRARY_PATH")))

    monkeypatch.setattr(desktop.sys, "platform", "linux")
    monkeypatch.setattr(subprocess, "Popen", Started)
    folder = tmp_path / "boards"
    assert desktop.open_folder(folder) is None
    assert folder.is_dir()
    # the packaged app: the file manager gets the player's library path, not the bundle's
    monkeypatch.setattr(desktop.paths.sys, "_MEIPASS", "/app/_internal", raising=False)
    monkeypatch.setenv("LD_LIBRARY_PATH", "/app/_internal:/opt/lib")
    monkeypatch.setenv("LD_LIBRARY_PATH_ORIG", "/opt/lib")
    assert desktop.open_folder(folder) is None
    assert started[-1] == (["xdg-open", str(folder)], True, "/opt/lib")

    def missing(args, **options):
        raise FileNotFoundError(2, "No such file or directory")
    monkeypatch.setattr(subprocess, "Popen", missing)
    assert desktop.open_folder(folder) == "No such file or directory"


def test_layout_follows_the_window_size() -> None:
    small, big = open_menu((1280, 720)), open_menu((1920, 1080))
    card_small = next(w for w in small.scenes.top.ui.widgets if isinstance(w, GameCard))
    card_big = next(w for w in big.scenes.top.ui.widgets if isinstance(w, GameCard))
    assert card_big.rect.w == round(card_small.rect.w * 1.5)
    frame(small, [pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080))])
    resized = next(w for w in small.scenes.top.ui.widgets if isinstance(w, GameCard))
    assert resized.rect == card_big.rect


def test_setup_keeps_the_player_count_inside_the_variant() -> None:
    services = open_menu()
    services.scenes.push(SetupScene(services, GAMES_BY_ID["volt"]))
    frame(services)
    setup = services.scenes.top
    for _click in range(5):
        frame(services, click(widget(setup, Button, "Add player").rect.center))
    assert len(setup.players) == 4  # VOLT: 2–4 operators
    assert not widget(setup, Button, "Add player").enabled
    colours = [p.colour for p in setup.players]
    assert len(set(colours)) == 4


def test_setup_refuses_to_start_without_names_and_says_why() -> None:
    services = open_menu()
    services.scenes.push(SetupScene(services, GAMES_BY_ID["robot-master"]))
    frame(services)
    setup = services.scenes.top
    name = next(w for w in setup.ui.widgets if isinstance(w, TextInput))
    frame(services, click(name.rect.center))
    for _press in range(10):
        frame(services, [key(pygame.K_BACKSPACE)])
    assert setup.players[0].name == ""
    frame(services, click(widget(setup, Button, "Start").rect.center))
    assert setup.problem == "Every player needs a name."
    assert services.scenes.top is setup


def test_team_variant_brings_four_players() -> None:
    services = open_menu()
    services.scenes.push(SetupScene(services, GAMES_BY_ID["robot-master"]))
    frame(services)
    setup = services.scenes.top
    variant = next(w for w in setup.ui.widgets if isinstance(w, Cycler)
                   and any(label == "Two teams" for _value, label in w.options))
    click_cycler_to(services, variant, "Two teams")
    assert len(setup.players) == 4
    click_cycler_to(services, variant, "Solo")
    assert len(setup.players) == 1


def test_the_privacy_screen_hides_until_the_named_player_clicks() -> None:
    services = open_menu()
    ready = []
    services.scenes.push(PrivacyScreen(services, "Anna", lambda: ready.append(True)))
    frame(services)
    frame(services, [pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0),
                                        buttons=(0, 0, 0))])
    assert ready == []
    frame(services, click((640, 360)))
    assert ready == [True]
    assert isinstance(services.scenes.top, MenuScene)


def test_a_game_without_its_scene_says_it_is_coming() -> None:
    services = open_menu()
    spec = GAMES_BY_ID["volt"]
    setup = SetupScene(services, spec)
    services.scenes.push(setup)
    frame(services)
    from game.scenes.games import find_start
    if find_start(spec) is None:
        setup.boards = []
        setup.spec = GAMES_BY_ID["robot-master"] if find_start(GAMES_BY_ID["robot-master"]) \
            is None else spec
        setup.board_index = None
        if setup.spec.board_format is None:
            setup.start()
            frame(services)
            assert isinstance(services.scenes.top, MessageScene)


def test_drawing_twice_gives_the_same_pixels() -> None:
    services = open_menu()
    surface = services.window.surface
    top: Scene = services.scenes.top
    top.draw(surface)
    first = pygame.image.tobytes(surface, "RGB")
    top.draw(surface)
    assert pygame.image.tobytes(surface, "RGB") == first


def test_an_idle_screen_is_not_redrawn() -> None:
    """The loop sleeps when nothing moves: no redraw without a change (issue 2: no burnt core)."""
    from game.app.loop import step
    services = open_menu()
    surface = services.window.surface
    assert step(services, [], 0.0, surface) is True  # the first frame of the menu
    assert step(services, [], 0.0, surface) is False
    moved = pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0))
    assert step(services, [moved], 0.0, surface) is True
    assert step(services, [], 0.0, surface) is False


def test_the_board_folder_hint_tells_of_the_command_line_only_from_the_source(monkeypatch) -> None:
    drawn: list[str] = []
    draw = settings_scene.draw_paragraphs

    def record(surface, text, *args, **kwargs):
        drawn.append(text)
        return draw(surface, text, *args, **kwargs)

    monkeypatch.setattr(settings_scene, "draw_paragraphs", record)
    for bundled in (False, True):
        monkeypatch.setattr(paths, "is_bundled", lambda: bundled)
        services = open_menu()
        services.scenes.push(SettingsScene(services))
        frame(services)
        frame(services)                             # the push lands at the end of a frame
        hint = next(text for text in drawn if text.startswith("Put your own boards"))
        assert ("python main.py check" in hint) is not bundled
        assert "a file with a mistake says there which line is wrong" in hint
        drawn.clear()


def test_a_list_opened_on_a_row_below_its_window_shows_that_row() -> None:
    rows = ScrollList(pygame.Rect(0, 0, 300, 100), [f"save {i}" for i in range(10)],
                      lambda index: None, selected=8, row_height=36)
    top = 8 * 36 - rows.scroll
    assert 0 <= top and top + 36 <= rows.rect.h
