"""Saves a player (or a crash) damaged: `check` reads a real save of every game, and a save
edited into valid YAML that no longer replays is listed, refused with the reason when
resumed, and leaves the other saves resumable (issue 8)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from game import paths
from game.saves import SavedGame, list_saves, write_save
from game.scenes.catalog import all_scenes
from game.scenes.menu import MenuScene
from game.scenes.saves_hook import flush_saves, open_save
from game.scenes.saves_list import SavesScene
from game.scenes.volt.table import VoltArenaScene
from game.tools.check import check_file
from tests.ui.helpers import frame, headless_services, show_stack

ROOT = Path(__file__).resolve().parents[2]


def saved_from_scene(name: str) -> SavedGame:
    """The save a game scene of the catalogue writes (a game some turns in)."""
    services = headless_services()
    show_stack(services, all_scenes()[name])
    game = next(s for s in services.scenes.stack if hasattr(s, "saved_game"))
    saved: SavedGame = game.saved_game()
    flush_saves()           # the scene's own autosave, if it made one, is on disk now
    return saved


@pytest.mark.parametrize("scene", ["robot-master-table", "robot-master-tentative",
                                   "roborally-execution", "volt-activation"])
def test_check_accepts_the_saves_each_game_writes(tmp_path: Path, scene: str) -> None:
    path = tmp_path / f"{scene}.yaml"
    saved = saved_from_scene(scene)
    assert saved.actions  # a game under way, so the action log is checked too
    write_save(path, saved)
    assert check_file(path) == []
    result = subprocess.run([sys.executable, "main.py", "check", str(path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr


def test_a_save_edited_so_it_no_longer_replays_says_why_and_the_others_still_resume() -> None:
    folder = paths.saves_dir()
    good = saved_from_scene("volt-activation")
    for autosaved in folder.glob("*.yaml"):  # the scene's own autosave, if it made one
        autosaved.unlink()
    good.saved_at = "2026-11-20T08:00:00+00:00"
    write_save(folder / "good.yaml", good)
    # A die turned to 9 by hand: valid YAML, a known action, but no legal move.
    text = (folder / "good.yaml").read_text(encoding="utf-8")
    edited = re.sub(r"(type: PlaceDie.*?value: )\d", r"\g<1>9", text, count=1)
    assert edited != text
    (folder / "edited.yaml").write_text(edited.replace("2026-11-20T08", "2026-11-21T08"),
                                        encoding="utf-8")
    cut_inside_an_action = text.index("{type: PlaceDie") + 12
    (folder / "cut.yaml").write_text(text[:cut_inside_an_action], encoding="utf-8")

    entries = {e.path.name: e for e in list_saves(folder)}
    assert entries["edited.yaml"].saved is not None        # it reads; it does not replay
    assert entries["cut.yaml"].saved is None and entries["cut.yaml"].problem

    services = headless_services()
    services.scenes.push(MenuScene(services))
    services.scenes.push(SavesScene(services))
    frame(services)
    listing = services.scenes.top
    assert isinstance(listing, SavesScene)
    names = [e.path.name for e in listing.entries]
    assert sorted(names) == ["cut.yaml", "edited.yaml", "good.yaml"]

    listing.select(names.index("edited.yaml"))
    listing.resume()
    frame(services)
    assert services.scenes.top is listing
    assert listing.problem is not None
    assert "does not replay" in listing.problem and "a die shows 1..6" in listing.problem

    listing.select(names.index("cut.yaml"))
    listing.resume()
    frame(services)
    assert services.scenes.top is listing and "cut.yaml:" in (listing.problem or "")

    listing.select(names.index("good.yaml"))
    listing.resume()
    frame(services)
    resumed = services.scenes.top
    assert isinstance(resumed, VoltArenaScene)
    assert resumed.saved_game().actions == good.actions


def test_check_names_the_place_of_a_laid_card_that_is_no_action(tmp_path: Path) -> None:
    """A Robot Master save's `tentative` (a card laid, not confirmed) is checked as the
    logged actions are."""
    saved = saved_from_scene("robot-master-table")
    saved.tentative = {"type": "PlaceDie", "player": 0}
    path = tmp_path / "laid.yaml"
    write_save(path, saved)
    problems = [str(p) for p in check_file(path)]
    assert len(problems) == 1 and "tentative.type: 'PlaceDie' is not allowed here" in problems[0]


HAND_EDITED_NAMES = ["B\U0001F3C1en\u0007", "\u202eClara\u200b",
                     "Bartholomew-Maximilian von Long", "\u200b"]
"""An emoji the font lacks and a bell, a direction override and a zero-width space, a name
longer than the setup screen's field, a name of nothing visible."""


