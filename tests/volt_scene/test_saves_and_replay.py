"""VOLT saves and the replay viewer, as a player meets them: save and quit, closing the window,
the autosave after every round, Continue, and stepping through a game with the replay bar."""

from __future__ import annotations

import re
import types

import pygame
import yaml

from game import i18n, paths
from game.controllers.volt import VoltController
from game.core.types import Direction8
from game.saves import ProgrammingClock, SavedGame, autosave_path, list_saves, read_save, write_save
from game.scenes.dialogs import ConfirmDialog, PauseMenu, PrivacyScreen
from game.scenes.menu import MenuScene
from game.scenes.notices import NoticeDialog
from game.scenes.replay import log_folder
from game.scenes.saves_hook import flush_saves, open_save, saved_entries
from game.scenes.saves_list import continue_last_game
from game.scenes.saves_list import SavesScene, moment_of
from game.scenes.volt import replay, resume
from game.scenes.volt.demos import SCREENSHOT_SCENES
from game.scenes.volt.end import VoltWinScene
from game.scenes.volt.presenter import Shown
from game.scenes.volt.replay import VoltReplayScene
from game.scenes.volt import table as table_module
from game.scenes.volt.table import VoltArenaScene
from game.ui.text_fit import collected
from game.volt import events as ev
from tests.ui.helpers import click, frame, key
from tests.volt_scene.test_arena_scene import button, open_game, program_screen, tray

TWO = (("Anna", "red", None), ("Ben", "blue", "greedy"))
MOVE_LINE = re.compile(r"^Round \d+ · (\d+)\. ")


def half_programmed():
    """Anna (human) has put one red die on cross II; Ben is a bot."""
    services, scene = program_screen(TWO)
    frame(services, click(tray(scene, "red").center))
    frame(services, click(scene.layout.key_rect(1, Direction8.NE).center))
    assert scene.ctrl.state.programs[0][1] is not None
    return services, scene


def finished_game():
    """A whole game between three bots, shown to its end (the win screen on top)."""
    from tests.ui.helpers import headless_services
    services = headless_services()
    stack = SCREENSHOT_SCENES["volt-win"](services)
    for scene in stack:
        services.scenes.push(scene)
    services.scenes.apply_pending()
    frame(services)
    assert isinstance(services.scenes.top, VoltWinScene)
    return services, stack[0]


def state_after(saved: SavedGame, count: int, arena_scene: VoltArenaScene) -> VoltController:
    """The game as it stood after its first `count` actions."""
    ctrl = VoltController(arena_scene.ctrl.arena, arena_scene.ops, arena_scene.ctrl.seed)
    ctrl.restore(saved.actions[:count])
    return ctrl


def settle(services, viewer, limit=400):
    for _ in range(limit):
        if not viewer.is_animating():
            return
        frame(services, dt=0.1)
    raise AssertionError("the replay never stopped animating")


def assert_shows(viewer: VoltReplayScene, ctrl: VoltController) -> None:
    assert viewer.ctrl.state.to_dict() == ctrl.state.to_dict()
    expected = Shown.of(ctrl)
    shown = viewer.presenter.shown
    assert (shown.pos, shown.damage, shown.vp, shown.markers, shown.winner) == \
        (expected.pos, expected.damage, expected.vp, expected.markers, expected.winner)


# -- saving and resuming ---------------------------------------------------------------------

def test_save_and_quit_in_the_pause_menu_then_continue_resumes_there() -> None:
    services, scene = half_programmed()
    before = scene.ctrl.state.to_dict()
    frame(services, [key(pygame.K_ESCAPE)])
    menu = services.scenes.top
    assert isinstance(menu, PauseMenu)
    frame(services, click(button(menu, "Save and quit").rect.center))
    frame(services)
    assert isinstance(services.scenes.top, MenuScene) and len(services.scenes.stack) == 1
    saves = [e for e in saved_entries() if not e.is_autosave]
    assert len(saves) == 1 and saves[0].saved is not None and not saves[0].saved.finished

    continue_last_game(services)
    frame(services)
    listing = services.scenes.top
    assert isinstance(listing, SavesScene)
    listing.select(listing.entries.index(saves[0]))
    frame(services, click(button(listing, "Resume").rect.center))
    frame(services)
    again = services.scenes.top
    assert isinstance(again, VoltArenaScene) and again is not scene
    assert again.ctrl.state.to_dict() == before
    frame(services)
    assert again.programmer == 0, "Anna goes on programming"
    assert again.ctrl.state.programs[0][1] is not None, "with her die still on cross II"


