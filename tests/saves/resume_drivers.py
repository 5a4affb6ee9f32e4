"""Every game and variant driven without a screen, for the resume property test: a new game
from a seed, one step at a time (a human's choice comes from a generator the test owns, so
both runs make the same ones), the save as the scenes write it, and the game rebuilt from
that save as the scenes rebuild it."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

from game.controllers.robotmaster import RobotMasterController, Seat as RobotMasterSeat
from game.controllers.roborally import RoboRallyController, Seat as RoboRallySeat
from game.controllers.volt import Operator, VoltController, seat_sides
from game.data.files import load_any
from game.paths import builtin_boards_dir
from game.roborally.model import Course
from game.saves import SavedGame
from game.scenes.robotmaster.match_setup import controller_from_save
from game.volt.actions import LockIn, PlaceDie
from game.volt.data import load_arena

COURSE = builtin_boards_dir() / "roborally" / "belt-buckle.yaml"
ARENA = builtin_boards_dir() / "volt" / "pit-stop.yaml"
COLOURS = ("red", "blue", "green", "yellow")


@dataclass(frozen=True)
class Variant:
    """One game and variant: how to start it, take one step, save it and rebuild it."""

    name: str
    game: str
    new: Callable[[int, dict[str, Any]], Any]
    act: Callable[[Any, random.Random], bool]
    setup: Callable[[Any, int, dict[str, Any]], dict[str, Any]]
    load: Callable[[SavedGame, dict[str, Any]], Any]
    state: Callable[[Any], Any]
    steps: int
    """Steps (one action or one automatic decision each) a test game runs: a few turns."""
    options: tuple[dict[str, Any], ...] = ({},)
    """The setup options worth varying (RoboRally's timer, VOLT's rule options)."""

    def saved(self, controller: Any, seed: int, options: dict[str, Any]) -> SavedGame:
        return SavedGame(self.game, self.setup(controller, seed, options),
                         controller.saved_actions())


def _players(seats: list[Any]) -> list[dict[str, Any]]:
    return [{"name": s.name, "colour": s.colour, "bot_level": s.bot} for s in seats]


def _stepping(decide: Callable[[Any, Any, random.Random], None]
              ) -> Callable[[Any, random.Random], bool]:
    """One step of a RoboRally or VOLT game: chance or a bot acts, else the human due
    decides with `decide`. False when nobody can act (the game is over)."""
    def act(c: Any, human: random.Random) -> bool:
        if c.step():
            return True
        decision = c.decision()
        if decision is None:
            return False
        decide(c, decision, human)
        return True
    return act


def _restored(new: Callable[[int, dict[str, Any]], Any]) -> Callable[[SavedGame, Any], Any]:
    """Rebuild a RoboRally or VOLT game from a save, as the game's scene does."""
    def load(saved: SavedGame, options: dict[str, Any]) -> Any:
        controller = new(int(saved.setup["seed"]), dict(saved.setup["options"]))
        controller.restore(list(saved.actions))
        return controller
    return load


# -- Robot Master ----------------------------------------------------------------------------

def _robot_master(variant: str, bots: tuple[str | None, ...]) -> Variant:
    def new(seed: int, options: dict[str, Any]) -> RobotMasterController:
        seats = [RobotMasterSeat(f"P{i}", COLOURS[i], bot) for i, bot in enumerate(bots)]
        return RobotMasterController(variant, seats, seed)

    def act(c: RobotMasterController, human: random.Random) -> bool:
        if c.is_over():
            return False
        if c.decision() is None:
            return c.step()
        c.propose(human.choice(c.legal()))
        c.confirm()
        return True

    def load(saved: SavedGame, options: dict[str, Any]) -> RobotMasterController:
        controller, game_index, score = controller_from_save(saved)
        controller.restore(game_index, score, list(saved.actions))
        return controller

    return Variant(f"robot-master/{variant}", "robot-master", new, act,
                   lambda c, seed, options: c.setup_data(), load,
                   lambda c: c.state.to_dict(), 40)


# -- RoboRally -------------------------------------------------------------------------------