@pytest.mark.parametrize("scene", ["robot-master-table", "roborally-execution",
                                   "volt-activation"])
def test_names_a_hand_edit_put_in_a_save_are_shown_as_the_setup_screen_would_take_them(
        scene: str) -> None:
    """The table drew empty boxes for the emoji and the bell, and Clara's robot had an
    invisible first letter, the direction mark, for its own."""
    from game.scenes.saves_hook import open_save

    saved = saved_from_scene(scene)
    for player, name in zip(saved.setup["players"], HAND_EDITED_NAMES):
        player["name"] = name
    folder = paths.saves_dir()
    for autosaved in folder.glob("*.yaml"):
        autosaved.unlink()
    write_save(folder / "edited.yaml", saved)
    services = headless_services()
    [entry] = list_saves(folder)
    assert open_save(services, entry) is None
    services.scenes.apply_pending()
    table = services.scenes.top
    names = [player["name"] for player in table.saved_game().setup["players"]]
    edited = min(len(names), len(HAND_EDITED_NAMES))
    assert names[:edited] == ["Ben", "Clara", "Bartholomew-Maxi", "Player 4"][:edited]
    frame(services)


@pytest.mark.parametrize("scene", ["robot-master-table", "roborally-execution",
                                   "volt-activation"])
def test_any_field_of_any_action_edited_to_the_wrong_type_gives_a_message(scene: str) -> None:
    """A hand edit may put any YAML value into any field of an action. One of them
    (`power_down: {}` in a RoboRally lock-in, found by bench/input_fuzz.py --seed 780)
    replayed and then stopped the game while it drew; now every field of every kind of
    action in each game's save, given a value of another type, opens with a message."""
    services = headless_services()
    saved = saved_from_scene(scene)
    folder = paths.saves_dir()
    for autosaved in folder.glob("*.yaml"):  # the scene's own autosave, if it made one
        autosaved.unlink()
    write_save(folder / "as_saved.yaml", saved)
    entry = next(e for e in list_saves(folder) if e.path.name == "as_saved.yaml")
    assert open_save(services, entry) is None, "the save as the game wrote it resumes"
    services.scenes.reset(MenuScene(services))
    first_of_each = {a["type"]: n for n, a in reversed(list(enumerate(saved.actions)))}
    edits = 0
    for kind, n in sorted(first_of_each.items()):
        for name, value in saved.actions[n].items():
            if name == "type":
                continue
            for wrong in ({}, "x" if not isinstance(value, str) else 7, True):
                if type(wrong) is type(value):
                    continue
                actions = list(saved.actions)
                actions[n] = dict(actions[n], **{name: wrong})
                edited = SavedGame(saved.game, saved.setup, actions, title=saved.title,
                                   finished=saved.finished)
                write_save(folder / "edited.yaml", edited)
                entry = next(e for e in list_saves(folder) if e.path.name == "edited.yaml")
                for as_replay in (False, True):
                    message = open_save(services, entry, replay=as_replay)
                    assert message and "edited" in message, f"{kind}.{name} = {wrong!r}"
                    services.scenes.reset(MenuScene(services))
                edits += 1
    assert edits >= 6
