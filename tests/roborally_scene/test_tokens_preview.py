"""Robots read at a glance: tokens turn with their facing and keep the name tag away from the
wedge, robots on one square are fanned out, and the program being written shows its ghost
path (issue 14, points 2, 4 and 5)."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.core.types import Direction, Pos
from game.i18n import set_language
from game.scenes.roborally.preview import PathStep, draw_path, path_summary
from game.ui import theme
from game.scenes.roborally.table import FactoryScene
from game.scenes.roborally.demo_tables import programming_table
from game.ui.rr_token import RobotLook, draw_robot_token
from tests.ui.helpers import click, frame, headless_services

def _programming_scene() -> tuple[object, FactoryScene]:
    services = headless_services()
    services.settings.animation_speed = "instant"
    scene = programming_table(services, "sunday-drive", 2, 2, seed=5, turn=1, placed=0)
    frame(services)
    return services, scene


def _token(angle: float) -> tuple[pygame.Surface, object]:
    surface = pygame.Surface((200, 200), pygame.SRCALPHA)
    drawn = draw_robot_token(surface, (100, 100), 80, RobotLook("Anna", (200, 40, 40), "circle"),
                             angle)
    return surface, drawn


def _white_rows(surface: pygame.Surface, rect: pygame.Rect, tag: pygame.Rect
                ) -> tuple[int, int]:
    """White (eye) pixels in the upper and in the lower half of `rect`, off the name tag."""
    upper = lower = 0
    for y in range(rect.y, rect.bottom):
        for x in range(rect.x, rect.right):
            if tag.collidepoint(x, y):
                continue
            if min(tuple(surface.get_at((x, y)))[:3]) > 235:
                if y < rect.centery:
                    upper += 1
                else:
                    lower += 1
    return upper, lower


@pytest.mark.parametrize("angle", [0.0, 90.0, 180.0, 270.0])
def test_the_name_tag_is_never_over_the_facing_wedge(angle: float) -> None:
    _surface, drawn = _token(angle)
    assert drawn.tag is not None
    assert not drawn.tag.colliderect(drawn.wedge)
    assert not drawn.tag.collidepoint(drawn.tip)


def test_a_robot_facing_south_is_drawn_turned_round() -> None:
    north, n = _token(0.0)
    south, s = _token(180.0)
    assert s.tip[1] > 100 > n.tip[1]
    up, down = _white_rows(north, n.body, n.tag)
    assert up > down, "facing north the eyes (its front) are at the top"
    up, down = _white_rows(south, s.body, s.tag)
    assert down > up, "facing south the robot is turned: its eyes are at the bottom"


def test_robots_on_one_square_are_fanned_out_and_all_visible() -> None:
    services, scene = _programming_scene()
    a, b = scene.display.sprites[0], scene.display.sprites[1]
    b.x, b.y = a.x, a.y
    scene.dirty = True
    frame(services)
    (ca, sa), (cb, sb) = scene.token_spot(0), scene.token_spot(1)
    tile = scene.view.tile
    assert abs(ca[0] - cb[0]) + abs(ca[1] - cb[1]) >= 0.4 * tile
    assert sa < 1 and sb < 1
    cell = scene.view.cell_rect(Pos(round(a.x), round(a.y)))
    assert cell.collidepoint(ca) and cell.collidepoint(cb)
    surface = services.window.surface
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(cell.x, cell.right)
               for y in range(cell.y, cell.bottom)}
    for look in scene.looks[:2]:
        assert any(sum(abs(a - b) for a, b in zip(look.colour, c)) < 90 for c in colours), \
            f"{look.name} is hidden"


def test_the_ghost_path_follows_the_registers_as_they_fill() -> None:
    services, scene = _programming_scene()
    c = scene.controller
    robot = c.robot(0)
    assert scene.preview_path() == ()
    surface = services.window.surface
    before = surface.copy()
    move = next(card for card in c.hand(0) if c.card(card)[0] in ("move1", "move2", "move3"))
    steps = int(c.card(move)[0][-1])
    scene.place(move, 1)
    frame(services)
    path = scene.preview_path()
    dx, dy = robot.facing.delta
    assert len(path) == 1
    assert path[0].pos == Pos(robot.pos.x + dx * steps, robot.pos.y + dy * steps)
    cell = scene.view.cell_rect(path[0].pos)
    assert any(surface.get_at((x, y)) != before.get_at((x, y))
               for x in range(cell.x, cell.right) for y in range(cell.y, cell.bottom)), \
        "the ghost is drawn where the register leaves the robot"
    turn = next((card for card in c.hand(0) if c.card(card)[0] in ("left", "right")), None)
    if turn is not None:
        scene.place(turn, 2)
        path = scene.preview_path()
        assert len(path) == 2 and path[1].pos == path[0].pos
        assert path[1].facing != robot.facing
        assert path[1].facing in (Direction.E, Direction.W)
    scene.take_back(1)
    assert scene.preview_path() == (), "a gap in register 1: nothing is certain"


def test_hand_slots_stay_put_after_a_pick() -> None:
    services, scene = _programming_scene()
    before = scene.hand_slots()
    first_rect, first_card = before[0]
    second_rect, second_card = before[1]
    frame(services, click(first_rect.center))
    assert first_card in scene.controller.registers(0)
    after = scene.hand_slots()
    assert after[1] == (second_rect, second_card), "the next card did not move"
    assert after[0] == (first_rect, None), "the picked card leaves a gap"
    frame(services, click(first_rect.center))      # the same spot again takes nothing
    assert scene.controller.registers(0).count(0) == 4
    frame(services, click(scene.register_rects()[0].center))
    assert scene.hand_slots()[0] == (first_rect, first_card), "taken back to its own place"


def _ghost(scene: FactoryScene, at: Pos, facing: Direction, cards: list[str]
           ) -> tuple[PathStep, ...]:
    """The ghost path of `cards` for the first robot as if it stood at `at`."""
    robot = dataclasses.replace(scene.controller.robot(0), pos=at, facing=facing)
    return scene.preview.path(robot, cards)


def test_the_ghost_path_says_what_the_board_deals_and_which_flag_it_touches() -> None:
    """A new player read only where the program goes: now a register that ends in a board
    laser's beam shows the damage (RR-8.2), one that reaches the next flag is gold (RR-9.2),
    and the note under the path says both, and when the robot falls off (RR-10.1)."""
    services = headless_services()
    services.settings.animation_speed = "instant"
    scene = programming_table(services, "belt-buckle", 2, 2, seed=5, turn=1, placed=0)
    frame(services)
    # Belt Buckle: a wall laser fires east along row 10; flag 1 is at (7, 6)
    into_the_beam = _ghost(scene, Pos(5, 12), Direction.N, ["move2", "right", "move1"])
    assert [(s.pos, s.hurt) for s in into_the_beam] == [
        (Pos(5, 10), 1), (Pos(5, 10), 1), (Pos(6, 10), 1)]
    assert path_summary(into_the_beam) == "The board deals it 3 damage on the way."
    out_of_it = _ghost(scene, Pos(5, 12), Direction.N, ["move3"])
    assert [(s.pos, s.hurt) for s in out_of_it] == [(Pos(5, 9), 0)]
    assert path_summary(out_of_it) == ""
    to_the_flag = _ghost(scene, Pos(7, 8), Direction.N, ["move2", "move1"])
    assert [s.flag for s in to_the_flag] == [1, None]
    assert path_summary(to_the_flag) == "It touches flag 1."
    over_the_flag = _ghost(scene, Pos(7, 8), Direction.N, ["move3"])   # passing counts: RR-9.2
    assert [(s.pos, s.flag) for s in over_the_flag] == [(Pos(7, 5), 1)]
    off_the_edge = _ghost(scene, Pos(1, 7), Direction.W, ["move3"])
    assert off_the_edge[-1].pos is None
    assert path_summary(off_the_edge) == "It is destroyed in register 1."
    set_language("de")
    assert path_summary(into_the_beam) == "Unterwegs erleidet er 3 Schaden."


def test_a_ghost_path_past_one_flag_to_the_next_names_both() -> None:
    services = headless_services()
    scene = programming_table(services, "oil-and-ember", 2, 2, seed=5, turn=1, placed=0)
    frame(services)
    # Oil and Ember: flag 1 at (6, 4), flag 2 four squares east of it
    both = _ghost(scene, Pos(5, 4), Direction.E, ["move3", "move2"])
    assert [(s.pos, s.flag) for s in both] == [(Pos(8, 4), 1), (Pos(10, 4), 2)]
    assert path_summary(both) == "It touches flags 1, 2."


def test_the_damage_on_the_ghost_path_is_drawn_where_it_is_dealt() -> None:
    """One badge per square, with the damage of every register that ends there."""
    view = type("View", (), {"tile": 40, "centre": staticmethod(
        lambda x, y: (20 + x * 40, 20 + y * 40))})()

    def drawn(steps: tuple[PathStep, ...]) -> pygame.Surface:
        surface = pygame.Surface((400, 400))
        draw_path(surface, view, RobotLook("Anna", (200, 40, 40), "circle"), Pos(2, 4), steps)
        return surface

    twice = drawn((PathStep(1, Pos(2, 2), Direction.N, 1), PathStep(2, Pos(2, 2), Direction.E, 1),
                   PathStep(3, Pos(3, 2), Direction.E, 0, 1), PathStep(4, Pos(3, 2), Direction.S)))
    hurt_red = [(x, y) for x in range(400) for y in range(400)
                if tuple(twice.get_at((x, y)))[:3] == theme.HURT]
    assert hurt_red and all(96 <= x < 130 and 90 <= y < 115 for x, y in hurt_red), \
        "one badge, under the dot of the square (2, 2)"
    once = drawn((PathStep(1, Pos(2, 2), Direction.N, 0), PathStep(2, Pos(2, 2), Direction.E, 2),
                   PathStep(3, Pos(3, 2), Direction.E, 0, 1), PathStep(4, Pos(3, 2), Direction.S)))
    badge = pygame.Rect(90, 85, 45, 35)
    assert pygame.image.tobytes(twice.subsurface(badge), "RGB") == \
        pygame.image.tobytes(once.subsurface(badge), "RGB"), "it says +2: both registers' damage"
    gold = [(x, y) for x in range(120, 160) for y in range(60, 120)
            if tuple(twice.get_at((x, y)))[:3] == theme.FLAG_GOLD]
    assert gold, "the square where a register touches the flag has a gold dot, though a " \
        "later register ends there too"


def test_the_ghost_path_rides_the_belts_square_by_square_and_stops_at_the_edge() -> None:
    """A new player reads the line as the way the robot goes: it follows the card's steps
    and then the belt (RR-7.2), where it cut across the floor from register to register,
    and a robot that drives off the course is crossed out on its edge (RR-10.1)."""
    services = headless_services()
    services.settings.animation_speed = "instant"
    scene = programming_table(services, "belt-buckle", 2, 2, seed=5, turn=1, placed=0)
    frame(services)
    # Belt Buckle: the express belt runs south down column 5 and turns east along row 8
    ride = _ghost(scene, Pos(5, 14), Direction.N, ["move3", "move3"])
    assert [square for square, _jumped in ride[1].route] == [
        Pos(5, 10), Pos(5, 9), Pos(5, 8), Pos(6, 8), Pos(7, 8)]
    view = scene.view
    surface = pygame.Surface(services.window.surface.get_size())
    draw_path(surface, view, scene.looks[0], Pos(5, 14), ride)

    def light(x: float, y: float) -> bool:
        cx, cy = view.centre(x, y)
        return tuple(surface.get_at((int(cx), int(cy))))[:3] == theme.GUIDE_LIGHT

    assert light(5, 9) and light(6, 8), "through the squares it passes"
    assert not light(6, 9.5), "not across the floor between the registers' ends"
    off = _ghost(scene, Pos(1, 7), Direction.W, ["move3"])
    surface.fill((0, 0, 0))
    draw_path(surface, view, scene.looks[0], Pos(1, 7), off)
    hurt = [x for x in range(surface.get_width()) for y in range(surface.get_height())
            if tuple(surface.get_at((x, y)))[:3] == theme.HURT]
    edge = view.rect.left
    assert hurt and min(hurt) >= edge - view.tile // 2 and max(hurt) <= edge + view.tile // 2, \
        "the cross sits on the edge it drives over"


def test_the_ghost_path_says_when_a_wall_stops_the_robot_short() -> None:
    """RR-6.3: a Move 3 that ends after one square looks like a slip of the hand; the note
    under the path says a wall stops it, in which register, in the player's language."""
    services = headless_services()
    scene = programming_table(services, "belt-buckle", 2, 2, seed=5, turn=1, placed=0)
    frame(services)
    # Belt Buckle: a wall on the east side of (3, 9)
    walled = _ghost(scene, Pos(2, 9), Direction.E, ["move3", "left", "move1"])
    assert [(s.pos, s.walled) for s in walled] == [
        (Pos(3, 9), True), (Pos(3, 9), False), (Pos(3, 8), False)]
    assert path_summary(walled) == "A wall stops it in register 1."
    twice = _ghost(scene, Pos(2, 9), Direction.E, ["move3", "move1"])
    assert path_summary(twice) == "Walls stop it in registers 1, 2."
    assert path_summary(_ghost(scene, Pos(2, 11), Direction.E, ["move3"])) == "", \
        "two rows lower nothing stops it"
    set_language("de")
    assert path_summary(walled) == "In Register 1 hält ihn eine Wand auf."


