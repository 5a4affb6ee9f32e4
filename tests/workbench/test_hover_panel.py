"""The workbench's hover panel names everything on a busy square (two swing doors, a third
door and a crusher, a wall) without cutting an entry off, in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.scenes.workbench import WorkbenchScene
from tests.roborally_scene.test_board_pictures import PRESS_ROOM
from tests.ui.helpers import frame, headless_services


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_entry_of_a_busy_square_is_named_inside_the_panel(tmp_path: Path,
                                                                language: str) -> None:
    path = tmp_path / "press-room.yaml"
    path.write_text(PRESS_ROOM, encoding="utf-8")
    services = headless_services((1280, 720), language)
    scene = WorkbenchScene(services, path)
    services.scenes.push(scene)
    services.scenes.apply_pending()
    scene.hover = (2, 2)
    frame(services)
    entries = scene.describe_hover()
    assert len(entries) == 5            # a crusher, three doors, the pusher's wall
    panel, lines = scene.hover_panel()
    names = [line.text for line in lines if line.is_name]
    assert len(names) == len(entries)
    for (name, _rule), shown in zip(entries, names):
        assert name.startswith(shown.rstrip("…"))
    assert all(panel.top < line.top and line.top + 16 < panel.bottom for line in lines)
    # the doors share one rule: it is shown once, not three times; the crusher's rule and
    # the doors' rule each begin, even where a rule must be cut short
    rules = [line.text for line in lines if not line.is_name]
    assert len(rules) == len(set(rules))
    distinct = {rule for _name, rule in entries if rule}
    assert len(distinct) == 2
    for rule in distinct:
        assert any(rule.startswith(line.rstrip("…").rstrip()) for line in rules)
