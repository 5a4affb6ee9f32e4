"""The VOLT arena: hot-seat programming with dice on three control crosses, the start-number
choice, and the activation played out step by step (RULES.md VT).

The scene draws and turns clicks into actions built from `legal_actions()`; the controller
(game.controllers.volt) runs the Match, chance and bots. Events are animated one after
another from a display copy (`Shown`) that only ever takes facts from events; Space skips
and snaps to the state."""

from __future__ import annotations

import copy
import math
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

import pygame

from game import paths
from game.app.scene import Scene
from game.app.services import Services
from game.controllers.volt import (
    ControllerSnapshot, Decision, Operator, VoltController, seat_sides)
from game.controllers.thinking import BotThinker
from game.core.types import Direction, Direction8, IllegalActionError, PlayerId, Pos
from game.i18n import N_, _
from game.scenes.base import WidgetScene
from game.scenes.dialogs import (ConfirmDialog, MessageScene, PauseMenu, PrivacyScreen,
                                 RulesOverlay, scrim)
from game.scenes.games import BOT_LEVELS, GameSetup, PlayerSetup
from game.scenes.replay_snapshots import SnapshotStore
from game.ui import art, theme
from game.ui.volt_view import (BLUE_DIE, RED_DIE, ArenaView, die_colour, draw_arrow,
                               draw_burst, draw_damage, draw_marker, draw_star,
                               draw_start_number)
from game.ui.widgets import Button, draw_panel, draw_paragraphs, draw_text
from game.volt import events as ev
from game.volt.actions import (Action, ClearCross, DealStartNumbers, DrawMarker, LockIn,
                               OrderTiedOperators, PlaceDie, PlaceRobot, TakeStartNumber,
                               action_from_dict)
from game.volt.model import CROSSES, DESTROYING_DAMAGE, WINNING_VP, to_absolute

DEFAULT_ARENA = "twin-yards"
ROMAN = ("I", "II", "III")
SIDE_NAMES = {Direction.S: N_("South"), Direction.N: N_("North"), Direction.W: N_("West"),
              Direction.E: N_("East")}
REPLAY_TOOLTIP = N_("Step through this game move by move, every program shown")
BOT_LABELS = {"random": N_("Bot: random"), "greedy": N_("Bot: greedy"),  # older saves
              **dict(BOT_LEVELS)}
KEY_ORDER = (Direction8.NW, Direction8.N, Direction8.NE, Direction8.W, Direction8.E,
             Direction8.SW, Direction8.S, Direction8.SE)
"""The eight keys of a cross, named as the south operator sees them (up = N)."""

RULES_TITLE = N_("VOLT: training rules")
RULES_PARAGRAPHS = (
    N_("Goal. Every operator programs a robot in secret with dice; then all dice are carried "
       "out in a fixed order. The first operator to hold 3 victory points (VP) wins at once."),
    N_("The arena. A wall surrounds the arena, and short inner walls stop robots and beams "
       "too. A robot that enters a pit is destroyed. Victory-point fields 1 to 6 receive VP "
       "markers. Each operator's start fields lie along their side; workshops do nothing in "
       "the training rules."),
    N_("Every round has four phases. 0 Prepare: if fewer than 3 VP markers lie in the arena, "
       "one is drawn and laid on the field with its number. Destroyed robots lose all their "
       "damage. Robots outside the arena restart on a free start field of their side, lowest "
       "start number first."),
    N_("1 Program: you have three control crosses (I, II, III) with eight keys each, and four "
       "dice: 2 blue and 2 red. Put exactly one die on each cross, with the face you choose. "
       "The key gives the direction as seen from your side: up means away from you. Blue dice "
       "move and go on the four blue keys only; red dice fire and may go on any of the eight "
       "keys. One die is always left over."),
    N_("When all three crosses hold a die, lock in. At one screen the operators then take "
       "start numbers in the order of their programming time: the fastest chooses first. The "
       "start number breaks ties and sets the order of restarts and of the trigger phase."),
    N_("2 Activate: all dice on cross I act first, then those on cross II, then cross III. On "
       "one cross the lower face acts first; on equal faces blue before red; then the lower "
       "start number. Every die acts, even if it harms its own robot. A destroyed robot's "
       "remaining dice are skipped."),
    N_("Blue die: the robot moves as many squares as the face shows, one square at a time. It "
       "pushes any robot in its way, whole chains too. If the mover or a pushed robot would "
       "cross a wall, nothing moves and the rest of the move is lost. A robot pushed into a "
       "pit is destroyed and the pusher's operator gains 1 VP; driving into a pit yourself "
       "scores nothing. Moving never collects VP markers."),
    N_("Red die: the robot fires a laser in the key's direction, straight or diagonal, with "
       "unlimited range. The beam hits the first robot or wall; pits and markers do not stop "
       "it. A diagonal beam passes through the corners of squares and is stopped by any wall "
       "that touches such a corner. A hit robot takes 1 damage; the 3rd damage destroys it "
       "and the shooter's operator gains 1 VP."),
    N_("3 Trigger: in the order of start numbers, every robot standing on a victory-point "
       "field takes all the markers lying there, 1 VP each."),
    N_("Playing here: drag a die onto a key, or click the die and then the key; choose its "
       "face with the buttons 1 to 6 or the number keys. Click a placed die to take it back. "
       "F1 shows these rules, Esc opens the menu, Space skips an animation. When several "
       "people share the screen, pass it on when asked: nobody sees another operator's "
       "controller."),
)


def rules_text() -> str:
    return "\n\n".join(_(p) for p in RULES_PARAGRAPHS)


def narration(event: Any, name: Callable[[PlayerId], str]) -> tuple[str, dict[str, Any]] | None:
    """The line the game's log shows for `event` (a msgid and its values), or None for
    events that pass without a word. The scene's log and the exported replay log share it."""
    match event:
        case ev.MarkerPlaced(number):
            return N_("A VP marker lands on field {number}."), {"number": number}
        case ev.RobotRestarted(p):
            return N_("{name}'s robot enters the arena."), {"name": name(p)}
        case ev.RobotWaiting(p):
            return N_("{name}'s robot waits outside: no free start field."), {"name": name(p)}
        case ev.StartNumberTaken(p, number):
            return N_("{name} takes start number {number}."), {"name": name(p), "number": number}
        case ev.ProgramsRevealed():
            return N_("Screens down! Every program is revealed."), {}
        case ev.DieActivated(p, cross, colour, value):
            if colour == "blue":
                return N_("{name}, cross {cross}: moves {value}."), {
                    "name": name(p), "cross": ROMAN[cross], "value": value}
            return N_("{name}, cross {cross}: fires."), {"name": name(p), "cross": ROMAN[cross]}
        case ev.DieSkipped(p, cross):
            return N_("{name}'s die on cross {cross} is skipped: the robot is out."), {
                "name": name(p), "cross": ROMAN[cross]}
        case ev.MoveBlocked(_p, _step, blocked):
            return N_("{name} runs into a wall: the move ends."), {"name": name(blocked)}
        case ev.RobotFell(p):
            return N_("{name} falls into a pit!"), {"name": name(p)}
        case ev.LaserFired(p, _src, _direction, _path, hit):
            if hit is None:
                return N_("{name}'s laser hits a wall."), {"name": name(p)}
            return N_("{name}'s laser hits {target}."), {"name": name(p), "target": name(hit)}
        case ev.RobotDestroyed(p):
            return N_("{name}'s robot is destroyed."), {"name": name(p)}
        case ev.MarkersCollected(p, number):
            return N_("{name} collects the markers on field {number}."), {
                "name": name(p), "number": number}
        case ev.VPScored(p, _amount, total):
            return N_("{name} scores: {total} VP."), {"name": name(p), "total": total}
        case ev.GameWon(p):
            return N_("{name} wins!"), {"name": name(p)}
    return None


# -- what the screen shows (facts from events only) -------------------------------------------

@dataclass
class Shown:
    """The display copy of the game, advanced by animated events (never by rules)."""

    pos: list[Pos | None]
    damage: list[int]
    vp: list[int]
    numbers: list[int | None]
    markers: list[int]
    locked: list[bool]
    round: int = 0
    phase: str = "deal"
    winner: PlayerId | None = None
    order: tuple[int, ...] = ()

    @classmethod
    def of(cls, ctrl: VoltController) -> Shown:
        state = ctrl.state
        return cls([r.at for r in state.robots], [r.damage for r in state.robots],
                   [r.vp for r in state.robots], list(state.start_numbers), list(state.markers),
                   list(state.locked), state.round, state.phase, state.winner)


@dataclass
class Activation:
    player: PlayerId
    cross: int
    colour: str
    value: int
    direction: str
    status: str = "coming"  # coming, now, done, skipped


@dataclass
class Anim:
    event: Any
    duration: float
    t: float = 0.0
    group: list[Any] = field(default_factory=list)
    banner: tuple[str, dict[str, Any]] | None = None

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.t / self.duration)


def _ease(t: float) -> float:
    return t * t * (3 - 2 * t)


# -- the scene --------------------------------------------------------------------------------

