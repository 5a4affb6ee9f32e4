"""The RoboRally table for a new player: the board as large as the window allows (zoom and
pan), coordinates on its edges, a log reachable at every moment, and the squares a log line
names lit up when the line is hovered (issue 14, points 1, 7 and 13)."""

from __future__ import annotations

import pygame
import pytest

from game.core.types import Pos
from game.i18n import N_, set_language
from game.scenes.roborally.frame import Square
from game.scenes.roborally.table import FactoryScene
from game.scenes.roborally.demo_tables import programming_table
from game.scenes.roborally import status_rows
from game.scenes.roborally.status import robot_story
from game.ui import theme
from game.ui.text_drawing import wrap_text
from game.ui.widgets import PANEL_SHADOW_BELOW
from tests.ui.helpers import click, frame, headless_services


def _programming(course: str, size: tuple[int, int] = (1280, 720)
                 ) -> tuple[object, FactoryScene]:
    """Four humans at turn 2's programming screen (turn 1 played, so the log has a turn)."""
    services = headless_services(size)
    services.settings.animation_speed = "instant"
    scene = programming_table(services, course, 4, 0, placed=0)
    frame(services)
    return services, scene


def _wheel(pos: tuple[int, int], y: int) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                               precise_y=0.0)]


def test_the_board_fills_its_area_and_zooms_and_pans() -> None:
    services, scene = _programming("sunday-drive")
    view, area = scene.view, scene.table.board_area
    assert view.rect.h >= area.h - view.board.height, "the tall course fills the height"
    fit = view.tile
    frame(services, _wheel(view.rect.center, 1))
    frame(services, _wheel(view.rect.center, 1))
    assert view.tile >= fit * 1.4
    assert area.contains(view.rect.clip(area))
    before = view.origin
    start_at = area.center
    frame(services, [pygame.event.Event(pygame.MOUSEMOTION, pos=start_at, rel=(0, 0),
                                        buttons=(0, 0, 0)),
                     pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_at, button=3),
                     pygame.event.Event(pygame.MOUSEMOTION, pos=(start_at[0] + 60,
                                                                 start_at[1] + 80),
                                        rel=(60, 80), buttons=(0, 0, 1)),
                     pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start_at[0] + 60,
                                                                   start_at[1] + 80), button=3)])
    assert view.origin != before, "a drag moves the zoomed board"
    # a square hovered after the pan is the square drawn under the mouse
    probe = (area.centerx, area.centery)
    assert view.cell_rect(view.pos_at(probe)).collidepoint(probe)
    frame(services, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_0, mod=0, unicode="0",
                                        scancode=0)])
    assert view.tile == fit


def test_the_edges_carry_the_coordinates_the_log_uses() -> None:
    services, scene = _programming("sunday-drive")
    boxes = dict((text, box) for text, box in scene.table.coordinate_boxes(scene.view)
                 if box.y < scene.view.rect.y)
    assert set(boxes) == {str(x) for x in range(12)}
    surface = services.window.surface
    box = boxes["5"]
    assert box.centerx == scene.view.cell_rect(Pos(5, 0)).centerx
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(box.x, box.right)
               for y in range(box.y, box.bottom)}
    assert len(colours) > 2, "the number is drawn"


@pytest.mark.parametrize("course", ["sunday-drive", "warp-drive"])
def test_the_log_is_reachable_while_four_players_program(course: str) -> None:
    services, scene = _programming(course)
    assert scene.programmer is not None
    log = scene.table.log_rect()
    if log is None:     # no room beside the board: the Log button opens the drawer
        button = next(w for w in scene.ui.widgets if getattr(w, "text", "") == "Log")
        frame(services, click(button.rect.center))
        log = scene.table.log_rect()
    assert log is not None and log.w >= 200 and log.h >= 200
    frame(services)
    rows = scene.table.log_panel.rows
    assert rows, "the log shows lines"
    newest = max(index for _rect, index in rows)
    assert newest == len(scene.display.log) - 1
    assert any(line.register == 5 for line in scene.display.log[:newest + 1])


def test_hovering_a_log_line_outlines_the_squares_it_names() -> None:
    services, scene = _programming("sunday-drive")
    index = max(i for i, line in enumerate(scene.display.log) if "dst" in line.values
                and line.values["dst"] != "—")
    scene.log_scroll = len(scene.display.log) - 1 - index
    frame(services)
    row = next(rect for rect, i in scene.table.log_panel.rows if i == index)
    target = scene.display.log[index].values["dst"].pos
    cell = scene.view.cell_rect(target)
    surface = services.window.surface
    plain = [tuple(surface.get_at((cell.x + 1, y)))[:3] for y in range(cell.y, cell.bottom)]
    frame(services, [pygame.event.Event(pygame.MOUSEMOTION, pos=row.center, rel=(0, 0),
                                        buttons=(0, 0, 0))])
    lit = [tuple(surface.get_at((cell.x + 1, y)))[:3] for y in range(cell.y, cell.bottom)]
    assert lit != plain
    assert sum(c == (120, 230, 255) for c in lit) > cell.h // 2


