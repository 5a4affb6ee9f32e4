"""A save keeps its board (issue 17): resuming on a course that changed since asks first, a
save whose course is gone says so, and a setup the game does not have is refused with a
message in the player's words, never Python's."""

from __future__ import annotations

import pygame
import pytest

from game import paths
from game.i18n import set_language
from game.saves import SavedGame, write_save
from game.scenes.dialogs import ConfirmDialog
from game.scenes.games import GameSetup, PlayerSetup
from game.scenes.menu import MenuScene
from game.scenes.roborally.entry import start as start_roborally
from game.scenes.roborally.table import FactoryScene
from game.scenes.save_checks import replay_failure
from game.scenes.saves_hook import open_save, saved_entries
from game.scenes.volt import start as start_volt
from game.scenes.volt.table import VoltArenaScene
from game.tools.check import check_file
from tests.ui.helpers import frame, headless_services, key

COURSE = paths.builtin_boards_dir() / "roborally" / "sunday-drive.yaml"
ARENA = paths.builtin_boards_dir() / "volt" / "pit-stop.yaml"
PLAYERS = [PlayerSetup("Anna", "red", "easy"), PlayerSetup("Ben", "blue", "easy")]


def saved_roborally_game(services) -> tuple[SavedGame, object]:
    """A game on the player's own copy of Sunday Drive, saved; returns it and the course."""
    course = paths.user_boards_dir() / "roborally" / "my-drive.yaml"
    course.parent.mkdir(parents=True, exist_ok=True)
    course.write_text(COURSE.read_text(encoding="utf-8"), encoding="utf-8")
    scene = start_roborally(services, GameSetup("roborally", PLAYERS, "standard", course,
                                                seed=5))
    assert isinstance(scene, FactoryScene)
    saved = scene.saved_game()
    write_save(paths.saves_dir() / "my-game.yaml", saved)
    return saved, course


def the_entry():
    return next(e for e in saved_entries() if e.path.name == "my-game.yaml")


def at_menu():
    services = headless_services()
    services.scenes.push(MenuScene(services))
    frame(services)
    return services


def test_a_save_on_an_unchanged_course_resumes_at_once() -> None:
    services = at_menu()
    _, course = saved_roborally_game(services)
    course.write_text("# my own notes\n" + course.read_text(encoding="utf-8"),
                      encoding="utf-8")          # a comment changes nothing a game sees
    assert open_save(services, the_entry()) is None
    services.scenes.apply_pending()
    assert isinstance(services.scenes.top, FactoryScene)


def test_a_course_that_changed_since_the_save_asks_before_resuming() -> None:
    services = at_menu()
    _, course = saved_roborally_game(services)
    text = course.read_text(encoding="utf-8")
    course.write_text(text.replace("flags: [[6, 8], [5, 3]]", "flags: [[6, 8], [4, 3]]"),
                      encoding="utf-8")        # flag 2 moved: the same moves, another game
    assert open_save(services, the_entry()) is None
    frame(services)
    dialog = services.scenes.top
    assert isinstance(dialog, ConfirmDialog)
    assert "changed since this game was saved" in dialog.message and "my-drive" in dialog.message
    assert dialog.message.endswith("Resume it on the changed board?")
    frame(services, [key(pygame.K_ESCAPE)])    # Cancel: nothing is opened
    frame(services)
    assert isinstance(services.scenes.top, MenuScene)
    open_save(services, the_entry())
    frame(services)
    frame(services, [key(pygame.K_RETURN)])    # "Resume"
    frame(services)
    assert isinstance(services.scenes.top, FactoryScene)


def test_watching_the_replay_of_a_game_whose_course_changed_asks_too() -> None:
    services = at_menu()
    _, course = saved_roborally_game(services)
    course.write_text(course.read_text(encoding="utf-8").replace("[5, 3]]", "[4, 3]]"),
                      encoding="utf-8")
    assert open_save(services, the_entry(), replay=True) is None
    frame(services)
    dialog = services.scenes.top
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.message.endswith("Watch it on the changed board?")


def test_a_save_whose_course_is_gone_says_so() -> None:
    services = at_menu()
    _, course = saved_roborally_game(services)
    course.unlink()
    message = open_save(services, the_entry())
    assert message is not None and "'my-drive'" in message and "is gone" in message


@pytest.mark.parametrize("board, course", [
    ("Ä" * 300, "my-drive"),                # a path the system cannot even look up
    ("/nowhere/my-drive.yaml", "../../roborally/my-drive"),    # a name that climbs out
], ids=["path-too-long", "name-climbs-out"])
def test_a_hand_edited_board_reference_is_found_by_name_or_said_gone(board, course) -> None:
    services = at_menu()
    saved, course_file = saved_roborally_game(services)
    saved.setup.update(board=board, course=course)
    write_save(paths.saves_dir() / "my-game.yaml", saved)
    # where the climbing name leads from the board folders: a file there must not be taken
    outside = paths.user_boards_dir() / "roborally" / f"{course}.yaml"
    outside.resolve().parent.mkdir(parents=True, exist_ok=True)
    outside.resolve().write_text(course_file.read_text(encoding="utf-8"), encoding="utf-8")
    message = open_save(services, the_entry())
    services.scenes.apply_pending()
    if ".." in course:
        assert message is not None and "is gone" in message
    else:                                   # found by its name, as a save moved elsewhere
        assert message is None and isinstance(services.scenes.top, FactoryScene)


