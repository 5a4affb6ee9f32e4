"""RoboRally tables set up for screenshots, the README and tests: programming and execution
with 2, 4 and 8 robots, reached by playing the game headless (never by editing its state)."""

from __future__ import annotations

from typing import Callable, Iterable

from game.app.scene import Scene
from game.app.services import Services
from game.controllers.roborally import Decision, RoboRallyController
from game.roborally.options import gain_option
from game.roborally.robot import Robot
from game.scenes.guide_overlay import GuideOverlay
from game.scenes.menu import MenuScene
from game.scenes.roborally.courses import demo_setup
from game.scenes.roborally.decision import DecisionDialog
from game.scenes.roborally.demos import run_until
from game.scenes.roborally.guide import GAME as GUIDE_GAME, REGISTERS_GAME as REGISTERS_GUIDE
from game.scenes.roborally.entry import start
from game.scenes.roborally.table import FactoryScene


OPTION_HANDS = (("conditional_program", "flywheel", "recompile"),
                ("shield", "turret", "abort_switch"),
                ("gyroscopic_stabilizer", "mini_howitzer", "fire_control"),
                ("brakes", "radio_control", "ablative_coat"))
"""Crash & Burn option cards for the options demos (and the monkey test), three a robot, the
most it may hold (CB-5.2): the ones that ask questions in the register phases and add
buttons to the programming screen."""


def deal_option_hands(controller: RoboRallyController) -> None:
    """Each robot holds its OPTION_HANDS (a game of the options variant, before its first
    card is played; see `_open`)."""
    for robot, hand in zip(controller.state.robots, OPTION_HANDS):
        hold_options(robot, hand)


def hold_options(robot: Robot, options: Iterable[str]) -> None:
    """`robot` holds `options` and no others, each with what comes with it from the deck
    (CB-6.18: the Mini Howitzer's five tokens)."""
    robot.options = []
    for option in options:
        gain_option(robot, option)


def _open(services: Services, course: str, humans: int, bots: int, seed: int,
          options: bool = False) -> FactoryScene:
    """The game started; `options`: with Crash & Burn's option cards, each robot handed its
    OPTION_HANDS before the first card is played. That is the one thing a demo sets rather
    than plays: option cards come only from a double wrench at a turn's end (CB-5.1), which
    a demo game seldom reaches (one robot in fifteen bot games on the long courses)."""
    variant = "options" if options else "standard"
    scene = start(services, demo_setup(course, humans, bots, variant, seed))
    assert isinstance(scene, FactoryScene), f"{course} does not start"
    scene.autosaving = False     # a demo must not overwrite the player's autosave
    if options:
        deal_option_hands(scene.controller)
    services.scenes.push(scene)
    services.scenes.apply_pending()
    return scene


def _pass_overlays(services: Services, scene: FactoryScene) -> None:
    while services.scenes.top is not scene:
        services.scenes.pop()
        services.scenes.apply_pending()


def programming_table(services: Services, course: str = "oil-and-ember", humans: int = 4,
                      bots: int = 0, *, seed: int = 4, turn: int = 2,
                      placed: int = 2, options: bool = False) -> FactoryScene:
    """The programming screen of `turn` with the first human's hand on it and `placed` cards
    in the registers; earlier turns are programmed by the machine for the humans (random
    cards, as the timer does) and every question gets its default answer; those turns bring
    no guide. `options`: each robot holds option cards (`_open`)."""
    scene = _open(services, course, humans, bots, seed, options)
    scene.first_turn_guide = False     # until the screen it is asked for
    c = scene.controller
    decision = _machine_plays_until(services, scene,
                                    lambda d: d.kind == "program" and c.turn >= turn,
                                    f"{course}: turn {turn} was never programmed")
    _pass_overlays(services, scene)
    scene.first_turn_guide = True
    scene.begin_programming(decision.player)
    for card in c.hand(decision.player)[:placed]:
        scene.place(card)
    return scene


