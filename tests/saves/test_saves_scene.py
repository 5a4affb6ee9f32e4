"""Continue lists every save, newest first; a damaged one shows its problem and the others
still load; a game that cannot resume yet says so instead of crashing."""

from __future__ import annotations

import pygame

from game import paths
from game.saves import SavedGame, autosave_path, write_save
from game.scenes.menu import MenuScene
from game.scenes.saves_hook import autosave_after_crash, crash_marker, has_saved_game
from game.scenes import saves_list
from game.scenes.saves_list import SavesScene
from game.ui.widgets import Button, ScrollList
from tests.ui.helpers import click, frame, headless_services


def clear_saves() -> None:
    folder = paths.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for path in folder.glob("*.yaml"):
        path.unlink()


def continue_from_the_menu(services) -> SavesScene:  # noqa: ANN001
    """Open the menu, check Continue is enabled, click it: the list of saves."""
    services.scenes.push(MenuScene(services))
    frame(services)
    cont = next(w for w in services.scenes.top.ui.widgets
                if isinstance(w, Button) and w.text == "Continue")
    assert cont.enabled
    frame(services, click(cont.rect.center))
    scene = services.scenes.top
    assert isinstance(scene, SavesScene)
    return scene


def test_continue_lists_saves_and_a_damaged_one_says_why() -> None:
    clear_saves()
    assert not has_saved_game()
    folder = paths.saves_dir()
    write_save(folder / "a.yaml", SavedGame("volt", {"seed": 1}, [], title="Morning duel",
                                            saved_at="2026-11-20T08:00:00+00:00"))
    (folder / "b.yaml").write_text("format: robot-games-save/1\ngame: [", encoding="utf-8")
    assert has_saved_game()
    services = headless_services()
    scene = continue_from_the_menu(services)
    listing = next(w for w in scene.ui.widgets if isinstance(w, ScrollList))
    assert any("Morning duel" in item for item in listing.items)
    damaged = next(i for i, e in enumerate(scene.entries) if e.saved is None)
    scene.select(damaged)
    scene.resume()
    assert scene.problem is not None and "b.yaml:2:" in scene.problem
    clear_saves()


def test_after_a_crash_the_last_autosave_is_offered() -> None:
    clear_saves()
    marker = crash_marker()
    marker.clean_exit()
    write_save(autosave_path(paths.saves_dir(), "volt"), SavedGame("volt", {"seed": 3}, []))
    assert autosave_after_crash() is None          # the last session ended cleanly
    marker.start()                                 # ... this one never reaches clean_exit
    entry = autosave_after_crash()
    assert entry is not None and entry.is_autosave and entry.saved.game == "volt"
    marker.clean_exit()
    clear_saves()


def test_after_a_crash_an_autosave_a_named_save_holds_is_not_offered() -> None:
    """Save and quit, then a crash while watching a replay: the game was left on purpose in
    its named save; offering its older autosave ("Resume the game from its last autosave?")
    would resume a moment behind it, and Not now would file that as a second save."""
    clear_saves()
    folder, marker = paths.saves_dir(), crash_marker()
    moves = [{"type": "lock", "robot": 0}]
    write_save(autosave_path(folder, "volt"), SavedGame(
        "volt", {"seed": 3}, moves, saved_at="2026-11-28T17:04:00+00:00"))
    write_save(folder / "2026-11-28-171853-volt.yaml", SavedGame(
        "volt", {"seed": 3}, moves + [{"type": "lock", "robot": 1}],
        saved_at="2026-11-28T17:18:53+00:00"))
    marker.start()
    assert autosave_after_crash() is None
    write_save(autosave_path(folder, "roborally"), SavedGame(
        "roborally", {"seed": 4}, moves, saved_at="2026-11-28T17:20:00+00:00"))
    entry = autosave_after_crash()
    assert entry is not None and entry.saved.game == "roborally", "another game's is offered"
    marker.clean_exit()
    clear_saves()


