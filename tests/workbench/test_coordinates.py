"""The workbench numbers the columns above a board or arena and the rows left of it, each
number over its own squares: `check` and the scenarios name squares as [x, y], and a
designer should read them off the picture, not count."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.scenes.workbench import WorkbenchScene
from tests.ui.helpers import frame, headless_services

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.mark.parametrize("file, size", [("docs/examples/workbench/belt-lane.yaml", (8, 6)),
                                        ("boards/volt/twin-yards.yaml", (10, 10))])
def test_each_number_stands_over_its_column_and_beside_its_row(file: str,
                                                                size: tuple[int, int]) -> None:
    services = headless_services((1280, 720))
    scene = WorkbenchScene(services, ROOT / file)
    services.scenes.push(scene)
    services.scenes.apply_pending()
    frame(services)
    boxes = scene.coordinate_boxes()
    width, height = size
    columns = [(int(text), box) for text, box in boxes[:width]]
    rows = [(int(text), box) for text, box in boxes[width:]]
    assert [x for x, _ in columns] == list(range(width))
    assert [y for y, _ in rows] == list(range(height))
    picture = scene.picture_rect()
    assert picture is not None
    for x, box in columns:
        square = scene.square_rect((x, 0))
        assert square.left <= box.centerx < square.right and box.bottom <= picture.top
    for y, box in rows:
        square = scene.square_rect((0, y))
        assert square.top <= box.centery < square.bottom and box.right <= picture.left
    # and they are drawn: light digits on the dark background
    surface = services.window.surface
    for _text, box in boxes:
        assert any(sum(surface.get_at((px, py))[:3]) > 300
                   for px in range(box.x, box.right) for py in range(box.y, box.bottom))
