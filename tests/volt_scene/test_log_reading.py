"""VOLT's log can be read again: it stands under the controller while a robot is programmed,
so the last round's moves and shots are in view while the next one is planned, and the wheel
over it scrolls back through earlier rounds, at the table and in the replay."""

from __future__ import annotations

import pygame

from game.scenes.volt import replay
from game.ui import theme
from game.ui.widgets import Button
from tests.ui.helpers import click, frame, key
from tests.volt_scene.test_arena_scene import button, program_screen, screen_where
from tests.volt_scene.test_log_hover import motion
from tests.volt_scene.test_saves_and_replay import finished_game


def wheel(y: int) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False)]


def shown_lines(scene) -> list[int]:  # noqa: ANN001
    return sorted({index for _row, index in scene.log_rows()})


def test_the_last_round_stands_under_the_controller_while_programming() -> None:
    services, scene = program_screen(round_number=2)
    frame(services)
    place = scene.layout.program_log
    assert place is not None, "two operators leave room for the log under the controller"
    rows = scene.log_rows()
    assert rows, "the log is drawn while Anna programs"
    assert all(place.contains(row) for row, _index in rows)
    assert shown_lines(scene)[-1] == len(scene.presenter.log) - 1, "the newest line shows"
    said = [scene.presenter.log[i][0] for i in shown_lines(scene)]
    assert any("fires" in line or "moves" in line or "cross" in line for line in said), said
    for label in ("Lock in", "Take back all"):
        assert not place.colliderect(button(scene, label).rect), label
    assert not place.colliderect(scene.layout.hint)
    assert all(not place.colliderect(die) for _colour, die in scene.layout.tray)


THREE = (("Anna", "red", None), ("Ben", "blue", "random"), ("Cleo", "green", "random"))
FOUR = (*THREE, ("Dan", "yellow", "random"))


def test_three_operators_read_the_log_beside_the_last_monitor() -> None:
    services, scene = program_screen(THREE, round_number=2)
    frame(services)
    place = scene.layout.program_log
    assert place is not None, "the fourth monitor's place is free"
    assert all(not place.colliderect(monitor) for monitor in scene.layout.monitors)
    assert not place.colliderect(scene.layout.mode), "the controller stays whole"
    rows = scene.log_rows()
    assert rows and all(place.contains(row) for row, _index in rows)
    assert shown_lines(scene)[-1] == len(scene.presenter.log) - 1, "the newest line shows"
    assert "Log" not in [w.current_text() for w in scene.ui.widgets if isinstance(w, Button)]


def test_four_operators_open_the_log_over_the_monitors_and_keep_the_controller_whole(
        ) -> None:
    services, scene = program_screen(FOUR, round_number=2)
    frame(services)
    assert scene.layout.program_log is None, "four monitors fill their rows"
    assert scene.log_rows() == [], "the log waits in its drawer"
    frame(services, click(button(scene, "Log").rect.center))
    frame(services)
    drawer = scene.layout.log_drawer
    rows = scene.log_rows()
    assert rows and all(drawer.contains(row) for row, _index in rows)
    assert all(drawer.colliderect(monitor) for monitor in scene.layout.monitors)
    assert not drawer.colliderect(scene.layout.mode) and not drawer.colliderect(
        scene.layout.arena), "the controller and the arena stay in view"
    assert shown_lines(scene)[-1] == len(scene.presenter.log) - 1, "the newest line shows"
    frame(services, [key(pygame.K_l)])
    frame(services)
    assert scene.log_rows() == [], "L closes it again"
    frame(services, [key(pygame.K_l)])
    frame(services)
    assert scene.log_rows(), "and opens it"


