"""The VOLT arena: hot-seat programming with dice on three control crosses, the start-number
choice, and the activation played out step by step (RULES.md VT).

The scene draws and turns clicks into actions built from `legal_actions()`; the controller
(game.controllers.volt) runs the Match, chance and bots. Events are animated one after
another from a display copy (`Shown`) that only ever takes facts from events; Space skips
and snaps to the state."""

from __future__ import annotations

import functools
import math
import time
from dataclasses import replace
from typing import Any, Callable

import pygame

from game.app.services import Services
from game.controllers.thinking import BotThinker
from game.controllers.volt import Decision, VoltController
from game.core.types import Direction, Direction8, IllegalActionError, PlayerId, Pos
from game.i18n import N_
from game.saves import ProgrammingClock, SavedGame, save_title
from game.scenes.games import GameSetup
from game.scenes.save_checks import FINGERPRINT_KEY, board_fingerprint
from game.scenes.guide_overlay import guide_due
from game.scenes.table.guide import offer_guide
from game.scenes.volt.guide import GAME as GUIDE, first_round_hints, title as guide_title
from game.scenes.volt.arenas import arena_path
from game.scenes.volt.controller_painting import ControllerPainting
from game.scenes.volt.end import VoltWinScene
from game.scenes.volt.layout import KEY_ORDER
from game.scenes.volt.texts import REPLAY_TOOLTIP
from game.ui.widgets import Button
from game.volt import events as ev
from game.volt.actions import Action, ClearCross, LockIn, PlaceDie, PlaceRobot, TakeStartNumber
from game.volt.model import CROSSES, to_absolute


