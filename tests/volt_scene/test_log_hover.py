"""VOLT's log lights what a line talks about: the mouse on "A VP marker lands on field 3."
outlines field 3 in the arena, and the outline goes when the mouse leaves (issue 14)."""

from __future__ import annotations

import pygame

from game.core.types import Pos
from game.i18n import set_language
from tests.ui.helpers import frame
from tests.volt_scene.test_arena_scene import open_game

LIGHT = (120, 230, 255)


def motion(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]


def test_a_log_line_naming_a_field_lights_it_while_hovered() -> None:
    services, scene = open_game([("Ann", "red", "random"), ("Ben", "blue", "random")],
                                speed="normal")
    found = None
    for _ in range(2000):
        frame(services, dt=0.05)
        found = next(((row, index) for row, index in scene.log_rows()
                      if "lands on field" in scene.presenter.log[index][0]), None)
        if found is not None:
            break
    assert found is not None, "a marker landed and its line is in the log"
    row, index = found
    number = scene.presenter.log[index][1]["number"]
    field = dict(scene.ctrl.arena.vp_fields)[number]
    assert scene.log_squares(index) == [field]
    cell = scene.view().cell_rect(field).inflate(-4, -4)
    edge = (cell.x + 1, cell.centery)
    surface = services.window.surface
    frame(services, motion((5, 5)))
    assert tuple(surface.get_at(edge))[:3] != LIGHT, "no outline before the mouse comes"
    frame(services, motion(row.center))
    assert tuple(surface.get_at(edge))[:3] == LIGHT, "the hovered line lights its field"
    frame(services, motion((5, 5)))
    assert tuple(surface.get_at(edge))[:3] != LIGHT, "and the light goes with the mouse"


def test_the_log_words_again_what_changed_and_only_that() -> None:
    """The table keeps the log's worded lines between frames; a line said, a robot the log
    names moving on, and a new language each show at once."""
    _services, scene = open_game([("Ann", "red", "random"), ("Ben", "blue", "random")])
    presenter = scene.presenter
    presenter.say(("{name} takes start number {number}.", {"name": "Ben", "number": 2}))
    entries = scene.log_entries()
    assert scene.log_entries() is entries, "kept between frames"
    assert entries[-1].text == "Ben takes start number 2."
    ben_was = presenter.shown.pos[1]
    assert entries[-1].marks == ((ben_was,) if ben_was is not None else ())
    presenter.shown.pos[1] = Pos(0, 0)
    assert scene.log_entries()[-1].marks == (Pos(0, 0),), "the line lights where Ben is now"
    scene.autosave_failed("Disk full.")
    assert scene.log_entries()[-1].text == "Disk full."
    set_language("de")
    assert scene.log_entries()[-2].text == "Ben nimmt Startnummer 2."
