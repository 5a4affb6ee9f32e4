"""Driving the RoboRally table headless, like a player: new games, programs by clicks,
whole games played by the scene, and the replay viewer of a game."""

from __future__ import annotations

import pygame

from game import paths
from game.controllers.roborally import RoboRallyController
from game.scenes.dialogs import PrivacyScreen
from game.scenes.games import GameSetup, PlayerSetup
from game.scenes.roborally.courses import demo_setup
from game.scenes.roborally.decision import DecisionDialog
from game.scenes.roborally.demo_tables import hold_options
from game.scenes.roborally.display import FactoryDisplay
from game.scenes.roborally.end import EndScene
from game.scenes.roborally.presenter import RoboRallyPresenter
from game.scenes.roborally.entry import replay, start
from game.scenes.roborally.replay import ReplayScene
from game.scenes.roborally.table import FactoryScene
from game.scenes.table.tween import StepPlayer
from tests.ui.helpers import click, frame, headless_services


def narrated(events: list, robots: int, programs: dict[int, list] | None = None
             ) -> FactoryDisplay:
    """A table's display that has narrated `events` (an engine's, of `robots` robots), as
    the replay does when it knows each robot's turn-1 program in `programs` beforehand."""
    _services, scene = new_game(humans=0, bots=robots)
    display = FactoryDisplay(scene.controller)
    if programs:
        display.cards_turn = 1
        for robot, program in programs.items():
            display.locked_in(robot, 1, program)
    source = scene.controller
    source.drain()                      # the game's own first events are not these
    source.pending.extend(events)
    StepPlayer(RoboRallyPresenter(display, lambda: 0.0)).snap(source)
    return display


def drag(a: tuple[int, int], b: tuple[int, int]) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1),
            pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(1, 1), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)]


def new_game(speed: str = "instant", seed: int = 5, course: str = "sunday-drive",
              humans: int = 2, bots: int = 2) -> tuple[object, FactoryScene]:
    services = headless_services()
    services.settings.animation_speed = speed
    scene = start(services, demo_setup(course, humans=humans, bots=bots, seed=seed))
    assert isinstance(scene, FactoryScene)
    services.scenes.push(scene)
    services.scenes.apply_pending()
    return services, scene


def program_by_clicks(services, scene: FactoryScene, turn: int) -> None:
    """Fill the registers the way a player would: a drag, clicks, a take-back, then Confirm."""
    p = scene.controller.seats.index(scene.controller.seats[scene.programmer])
    regs = scene.register_rects()
    held = [rect for rect, card in scene.hand_slots() if card is not None]
    if turn == 1 and held and scene.controller.registers(p)[2] == 0:
        frame(services, drag(held[0].center, regs[2].center))       # into register 3
        assert scene.controller.registers(p)[2] != 0
        frame(services, click(regs[2].center))                          # and back out
        assert scene.controller.registers(p)[2] == 0
    for _ in range(12):
        if scene.controller.can_lock_in(p):
            break
        rect = [rect for rect, card in scene.hand_slots() if card is not None][-1]
        frame(services, click(rect.center))
    assert scene.confirm_button.enabled
    frame(services, click(scene.confirm_button.rect.center))


def programming_scene(options: list[str], language: str = "en") -> tuple[object, FactoryScene]:
    services = headless_services(language=language)
    services.settings.animation_speed = "instant"
    scene = start(services, demo_setup("sunday-drive", humans=1, bots=1, variant="options",
                                       seed=4))
    assert isinstance(scene, FactoryScene)
    hold_options(scene.controller.state.robots[0], options)
    services.scenes.push(scene)
    services.scenes.apply_pending()
    until_the_human_programs(services, scene)
    return services, scene


def options_game(size: tuple[int, int], humans: int, bots: int, held: dict[int, list[str]],
                 timer: bool = False, language: str = "en") -> tuple[object, FactoryScene]:
    """A game on Sunday Drive with option cards, humans first (Anna, Ben, ...), each robot
    holding `held`'s cards, on screen before anything is dealt."""
    services = headless_services(size, language)
    services.settings.animation_speed = "instant"
    base = demo_setup("sunday-drive", humans=humans, bots=bots, variant="options", seed=4)
    scene = start(services, GameSetup(base.game, base.players, base.variant, base.board,
                                      base.seed, {"timer": timer}))
    assert isinstance(scene, FactoryScene)
    for p, options in held.items():
        hold_options(scene.controller.state.robots[p], options)
    services.scenes.push(scene)
    services.scenes.apply_pending()
    return services, scene


def options_table(size: tuple[int, int], robots: int, held: dict[int, list[str]],
                  timer: bool = False, language: str = "en") -> tuple[object, FactoryScene]:
    """Anna (a human) against bots on Sunday Drive with option cards, each robot holding
    `held`'s cards, at Anna's programming screen."""
    services, scene = options_game(size, 1, robots - 1, held, timer, language)
    until_the_human_programs(services, scene)
    return services, scene


