"""RoboRally's display copy: what the table shows now, written by the presenter from the
engine's events (never from the rules) and read by the painting. The live table and the
replay viewer each own one through their presenter; the replay keeps copies of it to seek."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from game.controllers.roborally import RoboRallyController, RobotView
from game.core.types import Pos
from game.scenes.roborally.steps import LogLine, Sprite
from game.scenes.roborally.texts import DIR_ANGLE, LOG_LIMIT


@dataclass(frozen=True)
class ShownPosition:
    """The narration state of a display between two actions, kept for the replay's seeks
    (the robots are snapped to the controller again, so they are not kept)."""

    log: tuple[LogLine, ...]
    turn: int
    register: int
    phase: str
    reveals: tuple[tuple[int, str, int], ...]
    acting: int | None
    event_phase: str
    turn_cards: tuple[tuple[tuple[int, int], tuple[str, int]], ...]
    cards_turn: int
    programmed: tuple[tuple[tuple[int, int], tuple[str, int]], ...]
    programmed_turn: int
    controlled: tuple[tuple[int, int], ...]


class FactoryDisplay:
    """The robots as drawn (`sprites`, `robots`), the turn, register and phase on screen, the
    cards revealed for the register and the turn, the robot acting, and the game log."""

    def __init__(self, controller: RoboRallyController, *, log_limit: int | None = LOG_LIMIT,
                 on_line: Callable[[], None] | None = None) -> None:
        self.sprites: list[Sprite] = []
        self.robots: list[RobotView] = []
        self.turn = controller.turn   # the turn on screen (the state may be ahead of it)
        self.register = 0
        self.phase = ""
        self.reveals: list[tuple[int, str, int]] = []
        self.turn_cards: dict[tuple[int, int], tuple[str, int]] = {}
        """The cards revealed so far in turn `cards_turn`, by (robot, register): face up on
        the table until the next turn's first register (RR-6.2), so they stay in view while
        the next programs are written."""
        self.cards_turn = 0
        self.programmed: dict[tuple[int, int], tuple[str, int]] = {}
        """The programs of turn `programmed_turn` as they were locked in, by (robot,
        register): known to the replay only, which shows every program; a robot's cards
        still to come are dropped once a card revealed differs (an option changed them)."""
        self.programmed_turn = 0
        self.controlled: dict[int, int] = {}
        """Robots under a Radio Control in turn `programmed_turn` (CB-6.20), by the robot
        whose program they run."""
        self.acting: int | None = None
        self.event_phase = ""
        """The phase of the last event shown (its log lines belong to no register at the
        end of the turn and while programming)."""
        self.log: list[LogLine] = []
        self.log_limit = log_limit
        """How many lines the log keeps (None: all, for the exported log)."""
        self.on_line = on_line
        """Told when a line is said (the table scrolls its log panel back to the newest)."""
        self.version = 0
        """Counts changes to what is shown, so the painting knows when to paint again."""
        self.snap(controller)

    def snap(self, controller: RoboRallyController) -> None:
        """Every robot where the state says (after an animation, or when skipping)."""
        self.robots = controller.robots()
        self.turn = controller.turn
        self.sprites = [Sprite(r.pos.x, r.pos.y, DIR_ANGLE[r.facing.value]) if r.pos is not None
                        else Sprite(0, 0, DIR_ANGLE[r.facing.value], visible=False)
                        for r in self.robots]
        self.version += 1

    def sprite_pos(self, robot: int) -> Pos | None:
        """The square robot `robot` is drawn on now, if it is drawn."""
        sp = self.sprites[robot]
        return Pos(round(sp.x), round(sp.y)) if sp.visible else None

    def last_line(self, key: tuple[Any, ...]) -> LogLine | None:
        """The last log line if it was said with `key` (a line a later event may add to),
        else None."""
        return self.log[-1] if self.log and self.log[-1].key == key else None

    def say(self, message: str, translate: tuple[str, ...] = (),
            key: tuple[Any, ...] | None = None, **values: Any) -> None:
        """A log line; a line with the same `key` as the last one updates it instead."""
        last = self.last_line(key) if key is not None else None
        if last is not None:
            last.values.update(values)
        else:
            register = 0 if self.event_phase in ("end of turn", "program") else self.register
            self.log.append(LogLine(message, values, translate, key, self.turn, register))
            if self.log_limit is not None and len(self.log) > self.log_limit:
                del self.log[: len(self.log) - self.log_limit]
        if self.on_line is not None:
            self.on_line()
        self.version += 1

    def restart(self, controller: RoboRallyController) -> None:
        """Show a game from its start: nothing said yet, no register on."""
        self.log = []
        self.register, self.phase, self.reveals, self.acting = 0, "", [], None
        self.turn_cards, self.cards_turn = {}, 0
        self.programmed, self.programmed_turn, self.controlled = {}, 0, {}
        self.event_phase = ""
        self.snap(controller)

    def keep(self) -> ShownPosition:
        """A copy of the narration state now, between two actions. The log lines are shared
        with the live log, except the last one, the only one a later line may still change
        (a move merged into it, its move number)."""
        log = list(self.log)
        if log:
            log[-1] = log[-1].copy()
        return ShownPosition(tuple(log), self.turn, self.register, self.phase, tuple(self.reveals),
                             self.acting, self.event_phase, tuple(self.turn_cards.items()),
                             self.cards_turn, tuple(self.programmed.items()),
                             self.programmed_turn, tuple(self.controlled.items()))

    def go_to(self, position: ShownPosition, controller: RoboRallyController) -> None:
        """Show a kept position again (on `controller`, restored to it); it stays usable."""
        self.log = list(position.log)
        if self.log:
            self.log[-1] = self.log[-1].copy()
        self.snap(controller)
        self.turn, self.register, self.phase = position.turn, position.register, position.phase
        self.reveals, self.acting = list(position.reveals), position.acting
        self.event_phase = position.event_phase
        self.turn_cards, self.cards_turn = dict(position.turn_cards), position.cards_turn
        self.programmed = dict(position.programmed)
        self.programmed_turn = position.programmed_turn
        self.controlled = dict(position.controlled)

    def locked_in(self, robot: int, turn: int, cards: list[tuple[int, tuple[str, int]]]) -> None:
        """Robot `robot` locked in `cards` (register, card) for `turn` (the replay knows)."""
        if self.programmed_turn != turn:
            self.programmed, self.programmed_turn, self.controlled = {}, turn, {}
        for register, card in cards:
            self.programmed[(robot, register)] = card
        self.version += 1

    def revealed(self, robot: int, register: int, card: tuple[str, int]) -> None:
        """A card is revealed: it lies face up until the next turn (RR-6.2); where it is not
        the card locked in, the program it came from changed, and its cards to come are no
        longer known."""
        self.turn_cards[(robot, register)] = card
        source = self.controlled.get(robot, robot)
        if self.programmed.get((source, register), card) != card:
            self.programmed = {key: value for key, value in self.programmed.items()
                               if key[0] != source}

    def scrambled(self, robot: int, register: int) -> None:
        """CB-6.21: the card robot `robot` locked in for `register` was replaced, face down."""
        self.programmed.pop((robot, register), None)
        self.version += 1

    def radio_controlled(self, robot: int, by: int) -> None:
        """CB-6.20: robot `robot` runs robot `by`'s program for the rest of the turn."""
        if self.programmed_turn == self.cards_turn:
            self.controlled[robot] = by
        self.version += 1

    def coming(self, robot: int, register: int) -> tuple[str, int] | None:
        """The card known to come in `register` of the turn on the table (None: unknown);
        a robot under a Radio Control runs its controller's."""
        if self.programmed_turn != self.cards_turn or (robot, register) in self.turn_cards:
            return None
        return self.programmed.get((self.controlled.get(robot, robot), register))