class VoltArenaScene(WidgetScene):
    """One VOLT game at one screen, for 2-4 operators, humans and bots."""

    def __init__(self, services: Services, setup: GameSetup, controller: VoltController) -> None:
        self.setup = setup
        self.ctrl = controller
        self.thinker = BotThinker()
        self.ops = controller.operators
        self.shown = Shown.of(controller)
        self.anim: Anim | None = None
        self.activations: list[Activation] = []
        self.log: list[tuple[str, dict[str, Any]]] = []
        self.caption: tuple[str, dict[str, Any]] | None = None
        self.views: dict[tuple[Direction, tuple[int, int, int, int]], ArenaView] = {}
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
        self.preview: list[Any] = []
        self._preview_key: Any = None
        self._shown_second = -1
        self.mode = ""
        self.autosaved: tuple[int, bool] | None = None
        """(round, over) of the last autosave: one per completed round, one at the end."""
        self.clock: Callable[[], float] = time.monotonic
        """Measures programming times (VT-5.2.9); tests give a fixed one."""
        super().__init__(services)

    # -- operators ---------------------------------------------------------------------------
    def colour(self, p: PlayerId) -> tuple[int, int, int]:
        return theme.PLAYER_COLOURS.get(self.ops[p].colour, (200, 200, 200))

    def shape(self, p: PlayerId) -> str:
        return theme.PLAYER_SHAPES.get(self.ops[p].colour, "circle")

    def name(self, p: PlayerId) -> str:
        return self.ops[p].name

    def humans(self) -> list[PlayerId]:
        return self.ctrl.humans()

    # -- layout ------------------------------------------------------------------------------
    def _bottom(self) -> int:
        """Where the arena and the panel end (the replay viewer keeps a strip below)."""
        return self.size[1] - self.px(14)

    def _panel(self) -> pygame.Rect:
        w = self.size[0]
        panel_w = self.px(548)
        return pygame.Rect(w - self.px(14) - panel_w, self.px(56), panel_w,
                           self._bottom() - self.px(56))

    def _arena_area(self) -> pygame.Rect:
        panel = self._panel()
        return pygame.Rect(self.px(14), self.px(56), panel.x - self.px(28),
                           self._bottom() - self.px(56))

    def _monitor_rects(self) -> list[pygame.Rect]:
        panel = self._panel()
        gap = self.px(8)
        cw = (panel.w - gap) // 2
        ch = self.px(96)
        return [pygame.Rect(panel.x + (i % 2) * (cw + gap), panel.y + (i // 2) * (ch + gap),
                            cw, ch) for i in range(len(self.ops))]

    def _mode_rect(self) -> pygame.Rect:
        panel = self._panel()
        bottom = max(r.bottom for r in self._monitor_rects())
        top = bottom + self.px(10)
        return pygame.Rect(panel.x, top, panel.w, panel.bottom - top)

    def view_side(self) -> Direction:
        """The side shown at the bottom: the operator deciding at the screen, else the first
        human's seat (VT-4.5: their controller's "up" is up on the screen)."""
        if self.programmer is not None:
            return self.ops[self.programmer].side
        decision = self.ctrl.decision() if not self._busy() else None
        if decision is not None and decision.kind == "restart":
            return self.ops[decision.player].side
        humans = self.humans()
        return self.ops[humans[0]].side if humans else Direction.S

    def view(self) -> ArenaView:
        area = self._arena_area()
        side = self.view_side()
        key = (side, (area.x, area.y, area.w, area.h))
        found = self.views.get(key)
        if found is None:
            colours = {o.side: self.colour(p) for p, o in enumerate(self.ops)}
            found = ArenaView(self.ctrl.arena, area, side, colours)
            if len(self.views) > 8:
                self.views.clear()
            self.views[key] = found
        return found

    # controller geometry (programming)
    def _cross_rects(self) -> list[pygame.Rect]:
        mode = self._mode_rect()
        key, gap = self.px(44), self.px(5)
        size = 3 * key + 2 * gap
        spacing = (mode.w - self.px(32) - 3 * size) // 2
        top = mode.y + self.px(62)
        return [pygame.Rect(mode.x + self.px(16) + i * (size + spacing), top, size, size)
                for i in range(CROSSES)]

    def key_rect(self, cross: int, relative: Direction8) -> pygame.Rect:
        """Screen rectangle of a key, named as the south operator sees it (up = N)."""
        box = self._cross_rects()[cross]
        key, gap = self.px(44), self.px(5)
        dx, dy = relative.delta
        return pygame.Rect(box.x + (dx + 1) * (key + gap), box.y + (dy + 1) * (key + gap),
                           key, key)

    def _tray_rects(self) -> list[tuple[str, pygame.Rect]]:
        mode = self._mode_rect()
        y = self._cross_rects()[0].bottom + self.px(34)
        size, gap = self.px(42), self.px(10)
        x = mode.x + self.px(16)
        out = []
        for i, colour in enumerate(("blue", "blue", "red", "red")):
            out.append((colour, pygame.Rect(x + i * (size + gap) + (self.px(12) if i >= 2 else 0),
                                            y, size, size)))
        return out

    # -- widgets -----------------------------------------------------------------------------
    def _current_mode(self) -> str:
        if self.programmer is not None:
            return "program"
        if self.ctrl.is_over() and not self._busy():
            return "over"
        if self._busy():
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
        bw, bh = self.px(120), self.px(38)
        menu = Button((size[0] - self.px(14) - bw, self.px(9), bw, bh), N_("Menu"),
                      self.back, tooltip=N_("Pause menu (Esc)"))
        rules = Button((menu.rect.x - self.px(10) - bw, self.px(9), bw, bh), N_("Rules"),
                       self.open_rules, tooltip=N_("The rules of VOLT (F1)"))
        self.ui.add(rules)
        self.ui.add(menu)
        mode = self._mode_rect()
        if self.mode == "program":
            tray = self._tray_rects()
            fx = tray[-1][1].right + self.px(40)
            fs = self.px(38)
            for value in range(1, 7):
                self.ui.add(Button((fx + (value - 1) * (fs + self.px(4)), tray[0][1].y + self.px(2),
                                    fs, fs), str(value), lambda v=value: self.set_face(v),
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
            bs = self.px(64)
            free = {a.number for a in self.ctrl.legal(decision.player)
                    if isinstance(a, TakeStartNumber)}
            x0 = mode.centerx - (n * bs + (n - 1) * self.px(14)) // 2
            for number in range(1, n + 1):
                button = Button((x0 + (number - 1) * (bs + self.px(14)),
                                 mode.bottom - self.px(24) - bs, bs, bs), str(number),
                                lambda k=number: self.take_number(k), translate=False,
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
                            self.px(50)), N_("Main menu"), self.to_menu)
            watch = Button((mode.x + self.px(16), mode.bottom - self.px(124),
                            mode.w - self.px(32), self.px(50)), N_("Watch replay"),
                           self.watch_replay, tooltip=REPLAY_TOOLTIP)
            self.ui.add(watch)
            self.ui.add(menu2)
            self.ui.add(again)
            self.ui.default = again

    def _rebuild(self) -> None:
        self.on_resize(self.size)

    # -- actions from input ------------------------------------------------------------------
    def _legal(self) -> list[Action]:
        if self.programmer is None:
            return []
        return self.ctrl.legal(self.programmer)

    def _lock_action(self) -> LockIn | None:
        for action in self._legal():
            if isinstance(action, LockIn):
                return action
        return None

    def _submit(self, action: Action) -> bool:
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
        self._rebuild()

    def targets(self, colour: str) -> dict[tuple[int, Direction8], PlaceDie]:
        """Keys (cross, relative key) where a `colour` die may go now, from legal_actions."""
        p = self.programmer
        if p is None:
            return {}
        side = self.ops[p].side
        out = {}
        for action in self._legal():
            if isinstance(action, PlaceDie) and action.colour == colour \
                    and action.value == self.face:
                for relative in KEY_ORDER:
                    if to_absolute(side, relative).value == action.direction:
                        out[(action.cross, relative)] = action
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
        if self._submit(action):
            if not self.can_hold(self.held):
                self.held = None
            self._rebuild()
            return True
        return False

    def take_back(self, cross: int) -> bool:
        if self.programmer is None:
            return False
        action = ClearCross(self.programmer, cross)
        if action in self._legal() and self._submit(action):
            self._rebuild()
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
        if self._submit(replace(lock, time_ms=max(0, elapsed))):
            self.programmer = None
            self.held = None
            self.drag_pos = None
            self._rebuild()

    def take_number(self, number: int) -> None:
        decision = self.ctrl.decision()
        if decision is None or decision.kind != "number" or self._busy():
            return
        if self._submit(TakeStartNumber(decision.player, number)):
            self._rebuild()

    def place_robot(self, pos: Pos) -> bool:
        decision = self.ctrl.decision()
        if decision is None or decision.kind != "restart" or self._busy():
            return False
        action = PlaceRobot(decision.player, pos)
        if self._submit(action):
            self._rebuild()
            return True
        return False

    # -- saves (game/saves.py, game/scenes/saves_hook.py) -----------------------------------
    def setup_data(self) -> dict[str, Any]:
        board = arena_path(self.setup)
        return {"players": [{"name": p.name, "colour": p.colour, "bot_level": p.bot_level}
                            for p in self.setup.players],
                "variant": self.setup.variant, "board": str(board), "arena": board.stem,
                "seed": self.setup.seed, "options": dict(self.setup.options)}

    def saved_game(self) -> Any:
        """This game as a save: the setup and the whole action log."""
        from game.saves import SavedGame
        names = " – ".join(o.name for o in self.ops)
        return SavedGame("volt", self.setup_data(), self.ctrl.saved_actions(),
                         title=f"VOLT · {self.ctrl.arena.name} · {names}",
                         finished=self.ctrl.is_over())

    def _autosave_if_due(self) -> None:
        """Overwrite the autosave after every completed round, and once more when the game
        ends (then marked finished, so it can be watched as a replay). A failed save does
        not stop the game: the reason goes to the log."""
        state = self.ctrl.state
        due = (state.round, state.is_terminal())
        if due == self.autosaved or (state.round < 2 and not state.is_terminal()):
            return
        self.autosaved = due
        from game.scenes.saves_hook import autosave
        autosave(self, self._autosave_written)

    def _autosave_written(self, warning: str | None) -> None:
        """The background autosave ended; a failure goes to the log."""
        if warning:
            # already translated; "{text}" has no catalogue entry, so _() leaves it as it is
            self.log.append(("{text}", {"text": warning}))
            self.dirty = True

    def watch_replay(self) -> None:
        """The end screen's "Watch replay": this game in the replay viewer, from the start."""
        self.services.scenes.reset(replay(self.services, self.saved_game()))

    def open_rules(self) -> None:
        self.services.scenes.push(RulesOverlay(self.services, RULES_TITLE, rules_text))

    def _save_and_leave(self) -> None:
        from game.scenes.saves_hook import save_and_leave_to_menu
        save_and_leave_to_menu(self.services, self)

    def back(self) -> None:
        from game.scenes.saves_hook import save_and_leave_to_menu
        save_and_quit = None if self.ctrl.is_over() else \
            (lambda: save_and_leave_to_menu(self.services, self))
        self.services.scenes.push(PauseMenu(self.services, rules=self.open_rules,
                                            save_and_quit=save_and_quit))

    def request_close(self) -> bool:
        if self.ctrl.is_over():
            return True
        from game.scenes.saves_hook import offer_save_and_quit
        return offer_save_and_quit(self.services, self)

    def play_again(self) -> None:
        setup = GameSetup(self.setup.game, [PlayerSetup(p.name, p.colour, p.bot_level)
                                            for p in self.setup.players],
                          self.setup.variant, self.setup.board, self.setup.seed + 1,
                          dict(self.setup.options))
        self.services.scenes.reset(start(self.services, setup))

    def to_menu(self) -> None:
        from game.scenes.menu import MenuScene
        self.services.scenes.reset(MenuScene(self.services))

    # -- input -------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F1:
                self.open_rules()
                return True
            if event.key == pygame.K_SPACE and self._busy():
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
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self._busy():
            pos = self.view().pos_at(event.pos)
            if pos is not None and self.place_robot(pos):
                return True
        return super().handle_event(event)

    def _program_input(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for colour, rect in self._tray_rects():
                if rect.collidepoint(event.pos):
                    if self.can_hold(colour):
                        self.held = colour
                        self.press_pos = event.pos
                        self.drag_pos = None
                    return True
            hit = self._key_at(event.pos)
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
            hit = self._key_at(event.pos)
            if hit is not None:
                cross, relative = hit
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

    def _key_at(self, pixel: tuple[int, int]) -> tuple[int, Direction8] | None:
        for cross in range(CROSSES):
            if not self._cross_rects()[cross].collidepoint(pixel):
                continue
            for relative in KEY_ORDER:
                if self.key_rect(cross, relative).collidepoint(pixel):
                    return cross, relative
        return None

    # -- flow --------------------------------------------------------------------------------
    def _busy(self) -> bool:
        return self.anim is not None or bool(self.ctrl.pending)

    def is_animating(self) -> bool:
        return self._busy() or self.ctrl.needs_step() or super().is_animating() \
            or self.drag_pos is not None

    def on_exit(self) -> None:
        self.paused_since = self.clock()

    def on_enter(self) -> None:
        if self.paused_since is not None and self.programmer is not None:
            self.program_started += self.clock() - self.paused_since
        self.paused_since = None

    def skip(self) -> None:
        """Drain every pending event into the display copy and snap to the state."""
        if self.anim is not None:
            self._finish(self.anim)
            self.anim = None
        self._snap_pending()
        self.shown = replace(Shown.of(self.ctrl), order=self.shown.order)
        self.dirty = True
        self._rebuild()

    def _snap_pending(self) -> None:
        """Show every pending event at once, in order; each still sees the events after it
        (the list of coming activations, robots moving together)."""
        while (event := self.ctrl.next_event()) is not None:
            self._finish(self._start(event))

    def update(self, dt: float) -> None:
        super().update(dt)
        before = self.mode
        self._animate(dt)
        if self.anim is None and not self.ctrl.pending:
            self._go_on()
        if self._current_mode() != before:
            self._rebuild()
        self._update_preview()
        if self.programmer is not None:
            second = int(self.clock() - self.program_started)
            if second != self._shown_second:
                self._shown_second = second
                self.dirty = True
        self._autosave_if_due()

    def _animate(self, dt: float) -> None:
        """Advance the animation of the current event; start the next pending ones."""
        factor = self.services.settings.animation_factor
        if self.anim is not None:
            self.anim.t += dt * factor if factor > 0 else self.anim.duration
            self.dirty = True
            if self.anim.t >= self.anim.duration:
                self._finish(self.anim)
                self.anim = None
        guard = 0
        while self.anim is None and guard < 10_000:
            guard += 1
            event = self.ctrl.next_event()
            if event is None:
                break
            anim = self._start(event)
            self.dirty = True
            if anim.duration <= 0 or factor <= 0:
                self._finish(anim)
            else:
                self.anim = anim

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
            self.services.scenes.push(PrivacyScreen(
                self.services, self.name(p), lambda: self._begin_programming(p),
                colour=self.colour(p), shape=self.shape(p), rules=self.open_rules,
                save_and_quit=self._save_and_leave))
        else:
            self._begin_programming(p)

    def _begin_programming(self, p: PlayerId) -> None:
        self.awaiting_privacy = None
        decision = self.ctrl.decision()
        if decision is None or decision != Decision("program", p):
            return
        self.programmer = p
        self.program_started = self.clock()
        self.held = None
        self.drag_pos = None
        self.press_pos = None
        self.face = 1
        self._rebuild()

    # -- events -> animations ----------------------------------------------------------------
    def _say(self, msgid: str, **kwargs: Any) -> None:
        self.caption = (msgid, kwargs)
        self.log.append((msgid, kwargs))
        del self.log[:-40]

    def _start(self, event: Any) -> Anim:
        """Begin showing `event`: facts that change at once go into `shown` now."""
        line = narration(event, self.name)
        if line is not None:
            self._say(line[0], **line[1])
        s = self.shown
        match event:
            case ev.RoundStarted(number):
                s.round = number
                self.activations = []
                return Anim(event, 0.8, banner=(N_("Round {n}"), {"n": number}))
            case ev.PhaseStarted(phase):
                s.phase = phase
                if phase == "program":
                    s.locked = [False] * len(self.ops)
                    return Anim(event, 0.0)
                if phase == "activate":
                    return Anim(event, 0.6, banner=(N_("Activation"), {}))
                if phase == "trigger":
                    self._mark_activation(-1, -1, "now")
                    return Anim(event, 0.4)
                return Anim(event, 0.0)
            case ev.MarkerPlaced(number, _at, on_field):
                s.markers[number - 1] = on_field
                return Anim(event, 0.5)
            case ev.DamageCleared(p):
                s.damage[p] = 0
                return Anim(event, 0.25)
            case ev.RobotRestarted(p, at):
                s.pos[p] = Pos(*at)
                return Anim(event, 0.45)
            case ev.RobotWaiting():
                return Anim(event, 0.8)
            case ev.StartNumbersReturned():
                s.numbers = [None] * len(self.ops)
                return Anim(event, 0.3)
            case ev.StartNumbersDealt(numbers):
                s.numbers = list(numbers)
                return Anim(event, 0.4)
            case ev.LockedIn(p):
                s.locked[p] = True
                return Anim(event, 0.0)
            case ev.ChoosingOrderSet(order):
                s.order = tuple(order)
                return Anim(event, 0.0)
            case ev.StartNumberTaken(p, number):
                s.numbers[p] = number
                return Anim(event, 0.35)
            case ev.ProgramsRevealed(programs):
                self.activations = []
                for e in self.ctrl.peek_events():
                    if isinstance(e, (ev.RoundStarted, ev.ProgramsRevealed)):
                        break
                    if isinstance(e, (ev.DieActivated, ev.DieSkipped)):
                        die = programs[e.player][e.cross] or {}
                        self.activations.append(Activation(
                            e.player, e.cross, str(die.get("die", "blue")),
                            int(str(die.get("value", 0))), str(die.get("dir", "N"))))
                return Anim(event, 0.7, banner=(N_("Screens down!"), {}))
            case ev.DieActivated(p, cross):
                self._mark_activation(p, cross, "now")
                return Anim(event, 0.45)
            case ev.DieSkipped(p, cross):
                self._mark_activation(p, cross, "skipped")
                return Anim(event, 0.3)
            case ev.RobotMoved(p, _src, _dst, step, pushed_by):
                mover = p if pushed_by is None else pushed_by
                group = [event]
                while self.ctrl.pending and isinstance(self.ctrl.pending[0], ev.RobotMoved):
                    nxt = self.ctrl.pending[0]
                    if nxt.step != step or (nxt.pushed_by or nxt.player) != mover:
                        break
                    group.append(self.ctrl.pending.popleft())
                return Anim(event, 0.26, group=group)
            case ev.MoveBlocked():
                return Anim(event, 0.35)
            case ev.RobotFell():
                return Anim(event, 0.6)
            case ev.LaserFired():
                return Anim(event, 0.75)
            case ev.RobotDamaged(p, damage, _by):
                s.damage[p] = damage
                return Anim(event, 0.35)
            case ev.RobotDestroyed(p, _at, cause, _by):
                s.pos[p] = None
                return Anim(event, 0.7 if cause == "laser" else 0.1)
            case ev.MarkersCollected(_p, number):
                s.markers[number - 1] = 0
                return Anim(event, 0.6)
            case ev.VPScored(p, _amount, total):
                s.vp[p] = total
                return Anim(event, 0.6)
            case ev.GameWon(p, _vp):
                s.winner = p
                s.phase = "over"
                return Anim(event, 1.0, banner=(N_("{name} wins!"), {"name": self.name(p)}))
        return Anim(event, 0.0)

    def _mark_activation(self, p: PlayerId, cross: int, status: str) -> None:
        for entry in self.activations:
            if entry.status == "now":
                entry.status = "done"
        for entry in self.activations:
            if entry.player == p and entry.cross == cross and entry.status == "coming":
                entry.status = status
                return

    def _finish(self, anim: Anim) -> None:
        """Facts that change at the end of an animation (positions after a slide)."""
        s = self.shown
        match anim.event:
            case ev.RobotMoved():
                for e in anim.group:
                    s.pos[e.player] = Pos(*e.dst)
            case ev.RobotFell(p, _at):
                s.pos[p] = None
            case ev.GameWon():
                for entry in self.activations:
                    if entry.status == "now":
                        entry.status = "done"

    # -- drawing -----------------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface) -> None:
        art.draw_background(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        view = self.view()
        self._draw_top_bar(surface)
        view.draw_board(surface)
        held = {n for n in self.shown.numbers if n is not None}
        view.draw_posts(surface, [n for n in range(1, len(self.ops) + 1) if n not in held])
        self._draw_restart_targets(surface, view)
        self._draw_preview(surface, view)
        self._draw_robots(surface, view)
        self._draw_markers(surface, view)
        self._draw_effects(surface, view)
        self._draw_monitors(surface)
        mode = self._mode_rect()
        draw_panel(surface, mode)
        decision = self.ctrl.decision() if not self._busy() else None
        if self.mode == "program" and self.programmer is not None:
            self._draw_controller(surface, mode)
        elif self.mode == "number" and decision is not None and decision.kind == "number":
            self._draw_numbers(surface, mode, decision.player)
        elif self.mode == "restart" and decision is not None and decision.kind == "restart":
            self._draw_restart_panel(surface, mode, decision.player)
        elif self.mode == "over":
            self._draw_over(surface, mode)
        else:
            self._draw_activation(surface, mode)
        self._draw_banner(surface, view)

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        title = _("VOLT · {arena}").format(arena=self.ctrl.arena.name)
        draw_text(surface, title, theme.font(self.px(26), bold=True), theme.TEXT,
                  (self.px(16), self.px(28)), "midleft")
        phase = {"deal": N_("Setting up"), "prepare": N_("Prepare"), "marker": N_("Prepare"),
                 "restart": N_("Prepare"), "program": N_("Program"),
                 "start_numbers": N_("Start numbers"), "order": N_("Start numbers"),
                 "number": N_("Start numbers"), "activate": N_("Activate"),
                 "trigger": N_("Trigger"), "over": N_("Game over")}.get(self.shown.phase, "")
        text = _("Round {n}").format(n=max(1, self.shown.round)) + "  ·  " + _(phase) \
            if phase else ""
        x = self.px(16) + theme.font(self.px(26), bold=True).size(title)[0] + self.px(24)
        draw_text(surface, text, theme.font(self.px(20)), theme.ACCENT, (x, self.px(28)),
                  "midleft", max_width=self._panel().x + self.px(260) - x)

    def _draw_markers(self, surface: pygame.Surface, view: ArenaView) -> None:
        scale: dict[int, float] = {}
        anim = self.anim
        if anim is not None and isinstance(anim.event, ev.MarkerPlaced):
            scale[anim.event.number] = 0.4 + 0.6 * _ease(anim.progress) + \
                0.25 * math.sin(math.pi * anim.progress)
        view.draw_markers(surface, self.shown.markers, scale)

    def _draw_restart_targets(self, surface: pygame.Surface, view: ArenaView) -> None:
        if self.mode != "restart":
            return
        decision = self.ctrl.decision()
        if decision is None:
            return
        colour = art.shade(self.colour(decision.player), 1.3)
        glow = pygame.Surface((view.cell, view.cell), pygame.SRCALPHA)
        glow.fill((*colour, 80))
        for action in self.ctrl.legal(decision.player):
            if isinstance(action, PlaceRobot):
                surface.blit(glow, view.cell_rect(action.at).topleft)
                view.highlight(surface, Pos(*action.at), colour, max(3, view.cell // 9))

    def _draw_preview(self, surface: pygame.Surface, view: ArenaView) -> None:
        """The programmer's own plan on the arena: dotted moves, thin beams, numbered ends."""
        p = self.programmer
        if p is None or not self.preview:
            return
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        colour = self.colour(p)
        cross = 0
        ends: dict[int, tuple[float, float]] = {}
        width = max(2, view.cell // 12)
        for e in self.preview:
            if isinstance(e, ev.DieActivated):
                cross = e.cross
            elif isinstance(e, ev.RobotMoved) and e.player == p:
                a, b = view.centre(e.src), view.centre(e.dst)
                pygame.draw.line(layer, (*colour, 170), a, b, width)
                pygame.draw.circle(layer, (*colour, 200), b, width * 1.6)
                ends[cross] = b
            elif isinstance(e, ev.LaserFired) and e.player == p:
                end = view.point(*view.beam_end(Pos(*e.src), e.direction,
                                                [Pos(*q) for q in e.path], e.hit is not None))
                a = view.centre(e.src)
                dashes = max(2, int(math.dist(a, end) / max(4, view.cell * 0.18)))
                for i in range(0, dashes, 2):
                    t0, t1 = i / dashes, min(1.0, (i + 1) / dashes)
                    pygame.draw.line(layer, (255, 236, 200, 220),
                                     (a[0] + (end[0] - a[0]) * t0, a[1] + (end[1] - a[1]) * t0),
                                     (a[0] + (end[0] - a[0]) * t1, a[1] + (end[1] - a[1]) * t1),
                                     width)
                pygame.draw.circle(layer, (255, 236, 200, 230), end, width * 1.8)
            elif isinstance(e, ev.RobotFell) and e.player == p:
                c = view.centre(e.at)
                r = view.cell * 0.3
                pygame.draw.line(layer, (255, 80, 70, 230), (c[0] - r, c[1] - r),
                                 (c[0] + r, c[1] + r), width * 2)
                pygame.draw.line(layer, (255, 80, 70, 230), (c[0] - r, c[1] + r),
                                 (c[0] + r, c[1] - r), width * 2)
        surface.blit(layer, (0, 0))
        f = theme.font(max(9, view.cell * 0.24), bold=True)
        for number, point in ends.items():
            draw_text(surface, ROMAN[number], f, (255, 255, 255),
                      (int(point[0] + view.cell * 0.2), int(point[1] - view.cell * 0.2)), "center")

    def _robot_places(self, view: ArenaView) -> dict[PlayerId, tuple[tuple[float, float], float]]:
        """Where each robot is drawn now (screen centre) and at what scale."""
        places: dict[PlayerId, tuple[tuple[float, float], float]] = {}
        for p, pos in enumerate(self.shown.pos):
            if pos is not None:
                places[p] = (view.centre(pos), 1.0)
        anim = self.anim
        if anim is None:
            return places
        t = anim.progress
        e = anim.event
        if isinstance(e, ev.RobotMoved):
            for m in anim.group:
                a, b = view.centre(m.src), view.centre(m.dst)
                k = _ease(t)
                places[m.player] = ((a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k), 1.0)
        elif isinstance(e, ev.MoveBlocked) and e.blocked in places:
            (x, y), _sc = places[e.blocked]
            vx, vy = view.screen_vector(e.direction)
            bump = math.sin(math.pi * t) * view.cell * 0.16
            places[e.blocked] = ((x + vx * bump, y + vy * bump), 1.0)
        elif isinstance(e, ev.RobotFell):
            places[e.player] = (view.centre(e.at), max(0.0, 1.0 - t))
        elif isinstance(e, ev.RobotRestarted) and e.player in places:
            places[e.player] = (places[e.player][0], 0.3 + 0.7 * _ease(t))
        elif isinstance(e, ev.RobotDestroyed) and e.cause == "laser" and t < 0.6:
            places[e.player] = (view.centre(e.at), 1.0 - t / 0.6)
        return places

    def _draw_robots(self, surface: pygame.Surface, view: ArenaView) -> None:
        active = self._active_player()
        for p, (centre, scale) in sorted(self._robot_places(view).items()):
            if p == active:
                ring = max(3, view.cell // 12)
                pygame.draw.circle(surface, theme.ACCENT, centre, view.cell * 0.5, ring)
            view.draw_robot(surface, centre, self.colour(p), self.shape(p),
                            self.name(p)[:1].upper(), scale)
            number = self.shown.numbers[p]
            if number is not None and scale > 0.9:
                corner = (centre[0] - view.cell * 0.36, centre[1] - view.cell * 0.36)
                draw_start_number(surface, corner, max(6, view.cell * 0.14), number)

    def _active_player(self) -> PlayerId | None:
        for entry in self.activations:
            if entry.status == "now":
                return entry.player
        return self.programmer

    def _draw_effects(self, surface: pygame.Surface, view: ArenaView) -> None:
        anim = self.anim
        if anim is None:
            return
        t = anim.progress
        e = anim.event
        if isinstance(e, ev.LaserFired):
            end = view.beam_end(Pos(*e.src), e.direction, [Pos(*p) for p in e.path],
                                e.hit is not None)
            grow = min(1.0, t / 0.35)
            fade = 1.0 if t < 0.7 else max(0.0, 1 - (t - 0.7) / 0.3)
            view.draw_beam(surface, Pos(*e.src), end, grow, fade)
            if grow >= 1.0:
                draw_burst(surface, view.point(*end), view.cell * 0.35, (t - 0.35) / 0.65,
                           (255, 120, 90))
        elif isinstance(e, ev.RobotDamaged):
            pos = self.shown.pos[e.player]
            if pos is not None:
                draw_burst(surface, view.centre(pos), view.cell * 0.5, t)
        elif isinstance(e, ev.RobotDestroyed) and e.cause == "laser":
            centre = view.centre(e.at)
            draw_burst(surface, centre, view.cell * 0.8, t, (255, 150, 40), rays=14)
            if t < 0.8:
                pygame.draw.circle(surface, (255, 200, 90), centre, view.cell * 0.4 * (1 - t))
        elif isinstance(e, ev.MoveBlocked):
            vx, vy = view.screen_vector(e.direction)
            c = view.centre(e.at)
            spot = (c[0] + vx * view.cell * 0.5, c[1] + vy * view.cell * 0.5)
            draw_burst(surface, spot, view.cell * 0.3, t, (240, 240, 255), rays=7)
        elif isinstance(e, (ev.MarkersCollected, ev.VPScored)):
            p = e.player
            pos = self.shown.pos[p]
            if pos is None and isinstance(e, ev.MarkersCollected):
                pos = Pos(*e.at)
            if pos is not None:
                x, y = view.centre(pos)
                y -= view.cell * (0.4 + 0.8 * t)
                if isinstance(e, ev.VPScored):
                    label = f"+{e.amount} VP"
                    image = theme.font(view.cell * 0.38, bold=True).render(label, True,
                                                                             (255, 226, 120))
                    image.set_alpha(int(255 * (1 - t * 0.7)))
                    surface.blit(image, image.get_rect(center=(x, y)))
                else:
                    draw_marker(surface, (x, y), view.cell * 0.2)
        elif isinstance(e, ev.DieActivated):
            pos = self.shown.pos[e.player]
            if pos is not None:
                c = view.centre(pos)
                vx, vy = view.screen_vector(e.direction)
                norm = math.hypot(vx, vy)
                tip = (c[0] + vx / norm * view.cell * 0.62, c[1] + vy / norm * view.cell * 0.62)
                draw_arrow(surface, tip, (vx, vy), view.cell * 0.42, die_colour(e.colour),
                           (20, 20, 24))

    def _draw_banner(self, surface: pygame.Surface, view: ArenaView) -> None:
        anim = self.anim
        if anim is None or anim.banner is None:
            return
        msgid, kwargs = anim.banner
        text = _(msgid).format(**kwargs)
        t = anim.progress
        alpha = int(255 * min(1.0, 4 * t, 4 * (1 - t)))
        f = theme.font(self.px(46), bold=True)
        image = f.render(text, True, theme.TEXT)
        strip = pygame.Rect(0, 0, min(view.area.w, image.get_width() + self.px(80)),
                            image.get_height() + self.px(30))
        strip.center = view.grid.center
        band = pygame.Surface(strip.size, pygame.SRCALPHA)
        band.fill((10, 12, 20, int(alpha * 0.8)))
        surface.blit(band, strip.topleft)
        image.set_alpha(alpha)
        surface.blit(image, image.get_rect(center=strip.center))

    # monitors
    def _draw_monitors(self, surface: pygame.Surface) -> None:
        active = self._active_player()
        deciding = self.ctrl.decision() if not self._busy() else None
        for p, rect in enumerate(self._monitor_rects()):
            op = self.ops[p]
            highlight = p == active or (deciding is not None and deciding.player == p)
            draw_panel(surface, rect, theme.PANEL, edge=self.colour(p) if highlight
                       else theme.PANEL_EDGE, radius=self.px(10))
            if highlight:
                pygame.draw.rect(surface, self.colour(p), rect, max(2, self.px(3)),
                                 border_radius=self.px(10))
            robot = pygame.Rect(rect.x + self.px(6), rect.y + self.px(6), self.px(56), self.px(56))
            art.draw_robot(surface, robot, self.colour(p), shape=self.shape(p),
                           letter=op.name[:1].upper(),
                           mood="plain" if self.shown.pos[p] is None else "happy")
            x = rect.x + self.px(68)
            draw_text(surface, op.name, theme.font(self.px(19), bold=True), theme.TEXT,
                      (x, rect.y + self.px(8)), max_width=rect.right - x - self.px(60))
            who = _(BOT_LABELS.get(op.bot or "", N_("Bot"))) if op.is_bot else _("Human")
            draw_text(surface, f"{_(SIDE_NAMES[op.side])} · {who}", theme.font(self.px(14)),
                      theme.TEXT_DIM, (x, rect.y + self.px(33)), max_width=rect.right - x - 4)
            status = self._monitor_status(p)
            if status:
                draw_text(surface, status, theme.font(self.px(13), bold=True), theme.ACCENT,
                          (rect.right - self.px(8), rect.y + self.px(10)), "topright")
            cy = rect.bottom - self.px(20)
            small = theme.font(self.px(11))
            draw_text(surface, _("damage"), small, theme.TEXT_DIM, (x, cy - self.px(21)))
            draw_text(surface, _("VP"), small, theme.TEXT_DIM, (x + self.px(88), cy - self.px(21)))
            draw_start_number(surface, (rect.x + self.px(34), cy), self.px(13),
                              self.shown.numbers[p])
            for i in range(DESTROYING_DAMAGE):
                draw_damage(surface, (x + self.px(10) + i * self.px(25), cy), self.px(10),
                            i < self.shown.damage[p])
            for i in range(WINNING_VP):
                draw_star(surface, (x + self.px(100) + i * self.px(28), cy), self.px(12),
                          i < self.shown.vp[p])
            if self.shown.vp[p] > WINNING_VP:
                draw_text(surface, str(self.shown.vp[p]), theme.font(self.px(14), bold=True),
                          theme.ACCENT, (x + self.px(100) + 3 * self.px(28), cy), "midleft")

    def _monitor_status(self, p: PlayerId) -> str:
        if self.shown.winner == p:
            return _("Winner")
        if self.shown.pos[p] is None and self.shown.round > 0:
            return _("outside")
        if self.shown.phase == "program":
            if self.shown.locked[p]:
                return _("locked in ✓")
            if p == self.programmer:
                return _("programming…")
        return ""

    # mode panels
    def _panel_title(self, surface: pygame.Surface, mode: pygame.Rect, text: str,
                     colour: tuple[int, int, int] = theme.TEXT) -> None:
        draw_text(surface, text, theme.font(self.px(22), bold=True), colour,
                  (mode.x + self.px(16), mode.y + self.px(12)),
                  max_width=mode.w - self.px(100 if self.mode == "program" else 32))

    def _draw_controller(self, surface: pygame.Surface, mode: pygame.Rect) -> None:
        p = self.programmer
        assert p is not None
        op = self.ops[p]
        self._panel_title(surface, mode, _("{name}: program your robot").format(name=op.name),
                          self.colour(p))
        seconds = int(self.clock() - self.program_started)
        draw_text(surface, f"{seconds // 60}:{seconds % 60:02d}", theme.font(self.px(18)),
                  theme.TEXT_DIM, (mode.right - self.px(16), mode.y + self.px(15)), "topright")
        draw_text(surface, _("Up is away from you ({side} side). Blue dice move, red dice fire.")
                  .format(side=_(SIDE_NAMES[op.side])), theme.font(self.px(14)), theme.TEXT_DIM,
                  (mode.x + self.px(16), mode.y + self.px(40)), max_width=mode.w - self.px(32))
        program = self.ctrl.state.programs[p]
        targets = self.targets(self.held) if self.held else {}
        hover = self._key_at(self.mouse)
        for cross, box in enumerate(self._cross_rects()):
            die = program[cross]
            centre = pygame.Rect(box.x + box.w // 3 + 1, box.y + box.h // 3 + 1, box.w // 3 - 2,
                                 box.h // 3 - 2)
            pygame.draw.rect(surface, theme.BACKGROUND_DEEP, box.inflate(self.px(8), self.px(8)),
                             border_radius=self.px(10))
            draw_text(surface, ROMAN[cross], theme.font(self.px(22), bold=True),
                      theme.TEXT_DIM if die is None else theme.ACCENT, centre.center, "center")
            for relative in KEY_ORDER:
                rect = self.key_rect(cross, relative)
                blue = not relative.is_diagonal
                base = (44, 86, 170) if blue else (84, 90, 106)
                target = (cross, relative) in targets
                if self.held and not target:
                    base = art.shade(base, 0.55)
                if hover == (cross, relative) and (target or not self.held):
                    base = art.shade(base, 1.25)
                pygame.draw.rect(surface, base, rect, border_radius=self.px(8))
                edge = theme.ACCENT if target else (20, 22, 30)
                pygame.draw.rect(surface, edge, rect, max(1, self.px(3) if target else 1),
                                 border_radius=self.px(8))
                dx, dy = relative.delta
                draw_arrow(surface, rect.center, (dx, dy), rect.w * 0.5,
                           (236, 240, 250) if blue else (196, 200, 212))
                if die is not None and to_absolute(op.side, relative) == die.direction:
                    draw_die_icon(surface, rect.inflate(-self.px(4), -self.px(4)),
                                  die.colour.value, die.value)
        # tray
        tray = self._tray_rects()
        draw_text(surface, _("Dice"), theme.font(self.px(14)), theme.TEXT_DIM,
                  (mode.x + self.px(16), tray[0][1].y - self.px(22)))
        free = {"blue": self.tray_free("blue"), "red": self.tray_free("red")}
        seen = {"blue": 0, "red": 0}
        for colour, rect in tray:
            seen[colour] += 1
            if seen[colour] > free[colour]:
                pygame.draw.rect(surface, (52, 56, 68), rect, max(1, self.px(2)),
                                 border_radius=self.px(8))
                continue
            held_here = self.held == colour and seen[colour] == 1
            if held_here and self.drag_pos is not None:
                pygame.draw.rect(surface, (52, 56, 68), rect, max(1, self.px(2)),
                                 border_radius=self.px(8))
                continue
            enabled = self.can_hold(colour)
            draw_die_icon(surface, rect, colour, self.face if held_here else None,
                          dim=not enabled)
            if held_here:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(self.px(8), self.px(8)),
                                 max(2, self.px(3)), border_radius=self.px(10))
        fx = tray[-1][1].right + self.px(40)
        draw_text(surface, _("Face"), theme.font(self.px(14)), theme.TEXT_DIM,
                  (fx, tray[0][1].y - self.px(22)))
        hint_y = tray[0][1].bottom + self.px(14)
        if self.held is None:
            hint = _("Drag a die onto a key, or click a die (B blue, R red) and then a key.")
        elif self.held == "blue":
            hint = _("Blue die, face {face}: it moves {face} squares. Blue keys only.").format(
                face=self.face)
        else:
            hint = _("Red die, face {face}: it fires. Any of the eight keys.").format(
                face=self.face)
        if self._lock_action() is not None:
            hint = _("All three crosses hold a die: lock in when you are happy.")
        draw_paragraphs(surface, hint, theme.font(self.px(16)), theme.TEXT,
                        pygame.Rect(mode.x + self.px(16), hint_y, mode.w - self.px(32),
                                    self.px(44)))
        if self.held and self.drag_pos is not None:
            rect = pygame.Rect(0, 0, self.px(44), self.px(44))
            rect.center = self.drag_pos
            draw_die_icon(surface, rect, self.held, self.face)

    def _draw_numbers(self, surface: pygame.Surface, mode: pygame.Rect, p: PlayerId) -> None:
        self._panel_title(surface, mode, _("{name}: take a start number").format(
            name=self.name(p)), self.colour(p))
        draw_paragraphs(surface, _("The fastest programmer chooses first. The start number "
                                   "breaks ties on a cross and orders the restarts and the "
                                   "trigger phase."), theme.font(self.px(15)), theme.TEXT_DIM,
                        pygame.Rect(mode.x + self.px(16), mode.y + self.px(44),
                                    mode.w - self.px(32), self.px(72)))
        y = mode.y + self.px(124)
        times = self.ctrl.state.lock_times
        for rank, q in enumerate(self.shown.order or tuple(range(len(self.ops)))):
            row = pygame.Rect(mode.x + self.px(16), y + rank * self.px(34), mode.w - self.px(32),
                              self.px(30))
            if q == p:
                pygame.draw.rect(surface, theme.BUTTON_HOVER, row, border_radius=self.px(6))
            art.draw_emblem(surface, self.shape(q), (row.x + self.px(16), row.centery),
                            self.px(10), self.colour(q))
            draw_text(surface, f"{rank + 1}.  {self.name(q)}", theme.font(self.px(17)),
                      theme.TEXT, (row.x + self.px(34), row.centery), "midleft")
            t = times[q]
            if t is not None:
                draw_text(surface, _("{seconds} s").format(seconds=f"{t / 1000:.1f}"),
                          theme.font(self.px(16)), theme.TEXT_DIM,
                          (row.x + self.px(300), row.centery), "midleft")
            number = self.shown.numbers[q]
            draw_start_number(surface, (row.right - self.px(20), row.centery), self.px(12),
                              number)

    def _draw_restart_panel(self, surface: pygame.Surface, mode: pygame.Rect,
                            p: PlayerId) -> None:
        self._panel_title(surface, mode, _("{name}: place your robot").format(name=self.name(p)),
                          self.colour(p))
        draw_paragraphs(surface, _("Click a free start field on your side of the arena; the "
                                   "free ones are marked."), theme.font(self.px(17)), theme.TEXT,
                        pygame.Rect(mode.x + self.px(16), mode.y + self.px(50),
                                    mode.w - self.px(32), self.px(80)))
        self._draw_log(surface, pygame.Rect(mode.x + self.px(16), mode.y + self.px(140),
                                            mode.w - self.px(32), mode.h - self.px(160)))

    def _draw_activation(self, surface: pygame.Surface, mode: pygame.Rect) -> None:
        s = self.shown
        if s.phase in ("activate", "trigger") or (self.activations and s.phase != "program"):
            title = _("Activation: cross by cross")
        elif s.phase == "program":
            waiting = [self.name(p) for p in range(len(self.ops)) if not s.locked[p]]
            title = _("Programming: {names}").format(names=", ".join(waiting)) if waiting \
                else _("Programming")
        else:
            title = _("Round {n}").format(n=max(1, s.round))
        self._panel_title(surface, mode, title)
        y = mode.y + self.px(46)
        row_h = self.px(27)
        if self.activations and s.phase not in ("program",):
            view = self.view()
            for i, entry in enumerate(self.activations):
                row = pygame.Rect(mode.x + self.px(12), y + i * row_h, mode.w - self.px(24),
                                  row_h - self.px(3))
                if entry.status == "now":
                    pygame.draw.rect(surface, theme.BUTTON_HOVER, row, border_radius=self.px(6))
                    pygame.draw.rect(surface, theme.ACCENT, row, max(1, self.px(2)),
                                     border_radius=self.px(6))
                dim = entry.status in ("done", "skipped")
                colour = theme.TEXT_DIM if dim else theme.TEXT
                f = theme.font(self.px(15), bold=entry.status == "now")
                draw_text(surface, ROMAN[entry.cross], f, colour, (row.x + self.px(8),
                                                                   row.centery), "midleft")
                die = pygame.Rect(row.x + self.px(42), row.y + 1, row.h - 2, row.h - 2)
                draw_die_icon(surface, die, entry.colour, entry.value, dim=dim)
                vector = view.screen_vector(entry.direction)
                draw_arrow(surface, (die.right + self.px(16), row.centery), vector,
                           row.h * 0.7, die_colour(entry.colour) if not dim else (90, 96, 110))
                art.draw_emblem(surface, self.shape(entry.player),
                                (die.right + self.px(44), row.centery), row.h * 0.32,
                                self.colour(entry.player))
                what = _("moves {n}").format(n=entry.value) if entry.colour == "blue" \
                    else _("fires")
                draw_text(surface, f"{self.name(entry.player)} · {what}", f, colour,
                          (die.right + self.px(60), row.centery), "midleft",
                          max_width=row.right - die.right - self.px(160))
                label = {"done": _("done"), "skipped": _("skipped"), "now": _("now"),
                         "coming": ""}[entry.status]
                draw_text(surface, label, theme.font(self.px(14)), theme.ACCENT
                          if entry.status == "now" else theme.TEXT_DIM,
                          (row.right - self.px(8), row.centery), "midright")
                if entry.status == "skipped":
                    pygame.draw.line(surface, theme.TEXT_DIM, (row.x + self.px(36), row.centery),
                                     (row.right - self.px(80), row.centery), max(1, self.px(2)))
            y += len(self.activations) * row_h + self.px(8)
        log_rect = pygame.Rect(mode.x + self.px(16), y, mode.w - self.px(32),
                               mode.bottom - self.px(16 if self.mode == "replay" else 70) - y)
        self._draw_log(surface, log_rect)

    def _draw_log(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if rect.h <= 0:
            return
        f = theme.font(self.px(15))
        line = int(f.get_linesize() * 1.15)
        count = max(0, rect.h // line)
        entries = self.log[-count:] if count else []
        for i, (msgid, kwargs) in enumerate(entries):
            newest = i == len(entries) - 1
            draw_text(surface, _(msgid).format(**kwargs), theme.font(self.px(15), bold=newest),
                      theme.TEXT if newest else theme.TEXT_DIM, (rect.x, rect.y + i * line),
                      max_width=rect.w)

    def _draw_over(self, surface: pygame.Surface, mode: pygame.Rect) -> None:
        winner = self.ctrl.state.winner
        if winner is not None:
            self._panel_title(surface, mode, _("{name} wins!").format(name=self.name(winner)),
                              self.colour(winner))
        self._draw_log(surface, pygame.Rect(mode.x + self.px(16), mode.y + self.px(50),
                                            mode.w - self.px(32), mode.h - self.px(130)))


def draw_die_icon(surface: pygame.Surface, rect: pygame.Rect, colour: str, value: int | None,
                  dim: bool = False) -> None:
    """A blue or red die; with no value, a blank die (a die in the tray)."""
    rgb = BLUE_DIE if colour == "blue" else RED_DIE
    if dim:
        rgb = art.shade(rgb, 0.45)
    if value:
        art.draw_die(surface, rect, value, rgb)
    else:
        radius = int(rect.w * 0.18)
        pygame.draw.rect(surface, rgb, rect, border_radius=radius)
        pygame.draw.rect(surface, (20, 20, 24), rect, max(1, rect.w // 20), border_radius=radius)
        # a glyph as well as the colour: an arrow moves, a crosshair fires
        mark = (236, 240, 250) if not dim else (150, 150, 160)
        if colour == "blue":
            draw_arrow(surface, rect.center, (1, 0), rect.w * 0.56, mark)
        else:
            r = rect.w * 0.24
            width = max(1, rect.w // 16)
            pygame.draw.circle(surface, mark, rect.center, r, width)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                pygame.draw.line(surface, mark,
                                 (rect.centerx + dx * r * 0.5, rect.centery + dy * r * 0.5),
                                 (rect.centerx + dx * r * 1.5, rect.centery + dy * r * 1.5), width)


class VoltWinScene(WidgetScene):
    """The winner, every operator's VP, and: play again or back to the menu."""

    overlay = True

    def __init__(self, services: Services, arena_scene: VoltArenaScene) -> None:
        self.arena_scene = arena_scene
        super().__init__(services)

    def _box(self) -> pygame.Rect:
        box = pygame.Rect(0, 0, self.px(620), self.px(540))
        box.center = (self.size[0] // 2, self.size[1] // 2)
        return box

    def build(self, size: tuple[int, int]) -> None:
        box = self._box()
        w, h = self.px(250), self.px(56)
        y = box.bottom - h - self.px(26)
        menu = Button((box.x + self.px(30), y, w, h), N_("Main menu"), self.arena_scene.to_menu)
        again = Button((box.right - w - self.px(30), y, w, h), N_("Play again"),
                       self.arena_scene.play_again, style="primary")
        watch = Button((box.x + self.px(30), y - h - self.px(12), box.w - self.px(60), h),
                       N_("Watch replay"), self.arena_scene.watch_replay,
                       tooltip=REPLAY_TOOLTIP)
        self.ui.add(menu)
        self.ui.add(watch)
        self.ui.add(again)
        self.ui.default = again

    def draw_content(self, surface: pygame.Surface) -> None:
        scrim(surface)
        box = self._box()
        draw_panel(surface, box)
        scene = self.arena_scene
        winner = scene.ctrl.state.winner
        if winner is None:
            return
        robot = pygame.Rect(0, 0, self.px(150), self.px(150))
        robot.midtop = (box.centerx, box.y + self.px(20))
        for i in range(12):
            angle = i * math.pi / 6
            c = robot.center
            pygame.draw.line(surface, theme.ACCENT, (c[0] + math.cos(angle) * self.px(80),
                                                      c[1] + math.sin(angle) * self.px(80)),
                             (c[0] + math.cos(angle) * self.px(100),
                              c[1] + math.sin(angle) * self.px(100)), max(2, self.px(4)))
        art.draw_robot(surface, robot, scene.colour(winner), shape=scene.shape(winner),
                       letter=scene.name(winner)[:1].upper())
        draw_text(surface, _("{name} wins!").format(name=scene.name(winner)),
                  theme.font(self.px(40), bold=True), theme.TEXT,
                  (box.centerx, robot.bottom + self.px(30)), "center", max_width=box.w - 40)
        draw_text(surface, _("Rounds played: {n}").format(n=scene.ctrl.state.round),
                  theme.font(self.px(18)), theme.TEXT_DIM, (box.centerx, robot.bottom
                                                            + self.px(66)), "center")
        ranking = sorted(range(len(scene.ops)), key=lambda p: (-scene.ctrl.state.robots[p].vp, p))
        y = robot.bottom + self.px(96)
        for p in ranking:
            vp = scene.ctrl.state.robots[p].vp
            x = box.x + self.px(130)
            art.draw_emblem(surface, scene.shape(p), (x, y + self.px(12)), self.px(10),
                            scene.colour(p))
            draw_text(surface, scene.name(p), theme.font(self.px(19), bold=p == winner),
                      theme.TEXT, (x + self.px(22), y + self.px(12)), "midleft")
            for i in range(WINNING_VP):
                draw_star(surface, (box.right - self.px(230) + i * self.px(30), y + self.px(12)),
                          self.px(12), i < vp)
            draw_text(surface, _("{n} VP").format(n=vp), theme.font(self.px(17), bold=True),
                      theme.TEXT, (box.right - self.px(130), y + self.px(12)), "midleft")
            y += self.px(30)


ARROWS = {"N": "↑", "NE": "↗", "E": "→", "SE": "↘", "S": "↓", "SW": "↙", "W": "←", "NW": "↖"}
"""Arena directions in the exported log (north is up on the map)."""


def describe_action(action: Action, name: Callable[[PlayerId], str]) -> str:
    """One logged action in words, for the exported replay log (every program shown)."""
    match action:
        case DealStartNumbers(numbers):
            return _("Start numbers are dealt: {list}.").format(list=", ".join(
                f"{name(p)} {n}" for p, n in enumerate(numbers)))
        case DrawMarker(number):
            return _("VP marker {number} is drawn.").format(number=number)
        case PlaceRobot(p, at):
            return _("{name} places the robot on the start field in column {column}, row "
                     "{row}.").format(name=name(p), column=at[0] + 1, row=at[1] + 1)
        case PlaceDie(p, cross, colour, value, direction) if colour == "blue":
            return _("{name} puts a blue {value} on cross {cross}: move {arrow}.").format(
                name=name(p), value=value, cross=ROMAN[cross], arrow=ARROWS.get(direction, "?"))
        case PlaceDie(p, cross, _colour, value, direction):
            return _("{name} puts a red {value} on cross {cross}: fire {arrow}.").format(
                name=name(p), value=value, cross=ROMAN[cross], arrow=ARROWS.get(direction, "?"))
        case ClearCross(p, cross):
            return _("{name} takes the die off cross {cross}.").format(name=name(p),
                                                                        cross=ROMAN[cross])
        case LockIn(p, time_ms):
            return _("{name} locks in after {seconds} s.").format(
                name=name(p), seconds=f"{time_ms / 1000:.1f}")
        case OrderTiedOperators(order):
            return _("Equal programming times: the order of choosing is drawn ({names}).").format(
                names=", ".join(name(p) for p in order))
        case TakeStartNumber(p, number):
            return _("{name} takes start number {number}.").format(name=name(p), number=number)
    return repr(action)


@dataclass(frozen=True)
class _ReplayPosition:
    """A kept replay position: the controller's snapshot plus what the scene shows from."""

    controller: ControllerSnapshot
    shown: Shown
    activations: list[Activation]
    log: tuple[tuple[str, dict[str, Any]], ...]
    caption: tuple[str, dict[str, Any]] | None
    spectator_programs: list[list[dict[str, object] | None]]


class VoltReplayScene(VoltArenaScene):
    """The replay viewer: a saved game stepped through its action log with the arena's own
    animations. A spectator's view: every operator's program is shown (the top bar says
    so); nobody decides here, bots do not act, no privacy screen, no timer."""

    def __init__(self, services: Services, setup: GameSetup, controller: VoltController,
                 saved: Any, *, ask_first: bool = False) -> None:
        from game.scenes.replay import ReplayBar
        self.saved = saved
        self.actions: list[dict[str, Any]] = list(saved.actions)
        self.bar = ReplayBar(self, saved, self.log_lines)
        self.snapshots: SnapshotStore[_ReplayPosition] = SnapshotStore()
        self.ask_first = ask_first
        self.spectator_programs: list[list[dict[str, object] | None]] = []
        super().__init__(services, setup, controller)
        self.ctrl = self._fresh_controller()
        self.shown = Shown.of(self.ctrl)
        self._note_programs([])

    def _fresh_controller(self) -> VoltController:
        """The game at its start position; no bots (nobody decides in a replay)."""
        return VoltController(self.ctrl.arena, self.ops, self.ctrl.seed, self.ctrl.rules,
                              bot_factory=lambda *_args: None)

    # -- the ReplayBar's host ------------------------------------------------------------
    def replay_step_forward(self) -> None:
        index = len(self.ctrl.match.log)
        if index >= len(self.actions):
            return
        if self._busy():
            self.skip()  # the step still being shown snaps to its end first
        elif self.snapshots.due(index):
            self.snapshots.keep(index, self._position())
        self._note_programs(self.ctrl.play_logged(self.actions[index]))
        self.dirty = True

    def replay_seek(self, index: int) -> None:
        """The position after the first `index` actions, at once: the log is played again
        without animation from the nearest kept position at or before `index`
        (game/scenes/replay_snapshots.py), else from the start. Positions passed on the way
        are kept for the next seek."""
        self.anim = None
        found = self.snapshots.nearest(index)
        if found is None:
            first = 0
            self.ctrl = self._fresh_controller()
            self.activations = []
            self.log = []
            self.caption = None
            self.shown = Shown.of(self.ctrl)
            self._note_programs([])
        else:
            first, position = found
            self._go_to(position)
        for i in range(first, index):
            self._note_programs(self.ctrl.play_logged(self.actions[i]))
            self._snap_pending()
            if self.snapshots.due(i + 1):
                self.snapshots.keep(i + 1, self._position())
        self.shown = replace(Shown.of(self.ctrl), order=self.shown.order)
        self.dirty = True
        self._rebuild()

    def _position(self) -> _ReplayPosition:
        """The position now, between two actions (nothing left to animate)."""
        return _ReplayPosition(self.ctrl.snapshot(), copy.deepcopy(self.shown),
                               copy.deepcopy(self.activations), tuple(self.log), self.caption,
                               copy.deepcopy(self.spectator_programs))

    def _go_to(self, position: _ReplayPosition) -> None:
        """Back to a kept position; it is copied again, so it stays usable."""
        self.ctrl = self._fresh_controller()
        self.ctrl.restore_snapshot(position.controller)
        self.shown = copy.deepcopy(position.shown)
        self.activations = copy.deepcopy(position.activations)
        self.log = list(position.log)
        self.caption = position.caption
        self.spectator_programs = copy.deepcopy(position.spectator_programs)

    def is_animating(self) -> bool:
        return self._busy() or WidgetScene.is_animating(self)

    def _note_programs(self, events: list[Any]) -> None:
        """The programs the panel shows: as the screens came down when this step revealed
        them (the rules have already moved on to the next round), else as they lie now."""
        for event in events:
            if isinstance(event, ev.ProgramsRevealed):
                self.spectator_programs = [list(program) for program in event.programs]
                return
        self.spectator_programs = [[die.to_dict() if die is not None else None
                                    for die in program] for program in self.ctrl.state.programs]

    def log_lines(self) -> list[str]:
        """The whole game in words: one numbered line per logged action, then what it made
        happen (the arena's own log lines), every line starting with its round."""
        ctrl = self._fresh_controller()
        lines: list[str] = []
        for number, data in enumerate(self.actions, 1):
            round_label = _("Round {n}").format(n=max(1, ctrl.state.round))
            said = describe_action(action_from_dict(data), self.name)
            lines.append(f"{round_label} · {number}. {said}")
            events = ctrl.play_logged(data)
            ctrl.pending.clear()
            for event in events:
                if isinstance(event, ev.RoundStarted):
                    round_label = _("Round {n}").format(n=event.round)
                line = narration(event, self.name)
                if line is not None:
                    text = _(line[0]).format(**line[1])
                    if text != said:
                        lines.append(f"{round_label} ·     {text}")
        return lines

    # -- the scene -----------------------------------------------------------------------
    def _current_mode(self) -> str:
        return "replay"

    def _bar_rect(self) -> pygame.Rect:
        h = self.px(46)
        return pygame.Rect(self.px(14), self.size[1] - self.px(12) - h,
                           self.size[0] - self.px(28), h)

    def _bottom(self) -> int:
        return self._bar_rect().y - self.px(28)

    def view_side(self) -> Direction:
        """One fixed view for the whole replay: the first human's seat, else South."""
        humans = self.humans()
        return self.ops[humans[0]].side if humans else Direction.S

    def build(self, size: tuple[int, int]) -> None:
        super().build(size)
        for widget in self.bar.widgets(self._bar_rect()):
            self.ui.add(widget)

    def on_enter(self) -> None:
        if self.ask_first:
            # an unfinished game: its programs were secret, so ask before showing them
            self.ask_first = False
            self.services.scenes.push(ConfirmDialog(
                self.services, N_("This game is not finished; the replay shows every "
                                  "operator's program. Continue?"),
                lambda: None, on_no=self._leave_to_saves, yes=N_("Show every program"),
                no=N_("Back")))

    def on_exit(self) -> None:
        self.bar.playing = False

    def _leave_to_saves(self) -> None:
        from game.scenes.menu import MenuScene
        from game.scenes.saves_hook import continue_last_game
        self.services.scenes.reset(MenuScene(self.services))
        continue_last_game(self.services)

    def update(self, dt: float) -> None:
        WidgetScene.update(self, dt)
        self._animate(dt)
        self.bar.update(dt)
        if self.bar.playing:
            self.dirty = True  # keep the frames coming while it plays

    def handle_event(self, event: pygame.event.Event) -> bool:
        from game.scenes.replay import handle_replay_input
        return handle_replay_input(self, event)

    def back(self) -> None:
        self.bar.playing = False
        self.services.scenes.push(PauseMenu(self.services, rules=self.open_rules))

    def request_close(self) -> bool:
        return True

    def draw_content(self, surface: pygame.Surface) -> None:
        super().draw_content(surface)
        self.bar.draw(surface)

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        super()._draw_top_bar(surface)
        label = _("Replay: every program shown")
        rules = next((w.rect for w in self.ui.widgets if isinstance(w, Button)), None)
        right = rules.x - self.px(14) if rules is not None else self.size[0] - self.px(280)
        draw_text(surface, label, theme.font(self.px(17), bold=True), theme.ACCENT,
                  (right, self.px(28)), "midright")

    def _draw_activation(self, surface: pygame.Surface, mode: pygame.Rect) -> None:
        if self.shown.phase in ("program", "start_numbers"):
            self._draw_programs(surface, mode)
            return
        winner = self.shown.winner
        if winner is not None and self.anim is None:
            self._panel_title(surface, mode, _("{name} wins!").format(name=self.name(winner)),
                              self.colour(winner))
            self._draw_log(surface, pygame.Rect(mode.x + self.px(16), mode.y + self.px(50),
                                                mode.w - self.px(32), mode.h - self.px(66)))
            return
        super()._draw_activation(surface, mode)

    def _draw_programs(self, surface: pygame.Surface, mode: pygame.Rect) -> None:
        """Every operator's three crosses as they lie: die, face and direction on screen."""
        self._panel_title(surface, mode, _("Programs"))
        view = self.view()
        row_h = self.px(34)
        y = mode.y + self.px(48)
        name_w = self.px(150)
        for p, program in enumerate(self.spectator_programs):
            row = pygame.Rect(mode.x + self.px(12), y + p * row_h, mode.w - self.px(24),
                              row_h - self.px(4))
            locked = self.shown.locked[p] if p < len(self.shown.locked) else False
            pygame.draw.rect(surface, theme.BACKGROUND_DEEP, row, border_radius=self.px(6))
            art.draw_emblem(surface, self.shape(p), (row.x + self.px(14), row.centery),
                            self.px(9), self.colour(p))
            draw_text(surface, self.name(p) + ("  ✓" if locked else ""),
                      theme.font(self.px(16), bold=True), theme.TEXT,
                      (row.x + self.px(30), row.centery), "midleft",
                      max_width=name_w - self.px(34))
            cell_w = (row.right - row.x - name_w) // CROSSES
            for cross, die in enumerate(program):
                x = row.x + name_w + cross * cell_w
                draw_text(surface, ROMAN[cross], theme.font(self.px(13), bold=True),
                          theme.TEXT_DIM, (x + self.px(4), row.centery), "midleft")
                box = pygame.Rect(x + self.px(26), row.y + self.px(3), row.h - self.px(6),
                                  row.h - self.px(6))
                if die is None:
                    pygame.draw.rect(surface, (52, 56, 68), box, max(1, self.px(2)),
                                     border_radius=self.px(5))
                    continue
                colour = str(die.get("die", "blue"))
                draw_die_icon(surface, box, colour, int(str(die.get("value", 0))))
                draw_arrow(surface, (box.right + self.px(14), row.centery),
                           view.screen_vector(str(die.get("dir", "N"))), row.h * 0.6,
                           die_colour(colour))
        y += len(self.spectator_programs) * row_h + self.px(10)
        self._draw_log(surface, pygame.Rect(mode.x + self.px(16), y, mode.w - self.px(32),
                                            mode.bottom - self.px(16) - y))


class _ArenaProblem(MessageScene):
    """The chosen arena cannot be played: say why, then back to the menu."""

    def back(self) -> None:
        from game.scenes.menu import MenuScene
        self.services.scenes.reset(MenuScene(self.services))


def arena_path(setup: GameSetup) -> Path:
    if setup.board is not None:
        return Path(setup.board)
    return paths.builtin_boards_dir() / "volt" / f"{DEFAULT_ARENA}.yaml"


def resume(services: Services, saved: Any) -> Scene:
    """Rebuild a saved game (a `game.saves.SavedGame`) where it was saved.

    Raises:
        ValueError / IllegalActionError / KeyError / TypeError: the save does not replay."""
    data = dict(saved.setup)
    players = [PlayerSetup(str(p["name"]), str(p["colour"]), p.get("bot_level"))
               for p in data["players"]]
    board = _saved_arena(data)
    setup = GameSetup("volt", players, str(data.get("variant") or "training"), board,
                      int(data["seed"]), dict(data.get("options") or {}))
    scene = start(services, setup)
    if not isinstance(scene, VoltArenaScene):
        raise ValueError(f"the arena {data.get('arena')!r} cannot be played")
    scene.ctrl.restore(list(saved.actions))
    scene.shown = Shown.of(scene.ctrl)
    scene.autosaved = (scene.ctrl.state.round, scene.ctrl.is_over())
    return scene


def replay(services: Services, saved: Any) -> Scene:
    """The replay viewer for a saved game (a `game.saves.SavedGame`), at its start. The
    whole log is checked first, so a save that does not replay is refused here with the
    reason (game.scenes.saves_hook.open_save shows it) rather than halfway through.

    Raises:
        ValueError / IllegalActionError / KeyError / TypeError: the save does not replay."""
    game = resume(services, saved)  # builds the game and replays the whole log: the check
    assert isinstance(game, VoltArenaScene)
    return VoltReplayScene(services, game.setup, game.ctrl, saved,
                           ask_first=not saved.finished)


def _saved_arena(data: dict[str, Any]) -> Path:
    """The saved arena file, or one of the same name among the user's and built-in arenas."""
    board = data.get("board")
    if board and Path(str(board)).is_file():
        return Path(str(board))
    stem = str(data.get("arena") or Path(str(board or DEFAULT_ARENA)).stem)
    for folder in (paths.user_boards_dir() / "volt", paths.user_boards_dir(),
                   paths.builtin_boards_dir() / "volt"):
        candidate = folder / f"{stem}.yaml"
        if candidate.is_file():
            return candidate
    raise ValueError(f"no arena named {stem!r}")


def start(services: Services, setup: GameSetup) -> Scene:
    """The setup screen's entry point: load the arena, seat the operators, begin."""
    from game.data.errors import DataError
    from game.volt.data import load_arena

    path = arena_path(setup)
    try:
        arena = load_arena(path)
    except DataError as exc:
        problem = str(exc.problems[0]) if exc.problems else str(exc)
        return _ArenaProblem(services, N_("VOLT"), lambda: _(
            "This arena cannot be played: {problem}").format(problem=problem))
    try:
        sides = seat_sides(arena, len(setup.players))
    except ValueError:
        return _ArenaProblem(services, N_("VOLT"), lambda: _(
            "This arena has no start fields for {n} operators.").format(n=len(setup.players)))
    operators = [Operator(p.name, p.colour, side, p.bot_level)
                 for p, side in zip(setup.players, sides)]
    rules = setup.options.get("rules") if isinstance(setup.options.get("rules"), dict) else None
    controller = VoltController(arena, operators, setup.seed, rules)
    return VoltArenaScene(services, setup, controller)


# -- screenshots and the monkey test -----------------------------------------------------------

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
    return scene


def _settle(scene: VoltArenaScene, until: Callable[[VoltArenaScene], bool],
            limit: int = 20_000) -> None:
    """Run the scene headless (instantly) until `until(scene)` holds."""
    factor = scene.services.settings.animation_speed
    scene.services.settings.animation_speed = "instant"
    try:
        for _i in range(limit):
            if until(scene):
                return
            scene.update(1 / 60)
            scene.services.scenes.apply_pending()
            top = scene.services.scenes.top
            if isinstance(top, PrivacyScreen):
                top._ready()
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
        decision = s.ctrl.decision() if not s._busy() else None
        if decision is None:
            return False
        if decision.kind == "program" and s.programmer is not None:
            p = s.programmer
            side = s.ops[p].side
            for cross, (colour, value, key) in enumerate(program):
                if s.ctrl.state.programs[p][cross] is None:
                    s._submit(PlaceDie(p, cross, colour, value, to_absolute(side, key).value))
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
    scene = _demo(services, _setup([("Anna", "red", None), ("Ben", "blue", "random"),
                                    ("Clara", "green", "random")]))
    assert isinstance(scene, VoltArenaScene)
    services.scenes.push(scene)
    services.scenes.apply_pending()
    _drive(scene, lambda s: s.programmer is not None and s.shown.round >= 2
           and not any(s.ctrl.state.programs[s.programmer]))
    p = scene.programmer
    if p is not None:
        side = scene.ops[p].side
        for action in (PlaceDie(p, 0, "blue", 3, to_absolute(side, Direction8.N).value),
                       PlaceDie(p, 1, "red", 2, to_absolute(side, Direction8.NE).value)):
            scene._submit(action)
        scene.held = "red"
        scene.face = 4
        scene._rebuild()
    services.scenes.stack.clear()
    return [scene]


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
        decision = s.ctrl.decision() if not s._busy() else None
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
                s._begin_programming(p)
            # Anna: I move N 1 -> (2,6); II fire NE (hits Ben at (5,3)? see Ben); III move W 1
            # Ben:  I move S 3 -> (5,3); II move W 1 -> (4,3)... keep Ben on Anna's diagonal.
            plans = {0: (("blue", 1, "N"), ("red", 2, "NE"), ("blue", 1, "W")),
                     1: (("blue", 3, "S"), ("red", 6, "SW"), ("blue", 1, "E"))}
            for cross, (colour, value, direction) in enumerate(plans[p]):
                if state.programs[p][cross] is None:
                    s._submit(PlaceDie(p, cross, colour, value, direction))
            s.lock_in()
        return any(diagonal(e) for e in s.ctrl.pending)

    _settle(scene, drive, limit=400)
    # play on at normal speed into the middle of the diagonal beam
    speed = services.settings.animation_speed
    services.settings.animation_speed = "normal"
    for _i in range(3000):
        if scene.anim is not None and diagonal(scene.anim.event):
            scene.anim.t = scene.anim.duration * 0.5
            break
        scene.update(1 / 30)
    services.settings.animation_speed = speed
    services.scenes.stack.clear()
    return [scene]


def _numbers(services: Services) -> list[Scene]:
    """Two humans have locked in; the faster one takes a start number."""
    scene = _demo(services, _setup([("Anna", "red", None), ("Ben", "blue", None),
                                    ("Clara", "green", "random")], seed=11))
    assert isinstance(scene, VoltArenaScene)
    services.scenes.push(scene)
    services.scenes.apply_pending()

    def drive(s: VoltArenaScene) -> bool:
        decision = s.ctrl.decision() if not s._busy() else None
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
                    s._submit(PlaceDie(p, cross, colour, value, to_absolute(side, key).value))
            s.program_started -= 14.0 + 9 * p
            s.lock_in()
        return False

    _settle(scene, drive)
    scene._rebuild()
    services.scenes.stack.clear()
    return [scene]


def _win(services: Services) -> list[Scene]:
    """A finished game between three bots and the win screen on top."""
    scene = _demo(services, _setup([("Anna", "red", "random"), ("Ben", "blue", "random"),
                                    ("Clara", "green", "random")], arena="pit-stop", seed=1))
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
    game = _demo(services, _setup([("Anna", "red", "random"), ("Ben", "blue", "greedy"),
                                   ("Clara", "green", "random")], arena="pit-stop", seed=1))
    assert isinstance(game, VoltArenaScene)
    game.ctrl.run_bots()
    saved = game.saved_game()
    viewer = replay(services, saved)
    assert isinstance(viewer, VoltReplayScene)
    probe = viewer._fresh_controller()
    reveals = [index for index, data in enumerate(saved.actions)
               if any(isinstance(e, ev.ProgramsRevealed) for e in probe.play_logged(data))]
    services.scenes.push(viewer)
    services.scenes.apply_pending()
    speed = services.settings.animation_speed
    services.settings.animation_speed = "normal"

    def beam_across(anim: Anim | None) -> bool:
        return anim is not None and isinstance(anim.event, ev.LaserFired) \
            and (anim.event.hit is not None or len(anim.event.path) >= 3)

    for reveal in reveals[1:] + reveals[:1]:
        viewer.bar.seek(reveal)
        viewer.bar.forward()
        for _i in range(2000):
            if beam_across(viewer.anim) or not viewer._busy():
                break
            viewer.update(1 / 30)
        if beam_across(viewer.anim):
            assert viewer.anim is not None
            viewer.anim.t = viewer.anim.duration * 0.45
            break
    services.settings.animation_speed = speed
    services.scenes.stack.clear()
    return [viewer]


def _rules(services: Services) -> list[Scene]:
    scene = _demo(services, _setup([("Anna", "red", None), ("Ben", "blue", "greedy")]))
    return [scene, RulesOverlay(services, RULES_TITLE, rules_text)]


SCREENSHOT_SCENES: dict[str, Callable[[Services], list[Scene]]] = {
    "volt-programming": _programming,
    "volt-activation": _activation,
    "volt-numbers": _numbers,
    "volt-win": _win,
    "volt-replay": _replay,
    "volt-rules": _rules,
}
