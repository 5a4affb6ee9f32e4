"""Robot Master's public layout and hit-test API: what the table draws is found where it is
drawn, at more than one window size."""

from __future__ import annotations

import pygame
import pytest

from game.app.loop import step
from game.controllers.robotmaster import Seat
from game.core.types import Pos
from game.scenes.robotmaster import painting
from game.scenes.robotmaster.demos import SEATS_DUEL, demo_table
from game.scenes.robotmaster.layout import TableLayout
from game.ui import text_fit, theme
from game.ui import robotmaster_view as view
from tests.robotmaster_scene.helpers import open_table
from tests.ui.helpers import frame, headless_services


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (800, 450)])
@pytest.mark.parametrize("count", [1, 5, 12])
def test_every_hand_card_is_found_where_it_lies(size: tuple[int, int], count: int) -> None:
    layout = TableLayout(size, theme.ui_scale(size))
    for lifted in (None, 0, count - 1):
        rects = layout.hand_rects(count, lifted)
        assert len(rects) == count and all(layout.hand_area.contains(r) or i == lifted
                                           for i, r in enumerate(rects))
        for i, rect in enumerate(rects):
            # a card's right edge may lie under its neighbour; its left part is its own
            assert layout.hand_index_at((rect.x + 1, rect.centery), count, lifted) == i
    assert layout.hand_index_at((0, 0), count) is None


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_panels_felt_and_grid_do_not_overlap(size: tuple[int, int]) -> None:
    layout = TableLayout(size, theme.ui_scale(size))
    assert not layout.left_panel.colliderect(layout.felt)
    assert not layout.right_panel.colliderect(layout.felt)
    assert layout.felt.contains(layout.grid)
    assert not layout.hand_area.colliderect(layout.felt)
    geometry = view.TableGeometry(layout.grid, layout.cell, (0.0, 0.0))
    for cell in (Pos(0, 0), Pos(2, -1), Pos(-2, 2)):
        assert geometry.pos_at(geometry.cell_rect(cell).center) == cell


def test_the_column_owners_are_named_whole_from_the_first_card_to_the_fifth_column() -> None:
    """In the smallest window the columns' owners ("Ben & David") stood cut at the left of
    the first badge: to "Ben …" before the first card (no badge yet) and to "Ben & Da…" when
    five columns left no room there; the name goes after the last badge instead."""
    seats = [Seat(name, colour, "normal") for name, colour in
             (("Anna", "red"), ("Ben", "blue"), ("Clara", "green"), ("David", "yellow"))]
    services, table = open_table("teams", seats, 3, language="de", size=(800, 450))
    services.settings.animation_speed = "fast"
    surface = services.window.surface
    with text_fit.collected() as reports:
        columns_seen = set()
        for _frame in range(400):
            step(services, [], 1 / 20, surface)
            if services.scenes.top is not table:
                break
            columns_seen.add(len({cell.x for cell in table.controller.state.cells}))
    assert 5 in columns_seen
    assert [str(r) for r in reports if "Ben" in r.text] == []


def test_whose_hidden_hand_it_is_reads_whole_wherever_the_hand_begins() -> None:
    """The label goes left of the first card when its words fit there, else above the
    cards. Seen once at 800×450 in German: every word fitted beside a hand that began a
    little way in, but the sentence took five lines in a box for three, and was cut."""
    services, table = open_table("standard", [Seat("Anna", "red"), Seat("Ben", "blue")], 5,
                                 language="de", size=(800, 450))
    surface = services.window.surface
    label = "Die Karten von Anna sind verdeckt."
    area = table.hand_area
    card = table.hand_rects(1)[0]
    with text_fit.collected() as reports:
        for offset in range(0, area.w // 2, 4):
            first = pygame.Rect(area.x + offset, card.y, card.w, card.h)
            table.draw_hand_label(surface, label, [first])
    assert [str(r) for r in reports] == []


def test_a_name_of_sixteen_letters_stands_whole_in_the_seat_panel_at_800x450() -> None:
    """The seat panel cut "Maximilian Bauer" (the longest name the setup takes) in the
    smallest window: the name takes a smaller type first."""
    seats = [Seat("Maximilian Bauer", "red", "normal"), Seat("Wilhelmine Otter", "blue", "normal")]
    services, _table = open_table("five_card", seats, 5, size=(800, 450))
    with text_fit.collected() as reports:
        frame(services)
    assert [str(r) for r in reports if r.text in ("Maximilian Bauer", "Wilhelmine Otter")] == []


def test_a_long_name_stops_before_the_hands_card_back(monkeypatch) -> None:
    """The seat panel gave a name its line up to 58 px from the panel's edge, and the
    hand's card back stands at 66: "Maximilian Bauer" ran under it. The name now stops
    before the card back and its "×5", or has the row to itself with them under it."""
    drawn: list[tuple[str, pygame.Rect]] = []
    real = painting.draw_text

    def recording(surface, text, *args, **kwargs):
        rect = real(surface, text, *args, **kwargs)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(painting, "draw_text", recording)
    for size in ((800, 450), (1280, 720)):
        seats = [Seat("Maximilian Bauer", "red", "normal"), Seat("Wilhelmine Otter", "blue")]
        services, table = open_table("five_card", seats, 5, size=size)
        for _frame in range(300):            # until the hands are dealt
            drawn.clear()
            table.dirty = True
            frame(services, dt=0.1)
            if any(text == "×5" for text, _rect in drawn):
                break
        panel = table.left_panel             # the seats
        names = [r for text, r in drawn if text == "Maximilian Bauer" and panel.contains(r)]
        counts = [r for text, r in drawn if text == "×5" and panel.contains(r)]
        assert len(names) == 1 and counts, size
        name = names[0]
        count = min(counts, key=lambda r: abs(r.centery - name.bottom))   # his row's
        # the card back (22 px wide) stands between them, or they stand under the name
        assert count.left - name.right >= table.px(22) + table.px(4) \
            or count.top >= name.bottom - table.px(2), size


def _emblem_pixels(surface: pygame.Surface, badge: pygame.Rect,
                   colour: tuple[int, int, int]) -> int:
    return sum(tuple(surface.get_at((x, y)))[:3] == colour
               for x in range(badge.x, badge.x + badge.w // 3)
               for y in range(badge.y, badge.bottom))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (800, 450)])
def test_a_line_of_score_badges_shows_its_owners_emblem_on_every_badge_or_on_none(
        size: tuple[int, int]) -> None:
    """Column 4 of this duel scores 107, too wide for the emblem beside it in a column's
    width: the emblem goes from every column badge, not from that one only, so no badge
    reads as a different kind of score. The rows' wider badges keep it on all five."""
    services = headless_services(size)
    table = demo_table(services, "standard", SEATS_DUEL, seed=7, placements=12, select=2)
    services.scenes.push(table)
    services.scenes.apply_pending()
    frame(services)
    rows, cols = table.line_scores()
    assert any(score >= 100 for score in cols.values())
    surface = services.window.surface
    for side, scores, badge in (("rows", rows, table.score_badge_rect),
                                ("columns", cols, table.column_badge_rect)):
        colour = table.side_colour(side)
        with_emblem = [_emblem_pixels(surface, badge(k), colour) > 10 for k in scores]
        assert all(with_emblem) or not any(with_emblem), (side, scores, with_emblem)
        if side == "rows":
            assert all(with_emblem)
