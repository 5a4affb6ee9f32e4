"""RoboRally saves and replays as a player meets them: save and quit from the pause menu,
the window closed mid-game, the autosave after every turn, the replay viewer stepping,
seeking, playing and exporting, and a hand-edited save refused with a message."""

from __future__ import annotations

import re

import pygame
import pytest

from game import i18n, paths
from game.controllers.roborally import RoboRallyController
from game.roborally.actions import LockIn, PlaceCard
from game.saves import autosave_path, read_save, write_save
from game.scenes.dialogs import ConfirmDialog, MessageScene, PauseMenu
from game.scenes.games import GameSetup, PlayerSetup
from game.scenes.menu import MenuScene
from game.scenes.replay import log_folder
from game.scenes.roborally.end import EndScene
from game.scenes.roborally.entry import replay, start
from game.scenes.roborally.replay import ReplayScene
from game.scenes.roborally.table import FactoryScene
from game.scenes.saves_hook import flush_saves, open_save, saved_entries
from game.scenes.saves_list import SavesScene, moment_of
from tests.roborally_scene.helpers import (button, finished_game, new_game, open_replay, play,
                                           programming_in_turn, state_after)
from tests.ui.helpers import click, frame, headless_services, key, start_after_a_crash


# -- saving ------------------------------------------------------------------------------------


def test_save_and_quit_in_the_pause_menu_resumes_through_continue_at_the_same_position() -> None:
    services, scene = new_game(seed=12)
    programming_in_turn(services, scene, 2)
    before = scene.controller.state.to_dict()
    frame(services, [key(pygame.K_ESCAPE)])
    menu = services.scenes.top
    assert isinstance(menu, PauseMenu)
    frame(services, click(button(menu, "Save and quit").rect.center))
    assert type(services.scenes.top).__name__ == "MenuScene"
    saves = SavesScene(services)
    services.scenes.push(saves)
    services.scenes.apply_pending()
    index = next(i for i, e in enumerate(saves.entries) if not e.is_autosave)
    saves.select(index)
    frame(services, click(button(saves, "Resume").rect.center))
    again = services.scenes.top
    assert isinstance(again, FactoryScene) and again is not scene
    assert again.controller.state.to_dict() == before      # two cards still in registers
    assert again.controller.turn == 2


def test_the_pause_menu_of_a_finished_game_only_quits() -> None:
    services, scene = finished_game()
    services.scenes.pop()                 # "Board": back to the final board
    services.scenes.apply_pending()
    scene.back()
    services.scenes.apply_pending()
    pause = services.scenes.top
    assert "Quit to menu" in {b.current_text() for b in pause.ui.widgets}
    frame(services, click(button(pause, "Quit to menu").rect.center))   # saved when it ended
    frame(services)
    assert isinstance(services.scenes.top, MenuScene)


def test_closing_the_window_mid_game_offers_to_save_and_the_save_resumes() -> None:
    services, scene = new_game(seed=12)
    programming_in_turn(services, scene, 2)
    before = scene.controller.state.to_dict()
    frame(services, [pygame.event.Event(pygame.QUIT)])
    dialog = services.scenes.top
    assert isinstance(dialog, ConfirmDialog) and not services.scenes.quit_requested
    frame(services, click(button(dialog, "Save and quit").rect.center))
    assert services.scenes.quit_requested
    saved = [e for e in saved_entries() if not e.is_autosave]
    assert len(saved) == 1 and not saved[0].saved.finished
    fresh = headless_services()
    assert open_save(fresh, saved[0]) is None
    fresh.scenes.apply_pending()
    assert fresh.scenes.top.controller.state.to_dict() == before


def test_an_autosave_is_written_when_the_first_turn_is_complete_and_resumes_there() -> None:
    services, scene = new_game(seed=12)
    path = autosave_path(paths.saves_dir(), "roborally")
    c = scene.controller
    play(services, scene, lambda: c.turn >= 2)
    frame(services, dt=0.1)
    flush_saves()                                  # the autosave is written in the background
    assert path.is_file()
    saved = read_save(path)
    n = len(saved.actions)
    assert saved.actions == c.saved_actions()[:n] and not saved.finished
    # the autosave holds turn 1 complete: its last action ended the turn
    fresh = RoboRallyController(c.board, c.seats, c.seed)
    fresh.restore(saved.actions[:-1])
    assert fresh.turn == 1
    fresh.restore(saved.actions[-1:])
    assert fresh.turn == 2
    again = open_save(services, next(e for e in saved_entries() if e.is_autosave))
    assert again is None
    services.scenes.apply_pending()
    resumed = services.scenes.top
    assert isinstance(resumed, FactoryScene) and resumed.controller.turn == 2
    assert resumed.controller.state.to_dict() == state_after(scene, n)


