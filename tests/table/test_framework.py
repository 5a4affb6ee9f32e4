"""The table framework on its own: the step player with a presenter of three lines, the layer
cache, and VOLT's public layout and hit-test API."""

from __future__ import annotations

from collections import deque
from typing import Any

import pygame

from game.core.types import Direction8
from game.scenes.table.layers import LayerCache
from game.scenes.table.tween import Step, StepPlayer, ease
from game.scenes.volt.layout import KEY_ORDER, TRAY, TableLayout


class Source:
    """Events waiting to be shown, as a controller holds them."""

    def __init__(self, events: list[Any]) -> None:
        self.pending: deque[Any] = deque(events)

    def next_event(self) -> Any | None:
        return self.pending.popleft() if self.pending else None


class Counting:
    """A presenter that takes "slide" events 1 s long and joins a following "push" to them."""

    def __init__(self) -> None:
        self.log: list[tuple[str, dict[str, Any]]] = []
        self.started: list[str] = []
        self.finished: list[str] = []

    def start(self, event: str, upcoming: deque[str]) -> Step:
        self.started.append(event)
        self.log.append((event, {}))
        group = [event]
        if upcoming and upcoming[0] == "push":
            group.append(upcoming.popleft())
        return Step(event, 1.0 if event == "slide" else 0.0, group=group)

    def finish(self, step: Step) -> None:
        self.finished.append(step.event)


def test_steps_play_one_at_a_time_and_instant_ones_pass_in_the_same_frame() -> None:
    presenter, source = Counting(), Source(["note", "slide", "push", "note", "slide"])
    player = StepPlayer(presenter)
    assert player.update(0.1, 1.0, source)
    assert presenter.finished == ["note"] and player.current is not None
    assert player.current.group == ["slide", "push"], "the presenter took the push along"
    assert player.busy(source)
    player.update(0.5, 1.0, source)
    assert player.current.progress == 0.5 and presenter.finished == ["note"]
    player.update(0.5, 1.0, source)
    assert presenter.finished == ["note", "slide", "note"] and player.current.event == "slide"
    player.skip(source)
    assert player.current is None and not player.busy(source)
    assert presenter.finished == ["note", "slide", "note", "slide"]
    assert [line for line, _values in presenter.log] == presenter.started


def test_speed_zero_shows_everything_at_once() -> None:
    presenter, source = Counting(), Source(["slide", "slide", "note"])
    player = StepPlayer(presenter)
    player.update(0.0, 0.0, source)
    assert presenter.finished == ["slide", "slide", "note"] and not player.busy(source)


def test_ease_starts_and_ends_slowly() -> None:
    assert ease(0.0) == 0.0 and ease(1.0) == 1.0 and ease(0.5) == 0.5
    assert ease(0.1) < 0.1 and ease(0.9) > 0.9


def test_a_layer_is_painted_again_only_when_its_key_changes() -> None:
    cache, painted = LayerCache(), []

    def paint(surface: pygame.Surface) -> None:
        painted.append(surface.get_size())
        surface.fill((200, 10, 10))

    first = cache.layer("backdrop", ("a", (40, 30)), (40, 30), paint)
    assert cache.layer("backdrop", ("a", (40, 30)), (40, 30), paint) is first
    assert painted == [(40, 30)] and first.get_at((5, 5))[:3] == (200, 10, 10)
    cache.layer("backdrop", ("b", (40, 30)), (40, 30), paint)
    clear = cache.layer("plan", 1, (8, 8), lambda s: None, alpha=True)
    assert len(painted) == 2 and clear.get_at((1, 1)).a == 0


def test_every_key_and_tray_die_is_found_where_it_is_drawn() -> None:
    for size, scale, operators in (((1280, 720), 1.0, 2), ((1920, 1080), 1.5, 4)):
        layout = TableLayout(size, scale, operators, size[1] - 14)
        assert len(layout.monitors) == operators
        assert layout.arena.right < layout.panel.x and layout.mode.top > layout.monitors[-1].top
        for cross in range(3):
            for key in KEY_ORDER:
                rect = layout.key_rect(cross, key)
                assert layout.crosses[cross].contains(rect)
                assert layout.key_at(rect.center) == (cross, key)
        assert layout.key_at(layout.crosses[0].center) is None, "the middle is the cross number"
        assert [layout.tray_at(rect.center) for _colour, rect in layout.tray] == list(TRAY)
        assert layout.tray_rect("red") == layout.tray[2][1]
        assert layout.key_at(layout.tray_rect("blue").center) is None
    assert Direction8.N in KEY_ORDER and len(set(KEY_ORDER)) == 8
