"""VOLT's named scenes for screenshots and the monkey test (`--scene volt-...`)."""

from __future__ import annotations

from typing import Any, Callable

from game import paths
from game.app.scene import Scene
from game.app.services import Services
from game.core.types import Direction8, Pos
from game.scenes.dialogs import PrivacyScreen, RulesOverlay
from game.scenes.games import GameSetup, PlayerSetup
from game.scenes.guide_overlay import GuideOverlay
from game.scenes.volt.guide import GAME as GUIDE
from game.scenes.volt.arenas import DEFAULT_ARENA
from game.scenes.volt.entry import replay, start
from game.scenes.table.tween import Step
from game.scenes.volt.replay import VoltReplayScene
from game.scenes.volt.table import VoltArenaScene
from game.scenes.volt.texts import RULES_TITLE, rules_page
from game.volt import events as ev
from game.volt.actions import PlaceDie, PlaceRobot, TakeStartNumber
from game.volt.model import to_absolute


def _setup(players: list[tuple[str, str, str | None]], arena: str = DEFAULT_ARENA,
           seed: int = 7) -> GameSetup:
    return GameSetup("volt", [PlayerSetup(n, c, b) for n, c, b in players], "training",
                     paths.builtin_boards_dir() / "volt" / f"{arena}.yaml", seed=seed)


def _demo(services: Services, setup: GameSetup) -> Scene:
    """A game for screenshots and the monkey test, with a clock that stands still so the
    pictures do not depend on how fast the machine is."""
    scene = start(services, setup)
    if isinstance(scene, VoltArenaScene):
        scene.clock = lambda: 0.0
        scene.first_turn_guide = False   # only the guide's own scene shows it
    return scene


def _settle(scene: VoltArenaScene, until: Callable[[VoltArenaScene], bool],
            limit: int = 20_000) -> None:
    """Run the scene headless (instantly) until `until(scene)` holds; each frame waits for
    a thinking bot's answer, so the demo is the same game every time."""
    factor = scene.services.settings.animation_speed
    scene.services.settings.animation_speed = "instant"
    scene.thinker.frame_wait_seconds = 60.0
    try:
        for _i in range(limit):
            if until(scene):
                return
            scene.update(1 / 60)
            scene.services.scenes.apply_pending()
            top = scene.services.scenes.top
            if isinstance(top, PrivacyScreen):
                top.dismiss()
                scene.services.scenes.apply_pending()
    finally:
        scene.services.settings.animation_speed = factor


def _drive(scene: VoltArenaScene, stop: Callable[[VoltArenaScene], bool],
           program: tuple[tuple[str, int, Direction8], ...] = (
               ("blue", 2, Direction8.N), ("red", 1, Direction8.NE), ("blue", 1, Direction8.E)),
           ) -> None:
    """Play the humans' part with one fixed program (keys seen from their seat), the first
    free start field and the lowest free start number, until `stop(scene)` holds."""
    def step(s: VoltArenaScene) -> bool:
        if stop(s):
            return True
        decision = s.ctrl.decision() if not s.busy() else None
        if decision is None:
            return False
        if decision.kind == "program" and s.programmer is not None:
            p = s.programmer
            side = s.ops[p].side
            for cross, (colour, value, key) in enumerate(program):
                if s.ctrl.state.programs[p][cross] is None:
                    s.submit(PlaceDie(p, cross, colour, value, to_absolute(side, key).value))
            s.lock_in()
        elif decision.kind == "restart":
            fields = [a for a in s.ctrl.legal(decision.player) if isinstance(a, PlaceRobot)]
            s.place_robot(Pos(*fields[0].at))
        elif decision.kind == "number":
            numbers = [a for a in s.ctrl.legal(decision.player)
                       if isinstance(a, TakeStartNumber)]
            s.take_number(numbers[0].number)
        return False
    _settle(scene, step)


def _programming(services: Services) -> list[Scene]:
    """Round 2: Anna (human, South) has put two dice on her controller and holds a red one."""
    scene = _demo(services, _setup([("Anna", "red", None), ("Ben", "blue", "easy"),
                                    ("Clara", "green", "easy")]))
    assert isinstance(scene, VoltArenaScene)
    services.scenes.push(scene)
    services.scenes.apply_pending()
    _drive(scene, lambda s: s.programmer is not None and s.presenter.shown.round >= 2
           and not any(s.ctrl.state.programs[s.programmer]))
    p = scene.programmer
    if p is not None:
        side = scene.ops[p].side
        for action in (PlaceDie(p, 0, "blue", 3, to_absolute(side, Direction8.N).value),
                       PlaceDie(p, 1, "red", 2, to_absolute(side, Direction8.NE).value)):
            scene.submit(action)
        scene.held = "red"
        scene.face = 4
        scene.rebuild()
    services.scenes.stack.clear()
    return [scene]


