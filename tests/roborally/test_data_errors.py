"""Boards and courses with mistakes give exact messages at the mistake (FORMATS.md), through
the data gate, and never a traceback; every shipped RoboRally file loads."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.texts import Texts
from game.data.errors import DataError
from game.data.files import load_any
from game.i18n import LANGUAGES
from game.roborally.data import load_element_texts, load_options
from game.roborally.model import ELEMENT_TYPES, OPTION_IDS

BAD = Path(__file__).parent / "data" / "bad"
SHIPPED = Path(__file__).resolve().parents[2] / "boards" / "roborally"


def _expected() -> list[tuple[str, str]]:
    lines = (BAD / "expected-messages.txt").read_text(encoding="utf-8").splitlines()
    return [(line.split(":", 1)[0], line) for line in lines if line.strip()]


@pytest.mark.parametrize(("name", "message"), _expected(), ids=[n for n, _ in _expected()])
def test_bad_file_gives_the_exact_message(name: str, message: str) -> None:
    with pytest.raises(DataError) as info:
        load_any(BAD / name)
    first = str(info.value.problems[0]).replace(str(BAD) + "/", "")
    assert first == message


def test_every_bad_file_has_an_expected_message() -> None:
    listed = {n for n, _ in _expected()}
    helpers = {"small.yaml", "halfportal.yaml"}   # good boards the bad courses refer to
    assert {p.name for p in BAD.glob("*.yaml")} - helpers == listed


def test_shipped_files_load() -> None:
    files = sorted(SHIPPED.glob("*.yaml"))
    assert files, "boards/roborally holds the shipped boards, courses, options and elements"
    for path in files:
        load_any(path)


def test_option_file_has_all_26_cards_in_cb6_order() -> None:
    cards = load_options()
    assert [c.id for c in cards] == list(OPTION_IDS)
    offered = set(LANGUAGES)
    assert all(offered <= set(c.name.languages) and offered <= set(c.text.languages)
               for c in cards), "every shipped card speaks every language the game offers"
    howitzer = next(c for c in cards if c.id == "mini_howitzer")
    assert howitzer.charges == 5                                   # CB-6.18


def test_element_texts_cover_every_element_type() -> None:
    infos = load_element_texts()
    assert sorted(e.type for e in infos) == sorted(list(ELEMENT_TYPES) + ["wall"])
    assert all(set(LANGUAGES) <= set(e.name.languages) and set(LANGUAGES) <= set(e.text.languages)
               for e in infos)


def _elements_with_floor_name(tmp_path: Path, name: str) -> Path:
    shipped = (SHIPPED / "elements.yaml").read_text(encoding="utf-8")
    assert "name: {en: Floor, de: Wegfeld}" in shipped
    path = tmp_path / "elements.yaml"
    path.write_text(shipped.replace("name: {en: Floor, de: Wegfeld}", f"name: {name}"),
                    encoding="utf-8")
    return path


def test_a_third_language_needs_no_code_and_falls_back_to_english(tmp_path: Path) -> None:
    _, infos = load_any(_elements_with_floor_name(tmp_path, "{en: Floor, de: Wegfeld, fr: Sol}"))
    floor = next(i for i in infos if i.type == "floor")
    assert floor.name.in_language("fr") == "Sol"
    assert floor.name.in_language("de") == "Wegfeld"
    assert floor.name.in_language("en") == "Floor"
    assert floor.text.in_language("fr") == floor.text.in_language("en")     # no French text
    assert floor.name.in_language("fr_CA") == "Sol"                         # French's text
    assert floor.name.in_language("it") == "Floor"


def test_a_text_built_in_code_needs_english_and_language_codes() -> None:
    with pytest.raises(ValueError):
        Texts.of({"de": "Wegfeld"})
    with pytest.raises(ValueError):
        Texts.of({"en": "Floor", "French": "Sol"})
    assert Texts.of({"fr": "Sol", "en": "Floor"}).languages == ("en", "fr")


def test_a_text_without_english_is_refused_at_its_line(tmp_path: Path) -> None:
    path = _elements_with_floor_name(tmp_path, "{de: Wegfeld, fr: Sol}")
    with pytest.raises(DataError) as info:
        load_any(path)
    assert str(info.value.problems[0]) == (
        f"{path}:7:11: elements[0].name: missing key 'en'; the English text is required "
        "(languages without their own text show it)")


def test_rotated_course_turns_walls_belts_and_mounted_sides(tmp_path: Path) -> None:
    (tmp_path / "one.yaml").write_text(
        "format: roborally-board/1\nsize: [3, 2]\nmap: |\n  C> .  .\n  .  .  S1\n"
        "walls: [[0, 0, S]]\nelements:\n  - {type: laser, at: [2, 0], wall: N}\n"
        "  - {type: flag, number: 1, at: [1, 1]}\n",     # a course needs both (RR-3.2, RR-3.3)
        encoding="utf-8")
    (tmp_path / "c.yaml").write_text(
        "format: roborally-course/1\nboards:\n  - {board: one, at: [1, 0], rotate: 90}\n",
        encoding="utf-8")
    _, course = load_any(tmp_path / "c.yaml")
    board = course.board
    # turned clockwise a 3x2 board is 2x3; (x, y) -> (1 - y, x), then shifted by [1, 0]
    assert (board.width, board.height) == (3, 3)
    belt = board.floor[(2, 0)]
    assert belt.kind == "conveyor" and belt.dir.value == "S"      # E turned clockwise
    from game.core.types import Direction, Pos
    assert board.has_wall(Pos(2, 0), Direction.W)                 # S side turned -> W
    assert board.has_wall(Pos(1, 0), Direction.E)                 # the same wall
    laser_at, laser = board.mounted[0]
    assert laser_at == Pos(2, 2) and laser.wall is Direction.E    # N side turned -> E
    assert not board.on_course(Pos(0, 0))                         # left of the board


GERMAN = {
    "course-flag-pit.yaml": "flags[0]: Flagge 1 auf [1, 1] liegt auf einer Grube; ein Checkpoint "
                            "darf nicht auf einer Grube oder einem Portal liegen (RR-3.2)",
    "two-floor.yaml": "elements[0]: auf Feld [1, 0] liegt schon ein Element vom Typ conveyor "
                      "(aus der Karte); ein Feld hat nur ein Bodenelement",
    "course-missing.yaml": "boards[0].board: keine Datei namens 'nowhere' (gesucht: "
                           "nowhere.yaml neben dieser Datei, in deinem Spielplan-Ordner und "
                           "unter den mitgelieferten Spielplänen)",
}


def test_a_german_designer_reads_board_and_course_mistakes_in_german() -> None:
    from game import i18n

    def first_problem(name: str) -> str:
        with pytest.raises(DataError) as info:
            load_any(BAD / name)
        return str(info.value.problems[0]).replace(str(BAD) + "/", "")

    english = dict(_expected())
    for name, german in GERMAN.items():
        i18n.set_language("de")
        place = english[name].split(": ", 1)[0]      # file:line:column, as in English
        assert first_problem(name) == f"{place}: {german}"
        i18n.set_language("en")
        assert first_problem(name) == english[name]    # today's English text