def test_the_end_of_the_game_is_autosaved_as_finished() -> None:
    services, scene = finished_game()
    flush_saves()
    saved = read_save(autosave_path(paths.saves_dir(), "roborally"))
    assert saved.finished and saved.actions == scene.controller.saved_actions()


def test_a_failed_autosave_shows_in_the_log_and_play_goes_on(monkeypatch) -> None:
    import game.scenes.saves_hook as hook

    def refuse(path, saved) -> None:
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(hook, "write_save", refuse)
    services, scene = new_game(seed=12)
    play(services, scene, lambda: scene.controller.turn >= 3)
    texts = [line.text() for line in scene.display.log]
    assert any(t.startswith("Autosave failed") and "Permission denied" in t for t in texts)


def _resumed_and_replayed_after_an_edit(kind: str, edit: dict[str, object]
                                        ) -> tuple[int, list[str | None]]:
    """A game saved in turn 2, the first action of `kind` edited by hand: its number, and
    what resuming and what replaying the save say."""
    services, scene = new_game(seed=12)
    programming_in_turn(services, scene, 2)
    saved = scene.saved_game()
    number = next(i for i, a in enumerate(saved.actions) if a["type"] == kind) + 1
    saved.actions[number - 1] = dict(saved.actions[number - 1], **edit)
    write_save(paths.saves_dir() / "edited.yaml", saved)
    entry = next(e for e in saved_entries() if e.path.name == "edited.yaml")
    return number, [open_save(services, entry, replay=as_replay) for as_replay in (False, True)]


def test_a_hand_edited_save_with_an_illegal_action_gives_a_message_not_a_traceback() -> None:
    number, messages = _resumed_and_replayed_after_an_edit("PlaceCard", {"card": 9999})
    for message in messages:
        assert message and "may have been edited" in message
        assert f"action {number}" in message


@pytest.mark.parametrize("kind, edit", [("LockIn", {"power_down": {}}),
                                        ("PlaceCard", {"card": True}),
                                        ("PlaceCard", {"register": "1"})])
def test_a_hand_edited_save_with_a_value_of_the_wrong_type_gives_a_message(
        kind: str, edit: dict[str, object]) -> None:
    """Found by bench/input_fuzz.py --seed 780: `power_down: {}` in a lock-in replayed, and
    the status row's drawing stopped the game on the robot's announcement."""
    number, messages = _resumed_and_replayed_after_an_edit(kind, edit)
    for message in messages:
        assert message and "may have been edited" in message
        assert f"action {number}" in message


# -- the replay viewer ---------------------------------------------------------------------------


def test_the_replay_steps_to_the_same_states_the_game_went_through() -> None:
    _services, game = finished_game()
    services, viewer = open_replay(game)
    bar = viewer.bar
    assert bar.total == len(game.controller.match.log)
    n = 40
    for _ in range(n):
        frame(services, click(button(viewer, "Step forward").rect.center))
    assert bar.index == n
    assert viewer.controller.state.to_dict() == state_after(game, n)
    frame(services, click(button(viewer, "Step back").rect.center))
    assert viewer.controller.state.to_dict() == state_after(game, n - 1)
    frame(services, [key(pygame.K_END)])
    assert bar.index == bar.total
    assert viewer.controller.state.to_dict() == game.controller.state.to_dict()
    for sprite, robot in zip(viewer.display.sprites, game.controller.robots()):
        if robot.pos is not None:
            assert (sprite.x, sprite.y) == (robot.pos.x, robot.pos.y)
    assert not any(isinstance(s, EndScene) for s in services.scenes.stack)
    frame(services, [key(pygame.K_HOME)])
    assert bar.index == 0 and viewer.controller.match.log == []


