"""A question in the middle of a register (may an option card prevent this damage, CB-5.4;
what Fire Control takes, CB-6.15) comes after the robots have moved. While it was up, the
table put every robot back where it stood when the register began, and the beam that
brought the question came from a robot no longer drawn there; the robots now stay where
the register's moves put them, as the log tells. The robot the question is about (the one
hit, the one Fire Control hits) is lit, and the question is placed clear of it."""

from __future__ import annotations

import random

import pygame

from game.controllers.roborally import Decision
from game.roborally.questions import QuestionContext
from game.scenes.dialogs import PrivacyScreen
from game.scenes.roborally.decision import DecisionDialog
from game.scenes.roborally.demo_tables import execution_table
from game.scenes.roborally.frame import Square
from game.scenes.roborally.table import FactoryScene
from tests.roborally_scene.helpers import button, options_game, options_table, the_question
from tests.ui.helpers import click, frame, headless_services, key

MID_REGISTER = ("discard", "fire_control")


def _moved_this_register(scene: FactoryScene) -> dict[str, tuple[int, int]]:
    """Each robot the log says moved in the register on screen: the square it moved to."""
    d = scene.display
    moved: dict[str, tuple[int, int]] = {}
    for line in d.log:
        dst = line.values.get("dst")
        if line.turn == d.turn and line.register == d.register and isinstance(dst, Square):
            moved[line.values["name"]] = (dst.pos.x, dst.pos.y)
    return moved


def test_at_a_question_mid_register_the_robots_stand_where_they_moved() -> None:
    services, scene = options_game((1280, 720), 2, 2, {0: ["fire_control", "brakes"],
                                                       1: ["extra_memory", "rear_firing_laser"]})
    rng = random.Random(3)
    checked = 0
    for _ in range(6000):
        top = services.scenes.top
        if isinstance(top, DecisionDialog) and top.decision.kind in MID_REGISTER \
                and _moved_this_register(scene):
            names = [seat.name for seat in scene.controller.seats]
            for name, square in _moved_this_register(scene).items():
                pos = scene.display.sprite_pos(names.index(name))
                assert pos is not None and (pos.x, pos.y) == square, name
            concerned = top.decision.player if top.decision.kind == "discard" \
                else top.decision.context.robot
            square = scene.display.sprite_pos(concerned)
            assert square is not None
            lit = top.square_asked_about()         # lit, and the question leaves it in view
            assert lit == scene.view.cell_rect(square) and not top.box.colliderect(lit)
            checked += 1
            if checked == 2:
                return
        if isinstance(top, PrivacyScreen):
            frame(services, click((640, 360)))
        elif isinstance(top, DecisionDialog):
            frame(services, click(top.ui.default.rect.center))
        elif top is scene and scene.programmer is not None:
            for _ in range(12):
                if scene.controller.can_lock_in(scene.programmer):
                    break
                slots = [rect for rect, card in scene.hand_slots() if card is not None]
                frame(services, click(rng.choice(slots).center))
            frame(services, click(scene.confirm_button.rect.center))
        else:
            frame(services, dt=0.1)
    raise AssertionError(f"only {checked} questions in the middle of a register came")


def test_asked_about_recompilings_damage_the_player_sees_the_new_hand() -> None:
    """CB-6.2: Recompile deals a new hand, then 1 damage, which an option card may prevent
    (CB-5.4). While that question was up, the old hand lay behind it."""
    services, scene = options_table((1280, 720), 2, {0: ["recompile", "brakes"]})
    before = scene.controller.hand(0)
    frame(services, click(button(scene, "Recompile").rect.center))
    dialog = the_question(services, "discard")
    assert dialog.question().startswith("Recompiling costs your robot 1 damage.")
    shown = sorted(card for _rect, card in scene.hand_slots() if card is not None)
    assert shown == sorted(scene.controller.hand(0)) and shown != sorted(before)
    assert len(shown) == len(before)


