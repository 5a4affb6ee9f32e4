"""The replay viewer: a saved game played back on the factory table."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import pygame

from game.app.services import Services
from game.controllers.roborally import ControllerSnapshot, RoboRallyController
from game.i18n import N_, _
from game.scenes.dialogs import ConfirmDialog, PauseMenu
from game.scenes.games import GameSetup
from game.scenes.replay_snapshots import SnapshotStore
from game.scenes.roborally.replay_jump import jump_to_next_register, turn_starts
from game.scenes.roborally.steps import LogLine
from game.scenes.roborally.table import FactoryScene
from game.scenes.roborally.texts import LOG_LIMIT
from game.scenes.saves_list import SavesScene
from game.ui.roborally_view import CARD_LABELS


@dataclass(frozen=True)
class _ReplayPosition:
    """A kept replay position: the controller's snapshot plus what the scene narrates from."""

    controller: ControllerSnapshot
    log: tuple[LogLine, ...]
    turn: int
    register: int
    phase: str
    reveals: tuple[tuple[int, str, int], ...]
    acting: int | None
    event_phase: str


def _copy_line(line: LogLine) -> LogLine:
    return dataclasses.replace(line, values=dict(line.values))


class _BarHost:
    """The replay bar's view of the scene. Its autoplay waits for the game's animations
    only; the scene itself counts as animating while autoplay runs, so the app keeps
    calling `update` (game/app/loop.py sleeps otherwise)."""

    def __init__(self, scene: ReplayScene) -> None:
        self.scene = scene

    def replay_step_forward(self) -> None:
        self.scene.replay_step_forward()

    def replay_seek(self, index: int) -> None:
        self.scene.replay_seek(index)

    def is_animating(self) -> bool:
        return self.scene.animations_running()