def test_an_arena_that_changed_since_the_save_asks_before_resuming() -> None:
    services = at_menu()
    arena = paths.user_boards_dir() / "volt" / "my-pit.yaml"
    arena.parent.mkdir(parents=True, exist_ok=True)
    arena.write_text(ARENA.read_text(encoding="utf-8"), encoding="utf-8")
    scene = start_volt(services, GameSetup("volt", [PlayerSetup("Anna", "red", "random"),
                                                    PlayerSetup("Ben", "blue")],
                                           "training", arena, seed=2))
    assert isinstance(scene, VoltArenaScene)
    write_save(paths.saves_dir() / "my-game.yaml", scene.saved_game())
    arena.write_text(arena.read_text(encoding="utf-8").replace(
        "  .  .  V3 O  O  V4 .  .", "  .  W  V3 O  O  V4 .  ."), encoding="utf-8")
    assert open_save(services, the_entry()) is None
    frame(services)
    assert isinstance(services.scenes.top, ConfirmDialog)


@pytest.mark.parametrize("edit, words", [
    (lambda s: s.update(variant="hyperspeed"), "variant 'hyperspeed'"),
    (lambda s: s["players"][0].update(bot_level="godlike"), "bot level 'godlike'"),
    (lambda s: s["options"].update(turbo=True), "option 'turbo'"),
])
def test_a_save_with_a_setup_the_game_does_not_have_is_refused(edit, words) -> None:
    services = at_menu()
    saved, _ = saved_roborally_game(services)
    edit(saved.setup)
    write_save(paths.saves_dir() / "my-game.yaml", saved)
    for as_replay in (False, True):
        message = open_save(services, the_entry(), replay=as_replay)
        assert message is not None and words in message and "edited" in message
    services.scenes.apply_pending()
    assert isinstance(services.scenes.top, MenuScene)


def test_a_save_that_does_not_replay_never_shows_python_internals() -> None:
    services = at_menu()
    saved, _ = saved_roborally_game(services)
    saved.actions[:] = [{"type": "Deal"}]        # a deal without its hands
    write_save(paths.saves_dir() / "my-game.yaml", saved)
    message = open_save(services, the_entry())
    assert message is not None and "does not replay" in message
    assert "__init__" not in message and "positional argument" not in message


def test_engine_reasons_name_their_objects_without_printing_them() -> None:
    cause = TypeError("Deal.__init__() missing 1 required positional argument: 'hands'")
    failure = ValueError("action 14: Deal.__init__() missing 1 required positional argument")
    failure.__cause__ = cause
    assert replay_failure(failure) == "action 14: an action this game cannot read"
    illegal = ValueError("action 14: Deal(hands=((1, 2), (3, 4))) is not legal now: waiting "
                         "for facing from 1")
    assert replay_failure(illegal) == ("action 14: Deal is not legal now: waiting for facing "
                                       "from 1")
    set_language("de")              # the rules engine's reasons are English; the frame is not
    assert replay_failure(illegal) == ("Zug 14: Deal is not legal now: waiting for facing "
                                       "from 1")
    assert replay_failure(failure) == "Zug 14: ein Zug, den dieses Spiel nicht lesen kann"


def test_check_refuses_the_setups_the_game_refuses(tmp_path) -> None:
    from game.tools.check import check_file

    services = at_menu()
    saved, _ = saved_roborally_game(services)
    saved.setup["variant"] = "hyperspeed"
    path = tmp_path / "edited.yaml"
    write_save(path, saved)
    problems = [str(p) for p in check_file(path)]
    assert len(problems) == 1 and problems[0].startswith(f"{path}:")
    assert "setup: This save's variant 'hyperspeed' is not one RoboRally has" in problems[0]


def test_check_on_a_save_warns_of_a_changed_course_and_refuses_a_gone_one() -> None:
    services = at_menu()
    _, course = saved_roborally_game(services)
    save = paths.saves_dir() / "my-game.yaml"
    warnings: list[str] = []
    assert check_file(save, warnings) == [] and warnings == []
    course.write_text(course.read_text(encoding="utf-8").replace("[5, 3]]", "[4, 3]]"),
                      encoding="utf-8")
    assert check_file(save, warnings) == []    # the game asks before resuming: a warning
    assert len(warnings) == 1 and "changed since this game was saved" in warnings[0]
    course.unlink()
    problems = check_file(save)
    assert len(problems) == 1 and "is gone" in problems[0].message