def _log_drawer(services: Services) -> list[Scene]:
    """Round 3 with four operators: their monitors fill the panel's rows, so Anna has opened
    the log over them (the Log button, L) to read the round before while she programs."""
    scene = _demo(services, _setup([("Anna", "red", None), ("Ben", "blue", "easy"),
                                    ("Clara", "green", "easy"), ("Dan", "yellow", "easy")]))
    assert isinstance(scene, VoltArenaScene)
    services.scenes.push(scene)
    services.scenes.apply_pending()
    _drive(scene, lambda s: s.programmer is not None and s.presenter.shown.round >= 3
           and not any(s.ctrl.state.programs[s.programmer]))
    if scene.layout.program_log is None:      # a tall window has room under the controller
        scene.toggle_log()
    scene.rebuild()
    services.scenes.stack.clear()
    return [scene]


def _guide(services: Services) -> list[Scene]:
    """Round 1: Anna (human, South) programs for the first time and the guide is up."""
    if GUIDE in services.settings.guides_seen:
        services.settings.guides_seen.remove(GUIDE)
    scene = _demo(services, _setup([("Anna", "red", None), ("Ben", "blue", "random")]))
    assert isinstance(scene, VoltArenaScene)
    scene.first_turn_guide = True
    services.scenes.push(scene)
    services.scenes.apply_pending()
    _drive(scene, lambda s: s.programmer is not None)
    services.scenes.apply_pending()
    top = services.scenes.top
    assert isinstance(top, GuideOverlay), "the guide shows on a first round"
    services.scenes.stack.clear()
    return [scene, top]


def _activation(services: Services) -> list[Scene]:
    """A diagonal laser in flight: West fires NE... at the robot on its diagonal."""
    scene = _demo(services, _setup([("Anna", "red", None), ("Ben", "blue", None)],
                                   arena="pit-stop", seed=3))
    assert isinstance(scene, VoltArenaScene)
    services.scenes.push(scene)
    services.scenes.apply_pending()
    ctrl = scene.ctrl
    state = ctrl.state

    # Round 1 by hand: Anna (South) to (2,7), Ben (North) to (5,0); then programs that
    # bring them onto one diagonal and fire along it.
    def diagonal(e: Any) -> bool:
        return isinstance(e, ev.LaserFired) and Direction8(e.direction).is_diagonal

    def drive(s: VoltArenaScene) -> bool:
        if any(diagonal(e) for e in s.ctrl.pending):
            return True
        decision = s.ctrl.decision() if not s.busy() else None
        if decision is None:
            return False
        p = decision.player
        if decision.kind == "restart":
            want = {0: Pos(2, 7), 1: Pos(5, 0)}[p]
            s.place_robot(want)
        elif decision.kind == "number":
            numbers = [a for a in s.ctrl.legal(p) if isinstance(a, TakeStartNumber)]
            s.take_number(numbers[0].number)
            return any(diagonal(e) for e in s.ctrl.pending)
        elif decision.kind == "program":
            if s.programmer != p:
                s.begin_programming(p)
            # Anna: I move N 1 -> (2,6); II fire NE (hits Ben at (5,3)? see Ben); III move W 1
            # Ben:  I move S 3 -> (5,3); II move W 1 -> (4,3)... keep Ben on Anna's diagonal.
            plans = {0: (("blue", 1, "N"), ("red", 2, "NE"), ("blue", 1, "W")),
                     1: (("blue", 3, "S"), ("red", 6, "SW"), ("blue", 1, "E"))}
            for cross, (colour, value, direction) in enumerate(plans[p]):
                if state.programs[p][cross] is None:
                    s.submit(PlaceDie(p, cross, colour, value, direction))
            s.lock_in()
        return any(diagonal(e) for e in s.ctrl.pending)

    _settle(scene, drive, limit=400)
    # play on at normal speed into the middle of the diagonal beam
    speed = services.settings.animation_speed
    services.settings.animation_speed = "normal"
    for _i in range(3000):
        if scene.steps.current is not None and diagonal(scene.steps.current.event):
            scene.steps.current.t = scene.steps.current.duration * 0.5
            break
        scene.update(1 / 30)
    services.settings.animation_speed = speed
    services.scenes.stack.clear()
    return [scene]


