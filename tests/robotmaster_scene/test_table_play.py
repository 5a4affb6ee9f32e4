"""Robot Master through the scene alone: clicks on cards and cells, Confirm, the bots' moves,
the privacy screen in hot-seat games, the end screen."""

from __future__ import annotations

import pygame

from game.controllers.robotmaster import Seat
from game.core.types import Pos
from game.robotmaster import CardDealt, CardPlaced, PlaceCard, line_score, score_grid
from game.robotmaster.grid import full_grid
from game.scenes.dialogs import PrivacyScreen, RulesOverlay
from game.scenes.robotmaster.end import RobotMasterEnd
from game.scenes.robotmaster.table import RobotMasterTable
from tests.robotmaster_scene.helpers import (
    centre, open_table, place_by_clicks, run_until, spy_on_hands, waiting)
from tests.ui.helpers import click, frame, key


def test_a_whole_two_player_game_through_the_scene_matches_the_core() -> None:
    services, table = open_table("standard", [Seat("Anna", "red"), Seat("Bolt", "blue", "normal")],
                                 seed=21)
    controller = table.controller
    human_turns = 0
    while True:
        run_until(services, lambda: waiting(services, table))
        if isinstance(services.scenes.top, RobotMasterEnd):
            break
        assert not isinstance(services.scenes.top, PrivacyScreen), "one human: no privacy screen"
        # the hand on screen is exactly the human's hand, and the marked cells are the legal ones
        assert sorted(table.shown_hand()) == controller.state.hands[0]
        legal = controller.legal()
        assert table.legal_cells() == {a.cell for a in legal}
        # the table on screen is the core's table
        assert table.cells == controller.state.cells
        action = legal[(human_turns * 7) % len(legal)]
        before = len(controller.match.log)
        place_by_clicks(services, table, action)
        assert controller.match.log[before] == action
        human_turns += 1
    assert human_turns == 12
    state = controller.state
    assert state.is_terminal()
    assert table.cells == state.cells
    end = services.scenes.top
    assert isinstance(end, RobotMasterEnd)
    grid = full_grid(state.cells)
    assert end.grid() == grid
    result = score_grid(grid)
    assert table.ended is not None
    assert (table.ended.rows, table.ended.columns, table.ended.winner) == (
        result.rows, result.columns, result.winner)
    # the match counted the game
    assert controller.score is not None and len(controller.score.records) == 1
    frame(services, [], 0.1)  # the end screen draws without error


def test_a_card_dragged_to_a_cell_lies_there_until_taken_back() -> None:
    services, table = open_table("standard", [Seat("Anna", "red"), Seat("Bolt", "blue", "easy")],
                                 seed=3)
    run_until(services, lambda: waiting(services, table))
    action = table.controller.legal()[-1]
    card = table.hand_card_rect(action.value)
    assert card is not None
    target = centre(table.geometry.cell_rect(action.cell))
    frame(services, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre(card), button=1),
                     pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(1, 1),
                                        buttons=(1, 0, 0)),
                     pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1)])
    assert table.controller.tentative == action
    log = list(table.controller.match.log)
    hand_before = table.shown_hand()
    # click the card on the table: back into the hand, selected, and nothing was played
    frame(services, click(target))
    assert table.controller.tentative is None
    assert table.selected == action.value
    assert sorted(table.shown_hand()) == sorted(hand_before + [action.value])
    assert table.controller.match.log == log
    # place it again and take it back with Backspace
    frame(services, click(target))
    assert table.controller.tentative == action
    frame(services, [key(pygame.K_BACKSPACE)])
    assert table.controller.tentative is None
    assert table.controller.match.log == log


def test_a_card_laid_down_shows_what_it_makes_of_its_row_and_column_before_confirm() -> None:
    """RM-5: the line scores count a tentatively laid card, so a player sees the pair or
    the trio it makes (or the lowest line it leaves) before playing it; taken back, the
    scores are as before, and nothing was played."""
    services, table = open_table("standard", [Seat("Anna", "red"), Seat("Bolt", "blue", "easy")],
                                 seed=3)
    for _ in range(3):              # a few cards on the table first, so lines have partners
        run_until(services, lambda: waiting(services, table))
        place_by_clicks(services, table, table.controller.legal()[0])
    run_until(services, lambda: waiting(services, table))
    rows_before, columns_before = table.line_scores()
    action = table.controller.legal()[-1]
    rules = table.controller.rules

    def line(keep) -> list[int]:  # noqa: ANN001 - a predicate on cells
        return [v for p, v in table.cells.items() if keep(p)] + [action.value]

    frame(services, click(centre(table.hand_card_rect(action.value))))
    frame(services, click(centre(table.geometry.cell_rect(action.cell))))
    assert table.controller.tentative == action
    rows, columns = table.line_scores()
    assert rows[action.cell.y] == line_score(line(lambda p: p.y == action.cell.y), rules)
    assert columns[action.cell.x] == line_score(line(lambda p: p.x == action.cell.x), rules)
    assert {y: s for y, s in rows.items() if y != action.cell.y} == \
        {y: s for y, s in rows_before.items() if y != action.cell.y}
    log = list(table.controller.match.log)
    frame(services, [key(pygame.K_BACKSPACE)])
    assert table.line_scores() == (rows_before, columns_before)
    assert table.controller.match.log == log


