"""The VOLT arena as players meet it, driven headless with real clicks and keys."""

from __future__ import annotations

import random

import pygame
import pytest

from game import paths
from game.core.types import Direction8, Pos
from game.i18n import set_language
from game.scenes.dialogs import PauseMenu, PrivacyScreen, RulesOverlay
from game.scenes.games import GAMES_BY_ID, GameSetup, PlayerSetup
from game.scenes.menu import MenuScene
from game.scenes.setup import SetupScene
from game.scenes.volt import arena_painting, start
from game.scenes.volt.demos import SCREENSHOT_SCENES
from game.scenes.volt.end import VoltWinScene
from game.scenes.volt.layout import KEY_ORDER
from game.scenes.volt.table import VoltArenaScene
from game.scenes.volt.texts import points_label
from game.ui import theme
from game.ui.widgets import Button
from game.volt import events as ev
from game.volt.actions import PlaceRobot
from game.volt.model import to_absolute
from tests.ui.helpers import click, frame, headless_services, key


def open_game(players, arena="pit-stop", seed=4, size=(1280, 720), speed="fast",
              language="en"):
    services = headless_services(size, language)
    services.settings.animation_speed = speed
    setup = GameSetup("volt", [PlayerSetup(n, c, b) for n, c, b in players], "training",
                      paths.builtin_boards_dir() / "volt" / f"{arena}.yaml", seed=seed)
    scene = start(services, setup)
    assert isinstance(scene, VoltArenaScene)
    scene.clock = lambda: 0.0  # equal programming times: the seeded Match breaks the tie
    services.scenes.push(scene)
    frame(services)
    return services, scene


def button(scene, text):
    for w in scene.ui.widgets:
        if isinstance(w, Button) and w.current_text() == text:
            return w
    raise AssertionError(f"no button {text!r}; have "
                         f"{[w.current_text() for w in scene.ui.widgets if isinstance(w, Button)]}")


def drag(start_pos, end_pos):
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_pos, button=1),
            pygame.event.Event(pygame.MOUSEMOTION, pos=end_pos, rel=(1, 1), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end_pos, button=1)]


def tray(scene, colour):
    return scene.layout.tray_rect(colour)


def play_until_the_privacy_screen(services, scene):
    """Place restarting robots by clicks until a human's privacy screen comes up."""
    for _ in range(300):
        if isinstance(services.scenes.top, PrivacyScreen):
            return
        if scene.mode == "restart":
            d = scene.ctrl.decision()
            field = next(a.at for a in scene.ctrl.legal(d.player) if isinstance(a, PlaceRobot))
            frame(services, click(scene.view().cell_rect(field).center))
        else:
            frame(services, dt=0.1)


def run_until(services, scene, condition, limit=3000, dt=0.1):
    """Frames (no input) until `condition()` holds; privacy screens are not clicked."""
    for _ in range(limit):
        if condition():
            return
        frame(services, dt=dt)
    raise AssertionError("condition never held")


def answer_privacy(services):
    top = services.scenes.top
    if isinstance(top, PrivacyScreen):
        name = top.player_name
        frame(services, click((10, 10)))
        return name
    return None


def click_program(services, scene, rng):
    """Program by clicks: three dice (mixes stay legal), faces chosen, then Lock in."""
    colours = rng.choice((["blue", "red", "blue"], ["red", "blue", "red"], ["blue", "blue", "red"]))
    for cross, colour in enumerate(colours):
        frame(services, click(tray(scene, colour).center))
        face = rng.randint(1, 6)
        frame(services, click(button(scene, str(face)).rect.center))
        keys = [k for k in KEY_ORDER if colour == "red" or not k.is_diagonal]
        frame(services, click(scene.layout.key_rect(cross, rng.choice(keys)).center))
    lock = button(scene, "Lock in")
    assert lock.enabled
    frame(services, click(lock.rect.center))


