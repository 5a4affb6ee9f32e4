"""The programming screen of a Crash & Burn game keeps every control in view: the timer's
countdown beside the option buttons (Recompile, a Flywheel's and a Conditional Program's spare
card), and a status row's name and counters above the option cards it holds."""

from __future__ import annotations

import pygame
import pytest

import game.scenes.roborally.painting as painting
import game.scenes.roborally.status_rows as status_rows
from game.ui import text_fit, theme
from tests.roborally_scene.helpers import options_table
from tests.ui.helpers import click, frame

SPARE_AND_RECOMPILE = ["flywheel", "conditional_program", "recompile"]


@pytest.mark.parametrize("size", [(800, 450), (1280, 720)])
def test_the_countdown_shows_beside_the_option_buttons(size: tuple[int, int]) -> None:
    """RR-5.7 with CB-6.2 to CB-6.4: the Flywheel's button was laid over the countdown, so a
    player holding it never saw the seconds run out; Recompile lay over the spare cards."""
    services, scene = options_table(size, 2, {0: SPARE_AND_RECOMPILE}, timer=True)
    for _ in range(50):
        if scene.timer_left is not None:
            break
        frame(services, dt=0.1)
    assert scene.timer_left is not None, "the bot has locked in; Anna's 30 seconds run"
    frame(services, dt=0.1)
    buttons = [b.rect for b in scene.spare_buttons]
    recompile = next(b for b in scene.ui.widgets if getattr(b, "text", None) == "Recompile")
    assert recompile.visible and len(buttons) == 2
    buttons.append(recompile.rect)
    for k, rect in enumerate(buttons):
        assert rect.collidelist(buttons[:k]) == -1, "no button lies over another"
    side = scene.program_top_row()
    countdown = side["timer"]
    assert countdown.collidelist(buttons) == -1
    surface = services.window.surface
    red = [(x, y) for x in range(countdown.x, countdown.right, 1)
           for y in range(countdown.y, countdown.bottom)
           if tuple(surface.get_at((x, y)))[:3] == theme.DANGER]
    assert len(red) > 20, "the countdown's red digits are drawn"
    title = side["title"]
    assert title.right <= min(rect.x for rect in buttons)


@pytest.mark.parametrize("size, robots", [((1280, 720), 4), ((1280, 720), 5),
                                          ((800, 450), 4), ((1920, 1080), 3)])
