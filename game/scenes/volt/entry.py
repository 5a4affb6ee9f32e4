"""VOLT's entry points: start a game from the setup screen, resume a save, open a replay."""

from __future__ import annotations

from typing import Any

from game.app.scene import Scene
from game.app.services import Services
from game.controllers.volt import Operator, VoltController, seat_sides
from game.data.errors import DataError
from game.i18n import N_, _
from game.scenes.dialogs import MessageScene
from game.scenes.games import GameSetup, saved_players
from game.scenes.volt.arenas import arena_path, saved_arena
from game.scenes.volt.replay import VoltReplayScene
from game.scenes.volt.table import VoltArenaScene
from game.volt import events as ev
from game.volt.data import load_arena


def resume(services: Services, saved: Any) -> Scene:
    """Rebuild a saved game (a `game.saves.SavedGame`) where it was saved.

    Raises:
        ValueError / IllegalActionError / KeyError / TypeError: the save does not replay."""
    scene, history = _restored(services, saved)
    scene.resumed_clock = saved.clock
    # told at once, unanimated, as skipping does: the log panel shows the game so far
    scene.ctrl.pending.extend(history)
    scene.skip()
    scene.autosaved = (scene.ctrl.state.round, scene.ctrl.is_over())
    return scene


def _restored(services: Services, saved: Any) -> tuple[VoltArenaScene, list[ev.Event]]:
    """The saved game's table with the whole log replayed through the rules core (which
    checks it), and the events it told, not yet shown."""
    data = dict(saved.setup)
    players = saved_players(data["players"])
    board = saved_arena(data)
    setup = GameSetup("volt", players, str(data.get("variant") or "training"), board,
                      int(data["seed"]), dict(data.get("options") or {}))
    scene = start(services, setup)
    if not isinstance(scene, VoltArenaScene):
        raise ValueError(f"the arena {data.get('arena')!r} cannot be played")
    return scene, scene.ctrl.restore(list(saved.actions))


def replay(services: Services, saved: Any) -> Scene:
    """The replay viewer for a saved game (a `game.saves.SavedGame`), at its start. The
    whole log is checked first, so a save that does not replay is refused here with the
    reason (game.scenes.saves_hook.open_save shows it) rather than halfway through.

    Raises:
        ValueError / IllegalActionError / KeyError / TypeError: the save does not replay."""
    # the whole log replayed: the check; the viewer tells the game from its start itself
    game, _history = _restored(services, saved)
    return VoltReplayScene(services, game.setup, game.ctrl, saved,
                           ask_first=not saved.finished)


def start(services: Services, setup: GameSetup) -> Scene:
    """The setup screen's entry point: load the arena, seat the operators, begin."""
    path = arena_path(setup)
    try:
        arena = load_arena(path)
    except DataError as exc:
        problem = str(exc.problems[0]) if exc.problems else str(exc)
        return MessageScene(services, N_("VOLT"), lambda: _(
            "This arena cannot be played: {problem}").format(problem=problem))
    try:
        sides = seat_sides(arena, len(setup.players))
    except ValueError:
        return MessageScene(services, N_("VOLT"), lambda: _(
            "This arena has no start fields for {n} operators.").format(n=len(setup.players)))
    operators = [Operator(p.name, p.colour, side, p.bot_level)
                 for p, side in zip(setup.players, sides)]
    rules = setup.options.get("rules") if isinstance(setup.options.get("rules"), dict) else None
    controller = VoltController(arena, operators, setup.seed, rules)
    return VoltArenaScene(services, setup, controller)