def test_a_status_row_tells_what_happened_to_that_robot_last_turn() -> None:
    services, scene = _programming("oil-and-ember")
    hurt = next(line for line in reversed(scene.display.log) if "name" in line.values
                and line.register and "dst" not in line.values)
    name = hurt.values["name"]
    p = next(k for k, r in enumerate(scene.display.robots) if r.name == name)
    row_rect = scene.status_row_rect(p)
    row = (row_rect.centerx + 40, row_rect.centery)
    frame(services, [pygame.event.Event(pygame.MOUSEMOTION, pos=row, rel=(0, 0),
                                        buttons=(0, 0, 0))])
    plain = services.window.surface.copy()
    frame(services, dt=0.6)
    frame(services)
    assert scene.hover == ("robot", p)
    story = robot_story(scene.display.log, name, scene.display.turn)
    assert story and any(hurt.text() in line for line in story)
    surface = services.window.surface
    assert surface.get_at(row) != plain.get_at(row) or any(
        surface.get_at((row[0] + dx, row[1] + dy)) != plain.get_at((row[0] + dx, row[1] + dy))
        for dx in range(0, 200, 9) for dy in range(0, 120, 9)), "the tooltip is drawn"


def test_the_log_words_again_what_changed_and_only_that() -> None:
    """The table keeps the log's worded lines between frames (a replay's log is the whole
    game); a line carried on (the robot moved further), a line added and a new language
    each show at once."""
    _services, scene = _programming("sunday-drive")
    display = scene.display
    assert scene.log_entries() is scene.log_entries(), "kept between frames"
    moving = ("move", 0, "card", "register", 9)
    display.say(N_("{name} moves from {src} to {dst}."), key=moving, name="Anna",
                src=Square(Pos(1, 1)), dst=Square(Pos(1, 2)))
    before = scene.log_entries()[-1]
    display.say(N_("{name} moves from {src} to {dst}."), key=moving, dst=Square(Pos(0, 0)))
    after = scene.log_entries()[-1]
    assert after.text != before.text and after.text.endswith("to (0, 0).")
    assert after.marks[-1] == Pos(0, 0)
    display.say(N_("Turn {turn} begins."), turn=9)
    assert scene.log_entries()[-1].text == "Turn 9 begins."
    set_language("de")
    assert scene.log_entries()[-1].text == "Runde 9 beginnt."


def test_every_phase_chip_is_named_whole_in_german_beside_a_wide_course() -> None:
    """Beside Grand Gauntlet at 1280×720 the strip of phases is narrow, and German's names
    (Expressbänder, Drehräder) were cut to "Expressbän…", "Press…": the chips take a
    smaller type instead, down to a size still read at a glance."""
    from game.i18n import _
    from game.scenes.roborally.courses import demo_setup
    from game.scenes.roborally.entry import start
    from game.scenes.roborally.texts import PHASE_LABELS, PHASE_ORDER
    from game.ui import text_fit
    from tests.ui.helpers import frame, headless_services
    for language in ("de", "en"):
        services = headless_services((1280, 720))
        services.set_language(language)
        scene = start(services, demo_setup("grand-gauntlet", 0, 3, seed=3))
        services.scenes.push(scene)
        services.scenes.apply_pending()
        with text_fit.collected() as reports:
            frame(services)
        labels = {_(PHASE_LABELS[phase]) for phase in PHASE_ORDER}
        assert [str(r) for r in reports if r.text in labels] == [], language


def test_eight_robots_in_the_smallest_window_read_whole_in_german() -> None:
    """Grand Gauntlet with eight robots at 800×450: the phases take a fourth row rather than
    cut their names, and the line that waits for eight programs counts them instead of
    naming them in type too small to read, cut after the fifth name."""
    from game.i18n import _
    from game.scenes.roborally.courses import demo_setup
    from game.scenes.roborally.entry import start
    from game.scenes.roborally.texts import PHASE_LABELS, PHASE_ORDER
    from game.ui import text_fit
    services = headless_services((800, 450))
    services.set_language("de")
    scene = start(services, demo_setup("grand-gauntlet", 8, 0, seed=3))
    services.scenes.push(scene)
    services.scenes.apply_pending()
    with text_fit.collected() as reports:
        frame(services)
    assert [str(r) for r in reports] == []
    labels = [_(PHASE_LABELS[phase]) for phase in PHASE_ORDER]
    chips = scene.table.fitted_phase_chips(labels)[1]
    assert len({chip.y for chip in chips}) == 4
    assert len(scene.controller.programming_left()) == 8
    assert scene.status_line(named=False) == "Programmieren: es fehlen noch 8 Roboter."