def check_activation_order(scene) -> None:
    """The list of coming activations follows VT-6.1: cross I, II, III; on a cross the lower
    face, then blue before red, then the lower start number."""
    numbers = scene.presenter.shown.numbers
    keys = [(a.cross, a.value, 0 if a.colour == "blue" else 1, numbers[a.player])
            for a in scene.presenter.activations]
    assert keys == sorted(keys), keys
    full = 3 * len(scene.ops)  # every die of every operator, skipped ones included
    listed = len(scene.presenter.activations)
    assert listed == full or (listed < full and scene.ctrl.state.winner is not None)


def test_a_whole_game_through_the_scene_with_clicks_and_a_bot() -> None:
    rng = random.Random(5)
    services, scene = open_game([("Anna", "red", None), ("Ben", "blue", None),
                                 ("Clara", "green", "greedy")])
    privacy_names = []
    programmed = []
    lists_checked = 0
    last_list = None
    for _ in range(20_000):
        top = services.scenes.top
        if isinstance(top, VoltWinScene):
            break
        if scene.presenter.activations and scene.presenter.activations is not last_list:
            last_list = scene.presenter.activations
            lists_checked += 1
            check_activation_order(scene)
        name = answer_privacy(services)
        if name is not None:
            privacy_names.append(name)
            continue
        assert top is scene
        if scene.mode == "program":
            programmed.append(scene.name(scene.programmer))
            assert privacy_names[-1] == programmed[-1], "the privacy screen names the programmer"
            click_program(services, scene, rng)
        elif scene.mode == "restart":
            decision = scene.ctrl.decision()
            fields = [a.at for a in scene.ctrl.legal(decision.player)
                      if isinstance(a, PlaceRobot)]
            frame(services, click(scene.view().cell_rect(fields[0]).center))
            assert scene.ctrl.state.robots[decision.player].at == Pos(*fields[0])
        elif scene.mode == "number":
            free = [w for w in scene.ui.widgets if isinstance(w, Button) and w.enabled
                    and w.current_text().isdigit()]
            frame(services, click(free[0].rect.center))
        else:
            frame(services, dt=0.1)
    else:
        raise AssertionError("the game did not end")
    state = scene.ctrl.state
    assert state.winner is not None and state.round >= 2
    assert lists_checked >= state.round - 1
    assert programmed.count("Anna") == programmed.count("Ben") == state.round
    assert len(privacy_names) == 2 * state.round
    shown = scene.presenter.shown
    assert shown.vp == [r.vp for r in state.robots], "the monitors show the final VP"
    assert shown.winner == state.winner
    win = services.scenes.top
    frame(services)
    frame(services, click(button(win, "Play again").rect.center))
    frame(services)
    again = services.scenes.top
    assert isinstance(again, VoltArenaScene) and again is not scene
    assert again.setup.seed == scene.setup.seed + 1 and len(services.scenes.stack) == 1


def program_screen(players=(("Anna", "red", None), ("Ben", "blue", "random")), seat=0,
                   round_number=1):
    """The game at `seat`'s programming screen in round `round_number`, the humans having
    played the rounds before by clicks."""
    return screen_where(players, lambda scene: scene.mode == "program"
                        and scene.programmer == seat
                        and scene.ctrl.state.round >= round_number, 500 * round_number)


def screen_where(players, condition, frames=500):
    """The game when `condition(scene)` first holds, the humans playing by clicks until
    then (programs, restarts, start numbers)."""
    services, scene = open_game(list(players))
    rng = random.Random(1)
    for _ in range(frames):
        answer_privacy(services)
        if condition(scene):
            return services, scene
        if scene.mode == "restart":
            decision = scene.ctrl.decision()
            field = next(a.at for a in scene.ctrl.legal(decision.player)
                         if isinstance(a, PlaceRobot))
            frame(services, click(scene.view().cell_rect(field).center))
        elif scene.mode == "program":
            click_program(services, scene, rng)
        elif scene.mode == "number":
            free = next(w for w in scene.ui.widgets if isinstance(w, Button) and w.enabled
                        and w.current_text().isdigit())
            frame(services, click(free.rect.center))
        else:
            frame(services, dt=0.1)
    raise AssertionError("the condition never held")