def test_a_confirmed_card_cannot_be_taken_back() -> None:
    services, table = open_table("standard", [Seat("Anna", "red"), Seat("Bolt", "blue", "easy")],
                                 seed=5)
    run_until(services, lambda: waiting(services, table))
    action = table.controller.legal()[0]
    place_by_clicks(services, table, action)
    frame(services, [key(pygame.K_BACKSPACE)])
    frame(services, [pygame.event.Event(pygame.MOUSEBUTTONDOWN,
                                        pos=centre(table.geometry.cell_rect(action.cell)),
                                        button=3)])
    assert table.controller.match.log.count(action) == 1
    run_until(services, lambda: table.cells.get(action.cell) == action.value)


def test_an_illegal_cell_does_nothing() -> None:
    services, table = open_table("standard", [Seat("Anna", "red"), Seat("Bolt", "blue", "easy")],
                                 seed=5)
    run_until(services, lambda: waiting(services, table))
    value = table.shown_hand()[0]
    frame(services, click(centre(table.hand_card_rect(value))))
    far = Pos(3, 3)  # never next to a card at the first placements
    assert far not in table.legal_cells()
    frame(services, click(centre(table.geometry.cell_rect(far))))
    assert table.controller.tentative is None
    assert table.confirm_button is not None and not table.confirm_button.enabled


def test_hot_seat_shows_the_privacy_screen_before_every_human_turn() -> None:
    services, table = open_table("standard", [Seat("Anna", "red"), Seat("Ben", "blue")], seed=8)
    controller = table.controller
    drawn = spy_on_hands(table)
    screens = 0
    for turn in range(24):
        run_until(services, lambda: waiting(services, table))
        top = services.scenes.top
        assert isinstance(top, PrivacyScreen), f"turn {turn}: no privacy screen"
        player = controller.decision()
        assert player is not None and top.player_name == controller.seats[player].name
        # while it is up, the table (and so any hand) is not drawn at all
        assert table.viewer is None
        drawn.clear()
        for _ in range(3):
            for scene in services.scenes.stack:
                scene.dirty = True
            frame(services, [], 0.1)
        assert drawn == []
        screens += 1
        frame(services, click((640, 360)))  # the player takes the screen
        assert services.scenes.top is table
        frame(services, [], 0.1)
        assert drawn[-1] == (player, controller.state.hands[player])
        place_by_clicks(services, table, controller.legal()[turn % len(controller.legal())])
        # confirmed: the hand leaves the screen at once
        assert table.viewer is None
        table.dirty = True
        frame(services, [], 0.0)
        assert drawn[-1][1] == []
    run_until(services, lambda: isinstance(services.scenes.top, RobotMasterEnd))
    assert screens == 24
    assert controller.state.is_terminal()
    # no hand but the player's own at turn was ever face up
    assert all(cards == [] or viewer is not None for viewer, cards in drawn)


def test_team_partners_never_see_each_others_hand() -> None:
    seats = [Seat("Anna", "red"), Seat("Bolt", "blue", "easy"), Seat("Carla", "green"),
             Seat("Dynamo", "yellow", "easy")]
    services, table = open_table("teams", seats, seed=9)
    controller = table.controller
    for turn in range(12):  # every human turn of the game
        run_until(services, lambda: waiting(services, table))
        assert isinstance(services.scenes.top, PrivacyScreen)
        frame(services, click((640, 360)))
        frame(services, [], 0.1)
        player = controller.decision()
        assert player in (0, 2) and table.viewer == player
        assert sorted(table.shown_hand()) == controller.state.hands[player]
        partner = 2 - player
        assert table.viewer != partner
        place_by_clicks(services, table, controller.legal()[0])
    run_until(services, lambda: isinstance(services.scenes.top, RobotMasterEnd))
    assert sum(len(h) for h in controller.state.hands) == 4  # RM-8.2.5


def test_f1_opens_the_rules_in_the_current_language() -> None:
    services, table = open_table("five_card", [Seat("Anna", "red"),
                                               Seat("Bolt", "blue", "easy")], seed=2,
                                 language="de")
    run_until(services, lambda: waiting(services, table))
    frame(services, [key(pygame.K_F1)])
    top = services.scenes.top
    assert isinstance(top, RulesOverlay)
    text = top.text()
    assert "Fünf Handkarten" in text or "fünf Karten" in text
    assert "Reiner Knizia" in text
    frame(services, [key(pygame.K_ESCAPE)])
    assert services.scenes.top is table


