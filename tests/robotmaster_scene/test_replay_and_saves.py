"""Saving from the table (pause menu, window close, autosave), Continue, and the replay viewer,
driven like a player: keys, clicks on labelled buttons, frames."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game import paths
from game.controllers.robotmaster import RobotMasterController, Seat
from game.save_moments import one_per_moment
from game.saves import autosave_path, list_saves, read_save, write_save
from game.scenes.dialogs import ConfirmDialog, PauseMenu
from game.scenes.menu import MenuScene
from game.scenes.notices import NoticeDialog
from game.scenes.replay import ReplayBar
from game.scenes.robotmaster import replay
from game.scenes.robotmaster.end import RobotMasterEnd
from game.scenes.robotmaster.replay import RobotMasterReplay, replay_steps
from game.scenes.robotmaster.table import RobotMasterTable
from game.scenes.saves_hook import flush_saves, open_save
from game.scenes.saves_list import moment_of
from tests.robotmaster_scene.helpers import (bots_to_the_end_of_a_game, open_table, place_by_clicks,
                                          run_until, waiting)
from tests.ui.helpers import click, frame, headless_services, key

DUEL = [Seat("Anna", "red"), Seat("Bolt", "blue", "normal")]


def press(services, label: str) -> None:  # noqa: ANN001 - Services
    """Click the button of the top scene that shows `label`."""
    top = services.scenes.top
    buttons = [w for w in top.ui.widgets if getattr(w, "current_text", None)
               and w.current_text() == label]
    assert buttons, f"no button {label!r} on {type(top).__name__}"
    frame(services, click(buttons[0].rect.center))
    services.scenes.apply_pending()


def own_saves() -> list:
    return [e for e in list_saves(paths.saves_dir()) if not e.is_autosave]


def a_game_in_progress():  # noqa: ANN201 - (services, table)
    """Anna (human) against a bot, two of Anna's cards played."""
    services, table = open_table("standard", DUEL, seed=23)
    for _ in range(2):
        run_until(services, lambda: waiting(services, table))
        place_by_clicks(services, table, table.controller.legal()[0])
    run_until(services, lambda: waiting(services, table))
    return services, table


def test_save_and_quit_from_the_pause_menu_resumes_at_the_same_place() -> None:
    services, table = a_game_in_progress()
    before = table.controller.state.to_dict()
    frame(services, [key(pygame.K_ESCAPE)])
    services.scenes.apply_pending()
    assert isinstance(services.scenes.top, PauseMenu)
    press(services, "Save and quit")
    assert isinstance(services.scenes.top, MenuScene)
    [entry] = own_saves()
    assert entry.saved is not None and not entry.saved.finished
    assert open_save(services, entry) is None          # what Continue's Resume does
    services.scenes.apply_pending()
    again = services.scenes.top
    assert isinstance(again, RobotMasterTable)
    assert again.controller.state.to_dict() == before
    run_until(services, lambda: waiting(services, again))
    assert again.interactive() and again.shown_hand() == again.controller.state.hands[0]


def save_and_quit(services) -> None:  # noqa: ANN001 - Services
    frame(services, [key(pygame.K_ESCAPE)])
    services.scenes.apply_pending()
    press(services, "Save and quit")
    assert isinstance(services.scenes.top, MenuScene)


def resume(services, entry) -> RobotMasterTable:  # noqa: ANN001
    assert open_save(services, entry) is None
    services.scenes.apply_pending()
    table = services.scenes.top
    assert isinstance(table, RobotMasterTable)
    run_until(services, lambda: waiting(services, table))
    return table


def test_save_and_quit_in_a_resumed_game_updates_its_save_instead_of_adding_one() -> None:
    """The list showed the same game twice, both "saved 10:41", after Continue, a card and
    Save and quit again; a player could not tell which one was the newer."""
    services, _table = a_game_in_progress()
    save_and_quit(services)
    [first] = own_saves()
    write_save(first.path, replace(first.saved, title="Rematch"))     # the player renamed it
    again = resume(services, own_saves()[0])
    place_by_clicks(services, again, again.controller.legal()[0])
    run_until(services, lambda: waiting(services, again))
    later = again.controller.state.to_dict()
    save_and_quit(services)
    [entry] = own_saves()
    assert entry.path == first.path and entry.summary.title == "Rematch"
    assert resume(services, entry).controller.state.to_dict() == later
    # another game of the same kind is a save of its own
    other, _ = open_table("standard", DUEL, seed=24)
    run_until(other, lambda: waiting(other, other.scenes.top))
    save_and_quit(other)
    assert len(own_saves()) == 2


