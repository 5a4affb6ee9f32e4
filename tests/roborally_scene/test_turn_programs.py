"""The turn's programs beside the board in the register phases: every card revealed this turn
lies face up, as on a real table (RR-6.2), the registers still to come face down, and the
status rows stay where the programming screen has them."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.roborally import painting
from game.scenes.roborally import programs as programs_module
from game.scenes.roborally.demo_tables import execution_table, programming_table
from game.scenes.roborally.programs import MIN_CARD_PIXELS, ROW_AIR, ProgramRow, slot_kind
from game.scenes.roborally.table import FactoryScene
from game.scenes.roborally.texts import HOVER_DELAY, card_label
from game.ui.roborally_view import CARD_LABELS, card_back, card_surface
from game.ui.rr_token import RobotLook
from tests.roborally_scene.helpers import new_game, two_humans_at_the_turns_result
from tests.ui.helpers import frame, headless_services

CARD_TYPES = {label: ctype for ctype, label in CARD_LABELS.items()}


def _revealed(scene: FactoryScene) -> dict[tuple[int, int], tuple[str, int]]:
    """The cards the log says were revealed in the turn on screen, by (robot, register)."""
    return dict(_revealed_in(scene, scene.display.turn))


def _revealed_in(scene: FactoryScene, turn: int) -> list[tuple[tuple[int, int], tuple[str, int]]]:
    names = [r.name for r in scene.display.robots]
    return [((names.index(name), line.register), (CARD_TYPES[card], priority))
            for line in scene.display.log if line.turn == turn and line.register
            for name, card, priority in line.values.get("revealed", ())]


def _inside(image: pygame.Surface, rect: pygame.Rect, inset: int) -> bytes:
    """The pixels of `rect` of `image` away from its rounded corners."""
    return pygame.image.tobytes(image.subsurface(rect.inflate(-inset * 2, -inset * 2)), "RGB")


def _shows(screen: pygame.Surface, slot: pygame.Rect, card: pygame.Surface) -> bool:
    inset = max(3, slot.w // 10)
    return _inside(screen, slot, inset) == _inside(card, card.get_rect(), inset)


def _run_to(services, scene: FactoryScene, turn: int, register: int) -> None:
    for _ in range(6000):
        shown = scene.display
        if (shown.turn, shown.register) == (turn, register) and shown.phase != "cards" \
                and scene.programmer is None:
            break
        frame(services, dt=1 / 30)
    else:
        raise AssertionError(f"turn {turn}, register {register} never came")
    frame(services)


@pytest.mark.parametrize("turn, register", [(1, 3), (2, 1)])
def test_the_cards_revealed_this_turn_lie_face_up_and_the_rest_face_down(
        turn: int, register: int) -> None:
    """After the reveals of `register`, each robot's slots show its cards of this turn's
    registers so far, and a card back for each register to come (nothing hidden is shown,
    and nothing of the turn before stays once the next turn's first register is revealed)."""
    services, scene = new_game(speed="normal", seed=7, course="oil-and-ember", humans=0,
                               bots=4)
    _run_to(services, scene, turn, register)
    layout = scene.programs_panel()
    assert layout is not None
    revealed = _revealed(scene)
    assert {k for _p, k in revealed} == set(range(1, register + 1))
    screen = services.window.surface
    running = 0
    for p, robot in enumerate(scene.display.robots):
        for k, slot in enumerate(layout.slots[p], start=1):
            if (p, k) in revealed:
                assert _shows(screen, slot, card_surface(*revealed[(p, k)], slot.size)), (p, k)
            elif k > register and not (robot.destroyed or robot.powered_down):
                assert _shows(screen, slot, card_back(slot.size)) or robot.locked[k - 1], (p, k)
                running += 1
            else:
                assert not _shows(screen, slot, card_back(slot.size)), (p, k)
    assert running > 0


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (800, 450)])
def test_the_status_rows_keep_their_place_from_programming_to_the_registers(
        size: tuple[int, int]) -> None:
    """Four robots: every row exactly where the programming screen drew it. Eight (compact
    rows while programming): the rows grow upwards from the same bottom."""
    for humans, bots, course in ((4, 0, "oil-and-ember"), (4, 4, "ring-road")):
        services = headless_services(size)
        services.settings.animation_speed = "instant"
        programming = programming_table(services, course, humans, bots, placed=0)
        frame(services)
        assert programming.programmer is not None
        rows = [programming.status_row_rect(p) for p in range(humans + bots)]
        services = headless_services(size)
        running = execution_table(services, course, humans + bots)
        frame(services)
        assert running.programmer is None
        shown = [running.status_row_rect(p) for p in range(humans + bots)]
        if humans + bots == 4:
            assert shown == rows
        else:
            assert abs(shown[-1].bottom - rows[-1].bottom) <= running.px(8)
            assert all(row.h >= before.h for row, before in zip(shown, rows))


