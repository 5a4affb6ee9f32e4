"""The list behind Continue keeps its word: it opens whenever any save exists, marks
finished games and opens them as replays, shows one entry per game moment, and lets the
player delete a save (after asking) or give it a new title."""

from __future__ import annotations

import pygame

from game import paths
from game.saves import ProgrammingClock, SavedGame, autosave_path, write_save
from game.scenes.dialogs import ConfirmDialog
from game.scenes.menu import MenuScene
from game.scenes.saves_list import RenameDialog, SavesScene
from game.ui.widgets import Button, ScrollList
from tests.saves.test_saves_scene import continue_from_the_menu
from tests.ui.helpers import click, frame, headless_services, key

ACTIONS = [{"type": "place", "card": n, "register": n % 5} for n in range(6)]


def save(name: str, saved: SavedGame) -> None:
    folder = paths.saves_dir()
    write_save(autosave_path(folder, saved.game) if name == "autosave" else folder / name, saved)


def volt(title: str, actions: list, at: str, finished: bool = False, seed: int = 1) -> SavedGame:
    return SavedGame("volt", {"seed": seed}, list(actions), title=title, saved_at=at,
                     finished=finished)


def open_list(language: str = "en"):
    services = headless_services(language=language)
    services.scenes.push(MenuScene(services))
    frame(services)
    services.scenes.push(SavesScene(services))
    frame(services)
    return services, services.scenes.top


def rows(scene: SavesScene) -> list[str]:
    """Each entry as the list shows it: title, then its moment on the line below."""
    listing = next(w for w in scene.ui.widgets if isinstance(w, ScrollList))
    return [f"{title} · {moment}" for title, moment in zip(listing.items, listing.details)]


def button(scene, text: str) -> Button:
    return next(w for w in scene.ui.widgets
                if isinstance(w, Button) and w.visible and w.current_text() == text)


def test_continue_opens_when_the_only_save_is_a_finished_game() -> None:
    save("done.yaml", volt("Last night", ACTIONS, "2026-11-20T20:00:00+00:00", finished=True))
    assert rows(continue_from_the_menu(headless_services())) == [
        "Last night · finished · saved 2026-11-20 20:00"]


def test_a_finished_game_is_marked_and_its_main_button_opens_the_replay(monkeypatch) -> None:
    import game.scenes.saves_list as saves_list

    save("done.yaml", volt("Last night", ACTIONS, "2026-11-20T20:00:00+00:00", finished=True))
    save("open.yaml", volt("This morning", ACTIONS, "2026-11-21T08:00:00+00:00", seed=2))
    opened = []
    monkeypatch.setattr(saves_list, "open_save",
                        lambda services, entry, replay=False: opened.append(
                            (entry.path.name, replay)))
    services, scene = open_list()
    assert rows(scene) == ["This morning · saved 2026-11-21 08:00",
                           "Last night · finished · saved 2026-11-20 20:00"]
    assert button(scene, "Resume")
    frame(services, click(button(scene, "Watch replay").rect.center))
    scene.select(1)
    frame(services)
    assert not any(isinstance(w, Button) and w.visible and w.current_text() == "Resume"
                   for w in scene.ui.widgets)
    frame(services, [key(pygame.K_RETURN)])
    assert opened == [("open.yaml", True), ("done.yaml", True)]


def test_an_autosave_the_named_save_holds_is_one_entry() -> None:
    at = "2026-11-20T20:36:00+00:00"
    save("autosave", volt("Duel", ACTIONS[:4], at))
    save("2026-11-20-203612-volt.yaml", volt("Duel", ACTIONS, "2026-11-20T20:36:12+00:00"))
    save("autosave-roborally.yaml", SavedGame("roborally", {"seed": 5}, [], title="Race",
                                              saved_at=at))
    _services, scene = open_list()
    assert rows(scene) == ["Duel · saved 2026-11-20 20:36", "Race · autosave 2026-11-20 20:36"]