def test_a_game_saved_mid_programming_goes_on_with_the_time_already_used(monkeypatch) -> None:
    """VT-5.2.8: in hot-seat the programming time orders the start numbers, so saving and
    resuming must not hand the programmer a fresh clock (docs/saves.md)."""
    services, scene = half_programmed()       # Anna's clock started at 0.0
    scene.clock = lambda: 40.0                # she has been programming for 40 seconds
    frame(services, [key(pygame.K_ESCAPE)])
    frame(services, click(button(services.scenes.top, "Save and quit").rect.center))
    frame(services)
    saved = next(e.saved for e in saved_entries() if not e.is_autosave)
    assert saved is not None and saved.clock == ProgrammingClock(0, 40.0)

    now = [1000.0]                            # the resumed game runs on another clock
    monkeypatch.setattr(table_module, "time", types.SimpleNamespace(monotonic=lambda: now[0]))
    assert open_save(services, next(e for e in saved_entries() if not e.is_autosave)) is None
    services.scenes.apply_pending()
    frame(services)
    again = services.scenes.top
    assert isinstance(again, VoltArenaScene) and again.programmer == 0
    assert again.clock() - again.program_started == 40.0, "her clock shows 0:40, not 0:00"
    now[0] += 5.0
    for cross, colour in ((0, "blue"), (2, "blue")):
        frame(services, click(tray(again, colour).center))
        frame(services, click(again.layout.key_rect(cross, Direction8.N).center))
    frame(services, click(button(again, "Lock in").rect.center))
    assert again.ctrl.human_times[0] == 45_000


def test_the_pause_menu_of_a_finished_game_quits_without_saving() -> None:
    services, scene = finished_game()
    frame(services, [key(pygame.K_ESCAPE)])  # closes the win screen
    frame(services, [key(pygame.K_ESCAPE)])
    assert isinstance(services.scenes.top, PauseMenu)
    assert button(services.scenes.top, "Quit to menu")


def test_closing_the_window_mid_game_offers_to_save_and_the_save_resumes() -> None:
    services, scene = half_programmed()
    before = scene.ctrl.state.to_dict()
    frame(services, [pygame.event.Event(pygame.QUIT)])
    dialog = services.scenes.top
    assert isinstance(dialog, ConfirmDialog) and not services.scenes.quit_requested
    frame(services, click(button(dialog, "Save and quit").rect.center))
    assert services.scenes.quit_requested
    (entry,) = [e for e in saved_entries() if not e.is_autosave]
    assert open_save(services, entry) is None
    services.scenes.apply_pending()
    again = services.scenes.top
    assert isinstance(again, VoltArenaScene)
    assert again.ctrl.state.to_dict() == before


def test_two_humans_resume_behind_the_privacy_screen() -> None:
    services, scene = program_screen((("Anna", "red", None), ("Ben", "blue", None)))
    frame(services, click(tray(scene, "blue").center))
    frame(services, click(scene.layout.key_rect(0, Direction8.N).center))
    again = resume(services, scene.saved_game())
    services.scenes.reset(again)
    frame(services)
    frame(services)
    assert isinstance(services.scenes.top, PrivacyScreen), "nobody sees Anna's controller"
    assert services.scenes.top.player_name == "Anna" and again.programmer is None


