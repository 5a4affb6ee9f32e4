"""`check` agrees with the game (issue 17, RR-3.2, RR-3.3): a course the game refuses or can
never finish is refused by `check` for the same reason at the same FILE:LINE:COLUMN, and the
game's refusal screen returns to the setup."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import paths
from game.scenes.dialogs import MessageScene
from game.scenes.games import GAMES_BY_ID, GameSetup, PlayerSetup
from game.scenes.roborally.entry import start
from game.scenes.setup import SetupScene
from game.tools.check import check_file
from tests.ui.helpers import frame, headless_services, key

PLAYERS = [PlayerSetup("Anna", "red"), PlayerSetup("Ben", "blue")]


def board(folder: Path, name: str, rows: list[str], *, walls: str = "[]",
          elements: str = "[]") -> Path:
    path = folder / f"{name}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    body = "\n".join(f"  {row}" for row in rows)
    path.write_text(f"format: roborally-board/1\nname: {name}\nsize: [{len(rows[0].split())}, "
                    f"{len(rows)}]\nmap: |\n{body}\nwalls: {walls}\nelements: {elements}\n",
                    encoding="utf-8")
    return path


def course(folder: Path, name: str, boards: str, *, players: str = "[2, 2]",
           flags: str | None = None) -> Path:
    path = folder / f"{name}.yaml"
    text = f"format: roborally-course/1\nname: {name}\nplayers: {players}\nboards: {boards}\n"
    if flags is not None:
        text += f"flags: {flags}\n"
    path.write_text(text, encoding="utf-8")
    return path


DOCK = [". . . .", ". . . .", "S1 S2 S3 S4"]
BARE = [". . . .", ". O . .", ". . . ."]
FLAG_1 = "[{type: flag, number: 1, at: [3, 0]}]"


CASES = {
    "no start square": (
        lambda f: course(f, "c", "[{board: bare, at: [0, 0]}]", flags="[[3, 0]]"),
        "c.yaml:4:1: boards: the course has no start square"),
    "fewer start squares than players": (
        lambda f: course(f, "c", "[{board: dock, at: [0, 0]}]", players="[2, 6]",
                         flags="[[3, 0]]"),
        "c.yaml:3:1: players: the course has 4 start squares but allows 6 players"),
    "no flags": (
        lambda f: course(f, "c", "[{board: dock, at: [0, 0]}]", players="[2, 4]"),
        "c.yaml:4:1: boards: the course has no flags, so no robot can ever win"),
    "a board's flag on a pit": (
        lambda f: board(f, "pitted", DOCK[:1] + [". O . ."] + DOCK[2:],
                        elements="[{type: flag, number: 1, at: [1, 1]}]"),
        "pitted.yaml:9:12: elements[0]: flag 1 at [1, 1] is on a pit; a checkpoint must not "
        "be placed on a pit or a portal (RR-3.2)"),
    "a board's flag in a two-wall corner": (
        lambda f: board(f, "cornered", DOCK, walls="[[3, 0, N], [3, 0, E]]", elements=FLAG_1),
        "cornered.yaml:9:12: elements[0]: flag 1 at [3, 0] is in a corner closed by two walls "
        "(RR-3.2)"),
    "two of a board's flags on one square": (
        lambda f: board(f, "doubled", DOCK, elements="[{type: flag, number: 1, at: [2, 0]}, "
                                                    "{type: flag, number: 2, at: [2, 0]}]"),
        "doubled.yaml:9:49: elements[1]: flag 2 is on the same square as flag 1"),
}


@pytest.fixture
def folder() -> Path:
    here = paths.user_boards_dir() / "roborally"
    board(here, "bare", BARE, elements=FLAG_1)
    board(here, "dock", DOCK)
    return here


@pytest.mark.parametrize("case", sorted(CASES))
def test_check_refuses_what_the_game_refuses_at_the_same_place(folder: Path, case: str) -> None:
    make, expected = CASES[case]
    path = make(folder)
    problems = [str(p) for p in check_file(path)]
    assert problems and problems[0].startswith(f"{folder}/{expected}")
    refusal = start(headless_services(), GameSetup("roborally", PLAYERS, "standard", path,
                                                   seed=1))
    assert isinstance(refusal, MessageScene)
    assert problems[0] in refusal.text()


def test_a_good_course_of_the_same_boards_passes(folder: Path) -> None:
    path = course(folder, "good", "[{board: bare, at: [0, 0]}, {board: dock, at: [0, 3]}]",
                  players="[2, 4]")
    assert check_file(path) == []


def test_back_on_the_refusal_screen_returns_to_the_setup(folder: Path) -> None:
    path = course(folder, "good", "[{board: bare, at: [0, 0]}, {board: dock, at: [0, 3]}]",
                  players="[2, 4]")
    services = headless_services()
    setup = SetupScene(services, GAMES_BY_ID["roborally"])
    assert setup.wait_for_boards(60)
    services.scenes.push(setup)
    frame(services)
    setup.board_index = next(i for i, b in enumerate(setup.boards) if b.path == path)
    path.write_text(path.read_text(encoding="utf-8").replace("{board: dock, at: [0, 3]}",
                                                             "{board: bare, at: [0, 3]}"),
                    encoding="utf-8")      # the designer saves a broken version meanwhile
    frame(services, [key(pygame.K_RETURN)])
    frame(services)
    assert isinstance(services.scenes.top, MessageScene)
    frame(services, [key(pygame.K_ESCAPE)])
    frame(services)
    assert services.scenes.top is setup and not services.scenes.quit_requested