def test_closing_the_window_over_a_pause_menu_still_offers_to_save() -> None:
    """The privacy screen, pause menu or rules overlay on top must not hide the game below:
    closing the window asks the game, which offers to save; closing again quits."""
    from game.scenes.dialogs import ConfirmDialog, PauseMenu
    from game.scenes.saves_hook import offer_save_and_quit
    from tests.ui.helpers import frame

    services = headless_services()

    class GameInProgress(MenuScene):
        def request_close(self) -> bool:
            return offer_save_and_quit(services, self)

    services.scenes.push(GameInProgress(services))
    services.scenes.push(PauseMenu(services))
    frame(services)
    frame(services, [pygame.event.Event(pygame.QUIT)])
    frame(services)
    assert not services.scenes.quit_requested
    assert isinstance(services.scenes.top, ConfirmDialog)
    frame(services, [pygame.event.Event(pygame.QUIT)])
    assert services.scenes.quit_requested


def test_continue_lists_long_saves_without_reading_them_whole(monkeypatch) -> None:
    """A long RoboRally game's save takes the data gate seconds to read; the menu and the
    list show titles from each save's first lines and read a save whole only when it is
    resumed, replayed or selected."""
    import game.saves as saves_module

    clear_saves()
    folder = paths.saves_dir()
    actions = [{"type": "place", "card": i % 84, "register": i % 5} for i in range(3000)]
    for n in range(5):
        write_save(folder / f"long-{n}.yaml", SavedGame("roborally", {"seed": n}, actions,
                                                         title=f"Long evening {n}"))

    def refuse(path):  # noqa: ANN001
        raise AssertionError(f"{path.name} was read whole just to list it")

    monkeypatch.setattr(saves_module, "read_save", refuse)
    assert has_saved_game()
    services = headless_services()
    services.scenes.push(SavesScene(services))
    frame(services)
    frame(services)                        # drawn, with the newest save selected
    listing = next(w for w in services.scenes.top.ui.widgets if isinstance(w, ScrollList))
    assert sorted(item.split(" · ")[0] for item in listing.items) == [
        f"Long evening {n}" for n in range(5)]
    clear_saves()


def test_a_save_damaged_after_its_first_lines_says_why_when_selected() -> None:
    clear_saves()
    folder = paths.saves_dir()
    write_save(folder / "cut.yaml", SavedGame("volt", {"seed": 1}, [], title="Cut short"))
    text = (folder / "cut.yaml").read_text(encoding="utf-8")
    (folder / "cut.yaml").write_text(text.replace("seed: 1", "seed: [1"), encoding="utf-8")
    services = headless_services()
    services.scenes.push(SavesScene(services))
    frame(services)
    scene = services.scenes.top
    assert scene.entries[0].summary is not None                # listed under its title
    scene.select(0)
    scene.resume()
    frame(services)
    assert scene.problem is not None and "cut.yaml:" in scene.problem
    assert services.scenes.top is scene                          # nothing was opened
    clear_saves()


def test_a_save_title_cut_in_its_row_is_shown_whole_under_the_list(monkeypatch) -> None:
    clear_saves()
    folder = paths.saves_dir()
    names = " – ".join(["Maximilian Bauer", "Clara-Sophie Ott", "Benjamin Fischer",
                        "Dorothea Keller", "Eva", "Finn", "Greta", "Hannes"])
    long_title = f"RoboRally · The Grand Gauntlet · {names}"
    write_save(folder / "long.yaml", SavedGame("roborally", {"seed": 1}, [], title=long_title,
                                               saved_at="2026-11-20T09:00:00+00:00"))
    write_save(folder / "short.yaml", SavedGame("volt", {"seed": 1}, [], title="Morning duel",
                                                saved_at="2026-11-20T08:00:00+00:00"))
    drawn: list[str] = []
    real = saves_list.draw_paragraphs

    def recording(surface, text, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(saves_list, "draw_paragraphs", recording)
    for size in ((1280, 720), (800, 450)):
        services = headless_services(size)
        scene = continue_from_the_menu(services)
        listing = next(w for w in scene.ui.widgets if isinstance(w, ScrollList))
        long_row = listing.items.index(long_title)
        assert not listing.shows_whole(long_row)
        scene.select(long_row)
        drawn.clear()
        scene.dirty = True
        frame(services)
        assert drawn == [long_title]
        scene.select(listing.items.index("Morning duel"))
        drawn.clear()
        scene.dirty = True
        frame(services)
        assert drawn == []                  # a title its row shows whole is not repeated
    clear_saves()
