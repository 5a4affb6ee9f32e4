"""Stepping through a RoboRally scenario register by register (the workbench, issue 9).

The factory scene animates the game; here it animates a scenario instead. `ScenarioPlayback`
stands in for the match controller: it holds the scenario's engine and, each time the
designer asks for the next register, runs that register and hands its events to the scene,
which plays them with exactly the game's animations, log and status rows."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.app.services import Services
from game.controllers.roborally import RobotView, Seat, Stats
from game.data.errors import DataError
from game.data.files import FileContext
from game.data.reader import Reader
from game.i18n import N_, _
from game.roborally.engine import GameOver
from game.roborally.model import REGISTERS
from game.roborally.scenario import finish_scenario, prepare_scenario
from game.scenes.dialogs import MessageScene
from game.scenes.roborally.table import FactoryScene
from game.ui.theme import colours_for_names
from game.ui.widgets import Button


@dataclass
class _Stage:
    stage: str = "run"


class ScenarioPlayback:
    """The parts of RoboRallyController the factory scene reads while robots run, answered
    from a prepared scenario (game.roborally.scenario.prepare_scenario)."""

    def __init__(self, prepared: Any, name: str) -> None:
        self.prepared = prepared
        self.engine = prepared.engine
        self.board = self.engine.layout.board
        self.name = name
        # a robot named after a player colour wears it, as the workbench draws it
        self.seats = [Seat(r.name, colour) for r, colour in zip(
            self.engine.robots, colours_for_names([r.name for r in self.engine.robots]))]
        self.pending: deque[Any] = deque()
        self.turn = 1
        self.state = _Stage()
        self.stats = Stats()
        self.next_register = 1
        self.ended_early = False
        self.turn_end_done = False
        self.outcome: Any = None          # ScenarioOutcome once every register has run
        self.problem = ""                 # a scripted answer that does not fit (FILE:LINE)

    # -- what the scene reads ----------------------------------------------------------------
    def robot(self, player: int) -> RobotView:
        return RobotView.of(player, self.engine.robots[player], self.engine.layout)

    def robots(self) -> list[RobotView]:
        return [self.robot(p) for p in range(len(self.seats))]

    def next_event(self) -> Any | None:
        return self.pending.popleft() if self.pending else None

    def is_over(self) -> bool:
        return False          # the scenario's end is shown in the top bar, not an end screen

    def decision(self) -> None:
        return None

    def step(self) -> bool:
        return False          # registers run only when the designer asks

    def bot_turn(self) -> None:
        return None           # no bots: nothing for the scene's bot thinker to start

    def humans(self) -> list[int]:
        return []

    def programming_left(self) -> list[int]:
        return []

    def programmed(self) -> list[int]:
        return []       # a scenario's programs are written in its file: nobody programs

    def winner(self) -> int | None:
        return self.engine.winner if self.engine.winner >= 0 else None

    def ranking(self) -> list[int]:
        return list(range(len(self.seats)))

    def card(self, card_id: int) -> tuple[str, int]:
        return self.engine.cards[card_id]

    def registers(self, player: int) -> list[int]:
        return list(self.engine.robots[player].registers)

    def hand(self, player: int) -> list[int]:
        return []

    def can_recompile(self, player: int) -> bool:
        return False

    # -- stepping ----------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.outcome is not None or bool(self.problem)

    @property
    def registers_total(self) -> int:
        return self.prepared.registers

    def advance(self) -> bool:
        """Run the next register (or the end of the turn); False when nothing is left."""
        if self.done:
            return False
        engine = self.engine
        try:
            if not self.ended_early and self.next_register <= self.prepared.registers:
                engine.run_register(self.next_register)
                self.next_register += 1
            elif not self.ended_early and self.prepared.turn_end and not self.turn_end_done:
                engine.run_end_of_turn()
                self.turn_end_done = True
        except GameOver:
            self.ended_early = True
        except DataError as exc:
            self.problem = "\n".join(str(p) for p in exc.problems)
        self.pending.extend(engine.events)
        engine.events.clear()
        if not self.problem and (self.ended_early or (
                self.next_register > self.prepared.registers
                and (self.turn_end_done or not self.prepared.turn_end))):
            try:
                self.outcome = finish_scenario(self.prepared)
            except DataError as exc:
                self.problem = "\n".join(str(p) for p in exc.problems)
        return True


def open_step_through(services: Services, path: Path) -> Any:
    """The step-through scene for the scenario in `path`, or a message scene saying why not."""
    try:
        r = Reader.from_file(path)
        r.text("format")
        prepared = prepare_scenario(r, FileContext.for_file(path))
    except DataError as exc:
        text = "\n".join(str(p) for p in exc.problems)
        return MessageScene(services, N_("Step through"), lambda: text)
    prepared.engine.events.clear()
    return StepThroughScene(services, ScenarioPlayback(prepared, path.name))


class StepThroughScene(FactoryScene):
    """The factory scene on a scenario: N or Space runs the next register, Esc goes back."""

    def __init__(self, services: Services, playback: ScenarioPlayback) -> None:
        self.playback = playback
        super().__init__(services, playback)  # type: ignore[arg-type]
        self.autosaving = False   # a scenario is no game: nothing to save or autosave
        self.outcome_logged = False

    def autosave_due(self) -> None:
        return None

    def request_close(self) -> bool:
        return True               # closing the window during a step-through just closes it

    def build(self, size: tuple[int, int]) -> None:
        super().build(size)
        # the game's Rules and Menu buttons become Next register and Back to the workbench
        old = [w for w in self.ui.widgets if isinstance(w, Button)]
        _speed, _skip, rules, menu = old[:4]
        self.ui.widgets.remove(rules)
        self.ui.widgets.remove(menu)
        self.next_button = Button(rules.rect, N_("Next (N)"), self.next_register,
                                  style="primary", size=rules.size,
                                  tooltip=N_("Run the next register with the game's "
                                             "animations"))
        back = Button(menu.rect, N_("Back"), self.back, size=menu.size,
                      tooltip=N_("Back to the workbench (Esc)"))
        self.next_button.enabled = not self.playback.done
        self.ui.add(self.next_button)
        self.ui.add(back)

    def next_register(self) -> None:
        if self.current is not None or self.playback.pending:
            self.skip()       # finish what is playing first, so registers never overlap
        if self.playback.advance():
            self.next_button.enabled = not self.playback.done
        self.display.version += 1
        self.dirty = True

    def back(self) -> None:
        self.services.scenes.pop()

    def open_rules(self) -> None:
        pass

    def outcome_shown(self) -> bool:
        """Every register has run and its animation played: the outcome is what to show."""
        p = self.playback
        return p.outcome is not None and self.current is None and not p.pending

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.outcome_shown() and not self.outcome_logged:
            # the top line has room for the start of a long mismatch; the log, for all of it
            self.outcome_logged = True
            outcome, name = self.playback.outcome, self.playback.name
            for mismatch in outcome.mismatches:
                self.display.say(N_("Not as expected: {mismatch}"), mismatch=mismatch)
            if not outcome.mismatches:
                self.display.say(N_("{file}: every expectation holds."), file=name)
            self.dirty = True

    def status_line(self, named: bool = True) -> str:
        """The scenario's progress or outcome (`named` is the table's choice between naming
        the robots still programming and counting them: a scenario has no programming)."""
        p = self.playback
        if p.problem:
            return p.problem.splitlines()[0]
        if self.outcome_shown():
            if p.outcome.mismatches:
                return _("{file}: {mismatch}").format(file=p.name,
                                                      mismatch="; ".join(p.outcome.mismatches))
            return _("{file}: every expectation holds.").format(file=p.name)
        if (self.current is not None or p.pending) and self.display.register:
            return _("{file}: register {n} of {total} runs.").format(
                file=p.name, n=self.display.register, total=p.registers_total)
        if p.next_register > p.registers_total and p.prepared.turn_end:
            return _("{file}: N runs the end of the turn.").format(file=p.name)
        return _("{file}: register {n} of {total}; N runs the next one.").format(
            file=p.name, n=min(p.next_register, REGISTERS), total=p.registers_total)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_n, pygame.K_SPACE):
            self.next_register()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            return True
        return super().handle_event(event)
