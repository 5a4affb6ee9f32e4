"""RoboRally's replay viewer: a saved game stepped through its action log, shown by the same
presenter and painting as the live table (game/scenes/table/scene.py ReplayTable)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.app.services import Services
from game.controllers.roborally import ControllerSnapshot, RoboRallyController
from game.core.types import CHANCE
from game.i18n import N_, _
from game.roborally.actions import (Answer, ClearRegister, Deal, LockIn, PlaceCard, Recompile,
    action_from_dict)
from game.saves import SavedGame
from game.scenes.games import GameSetup
from game.scenes.replay_snapshots import SnapshotStore
from game.scenes.roborally.display import FactoryDisplay, ShownPosition
from game.scenes.roborally.painting import FactoryPainting
from game.scenes.roborally.presenter import RoboRallyPresenter
from game.scenes.roborally.replay_jump import jump_to_next_register, turn_starts
from game.scenes.table.scene import ReplayTable
from game.scenes.table.tween import StepPlayer
from game.ui.roborally_view import CARD_LABELS


@dataclass(frozen=True)
class _ReplayPosition:
    """A kept replay position: the controller's snapshot plus what the display narrates from."""

    controller: ControllerSnapshot
    shown: ShownPosition


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


def _without_bots(c: RoboRallyController) -> RoboRallyController:
    """The game of `c` at its start position; no bots (nobody decides in a replay)."""
    return RoboRallyController(c.board, c.seats, c.seed, option_cards=c.option_cards,
                               rules=c.rules, timer=c.timer, with_bots=False)


def play_narrated(display: FactoryDisplay, controller: RoboRallyController,
                  data: dict[str, Any], move: int) -> Any:
    """Play the logged action `data` (the `move`th of the log) on `controller` and say it in
    the display's log; its events wait in the controller's queue. Returns the action."""
    action = action_from_dict(data)
    turn = controller.turn
    _narrate(display, controller, action)
    display.log[-1].turn, display.log[-1].register, display.log[-1].move = turn, 0, move
    controller.play_saved(data)
    return action


def _narrate(display: FactoryDisplay, c: RoboRallyController, action: Any) -> None:
    """One log line for a logged action (in the game only its effects are narrated, since
    the cards are secret; the replay shows them)."""
    def name(p: int) -> str:
        return c.seats[p].name if 0 <= p < len(c.seats) else str(p)

    say = display.say
    if isinstance(action, Deal):
        say(N_("The cards are dealt."))
    elif isinstance(action, PlaceCard):
        ctype, priority = c.card(action.card)
        say(N_("{name} puts {card} ({priority}) into register {register}."), ("card",),
            name=name(action.robot), card=CARD_LABELS.get(ctype, ctype), priority=priority,
            register=action.register)
    elif isinstance(action, ClearRegister):
        say(N_("{name} takes the card in register {register} back."),
            name=name(action.robot), register=action.register)
    elif isinstance(action, Recompile):
        say(N_("{name} recompiles the hand."), name=name(action.robot))
    elif isinstance(action, LockIn):
        cards = [CARD_LABELS.get(c.card(card)[0], c.card(card)[0])
                 for card in c.registers(action.robot) if card]
        message = (N_("{name} locks in {cards} and announces a power down.")
                   if action.power_down else N_("{name} locks in {cards}."))
        say(message, ("cards",), name=name(action.robot), cards=cards)
        display.locked_in(action.robot, c.turn, [
            (register, c.card(card)) for register, card in
            enumerate(c.registers(action.robot), start=1) if card])
    elif isinstance(action, Answer) and action.player == CHANCE:
        if action.kind == "draw_option":
            say(N_("An option card is drawn: {option}."), ("option",), option=action.value)
        else:
            say(N_("A card is drawn at random."))
    else:   # an answer to a decision (the log holds no other kind of action)
        assert isinstance(action, Answer)
        say(N_("{name} · {topic}: {answer}."), ("topic", "answer"), name=name(action.player),
            topic=action.kind, answer=action.value,
            kind=action.kind)      # the kind tells how to read the answer