def test_a_save_made_while_someone_programmed_still_holds_the_turns_autosave() -> None:
    """Saved mid-programming, a save carries the clock beside its log (docs/saves.md); the
    autosave of the turn before it is still the same game moment, not a second entry."""
    save("autosave", volt("Duel", ACTIONS[:4], "2026-11-20T20:36:00+00:00"))
    midway = volt("Duel", ACTIONS[:5], "2026-11-20T20:37:00+00:00")
    midway.clock = ProgrammingClock(player=0, seconds=41.5)
    save("2026-11-20-203700-volt.yaml", midway)
    _services, scene = open_list()
    assert rows(scene) == ["Duel · saved 2026-11-20 20:37"]


def test_an_autosave_that_went_on_after_the_save_stays_listed() -> None:
    save("2026-11-20-203612-volt.yaml", volt("Duel", ACTIONS[:2], "2026-11-20T20:36:12+00:00"))
    save("autosave", volt("Duel", ACTIONS, "2026-11-20T21:10:00+00:00"))
    _services, scene = open_list()
    assert rows(scene) == ["Duel · autosave 2026-11-20 21:10", "Duel · saved 2026-11-20 20:36"]


def test_delete_asks_first_and_cancel_keeps_the_save() -> None:
    save("a.yaml", volt("Keep me", ACTIONS, "2026-11-20T08:00:00+00:00"))
    save("b.yaml", volt("Throw away", ACTIONS, "2026-11-21T08:00:00+00:00", seed=2))
    services, scene = open_list()
    frame(services, click(button(scene, "Delete").rect.center))
    frame(services)
    dialog = services.scenes.top
    assert isinstance(dialog, ConfirmDialog)
    frame(services, [key(pygame.K_ESCAPE)])
    assert (paths.saves_dir() / "b.yaml").exists()
    frame(services, click(button(scene, "Delete").rect.center))
    frame(services)
    frame(services, [key(pygame.K_RETURN)])
    frame(services)
    assert services.scenes.top is scene
    assert not (paths.saves_dir() / "b.yaml").exists()
    assert rows(scene) == ["Keep me · saved 2026-11-20 08:00"]


def test_rename_gives_the_save_a_new_title_that_stays() -> None:
    save("a.yaml", volt("Duel", ACTIONS, "2026-11-20T08:00:00+00:00"))
    services, scene = open_list()
    frame(services, click(button(scene, "Rename").rect.center))
    frame(services)
    assert isinstance(services.scenes.top, RenameDialog)
    frame(services, [key(pygame.K_BACKSPACE)] * 4
          + [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in "Final match"]
          + [key(pygame.K_RETURN)])
    frame(services)
    assert services.scenes.top is scene
    assert rows(scene) == ["Final match · saved 2026-11-20 08:00"]
    _services, again = open_list()
    assert rows(again) == ["Final match · saved 2026-11-20 08:00"]
    assert again.entries[0].saved.actions == ACTIONS


def test_a_long_title_the_game_gave_can_be_added_to_when_renamed() -> None:
    """An eight-robot game's own title runs to 130 characters; the rename field held 60, so
    typing at its end did nothing, without a word. It takes what a save holds."""
    names = " – ".join(["Maximilian Bauer", "Clara-Sophie Ott", "Benjamin Fischer",
                        "Dorothea Keller", "Eva", "Finn", "Greta", "Hannes"])
    long_title = f"VOLT · Crossfire · {names}"
    save("a.yaml", volt(long_title, ACTIONS, "2026-11-20T08:00:00+00:00"))
    services, scene = open_list()
    frame(services, [key(pygame.K_F2)])
    frame(services)
    assert isinstance(services.scenes.top, RenameDialog)
    frame(services, [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in " (round 3)"]
          + [key(pygame.K_RETURN)])
    frame(services)
    assert services.scenes.top is scene
    _services, again = open_list()
    assert again.entries[0].summary.title == f"{long_title} (round 3)"


def test_the_delete_and_f2_keys_ask_for_the_selected_save() -> None:
    save("a.yaml", volt("Duel", ACTIONS, "2026-11-20T08:00:00+00:00"))
    services, scene = open_list()
    frame(services, [key(pygame.K_DELETE)])
    frame(services)
    assert isinstance(services.scenes.top, ConfirmDialog)
    frame(services, [key(pygame.K_ESCAPE)])
    frame(services, [key(pygame.K_F2)])
    frame(services)
    assert isinstance(services.scenes.top, RenameDialog)


