"""Saves (issue 8): versioned YAML, clear messages for damaged files (kill -9 during a write:
test_kill_during_save.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.data.errors import DataError
from game.saves import (ProgramChoices, ProgrammingClock, SavedGame, list_saves, read_save,
                        read_summary, write_save)



def sample(actions: int = 3) -> SavedGame:
    return SavedGame("volt", {"players": [{"name": "Anna", "colour": "red", "bot": None}],
                              "variant": "training", "board": "crossfire", "seed": 7},
                     [{"type": "PlaceDie", "player": 0, "value": i} for i in range(actions)],
                     title="VOLT: Anna")


def test_a_save_reads_back_as_written(tmp_path: Path) -> None:
    path = tmp_path / "one.yaml"
    write_save(path, sample())
    back = read_save(path)
    assert (back.game, back.setup, back.actions, back.title) == \
        ("volt", sample().setup, sample().actions, "VOLT: Anna")
    assert back.saved_at


def test_a_game_saved_mid_programming_keeps_the_time_its_programmer_had_used(
        tmp_path: Path) -> None:
    path = tmp_path / "mid.yaml"
    saved = sample()
    saved.clock = ProgrammingClock(player=1, seconds=12.25)
    write_save(path, saved)
    assert read_save(path).clock == ProgrammingClock(1, 12.25)
    write_save(path, sample())
    assert read_save(path).clock is None and "clock" not in path.read_text(encoding="utf-8")


def test_a_roborally_game_saved_mid_programming_keeps_the_power_down_and_spare_cards_set(
        tmp_path: Path) -> None:
    path = tmp_path / "mid.yaml"
    saved = sample()
    saved.program_choices = ProgramChoices(player=2, power_down=True, spare={"flywheel": 41})
    write_save(path, saved)
    assert read_save(path).program_choices == ProgramChoices(2, True, {"flywheel": 41})
    write_save(path, sample())
    assert read_save(path).program_choices is None
    assert "program_choices" not in path.read_text(encoding="utf-8")


def test_a_truncated_save_gets_a_clear_message_and_the_others_still_list(tmp_path: Path) -> None:
    write_save(tmp_path / "good.yaml", sample())
    write_save(tmp_path / "bad.yaml", sample())
    text = (tmp_path / "bad.yaml").read_text(encoding="utf-8")
    (tmp_path / "bad.yaml").write_text(text[: len(text) // 2] + "\n  - {type: [", encoding="utf-8")
    entries = {e.path.name: e for e in list_saves(tmp_path)}
    assert entries["good.yaml"].saved is not None and entries["good.yaml"].problem is None
    assert entries["bad.yaml"].saved is None
    assert entries["bad.yaml"].problem.startswith(f"{tmp_path / 'bad.yaml'}:")


@pytest.mark.parametrize(("edit", "message"), [
    (lambda t: t.replace("robot-games-save/1", "robot-games-save/9"),
     "1:9: format: 'robot-games-save/9' was written by a newer version of Robot Games; "
     "this version reads robot-games-save up to version 1"),
    (lambda t: t.replace("robot-games-save/1", "robot-games-save/0"),
     "1:9: format: 'robot-games-save/0' is an old version this Robot Games cannot read; it "
     "reads robot-games-save/1"),
    (lambda t: t.replace("game: volt", "game: chess"),
     "2:7: game: 'chess' is not allowed here; expected one of roborally, robot-master, volt"),
    (lambda t: t + "cheat: true\n",
     "16:1: cheat: unknown key 'cheat'; allowed here: actions, clock, finished, format, "
     "game, program_choices, progress, saved_at, setup, tentative, title, winners"),
    (lambda t: t.replace("actions:", "program_choices: {player: 0, spare: {brakes: 3}}\n"
                         "actions:"),
     "12:38: program_choices.spare.brakes: unknown key 'brakes'; allowed here: flywheel, "
     "reserve"),
    (lambda t: t.replace("actions:", "program_choices: {player: 0, power_down: maybe}\n"
                         "actions:"),
     "12:42: program_choices.power_down: expected true or false, got 'maybe'"),
    (lambda t: t.replace("actions:", "clock: {player: 0, seconds: -5}\nactions:"),
     "12:29: clock.seconds: -5 is out of range; allowed: 0..86400"),
    (lambda t: t.replace("actions:", "clock: {player: 9, seconds: 5}\nactions:"),
     "12:17: clock.player: 9 is out of range; allowed: 0..7"),
    (lambda t: t.replace("actions:", "clock: {player: 0}\nactions:"),
     "12:8: clock: missing key 'seconds'; it is required here"),
])
def test_hand_edited_saves_are_refused_with_the_place(tmp_path: Path, edit, message) -> None:
    path = tmp_path / "edited.yaml"
    write_save(path, sample())
    path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(DataError) as excinfo:
        read_save(path)
    assert str(excinfo.value) == f"{path}:{message}"


def test_the_list_shows_a_save_as_it_is_now_on_disk(tmp_path: Path) -> None:
    path = tmp_path / "autosave-volt.yaml"
    write_save(path, sample(actions=1))
    first = list_saves(tmp_path)[0].saved
    assert first is not None and len(first.actions) == 1
    first.actions.clear()                      # a caller's change stays its own
    assert len(list_saves(tmp_path)[0].saved.actions) == 1
    write_save(path, sample(actions=2))        # the next autosave, maybe within the same tick
    assert len(list_saves(tmp_path)[0].saved.actions) == 2
    path.write_text("format: robot-games-save/1\ngame: [", encoding="utf-8")
    assert list_saves(tmp_path)[0].problem is not None


def test_winners_that_are_not_names_are_refused_with_the_place(tmp_path) -> None:
    path = tmp_path / "odd.yaml"
    write_save(path, SavedGame("volt", {"players": [], "seed": 1}, [], title="t", finished=True,
                               winners=["Anna"]))
    path.write_text(path.read_text(encoding="utf-8").replace("[Anna]", "[{who: Anna}]"),
                    encoding="utf-8")
    with pytest.raises(DataError) as refused:
        read_save(path)
    assert "winners" in str(refused.value.problems[0])
    assert read_summary(path) is None       # the list reads it whole and shows the problem
