"""Robot Master's game log (issue 14): reachable at every moment without covering the grid,
in the seats panel where it has room and in a drawer over the seats where it has not (two
teams); its lines tell the moves made, and the line under the mouse lights the cell it
concerns on the grid. The replay viewer shows the same log."""

from __future__ import annotations

import pygame
import pytest

from game.controllers.robotmaster import Seat
from game.i18n import set_language
from game.robotmaster import CardPlaced
from game.scenes.robotmaster.replay import RobotMasterReplay
from game.ui import theme
from tests.robotmaster_scene.helpers import open_table, place_by_clicks, run_until, waiting
from tests.ui.helpers import click, frame, key

TWO = [Seat("Anna", "red"), Seat("Bolt", "blue", "normal")]
TEAMS = [Seat("Anna", "red"), Seat("Bolt", "blue", "normal"), Seat("Carla", "green", "easy"),
         Seat("Dynamo", "yellow", "normal")]


def motion(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]


def play_some(services, table, moves: int) -> None:  # noqa: ANN001 - Services, the table
    """The human places `moves` cards by clicks; the bot answers each."""
    for turn in range(moves):
        run_until(services, lambda: waiting(services, table))
        legal = table.controller.legal()
        place_by_clicks(services, table, legal[(turn * 5) % len(legal)])
    run_until(services, lambda: waiting(services, table))
    frame(services)


def open_the_log(services, table) -> pygame.Rect:  # noqa: ANN001 - Services, the table
    log = table.log_rect()
    if log is None:
        button = table.log_button
        assert button is not None and button.visible, "no room for the log: a button opens it"
        frame(services, click(button.rect.center))
        log = table.log_rect()
    assert log is not None
    frame(services)
    return log


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("seats", [TWO, TEAMS], ids=["two", "teams"])
def test_the_log_tells_the_moves_and_never_covers_the_grid(size, seats) -> None:  # noqa: ANN001
    variant = "teams" if len(seats) == 4 else "standard"
    services, table = open_table(variant, seats, seed=8, size=size)
    play_some(services, table, 2)
    log = open_the_log(services, table)
    layout = table.layout
    assert not log.colliderect(layout.felt) and not log.colliderect(layout.hand_area)
    assert log.h >= table.px(120)
    placed = [e for e in table.controller.match.log if type(e).__name__ == "PlaceCard"]
    assert len(placed) >= 2
    texts = [entry.text for entry in table.log_entries()]
    names = {seat.name for seat in seats}
    for name in names & {"Anna", "Bolt"}:
        assert any(text.startswith(f"{name} places a ") for text in texts), texts
    rows = table.log_rows()
    assert rows and max(index for _row, index in rows) == len(texts) - 1, "the newest shows"
    surface = services.window.surface
    row = rows[-1][0]
    colours = {tuple(surface.get_at((x, row.centery)))[:3] for x in range(row.x, row.right)}
    assert len(colours) > 3, "the newest line is drawn"


def test_hovering_a_placement_lights_its_cell_and_the_light_goes_with_the_mouse() -> None:
    services, table = open_table("standard", TWO, seed=8)
    play_some(services, table, 3)
    frame(services)
    found = next((row, index) for row, index in reversed(table.log_rows())
                 if " places a " in table.log_entries()[index].text)
    row, index = found
    cell = table.log_entries()[index].marks[0]
    assert cell in table.cells, "the line names a cell where a card lies"
    top, left = min(p.y for p in table.cells), min(p.x for p in table.cells)
    assert table.log_entries()[index].text.endswith(
        f"row {cell.y - top + 1}, column {cell.x - left + 1}."), "named as the grid shows it"
    edge = table.geometry.cell_rect(cell)
    probe = (edge.x + 1, edge.centery)
    surface = services.window.surface
    frame(services, motion((5, 5)))
    assert tuple(surface.get_at(probe))[:3] != theme.GUIDE_LIGHT, "no light before the mouse comes"
    frame(services, motion(row.center))
    assert table.lit_cells() == (cell,)
    assert tuple(surface.get_at(probe))[:3] == theme.GUIDE_LIGHT, "the hovered line lights its cell"
    frame(services, motion((5, 5)))
    assert tuple(surface.get_at(probe))[:3] != theme.GUIDE_LIGHT, \
        "and the light goes with the mouse"


def test_with_two_teams_the_drawer_opens_over_the_seats_and_closes_again() -> None:
    services, table = open_table("teams", TEAMS, seed=8)
    play_some(services, table, 1)
    assert table.log_rect() is None, "four seats leave no room: the log is in its drawer"
    log = open_the_log(services, table)
    assert table.layout.left_panel.contains(log)
    frame(services, [key(pygame.K_l)])
    assert table.log_rect() is None, "L closes it"
    frame(services, [key(pygame.K_l)])
    assert table.log_rect() == log, "and opens it"


def test_the_replay_shows_the_same_log_with_its_cells() -> None:
    services, table = open_table("standard", TWO, seed=8)
    play_some(services, table, 2)
    viewer = RobotMasterReplay(services, table.saved_game())
    services.scenes.push(viewer)
    services.scenes.apply_pending()
    frame(services)
    ask = services.scenes.top     # an unfinished game: the viewer asks before showing hands
    yes = next(w for w in ask.ui.widgets if w.current_text() == "Show the replay")
    frame(services, click(yes.rect.center))
    assert services.scenes.top is viewer
    to_end = next(w for w in viewer.ui.widgets if w.current_text() == "To end")
    frame(services, click(to_end.rect.center))
    frame(services)
    entries = viewer.log_entries()
    placements = [e for _n, e in viewer.happened if isinstance(e, CardPlaced)]
    lines = [entry for entry in entries if " places a " in entry.text]
    assert len(lines) == len(placements)
    assert [entry.marks for entry in lines] == [(e.cell,) for e in placements]
    assert viewer.log_rect() is not None and viewer.log_rows(), "the log is drawn"
    set_language("de")       # the viewer's log follows a change of language at once
    assert sum(" legt eine " in entry.text for entry in viewer.log_entries()) == len(placements)


def test_a_card_on_its_way_to_a_new_row_is_named_as_it_will_lie_never_row_0() -> None:
    """RM-4.2/4.3: the grid grows up and left as cards are placed; while a placed card still flies
    to a row above the shown grid, its line (and the ones before) are named by the grid it
    makes, not 'row 0' (seen in play: "Ben places a 3 in row 0, column 1")."""
    services, table = open_table("standard", TWO, seed=8)
    services.settings.animation_speed = "normal"
    seen: set[str] = set()
    for _ in range(6):
        run_until(services, lambda: waiting(services, table) or bool(_bad_lines(table, seen)),
                  dt=1 / 30)
        assert not _bad_lines(table, seen), _bad_lines(table, seen)
        top = min(p.y for p in table.cells)
        upward = [a for a in table.controller.legal() if a.cell.y < top]
        place_by_clicks(services, table, (upward or table.controller.legal())[0])
    assert any(" row 1," in line for line in seen)


def _bad_lines(table, seen: set[str]) -> list[str]:  # noqa: ANN001 - the table
    lines = [entry.text for entry in table.log_entries()]
    seen.update(lines)
    return [line for line in lines if " row 0," in line or " column 0." in line
            or " row -" in line or " column -" in line]
