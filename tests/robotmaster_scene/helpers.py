"""Driving the Robot Master table headless, like a player: real clicks on cards and cells."""

from __future__ import annotations

from typing import Callable

from game.app.scene import Scene
from game.app.services import Services
from game.controllers.robotmaster import DEFAULT_MATCH_GAMES, RobotMasterController, Seat
from game.robotmaster import PlaceCard
from game.scenes.dialogs import PrivacyScreen
from game.scenes.robotmaster.end import RobotMasterEnd
from game.scenes.robotmaster.table import RobotMasterTable
from tests.ui.helpers import click, frame, headless_services


def open_table(variant: str, seats: list[Seat], seed: int, *, language: str = "en",
               size: tuple[int, int] = (1280, 720), games: int = DEFAULT_MATCH_GAMES
               ) -> tuple[Services, RobotMasterTable]:
    services = headless_services(size, language)
    table = RobotMasterTable(services, RobotMasterController(variant, seats, seed, games=games))
    services.scenes.push(table)
    services.scenes.apply_pending()
    return services, table


def bots_to_the_end_of_a_game(games: int) -> tuple[Services, RobotMasterTable]:
    """Anna and Bolt, two normal bots (seed 31), play the first game of a match of `games`
    to its end screen."""
    services, table = open_table("standard", [Seat("Anna", "red", "normal"),
                                              Seat("Bolt", "blue", "normal")], 31, games=games)
    table.controller.autoplay(24)
    run_until(services, lambda: isinstance(services.scenes.top, RobotMasterEnd))
    return services, table


def run_until(services: Services, done: Callable[[], bool], limit: int = 2000,
              dt: float = 0.1) -> None:
    """Frames (with no input) until `done()`; fails after `limit` frames."""
    for _ in range(limit):
        if done():
            return
        frame(services, [], dt)
    raise AssertionError("the scene never reached the expected state")


def waiting(services: Services, table: RobotMasterTable) -> bool:
    """A human can act now: the privacy screen or the end screen is up, or the table waits
    for a placement."""
    top = services.scenes.top
    return isinstance(top, (PrivacyScreen, RobotMasterEnd)) or (
        top is table and table.interactive())


def centre(rect) -> tuple[int, int]:  # noqa: ANN001 - a pygame.Rect
    return (rect.centerx, rect.centery)


def place_by_clicks(services: Services, table: RobotMasterTable, action: PlaceCard) -> None:
    """Click the card, then the cell, then Confirm."""
    card = table.hand_card_rect(action.value)
    assert card is not None, f"no {action.value} in the shown hand {table.shown_hand()}"
    frame(services, click(centre(card)))
    assert table.selected == action.value
    frame(services, click(centre(table.geometry.cell_rect(action.cell))))
    assert table.controller.tentative == action
    assert table.confirm_button is not None and table.confirm_button.enabled
    frame(services, click(centre(table.confirm_button.rect)))
    assert table.controller.tentative is None


def scene_stack(services: Services) -> list[Scene]:
    return list(services.scenes.stack)


def spy_on_hands(table: RobotMasterTable) -> list[tuple[int | None, list[int]]]:
    """Record, every time the table draws its hand area, whose hand it shows face up and
    which cards (an empty list: nothing private on screen)."""
    seen: list[tuple[int | None, list[int]]] = []
    original = table.draw_content   # every frame's content draws the hand area

    def spy(surface):  # noqa: ANN001, ANN202 - a pygame.Surface
        seen.append((table.viewer, table.shown_hand()))
        original(surface)

    table.draw_content = spy  # type: ignore[method-assign]
    return seen
