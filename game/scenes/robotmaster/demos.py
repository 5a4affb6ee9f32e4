"""Named Robot Master scenes for `--screenshot --scene robot-master-...` and the monkey
test (game/scenes/catalog.py lists this module)."""

from __future__ import annotations

from typing import Callable

import pygame

from game.app.scene import Scene
from game.app.services import Services
from game.controllers.robotmaster import RobotMasterController, Seat
from game.i18n import _
from game.robotmaster import BestScore
from game.scenes.dialogs import PrivacyScreen, RulesOverlay
from game.scenes.guide_overlay import GuideOverlay
from game.scenes.menu import MenuScene
from game.scenes.robotmaster.end import RobotMasterEnd
from game.scenes.robotmaster.guide import GAME as GUIDE
from game.scenes.robotmaster.replay import RobotMasterReplay
from game.scenes.robotmaster.table import RobotMasterTable
from game.scenes.robotmaster.texts import rules_text
from game.ui import theme


def _menu(services: Services) -> list[Scene]:
    return [MenuScene(services)]


def demo_table(services: Services, variant: str, seats: list[Seat], *, seed: int,
               placements: int, select: int | None = None) -> RobotMasterTable:
    """A table `placements` cards into a seeded game, snapped (screenshots and tests)."""
    controller = RobotMasterController(variant, seats, seed)
    controller.run_automatic_chance()
    controller.autoplay(placements)
    controller.run_automatic()
    table = RobotMasterTable(services, controller)
    table.first_turn_guide = False   # only the guide's own scene shows it
    table.skip()
    player = controller.decision()
    if player is not None:
        table.viewer = player   # as if the player at turn had just taken the screen
    if select is not None and table.viewer is not None:
        hand = table.shown_hand()
        if hand:
            table.selected = hand[min(select, len(hand) - 1)]
    return table


SEATS_DUEL = [Seat("Anna", "red"), Seat("Bolt", "blue", "normal")]
SEATS_HOT = [Seat("Anna", "red"), Seat("Ben", "blue")]
SEATS_TEAMS = [Seat("Anna", "red"), Seat("Bolt", "blue", "normal"), Seat("Carla", "green"),
               Seat("Dynamo", "yellow", "strong")]


def _scene_table(services: Services) -> list[Scene]:
    return _menu(services) + [demo_table(services, "standard", SEATS_DUEL, seed=7,
                                         placements=12, select=2)]


def _scene_tentative(services: Services) -> list[Scene]:
    table = demo_table(services, "standard", SEATS_DUEL, seed=7, placements=12)
    legal = table.controller.legal()
    if legal:
        table.controller.propose(legal[len(legal) // 2])
        table.sync_buttons()
    return _menu(services) + [table]


def _scene_privacy(services: Services) -> list[Scene]:
    table = demo_table(services, "standard", SEATS_HOT, seed=11, placements=6)
    player = table.controller.decision() or 0
    table.viewer = None
    table.privacy_for = player
    seat = table.controller.seats[player]
    return _menu(services) + [table, PrivacyScreen(
        services, seat.name, lambda: table.player_ready(player),
        colour=theme.PLAYER_COLOURS[seat.colour], shape=theme.PLAYER_SHAPES[seat.colour])]


def _scene_teams(services: Services) -> list[Scene]:
    return _menu(services) + [demo_table(services, "teams", SEATS_TEAMS, seed=5,
                                         placements=14)]


def _scene_log(services: Services) -> list[Scene]:
    """Two teams, the game log's drawer open over the seats, the mouse on an earlier
    placement's line: its cell is outlined on the grid."""
    table = demo_table(services, "teams", SEATS_TEAMS, seed=5, placements=14)
    table.toggle_log()
    table.draw(pygame.Surface(table.size))     # the log's rows, for the mouse to find
    entries = table.log_entries()
    row = [row for row, index in table.log_rows() if entries[index].marks][-4]
    table.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=row.center, rel=(0, 0),
                                          buttons=(0, 0, 0)))
    return _menu(services) + [table]


