"""A new player's first placing screen explains itself once: the hand, where a card may go,
their lines against the other side's, what a line scores; dismissed, it is remembered in the
settings and never shown again (issue 14, the first-turn guide)."""

from __future__ import annotations

import pygame

from game.controllers.robotmaster import Seat
from game.scenes.guide_overlay import GuideOverlay
from tests.robotmaster_scene.helpers import centre, open_table, place_by_clicks, run_until
from tests.ui.helpers import click, frame, key

SEATS = [Seat("Anna", "red"), Seat("Bolt", "blue", "normal")]


def first_guide(variant: str = "standard", seats: list[Seat] = SEATS, size=(1280, 720),
                language: str = "en"):
    services, table = open_table(variant, seats, 7, size=size, language=language)
    services.settings.animation_speed = "instant"
    table.bot_wait_seconds = 30.0
    services.settings.guides_seen[:] = [g for g in services.settings.guides_seen
                                        if g != "robot-master"]
    run_until(services, lambda: isinstance(services.scenes.top, GuideOverlay))
    return services, table, services.scenes.top


def test_the_guide_points_at_the_hand_a_marked_cell_and_the_lines() -> None:
    for size in ((1280, 720), (800, 450)):
        services, table, guide = first_guide(size=size)
        targets = [hint.target for hint in guide.hints]
        assert len(targets) == 4
        hand = table.hand_rects(len(table.shown_hand()))
        assert all(targets[0].contains(r) for r in hand), "hint 1: the hand"
        cells = [table.geometry.cell_rect(pos) for pos in table.legal_cells()]
        assert targets[1] in cells, "hint 2: a marked cell"
        side = table.controller.side_of(table.controller.decision())
        rows, columns = table.layout.row_scores, table.layout.column_scores
        own, other = (rows, columns) if side == "rows" else (columns, rows)
        assert targets[2].contains(own) and not targets[2].colliderect(other), \
            "hint 3: the player's own line scores"
        assert targets[3].contains(other) and not targets[3].colliderect(own), \
            "hint 4: the other side's line scores"
        assert "Bolt" in guide.hints[2].text, "hint 3 names who owns the other lines"
        panel = guide.panel()
        assert not any(panel.colliderect(t) for t in targets), \
            f"the hints never hide their targets ({size})"


def test_the_table_waits_under_the_guide_and_it_shows_once() -> None:
    services, table, guide = first_guide()
    hand = table.shown_hand()
    frame(services, [key(pygame.K_0 + hand[0], str(hand[0]))])
    assert table.selected is None, "a card key under the guide picks no card"
    assert services.scenes.top is guide
    card = table.hand_rects(len(hand))[0]
    frame(services, click(centre(card)))      # a click anywhere closes the guide ...
    assert services.scenes.top is table
    assert table.selected is None, "... and does not reach the table"
    assert "robot-master" in services.settings.guides_seen
    place_by_clicks(services, table, table.controller.legal()[0])
    run_until(services, lambda: table.interactive() or services.scenes.top is not table)
    assert services.scenes.top is table and table.interactive()
    frame(services)
    assert services.scenes.top is table, "dismissed once, the guide never shows again"


def test_solo_the_guide_points_at_the_turned_up_card_and_every_line_counts() -> None:
    services, table, guide = first_guide("solo", [Seat("Anna", "red")], size=(800, 450))
    card = table.hand_rects(len(table.shown_hand()))
    assert guide.hints[0].target.contains(card[0]) and "turned-up" in guide.hints[0].text
    assert "lowest line" in guide.hints[2].text
    panel = guide.panel()
    assert not any(panel.colliderect(h.target) for h in guide.hints)