def hand_over_reports(size: tuple[int, int], names: tuple[str, str]
                      ) -> tuple[FactoryScene, list[str]]:
    """A German hot-seat race of `names` on Sunday Drive, drawn for ten frames in a window of
    `size`: the table and the texts that did not fit, the hand-over panel on top."""
    from game import paths
    from game.scenes.games import GAMES_BY_ID, GameSetup, PlayerSetup, find_start
    from game.scenes.privacy_panel import PanelPrivacyScreen
    from game.ui import text_fit
    services = headless_services(size, "de")
    setup = GameSetup("roborally", [PlayerSetup(names[0], "red", None),
                                    PlayerSetup(names[1], "blue", None)], "standard",
                      paths.builtin_boards_dir() / "roborally" / "sunday-drive.yaml", seed=2)
    start = find_start(GAMES_BY_ID["roborally"])
    assert start is not None
    scene = start(services, setup)
    assert isinstance(scene, FactoryScene)
    services.scenes.push(scene)
    services.scenes.apply_pending()
    with text_fit.collected() as reports:
        for _frame in range(10):
            frame(services)
    assert isinstance(services.scenes.top, PanelPrivacyScreen)
    return scene, [str(report) for report in reports]


def test_the_hand_over_panel_and_the_top_line_read_whole_in_the_smallest_window() -> None:
    """At 800×450 the panel that hands the screen on said "Gib weiter an Gestalteri…" (a
    name of sixteen letters), and the top line named both players in 8 px type:
    the title takes a smaller type, the top line counts the robots instead."""
    scene, reports = hand_over_reports((800, 450), ("Gestalterin Anna", "Zweite Hand"))
    assert [r for r in reports if "Gib weiter" in r or "fehlen" in r] == []
    assert scene.status_line(named=False) == "Programmieren: es fehlen noch 2 Roboter."


def test_a_name_of_sixteen_letters_reads_whole_at_1280x720() -> None:
    """"Maximilian Bauer" (the longest name the setup takes) was cut in his status row, and
    the hand-over panel's "Gib weiter an Maximilian Bauer." was cut even in its smallest
    type: the row's name takes a smaller type, the panel's title a second line."""
    _scene, reports = hand_over_reports((1280, 720), ("Maximilian Bauer", "Ben"))
    assert [r for r in reports if "Maximilian" in r] == []


def test_a_name_shrunk_to_fit_its_status_row_stands_on_the_counters_line(monkeypatch) -> None:
    """A long name in smaller type hung from the top of its row, above the flag counter and
    the lives beside it ("Maximilian Bauer" at 1920×1080): its middle is the line's middle,
    as a whole name's is."""
    drawn: list[tuple[str, float]] = []
    real = status_rows.draw_text

    def recording(surface, text, font, colour, pos, anchor="topleft", **kwargs):  # noqa: ANN001, ANN003, ANN202
        middle = pos[1] + font.get_height() / 2 if anchor == "topleft" else pos[1]
        drawn.append((text, middle))
        return real(surface, text, font, colour, pos, anchor, **kwargs)

    monkeypatch.setattr(status_rows, "draw_text", recording)
    _scene, _reports = hand_over_reports((1920, 1080), ("Maximilian Bauer", "Ben"))
    middles = {text: middle for text, middle in drawn}
    assert {"Maximilian Bauer", "Ben"} <= set(middles)
    lives = [middle for text, middle in drawn if text.startswith("♥")]
    first_row, second_row = lives[0], lives[1]
    whole = middles["Ben"] - second_row
    assert abs((middles["Maximilian Bauer"] - first_row) - whole) <= 1


@pytest.mark.parametrize("width", [120, 150, 180, 240])
def test_a_squares_coordinates_are_never_split_over_two_log_lines(width: int) -> None:
    """"David fährt von (7, 14) nach (7," then "12)." on the next line: in the narrow log of
    a small window a square's coordinates broke at their comma; they stay whole, as do a
    scenario's "[6, 3]"."""
    font = theme.font(11)
    for text, squares in (("David fährt von (7, 14) nach (7, 12).", ("(7, 14)", "(7, 12)")),
                          ("Roboter red: at soll [4, 1] sein, ist [-2, 1]", ("[4, 1]", "[-2, 1]"))):
        lines = wrap_text(text, font, width)
        assert " ".join(lines) == text
        for square in squares:
            assert any(square in line for line in lines), (square, lines)


@pytest.mark.parametrize("size", [(800, 450), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("robots", [2, 8])
def test_the_status_rows_sit_clear_of_the_program_buttons_shadow(
        size: tuple[int, int], robots: int) -> None:
    """On the programming screen the status panel starts under Clear, Power down and
    Confirm; their shadow darkened its top edge and first row until the rows moved clear of
    it. Every row still ends inside the window."""
    services = headless_services(size)
    services.settings.animation_speed = "instant"
    scene = programming_table(services, "ring-road", robots, 0, placed=0)
    frame(services)
    assert scene.programmer is not None
    buttons = scene.program_buttons_row()
    assert scene.confirm_button.rect.bottom == buttons.bottom
    first, last = scene.status_row_rect(0), scene.status_row_rect(robots - 1)
    assert first.top >= buttons.bottom + PANEL_SHADOW_BELOW
    assert last.bottom <= size[1]