def bots_named(names: tuple[str, ...], size: tuple[int, int] = (1280, 720)
               ) -> tuple[object, FactoryScene]:
    """Normal bots of these names on Sunday Drive, on screen before anything is drawn."""
    services = headless_services(size)
    setup = GameSetup("roborally", [PlayerSetup(name, colour, "normal") for name, colour
                                    in zip(names, ("red", "blue", "green", "yellow"))],
                      "standard", paths.builtin_boards_dir() / "roborally" / "sunday-drive.yaml",
                      seed=3)
    scene = start(services, setup)
    assert isinstance(scene, FactoryScene)
    services.scenes.push(scene)
    services.scenes.apply_pending()
    return services, scene


def the_question(services, kind: str, frames: int = 200) -> DecisionDialog:
    """Frames until a question is up; it must be of `kind`."""
    for _ in range(frames):
        if isinstance(services.scenes.top, DecisionDialog):
            break
        frame(services, dt=0.1)
    dialog = services.scenes.top
    assert isinstance(dialog, DecisionDialog) and dialog.decision.kind == kind, dialog
    return dialog


def until_the_human_programs(services, scene: FactoryScene) -> None:
    """Frames until seat 0, the one human, programs (the bot locks in meanwhile)."""
    for _ in range(50):
        if scene.programmer is not None:
            break
        frame(services, dt=0.1)
    assert scene.programmer == 0          # one human: no privacy screen is needed


def button(scene, text: str):
    return next(b for b in scene.ui.widgets
                if getattr(b, "current_text", lambda: None)() == text)


def play(services, scene: FactoryScene, done, limit: int = 3000) -> None:
    """Play by clicks (privacy screens, programs, decisions) until `done()`."""
    turn = 1
    for _ in range(limit):
        if done():
            return
        top = services.scenes.top
        if isinstance(top, PrivacyScreen):
            frame(services, click((640, 360)))
        elif isinstance(top, DecisionDialog):
            frame(services, click(top.ui.default.rect.center))
        elif top is scene and scene.programmer is not None:
            program_by_clicks(services, scene, turn)
            turn += 1
        else:
            frame(services, dt=0.1)
    raise AssertionError("the game never got there")


def programming_in_turn(services, scene: FactoryScene, turn: int) -> None:
    """Play until a human programs in `turn` with two cards placed (a position mid-turn)."""
    play(services, scene, lambda: scene.controller.turn >= turn
          and services.scenes.top is scene and scene.programmer is not None)
    p = scene.programmer
    for card in scene.controller.hand(p)[:2]:
        scene.place(card)


def finished_game(seed: int = 11) -> tuple[object, FactoryScene]:
    """A bots-only game played to the end by the scene itself (the autosave is written)."""
    services = headless_services()
    services.settings.animation_speed = "instant"
    scene = start(services, demo_setup("sunday-drive", humans=0, bots=4, seed=seed))
    assert isinstance(scene, FactoryScene)
    services.scenes.push(scene)
    services.scenes.apply_pending()
    play(services, scene, lambda: isinstance(services.scenes.top, EndScene))
    return services, scene


def state_after(scene: FactoryScene, count: int) -> dict:
    """The engine state after the first `count` actions of the scene's game."""
    c = scene.controller
    fresh = RoboRallyController(c.board, c.seats, c.seed, option_cards=c.option_cards)
    fresh.restore(c.saved_actions()[:count])
    return fresh.state.to_dict()


def open_replay(scene: FactoryScene, services=None) -> tuple[object, ReplayScene]:
    services = services or headless_services()
    services.settings.animation_speed = "instant"
    viewer = replay(services, scene.saved_game())
    assert isinstance(viewer, ReplayScene)
    services.scenes.reset(viewer)
    services.scenes.apply_pending()
    return services, viewer


def two_humans() -> tuple[object, FactoryScene]:
    """Anna and Ben at one screen on Sunday Drive, robots animated fast."""
    services = headless_services()
    services.settings.animation_speed = "fast"
    scene = start(services, demo_setup("sunday-drive", humans=2, bots=0, seed=6))
    assert isinstance(scene, FactoryScene)
    scene.autosaving = False
    services.scenes.push(scene)
    services.scenes.apply_pending()
    return services, scene


def program_both(services, scene: FactoryScene) -> None:
    """Each player passes the privacy screen, clicks five cards and confirms."""
    c = scene.controller
    for _ in range(2):
        for _ in range(100):
            if isinstance(services.scenes.top, PrivacyScreen):
                break
            frame(services, dt=0.1)
        frame(services, click((5, 5)))
        p = scene.programmer
        assert p is not None
        for rect, _card in scene.hand_slots()[:5]:
            frame(services, click(rect.center))
        assert c.can_lock_in(p)
        frame(services, click(scene.confirm_button.rect.center))


def two_humans_at_the_turns_result() -> tuple[object, FactoryScene]:
    """`two_humans` after their first turn, while its result is shown (the result hold)."""
    services, scene = two_humans()
    program_both(services, scene)
    for _ in range(2000):               # the turn plays out
        if scene.result_hold.active:
            break
        frame(services, dt=0.05)
    return services, scene