def test_the_list_tells_the_time_of_the_players_own_clock(berlin_clock) -> None:
    """A save written at 20:36 UTC was saved at 21:36 on a Berlin clock in November and at
    22:36 in July (summer time); the list said 20:36 whatever the player's clock read."""
    save("winter.yaml", volt("Winter", ACTIONS, "2026-11-20T20:36:00+00:00", seed=1))
    save("summer.yaml", volt("Summer", ACTIONS, "2026-07-01T20:36:00+00:00", seed=2))
    save("odd.yaml", volt("Hand-edited", ACTIONS, "last Tuesday", seed=3))
    _, scene = open_list()
    assert rows(scene) == ["Hand-edited · saved last Tuesday",
                           "Winter · saved 2026-11-20 21:36",
                           "Summer · saved 2026-07-01 22:36"]


def test_a_hand_edited_title_is_listed_with_what_the_font_can_show() -> None:
    save("a.yaml", volt("Duel \U0001F3C1\u0007 of the year", ACTIONS,
                        "2026-11-20T08:00:00+00:00"))
    save("b.yaml", volt("\u200b\u202e", ACTIONS, "2026-11-19T08:00:00+00:00", seed=2))
    won = volt("Final", ACTIONS, "2026-11-18T08:00:00+00:00", finished=True, seed=3)
    won.winners = ["Ann\u0007\U0001F3C1"]
    save("c.yaml", won)
    _services, scene = open_list()
    assert rows(scene) == ["Duel  of the year · saved 2026-11-20 08:00",
                           "VOLT · saved 2026-11-19 08:00",
                           "Final · finished · won by Ann · saved 2026-11-18 08:00"]


def test_a_games_own_title_is_listed_in_the_language_of_now() -> None:
    """Robot Master names its variant in the title it writes, in the language of the moment
    it saves: a game saved in German was listed as "Zwei Spieler" in an English session."""
    from game.i18n import set_language

    save("de.yaml", SavedGame("robot-master", {"seed": 1}, list(ACTIONS),
                              title="Robot Master · Zwei Spieler · Anna – Ben",
                              saved_at="2026-11-20T08:00:00+00:00"))
    save("en.yaml", SavedGame("robot-master", {"seed": 2}, list(ACTIONS),
                              title="Robot Master · Two teams · Anna – Ben – Clara – David",
                              saved_at="2026-11-19T08:00:00+00:00"))
    save("own.yaml", volt("Zwei Spieler, ein Ziel", ACTIONS, "2026-11-18T08:00:00+00:00"))
    _services, scene = open_list()
    assert [row.partition(" · saved")[0] for row in rows(scene)] == [
        "Robot Master · Two players · Anna – Ben",
        "Robot Master · Two teams · Anna – Ben – Clara – David",
        "Zwei Spieler, ein Ziel"]
    try:
        _services, scene = open_list("de")
        assert [row.partition(" · gespeichert")[0] for row in rows(scene)][:2] == [
            "Robot Master · Zwei Spieler · Anna – Ben",
            "Robot Master · Zwei Teams · Anna – Ben – Clara – David"]
    finally:
        set_language("en")


def test_a_title_keeps_only_characters_the_font_can_show_and_says_so() -> None:
    save("a.yaml", volt("Duel", ACTIONS, "2026-11-20T08:00:00+00:00"))
    services, scene = open_list()
    frame(services, [key(pygame.K_F2)])
    frame(services)
    dialog = services.scenes.top
    assert isinstance(dialog, RenameDialog)
    frame(services, [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in " 🏁"])
    assert dialog.notice == "The game's font cannot show that character, so it was left out."
    frame(services, [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in " won"])
    assert dialog.notice is None                 # typing on: the notice has been read
    frame(services, [key(pygame.K_RETURN)])
    frame(services)
    assert rows(scene) == ["Duel  won · saved 2026-11-20 08:00"]