def test_the_wheel_over_the_log_scrolls_back_and_elsewhere_it_does_not() -> None:
    services, scene = program_screen(round_number=3)
    frame(services)
    newest = shown_lines(scene)
    assert newest[0] > 0, "three rounds say more than the room under the controller holds"
    frame(services, motion(scene.view().cell_rect(scene.ctrl.arena.vp_fields[0][1]).center)
          + wheel(3))
    assert shown_lines(scene) == newest, "the wheel over the arena leaves the log alone"
    frame(services, motion(scene.layout.program_log.center) + wheel(3))
    earlier = shown_lines(scene)
    assert earlier[0] < newest[0] and earlier[-1] < newest[-1]
    frame(services, wheel(-3))
    assert shown_lines(scene) == newest, "and back down to the newest"


def test_the_replays_log_scrolls_back_under_the_wheel_too() -> None:
    services, game = finished_game()
    viewer = replay(services, game.saved_game())
    services.scenes.reset(viewer)
    frame(services)
    frame(services, [key(pygame.K_END)])
    frame(services)
    newest = shown_lines(viewer)
    assert newest and newest[0] > 0, "a whole game says more than the log's room holds"
    row, _index = viewer.log_rows()[0]
    frame(services, motion(row.center) + wheel(4))
    assert shown_lines(viewer)[0] < newest[0]


def test_the_start_number_choice_keeps_the_log_between_the_list_and_the_numbers() -> None:
    services, scene = screen_where((("Anna", "red", None), ("Ben", "blue", None)),
                                   lambda scene: scene.mode == "number"
                                   and scene.ctrl.state.round >= 2)
    frame(services)
    rows = scene.log_rows()
    assert rows, "the log is drawn while a start number is chosen"
    assert shown_lines(scene)[-1] == len(scene.presenter.log) - 1, "the newest line shows"
    numbers = [w.rect for w in scene.ui.widgets if isinstance(w, Button)
               and w.current_text() in ("1", "2")]
    assert len(numbers) == 2
    surface = services.window.surface
    for row, _index in rows:
        assert scene.layout.mode.contains(row)
        assert all(not row.colliderect(number) for number in numbers)
        assert surface.get_at((row.x + 1, row.centery))[:3] == theme.LOG_BACKGROUND, \
            "the log is drawn where its lines are said to be"


def activation_late_in_round(players, size=(1280, 720), done=7):  # noqa: ANN001, ANN201
    """Round 2's activation with `done` dice activated and the next one under way."""
    def late(scene) -> bool:  # noqa: ANN001
        activations = scene.presenter.activations
        return scene.presenter.shown.round >= 2 and scene.mode == "busy" \
            and sum(a.status == "done" for a in activations) >= done \
            and any(a.status == "now" for a in activations)
    return screen_where(players, late, 3000)


def test_four_operators_keep_the_narration_under_the_activation_list_in_view() -> None:
    """VT-4: twelve dice are activated one by one; the list follows the die under way and
    the log keeps its last lines below it, so "... hits a wall" is read as it happens."""
    for size in ((1280, 720), (800, 450)):
        services, scene = activation_late_in_round(FOUR, size)
        frame(services)
        rows = scene.activation_rows()
        activations = scene.presenter.activations
        assert len(activations) == 12 and 0 < len(rows) < 12, "the list shows a window"
        now = next(i for i, a in enumerate(activations) if a.status == "now")
        assert now in [index for _row, index in rows], "the die under way is in view"
        assert [index for _row, index in rows][0] < now, "with a done one above it"
        log = scene.log_rows()
        assert len(shown_lines(scene)) >= 2, "the log keeps lines of its own under the list"
        assert shown_lines(scene)[-1] == len(scene.presenter.log) - 1, "the newest line shows"
        skip = button(scene, "Skip").rect
        lowest = max(row.bottom for row, _index in rows)
        for row, _index in log:
            assert scene.layout.mode.contains(row) and row.top >= lowest
            assert not row.colliderect(skip)


def test_two_operators_see_their_whole_activation_list() -> None:
    services, scene = activation_late_in_round((("Anna", "red", None), ("Ben", "blue", None)),
                                               done=3)
    frame(services)
    assert [index for _row, index in scene.activation_rows()] == list(range(6))
    assert scene.log_rows(), "and the log under it"