class VoltArenaScene(ControllerPainting):
    """One VOLT game at one screen, for 2-4 operators, humans and bots."""

    first_turn_guide = True
    """A player who has not dismissed the first-round guide sees it (demo tables do not)."""

    def __init__(self, services: Services, setup: GameSetup, controller: VoltController) -> None:
        self.seat(controller)
        self.thinker = BotThinker()
        # programming at the screen
        self.programmer: PlayerId | None = None
        self.awaiting_privacy: PlayerId | None = None
        self.program_started = 0.0
        self.paused_since: float | None = None
        self.held: str | None = None
        self.face = 1
        self.drag_pos: tuple[int, int] | None = None
        self.press_pos: tuple[int, int] | None = None
        self.mouse = (0, 0)
        self.win_shown = False
        self.end_buttons: list[Button] = []
        self.preview: list[Any] = []
        self._legal_state: Any = None
        self._legal_position: tuple[PlayerId, int] | None = None
        self._legal_now: list[Action] = []
        self._targets: dict[tuple[str, int], dict[tuple[int, Direction8], PlaceDie]] = {}
        self._preview_key: Any = None
        self._shown_second = -1
        self.mode = ""
        self.clock: Callable[[], float] = time.monotonic
        """Measures programming times (VT-5.2.9); tests give a fixed one."""
        super().__init__(services, setup)

    # -- layout ------------------------------------------------------------------------------
    def view_side(self) -> Direction:
        """The side shown at the bottom: the operator deciding at the screen, else the first
        human's seat (VT-4.5: their controller's "up" is up on the screen)."""
        if self.programmer is not None:
            return self.ops[self.programmer].side
        decision = self.ctrl.decision() if not self.busy() else None
        if decision is not None and decision.kind == "restart":
            return self.ops[decision.player].side
        humans = self.humans()
        return self.ops[humans[0]].side if humans else Direction.S

    # -- widgets -----------------------------------------------------------------------------
    def _current_mode(self) -> str:
        if self.programmer is not None:
            return "program"
        if self.ctrl.is_over() and not self.busy():
            return "over"
        if self.busy():
            return "busy"
        decision = self.ctrl.decision()
        if decision is None:
            return "busy"
        if decision.kind == "number":
            return "number"
        if decision.kind == "restart":
            return "restart"
        return "busy"

    def build(self, size: tuple[int, int]) -> None:
        self.mode = self._current_mode()
        self.add_top_buttons(size, log=self.mode == "program"
                             and self.layout.program_log is None)
        mode = self.layout.mode
        if self.mode == "program":
            tray = self.layout.tray
            fx = tray[-1][1].right + self.px(40)
            fs = self.px(38)
            for value in range(1, 7):
                self.ui.add(Button((fx + (value - 1) * (fs + self.px(4)), tray[0][1].y + self.px(2),
                                    fs, fs), str(value), functools.partial(self.set_face, value),
                                   translate=False, tooltip=N_("Face of the die (keys 1 to 6)"),
                                   style="primary" if value == self.face else "normal"))
            bh2 = self.px(48)
            lock = Button((mode.right - self.px(16) - self.px(220), mode.bottom - self.px(14) - bh2,
                           self.px(220), bh2), N_("Lock in"), self.lock_in, style="primary",
                          tooltip=N_("Finish programming (Enter)"))
            lock.enabled = self._lock_action() is not None
            clear = Button((mode.x + self.px(16), mode.bottom - self.px(14) - bh2, self.px(230),
                            bh2), N_("Take back all"), self.clear_all)
            clear.enabled = any(isinstance(a, ClearCross) for a in self._legal())
            self.ui.add(clear)
            self.ui.add(lock)
            self.ui.default = lock
        elif self.mode == "number":
            decision = self.ctrl.decision()
            assert decision is not None
            n = len(self.ops)
            bs = self.layout.number_size
            free = {a.number for a in self.ctrl.legal(decision.player)
                    if isinstance(a, TakeStartNumber)}
            x0 = mode.centerx - (n * bs + (n - 1) * self.px(14)) // 2
            for number in range(1, n + 1):
                button = Button((x0 + (number - 1) * (bs + self.px(14)),
                                 self.layout.numbers_top, bs, bs), str(number),
                                functools.partial(self.take_number, number), translate=False,
                                style="primary" if number in free else "normal",
                                tooltip=N_("Take this start number"))
                button.enabled = number in free
                self.ui.add(button)
        elif self.mode == "busy":
            skip = Button((mode.right - self.px(16) - self.px(200), mode.bottom - self.px(60),
                           self.px(200), self.px(46)), N_("Skip"), self.skip,
                          tooltip=N_("Skip the animation (Space)"))
            self.ui.add(skip)
        elif self.mode == "over":
            again = Button((mode.right - self.px(16) - self.px(230), mode.bottom - self.px(64),
                            self.px(230), self.px(50)), N_("Play again"), self.play_again,
                           style="primary")
            menu2 = Button((mode.x + self.px(16), mode.bottom - self.px(64), self.px(230),
                            self.px(50)), self.leave_game_label(), self.to_menu)
            watch = Button((mode.x + self.px(16), mode.bottom - self.px(124),
                            mode.w - self.px(32), self.px(50)), N_("Watch replay"),
                           self.watch_replay, tooltip=REPLAY_TOOLTIP)
            self.ui.add(watch)
            self.ui.add(menu2)
            self.ui.add(again)
            self.ui.default = again
            self.end_buttons = [watch, menu2, again]

    def draw(self, surface: pygame.Surface) -> None:
        # The win dialog offers the same three buttons: behind it, the panel's would show
        # them twice. Esc closes the dialog onto the final arena, and the panel's are the
        # way on from there.
        covered = any(isinstance(scene, VoltWinScene) for scene in self.services.scenes.stack)
        for button in self.end_buttons:
            button.visible = not covered
        super().draw(surface)

    # -- actions from input ------------------------------------------------------------------
    def _legal(self) -> list[Action]:
        """The programmer's legal actions, worked out once per position: the panel asks
        several times a frame."""
        if self.programmer is None:
            return []
        state, position = self.ctrl.state, (self.programmer, len(self.ctrl.match.log))
        if self._legal_state is not state or self._legal_position != position:
            self._legal_state, self._legal_position = state, position
            self._legal_now = self.ctrl.legal(self.programmer)
            self._targets.clear()
        return self._legal_now

    def _lock_action(self) -> LockIn | None:
        for action in self._legal():
            if isinstance(action, LockIn):
                return action
        return None

    def submit(self, action: Action) -> bool:
        """Hand a human's action to the controller, if the rules list it now."""
        player = getattr(action, "player", None)
        if player is None:
            return False
        legal = self.ctrl.legal(player)
        if not isinstance(action, LockIn) and action not in legal:
            return False
        try:
            self.ctrl.submit(action)
        except IllegalActionError:
            return False
        self.dirty = True
        return True

    def set_face(self, value: int) -> None:
        self.face = max(1, min(6, value))
        self.rebuild()

    def targets(self, colour: str) -> dict[tuple[int, Direction8], PlaceDie]:
        """Keys (cross, relative key) where a `colour` die may go now, from legal_actions."""
        p = self.programmer
        if p is None:
            return {}
        legal = self._legal()
        kept = self._targets.get((colour, self.face))
        if kept is not None:
            return kept
        side = self.ops[p].side
        out = {}
        for action in legal:
            if isinstance(action, PlaceDie) and action.colour == colour \
                    and action.value == self.face:
                for relative in KEY_ORDER:
                    if to_absolute(side, relative).value == action.direction:
                        out[(action.cross, relative)] = action
        self._targets[(colour, self.face)] = out
        return out

    def tray_free(self, colour: str) -> int:
        """Dice of `colour` still in the tray (each colour has two)."""
        if self.programmer is None:
            return 0
        used = sum(1 for d in self.ctrl.state.programs[self.programmer]
                   if d is not None and d.colour.value == colour)
        return 2 - used

    def can_hold(self, colour: str) -> bool:
        return any(isinstance(a, PlaceDie) and a.colour == colour for a in self._legal())

    def place(self, cross: int, relative: Direction8) -> bool:
        if self.held is None:
            return False
        action = self.targets(self.held).get((cross, relative))
        if action is None:
            return False
        if self.submit(action):
            if not self.can_hold(self.held):
                self.held = None
            self.rebuild()
            return True
        return False

    def take_back(self, cross: int) -> bool:
        if self.programmer is None:
            return False
        action = ClearCross(self.programmer, cross)
        if action in self._legal() and self.submit(action):
            self.rebuild()
            return True
        return False

    def clear_all(self) -> None:
        for cross in range(CROSSES):
            self.take_back(cross)

    def lock_in(self) -> None:
        lock = self._lock_action()
        p = self.programmer
        if lock is None or p is None:
            return
        elapsed = int((self.clock() - self.program_started) * 1000)
        if self.submit(replace(lock, time_ms=max(0, elapsed))):
            self.programmer = None
            self.held = None
            self.drag_pos = None
            self.rebuild()

    def take_number(self, number: int) -> None:
        decision = self.ctrl.decision()
        if decision is None or decision.kind != "number" or self.busy():
            return
        if self.submit(TakeStartNumber(decision.player, number)):
            self.rebuild()

    def place_robot(self, pos: Pos) -> bool:
        decision = self.ctrl.decision()
        if decision is None or decision.kind != "restart" or self.busy():
            return False
        action = PlaceRobot(decision.player, pos)
        if self.submit(action):
            self.rebuild()
            return True
        return False

    # -- saves (game/saves.py, game/scenes/saves_hook.py) -----------------------------------
    def setup_data(self) -> dict[str, Any]:
        board = arena_path(self.setup)
        return {"players": [{"name": p.name, "colour": p.colour, "bot_level": p.bot_level}
                            for p in self.setup.players],
                "variant": self.setup.variant, "board": str(board), "arena": board.stem,
                "seed": self.setup.seed, "options": dict(self.setup.options),
                FINGERPRINT_KEY: board_fingerprint(self.ctrl.arena)}

    def saved_game(self) -> SavedGame:
        """This game as a save: the setup and the whole action log."""
        winner = self.ctrl.state.winner
        return SavedGame("volt", self.setup_data(), self.ctrl.saved_actions(),
                         title=save_title("VOLT", self.ctrl.arena.name,
                                          [o.name for o in self.ops]),
                         finished=self.ctrl.is_over(), clock=self.programming_clock(),
                         winners=[] if winner is None else [self.ops[winner].name],
                         progress={"round": self.ctrl.state.round})

    def programming_clock(self) -> ProgrammingClock | None:
        """The programming time of the operator programming now (VT-5.2.8: it orders the
        start numbers), the pause menu's time left out; None when nobody programs."""
        if self.programmer is None:
            return None
        now = self.clock() if self.paused_since is None else self.paused_since
        return ProgrammingClock(self.programmer, max(0.0, now - self.program_started))

    def in_progress(self) -> bool:
        return not self.ctrl.is_over()

    def autosave_due(self) -> tuple[int, bool] | None:
        """After every completed round, and once more when the game ends (then marked
        finished, so it can be watched as a replay)."""
        state = self.ctrl.state
        if state.round < 2 and not state.is_terminal():
            return None
        return (state.round, state.is_terminal())

    def autosave_failed(self, warning: str) -> None:
        """A failed autosave does not stop the game: the reason goes to the log."""
        # already translated; "{text}" has no catalogue entry, so _() leaves it as it is
        self.presenter.note(("{text}", {"text": warning}))

    # -- input -------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
        if self.handle_log_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_SPACE and self.busy():
                self.skip()
                return True
            if self.mode == "number" and pygame.K_1 <= event.key <= pygame.K_4:
                self.take_number(event.key - pygame.K_0)
                return True
            if self.programmer is not None:
                if pygame.K_1 <= event.key <= pygame.K_6:
                    self.set_face(event.key - pygame.K_0)
                    return True
                if event.key in (pygame.K_b, pygame.K_r):
                    colour = "blue" if event.key == pygame.K_b else "red"
                    if self.can_hold(colour):
                        self.held = colour
                        self.dirty = True
                    return True
        if self.programmer is not None and self._program_input(event):
            self.dirty = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.busy():
            pos = self.view().pos_at(event.pos)
            if pos is not None and self.place_robot(pos):
                return True
        return super().handle_event(event)

    def _program_input(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for colour, rect in self.layout.tray:
                if rect.collidepoint(event.pos):
                    if self.can_hold(colour):
                        self.held = colour
                        self.press_pos = event.pos
                        self.drag_pos = None
                    return True
            hit = self.layout.key_at(event.pos)
            if hit is not None:
                self.press_pos = event.pos
                return True
            return False
        if event.type == pygame.MOUSEMOTION and self.press_pos is not None \
                and self.held is not None and getattr(event, "buttons", (0,))[0]:
            if math.dist(event.pos, self.press_pos) > self.px(6):
                self.drag_pos = event.pos
            return self.drag_pos is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            dragged = self.drag_pos is not None
            self.press_pos = None
            self.drag_pos = None
            hit = self.layout.key_at(event.pos)
            if hit is not None:
                cross, relative = hit
                assert self.programmer is not None   # asked only while someone programs
                if self.ctrl.state.programs[self.programmer][cross] is not None \
                        and not dragged:
                    placed = self.ctrl.state.programs[self.programmer][cross]
                    side = self.ops[self.programmer].side
                    if placed is not None and to_absolute(side, relative) == placed.direction:
                        self.take_back(cross)
                        return True
                self.place(cross, relative)
                return True
            return dragged
        if event.type == pygame.MOUSEWHEEL and self.held is not None:
            self.set_face(self.face + (1 if event.y > 0 else -1))
            return True
        return False

    # -- flow --------------------------------------------------------------------------------
    def is_animating(self) -> bool:
        return self.busy() or self.ctrl.needs_step() or super().is_animating() \
            or self.drag_pos is not None or bool(self.ctrl.planning_ahead())

    def update_covered(self, dt: float) -> None:
        self._bots_plan_beside_humans()

    def _bots_plan_beside_humans(self) -> None:
        """While a human programs, the bots plan their programs in the worker (VT-5.2:
        programming is simultaneous), also behind a privacy screen, the first-round guide or
        the rules (`update_covered`); they lock in after the humans (VT-5.2.9)."""
        if self.ctrl.planning_ahead():
            self.thinker.advance_aside(self.ctrl, self.ctrl.plan_ahead_turn)

    def on_exit(self) -> None:
        self.paused_since = self.clock()

    def on_enter(self) -> None:
        if self.paused_since is not None and self.programmer is not None:
            self.program_started += self.clock() - self.paused_since
        self.paused_since = None

    def update(self, dt: float) -> None:
        super().update(dt)
        before = self.mode
        self.animate(dt)
        if not self.busy():
            self._go_on()
        if self._current_mode() != before:
            self.rebuild()
        self._update_preview()
        if self.programmer is not None:
            second = int(self.clock() - self.program_started)
            if second != self._shown_second:
                self._shown_second = second
                self.dirty = True
        self.autosave_if_due()

    def _go_on(self) -> None:
        """Everything is shown: the win screen, or chance or a bot acts, or a human decides."""
        if self.ctrl.is_over():
            if not self.win_shown:
                self.win_shown = True
                self.services.scenes.push(VoltWinScene(self.services, self))
        elif self.ctrl.needs_step():
            self.thinker.advance(self.ctrl)   # a bot thinks in the worker meanwhile
            self.dirty = True
        else:
            self._bots_plan_beside_humans()
            self._await_human(self.ctrl.decision())

    def _update_preview(self) -> None:
        """Where the programmer's own dice would take the robot if nobody else moved: the
        rules core plays the activation on a copy (no rules in the view)."""
        p = self.programmer
        if p is None:
            self.preview, self._preview_key = [], None
            return
        state = self.ctrl.state
        key = (p, state.round, tuple(state.programs[p]))
        if key == self._preview_key:
            return
        self._preview_key = key
        self.preview = []
        if state.robots[p].at is None or not any(state.programs[p]):
            return
        trial = state.clone()
        trial.invariant_hook = None
        programs = [list(state.programs[q]) if q == p else [None] * CROSSES
                    for q in range(len(self.ops))]
        numbers = list(range(1, len(self.ops) + 1))
        try:
            events = trial.run_activation(programs, numbers)
        except (AssertionError, IndexError, ValueError):
            return
        self.preview = [e for e in events if isinstance(e, (ev.DieActivated, ev.RobotMoved,
                                                            ev.LaserFired, ev.RobotFell))]

    def _await_human(self, decision: Decision | None) -> None:
        if decision is None or decision.kind != "program":
            return
        p = decision.player
        if self.programmer == p or self.awaiting_privacy == p:
            return
        if len(self.humans()) > 1:
            self.awaiting_privacy = p
            self.ask_privacy(self.name(p), lambda: self.begin_programming(p),
                             colour=self.colour(p), shape=self.shape(p))
        else:
            self.begin_programming(p)

    def begin_programming(self, p: PlayerId) -> None:
        self.awaiting_privacy = None
        decision = self.ctrl.decision()
        if decision is None or decision != Decision("program", p):
            return
        self.programmer = p
        self.program_started = self.clock() - self.resumed_seconds(p)
        if self.paused_since is not None:
            # begun behind the privacy screen, which covered the table before anyone
            # programmed: the clock runs from when the table shows again (on_enter)
            self.paused_since = self.clock()
        self.held = None
        self.drag_pos = None
        self.press_pos = None
        self.face = 1
        self.rebuild()
        self.show_guide()

    def show_guide(self) -> bool:
        """The first-round guide over the controller, once (game/scenes/table/guide.py)."""
        if not self.first_turn_guide or not guide_due(self.services, GUIDE):
            return False
        layout = self.layout
        tray = [rect for _colour, rect in layout.tray]
        view = self.view()
        # one way to show the hints per victory-point field, the last at the monitor's VP:
        # the guide points at the first its panel leaves in view
        fields = sorted((view.cell_rect(pos) for _n, pos in self.ctrl.arena.vp_fields),
                        key=lambda rect: (-rect.x, rect.y))
        monitor = layout.monitors[self.programmer or 0]
        choices = [first_round_hints(
            tray[0].unionall(tray[1:]), layout.key_rect(0, Direction8.N),
            layout.crosses[0].unionall(layout.crosses[1:]), field, monitor)
            for field in [*fields, None]]
        return offer_guide(self, GUIDE, guide_title(), *choices)