def _scene_five(services: Services) -> list[Scene]:
    return _menu(services) + [demo_table(services, "five_card", SEATS_DUEL, seed=3,
                                         placements=9)]


def _scene_solo(services: Services) -> list[Scene]:
    return _menu(services) + [demo_table(services, "solo", [Seat("Anna", "red")], seed=4,
                                         placements=10)]


def _finished(services: Services, variant: str, seats: list[Seat], seed: int) -> RobotMasterTable:
    table = demo_table(services, variant, seats, seed=seed, placements=30)
    table.end_wait = 0.0
    return table


def _scene_end(services: Services) -> list[Scene]:
    table = _finished(services, "standard", SEATS_DUEL, 7)
    table.end_shown = True
    return _menu(services) + [table, RobotMasterEnd(services, table)]


def _scene_end_teams(services: Services) -> list[Scene]:
    table = _finished(services, "teams", SEATS_TEAMS, 5)
    table.end_shown = True
    return _menu(services) + [table, RobotMasterEnd(services, table)]


def _scene_end_solo(services: Services) -> list[Scene]:
    table = _finished(services, "solo", [Seat("Anna", "red")], 4)
    table.end_shown = True
    table.best_table = [BestScore(30, "Anna", "2026-11-01"), BestScore(table.ended.solo_score
                        if table.ended else 12, "Anna", "2026-11-22"), BestScore(8, "Ben", "")]
    table.best_table.sort(key=lambda e: -e.score)
    table.best_rank = 1
    return _menu(services) + [table, RobotMasterEnd(services, table)]


def _scene_guide(services: Services, variant: str = "standard",
                 seats: list[Seat] = SEATS_DUEL) -> list[Scene]:
    """Anna's first card of a duel (or a solo game), the guide up."""
    if GUIDE in services.settings.guides_seen:
        services.settings.guides_seen.remove(GUIDE)
    table = demo_table(services, variant, seats, seed=7, placements=0)
    table.first_turn_guide = True
    services.scenes.push(table)
    services.scenes.apply_pending()
    for _i in range(200):
        if isinstance(services.scenes.top, GuideOverlay):
            break
        table.update(1 / 60)
        services.scenes.apply_pending()
    guide = services.scenes.top
    assert isinstance(guide, GuideOverlay), "the guide shows on a first card"
    services.scenes.stack.clear()
    return _menu(services) + [table, guide]


def _scene_replay(services: Services) -> list[Scene]:
    """A finished duel in the replay viewer, halfway through."""
    finished = _finished(services, "standard", SEATS_DUEL, 7)
    viewer = RobotMasterReplay(services, finished.saved_game())
    viewer.bar.seek(13)
    viewer.bar.message = None
    return _menu(services) + [viewer]


def _scene_rules(services: Services) -> list[Scene]:
    table = demo_table(services, "teams", SEATS_TEAMS, seed=5, placements=6)
    return _menu(services) + [table, RulesOverlay(
        services, lambda: _("Robot Master: rules"),
        lambda: rules_text("teams", table.controller.rules))]


SCREENSHOT_SCENES: dict[str, Callable[[Services], list[Scene]]] = {
    "robot-master-table": _scene_table,
    "robot-master-tentative": _scene_tentative,
    "robot-master-privacy": _scene_privacy,
    "robot-master-teams": _scene_teams,
    "robot-master-log": _scene_log,
    "robot-master-five-card": _scene_five,
    "robot-master-solo": _scene_solo,
    "robot-master-end": _scene_end,
    "robot-master-end-teams": _scene_end_teams,
    "robot-master-end-solo": _scene_end_solo,
    "robot-master-rules": _scene_rules,
    "robot-master-replay": _scene_replay,
    "robot-master-guide": _scene_guide,
    "robot-master-guide-solo": lambda s: _scene_guide(s, "solo", [Seat("Anna", "red")]),
}