def test_blue_dice_go_on_blue_keys_only_and_keys_are_seen_from_the_seat() -> None:
    services, scene = program_screen((("Anna", "red", None), ("Ben", "blue", None)), seat=1)
    assert scene.ops[1].side.value == "N" and scene.view_side().value == "N"
    frame(services, click(tray(scene, "blue").center))
    frame(services, click(button(scene, "5").rect.center))
    frame(services, click(scene.layout.key_rect(0, Direction8.NE).center))
    assert scene.ctrl.state.programs[1][0] is None, "no blue die on a diagonal key (VT-5.2.5)"
    frame(services, click(scene.layout.key_rect(0, Direction8.N).center))
    die = scene.ctrl.state.programs[1][0]
    assert die is not None and die.value == 5
    assert die.direction == Direction8.S, "up on the north operator's controller is south"


def test_dragging_a_die_places_it_and_clicking_it_takes_it_back() -> None:
    services, scene = program_screen()
    frame(services, click(button(scene, "3").rect.center))
    frame(services, drag(tray(scene, "red").center, scene.layout.key_rect(2, Direction8.SW).center))
    die = scene.ctrl.state.programs[0][2]
    assert die is not None and (die.colour.value, die.value) == ("red", 3)
    assert die.direction == to_absolute(scene.ops[0].side, Direction8.SW)
    frame(services, click(scene.layout.key_rect(2, Direction8.SW).center))
    assert scene.ctrl.state.programs[0][2] is None


def test_lock_in_waits_for_three_dice_and_a_third_red_die_does_not_exist() -> None:
    services, scene = program_screen()
    for cross in (0, 1):
        frame(services, click(tray(scene, "red").center))
        frame(services, click(scene.layout.key_rect(cross, Direction8.N).center))
        assert not button(scene, "Lock in").enabled
    assert not scene.can_hold("red")
    frame(services, click(tray(scene, "red").center))
    frame(services, click(scene.layout.key_rect(2, Direction8.N).center))
    assert scene.ctrl.state.programs[0][2] is None, "both red dice are used (VT-2.1)"
    frame(services, [key(pygame.K_b)])
    frame(services, click(scene.layout.key_rect(2, Direction8.W).center))
    assert button(scene, "Lock in").enabled
    frame(services, [key(pygame.K_RETURN)])
    assert scene.programmer is None and scene.ctrl.state.locked[0]


def test_one_human_needs_no_privacy_screen_two_humans_do() -> None:
    services, scene = open_game([("Anna", "red", None), ("Ben", "blue", "random")])
    run_until(services, scene, lambda: scene.mode in ("program", "restart"))
    seen = []
    for _ in range(300):
        seen.append(type(services.scenes.top).__name__)
        if scene.mode == "program":
            break
        if scene.mode == "restart":
            d = scene.ctrl.decision()
            field = next(a.at for a in scene.ctrl.legal(d.player) if isinstance(a, PlaceRobot))
            frame(services, click(scene.view().cell_rect(field).center))
        else:
            frame(services, dt=0.1)
    assert "PrivacyScreen" not in seen and scene.programmer == 0

    services, scene = open_game([("Anna", "red", None), ("Ben", "blue", None)])
    play_until_the_privacy_screen(services, scene)
    assert services.scenes.top.player_name == "Anna"
    assert scene.programmer is None, "no controller behind the privacy screen"
    frame(services, click((5, 5)))
    assert scene.programmer == 0
    click_program(services, scene, random.Random(2))
    assert scene.programmer is None
    frame(services)
    assert isinstance(services.scenes.top, PrivacyScreen)
    assert services.scenes.top.player_name == "Ben"