def _machine_plays_until(services: Services, scene: FactoryScene,
                         wanted: Callable[[Decision], bool], never: str) -> Decision:
    """Play on headless until a player is asked a decision `wanted` accepts, and return it
    (its privacy screen or dialog still up): the bots decide, the players' programs are
    written by the machine (random cards, as the timer does) and every other question gets
    its default answer. `never`: the error when the game ends first."""
    c = scene.controller
    for _ in range(400):
        run_until(scene, lambda s: s.waiting_for is not None or s.programmer is not None)
        decision = c.decision()
        if decision is None:
            break
        if wanted(decision):
            return decision
        _pass_overlays(services, scene)
        if decision.kind == "program":
            c.auto_fill(decision.player)        # which locks the program in
        else:
            c.answer(decision.player, decision.kind, decision.default)
        scene.waiting_for, scene.programmer = None, None
    raise RuntimeError(never)


def execution_table(services: Services, course: str = "oil-and-ember", players: int = 4,
                    *, seed: int = 3, register: int = 2) -> FactoryScene:
    """Bots only, caught in `register` while a laser hits (or at its end)."""
    scene = _open(services, course, 0, players, seed)

    def firing(s: FactoryScene) -> bool:
        step = s.current
        return s.display.register >= register and step is not None \
            and any(b.targets for b in step.beams) and step.t > step.duration * 0.3
    run_until(scene, firing)
    return scene


def option_question_table(services: Services, kinds: tuple[str, ...] = ("discard",),
                          course: str = "oil-and-ember", seed: int = 4) -> list[Scene]:
    """Two players and two bots with option cards (`_open`), the humans' programs written
    by the machine (random cards, as the timer does), every other question given its default
    answer: the table at the first question of one of `kinds` asked of a player, the dialog
    up."""
    services.settings.guides_seen[:] = [GUIDE_GAME, REGISTERS_GUIDE]
    scene = _open(services, course, 2, 2, seed, options=True)
    _machine_plays_until(services, scene, lambda d: d.kind in kinds,
                         f"{course}: no question of {kinds} was asked of a player")
    run_until(scene, lambda s: isinstance(services.scenes.top, DecisionDialog))
    dialog = services.scenes.top
    assert isinstance(dialog, DecisionDialog)
    services.scenes.stack.clear()
    return [MenuScene(services), scene, dialog]


def _stack(build: Callable[[Services], FactoryScene]) -> Callable[[Services], list[Scene]]:
    def factory(services: Services) -> list[Scene]:
        scene = build(services)
        services.scenes.stack.clear()
        return [MenuScene(services), scene]
    return factory


def _guide(services: Services) -> list[Scene]:
    services.settings.guides_seen.clear()
    scene = programming_table(services, "oil-and-ember", 4, 0, turn=1, placed=0)
    services.scenes.apply_pending()
    guide = services.scenes.top
    assert guide is not None and guide is not scene, "the guide shows on a first turn"
    services.scenes.stack.clear()
    return [MenuScene(services), scene, guide]


def _register_guide(services: Services) -> list[Scene]:
    """Anna's first program confirmed against a bot: the register phases' guide over the
    first cards revealed."""
    services.settings.guides_seen[:] = ["roborally"]
    scene = programming_table(services, "sunday-drive", 1, 1, seed=5, turn=1, placed=5)
    scene.confirm()
    run_until(scene, lambda s: isinstance(services.scenes.top, GuideOverlay))
    guide = services.scenes.top
    assert isinstance(guide, GuideOverlay), "the guide shows at the first register"
    services.scenes.stack.clear()
    return [MenuScene(services), scene, guide]


SCREENSHOT_SCENES: dict[str, Callable[[Services], list[Scene]]] = {
    "roborally-programming-2": _stack(lambda s: programming_table(s, "sunday-drive", 2, 0)),
    "roborally-programming-4": _stack(lambda s: programming_table(s, "oil-and-ember", 4, 0)),
    "roborally-programming-8": _stack(lambda s: programming_table(s, "ring-road", 4, 4)),
    "roborally-programming-wide": _stack(lambda s: programming_table(s, "warp-drive", 4, 0)),
    "roborally-guide": _guide,
    "roborally-register-guide": _register_guide,
    "roborally-options": _stack(lambda s: programming_table(s, "oil-and-ember", 2, 2,
                                                            placed=0, options=True)),
    "roborally-options-question": option_question_table,
    "roborally-execution-2": _stack(lambda s: execution_table(s, "sunday-drive", 2)),
    "roborally-execution-4": _stack(lambda s: execution_table(s, "oil-and-ember", 4)),
    "roborally-execution-8": _stack(lambda s: execution_table(s, "ring-road", 8)),
}