def _numbers(services: Services) -> list[Scene]:
    """Two humans have locked in; the faster one takes a start number."""
    scene = _demo(services, _setup([("Anna", "red", None), ("Ben", "blue", None),
                                    ("Clara", "green", "easy")], seed=11))
    assert isinstance(scene, VoltArenaScene)
    services.scenes.push(scene)
    services.scenes.apply_pending()

    def drive(s: VoltArenaScene) -> bool:
        decision = s.ctrl.decision() if not s.busy() else None
        if decision is None:
            return False
        if decision.kind == "number":
            return True
        if decision.kind == "restart":
            fields = [a for a in s.ctrl.legal(decision.player) if isinstance(a, PlaceRobot)]
            s.place_robot(Pos(*fields[0].at))
        elif decision.kind == "program" and s.programmer is not None:
            p = s.programmer
            side = s.ops[p].side
            for cross, (colour, value, key) in enumerate((("blue", 2, Direction8.N),
                                                          ("red", 3, Direction8.NW),
                                                          ("red", 5, Direction8.E))):
                if s.ctrl.state.programs[p][cross] is None:
                    s.submit(PlaceDie(p, cross, colour, value, to_absolute(side, key).value))
            s.program_started -= 14.0 + 9 * p
            s.lock_in()
        return False

    _settle(scene, drive)
    scene.rebuild()
    services.scenes.stack.clear()
    return [scene]


def _win(services: Services) -> list[Scene]:
    """A finished game between three bots and the win screen on top."""
    scene = _demo(services, _setup([("Anna", "red", "easy"), ("Ben", "blue", "easy"),
                                    ("Clara", "green", "easy")], arena="pit-stop", seed=1))
    assert isinstance(scene, VoltArenaScene)
    services.scenes.push(scene)
    services.scenes.apply_pending()
    _settle(scene, lambda s: s.win_shown)
    stack = list(services.scenes.stack)
    services.scenes.stack.clear()
    return stack


def _replay(services: Services) -> list[Scene]:
    """The replay viewer in round 3 of a finished bot game: the activation under way, a
    beam in flight, every program in the list."""
    game = _demo(services, _setup([("Anna", "red", "easy"), ("Ben", "blue", "normal"),
                                   ("Clara", "green", "easy")], arena="pit-stop", seed=1))
    assert isinstance(game, VoltArenaScene)
    game.ctrl.run_bots()
    saved = game.saved_game()
    viewer = replay(services, saved)
    assert isinstance(viewer, VoltReplayScene)
    probe = viewer._fresh_controller()
    reveals = [index for index, data in enumerate(saved.actions)
               if any(isinstance(e, ev.ProgramsRevealed) for e in probe.play_saved(data))]
    services.scenes.push(viewer)
    services.scenes.apply_pending()
    speed = services.settings.animation_speed
    services.settings.animation_speed = "normal"

    def beam_across(anim: Step | None) -> bool:
        return anim is not None and isinstance(anim.event, ev.LaserFired) \
            and (anim.event.hit is not None or len(anim.event.path) >= 3)

    for reveal in reveals[1:] + reveals[:1]:
        viewer.bar.seek(reveal)
        viewer.bar.forward()
        for _i in range(2000):
            if beam_across(viewer.steps.current) or not viewer.busy():
                break
            viewer.update(1 / 30)
        if beam_across(viewer.steps.current):
            assert viewer.steps.current is not None
            viewer.steps.current.t = viewer.steps.current.duration * 0.45
            break
    services.settings.animation_speed = speed
    services.scenes.stack.clear()
    return [viewer]


def _rules(services: Services) -> list[Scene]:
    scene = _demo(services, _setup([("Anna", "red", None), ("Ben", "blue", "normal")]))
    return [scene, RulesOverlay(services, RULES_TITLE, rules_page)]


SCREENSHOT_SCENES: dict[str, Callable[[Services], list[Scene]]] = {
    "volt-programming": _programming,
    "volt-log-drawer": _log_drawer,
    "volt-guide": _guide,
    "volt-activation": _activation,
    "volt-numbers": _numbers,
    "volt-win": _win,
    "volt-replay": _replay,
    "volt-rules": _rules,
}
