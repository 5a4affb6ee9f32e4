"""The end screen of RULES.md's worked full game WE-RM-11, reached through the table."""

from __future__ import annotations

from game.controllers.robotmaster import Seat
from game.core.types import Pos
from game.robotmaster import (Action, ChooseSeats, DealCard, PlaceCard, TurnStartCard,
                              action_to_dict)
from game.scenes.robotmaster.end import RobotMasterEnd
from tests.robotmaster_scene.helpers import open_table, run_until
from tests.ui.helpers import frame

WE_RM_11 = [[5, 5, 5, 2, 2],
            [0, 1, 2, 3, 4],
            [3, 3, 0, 1, 4],
            [1, 1, 1, 1, 0],
            [4, 0, 3, 5, 2]]


def we_rm_11_actions() -> list[Action]:
    """Anna first and on the rows; the start card in the middle; cards placed from the
    middle outwards (each touches an earlier one), dealt so that each player holds exactly
    the cards of their turns."""
    cells = sorted((Pos(x, y) for y in range(5) for x in range(5)),
                   key=lambda p: (abs(p.x - 2) + abs(p.y - 2), p.y, p.x))
    start, rest = cells[0], cells[1:]
    hands: list[list[int]] = [[], []]
    for k, cell in enumerate(rest):
        hands[k % 2].append(WE_RM_11[cell.y][cell.x])
    actions: list[Action] = [ChooseSeats(0, 0), TurnStartCard(WE_RM_11[start.y][start.x])]
    for i in range(12):
        actions += [DealCard(0, hands[0][i]), DealCard(1, hands[1][i])]
    actions += [PlaceCard(k % 2, WE_RM_11[cell.y][cell.x], Pos(cell.x - 2, cell.y - 2))
                for k, cell in enumerate(rest)]
    return actions


def finished_table(language: str):  # noqa: ANN201 - (services, RobotMasterEnd)
    services, table = open_table("standard", [Seat("Anna", "red"),
                                              Seat("Bolt", "blue", "easy")], seed=1,
                                 language=language)
    for action in we_rm_11_actions():   # played as a save's log is: its events queue up
        table.controller.play_saved(action_to_dict(action))
    run_until(services, lambda: isinstance(services.scenes.top, RobotMasterEnd))
    end = services.scenes.top
    assert isinstance(end, RobotMasterEnd)
    return services, end


def test_we_rm_11_end_screen_shows_every_line_winner_and_margin() -> None:
    services, end = finished_table("en")
    assert end.grid() == WE_RM_11
    rows, cols = end.line_entries("rows"), end.line_entries("columns")
    assert [e[2].rsplit("= ", 1)[-1] for e in rows] == ["120", "10", "35", "101", "14"]
    assert [e[2].rsplit("= ", 1)[-1] for e in cols] == ["13", "18", "11", "20", "60"]
    assert rows[2][2] == "pair of 3 = 30, + 0 + 1 + 4 = 35"
    assert [e[3] for e in rows] == [False, True, False, False, False]   # lowest row: 10
    assert [e[3] for e in cols] == [False, False, True, False, False]   # lowest column: 11
    title, detail = end.headline()
    assert title == "Bolt wins with the columns!"
    assert "rows 10, columns 11" in detail and "margin 1" in detail
    score = end.controller.score
    assert score is not None and score.totals == (0, 1)   # WE-RM-11: columns +1
    frame(services, [], 0.1)


def test_we_rm_11_end_screen_in_german() -> None:
    _, end = finished_table("de")
    assert end.line_entries("rows")[2][2] == "Paar 3er = 30, + 0 + 1 + 4 = 35"
    assert end.line_entries("rows")[1][0] == "Zeile 2"
    assert end.headline()[0] == "Bolt gewinnt mit den Spalten!"


def test_every_row_score_carries_its_owners_emblem_three_digits_too() -> None:
    """WE-RM-11's rows score 120, 10, 35, 101 and 14: each badge shows Anna's red emblem
    beside its number (a three-digit score lost it to a badge too narrow for both)."""
    services, end = finished_table("en")
    frame(services, [], 0.1)
    surface = services.window.surface
    red = end.table.side_colour("rows")
    rows, _ = end.score_badge_rects()
    emblem_pixels = [sum(surface.get_at((x, y))[:3] == red
                         for x in range(rect.x, rect.x + rect.w // 3)
                         for y in range(rect.y, rect.bottom)) for rect in rows]
    assert all(count > 20 for count in emblem_pixels), emblem_pixels
