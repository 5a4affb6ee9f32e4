"""Named RoboRally scenes for screenshots and the monkey test."""

from __future__ import annotations

from typing import Callable

from game.app.scene import Scene
from game.app.services import Services
from game.controllers.roborally import Decision
from game.i18n import N_
from game.roborally.actions import PlaceCard, action_from_dict
from game.scenes.dialogs import RulesOverlay
from game.scenes.menu import MenuScene
from game.scenes.roborally.courses import demo_setup
from game.scenes.roborally.decision import DecisionDialog
from game.scenes.roborally.end import EndScene
from game.scenes.roborally.entry import replay, start
from game.scenes.roborally.replay import ReplayScene
from game.scenes.roborally.replay_jump import jump_to_next_register, turn_starts
from game.scenes.roborally.table import FactoryScene
from game.scenes.roborally.texts import rules_text


def _menu(services: Services) -> list[Scene]:
    return [MenuScene(services)]


def run_until(scene: FactoryScene, done: Callable[[FactoryScene], bool], limit: int = 4000,
              dt: float = 1 / 30) -> None:
    """Advance `scene` headless (no input) until `done(scene)` or `limit` frames; each frame
    waits for a thinking bot's answer, so a demo is the same game every time."""
    scene.thinker.frame_wait_seconds = 60.0
    for _ in range(limit):
        if done(scene):
            return
        scene.update(dt)
        scene.services.scenes.apply_pending()


def _programming(services: Services) -> list[Scene]:
    scene = start(services, demo_setup())
    assert isinstance(scene, FactoryScene)
    scene.autosaving = False     # a screenshot must not overwrite the player's autosave
    stack = _menu(services)
    services.scenes.push(scene)
    services.scenes.apply_pending()
    run_until(scene, lambda s: s.waiting_for is not None or s.programmer is not None)
    # the privacy screen has been passed: Anna sees her hand, two cards placed
    while services.scenes.top is not scene:
        services.scenes.pop()
        services.scenes.apply_pending()
    scene.begin_programming(0)
    hand = scene.controller.hand(0)
    for card in hand[:2]:
        scene.place(card)
    services.scenes.stack.clear()
    return stack + [scene]


def _execution(services: Services, course: str = "ring-road", players: int = 8) -> FactoryScene:
    scene = start(services, demo_setup(course, 0, players, seed=3))
    assert isinstance(scene, FactoryScene)
    scene.autosaving = False
    services.scenes.push(scene)
    services.scenes.apply_pending()

    def firing(s: FactoryScene) -> bool:
        step = s.current
        return step is not None and any(b.targets for b in step.beams) \
            and step.t > step.duration * 0.3
    run_until(scene, firing)
    services.scenes.stack.clear()
    return scene


def _execution_stack(services: Services) -> list[Scene]:
    return _menu(services) + [_execution(services)]


def _end(services: Services) -> list[Scene]:
    scene = start(services, demo_setup("sunday-drive", 0, 4, seed=11))
    assert isinstance(scene, FactoryScene)
    scene.autosaving = False
    scene.services.settings.animation_speed = "instant"
    c = scene.controller
    while not c.is_over() and c.step():
        pass
    scene.skip()
    scene.ended = True
    scene.services.settings.animation_speed = "normal"
    return _menu(services) + [scene, EndScene(services, scene)]


def _rules(services: Services) -> list[Scene]:
    scene = start(services, demo_setup())
    return _menu(services) + [scene, RulesOverlay(services, N_("RoboRally rules"), rules_text)]


def _decision(services: Services) -> list[Scene]:
    scene = start(services, demo_setup())
    assert isinstance(scene, FactoryScene)
    d = Decision("facing", 0, ("N", "E", "S", "W"), "N")
    return _menu(services) + [scene, DecisionDialog(services, scene, d)]


def _bots_game_replay(services: Services) -> ReplayScene:
    """The replay viewer at the start of a bot game on Sunday Drive, played to its end (3
    turns)."""
    game = start(services, demo_setup("sunday-drive", 0, 4, seed=11))
    assert isinstance(game, FactoryScene)
    c = game.controller
    while not c.is_over() and c.step():
        c.pending.clear()
    scene = replay(services, game.saved_game())
    assert isinstance(scene, ReplayScene)
    return scene


def _replay(services: Services) -> list[Scene]:
    """The replay viewer in turn 3 of a finished bot game: a robot's hand and registers on
    the side panel while its program is placed."""
    scene = _bots_game_replay(services)
    log = [action_from_dict(data) for data in scene.actions]
    index = next(i for i, a in enumerate(log) if isinstance(a, PlaceCard)
                 and a.register == 3 and sum(isinstance(b, PlaceCard) for b in log[:i]) > 40)
    scene.bar.seek(index + 1)
    return _menu(services) + [scene]


def _replay_registers(services: Services) -> list[Scene]:
    """The replay viewer in register 2 of turn 2: the cards revealed so far face up, the
    cards still to come shown faded (the replay shows every program)."""
    scene = _bots_game_replay(services)
    scene.bar.seek(turn_starts(scene.actions)[1])
    services.scenes.push(scene)         # the replay animates only while it is on top
    services.scenes.apply_pending()
    for _register in range(2):          # a register starts, then the jump ends it
        jump_to_next_register(scene)
        scene.update(1 / 30)
    jump_to_next_register(scene)        # registers 1 and 2 shown, register 3 waits
    services.scenes.stack.clear()
    return _menu(services) + [scene]


SCREENSHOT_SCENES: dict[str, Callable[[Services], list[Scene]]] = {
    "roborally-programming": _programming,
    "roborally-execution": _execution_stack,
    "roborally-decision": _decision,
    "roborally-end": _end,
    "roborally-rules": _rules,
    "roborally-replay": _replay,
    "roborally-replay-registers": _replay_registers,
}