def test_a_resumed_game_that_ends_is_not_offered_again_by_its_save() -> None:
    """Saved mid-game, resumed and played to the end: the save still said "saved 10:41" and
    Continue started on it, offering to resume a game that was over. It now holds the end
    (its title kept), and the next game does not add a second copy of the finished one."""
    services, table = open_table("solo", [Seat("Anna", "red")], seed=4)
    table.controller.autoplay(10)
    run_until(services, lambda: waiting(services, table))
    save_and_quit(services)
    [first] = own_saves()
    write_save(first.path, replace(first.saved, title="Practice"))
    again = resume(services, own_saves()[0])
    again.controller.autoplay(13)
    run_until(services, lambda: waiting(services, again))
    place_by_clicks(services, again, again.controller.legal()[0])   # the 25th card
    run_until(services, lambda: isinstance(services.scenes.top, RobotMasterEnd))
    flush_saves()

    def state_of(moment: str) -> str:
        """'finished', else the kind of save ('autosave', 'saved')."""
        parts = moment.split(" · ")
        return parts[0] if parts[0] == "finished" else parts[-1].split()[0]

    def listed() -> list[str]:
        return [f"{e.path.name} · {e.summary.title} · {state_of(moment_of(e))}"
                for e in one_per_moment(list_saves(paths.saves_dir()))]

    assert listed() == [f"{first.path.name} · Practice · finished"]
    assert first.saved.finished is False and read_save(first.path).finished
    press(services, "Play again")
    table = services.scenes.top
    run_until(services, lambda: waiting(services, table))
    place_by_clicks(services, table, table.controller.legal()[0])
    run_until(services, lambda: waiting(services, table))
    flush_saves()
    assert sorted(listed()) == sorted([f"{first.path.name} · Practice · finished",
                                       "autosave-robot-master.yaml · Robot Master · Solo · "
                                       "Anna · autosave"])


def test_a_resumed_game_whose_save_cannot_take_its_end_names_that_save(monkeypatch) -> None:
    """The end goes into the save the game was resumed from after the autosave; when the
    disk refuses it, the warning names that save, not the autosave that was written."""
    import game.save_moments as save_moments

    services, table = open_table("solo", [Seat("Anna", "red")], seed=4)
    table.controller.autoplay(10)
    run_until(services, lambda: waiting(services, table))
    save_and_quit(services)
    [first] = own_saves()
    written = save_moments.write_save

    def refuse_the_named_save(path: Path, saved) -> None:  # noqa: ANN001
        if path == first.path:
            raise PermissionError(13, "Permission denied")
        written(path, saved)

    monkeypatch.setattr(save_moments, "write_save", refuse_the_named_save)
    again = resume(services, first)
    again.controller.autoplay(13)
    run_until(services, lambda: waiting(services, again))
    place_by_clicks(services, again, again.controller.legal()[0])
    run_until(services, lambda: isinstance(services.scenes.top, RobotMasterEnd))
    flush_saves()
    frame(services)
    warning = again.save_warning or ""
    assert first.path.name in warning and "autosave" not in warning, warning
    assert warning.startswith("Cannot save to") and warning.endswith("Permission denied")
    assert read_save(autosave_path(paths.saves_dir(), "robot-master")).finished


def test_closing_the_window_mid_game_offers_to_save_and_the_save_resumes() -> None:
    services, table = a_game_in_progress()
    before = table.controller.state.to_dict()
    frame(services, [pygame.event.Event(pygame.QUIT)])
    services.scenes.apply_pending()
    assert isinstance(services.scenes.top, ConfirmDialog)
    assert not services.scenes.quit_requested          # nothing lost before the answer
    press(services, "Save and quit")
    assert services.scenes.quit_requested
    [entry] = own_saves()
    fresh = headless_services()
    assert open_save(fresh, entry) is None
    fresh.scenes.apply_pending()
    assert fresh.scenes.top.controller.state.to_dict() == before