def test_f1_and_the_pause_menu_show_the_rules_in_german() -> None:
    services, scene = open_game([("Anna", "red", None), ("Ben", "blue", "random")],
                                language="de")
    frame(services, [key(pygame.K_F1)])
    overlay = services.scenes.top
    assert isinstance(overlay, RulesOverlay)
    text = overlay.text()
    assert "Siegpunkte" in text and "Steuerkreuz" in text
    frame(services, [key(pygame.K_ESCAPE)])
    frame(services, [key(pygame.K_ESCAPE)])
    assert isinstance(services.scenes.top, PauseMenu)
    frame(services, click(button(services.scenes.top, "Regeln").rect.center))
    assert isinstance(services.scenes.top, RulesOverlay)


def test_space_skips_the_animation_and_snaps_to_the_state() -> None:
    services, scene = open_game([("Anna", "red", "random"), ("Ben", "blue", "random")],
                                speed="normal")
    run_until(services, scene, lambda: scene.steps.current is not None
              and isinstance(scene.steps.current.event, ev.DieActivated), dt=0.1)
    assert scene.ctrl.pending, "events are still waiting to be shown"
    assert scene.handle_event(key(pygame.K_SPACE))
    state = scene.ctrl.state
    assert scene.steps.current is None and not scene.ctrl.pending
    assert scene.presenter.shown.pos == [r.at for r in state.robots]
    assert scene.presenter.shown.damage == [r.damage for r in state.robots]
    assert scene.presenter.shown.markers == state.markers


def test_a_diagonal_laser_is_drawn_along_its_diagonal() -> None:
    services = headless_services()
    scene = SCREENSHOT_SCENES["volt-activation"](services)[0]
    services.scenes.push(scene)
    services.scenes.apply_pending()
    anim = scene.steps.current
    assert isinstance(anim.event, ev.LaserFired) and anim.event.direction in ("NE", "SW")
    surface = services.window.surface
    scene.draw(surface)
    view = scene.view()
    laser = anim.event
    a = view.centre(laser.src)
    b = view.point(*view.beam_end(laser.src, laser.direction, laser.path, laser.hit is not None))
    for k in (0.3, 0.5, 0.7):
        x, y = int(a[0] + (b[0] - a[0]) * k), int(a[1] + (b[1] - a[1]) * k)
        r, g, bl, *_ = surface.get_at((x, y))
        assert r >= 200 and (g < 150 or (r, g, bl) == theme.VOLT_BEAM_CORE), (k, (r, g, bl))
    scene.steps.current = None
    scene.draw(surface)
    x, y = int((a[0] + b[0]) / 2), int((a[1] + b[1]) / 2)
    assert tuple(surface.get_at((x, y)))[:3] not in (theme.VOLT_BEAM, theme.VOLT_BEAM_CORE)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_screenshot_scenes_draw_at_both_sizes(size) -> None:
    for name, factory in SCREENSHOT_SCENES.items():
        services = headless_services(size)
        for scene in factory(services):
            services.scenes.push(scene)
        services.scenes.apply_pending()
        frame(services)
        assert services.scenes.top is not None, name


def test_win_screen_leads_back_to_the_menu() -> None:
    services = headless_services()
    for scene in SCREENSHOT_SCENES["volt-win"](services):
        services.scenes.push(scene)
    services.scenes.apply_pending()
    win = services.scenes.top
    assert isinstance(win, VoltWinScene)
    frame(services)
    frame(services, click(button(win, "Main menu").rect.center))
    frame(services)
    assert isinstance(services.scenes.top, MenuScene) and len(services.scenes.stack) == 1