class ReplayScene(FactoryScene):
    """A saved game played back: the factory scene driven by the saved log instead of the
    players. Nothing is played from the screen, no bot acts, no privacy screen or timer
    appears. It is a spectator's view: every hand and program is shown (a game not yet
    finished asks first, docs/rulings.md). Steps forward animate as in the game; stepping
    back and seeking replay the log from the start without animation."""

    takes_moves = False
    autosaving = False

    def __init__(self, services: Services, controller: RoboRallyController,
                 setup: GameSetup | None, saved: Any, *,
                 seams: tuple[tuple[int, int, int, int], ...] = ()) -> None:
        from game.scenes.replay import ReplayBar
        self.saved = saved
        self.actions = list(saved.actions)
        self.confirmed = bool(saved.finished)
        self.asked = False
        self.bar = ReplayBar(_BarHost(self), saved, self.log_lines,
                             turn_starts=turn_starts(self.actions),
                             extra=[(N_("Register ▶"), self.replay_next_register)])
        self.snapshots: SnapshotStore[_ReplayPosition] = SnapshotStore()
        super().__init__(services, controller, setup, seams=seams)

    # -- layout ------------------------------------------------------------------------------
    def _bottom_reserve(self) -> int:
        return self.px(72)

    def build(self, size: tuple[int, int]) -> None:
        super().build(size)
        area = pygame.Rect(self.px(8), size[1] - self.px(46), size[0] - self.px(16),
                           self.px(38))
        for widget in self.bar.widgets(area):
            self.ui.add(widget)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.bar.draw(surface)

    def status_line(self) -> str:
        if self.programmer is not None:      # the side panel names who is programming
            return _("Replay: all hands shown")
        return _("Replay · {status}").format(status=super().status_line())

    def _program_title(self, name: str) -> str:
        return _("{name}: hand and program").format(name=name)

    def _program_hint(self) -> str:
        return _("Replay: all hands shown")

    # -- no moves from the screen --------------------------------------------------------------
    def place(self, card: int, register: int | None = None) -> bool:
        return False

    def take_back(self, register: int) -> bool:
        return False

    def clear_all(self) -> None:
        pass

    def recompile(self) -> None:
        pass

    def confirm(self) -> None:
        pass

    def _card_at(self, pixel: tuple[int, int]) -> int | None:
        return None

    def _register_at(self, pixel: tuple[int, int]) -> int | None:
        return None

    def _settle(self) -> bool:
        """The animation of one step has ended: snap; nobody is asked, no bot acts."""
        if self._unsnapped:
            self._unsnapped = False
            self.snap()
        return False

    def in_progress(self) -> bool:
        return False

    def back(self) -> None:
        self.bar.playing = False
        self.services.scenes.push(PauseMenu(self.services, rules=self.open_rules))

    def request_close(self) -> bool:
        return True

    # -- time and keys -------------------------------------------------------------------------
    def animations_running(self) -> bool:
        return self.current is not None or bool(self.controller.pending)

    def is_animating(self) -> bool:
        return super().is_animating() or self.bar.playing

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.services.scenes.top is not self:
            return
        if not self.confirmed:
            if not self.asked:
                self.asked = True
                self._ask_to_show_hands()
            return
        before = (self.bar.index, self.bar.playing)
        self.bar.update(dt)
        if self.bar.playing or before != (self.bar.index, self.bar.playing):
            self.dirty = True

    def _ask_to_show_hands(self) -> None:
        def shown() -> None:
            self.confirmed = True

        def leave() -> None:
            self.services.scenes.go_home()
            self.services.scenes.push(SavesScene(self.services))

        self.services.scenes.push(ConfirmDialog(
            self.services, N_("This game is not finished; the replay shows every player's "
                              "hand. Continue?"), shown, on_no=leave, yes=N_("Continue"),
            no=N_("Back")))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.confirmed and self.bar.handle_key(event):
            self.dirty = True
            return True
        return super().handle_event(event)

    # -- the bar's host ------------------------------------------------------------------------
    def replay_next_register(self) -> None:
        self.bar.playing = False
        jump_to_next_register(self)
    def replay_step_forward(self) -> None:
        """Apply the next logged action; its events animate as in the game."""
        if self.animations_running():
            self.skip()          # the last step ends at once when the next one is asked for
        elif self._snapshots_usable() and self.snapshots.due(self.bar.index - 1):
            self.snapshots.keep(self.bar.index - 1, self._position())
        action = self._apply_logged(self.bar.index - 1)
        self._show_programmer(action)
        self.dirty = True

    def replay_seek(self, index: int) -> None:
        """The position after the first `index` actions, at once: the log is played again
        without animation (and narrated again, so the log panel matches), from the nearest
        kept position at or before `index` (game/scenes/replay_snapshots.py), else from the
        start. Positions passed on the way are kept for the next seek."""
        c = self.controller
        usable = self._snapshots_usable()
        found = self.snapshots.nearest(index) if usable else None
        self.current = None
        self.log_scroll = 0
        if found is None:
            first = 0
            c.rewind()
            self.log = []
            self.register, self.phase, self.reveals, self.acting = 0, "", [], None
            self._event_phase = ""
            self.snap()
        else:
            first, position = found
            self._go_to(position)
        action = None
        for i in range(first, index):
            action = self._apply_logged(i)
            self._apply_pending_steps()
            if usable and self.snapshots.due(i + 1):
                self.snapshots.keep(i + 1, self._position())
        if action is None and index > 0:
            from game.roborally.actions import action_from_dict
            action = action_from_dict(self.actions[index - 1])
        self.snap()
        self._show_programmer(action)
        self.dirty = True

    def _snapshots_usable(self) -> bool:
        """Kept positions hold the log panel cut to LOG_LIMIT lines; the export, which
        narrates the whole game uncut, replays from the start."""
        return self.log_limit == LOG_LIMIT

    def _position(self) -> _ReplayPosition:
        """The position now, between two actions (nothing left to animate). The log lines
        are shared with the live log, except the last one, the only one a later line may
        still change (a move merged into it, its move number)."""
        log = list(self.log)
        if log:
            log[-1] = _copy_line(log[-1])
        return _ReplayPosition(self.controller.snapshot(), tuple(log), self.turn,
                               self.register, self.phase, tuple(self.reveals), self.acting,
                               self._event_phase)

    def _go_to(self, position: _ReplayPosition) -> None:
        self.controller.restore_snapshot(position.controller)
        self.log = list(position.log)
        if self.log:
            self.log[-1] = _copy_line(self.log[-1])
        self.snap()
        self.turn, self.register, self.phase = position.turn, position.register, position.phase
        self.reveals, self.acting = list(position.reveals), position.acting
        self._event_phase = position.event_phase

    def log_lines(self) -> list[str]:
        """Export: the narration of the whole game, one line per action and per event, each
        with its turn (and move number or register)."""
        here = self.bar.index
        self.log_limit = None
        try:
            self.replay_seek(self.bar.total)
            return [line.export_text() for line in self.log]
        finally:
            del self.log_limit
            self.replay_seek(here)

    def _apply_logged(self, index: int) -> Any:
        from game.roborally.actions import action_from_dict
        action = action_from_dict(self.actions[index])
        turn = self.controller.turn
        self._narrate(action)
        self.log[-1].turn, self.log[-1].register, self.log[-1].move = turn, 0, index + 1
        self.controller.play_logged(action)
        return action

    def _show_programmer(self, action: Any) -> None:
        """While a robot is programmed, its hand and registers are on the side panel."""
        from game.roborally.actions import ClearRegister, LockIn, PlaceCard, Recompile
        c = self.controller
        robot = None
        if isinstance(action, (PlaceCard, ClearRegister, LockIn, Recompile)) \
                and c.state.stage == "program" and c.state.pending is None:
            robot = action.robot
        if robot != self.programmer:
            self.programmer = robot
            self._relayout()

    def _narrate(self, action: Any) -> None:
        """One log line for a logged action (in the game only its effects are narrated, since
        the cards are secret; the replay shows them)."""
        from game.core.types import CHANCE
        from game.roborally.actions import (
            Answer, ClearRegister, Deal, LockIn, PlaceCard, Recompile)
        c = self.controller

        def name(p: int) -> str:
            return c.seats[p].name if 0 <= p < len(c.seats) else str(p)

        if isinstance(action, Deal):
            self._say(N_("The cards are dealt."))
        elif isinstance(action, PlaceCard):
            ctype, priority = c.card(action.card)
            self._say(N_("{name} puts {card} ({priority}) into register {register}."),
                      ("card",), name=name(action.robot), card=CARD_LABELS.get(ctype, ctype),
                      priority=priority, register=action.register)
        elif isinstance(action, ClearRegister):
            self._say(N_("{name} takes the card in register {register} back."),
                      name=name(action.robot), register=action.register)
        elif isinstance(action, Recompile):
            self._say(N_("{name} recompiles the hand."), name=name(action.robot))
        elif isinstance(action, LockIn):
            cards = [CARD_LABELS.get(c.card(card)[0], c.card(card)[0])
                     for card in c.registers(action.robot) if card]
            message = (N_("{name} locks in {cards} and announces a power down.")
                       if action.power_down else N_("{name} locks in {cards}."))
            self._say(message, ("cards",), name=name(action.robot), cards=cards)
        elif isinstance(action, Answer) and action.player == CHANCE:
            if action.kind == "draw_option":
                self._say(N_("An option card is drawn: {option}."), ("option",),
                          option=action.value)
            else:
                self._say(N_("A card is drawn at random."))
        else:   # an answer to a decision (the log holds no other kind of action)
            assert isinstance(action, Answer)
            self._say(N_("{name} answers: {answer}."), ("answer",), name=name(action.player),
                      answer=action.value)