class ReplayScene(FactoryPainting, ReplayTable):
    """A saved game played back: the factory table's painting and presenter driven by the
    saved log instead of the players. Nothing is played from the screen, no bot acts, no
    privacy screen or timer appears. It is a spectator's view: every hand and program is
    shown (a game not yet finished asks first, docs/rulings.md). Steps forward animate as in
    the game; stepping back and seeking replay the log without animation."""

    ask_first_message = N_("This game is not finished; the replay shows every player's hand. "
                           "Continue?")
    ask_first_yes = N_("Continue")

    def __init__(self, services: Services, controller: RoboRallyController,
                 setup: GameSetup, saved: SavedGame, *,
                 seams: tuple[tuple[int, int, int, int], ...] = ()) -> None:
        self.snapshots: SnapshotStore[_ReplayPosition] = SnapshotStore()
        self.seat(controller, seams=seams, narrates_lock_in=False)
        actions = list(saved.actions)
        super().__init__(services, setup, saved, ask_first=not saved.finished,
                         turn_starts=turn_starts(actions),
                         extra=[(N_("Register ▶"), self.replay_next_register)])
        self.bar.host = _BarHost(self)
        self.snap()

    # -- layout ------------------------------------------------------------------------------
    def _bottom_reserve(self) -> int:
        return self.px(72)

    def bar_rect(self) -> pygame.Rect:
        return pygame.Rect(self.px(8), self.size[1] - self.px(46), self.size[0] - self.px(16),
                           self.px(38))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.bar.draw(surface)

    def status_line(self, named: bool = True) -> str:
        if self.programmer is not None:      # the side panel names who is programming
            return _("Replay: all hands shown")
        return _("Replay · {status}").format(status=super().status_line(named))

    def _program_title(self, name: str) -> str:
        return _("{name}: hand and program").format(name=name)

    def _program_hint(self) -> str:
        return _("Replay: all hands shown")

    # -- time and input ------------------------------------------------------------------------
    def animations_running(self) -> bool:
        """The game's animation still plays (or waits to)."""
        return self.animation_left()

    def is_animating(self) -> bool:
        return super().is_animating() or self.bar.playing

    def animate(self, dt: float) -> None:
        self._tick_hover(dt)
        if self.services.scenes.top is self:
            self._advance_steps(dt)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return super().handle_event(event) or self.handle_board_input(event)

    # -- the bar's host ------------------------------------------------------------------------
    def replay_next_register(self) -> None:
        self.bar.playing = False
        jump_to_next_register(self)

    def replay_step_forward(self) -> None:
        """Apply the next logged action; its events animate as in the game."""
        if self.animations_running():
            self.skip()          # the last step ends at once when the next one is asked for
        elif self.snapshots.due(self.bar.index - 1):
            self.snapshots.keep(self.bar.index - 1, self._position())
        action = self._apply_logged(self.bar.index - 1)
        self._show_programmer(action)
        self.dirty = True

    def replay_seek(self, index: int) -> None:
        """The position after the first `index` actions, at once: the log is played again
        without animation (and narrated again, so the log panel matches), from the nearest
        kept position at or before `index` (game/scenes/replay_snapshots.py), else from the
        start. Positions passed on the way are kept for the next seek."""
        found = self.snapshots.nearest(index)
        self.current = None
        self.log_scroll = 0
        if found is None:
            first = 0
            self.controller.rewind()
            self.display.restart(self.controller)
        else:
            first, position = found
            self.controller.restore_snapshot(position.controller)
            self.display.go_to(position.shown, self.controller)
        action = None
        for i in range(first, index):
            action = self._apply_logged(i)
            self._apply_pending_steps()
            if self.snapshots.due(i + 1):
                self.snapshots.keep(i + 1, self._position())
        if action is None and index > 0:
            action = action_from_dict(self.actions[index - 1])
        self.snap()
        self._show_programmer(action)

    def _position(self) -> _ReplayPosition:
        """The position now, between two actions (nothing left to animate)."""
        return _ReplayPosition(self.controller.snapshot(), self.display.keep())

    def log_lines(self) -> list[str]:
        """Export: the narration of the whole game, one line per action and per event, each
        with its turn (and move number or register). It is told again on a game of its
        own, uncut, so the viewer's position and log panel stay as they are."""
        game = _without_bots(self.controller)
        display = FactoryDisplay(game, log_limit=None)
        player = StepPlayer(RoboRallyPresenter(display, lambda: 0.0, narrates_lock_in=False))
        for index, data in enumerate(self.actions):
            play_narrated(display, game, data, index + 1)
            player.snap(game)
        return [line.export_text() for line in display.log]

    def _apply_logged(self, index: int) -> Any:
        return play_narrated(self.display, self.controller, self.actions[index], index + 1)

    def _first_to_program(self) -> int:
        """Between a deal and the first card placed: the robot whose program the log goes
        on with (a game saved right after the deal: the first still to program)."""
        if self.bar.index < len(self.actions):
            upcoming = action_from_dict(self.actions[self.bar.index])
            if isinstance(upcoming, (PlaceCard, ClearRegister, LockIn, Recompile)):
                return upcoming.robot
        return self.controller.programming_left()[0]

    def _show_programmer(self, action: Any) -> None:
        """While a robot is programmed, its hand and registers are on the side panel."""
        c = self.controller
        robot = None
        if isinstance(action, (PlaceCard, ClearRegister, LockIn, Recompile)) \
                and c.state.stage == "program" and c.state.pending is None:
            robot = action.robot
        elif isinstance(action, Deal) and c.programming_left():
            robot = self._first_to_program()
        if robot != self.programmer:
            self.programmer = robot
            self._relayout()
