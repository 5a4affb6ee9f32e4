"""The list behind Continue says where each unfinished game stands, so a player with several
games under way picks the right one: RoboRally's turn, VOLT's round, Robot Master's game of
the match and the cards on its table. The save carries it in its header (`progress`), read
without the action log; a save written before it lists its time alone."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from game import i18n, paths
from game.data.errors import DataError
from game.saves import SavedGame, autosave_path, list_saves, read_save, read_summary, write_save
from game.scenes.saves_hook import flush_saves
from game.scenes.saves_list import moment_of
from tests.roborally_scene.helpers import new_game, play
from tests.robotmaster_scene.helpers import bots_to_the_end_of_a_game
from tests.volt_scene.test_arena_scene import open_game, run_until


def sample(**progress: int) -> SavedGame:
    return SavedGame("volt", {"seed": 7}, [], title="VOLT · Crossfire · Anna – Ben",
                     saved_at="2026-11-20T18:21:00+00:00", progress=progress)


def test_progress_stands_in_the_header_and_reads_back(tmp_path: Path) -> None:
    path = tmp_path / "autosave-volt.yaml"
    write_save(path, sample(round=3))
    text = path.read_text(encoding="utf-8")
    assert text.index("progress:") < text.index("setup:"), "the list reads it without the log"
    assert read_save(path).progress == {"round": 3}
    summary = read_summary(path)
    assert summary is not None and dict(summary.progress) == {"round": 3}


def test_a_save_without_progress_lists_its_time_alone(tmp_path: Path) -> None:
    write_save(tmp_path / "autosave-volt.yaml", sample())
    [entry] = list_saves(tmp_path)
    assert moment_of(entry).startswith("autosave 2026-11-20 ")
    assert "progress" not in (tmp_path / "autosave-volt.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize(("edit", "message"), [
    ("{round: -1}", "progress.round: -1 is out of range; allowed: 0..1000000"),
    ("{flags: 2}", "progress.flags: unknown key 'flags'; allowed here: cards, game, games, "
                   "round, turn"),
    ("{round: many}", "progress.round: expected a whole number in 0..1000000, got 'many'"),
])
def test_a_hand_edited_progress_is_refused_with_the_place(tmp_path: Path, edit: str,
                                                          message: str) -> None:
    path = tmp_path / "autosave-volt.yaml"
    write_save(path, sample(round=3))
    path.write_text(path.read_text(encoding="utf-8").replace("{round: 3}", edit),
                    encoding="utf-8")
    with pytest.raises(DataError) as refused:
        read_save(path)
    assert message in str(refused.value)
    assert read_summary(path) is None       # the list reads it whole and shows the problem


def test_the_words_follow_the_language_of_now(tmp_path: Path) -> None:
    write_save(tmp_path / "a.yaml", replace(sample(), game="robot-master",
                                            progress={"game": 2, "games": 3, "cards": 1}))
    [entry] = list_saves(tmp_path)
    assert moment_of(entry).startswith("game 2 of 3 · 1 card on the table · saved ")
    i18n.set_language("de")
    assert moment_of(entry).startswith("Spiel 2 von 3 · 1 Karte auf dem Tisch · gespeichert ")


def _autosave(game: str) -> SavedGame:
    flush_saves()
    saved = read_save(autosave_path(paths.saves_dir(), game))
    assert not saved.finished
    return saved


def test_a_roborally_race_lists_the_turn_it_goes_on_with() -> None:
    services, scene = new_game(speed="instant", humans=1, bots=1)
    play(services, scene, lambda: scene.controller.turn >= 3)
    saved = _autosave("roborally")
    assert saved.progress == {"turn": scene.controller.turn}
    [entry] = [e for e in list_saves(paths.saves_dir()) if e.summary.game == "roborally"]
    assert moment_of(entry).startswith(f"turn {scene.controller.turn} · autosave ")


def test_a_volt_game_lists_its_round() -> None:
    services, scene = open_game([("Anna", "red", "random"), ("Ben", "blue", "random")])
    run_until(services, scene, lambda: scene.ctrl.state.round >= 3)
    saved = _autosave("volt")
    assert saved.progress == {"round": scene.ctrl.state.round}


def test_a_robot_master_match_lists_its_game_and_the_cards_on_the_table() -> None:
    _services, table = bots_to_the_end_of_a_game(games=3)
    assert not table.controller.match_over()
    saved = _autosave("robot-master")
    assert saved.progress == {"game": 1, "games": 3, "cards": 25}
    [entry] = list_saves(paths.saves_dir())
    assert moment_of(entry).startswith("game 1 of 3 · 25 cards on the table · autosave ")