def test_stepping_forward_animates_like_the_game_and_no_bot_acts() -> None:
    _services, game = finished_game()
    services, viewer = open_replay(game)
    services.settings.animation_speed = "normal"
    log = game.controller.match.log
    last_lock = next(i for i, a in enumerate(log) if isinstance(a, LockIn) and
                     state_after(game, i + 1)["stage"] != "program")
    viewer.bar.seek(last_lock)
    frame(services, [key(pygame.K_RIGHT)])      # the last program of turn 1: the robots run
    moving = False
    for _ in range(600):
        frame(services, dt=1 / 30)
        step = viewer.current
        moving = moving or bool(step and step.tweens and 0 < step.t < step.duration)
        if not viewer.animations_running():
            break
    assert moving, "the replayed register phases were not animated"
    assert not viewer.animations_running()
    # nobody played on: the log holds exactly the replayed actions
    assert len(viewer.controller.match.log) == last_lock + 1
    assert any(re.match(r"Cards revealed: \w+ .* \(\d+\)", line.text())
               for line in viewer.display.log)


def test_the_replay_shows_the_program_being_placed_but_takes_no_card() -> None:
    _services, game = finished_game()
    services, viewer = open_replay(game)
    log = game.controller.match.log
    index = next(i for i, a in enumerate(log) if isinstance(a, PlaceCard))
    viewer.bar.seek(index + 1)
    p = log[index].robot
    assert viewer.programmer == p                     # its hand is on the side panel
    assert "Replay: all hands shown" in viewer.status_line()
    hand = viewer.controller.hand(p)
    rect = viewer.hand_slots()[0][0]                 # the hand as drawn on the side panel
    frame(services, click(rect.center))
    frame(services, [key(pygame.K_1)])
    assert viewer.controller.hand(p) == hand and len(viewer.controller.match.log) == index + 1


def test_autoplay_advances_through_the_log() -> None:
    _services, game = finished_game()
    services, viewer = open_replay(game)
    frame(services, click(button(viewer, "Play").rect.center))
    assert viewer.is_animating()                 # the app keeps ticking while it plays
    for _ in range(60):
        frame(services, dt=0.1)
    assert 3 <= viewer.bar.index < viewer.bar.total
    frame(services, [key(pygame.K_SPACE)])
    stopped = viewer.bar.index
    for _ in range(30):
        frame(services, dt=0.1)
    assert viewer.bar.index == stopped


def test_export_writes_the_narration_with_one_line_per_move() -> None:
    _services, game = finished_game()
    services, viewer = open_replay(game)
    viewer.bar.seek(10)
    frame(services, click(button(viewer, "Export log").rect.center))
    files = list(log_folder().glob("*.txt"))
    assert len(files) == 1 and "Log written to" in viewer.bar.message
    lines = files[0].read_text(encoding="utf-8").splitlines()
    total = viewer.bar.total
    moves = [line for line in lines if re.match(r"Turn \d+, move \d+: ", line)]
    assert [int(re.match(r"Turn \d+, move (\d+)", m).group(1)) for m in moves] == \
        list(range(1, total + 1))
    assert any(re.match(r"Turn 1, register 1: Cards revealed: \w+ ", line) for line in lines)
    # an answer says what it answers: the replay shows no question ("David answers: No.")
    answers = [line for line in moves if " · " in line]
    assert answers and all(re.match(r"Turn \d+, move \d+: \w+ · (Facing on return|Stay "
                                    r"powered down): \w+\.$", line) for line in answers)
    winner = game.controller.seats[game.controller.winner()].name
    assert any(f"{winner} wins the race!" in line for line in lines[-3:])
    assert viewer.bar.index == 10 and len(viewer.controller.match.log) == 10   # back where it was


def test_the_replay_of_an_unfinished_game_asks_before_showing_every_hand() -> None:
    services, scene = new_game(seed=12)
    programming_in_turn(services, scene, 2)
    saved = scene.saved_game()
    assert not saved.finished
    viewer = replay(services, saved)
    services.scenes.reset(viewer)
    services.scenes.apply_pending()
    frame(services)
    dialog = services.scenes.top
    assert isinstance(dialog, ConfirmDialog) and "every player's hand" in dialog.message
    frame(services, [key(pygame.K_RIGHT)])       # the bar takes no key meanwhile
    assert viewer.bar.index == 0
    frame(services, click(button(dialog, "Back").rect.center))
    assert isinstance(services.scenes.top, SavesScene)


