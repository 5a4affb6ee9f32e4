"""Robot Master's public layout and hit-test API: what the table draws is found where it is
drawn, at more than one window size."""

from __future__ import annotations

import pytest

from game.core.types import Pos
from game.scenes.robotmaster.layout import TableLayout
from game.ui import theme
from game.ui import robotmaster_view as view


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