def test_an_autosave_follows_every_placement_and_resumes_there() -> None:
    services, table = open_table("standard", DUEL, seed=23)
    path = autosave_path(paths.saves_dir(), "robot-master")
    run_until(services, lambda: waiting(services, table))
    place_by_clicks(services, table, table.controller.legal()[0])
    run_until(services, lambda: waiting(services, table))   # the bot has placed too
    flush_saves()                                  # the autosave is written in the background
    saved = read_save(path)
    assert saved.actions == table.controller.saved_actions()
    assert sum(a["type"] == "PlaceCard" for a in saved.actions) == 2
    again = replay_free_resume(services, path)
    assert again.controller.state.to_dict() == table.controller.state.to_dict()


def replay_free_resume(services, path: Path) -> RobotMasterTable:  # noqa: ANN001
    entry = next(e for e in list_saves(path.parent) if e.path == path)
    assert open_save(services, entry) is None
    services.scenes.apply_pending()
    assert isinstance(services.scenes.top, RobotMasterTable)
    return services.scenes.top


def test_a_finished_game_is_autosaved_as_finished_and_the_end_screen_replays_it() -> None:
    services, table = open_table("solo", [Seat("Anna", "red")], seed=4)
    table.controller.autoplay(23)
    run_until(services, lambda: waiting(services, table))
    place_by_clicks(services, table, table.controller.legal()[0])   # the 25th card
    run_until(services, lambda: isinstance(services.scenes.top, RobotMasterEnd))
    flush_saves()
    saved = read_save(autosave_path(paths.saves_dir(), "robot-master"))
    assert saved.finished and len(saved.actions) == len(table.controller.saved_actions())
    press(services, "Watch replay")
    viewer = services.scenes.top
    assert isinstance(viewer, RobotMasterReplay)
    assert viewer.bar.total == 25 and viewer.bar.index == 0   # the deal, then 24 cards
    assert viewer.hands_allowed                              # finished: nothing to ask
    frame(services, [key(pygame.K_END)])
    assert viewer.controller.state.to_dict() == table.controller.state.to_dict()
    press(services, "Close replay")
    assert isinstance(services.scenes.top, RobotMasterEnd)


def recorded_game(variant: str, seats: list[Seat], seed: int):  # noqa: ANN201
    """A game played to the end by bots, with the state after every step of the replay
    bar: the deal, then each placement with its draw."""
    c = RobotMasterController(variant, seats, seed)
    c.run_automatic_chance()
    states = [c.state.to_dict()]
    while not c.is_over():
        c.autoplay(1)
        states.append(c.state.to_dict())
    from game.scenes.robotmaster.table import RobotMasterTable as Table
    services = headless_services()
    table = Table(services, c)
    table.skip()
    return services, table.saved_game(), states


def settle(services, viewer: RobotMasterReplay) -> None:  # noqa: ANN001
    run_until(services, lambda: not viewer.is_animating(), dt=0.05)


@pytest.mark.parametrize("variant, seats", [("standard", DUEL), (
    "five_card", [Seat("Anna", "red", "easy"), Seat("Ben", "blue", "strong")])])
def test_the_replay_steps_through_the_same_positions_as_the_game(variant, seats) -> None:
    services, saved, states = recorded_game(variant, seats, seed=9)
    viewer = replay(services, saved)
    assert isinstance(viewer, RobotMasterReplay)
    services.scenes.push(viewer)
    services.scenes.apply_pending()
    bar: ReplayBar = viewer.bar
    assert bar.total == len(states) == len(replay_steps(saved.actions))
    n = 9
    for i in range(n):
        frame(services, [key(pygame.K_RIGHT)])
        if i > 0:   # a placement flies to its cell, as in the game
            assert viewer.flight is not None
        settle(services, viewer)
    assert bar.index == n
    assert viewer.controller.state.to_dict() == states[n - 1]
    state = viewer.controller.state
    assert viewer.cells == state.cells and viewer.hands == state.hands
    frame(services, [key(pygame.K_LEFT)])
    assert viewer.controller.state.to_dict() == states[n - 2]
    assert viewer.cells == viewer.controller.state.cells and viewer.flight is None
    frame(services, [key(pygame.K_END)])
    assert viewer.controller.state.to_dict() == states[-1]
    assert viewer.controller.is_over() and viewer.ended is not None
    frame(services, [key(pygame.K_HOME)])
    assert viewer.controller.state.to_dict() == RobotMasterController(
        variant, seats, 9).state.to_dict() and not viewer.cells
    frame(services, [key(pygame.K_SPACE)])              # autoplay
    run_until(services, lambda: bar.index >= 3, dt=0.1)
    assert viewer.controller.state.to_dict() in states[2:4]
    assert isinstance(services.scenes.top, RobotMasterReplay)   # no privacy screen, no end