def test_continue_on_the_question_shows_the_unfinished_game() -> None:
    services, scene = new_game(seed=12)
    programming_in_turn(services, scene, 2)
    viewer = replay(services, scene.saved_game())
    services.scenes.reset(viewer)
    services.scenes.apply_pending()
    frame(services)
    frame(services, click(button(services.scenes.top, "Continue").rect.center))
    assert services.scenes.top is viewer
    frame(services, [key(pygame.K_RIGHT)])
    assert viewer.bar.index == 1 and len(viewer.controller.match.log) == 1


def test_the_end_screen_opens_the_replay_of_the_game_just_finished() -> None:
    services, scene = finished_game()
    end = services.scenes.top
    assert isinstance(end, EndScene)
    frame(services, click(button(end, "Watch replay").rect.center))
    viewer = services.scenes.top
    assert isinstance(viewer, ReplayScene)
    frame(services)
    assert services.scenes.top is viewer             # a finished game asks nothing first
    assert viewer.bar.total == len(scene.controller.match.log)
    frame(services, [key(pygame.K_ESCAPE)])
    pause = services.scenes.top
    assert isinstance(pause, PauseMenu)
    assert {"Rules", "Quit to menu"} <= {b.current_text() for b in pause.ui.widgets}
    # the game is saved as finished: leaving the viewer loses nothing, so it asks nothing
    frame(services, click(button(pause, "Quit to menu").rect.center))
    frame(services)
    assert isinstance(services.scenes.top, MenuScene)