def test_bot_moves_fly_and_a_click_skips_them() -> None:
    services, table = open_table("standard", [Seat("Bolt", "blue", "normal"),
                                              Seat("Anna", "red")], seed=1)
    controller = table.controller
    def placing() -> bool:
        return table.flight is not None and isinstance(table.flight.event, CardPlaced)

    run_until(services, lambda: placing() or waiting(services, table), dt=0.05)
    if not placing():  # Anna starts: let her place, then watch the bot
        place_by_clicks(services, table, controller.legal()[0])
        run_until(services, placing, dt=0.05)
    flying = table.flight
    assert flying is not None
    assert flying.event.cell not in table.cells     # still in the air
    assert controller.state.cells[flying.event.cell] == flying.event.value  # the model is final
    frame(services, click((5, 700)), 0.0)
    assert table.flight is None
    assert table.cells[flying.event.cell] == flying.event.value


def test_next_game_swaps_sides_and_first_player() -> None:
    services, table = open_table("standard", [Seat("Anna", "red"), Seat("Bolt", "blue", "easy")],
                                 seed=4)
    controller = table.controller
    controller.autoplay(30)
    table.skip()
    run_until(services, lambda: isinstance(services.scenes.top, RobotMasterEnd))
    first, rows = controller.state.first_player, controller.state.rows_team
    end = services.scenes.top
    assert isinstance(end, RobotMasterEnd)
    frame(services, [key(pygame.K_RETURN)])  # Enter presses "Next game"
    assert services.scenes.top is table
    run_until(services, lambda: waiting(services, table) or table.busy())
    assert controller.game_index == 1
    assert controller.state.first_player == 1 - first
    assert controller.state.rows_team == 1 - rows
    assert len(table.cells) <= 2 and not table.ended


def test_the_table_redraws_only_when_something_changes() -> None:
    services, table = open_table("standard", [Seat("Anna", "red"), Seat("Bolt", "blue", "easy")],
                                 seed=6)
    run_until(services, lambda: waiting(services, table))
    frame(services, [], 0.1)
    assert not services.scenes.needs_redraw()


def test_every_screen_size_lays_out(tmp_path) -> None:  # noqa: ANN001
    for size in ((800, 600), (1920, 1080), (1280, 720)):
        services, table = open_table("teams", [Seat("A", "red"), Seat("B", "blue", "easy"),
                                               Seat("C", "green", "easy"),
                                               Seat("D", "yellow", "easy")], seed=2, size=size)
        run_until(services, lambda: waiting(services, table))
        assert isinstance(table, RobotMasterTable)
        rect = table.hand_card_rect(table.shown_hand()[0])
        assert rect is not None and services.window.surface.get_rect().contains(rect)
        frame(services, [], 0.1)
        pygame.image.save(services.window.surface, str(tmp_path / f"{size[0]}.png"))
        _ = PlaceCard


def test_the_deal_is_animated_card_by_card_and_a_click_skips_it() -> None:
    services, table = open_table("standard", [Seat("Anna", "red"), Seat("Bolt", "blue", "easy")],
                                 seed=13)
    run_until(services, lambda: table.flight is not None
              and isinstance(table.flight.event, CardDealt), dt=0.02)
    assert len(table.shown_hand()) < 12
    frame(services, click((5, 700)), 0.0)
    run_until(services, lambda: waiting(services, table) or table.flight is not None)
    if not waiting(services, table):
        frame(services, click((5, 700)), 0.0)
        run_until(services, lambda: waiting(services, table))
    assert sorted(table.shown_hand()) == table.controller.state.hands[0]
    assert len(table.hands[1]) == len(table.controller.state.hands[1])


def test_instant_animation_plays_a_five_card_game_without_flights() -> None:
    services, table = open_table("five_card", [Seat("Anna", "red"),
                                               Seat("Bolt", "blue", "strong")], seed=44)
    services.settings.animation_speed = "instant"
    controller = table.controller
    while True:
        run_until(services, lambda: waiting(services, table), limit=200)
        assert table.flight is None
        if isinstance(services.scenes.top, RobotMasterEnd):
            break
        assert len(table.shown_hand()) == 5  # a draw after every placement (RM-8.1.2)
        place_by_clicks(services, table, controller.legal()[-1])
    assert table.cells == controller.state.cells and len(table.cells) == 25


def test_a_card_can_be_played_with_the_keyboard_alone() -> None:
    services, table = open_table("standard", [Seat("Anna", "red"), Seat("Bolt", "blue", "easy")],
                                 seed=19)
    controller = table.controller
    run_until(services, lambda: waiting(services, table))
    value = table.shown_hand()[-1]
    frame(services, [key(getattr(pygame, f"K_{value}"))])
    assert table.selected == value
    frame(services, [key(pygame.K_RIGHT)])
    assert table.cursor in table.legal_cells()
    for k in (pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT):
        frame(services, [key(k)])
        assert table.cursor in table.legal_cells()
    cell = table.cursor
    log = list(controller.match.log)
    frame(services, [key(pygame.K_RETURN)])
    assert controller.tentative == PlaceCard(0, value, cell)
    assert controller.match.log == log
    frame(services, [key(pygame.K_RETURN)])
    assert controller.match.log[len(log)] == PlaceCard(0, value, cell)
