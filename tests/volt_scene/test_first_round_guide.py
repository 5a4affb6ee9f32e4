"""A new operator's first programming screen explains itself once: the dice tray, blue dice
move and red dice fire, the crosses act in order, the victory-point fields; dismissed, it is
remembered in the settings and never shown again (issue 14, the first-turn guide)."""

from __future__ import annotations

import pygame
import pytest

import game.scenes.volt.controller_painting as volt_painting
from game import paths
from game.core.types import Direction8
from game.scenes.games import GameSetup, PlayerSetup
from game.scenes.volt import start
from game.scenes.guide_overlay import GuideOverlay
from game.scenes.volt.table import VoltArenaScene
from tests.ui.helpers import click, frame, key
from tests.volt_scene.test_arena_scene import drag, open_game, play_until_the_privacy_screen

PLAYERS = [("Anna", "red", None), ("Ben", "blue", "random")]


def first_programming(services, scene: VoltArenaScene) -> None:
    play_until_the_privacy_screen(services, scene)      # one human: no privacy screen
    for _ in range(300):
        if scene.programmer is not None:
            break
        frame(services, dt=0.1)
    frame(services)


def test_the_guide_shows_once_points_at_each_thing_and_the_table_waits() -> None:
    services, scene = open_game(PLAYERS, seed=4)
    services.settings.guides_seen[:] = [g for g in services.settings.guides_seen if g != "volt"]
    first_programming(services, scene)
    guide = services.scenes.top
    assert isinstance(guide, GuideOverlay), "the guide shows on the first programming screen"
    targets = [hint.target for hint in guide.hints]
    layout = scene.layout
    assert len(targets) == 4
    assert targets[0].contains(layout.tray_rect("blue")) and \
        targets[0].contains(layout.tray_rect("red")), "hint 1: the dice tray"
    assert targets[1] == layout.key_rect(0, Direction8.N), "hint 2: a blue key"
    assert all(targets[2].contains(c) for c in layout.crosses), "hint 3: the crosses"
    fields = [scene.view().cell_rect(pos) for _n, pos in scene.ctrl.arena.vp_fields]
    assert targets[3] in fields or targets[3] == layout.monitors[0], \
        "hint 4: a victory-point field in the arena, or where Anna's VP show"
    panel = guide.panel()
    assert not any(panel.colliderect(t) for t in targets), "the hints never hide their targets"
    # the table waits: a die dragged onto a key, a face key, a click stay with the guide
    before = list(scene.ctrl.state.programs[0])
    frame(services, drag(layout.tray_rect("blue").center,
                         layout.key_rect(0, Direction8.N).center))
    assert services.scenes.top is guide or services.scenes.top is scene
    assert list(scene.ctrl.state.programs[0]) == before, "no die is placed under the guide"


def test_dismissed_the_guide_is_remembered_and_never_shown_again() -> None:
    services, scene = open_game(PLAYERS, seed=4)
    services.settings.guides_seen[:] = [g for g in services.settings.guides_seen if g != "volt"]
    first_programming(services, scene)
    guide = services.scenes.top
    assert isinstance(guide, GuideOverlay)
    frame(services, [key(pygame.K_4, "4")])
    done = next(w for w in guide.ui.widgets if w.current_text() == "Got it")
    frame(services, click(done.rect.center))
    assert services.scenes.top is scene
    assert "volt" in services.settings.guides_seen
    assert scene.face == 1, "the face key pressed under the guide did nothing"
    # a new game at the same screen: its first programming screen shows no guide
    setup = GameSetup("volt", [PlayerSetup(n, c, b) for n, c, b in PLAYERS], "training",
                      paths.builtin_boards_dir() / "volt" / "pit-stop.yaml", seed=5)
    again = start(services, setup)
    assert isinstance(again, VoltArenaScene)
    services.scenes.stack.clear()
    services.scenes.push(again)
    services.scenes.apply_pending()
    first_programming(services, again)
    assert again.programmer is not None
    assert services.scenes.top is again, "dismissed once, the guide never shows again"


def test_on_the_twin_yards_the_guide_points_at_a_victory_point_field() -> None:
    """Where the panel leaves room, hint 4 points at a gold field in the arena."""
    services, scene = open_game(PLAYERS, arena="twin-yards", seed=4, size=(800, 450))
    services.settings.guides_seen.clear()
    first_programming(services, scene)
    guide = services.scenes.top
    assert isinstance(guide, GuideOverlay)
    fields = [scene.view().cell_rect(pos) for _n, pos in scene.ctrl.arena.vp_fields]
    assert guide.hints[3].target in fields
    panel = guide.panel()
    assert not any(panel.colliderect(h.target) for h in guide.hints)


def test_the_guide_leaves_the_programming_note_readable(monkeypatch: pytest.MonkeyPatch) -> None:
    """The crosses' frame and the markers at its corner ran through "Up is away from you
    (South side). Blue dice move, red dice fire." just above the crosses."""
    notes: list[pygame.Rect] = []
    real = volt_painting.draw_text

    def recording(surface, text, *args, **kwargs):  # noqa: ANN001, ANN202
        rect = real(surface, text, *args, **kwargs)
        if text.startswith("Up is away from you"):
            notes.append(rect)
        return rect

    monkeypatch.setattr(volt_painting, "draw_text", recording)
    services, scene = open_game(PLAYERS, seed=4)
    services.settings.guides_seen[:] = [g for g in services.settings.guides_seen if g != "volt"]
    first_programming(services, scene)
    guide = services.scenes.top
    assert isinstance(guide, GuideOverlay) and notes
    note = notes[-1]
    radius = guide.px(13)
    for hint in guide.hints:
        marker = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        marker.center = hint.target.topleft
        assert not marker.colliderect(note), hint.text
        assert not hint.target.inflate(6 + 2 * guide.px(3), 6 + 2 * guide.px(3)).colliderect(note)