def test_an_autosave_after_the_first_round_resumes_to_that_round() -> None:
    services, scene = open_game([("Anna", "red", "random"), ("Ben", "blue", "greedy")])
    path = autosave_path(paths.saves_dir(), "volt")
    for _ in range(5000):
        flush_saves()              # written in the background: wait for it, frame by frame
        if path.exists():
            break
        frame(services, dt=0.1)
    else:
        raise AssertionError("no autosave")
    state = scene.ctrl.state
    assert state.round == 2, "written when round 1 was complete"
    snapshot = state.to_dict()
    saved = read_save(path)
    assert not saved.finished and len(saved.actions) == len(scene.ctrl.match.log)
    again = resume(services, saved)
    assert again.ctrl.state.to_dict() == snapshot

    for _ in range(20_000):  # on to the end: the autosave is then marked finished
        flush_saves()
        if scene.ctrl.is_over() and read_save(path).finished:
            break
        answer = services.scenes.top
        if answer is not scene:
            break
        frame(services, dt=0.1)
    final = read_save(path)
    assert final.finished and len(final.actions) == len(scene.ctrl.match.log)


def test_a_resumed_game_shows_the_game_log_so_far() -> None:
    """The log panel of a resumed game tells the rounds before the save, as it did before
    the break (RoboRally's does the same)."""
    services, scene = program_screen(TWO, round_number=3)
    before = [entry.text for entry in scene.log_entries()]
    assert len(before) > 10 and any("takes start number" in line for line in before), before
    again = resume(services, scene.saved_game())
    assert [entry.text for entry in again.log_entries()] == before
    assert again.presenter.shown.pos == [r.at for r in again.ctrl.state.robots]


def test_a_failed_autosave_is_a_line_in_the_log_and_play_goes_on() -> None:
    paths.user_data_dir().mkdir(parents=True, exist_ok=True)
    paths.saves_dir().write_text("not a folder", encoding="utf-8")
    services, scene = open_game([("Anna", "red", "random"), ("Ben", "blue", "random")])
    notice = services.scenes.top       # told at once that saves cannot be made (issue 17)
    assert isinstance(notice, NoticeDialog) and "games cannot be saved" in notice.messages[0]
    frame(services, [key(pygame.K_RETURN)])
    for _ in range(3000):
        if scene.ctrl.state.round >= 3:
            break
        frame(services, dt=0.1)
    assert scene.ctrl.state.round >= 3, "the game went on"
    flush_saves()                      # the failure comes back from the background writer
    warnings = [kwargs["text"] for msgid, kwargs in scene.presenter.log if msgid == "{text}"]
    assert warnings and "Cannot save" in warnings[0]
    assert services.scenes.top is scene


def test_a_hand_edited_save_with_an_illegal_move_says_so_through_continue() -> None:
    services, scene = half_programmed()
    saved = scene.saved_game()
    data = yaml.safe_load(yaml.safe_dump(saved.to_dict()))
    place = next(a for a in data["actions"] if a.get("type") == "PlaceDie"
                 or "cross" in a)
    place["value"] = 9  # no die shows a 9
    number = data["actions"].index(place) + 1
    write_save(paths.saves_dir() / "edited.yaml",
               SavedGame("volt", data["setup"], data["actions"], "edited"))
    (entry,) = list_saves(paths.saves_dir())
    assert entry.saved is not None
    for as_replay in (False, True):
        message = open_save(services, entry, replay=as_replay)
        assert message is not None and "does not replay" in message and "edited" in message
        assert f"(action {number}: PlaceDie is not legal now: a die shows 1..6" in message
    del place["cross"]   # not an action at all: no Python words about its fields
    write_save(paths.saves_dir() / "edited.yaml",
               SavedGame("volt", data["setup"], data["actions"], "edited"))
    (entry,) = list_saves(paths.saves_dir())
    message = open_save(services, entry)
    assert message is not None and f"(action {number}: an action this game cannot read)" \
        in message, message
    listing = SavesScene(services)
    services.scenes.reset(listing)
    frame(services)
    frame(services, click(button(listing, "Resume").rect.center))
    frame(services)
    assert services.scenes.top is listing and "does not replay" in (listing.problem or "")


# -- the replay viewer -----------------------------------------------------------------------