def test_a_status_rows_name_and_counters_sit_above_its_option_cards(
        size: tuple[int, int], robots: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """On the programming screen the option cards a robot holds covered the lower part of
    its name and its flag and life counters."""
    drawn: list[tuple[int, str, float]] = []   # (picture height, text, bottom in it)
    real = status_rows.draw_text

    def recording(surface, text, font, colour, pos, anchor="topleft", **kwargs):  # noqa: ANN001, ANN003, ANN202
        if anchor in ("topleft", "midleft"):
            top = pos[1] if anchor == "topleft" else pos[1] - font.get_height() / 2
            drawn.append((surface.get_height(), text, top + font.get_height()))
        return real(surface, text, font, colour, pos, anchor, **kwargs)

    monkeypatch.setattr(status_rows, "draw_text", recording)
    held = {p: ["brakes", "ablative_coat"] for p in range(robots)}
    _services, scene = options_table(size, robots, held)
    chips = scene.option_chips()
    assert {p for _rect, p, _option in chips} == set(range(robots))
    row_picture = scene.status_row_rect(0).h - scene.px(2)    # each row is drawn alone
    in_rows = [(text, bottom) for height, text, bottom in drawn if height == row_picture]
    for p, robot in enumerate(scene.display.robots):
        row = scene.status_row_rect(p)
        chip_top = min(rect.top for rect, q, _option in chips if q == p) - row.top
        name_bottom = max(bottom for text, bottom in in_rows if text == robot.name)
        assert name_bottom <= chip_top, (robot.name, name_bottom, chip_top)
    counters = [bottom for text, bottom in in_rows if text.startswith("♥")]
    assert len(counters) >= robots
    assert max(counters) <= chip_top


def test_the_timer_keeps_its_place_so_no_button_moves_when_it_starts() -> None:
    """RR-5.7: the countdown starts while a player programs (the others have locked in);
    the buttons laid out before it must neither move nor lie where it is drawn."""
    services, scene = options_table((1280, 720), 2, {0: ["flywheel"]}, timer=True)
    before = [pygame.Rect(b.rect) for b in scene.spare_buttons]
    for _ in range(50):
        if scene.timer_left is not None:
            break
        frame(services, dt=0.1)
    assert scene.timer_left is not None
    assert [b.rect for b in scene.spare_buttons] == before
    countdown = scene.program_top_row()["timer"]
    assert countdown.collidelist(before) == -1, "the place the countdown takes was kept free"


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_spare_card_button_shows_its_label_whole_in_the_smallest_window(
        language: str) -> None:
    """"Schwungrad: kei…": at 800×450 the Flywheel's button was a fixed width its German
    label did not fit. Buttons now take their label's width."""
    with text_fit.collected() as reports:
        services, scene = options_table((800, 450), 2, {0: ["flywheel"]},
                                 timer=True, language=language)
        frame(services, dt=0.1)
    labels = [b.current_text() for b in scene.spare_buttons]
    assert labels == [("Schwungrad: keine" if language == "de" else "Flywheel: none")]
    cut = [r for r in reports if r.problem == "cut" and r.text in labels]
    assert not cut, cut


@pytest.mark.parametrize("language", ["en", "de"])
def test_three_option_buttons_show_their_labels_whole_in_the_smallest_window(
        language: str) -> None:
    """CB-6.2 to CB-6.4 at 800×450: with Recompile and both spare cards on offer, the three
    German buttons ("Schwungrad: kei…", "Reserve: kei…", "Ersatz-Progr…") kept a name's worth
    of title beside them and were cut. The title gives way to them (the top bar names who
    programs), and no button lies over another."""
    with text_fit.collected() as reports:
        services, scene = options_table((800, 450), 2, {0: SPARE_AND_RECOMPILE},
                                        language=language)
        frame(services, dt=0.1)
    recompile = next(b for b in scene.ui.widgets if getattr(b, "text", None) == "Recompile")
    buttons = [*scene.spare_buttons, recompile]
    assert recompile.visible and len(buttons) == 3
    labels = [b.current_text() for b in buttons]
    cut = [r for r in reports if r.problem == "cut" and r.text in labels]
    assert not cut, cut
    rects = [b.rect for b in buttons]
    for k, rect in enumerate(rects):
        assert rect.collidelist(rects[:k]) == -1, "no button lies over another"
        assert scene.program_top_row()["title"].right <= rect.x
    assert "Anna" in scene.status_line(), "the top bar says whose program it is"


def test_the_card_a_flywheel_keeps_is_framed_in_the_hand() -> None:
    """CB-6.3: the Flywheel's button names the kept card by its priority only; the card
    itself is framed in gold in the hand, and the frame follows each click."""
    services, scene = options_table((1280, 720), 2, {0: ["flywheel"]})
    surface = services.window.surface

    def framed() -> list[int]:
        frame(services, dt=0.1)
        out = []
        for rect, card in scene.hand_slots():
            edge = rect.inflate(scene.px(4), scene.px(4))
            if card is not None and tuple(surface.get_at((edge.centerx, edge.y)))[:3] \
                    == theme.ACCENT:
                out.append(card)
        return out

    assert framed() == []
    for _ in range(5):      # the spare is one of the cards a full program leaves
        rect = next(rect for rect, card in scene.hand_slots() if card is not None)
        frame(services, click(rect.center))
    assert scene.controller.can_lock_in(0)
    frame(services, click(scene.spare_buttons[0].rect.center))
    first = scene.spare["flywheel"]
    assert framed() == [first]
    assert str(scene.controller.card(first)[1]) in scene.spare_buttons[0].current_text()
    frame(services, click(scene.spare_buttons[0].rect.center))
    assert scene.spare["flywheel"] != first
    assert framed() == [scene.spare["flywheel"]]


@pytest.mark.parametrize("size, language, word, shown", [
    ((1280, 720), "en", "locked", True), ((1280, 720), "de", "gesperrt", True),
    ((800, 450), "en", "locked", True), ((800, 450), "de", "gesperrt", False)])
def test_a_locked_registers_word_fits_beside_its_lock(
        size: tuple[int, int], language: str, word: str, shown: bool,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """RR-5.3: a register under a damage token is locked. The German "gesperrt", drawn at
    the English word's size, ran over the lock icon and out to the card's edge; where even
    a small type cannot fit it, the lock alone says it."""
    drawn: list[pygame.Rect] = []
    real = painting.draw_text

    def recording(surface, text, font, colour, pos, anchor="topleft", **kwargs):  # noqa: ANN001, ANN003, ANN202
        if text == word:
            rect = pygame.Rect((0, 0), font.size(text))
            setattr(rect, anchor, pos)
            drawn.append(rect)
        return real(surface, text, font, colour, pos, anchor, **kwargs)

    monkeypatch.setattr(painting, "draw_text", recording)
    services, scene = options_table(size, 2, {}, language=language)
    for _ in range(5):      # a full program, then damage locks registers 4 and 5 under it
        rect = next(rect for rect, card in scene.hand_slots() if card is not None)
        frame(services, click(rect.center))
    for _ in range(6):
        scene.controller.state.robots[0].add_token()
    assert scene.controller.robot(0).locked[3:] == (True, True)
    assert all(scene.controller.registers(0))
    scene.dirty = True
    frame(services, dt=0.1)
    assert len(drawn) == (2 if shown else 0)
    for rect in drawn:
        register = next(r for r in scene.register_rects() if r.collidepoint(rect.center))
        assert rect.left >= register.x + scene.px(24) and rect.right <= register.right