def test_the_replay_takes_no_moves_and_bots_do_not_act() -> None:
    services, saved, states = recorded_game("standard", DUEL, seed=5)
    viewer = replay(services, saved)
    services.scenes.push(viewer)
    services.scenes.apply_pending()
    viewer.bar.seek(4)
    for _ in range(40):
        frame(services, click((640, 300)) + [key(pygame.K_1), key(pygame.K_RETURN)], dt=0.2)
    assert viewer.bar.index == 4 and viewer.controller.state.to_dict() == states[3]
    assert viewer.controller.tentative is None
    frame(services, [key(pygame.K_ESCAPE)])
    services.scenes.apply_pending()
    labels = {w.current_text() for w in services.scenes.top.ui.widgets}
    assert isinstance(services.scenes.top, PauseMenu)
    assert "Quit to menu" in labels and "Save and quit" not in labels   # a replay saves nothing


def test_export_writes_one_line_per_event_in_the_players_language() -> None:
    services, saved, states = recorded_game("standard", DUEL, seed=9)
    viewer = replay(services, saved)
    services.scenes.push(viewer)
    services.scenes.apply_pending()
    press(services, "Export log")
    assert viewer.bar.message is not None and viewer.bar.message.startswith("Log written to")
    [path] = (paths.user_data_dir() / "logs").glob("*.txt")
    lines = path.read_text(encoding="utf-8").splitlines()[3:]   # after title, date, blank
    assert len(lines) == len(saved.actions) + 1      # one per action, and the result
    assert lines[0] == "Game 1, move 1: Anna plays first; the rows belong to Anna." or \
        lines[0].startswith("Game 1, move 1: Bolt plays first")
    placed = [line for line in lines if " places a " in line]
    assert len(placed) == 24
    for move in range(2, 26):   # the last move also ends the game
        assert sum(line.startswith(f"Game 1, move {move}: ") for line in lines) == (
            1 if move < 25 else 2)
    assert "wins with the" in lines[-1] or "A draw!" in lines[-1]  # the result closes it


def test_the_log_speaks_german() -> None:
    services, saved, _states = recorded_game("standard", DUEL, seed=9)
    from game.i18n import set_language
    set_language("de")
    viewer = RobotMasterReplay(services, saved)
    lines = viewer.log_lines()
    assert lines[1].startswith("Spiel 1, Zug 1: ") and "Startkarte" in lines[1]
    assert any(" legt eine " in line for line in lines)


def test_an_unfinished_game_asks_before_showing_every_hand() -> None:
    services, table = a_game_in_progress()
    path = paths.saves_dir() / "unfinished.yaml"
    write_save(path, table.saved_game())
    entry = next(e for e in list_saves(path.parent) if e.path == path)
    assert open_save(services, entry, replay=True) is None
    services.scenes.apply_pending()
    dialog = services.scenes.top
    assert isinstance(dialog, ConfirmDialog)
    viewer = services.scenes.stack[-2]
    assert isinstance(viewer, RobotMasterReplay) and not viewer.hands_allowed
    press(services, "Show the replay")
    assert services.scenes.top is viewer and viewer.hands_allowed
    frame(services, [key(pygame.K_END)])
    assert viewer.controller.state.to_dict() == table.controller.state.to_dict()