def test_the_win_dialog_is_the_only_place_its_buttons_show_until_it_is_closed() -> None:
    """Behind the win dialog the panel showed Watch replay, Main menu and Play again a
    second time, dimmed; once Esc closes the dialog onto the final arena, they are the way on."""
    services = headless_services()
    for scene in SCREENSHOT_SCENES["volt-win"](services):
        services.scenes.push(scene)
    services.scenes.apply_pending()
    frame(services)
    arena = services.scenes.stack[-2]
    assert isinstance(arena, VoltArenaScene)
    labels = ("Watch replay", "Main menu", "Play again")

    def shown(scene) -> list[str]:  # noqa: ANN001
        return [w.current_text() for w in scene.ui.widgets if isinstance(w, Button)
                and w.visible and w.current_text() in labels]

    assert sorted(shown(services.scenes.top)) == sorted(labels) and shown(arena) == []
    frame(services, [key(pygame.K_ESCAPE)])
    frame(services)
    assert services.scenes.top is arena and sorted(shown(arena)) == sorted(labels)


def test_render_draws_every_shipped_arena(tmp_path) -> None:
    from game.tools.render import render_file
    from game.volt.data import load_arena
    for path in sorted((paths.builtin_boards_dir() / "volt").glob("*.yaml")):
        out = tmp_path / f"{path.stem}.png"
        assert render_file(path, out) == 0
        picture = pygame.image.load(str(out))
        arena = load_arena(path)
        assert picture.get_width() >= 64 * arena.width
        # the pits are drawn where the file puts them
        from game.ui.volt_view import render_arena
        surface = render_arena(arena)
        assert surface.get_size() == picture.get_size()


def test_an_arena_that_cannot_be_played_says_why_and_leads_back_to_the_setup(tmp_path) -> None:
    services = headless_services()
    two_sides = tmp_path / "duel.yaml"
    two_sides.write_text(
        "format: volt-arena/1\nname: Duel\nsize: [6, 4]\nmap: |\n"
        "  SN .  V1 V2 .  SN\n  .  .  V3 O  .  .\n  .  .  V4 V5 V6 .\n  SS .  .  .  .  SS\n",
        encoding="utf-8")
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: volt-arena/1\nname: Broken\nsize: [6, 4]\nmap: |\n  XX\n",
                      encoding="utf-8")
    players = [PlayerSetup(n, c, None) for n, c in (("Anna", "red"), ("Ben", "blue"),
                                                    ("Clara", "green"))]
    for path, words in ((two_sides, "no start fields for 3 operators"),
                        (broken, "cannot be played")):
        scene = start(services, GameSetup("volt", players, "training", path, seed=1))
        assert not isinstance(scene, VoltArenaScene)
        assert words in scene.text()
        setup = SetupScene(services, GAMES_BY_ID["volt"])
        services.scenes.reset(setup, scene)       # as SetupScene.start shows a refusal
        frame(services)
        frame(services, [key(pygame.K_ESCAPE)])
        frame(services)
        assert services.scenes.top is setup      # issue 17: Back returns to the setup
    two = start(services, GameSetup("volt", players[:2], "training", two_sides, seed=1))
    assert isinstance(two, VoltArenaScene)


def test_a_saved_game_resumes_where_it_was_saved() -> None:
    import yaml

    from game.saves import SavedGame
    from game.scenes.volt import resume
    services, scene = program_screen((("Anna", "red", None), ("Ben", "blue", "greedy")))
    frame(services, click(tray(scene, "red").center))
    frame(services, click(scene.layout.key_rect(1, Direction8.NE).center))
    saved = scene.saved_game()
    assert saved.game == "volt" and not saved.finished
    # through plain YAML, as a save file holds it
    data = yaml.safe_load(yaml.safe_dump(saved.to_dict()))
    again = resume(services, SavedGame(data["game"], data["setup"], data["actions"]))
    assert isinstance(again, VoltArenaScene)
    assert again.ctrl.state.to_dict() == scene.ctrl.state.to_dict()
    assert again.presenter.shown.pos == [r.at for r in scene.ctrl.state.robots]
    services.scenes.reset(again)
    frame(services)
    frame(services)
    assert services.scenes.top is again and again.programmer == 0, "Anna goes on programming"
    assert again.ctrl.state.programs[0][1] is not None