def test_where_the_log_is_not_docked_it_takes_the_room_between_reveals_and_status() -> None:
    """A course as wide as Warp Drive leaves no column beside the board: the log is the
    middle of the side column in the register phases, and no programs are drawn there."""
    services = headless_services((1280, 720))
    scene = execution_table(services, "warp-drive", 4)
    frame(services)
    log = scene.table.log_rect()
    assert log is not None and log is scene.table.side_log
    assert scene.programs_panel() is None
    assert log.bottom < scene.status_row_rect(0).top
    assert log.h > scene.px(200)


@pytest.mark.parametrize("size", [(800, 450), (1024, 600), (1280, 720)])
@pytest.mark.parametrize("robots", [2, 4, 8])
def test_the_programs_show_only_where_a_card_can_be_read(size: tuple[int, int],
                                                         robots: int) -> None:
    """A card too small for its priority to stand clear of its symbol is not drawn: the
    panel shows at readable size or not at all; a few robots' rows stand together."""
    services = headless_services(size)
    scene = execution_table(services, "ring-road", robots)
    frame(services)
    layout = scene.programs_panel()
    if robots <= 4:
        assert layout is not None
    if layout is not None:
        assert layout.card_h >= MIN_CARD_PIXELS
        for slots in layout.slots:
            assert all(layout.panel.contains(slot) for slot in slots)
        # between the reveals and the status rows
        assert scene.reveals_rect().bottom <= layout.panel.top
        assert layout.panel.bottom <= scene.status_row_rect(0).top
        # two robots' rows stand together, not spread over the room
        tops = sorted({slots[0].y for slots in layout.slots})
        assert all(b - a <= layout.card_h + scene.px(ROW_AIR) for a, b in zip(tops, tops[1:]))


