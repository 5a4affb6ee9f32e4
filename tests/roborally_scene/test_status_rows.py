"""The status rows read without the rules: the flag counter says how many flags are touched
and which is next, and held option cards are cards whose text shows on hover (issue 14,
points 9 and 11)."""

from __future__ import annotations

import pygame
import pytest

import game.scenes.roborally.painting as painting
import game.scenes.roborally.status_rows as status_rows
from game.i18n import current_language, set_language
from game.scenes.roborally.table import FactoryScene
from game.scenes.roborally.texts import HOVER_DELAY
from game.scenes.roborally.status import flag_counter, flag_summary, option_chip_rects
from game.scenes.roborally.texts import option_name
from game.ui import text_fit, theme
from tests.roborally_scene.helpers import bots_named, options_table, programming_scene
from tests.ui.helpers import frame


def test_the_flag_counter_tells_touched_flags_from_the_next_one() -> None:
    assert flag_counter(1, 3) == "0/3 → ⚑1"
    assert flag_counter(3, 3) == "2/3 → ⚑3"
    assert flag_counter(4, 3) == "3/3 ✓"
    assert flag_summary(1, 3) == "next flag 1 · 0 of 3 touched"
    set_language("de")
    assert flag_summary(2, 3) == "nächste Flagge 2 · 1 von 3 berührt"


def _with_options(options: list[str]) -> tuple[object, FactoryScene]:
    services, scene = programming_scene(options)
    scene.snap()
    frame(services)
    return services, scene


def test_held_options_are_cards_with_their_text_on_hover() -> None:
    services, scene = _with_options(["brakes", "ablative_coat"])
    chips = [(rect, option) for rect, p, option in scene.option_chips() if p == 0]
    assert [option for _rect, option in chips] == ["brakes", "ablative_coat"]
    surface = services.window.surface
    for rect, _option in chips:
        assert rect.w >= 10 and rect.h >= 10
        colours = [tuple(surface.get_at((x, rect.centery)))[:3] for x in range(rect.x, rect.right)]
        assert colours.count(theme.RR_OPTION_CARD) > rect.w // 4, "drawn as a card"
    rect = chips[1][0]
    frame(services, [pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0),
                                        buttons=(0, 0, 0))])
    plain = surface.copy()
    frame(services, dt=HOVER_DELAY + 0.1)
    frame(services)
    below = pygame.Rect(rect.x, rect.bottom, 200, 60).clip(surface.get_rect())
    assert any(surface.get_at((x, y)) != plain.get_at((x, y))
               for x in range(below.x, below.right, 3) for y in range(below.y, below.bottom, 3)), \
        "the option's text appears by the card"


def test_the_programming_title_stays_whole_beside_both_spare_card_buttons() -> None:
    for language in ("en", "de"):
        with text_fit.collected() as reports:      # the table is drawn as it opens
            programming_scene(["conditional_program", "flywheel"], language)
        assert current_language() == language
        # (the option chips below show a long name cut, whole on hover: issue 14)
        assert [str(r) for r in reports if "Anna" in r.text] == [], language


def test_a_status_row_tells_on_hover_who_drives_the_robot(monkeypatch) -> None:  # noqa: ANN001
    """A bot's row says its level in the setup screen's words, as the other two games' seat
    panels do; a human's says so too."""
    services, scene = programming_scene(["brakes"])
    scene.controller.state.robots[1].options = ["brakes"]   # a chip to find the bot's row by
    scene.snap()
    frame(services)
    shown: list[str] = []
    real = painting.draw_tooltip
    monkeypatch.setattr(painting, "draw_tooltip",
                        lambda surface, text, pos: (shown.append(text), real(surface, text, pos)))
    for seat in (1, 0):
        chip = next(rect for rect, p, _option in scene.option_chips() if p == seat)
        frame(services, [pygame.event.Event(pygame.MOUSEMOTION, pos=(chip.x, chip.y - 8),
                                            rel=(0, 0), buttons=(0, 0, 0))])
        frame(services, dt=HOVER_DELAY + 0.1)
        frame(services)
        assert shown, "the row's tooltip shows"
        name = scene.controller.seats[seat].name
        lines = shown[-1].split("\n")
        assert lines[0].startswith(f"{name}: damage")
        assert lines[1] == ("Bot: normal" if seat == 1 else "Human")


def test_a_long_name_stays_whole_on_a_status_row_of_a_few_robots() -> None:
    names = ("Designer", "Christoph", "Anna-Lena")
    for size in ((1280, 720), (1920, 1080)):
        services, _scene = bots_named(names, size)
        with text_fit.collected() as reports:
            frame(services)
        assert [str(r) for r in reports if r.text in names] == [], size


def test_sixteen_letter_names_stay_whole_in_the_smallest_window(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A name may have 16 letters; at 800×450 "Maximilian-Georg" was cut to "Maximilian-…"
    beside the flag counter. There the counter gives way to the next flag alone ("⚑1"; the
    row's tooltip says how many are touched); in a larger window it stays whole."""
    names = ("Maximilian-Georg", "Anna-Katharina M", "Christoph-Anton", "Bo")
    drawn: list[str] = []
    real = status_rows.draw_text

    def recording(surface, text, *args, **kwargs):  # noqa: ANN001, ANN202
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(status_rows, "draw_text", recording)
    for size, counter in (((800, 450), "⚑1"), ((1280, 720), "0/2 → ⚑1")):
        drawn.clear()
        services, _scene = bots_named(names, size)
        with text_fit.collected() as reports:
            frame(services)
        assert [str(r) for r in reports if r.text in names] == [], size
        assert drawn.count(counter) == len(names), size


def test_held_option_cards_show_their_whole_names_where_the_row_has_room() -> None:
    """Three option cards on a row were cut at 96 px each ("Befehl in Rese…", "Ersatz-
    Progra…") with most of the row empty beside them; each is as wide as its name now."""
    held = ["conditional_program", "recompile", "reverse_gears"]
    with text_fit.collected() as reports:
        services, scene = options_table((1280, 720), 2, {0: held}, language="de")
        frame(services, dt=0.1)
    names = {option_name(o) for o in held}
    assert not [r for r in reports if r.problem == "cut" and r.text in names]
    chips = sorted((rect.x, rect) for rect, p, _o in scene.option_chips() if p == 0)
    rects = [rect for _x, rect in chips]
    assert len(rects) == 3
    assert all(a.right < b.left for a, b in zip(rects, rects[1:])), "side by side, apart"
    assert rects[-1].right <= scene.status_row_rect(0).right


def test_option_cards_too_long_for_their_row_share_it_and_stay_inside() -> None:
    """A short name keeps its width and leaves the rest to the long ones, which are cut."""
    area = pygame.Rect(10, 0, 200, 14)
    names = ["Shield", "Rückwärtsbeschleunigung", "Zusätzlicher Speicherplatz"]
    rects = option_chip_rects(area, names, compact=False)
    assert len(rects) == 3
    assert all(area.contains(r) for r in rects)
    assert all(a.right < b.left for a, b in zip(rects, rects[1:]))
    alone = option_chip_rects(area, ["Shield"], compact=False)[0]
    assert rects[0].w == alone.w < rects[1].w