def test_the_replay_steps_back_and_forth_through_the_game() -> None:
    services, game = finished_game()
    saved = game.saved_game()
    assert saved.finished
    services.settings.animation_speed = "fast"
    viewer = replay(services, saved)
    services.scenes.reset(viewer)
    frame(services)
    assert services.scenes.top is viewer, "a finished game asks nothing first"
    assert viewer.bar.index == 0 and viewer.bar.total == len(saved.actions)
    assert_shows(viewer, state_after(saved, 0, game))

    n = 45
    animated = 0
    for _ in range(n):
        frame(services, [key(pygame.K_RIGHT)])
        animated += viewer.steps.current is not None
        settle(services, viewer)
    assert viewer.bar.index == n
    assert animated > 5, "steps forward play the arena's animations"
    assert_shows(viewer, state_after(saved, n, game))
    assert services.scenes.top is viewer, "no privacy screen, no bot, no win screen"

    frame(services, click(button(viewer, "Step back").rect.center))
    assert viewer.bar.index == n - 1 and viewer.steps.current is None
    assert_shows(viewer, state_after(saved, n - 1, game))

    frame(services, [key(pygame.K_END)])
    assert_shows(viewer, game.ctrl)
    assert viewer.presenter.shown.winner == game.ctrl.state.winner
    frame(services, [key(pygame.K_HOME)])
    assert viewer.bar.index == 0 and viewer.ctrl.match.log == []


def test_autoplay_advances_and_the_bar_follows_the_animations() -> None:
    services, game = finished_game()
    viewer = replay(services, game.saved_game())
    services.scenes.reset(viewer)
    services.settings.animation_speed = "normal"
    frame(services)
    frame(services, [key(pygame.K_SPACE)])
    assert viewer.bar.playing
    for _ in range(300):
        frame(services, dt=0.1)
    assert viewer.bar.index > 10
    assert len(viewer.ctrl.match.log) == viewer.bar.index
    frame(services, [key(pygame.K_SPACE)])
    stopped = viewer.bar.index
    for _ in range(30):
        frame(services, dt=0.1)
    assert viewer.bar.index == stopped


def test_export_writes_one_numbered_line_per_move() -> None:
    services, game = finished_game()
    saved = game.saved_game()
    viewer = replay(services, saved)
    services.scenes.reset(viewer)
    frame(services)
    frame(services, click(button(viewer, "Export log").rect.center))
    assert viewer.bar.message and viewer.bar.message.startswith("Log written to")
    (written,) = log_folder().glob("*.txt")
    lines = written.read_text(encoding="utf-8").splitlines()
    numbers = [int(m.group(1)) for m in map(MOVE_LINE.match, lines) if m]
    assert numbers == list(range(1, len(saved.actions) + 1))
    text = "\n".join(lines)
    assert "Screens down! Every program is revealed." in text and " wins!" in text
    assert re.search(r"puts a (blue|red) \d on cross I+: (move|fire) ", text)


def test_the_replay_log_and_bar_speak_german() -> None:
    services, game = finished_game()
    i18n.set_language("de")
    viewer = replay(services, game.saved_game())
    services.scenes.reset(viewer)
    frame(services)
    lines = viewer.log_lines()
    assert lines[0].startswith("Runde 1 · 1. ")
    assert any("legt" in line for line in lines), lines[:12]
    assert button(viewer, "Regeln")


def test_an_unfinished_game_asks_before_its_replay_shows_every_program() -> None:
    services, scene = half_programmed()
    saved = scene.saved_game()
    services.scenes.reset(replay(services, saved))
    frame(services)
    frame(services)
    dialog = services.scenes.top
    assert isinstance(dialog, ConfirmDialog) and "not finished" in dialog.message
    frame(services, click(button(dialog, "Back").rect.center))
    frame(services)
    assert isinstance(services.scenes.top, SavesScene)

    viewer = replay(services, saved)
    services.scenes.reset(viewer)
    frame(services)
    frame(services)
    frame(services, click(button(services.scenes.top, "Show every program").rect.center))
    frame(services)
    assert services.scenes.top is viewer
    frame(services, [key(pygame.K_END)])
    assert viewer.spectator_programs[0][1] is not None, "Anna's half program is shown"
    assert viewer.ctrl.state.to_dict() == scene.ctrl.state.to_dict()