def test_a_hand_card_under_the_mouse_is_tried_in_the_first_empty_register() -> None:
    """Before a card is played, pointing at it shows where it would take the robot next
    (dashed), so a player weighs a card without placing and taking it back."""
    services, scene = _programming_scene()
    c = scene.controller
    robot = c.robot(0)
    rect, move = next((r, card) for r, card in scene.hand_slots()
                      if card and c.card(card)[0] in ("move1", "move2", "move3"))
    steps = int(c.card(move)[0][-1])
    dx, dy = robot.facing.delta
    ahead = Pos(robot.pos.x + dx * steps, robot.pos.y + dy * steps)
    board = scene.view.rect
    before = services.window.surface.subsurface(board).copy()
    frame(services, [pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0),
                                        buttons=(0, 0, 0))])
    tried = scene.preview_path()
    assert [(s.register, s.pos, s.tried) for s in tried] == [(1, ahead, True)]
    shown = services.window.surface.subsurface(board).copy()
    assert pygame.image.tobytes(shown, "RGB") != pygame.image.tobytes(before, "RGB"), \
        "the tried path is drawn on the board"
    frame(services, [pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0),
                                        buttons=(0, 0, 0))])
    assert scene.preview_path() == (), "pointing away, nothing is tried"
    frame(services, click(rect.center))
    assert [(s.register, s.pos, s.tried) for s in scene.preview_path()] == [(1, ahead, False)]


