"""The setup's board list (issues 17 and 18): read in the background with the window
answering, kept while unchanged, each file under its own game, the player's own files
marked, and the whole FILE:LINE:COLUMN of a problem shown."""

from __future__ import annotations

from pathlib import Path

import pygame

from game import paths
from game.scenes.board_scan import BoardChoice, board_choices
from game.scenes.games import GAMES_BY_ID
from game.scenes.setup import SetupScene, board_label
from game.ui import theme
from game.ui.text_drawing import wrap_text
from tests.files.hostile import make_fifo, needs_fifo
from tests.ui.helpers import frame, headless_services, key

COURSE = paths.builtin_boards_dir() / "roborally" / "sunday-drive.yaml"
ARENA = paths.builtin_boards_dir() / "volt" / "pit-stop.yaml"


def user_courses(count: int) -> list[Path]:
    folder = paths.user_boards_dir() / "roborally"
    folder.mkdir(parents=True, exist_ok=True)
    text = COURSE.read_text(encoding="utf-8")
    made = []
    for number in range(count):
        path = folder / f"drive-{number:03}.yaml"
        path.write_text(text.replace("name: Sunday Drive", f"name: Drive {number}"),
                        encoding="utf-8")
        made.append(path)
    return made


def test_the_boards_are_read_in_the_background_while_the_window_answers() -> None:
    user_courses(100)
    services = headless_services()
    setup = SetupScene(services, GAMES_BY_ID["roborally"])
    assert not setup.scan.finished.is_set(), "the constructor waited for 100 files"
    services.scenes.push(setup)
    frame(services)
    frame(services, [key(pygame.K_RETURN)])          # Start, while the list is being read
    assert setup.problem is not None and "still being read" in setup.problem
    assert setup.wait_for_boards(60)
    frame(services)
    names = [b.name for b in setup.boards]
    assert "Drive 0" in names and "Drive 99" in names and "Sunday Drive" in names
    assert setup.chosen_board() is not None


def test_a_second_visit_reads_nothing_until_a_file_changes() -> None:
    courses = user_courses(3)
    services = headless_services()
    assert SetupScene(services, GAMES_BY_ID["roborally"]).wait_for_boards(60)
    again = SetupScene(services, GAMES_BY_ID["roborally"])
    assert again.scan.finished.is_set(), "nothing changed: the list is there at once"
    board = paths.user_boards_dir() / "roborally" / "laser-alley.yaml"   # shadows the built-in
    board.write_text("format: roborally-board/1\nsize: [2, two]\n", encoding="utf-8")
    changed = SetupScene(services, GAMES_BY_ID["roborally"])
    assert changed.wait_for_boards(60)
    mine = {b.path: b.problem for b in changed.boards if b.path in courses}
    assert all(problem and "laser-alley" in problem for problem in mine.values()), \
        "a course is read again when a board it names changed"


@needs_fifo()
def test_each_broken_file_is_listed_under_its_own_game_only() -> None:
    root = paths.user_boards_dir()
    root.mkdir(parents=True, exist_ok=True)
    (root / "broken-arena.yaml").write_text(
        ARENA.read_text(encoding="utf-8").replace("size: [8, 8]", "size: [8, eight]"),
        encoding="utf-8")
    (root / "broken-course.yaml").write_text(
        COURSE.read_text(encoding="utf-8").replace("players: [2, 4]", "players: [2, 40]"),
        encoding="utf-8")
    (root / "mystery.yaml").write_bytes(b"\x00\x01 not text at all")
    make_fifo(root / "volt" / "pipe.yaml")
    listed = {spec: {b.path.name for b in board_choices(GAMES_BY_ID[spec]) if not b.builtin}
              for spec in ("roborally", "volt", "robot-master")}
    assert listed["roborally"] == {"broken-course.yaml", "mystery.yaml"}
    assert listed["volt"] == {"broken-arena.yaml", "mystery.yaml", "pipe.yaml"}
    assert listed["robot-master"] == set()


def test_the_players_own_files_are_marked_and_markers_come_first() -> None:
    long_name = "The Very Long Course Name That A Designer Typed " * 2
    builtin = BoardChoice(COURSE, "Sunday Drive", (2, 4), None, True)
    own = BoardChoice(Path("mine.yaml"), long_name, (2, 4), None, False)
    broken = BoardChoice(Path("broken.yaml"), "broken", None, "broken.yaml:3:7: oops", False)
    assert board_label(builtin) == "Sunday Drive"
    assert board_label(own).startswith("✎ ")
    assert board_label(broken) == "⚠ broken"


def test_a_problem_shows_its_whole_file_line_column() -> None:
    pygame.init()
    path = "/home/anna/.local/share/robot-games/boards/roborally/my-very-long-course-name.yaml"
    problem = f"{path}:12:34: players[1]: 40 is out of range; allowed: 1..8"
    font = theme.font(14)
    lines = wrap_text(problem, font, 160)
    assert all(font.size(line)[0] <= 160 for line in lines)
    assert f"{path}:12:34:" in "".join(lines).replace(" ", "")


def test_a_broken_files_problem_is_in_the_language_of_the_moment_it_is_listed() -> None:
    from game import i18n
    root = paths.user_boards_dir() / "roborally"
    root.mkdir(parents=True, exist_ok=True)
    (root / "broken-course.yaml").write_text(
        COURSE.read_text(encoding="utf-8").replace("players: [2, 4]", "players: [2, 40]"),
        encoding="utf-8")

    def problem() -> str:
        broken = [b for b in board_choices(GAMES_BY_ID["roborally"]) if b.problem]
        assert len(broken) == 1
        return str(broken[0].problem)

    assert "players[1]: 40 is out of range; allowed: 1..8" in problem()
    i18n.set_language("de")
    assert "players[1]: 40 liegt außerhalb des Bereichs; erlaubt: 1..8" in problem()
    i18n.set_language("en")
    assert "players[1]: 40 is out of range; allowed: 1..8" in problem()