def test_the_win_screen_opens_the_replay_of_the_game_just_finished() -> None:
    services, game = finished_game()
    win = services.scenes.top
    frame(services, click(button(win, "Watch replay").rect.center))
    frame(services)
    viewer = services.scenes.top
    assert isinstance(viewer, VoltReplayScene)
    assert viewer.bar.total == len(game.ctrl.match.log)
    frame(services, [key(pygame.K_ESCAPE)])
    menu = services.scenes.top
    assert isinstance(menu, PauseMenu) and button(menu, "Quit to menu")
    assert button(menu, "Rules").enabled


def test_the_replay_shows_the_revealed_programs_during_activation() -> None:
    services, game = finished_game()
    saved = game.saved_game()
    viewer = replay(services, saved)
    services.scenes.reset(viewer)
    services.settings.animation_speed = "normal"
    frame(services)
    for _ in range(len(saved.actions)):
        viewer.bar.forward()
        if any(isinstance(e, ev.ProgramsRevealed) for e in viewer.ctrl.pending):
            break
    reveal = next(e for e in viewer.ctrl.pending if isinstance(e, ev.ProgramsRevealed))
    assert viewer.spectator_programs == [list(p) for p in reveal.programs]
    for _ in range(40):
        frame(services, dt=0.1)
    assert viewer.presenter.activations, "the list of activations as in the game"


def _position(viewer: VoltReplayScene) -> dict:
    """Everything a seek shows: the state, the arena, the log, the activations, the programs."""
    c = viewer.ctrl
    return {"state": c.state.to_dict(), "log": list(c.match.log),
            "saved": c.saved_actions(), "times": c.human_times, "shown": viewer.presenter.shown,
            "lines": list(viewer.presenter.log), "caption": viewer.presenter.caption,
            "activations": viewer.presenter.activations, "programs": viewer.spectator_programs}


def test_seeking_from_kept_positions_shows_exactly_what_a_replay_from_the_start_shows() -> None:
    services, game = finished_game()
    saved = game.saved_game()
    services.settings.animation_speed = "fast"
    viewer = replay(services, saved)
    fresh = replay(services, saved)
    fresh.snapshots.due = lambda index: False      # the reference: always from the start
    services.scenes.reset(viewer)
    frame(services)
    bar = viewer.bar
    viewer.snapshots.spacing, viewer.snapshots.limit = 7, 1000   # many kept positions
    bar.to_end()
    assert viewer.snapshots.count() >= bar.total // 7 - 1
    targets = sorted({*range(0, bar.total + 1, 5), *range(bar.total - 12, bar.total + 1),
                      7, 8, 13, 14, 15})
    for n in [*reversed(targets), *targets]:
        bar.seek(n)
        fresh.replay_seek(n)
        assert _position(viewer) == _position(fresh), n
    # stepping forward with animations keeps positions too; stepping back lands on them
    viewer.snapshots.clear()
    bar.seek(20)
    for _ in range(20):
        frame(services, [key(pygame.K_RIGHT)])
        settle(services, viewer)
    for n in range(40, 18, -1):
        assert bar.index == n
        fresh.replay_seek(n)
        assert _position(viewer) == _position(fresh), n
        frame(services, click(button(viewer, "Step back").rect.center))


def test_the_saves_list_says_who_won_a_finished_volt_game() -> None:
    services, game = finished_game()
    flush_saves()
    winner = game.ops[game.ctrl.state.winner].name
    entry = next(e for e in saved_entries() if e.summary.finished)
    assert entry.summary.winners == (winner,)
    assert f"won by {winner}" in moment_of(entry)
    assert read_save(entry.path).winners == [winner]


def test_a_long_games_replay_bar_says_its_last_move_whole() -> None:
    """Easy bots play for dozens of rounds: "Move 562 of 562" takes a smaller type in the
    bar's label rather than losing its end to an ellipsis."""
    services, game = finished_game()
    viewer = replay(services, game.saved_game())
    services.scenes.reset(viewer)
    frame(services)
    with collected() as reports:
        frame(services, [key(pygame.K_END)])
    assert viewer.bar.index == viewer.bar.total > 500
    assert not [r for r in reports if str(viewer.bar.total) in r.text], reports