@pytest.mark.parametrize("size", [(800, 450), (960, 540), (1024, 576), (1280, 720)])
def test_eight_robots_in_a_small_wide_window_show_the_turns_programs(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """RR-6: with eight robots and the log beside the board, a 16:9 window of 1024×576 or
    less left the room between the reveals and the status rows empty, the status rows being
    too tall for readable cards above them. The rows are a little shorter there (two lines
    still, full height where there is room), and the cards show. The robots are named all
    or not at all (the emblems say who, as on the status rows)."""
    names: list[str] = []
    real = programs_module.draw_text

    def recording(surface, text, font, colour, pos, anchor="topleft", **kwargs):  # noqa: ANN001, ANN003, ANN202
        names.append(text)
        return real(surface, text, font, colour, pos, anchor, **kwargs)

    monkeypatch.setattr(programs_module, "draw_text", recording)
    services = headless_services(size)
    scene = execution_table(services, "ring-road", 8)
    frame(services)
    assert scene.table.dock is not None, "the log lies beside the board"
    layout = scene.programs_panel()
    assert layout is not None and layout.card_h >= MIN_CARD_PIXELS
    rows = [scene.status_row_rect(p) for p in range(8)]
    assert layout.panel.bottom <= rows[0].top
    assert rows[-1].bottom <= services.window.surface.get_height()
    full = size == (1280, 720)
    assert all(row.h == scene.px(40) if full else scene.px(30) <= row.h < scene.px(40)
               for row in rows), [row.h for row in rows]
    shown = [robot.name for robot in scene.display.robots if robot.name in names]
    assert len(shown) in (0, 8), shown
    tips: list[str] = []
    real_tip = painting.draw_tooltip
    monkeypatch.setattr(painting, "draw_tooltip",
                        lambda surface, text, pos: (tips.append(text), real_tip(surface, text, pos)))
    first = next(rect for rect, p, k in scene.program_slots() if (p, k) == (7, 1))
    frame(services, [pygame.event.Event(pygame.MOUSEMOTION, pos=first.center, rel=(0, 0),
                                        buttons=(0, 0, 0))])
    frame(services, dt=HOVER_DELAY + 0.01)
    assert tips and tips[-1].startswith(f"{scene.display.robots[7].name} · register 1"), \
        "a small card names its robot, register and card on hover"


def test_hovering_a_card_of_the_turns_programs_names_it(monkeypatch) -> None:  # noqa: ANN001
    """A card drawn too small for its name says it on hover, with the robot and register;
    a card still face down says only that."""
    services, scene = new_game(speed="normal", seed=7, course="oil-and-ember", humans=0,
                               bots=4)
    _run_to(services, scene, 1, 3)
    shown: list[str] = []
    real = painting.draw_tooltip
    monkeypatch.setattr(painting, "draw_tooltip",
                        lambda surface, text, pos: (shown.append(text), real(surface, text, pos)))
    revealed = _revealed(scene)
    slots = {(p, k): rect for rect, p, k in scene.program_slots()}
    for (p, k), expected in (((0, 1), card_label(*revealed[(0, 1)])),
                             ((1, 5), "face down")):
        frame(services, [pygame.event.Event(pygame.MOUSEMOTION, pos=slots[(p, k)].center,
                                            rel=(0, 0), buttons=(0, 0, 0))])
        frame(services, dt=HOVER_DELAY + 0.01)
        assert shown and shown[-1].startswith(f"{scene.display.robots[p].name} · register {k}")
        assert expected in shown[-1]


def test_a_destroyed_robots_registers_to_come_lie_empty_and_say_why(monkeypatch) -> None:  # noqa: ANN001
    """A robot destroyed in the middle of a turn runs no more cards (RR-6.7): its later
    registers show no card back, and hovering one says it is destroyed."""
    services, scene = new_game(speed="fast", seed=7, course="oil-and-ember", humans=0, bots=4)
    for _ in range(20000):
        shown = scene.display
        if 1 <= shown.register < 5 and shown.phase != "cards" and any(
                r.destroyed and not r.eliminated for r in shown.robots):
            break
        frame(services, dt=1 / 30)
    else:
        raise AssertionError("no robot was destroyed before register 5")
    frame(services)
    p = next(p for p, r in enumerate(scene.display.robots) if r.destroyed)
    later = scene.display.register + 1
    slot = next(rect for rect, robot, k in scene.program_slots() if (robot, k) == (p, later))
    assert not _shows(services.window.surface, slot, card_back(slot.size))
    shown_texts: list[str] = []
    real = painting.draw_tooltip
    monkeypatch.setattr(painting, "draw_tooltip", lambda surface, text, pos: (
        shown_texts.append(text), real(surface, text, pos)))
    frame(services, [pygame.event.Event(pygame.MOUSEMOTION, pos=slot.center, rel=(0, 0),
                                        buttons=(0, 0, 0))], dt=0.0)
    frame(services, dt=HOVER_DELAY + 0.01)
    assert shown_texts
    assert shown_texts[-1] == f"{scene.display.robots[p].name} · register {later}: destroyed"


def test_the_turn_just_played_stays_face_up_while_its_result_is_shown() -> None:
    """Between two players at one screen the last turn's result stays in view a moment
    before the privacy screen: the programs panel then shows that whole turn, every
    register's card face up (RR-6.2), and no card back."""
    services, scene = two_humans_at_the_turns_result()
    assert scene.result_hold.active and scene.display.register == 0
    frame(services)
    played = {(p, k): card for (p, k), card in _revealed_in(scene, scene.display.turn - 1)}
    assert len(played) == 10
    screen = services.window.surface
    slots = scene.program_slots()
    assert len(slots) == 10
    for rect, p, k in slots:
        assert _shows(screen, rect, card_surface(*played[(p, k)], rect.size)), (p, k)


def test_a_register_whose_cards_are_revealed_holds_nothing_more_to_come() -> None:
    """Once a register's cards are revealed, a robot that showed none there runs none
    (RR-6.7): a robot destroyed earlier in the turn that returns at its end (RR-8.3), while
    register 5 is still on the table and its questions are asked, shows empty registers,
    not card backs; while the cards are being revealed, the slot waits face down."""
    anna = ProgramRow(RobotLook("Anna", (220, 60, 60), "circle"),
                      (("move1", 490), ("move2", 670), None, None, None),
                      (False,) * 5, "", (None,) * 5)
    assert slot_kind(anna, 4, 5, revealing=True) == "back"
    assert slot_kind(anna, 4, 5, revealing=False) == "empty"
    assert slot_kind(anna, 3, 3, revealing=False) == "back", "register 4 is still to come"
    assert slot_kind(anna, 2, 3, revealing=False) == "empty"
    assert slot_kind(anna, 0, 3, revealing=False) == "card"