def test_the_replay_viewer_draws_in_german() -> None:
    from game import i18n
    _services, game = finished_game()
    services, viewer = open_replay(game)
    i18n.set_language("de")
    viewer.bar.seek(viewer.bar.total // 2)
    frame(services, dt=0.1)
    assert viewer.status_line().startswith("Wiederholung")
    assert viewer.bar.position_text().startswith("Runde ")   # the turn, then the move


def test_a_course_that_cannot_be_played_says_why(tmp_path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: roborally-course/1\nname: Broken\nboards: [\n", encoding="utf-8")
    services = headless_services()
    players = [PlayerSetup("Anna", "red", None), PlayerSetup("Ben", "blue", "normal")]
    scene = start(services, GameSetup("roborally", players, "base", broken, seed=1))
    assert not isinstance(scene, FactoryScene)
    assert "This course cannot be played" in scene.text() and "broken.yaml:4:1" in scene.text()
    services.scenes.reset(scene)
    frame(services)                                  # drawing the message must not raise


def _position(viewer: ReplayScene) -> dict:
    """Everything a seek shows: the state, the log panel, the phase strip, the turn's
    programs, the robots."""
    c = viewer.controller
    return {
        "state": c.state.to_dict(), "log": list(c.match.log),
        "stats": (c.stats.dealt, c.stats.taken, c.stats.destroyed),
        "lines": [(line.export_text(), line.key) for line in viewer.display.log],
        "strip": (viewer.display.turn, viewer.display.register, viewer.display.phase, list(viewer.display.reveals),
                  viewer.display.acting, viewer.programmer),
        "programs": (viewer.display.cards_turn, viewer.display.turn_cards),
        "robots": viewer.display.robots,
        "sprites": [(s.x, s.y, s.angle, s.visible) for s in viewer.display.sprites],
    }


def test_seeking_from_kept_positions_shows_exactly_what_a_replay_from_the_start_shows() -> None:
    _services, game = finished_game()
    services, viewer = open_replay(game)
    _s, fresh = open_replay(game)
    fresh.snapshots.spacing = 10 ** 9              # the reference keeps no position: it
    #                                                 always replays from the start
    bar = viewer.bar
    viewer.snapshots.spacing, viewer.snapshots.limit = 7, 1000   # many kept positions
    bar.to_end()
    assert viewer.snapshots.count() >= bar.total // 7 - 1
    targets = sorted({*range(0, bar.total + 1, 5), *range(bar.total - 12, bar.total + 1),
                      7, 8, 13, 14, 15, 49, 50, 51})
    for n in [*reversed(targets), *targets]:
        bar.seek(n)
        fresh.replay_seek(n)
        assert _position(viewer) == _position(fresh), n
    # stepping forward with animations keeps positions too; stepping back lands on them
    bar.seek(20)
    for _ in range(20):
        frame(services, click(button(viewer, "Step forward").rect.center))
        frame(services, dt=5.0)
    for n in range(40, 18, -1):
        assert bar.index == n
        fresh.replay_seek(n)
        assert _position(viewer) == _position(fresh), n
        frame(services, click(button(viewer, "Step back").rect.center))


def test_the_exported_log_is_the_whole_game_even_with_kept_positions() -> None:
    _services, game = finished_game()
    _s, viewer = open_replay(game)
    viewer.display.log_limit = 60     # the panel keeps fewer lines than the game has: kept
    viewer.snapshots.spacing = 5      # positions too
    viewer.bar.to_end()
    assert viewer.snapshots.count() and len(viewer.display.log) == 60
    lines = viewer.log_lines()
    assert len(lines) > 60 and lines[0].startswith("Turn 1, move 1:")
    viewer.snapshots.clear()
    assert lines == viewer.log_lines()
    assert len(viewer.display.log) == 60 and viewer.bar.index == viewer.bar.total


def test_the_replay_lights_what_a_hovered_log_line_names_and_zooms_the_board() -> None:
    _services, game = finished_game()
    services, viewer = open_replay(game)
    viewer.bar.seek(viewer.bar.total // 2)
    frame(services)
    log = viewer.display.log
    index = max(i for i, line in enumerate(log) if "dst" in line.values
                and line.values["dst"] != "—")
    viewer.log_scroll = len(log) - 1 - index
    frame(services)
    row = next(rect for rect, i in viewer.table.log_panel.rows if i == index)
    cell = viewer.view.cell_rect(log[index].values["dst"].pos)
    surface = services.window.surface
    frame(services, [pygame.event.Event(pygame.MOUSEMOTION, pos=row.center, rel=(0, 0),
                                        buttons=(0, 0, 0))])
    lit = [tuple(surface.get_at((cell.x + 1, y)))[:3] for y in range(cell.y, cell.bottom)]
    assert sum(c == (120, 230, 255) for c in lit) > cell.h // 2
    fit = viewer.view.tile
    centre = viewer.view.rect.center
    for _ in range(2):
        frame(services, [pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0),
                                            buttons=(0, 0, 0)),
                         pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False,
                                            precise_x=0.0, precise_y=0.0)])
    assert viewer.view.tile > fit


def test_a_finished_game_that_does_not_replay_says_why_on_the_end_screen(monkeypatch) -> None:
    services, _scene = finished_game()
    end = services.scenes.top
    assert isinstance(end, EndScene)

    def broken_replay(services, saved):
        raise ValueError("the log names a card twice")

    monkeypatch.setattr("game.scenes.roborally.end._entry", lambda name: broken_replay)
    frame(services, click(button(end, "Watch replay").rect.center))
    message = services.scenes.top
    assert isinstance(message, MessageScene)
    frame(services)                                 # the message is drawn, not a traceback
    assert "the log names a card twice" in message.text()


def test_up_and_down_pick_a_save_before_any_button_has_the_keyboard() -> None:
    for seed in (12, 13):
        services, scene = new_game(seed=seed)
        programming_in_turn(services, scene, 2)
        frame(services, [key(pygame.K_ESCAPE)])
        frame(services, click(button(services.scenes.top, "Save and quit").rect.center))
    saves = SavesScene(services)
    services.scenes.push(saves)
    services.scenes.apply_pending()
    assert len(saves.entries) >= 2 and saves.selected == 0
    frame(services, [key(pygame.K_DOWN)])
    assert saves.selected == 1
    frame(services, [key(pygame.K_UP)])
    assert saves.selected == 0


def test_a_finished_game_stays_a_replay_in_the_list_when_the_next_game_autosaves() -> None:
    services, scene = finished_game()
    flush_saves()
    finished = scene.controller.saved_actions()
    frame(services, click(button(services.scenes.top, "Play again").rect.center))
    again = services.scenes.top
    assert isinstance(again, FactoryScene) and again is not scene
    play(services, again, lambda: again.controller.turn >= 2)   # its first autosave
    frame(services, dt=0.1)
    flush_saves()
    kept = [e for e in saved_entries() if not e.is_autosave]
    assert len(kept) == 1 and kept[0].summary.finished
    assert kept[0].saved.actions == finished
    autosaved = read_save(autosave_path(paths.saves_dir(), "roborally"))
    assert autosaved.setup["seed"] != kept[0].saved.setup["seed"]       # the game after it
    assert autosaved.actions == again.controller.saved_actions()[:len(autosaved.actions)]
    assert open_save(services, kept[0], replay=True) is None     # it opens as a replay
    services.scenes.apply_pending()
    assert isinstance(services.scenes.top, ReplayScene)


def test_a_finished_game_saved_twice_at_its_end_stays_one_save() -> None:
    from game.scenes.saves_hook import save_scene
    services, scene = finished_game()
    flush_saves()
    assert save_scene(scene, autosave=True) is None        # the window closed on the end
    assert [e.summary.finished for e in saved_entries()] == [True]
    assert read_save(autosave_path(paths.saves_dir(), "roborally")).finished


def test_the_saves_list_says_who_won_a_finished_race() -> None:
    services, scene = finished_game()
    flush_saves()
    c = scene.controller
    winner = c.seats[c.ranking()[0]].name        # first on the end screen
    saves = SavesScene(services)
    assert moment_of(saves.entries[0]).startswith(f"finished · won by {winner} · autosave ")
    i18n.set_language("de")
    assert moment_of(saves.entries[0]).startswith(f"beendet · gewonnen von {winner} · ")


def test_the_saves_list_starts_on_the_newest_game_to_continue_below_newer_replays() -> None:
    services, scene = new_game(seed=12)
    programming_in_turn(services, scene, 2)
    frame(services, [key(pygame.K_ESCAPE)])
    frame(services, click(button(services.scenes.top, "Save and quit").rect.center))
    paused = next(e.path for e in saved_entries() if not e.is_autosave)
    text = paused.read_text(encoding="utf-8")   # saved last week: the list is by time
    paused.write_text(re.sub(r"saved_at: .*", "saved_at: '2026-11-20T20:00:00+00:00'", text),
                      encoding="utf-8")
    for seed in (11, 13):                    # two races played to the end since
        services, _scene = finished_game(seed)
        frame(services, click(button(services.scenes.top, "Main menu").rect.center))
    flush_saves()
    saves = SavesScene(services)
    services.scenes.push(saves)
    services.scenes.apply_pending()
    frame(services)
    assert [e.summary.finished for e in saves.entries] == [True, True, False]
    assert saves.selected == 2
    assert saves.open_button.current_text() == "Resume"


def test_the_results_come_back_after_a_look_at_the_final_board() -> None:
    services, scene = finished_game()
    end = services.scenes.top
    frame(services, click(button(end, "Board").rect.center))
    assert services.scenes.top is scene
    results = button(scene, "Results")        # where Skip was: nothing is left to skip
    frame(services, click(results.rect.center))
    assert isinstance(services.scenes.top, EndScene)
    frame(services, [key(pygame.K_ESCAPE)])        # Esc puts it away too
    assert services.scenes.top is scene
    frame(services, [key(pygame.K_RETURN)])
    assert isinstance(services.scenes.top, EndScene)


def test_a_crashed_game_put_off_with_not_now_survives_the_next_game() -> None:
    services, scene = new_game(seed=12)
    play(services, scene, lambda: scene.controller.turn >= 2)      # autosaved after turn 1
    frame(services, dt=0.1)
    flush_saves()
    interrupted = read_save(autosave_path(paths.saves_dir(), "roborally")).actions
    services = start_after_a_crash()        # the app died here
    frame(services, click(button(services.scenes.top, "Not now").rect.center))
    services, again = new_game(seed=13)
    play(services, again, lambda: again.controller.turn >= 2)      # its own first autosave
    frame(services, dt=0.1)
    flush_saves()
    kept = [e for e in saved_entries() if not e.is_autosave]
    assert len(kept) == 1 and kept[0].saved.actions == interrupted
    assert open_save(services, kept[0]) is None                     # and it resumes