_BOARD: list[Any] = []
_BOT_MAPS: dict[str, Any] = {}


def _course() -> Any:
    if not _BOARD:
        _fmt, model = load_any(COURSE)
        _BOARD.append(model.board if isinstance(model, Course) else model)
    return _BOARD[0]


def _roborally(variant: str) -> Variant:
    seats = [RoboRallySeat("Anna", "red"), RoboRallySeat("Ben", "blue", "easy")]

    def new(seed: int, options: dict[str, Any]) -> RoboRallyController:
        controller = RoboRallyController(
            _course(), seats, seed, option_cards=variant == "options",
            timer=bool(options.get("timer")), bot_maps=_BOT_MAPS.get("maps"))
        _BOT_MAPS["maps"] = controller.bot_maps   # most of a new controller's time otherwise
        return controller

    def decide(c: RoboRallyController, decision: Any, human: random.Random) -> None:
        if decision.kind != "program":
            c.answer(decision.player, decision.kind, human.choice(decision.choices))
        elif c.timer_running() and human.random() < 0.5:
            c.auto_fill(decision.player)      # RR-5.7: the time ran out
        elif c.can_lock_in(decision.player):
            c.lock_in(decision.player, human.random() < 0.1)
        else:
            register = 1 + c.registers(decision.player).index(0)
            c.place(decision.player, register, human.choice(c.hand(decision.player)))

    def setup(c: RoboRallyController, seed: int, options: dict[str, Any]) -> dict[str, Any]:
        return {"players": _players(seats), "variant": variant, "board": str(COURSE),
                "course": COURSE.stem, "seed": seed, "options": dict(options)}

    return Variant(f"roborally/{variant}", "roborally", new, _stepping(decide), setup,
                   _restored(new),
                   lambda c: c.state.to_dict(), 20, ({}, {"timer": True}))


# -- VOLT ------------------------------------------------------------------------------------

_ARENA: list[Any] = []


def _arena() -> Any:
    if not _ARENA:
        _ARENA.append(load_arena(ARENA))
    return _ARENA[0]


def _volt(bots: tuple[str | None, ...]) -> Variant:
    def operators() -> list[Operator]:
        sides = seat_sides(_arena(), len(bots))
        return [Operator(f"P{i}", COLOURS[i], sides[i], bot) for i, bot in enumerate(bots)]

    def new(seed: int, options: dict[str, Any]) -> VoltController:
        return VoltController(_arena(), operators(), seed, options.get("rules"))

    def decide(c: VoltController, decision: Any, human: random.Random) -> None:
        legal = c.legal(decision.player)
        places = [a for a in legal if isinstance(a, PlaceDie)]
        if decision.kind == "program" and not places:
            c.submit(LockIn(decision.player, human.randint(1_000, 90_000)))
        elif places:
            c.submit(human.choice(places))
        else:
            c.submit(human.choice(legal))

    def setup(c: VoltController, seed: int, options: dict[str, Any]) -> dict[str, Any]:
        return {"players": _players(c.operators), "variant": "training",
                "board": str(ARENA), "arena": ARENA.stem, "seed": seed,
                "options": dict(options)}

    return Variant("volt/training", "volt", new, _stepping(decide), setup, _restored(new),
                   lambda c: c.state.to_dict(), 40,
                   ({}, {"rules": {"VT_HOTSEAT_RANDOM_NUMBERS": True}}))


VARIANTS = (
    _robot_master("standard", (None, "easy")),
    _robot_master("five_card", (None, "easy")),
    _robot_master("teams", (None, "easy", "normal", "easy")),
    _robot_master("solo", (None,)),
    _roborally("standard"),
    _roborally("options"),
    _volt((None, "random", "random")),
)
"""Every game and variant the setup screen offers, each with humans and bots."""
VOLT_GREEDY = _volt((None, "greedy"))
ROBOT_MASTER_STRONG = _robot_master("five_card", (None, "strong"))
"""The strongest bots (a VOLT plan or a Robot Master search takes a quarter to half a
second): too slow for hundreds of examples, so they have tests of their own."""