def test_esc_behind_the_privacy_screen_offers_rules_and_save_and_quit() -> None:
    """Hot-seat players spend much of a game at the privacy screen: its pause menu must
    still show the rules and save the game (issue 8)."""
    from game.saves import list_saves

    services, scene = open_game([("Anna", "red", None), ("Ben", "blue", None)])
    play_until_the_privacy_screen(services, scene)
    assert isinstance(services.scenes.top, PrivacyScreen)
    frame(services, [key(pygame.K_ESCAPE)])
    menu = services.scenes.top
    assert isinstance(menu, PauseMenu)
    assert button(menu, "Rules").enabled
    frame(services, click(button(menu, "Save and quit").rect.center))
    frame(services)
    assert isinstance(services.scenes.top, MenuScene)
    assert any(not e.is_autosave and e.saved and e.saved.game == "volt"
               for e in list_saves(paths.saves_dir()))


def test_a_name_of_sixteen_letters_stands_whole_on_its_monitor_at_800x450() -> None:
    """The operators' monitors cut "Maximilian Bauer" (the longest name the setup takes) in
    the smallest window: the name takes a smaller type first."""
    from game.ui import text_fit
    services, scene = open_game([("Maximilian Bauer", "red", "normal"),
                                 ("Wilhelmine Otter", "blue", "normal")], size=(800, 450))
    scene.dirty = True
    with text_fit.collected() as reports:
        frame(services)
    assert [str(r) for r in reports if r.text in ("Maximilian Bauer", "Wilhelmine Otter")] == []


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_long_name_and_the_monitors_status_word_never_overlap(language: str,
                                                                 monkeypatch) -> None:
    """At 800×450 the name had a fixed 60 px less than its line, and "draußen" or
    "programming…" is wider: "Maximilian Bauer" ran into it. The name now stops where the
    status word begins."""
    from game.scenes.volt import panel_painting
    drawn: dict[str, pygame.Rect] = {}
    real = panel_painting.draw_text

    def recording(surface, text, *args, **kwargs):
        rect = real(surface, text, *args, **kwargs)
        drawn[text] = rect
        return rect

    monkeypatch.setattr(panel_painting, "draw_text", recording)
    services, scene = open_game([("Maximilian Bauer", "red", "normal"),
                                 ("Wilhelmine Otter", "blue", "normal")], size=(800, 450),
                                language=language)
    from game.i18n import _ as translated
    words = {translated(word) for word in ("outside", "locked in ✓", "programming…", "Winner")}
    status_seen = False
    for _frame in range(40):
        drawn.clear()
        scene.dirty = True
        frame(services, dt=0.05)
        for name in ("Maximilian Bauer", "Wilhelmine Otter"):
            for word in words & set(drawn):
                status_seen = True
                assert not drawn[name].colliderect(drawn[word]), (name, word)
    assert status_seen


def test_the_points_that_rise_over_a_scoring_robot_are_in_the_players_language() -> None:
    """German players read SP (Siegpunkte) everywhere; the "+1 VP" that rose over a robot
    whose operator scored was the one English word left on the arena."""
    assert points_label(1) == "+1 VP"
    set_language("de")
    assert points_label(2) == "+2 SP"


def test_a_robot_that_scores_has_its_points_rise_over_it_in_german(monkeypatch) -> None:
    risen: list[str] = []

    def recorded(amount: int) -> str:
        risen.append(points_label(amount))
        return risen[-1]

    monkeypatch.setattr(arena_painting, "points_label", recorded)
    services, scene = open_game([("Anna", "red", "normal"), ("Ben", "blue", "normal")],
                                arena="crossfire", speed="normal", language="de")
    for _frame in range(20_000):
        if risen or isinstance(services.scenes.top, VoltWinScene):
            break
        frame(services, dt=1 / 20)
    assert risen and all(label.endswith(" SP") for label in risen)