def test_a_question_pans_a_zoomed_board_to_the_robot_it_is_about() -> None:
    """Zoomed in, the robot a question is about may lie out of view; the question pans the
    board to it, where it is lit and clear of the question."""
    services = headless_services((1280, 720), "en")
    scene = execution_table(services, register=2)     # caught mid-animation, as it is shown
    for _ in range(4):
        frame(services, [key(pygame.K_PLUS, "+")])
    square = scene.display.sprite_pos(0)
    assert square is not None
    away = pygame.K_LEFT if square.x > scene.view.pos_at(
        scene.table.board_area.center).x else pygame.K_RIGHT   # pan away from the robot
    for _ in range(60):
        if not scene.table.board_area.contains(scene.view.cell_rect(square)):
            break
        frame(services, [key(away)])
    assert not scene.table.board_area.contains(scene.view.cell_rect(square))
    dialog = DecisionDialog(services, scene, Decision("discard", 0, ("none", "brakes"), "none",
                                                      QuestionContext("board_laser", -1)))
    services.scenes.push(dialog)
    services.scenes.apply_pending()
    frame(services)
    lit = dialog.square_asked_about()
    assert lit == scene.view.cell_rect(square) and scene.table.board_area.contains(lit)
    assert not dialog.box.colliderect(lit)


def test_the_weapon_question_names_and_lights_the_robot_the_beam_would_hit() -> None:
    """CB-5.6: "Which weapon fires?" left the player to find whom the main laser's beam
    meets; the question names that robot, in both languages, and lights its square."""
    for language, asked in (("en", "Which weapon fires at {robot}?"),
                            ("de", "Welche Waffe feuert auf {robot}?")):
        services = headless_services((1280, 720), language)
        scene = execution_table(services, register=2)
        target = next(p for p in range(1, 4) if scene.display.sprite_pos(p) is not None)
        square = scene.display.sprite_pos(target)
        assert square is not None
        dialog = DecisionDialog(services, scene, Decision(
            "weapon", 0, ("laser", "pressor_beam", "tractor_beam"), "laser",
            QuestionContext("weapon", target)))
        services.scenes.push(dialog)
        services.scenes.apply_pending()
        frame(services)
        assert dialog.question() == asked.format(robot=scene.controller.robot(target).name)
        lit = dialog.square_asked_about()
        assert lit == scene.view.cell_rect(square) and not dialog.box.colliderect(lit)


def test_radio_controls_question_lights_the_robot_each_answer_names() -> None:
    """CB-6.20: "which robot runs your program?" names robots the player must find on the
    board; the one the pointer (or the keyboard focus) is on is lit, the suggested one
    before that, and the question stays clear of all of them without moving."""
    services = headless_services((1280, 720), "en")
    scene = execution_table(services, register=2)
    seats = [p for p in range(1, 4) if scene.display.sprite_pos(p) is not None][:2]
    assert len(seats) == 2
    names = tuple(scene.controller.robot(p).name for p in seats)
    dialog = DecisionDialog(services, scene, Decision("target", 0, names, names[0]))
    services.scenes.push(dialog)
    services.scenes.apply_pending()
    frame(services)

    def square_of(p: int) -> pygame.Rect:
        at = scene.display.sprite_pos(p)
        assert at is not None
        return scene.view.cell_rect(at)

    placed = dialog.box
    assert dialog.square_asked_about() == square_of(seats[0])
    frame(services, [key(pygame.K_RIGHT)])         # the keyboard's focus to the second
    assert dialog.square_asked_about() == square_of(seats[1])
    frame(services, [key(pygame.K_LEFT)])
    assert dialog.square_asked_about() == square_of(seats[0])
    second = button(dialog, names[1])
    frame(services, [pygame.event.Event(pygame.MOUSEMOTION, pos=second.rect.center,
                                        rel=(0, 0), buttons=(0, 0, 0))])
    assert dialog.square_asked_about() == square_of(seats[1])
    assert dialog.box == placed
    assert not placed.colliderect(square_of(seats[0])) and \
        not placed.colliderect(square_of(seats[1]))