def test_a_card_dragged_over_an_empty_register_is_tried_there() -> None:
    services, scene = _programming_scene()
    c = scene.controller
    slots = [(r, card) for r, card in scene.hand_slots() if card]
    (first_rect, _first), (rect, card) = slots[0], slots[1]
    frame(services, click(first_rect.center))               # register 1 filled
    second = scene.register_rects()[1].center
    frame(services, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1),
                     pygame.event.Event(pygame.MOUSEMOTION, pos=second, rel=(1, 1),
                                        buttons=(1, 0, 0))])
    played = scene.preview_path()
    assert [(s.register, s.tried) for s in played] == [(1, False), (2, True)]
    assert c.registers(0)[1] == 0, "only tried: nothing is played until the drop"
    frame(services, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=second, button=1)])
    assert c.registers(0)[1] == card
    assert [(s.register, s.tried) for s in scene.preview_path()] == [(1, False), (2, False)]


def test_the_note_names_the_robots_standing_on_the_ghost_path() -> None:
    """The ghost runs alone; a robot standing on its squares now may be pushed or may stop
    it (RR-6.5), so the note names it, in the order the path meets them."""
    services = headless_services()
    scene = programming_table(services, "belt-buckle", 2, 2, seed=5, turn=1, placed=0)
    frame(services)
    ben = scene.controller.robot(1)
    assert ben.name == "Ben" and ben.pos is not None
    onto_ben = _ghost(scene, Pos(ben.pos.x, ben.pos.y - 3), Direction.S, ["move3"])
    assert scene.ghost_note(onto_ben) == "Ben stands in its way now."
    beside = _ghost(scene, Pos(ben.pos.x + 1, ben.pos.y - 3), Direction.S, ["move2"])
    assert scene.ghost_note(beside) == "", "a column over, no one stands on it"
    assert path_summary(onto_ben, ["Ben", "Clara"]) == "Ben, Clara stand in its way now."
    set_language("de")
    assert scene.ghost_note(onto_ben) == "Ben steht ihm jetzt im Weg."