def test_a_hand_edited_illegal_move_gives_a_message_not_a_traceback() -> None:
    services, table = a_game_in_progress()
    saved = table.saved_game()
    first_place = next(i for i, a in enumerate(saved.actions) if a["type"] == "PlaceCard")
    saved.actions[first_place]["cell"] = [7, 7]          # far from every card
    path = paths.saves_dir() / "edited.yaml"
    write_save(path, saved)
    entry = next(e for e in list_saves(path.parent) if e.path == path)
    for as_replay in (False, True):
        message = open_save(services, entry, replay=as_replay)
        assert message is not None and "does not replay" in message and "legal" in message
        assert f"(action {first_place + 1}: PlaceCard is not legal" in message   # which one
    services.scenes.apply_pending()
    assert services.scenes.top is table


@pytest.mark.parametrize("edit, words", [
    (lambda save: save.actions[3].pop("player"), "(action 4: an action this game cannot "
                                                 "read)"),
    (lambda save: save.setup["options"].update(games=""), "(the setup: games must be a whole "
                                                          "number, got '')"),
    (lambda save: save.setup["robot_master"].update(match={"games": 3}),
     "(a setup this game cannot read)"),
])
def test_a_damaged_save_names_what_it_cannot_read(edit, words) -> None:  # noqa: ANN001
    services, table = a_game_in_progress()
    saved = table.saved_game()
    edit(saved)
    path = paths.saves_dir() / "edited.yaml"
    write_save(path, saved)
    entry = next(e for e in list_saves(path.parent) if e.path == path)
    for as_replay in (False, True):
        message = open_save(services, entry, replay=as_replay)
        assert message is not None and words in message, message


def test_a_save_from_the_second_match_resumes_with_its_seats() -> None:
    services, table = open_table("standard", [Seat("Anna", "red", "easy"),
                                              Seat("Bolt", "blue", "normal")], seed=3)
    c = table.controller
    c.games = 1
    c.autoplay(30)
    c.next_game()                 # the match of one game is over: a new match begins
    c.autoplay(5)
    table.skip()
    path = paths.saves_dir() / "second-match.yaml"
    write_save(path, table.saved_game())
    again = replay_free_resume(services, path)
    assert again.controller.state.to_dict() == c.state.to_dict()


def test_a_failed_autosave_only_warns_and_play_goes_on() -> None:
    import shutil
    folder = paths.saves_dir()
    shutil.rmtree(folder, ignore_errors=True)
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("not a folder", encoding="utf-8")   # every save now fails
    services, table = open_table("standard", DUEL, seed=23)
    frame(services)
    notice = services.scenes.top       # told at once that saves cannot be made (issue 17)
    assert isinstance(notice, NoticeDialog) and "games cannot be saved" in notice.messages[0]
    frame(services, [key(pygame.K_RETURN)])
    run_until(services, lambda: waiting(services, table))
    flush_saves()                      # the failure comes back from the background writer
    assert table.save_warning is not None and table.save_warning.startswith("Cannot save")
    place_by_clicks(services, table, table.controller.legal()[0])
    run_until(services, lambda: waiting(services, table))
    assert services.scenes.top is table and len(table.controller.state.placements) == 3


def test_closing_the_window_on_the_end_screen_mid_match_offers_to_save() -> None:
    services, table = open_table("standard", [Seat("Anna", "red", "easy"),
                                              Seat("Bolt", "blue", "normal")], seed=8)
    run_until(services, lambda: isinstance(services.scenes.top, RobotMasterEnd), limit=5000)
    frame(services, [pygame.event.Event(pygame.QUIT)])
    services.scenes.apply_pending()
    assert isinstance(services.scenes.top, ConfirmDialog) and not services.scenes.quit_requested
    press(services, "Save and quit")
    [entry] = own_saves()
    assert entry.saved is not None and not entry.saved.finished   # two games of three to go


def test_the_saves_list_says_who_won_the_match() -> None:
    _services, table = bots_to_the_end_of_a_game(games=1)
    controller = table.controller
    flush_saves()
    assert controller.match_over() and controller.score is not None
    team = controller.score.winner()
    assert team is not None                                   # this seed's game is no draw
    winners = controller.team_names(team)
    entry = next(e for e in list_saves(paths.saves_dir()) if e.summary.finished)
    assert list(entry.summary.winners) == winners and read_save(entry.path).winners == winners
    assert f"won by {winners[0]}" in moment_of(entry)
