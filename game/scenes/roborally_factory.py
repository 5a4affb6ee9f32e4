"""The RoboRally factory: the board, programming behind the privacy screen, and the register
phases animated from the engine's events, with the phase, every robot's status and a log.

The scene only draws and turns clicks into actions the controller checks against
`legal_actions()` (STYLE.md §6.3); the controller runs chance and the bots. Views animate
events; the state is already final, and skipping drains the queue and snaps every robot to
it (STYLE.md §6.4)."""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import pygame

from game.app.scene import Scene
from game.app.services import Services
from game.app.settings import ANIMATION_SPEEDS
from game.controllers.roborally import (
    ControllerSnapshot, Decision, RoboRallyController, RobotView, Seat)
from game.controllers.thinking import BotThinker
from game.core.types import Direction, Pos
from game.i18n import N_, _, current_language
from game.roborally import events as ev
from game.roborally.model import REGISTERS, Board
from game.scenes.base import WidgetScene
from game.scenes.dialogs import ConfirmDialog, PauseMenu, RulesOverlay
from game.saves import SavedGame
from game.scenes.games import GameSetup, PlayerSetup
from game.scenes.menu import MenuScene
from game.scenes.saves_list import SavesScene
from game.scenes.replay_snapshots import SnapshotStore
from game.scenes.save_checks import FINGERPRINT_KEY, board_fingerprint, saved_board_path
from game.scenes import rr_guide
from game.scenes.guide_overlay import GuideOverlay, guide_due
from game.scenes.privacy_panel import PanelPrivacyScreen
from game.scenes.rr_hand import HandSlots
from game.scenes.rr_pause import ResultHold, draw_result_banner
from game.scenes.rr_reentry import (
    RETURN_POWERED_DOWN, draw_lit_square, is_reentry_question, place_clear_of, scrim_around)
from game.scenes.rr_status import (
    draw_option_chips, flag_counter, flag_summary, option_chip_rects, robot_story)
from game.scenes.rr_replay_jump import jump_to_next_register, turn_starts
from game.scenes.rr_preview import PathStep, ProgramPreview, draw_caveat, draw_path
from game.scenes.rr_table import Square, TableFrame
from game.ui import art, theme
from game.ui.roborally_view import (
    BEAM, CARD_LABELS, BoardView, card_back, card_surface, draw_lock, placement_rects)
from game.ui.rr_token import (
    FACING_ANGLE, RobotLook, draw_archive, draw_robot_token, fan_spots)
from game.ui.widgets import (Button, Toggle, draw_panel, draw_paragraphs, draw_text, draw_tooltip,
                             fitting_font)
from game.ui.theme import fit_font

PHASE_LABELS = {"cards": N_("Cards"), "express belts": N_("Express belts"),
                "belts": N_("Belts"), "pushers": N_("Pushers"), "gears": N_("Gears"),
                "crushers": N_("Crushers"), "lasers": N_("Lasers"), "burners": N_("Flamers"),
                "flags": N_("Flags")}
PHASE_ORDER = tuple(PHASE_LABELS)
ACTIVE_KINDS = {"express belts": "conveyor", "belts": "conveyor", "pushers": "pusher",
                "gears": "gear", "crushers": "crusher", "burners": "burner"}
"""The element type each board phase moves (outlined on the board while it acts)."""
SPEED_LABELS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"),
                "instant": N_("Instant")}
DIRECTION_LABELS = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
DIR_ANGLE = FACING_ANGLE
HOVER_DELAY = 0.5
LOG_LIMIT = 300


# -- decisions: questions and answer labels -------------------------------------------------

QUESTIONS = {
    "shield": N_("Shield: which side does it guard in this register?"),
    "turret": N_("Turret: where does the main laser point in this register?"),
    "gyro": N_("Gyroscopic Stabilizer: keep the robot from turning in this register?"),
    "abort": N_("Abort Switch: replace this and every later card with random cards?"),
    "reserve": N_("Conditional Program: swap the reserve card into this register?"),
    "brakes": N_("Brakes: move 1 square or stay?"),
    "fourth_gear": N_("Fourth Gear: move 3 or 4 squares?"),
    "reverse_gears": N_("Reverse Gears: back up 1 or 2 squares?"),
    "discard": N_("Discard an option card to prevent 1 damage?"),
    "lose_option": N_("Your robot was destroyed: which option card do you lose?"),
    "weapon": N_("Which weapon fires?"),
    "target": N_("Which robot is the target?"),
    "fire_control": N_("Fire Control: lock a register or destroy an option card?"),
    "repair_or_option": N_("Double wrench: repair 2 damage or take an option card?"),
    "facing": N_("Your robot returns: which way should it face?"),
    "power_down": N_("Stay powered down next turn?"),
}
ANSWER_LABELS = {
    "front": N_("Front"), "back": N_("Back"), "left": N_("Left"), "right": N_("Right"),
    "none": N_("None"), "on": N_("On"), "off": N_("Off"), "yes": N_("Yes"), "no": N_("No"),
    "move": N_("Move"), "stay": N_("Stay"), "repair": N_("Repair"), "option": N_("Option card"),
    "laser": N_("Main laser"), "N": N_("North"), "E": N_("East"), "S": N_("South"),
    "W": N_("West"),
}

_option_names: dict[str, Any] | None = None


def option_name(option_id: str) -> str:
    """An option card's name in the current language (boards/roborally/options.yaml)."""
    global _option_names
    if _option_names is None:
        try:
            from game.roborally.data import load_options
            _option_names = {c.id: c for c in load_options()}
        except Exception:  # the names are a nicety; a broken file must not stop the game
            _option_names = {}
    card = _option_names.get(option_id)
    if card is None:
        return option_id.replace("_", " ").title()
    return card.name.de if current_language() == "de" else card.name.en


def option_text(option_id: str) -> str:
    option_name(option_id)
    card = (_option_names or {}).get(option_id)
    if card is None:
        return ""
    return card.text.de if current_language() == "de" else card.text.en


def answer_label(value: str) -> str:
    if value in ANSWER_LABELS:
        return _(ANSWER_LABELS[value])
    if value.isdigit():
        return _("Register {n}").format(n=value)
    if value in (_option_names or {}) or "_" in value:
        return option_name(value)
    return value


# -- the log ---------------------------------------------------------------------------------


@dataclass
class LogLine:
    """One narrated step, translated when drawn (the language may change meanwhile)."""

    message: str
    values: dict[str, Any]
    translate: tuple[str, ...] = ()
    key: tuple[Any, ...] | None = None
    turn: int = 0
    register: int = 0       # the register phase it happened in (0: programming, end of turn)
    move: int = 0           # the number of the logged action it narrates (replay), else 0

    def text(self) -> str:
        values = dict(self.values)
        for k in self.translate:
            v = values[k]
            if k == "option":
                values[k] = option_name(v)
            elif k == "answer":
                values[k] = answer_label(v)
            elif k == "cards":
                values[k] = ", ".join(_(c) for c in v)
            else:
                values[k] = _(v)
        return _(self.message).format(**values)

    def export_text(self) -> str:
        """The line in an exported game log: where in the game, then the narration."""
        if self.move:
            where_ = _("Turn {turn}, move {move}").format(turn=self.turn, move=self.move)
        elif self.register:
            where_ = _("Turn {turn}, register {register}").format(turn=self.turn,
                                                                register=self.register)
        else:
            where_ = _("Turn {turn}").format(turn=self.turn)
        return f"{where_}: {self.text()}"


def where(p: Pos | None) -> str:
    return "—" if p is None else Square(p)


# -- animation --------------------------------------------------------------------------------


@dataclass
class Sprite:
    """Where a robot is drawn (squares, fractional while moving); the state is already final."""

    x: float
    y: float
    angle: float
    visible: bool = True
    alpha: float = 1.0
    scale: float = 1.0


@dataclass
class Tween:
    sprite: Sprite
    attr: str
    start: float
    end: float


@dataclass
class Step:
    """What plays at once: tweens, beams, floating numbers; then `after` runs."""

    duration: float
    tweens: list[Tween] = field(default_factory=list)
    beams: list[ev.LaserFired] = field(default_factory=list)
    floats: list[tuple[Pos, str, tuple[int, int, int]]] = field(default_factory=list)
    flash: list[Pos] = field(default_factory=list)
    after: list[Callable[[], None]] = field(default_factory=list)
    elapsed: float = 0.0
    events: list[Any] = field(default_factory=list)   # what it shows, for the sound


def _turn_delta(before: str, after: str) -> float:
    d = (DIR_ANGLE[after] - DIR_ANGLE[before]) % 360
    return d - 360 if d > 180 else d


# -- the scene --------------------------------------------------------------------------------


class FactoryScene(WidgetScene):
    """A RoboRally game at one screen."""

    takes_moves = True      # False in the replay viewer: nothing is played from the screen
    autosaving = True       # the screenshot and demo scenes turn it off

    def __init__(self, services: Services, controller: RoboRallyController,
                 setup: GameSetup | None = None, *, seams: tuple[tuple[int, int, int, int], ...] = ()
                 ) -> None:
        self.controller = controller
        self.thinker = BotThinker()
        self.setup = setup
        self.view = BoardView(controller.board, seams)
        self.table = TableFrame(controller.board.width, controller.board.height, self.px)
        self.slots = HandSlots()
        self.result_hold = ResultHold()
        self.preview = ProgramPreview(controller.board, lambda: controller.state.engine.rules)
        self.looks = [RobotLook(s.name, theme.PLAYER_COLOURS.get(s.colour, (200, 200, 200)),
                                theme.PLAYER_SHAPES.get(s.colour, "circle"))
                      for s in controller.seats]
        self.sprites: list[Sprite] = []
        self.shown: list[RobotView] = []
        self.steps: list[Step] = []
        self.current: Step | None = None
        self.register = 0
        self.turn = controller.turn   # the turn on screen (the state may be ahead of it)
        self.phase = ""
        self.reveals: list[tuple[int, str, int]] = []
        self.log: list[LogLine] = []
        self.programmer: int | None = None     # the human whose hand is on screen
        self.waiting_for: tuple[Any, ...] | None = None   # a privacy screen or dialog is up
        self.power_down = False
        self.spare: dict[str, int] = {}
        self._layout_sig: Any = None
        self.drag: tuple[int, tuple[int, int], tuple[int, int]] | None = None  # card, start, now
        self.hover: Any = None   # a board square (Pos) or ("robot", seat) over a status row
        self.hover_time = 0.0
        self.mouse = (0, 0)
        self.timer_left: float | None = None
        self.timer_for: int | None = None
        self.ended = False
        self.acting: int | None = None
        self.version = 0
        self._unsnapped = False
        self._chrome: pygame.Surface | None = None
        self._row_cache: dict[Any, pygame.Surface] = {}
        self._keys: dict[str, Any] = {}
        self._active_cache: dict[Any, list[Pos]] = {}
        self._event_phase = ""
        self.saved_key = self._save_key()   # the autosave is written when this changes
        super().__init__(services)
        self.snap()

    # -- layout ----------------------------------------------------------------------------
    def _top(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.size[0], self.px(50))

    def _side(self) -> pygame.Rect:
        w = self.px(470)
        return pygame.Rect(self.size[0] - w - self.px(8), self.px(56), w,
                           self.size[1] - self.px(64) - self._bottom_reserve())

    def _phase_strip(self) -> pygame.Rect:
        return self.table.phase_strip

    def _board_area(self) -> pygame.Rect:
        """The board, the phase strip and, when docked beside the board, the log."""
        side = self._side()
        return pygame.Rect(self.px(8), self.px(56), side.x - self.px(16),
                           self.size[1] - self.px(64) - self._bottom_reserve())

    def _bottom_reserve(self) -> int:
        """Height kept free under the board and the side panel (the replay bar)."""
        return 0

    def register_rects(self) -> list[pygame.Rect]:
        """Where the five registers of the programming screen are drawn (public layout)."""
        side = self._side()
        w, h, gap = self.px(84), self.px(112), self.px(8)
        x0 = side.x + (side.w - (5 * w + 4 * gap)) // 2
        y = side.y + self.px(40)
        return [pygame.Rect(x0 + k * (w + gap), y, w, h) for k in range(REGISTERS)]

    def _hand_rects(self, count: int) -> list[pygame.Rect]:
        side = self._side()
        w, h, gap = self.px(84), self.px(104), self.px(8)
        per_row = 5
        if count > 10:   # Extra Memory and a Flywheel card: six narrower cards a row
            w, gap, per_row = self.px(70), self.px(6), 6
        out = []
        y0 = side.y + self.px(176)
        for i in range(count):
            row, col = divmod(i, per_row)
            in_row = min(per_row, count - row * per_row)
            x0 = side.x + (side.w - (in_row * w + (in_row - 1) * gap)) // 2
            out.append(pygame.Rect(x0 + col * (w + gap), y0 + row * (h + gap), w, h))
        return out

    def _status_rect(self) -> pygame.Rect:
        side = self._side()
        if self.programmer is not None:
            top = side.y + self.px(470)
        else:
            top = side.y + self.px(118)
        rows = len(self.controller.seats)
        row_h = self._row_h()
        return pygame.Rect(side.x, top, side.w, rows * row_h + self.px(6))

    def status_row_rect(self, p: int) -> pygame.Rect:
        """Where robot `p`'s row of the status panel is drawn (public layout)."""
        status = self._status_rect()
        row_h = self._row_h()
        return pygame.Rect(status.x, status.y + self.px(3) + p * row_h, status.w, row_h)

    def _row_h(self) -> int:
        rows = len(self.controller.seats)
        if self.programmer is not None:
            side = self._side()
            avail = side.bottom - (side.y + self.px(470)) - self.px(6)
            return max(self.px(18), min(self.px(34), avail // max(1, rows)))
        return self.px(40)

    def _log_rect(self) -> pygame.Rect:
        side = self._side()
        status = self._status_rect()
        return pygame.Rect(side.x, status.bottom + self.px(8), side.w,
                           side.bottom - status.bottom - self.px(8))

    @property
    def log_scroll(self) -> int:
        return self.table.log_panel.scroll

    @log_scroll.setter
    def log_scroll(self, lines: int) -> None:
        self.table.log_panel.scroll = lines

    def build(self, size: tuple[int, int]) -> None:
        side_log = self._log_rect()
        self.table.side_log = side_log if side_log.h > self.px(40) else None
        self.table.layout(self._board_area(), self.view)
        top = self._top()
        bh = self.px(36)
        y = top.centery - bh // 2
        x = top.right - self.px(8)
        menu = Button((x - self.px(100), y, self.px(100), bh), N_("Menu"), self.pause,
                      tooltip=N_("Pause, rules, quit (Esc)"), size=self.px(16))
        x -= self.px(108)
        rules = Button((x - self.px(100), y, self.px(100), bh), N_("Rules"), self.show_rules,
                       tooltip=N_("The rules of RoboRally (F1)"), size=self.px(16))
        x -= self.px(108)
        skip = Button((x - self.px(150), y, self.px(150), bh), N_("Skip"), self.skip,
                      tooltip=N_("Show the end of the animation at once (S)"), size=self.px(16))
        skip.enabled = True
        x -= self.px(158)
        speed = Button((x - self.px(180), y, self.px(180), bh),
                       lambda: _("Speed: {speed}").format(
                           speed=_(SPEED_LABELS[self.services.settings.animation_speed])),
                       self.cycle_speed, tooltip=N_("How fast robots move"),
                       size=self.px(16))
        if self.table.needs_drawer:   # first: the status line ends at the first widget
            self.ui.add(Button((x - self.px(288), y, self.px(100), bh), N_("Log"),
                               self._toggle_log, tooltip=N_("Show or hide the game log (L)"),
                               size=self.px(16)))
        for b in (speed, skip, rules, menu):
            self.ui.add(b)
        self.skip_button = skip
        if self.programmer is not None and self.takes_moves:
            side = self._side()
            by = side.y + self.px(418)
            bh = self.px(44)
            clear = Button((side.x, by, self.px(88), bh), N_("Clear"), self.clear_all,
                           tooltip=N_("Take every card back into the hand"),
                           size=fit_font(_("Clear"), self.px(72), self.px(17), self.px(11)
                                         ).get_height() * 0.85)
            power = Toggle((side.x + self.px(94), by, self.px(256), bh),
                           N_("Power down"), lambda: self.power_down, self._set_power_down)
            power.tooltip = N_("Announce a power down for the next turn: no cards, all "
                               "damage repaired (RR-10.1)")
            recompile = Button((side.right - self.px(130), side.y, self.px(130), self.px(30)),
                               N_("Recompile"), self.recompile,
                               tooltip=N_("Option card: give back the hand for new cards, "
                                          "1 damage (CB-6.2)"))
            recompile.visible = self.controller.can_recompile(self.programmer)
            x = side.right
            for which, label in (("flywheel", N_("Flywheel: {card}")),
                                 ("reserve", N_("Reserve: {card}"))):
                if not self._has_option(which):
                    continue
                b = Button((x - self.px(150), side.y, self.px(150), self.px(30)),
                           lambda w=which, t=label: _(t).format(card=self._spare_label(w)),
                           lambda w=which: self._cycle_spare(w), size=self.px(14),
                           tooltip=N_("Option card: a spare hand card to keep (CB-6.3, CB-6.4)"))
                self.ui.add(b)
                x -= self.px(158)
            confirm_w = side.w - self.px(358)
            confirm = Button((side.x + self.px(358), by, confirm_w, bh), N_("Confirm"),
                             self.confirm, style="primary",
                             size=fit_font(_("Confirm"), confirm_w - bh * 0.5, self.px(17),
                                           self.px(11)).get_height() * 0.85,
                             tooltip=N_("Lock in the program; it cannot be changed after"))
            confirm.enabled = self.controller.can_lock_in(self.programmer)
            for b in (clear, power, recompile, confirm):
                self.ui.add(b)
            self.ui.default = confirm
            self.confirm_button = confirm

    def _toggle_log(self) -> None:
        self.table.toggle_drawer()
        self.dirty = True

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        self._chrome = None

    def _relayout(self) -> None:
        self.on_resize(self.size)

    # -- state on screen -------------------------------------------------------------------
    def snap(self) -> None:
        """Every robot where the state says (after an animation, or when skipping)."""
        self.shown = self.controller.robots()
        self.turn = self.controller.turn
        self.sprites = []
        for r in self.shown:
            if r.pos is None:
                self.sprites.append(Sprite(0, 0, DIR_ANGLE[r.facing.value], visible=False))
            else:
                self.sprites.append(Sprite(r.pos.x, r.pos.y, DIR_ANGLE[r.facing.value]))
        self.version += 1
        self.dirty = True

    def _say(self, message: str, translate: tuple[str, ...] = (), key: tuple[Any, ...] | None = None,
             **values: Any) -> None:
        if key is not None and self.log and self.log[-1].key == key:
            self.log[-1].values.update(values)
        else:
            register = 0 if self._event_phase in ("end of turn", "program") else self.register
            self.log.append(LogLine(message, values, translate, key, self.turn, register))
            if self.log_limit is not None and len(self.log) > self.log_limit:
                del self.log[: len(self.log) - self.log_limit]
        self.log_scroll = 0
        self.version += 1

    log_limit: int | None = LOG_LIMIT

    def _factor(self) -> float:
        return self.services.settings.animation_factor

    def _dur(self, seconds: float) -> float:
        f = self._factor()
        return 0.0 if f <= 0 else seconds / f

    # -- events ----------------------------------------------------------------------------
    def _peek(self) -> Any | None:
        q = self.controller.pending
        return q[0] if q else None

    def _next_step(self) -> Step | None:
        """Turn the next event (and those that happen with it) into one animation step."""
        e = self.controller.next_event()
        if e is None:
            return None
        step = Step(0.0)
        self._absorb(e, step)
        if isinstance(e, (ev.RobotMoved, ev.RobotTurned)):
            moved = {(e.robot, type(e).__name__)}
            while True:
                nxt = self._peek()
                if not isinstance(nxt, (ev.RobotMoved, ev.RobotTurned)) or nxt.phase != e.phase:
                    break
                k = (nxt.robot, type(nxt).__name__)
                if k in moved or (e.phase == "cards" and isinstance(nxt, ev.RobotMoved)
                                  and nxt.cause == "card" and nxt.robot != e.robot
                                  and not isinstance(e, ev.RobotMoved)):
                    break
                if e.phase == "cards" and isinstance(nxt, ev.RobotTurned):
                    break
                moved.add(k)
                self._absorb(self.controller.next_event(), step)
        elif isinstance(e, ev.LaserFired):
            while isinstance(self._peek(), (ev.LaserFired, ev.RobotDamaged, ev.DamagePrevented,
                                            ev.RegisterLocked)):
                self._absorb(self.controller.next_event(), step)
        elif isinstance(e, ev.CardRevealed):
            while isinstance(self._peek(), ev.CardRevealed):
                self._absorb(self.controller.next_event(), step)
        return step

    def _absorb(self, e: Any, step: Step) -> None:
        """Log `e`, update the shown status, and add its animation to `step`."""
        shown = self.shown
        step.events.append(e)
        self._event_phase = getattr(e, "phase", "")
        if self._event_phase in PHASE_LABELS:
            self.phase = e.phase
        if isinstance(e, ev.TurnStarted):
            self.turn = e.turn
            self.register = 0
            self.phase = ""
            self.reveals = []
            self._say(N_("Turn {turn} begins."), turn=e.turn)
            step.duration = max(step.duration, self._dur(0.3))
        elif isinstance(e, ev.CardsDealt):
            pass
        elif isinstance(e, ev.ProgramLocked):
            if self.takes_moves:    # the replay narrates the lock-in with its cards instead
                self._say(N_("{name} locked in a program."), name=e.name)
        elif isinstance(e, ev.RegisterStarted):
            self.register = e.register
            self.phase = "cards"
            self.reveals = []
            self._say(N_("— Register {n} —"), n=e.register)
            step.duration = max(step.duration, self._dur(0.45))
        elif isinstance(e, ev.CardRevealed):
            self.reveals.append((e.robot, e.card, e.priority))
            self.reveals.sort(key=lambda t: -t[2])
            self._say(N_("{name} reveals {card} ({priority})."), ("card",), name=e.name,
                      card=CARD_LABELS.get(e.card, e.card), priority=e.priority)
            step.duration = max(step.duration, self._dur(0.6))
        elif isinstance(e, ev.RobotMoved):
            sp = self.sprites[e.robot]
            self.acting = e.robot if e.cause == "card" else self.acting
            step.tweens.append(Tween(sp, "x", float(e.src.x), float(e.dst.x)))
            step.tweens.append(Tween(sp, "y", float(e.src.y), float(e.dst.y)))
            sp.visible = True
            seconds = {"card": 0.22, "push": 0.22, "slide": 0.22}.get(e.cause, 0.34)
            step.duration = max(step.duration, self._dur(seconds))
            message = {
                "card": N_("{name} moves from {src} to {dst}."),
                "push": N_("{name} is pushed to {dst}."),
                "slide": N_("{name} slides on oil to {dst}."),
                "express_conveyor": N_("An express belt carries {name} to {dst}."),
                "conveyor": N_("A belt carries {name} to {dst}."),
                "pusher": N_("A pusher shoves {name} to {dst}."),
            }.get(e.cause, N_("{name} is moved to {dst}."))
            key = ("move", e.robot, e.cause, e.phase, self.register)
            if self.log and self.log[-1].key == key:
                self.log[-1].values["dst"] = where(e.dst)
                self.version += 1
            else:
                self._say(message, key=key, name=e.name, src=where(e.src), dst=where(e.dst))
        elif isinstance(e, ev.RobotTurned):
            sp = self.sprites[e.robot]
            start = DIR_ANGLE[e.before]
            step.tweens.append(Tween(sp, "angle", start, start + _turn_delta(e.before, e.after)))
            step.duration = max(step.duration, self._dur(0.25))
            message = {"card": N_("{name} turns to face {dir}."),
                       "conveyor": N_("The belt turns {name} to face {dir}."),
                       "gear": N_("A gear turns {name} to face {dir}.")}.get(
                e.cause, N_("{name} turns to face {dir}."))
            self._say(message, ("dir",), name=e.name, dir=DIRECTION_LABELS[e.after])
        elif isinstance(e, ev.RobotTeleported):
            sp = self.sprites[e.robot]
            step.tweens.append(Tween(sp, "alpha", 0.2, 1.0))
            sp.x, sp.y = float(e.dst.x), float(e.dst.y)
            step.duration = max(step.duration, self._dur(0.35))
            self._say(N_("{name} jumps through a portal to {dst}."), name=e.name, dst=where(e.dst))
        elif isinstance(e, ev.MoveShortened):
            self._say(N_("{name} starts on oil: the move is one square shorter."), name=e.name)
        elif isinstance(e, ev.MoveBlocked):
            step.duration = max(step.duration, self._dur(0.2))
            self._say(N_("{name} runs into a wall: the move ends.") if e.by == "wall"
                      else N_("{name} is stopped by a robot that cannot be pushed: "
                              "the move ends."), name=e.name)
        elif isinstance(e, ev.RobotFell):
            sp = self.sprites[e.robot]
            sp.x, sp.y = float(e.at.x), float(e.at.y)
            step.tweens.append(Tween(sp, "scale", 1.0, 0.1))
            step.tweens.append(Tween(sp, "alpha", 1.0, 0.0))
            step.duration = max(step.duration, self._dur(0.45))
            self._say(N_("{name} falls into a pit.") if e.into == "pit"
                      else N_("{name} falls off the course."), name=e.name)
        elif isinstance(e, ev.RobotDestroyed):
            sp = self.sprites[e.robot]
            if e.at is not None and sp.visible and e.cause not in ("pit", "edge"):
                step.tweens.append(Tween(sp, "alpha", 1.0, 0.0))
                step.flash.append(e.at)
                step.duration = max(step.duration, self._dur(0.4))
            step.after.append(lambda sp=sp: setattr(sp, "visible", False))
            shown[e.robot].destroyed = True
            shown[e.robot].pos = None
            message = {"crusher": N_("A crusher destroys {name}."),
                       "damage": N_("{name} is destroyed by damage.")}.get(
                e.cause, N_("{name} is destroyed."))
            self._say(message, name=e.name)
        elif isinstance(e, ev.LaserFired):
            step.beams.append(e)
            step.duration = max(step.duration, self._dur(0.5))
            if e.targets:
                if e.source == "board":
                    self._say(N_("A board laser hits {targets}."), targets=", ".join(e.targets))
                else:
                    self._say(N_("{source} shoots {targets}."), source=e.source,
                              targets=", ".join(e.targets))
        elif isinstance(e, ev.RobotDamaged):
            shown[e.robot].damage = e.total
            at = self._sprite_pos(e.robot) or shown[e.robot].pos
            if at is not None:
                step.floats.append((at, f"−{e.amount}", (255, 90, 80)))
            step.duration = max(step.duration, self._dur(0.5))
            self._say(N_("{name} takes {amount} damage ({total} in all)."), name=e.name,
                      amount=e.amount, total=e.total)
        elif isinstance(e, ev.DamagePrevented):
            self._say(N_("{name} prevents 1 damage ({option})."), ("option",), name=e.name,
                      option=e.by)
        elif isinstance(e, ev.RegisterLocked):
            locked = list(shown[e.robot].locked)
            locked[e.register - 1] = True
            shown[e.robot].locked = tuple(locked)
            self._say(N_("Register {register} of {name} locks."), name=e.name, register=e.register)
        elif isinstance(e, ev.RegisterUnlocked):
            locked = list(shown[e.robot].locked)
            locked[e.register - 1] = False
            shown[e.robot].locked = tuple(locked)
            self._say(N_("Register {register} of {name} unlocks."), name=e.name,
                      register=e.register)
        elif isinstance(e, ev.FlagTouched):
            shown[e.robot].next_flag = e.flag + 1
            step.flash.append(e.at)
            step.floats.append((e.at, "⚑" + str(e.flag), (255, 230, 90)))
            step.duration = max(step.duration, self._dur(0.6))
            self._say(N_("{name} reaches flag {flag}!"), name=e.name, flag=e.flag)
        elif isinstance(e, ev.ArchiveMoved):
            shown[e.robot].archive = e.at
        elif isinstance(e, ev.RobotRepaired):
            shown[e.robot].damage = e.total
            at = self._sprite_pos(e.robot)
            if at is not None:
                step.floats.append((at, f"+{e.amount}", (110, 230, 140)))
                step.duration = max(step.duration, self._dur(0.4))
            self._say(N_("{name} repairs {amount} damage."), name=e.name, amount=e.amount)
        elif isinstance(e, ev.OptionDrawn):
            shown[e.robot].options = shown[e.robot].options + (e.option,)
            self._say(N_("{name} takes the option card {option}."), ("option",), name=e.name,
                      option=e.option)
        elif isinstance(e, ev.OptionUsed):
            self._say(N_("{name} uses {option}."), ("option",), name=e.name, option=e.option)
        elif isinstance(e, ev.OptionDiscarded):
            shown[e.robot].options = tuple(o for o in shown[e.robot].options if o != e.option)
            self._say(N_("{name} discards {option}."), ("option",), name=e.name, option=e.option)
        elif isinstance(e, ev.PowerChanged):
            message = {"announced": N_("{name} announces a power down."),
                       "powered_down": N_("{name} is powered down."),
                       "powered_up": N_("{name} powers up again."),
                       "stays_down": N_("{name} stays powered down.")}.get(e.what)
            if e.what == "powered_down":
                shown[e.robot].powered_down = True
            elif e.what == "powered_up":
                shown[e.robot].powered_down = False
            if message:
                self._say(message, name=e.name)
        elif isinstance(e, ev.RobotReentered):
            sp = self.sprites[e.robot]
            sp.x, sp.y, sp.angle = float(e.at.x), float(e.at.y), DIR_ANGLE.get(e.facing, 0.0)
            sp.visible, sp.scale = True, 1.0
            step.tweens.append(Tween(sp, "alpha", 0.0, 1.0))
            step.duration = max(step.duration, self._dur(0.4))
            r = shown[e.robot]
            r.pos, r.destroyed, r.lives, r.virtual = e.at, False, e.lives, e.virtual
            self._say(N_("{name} returns at {at} (lives left: {lives})."), name=e.name,
                      at=where(e.at), lives=e.lives)
        elif isinstance(e, ev.RobotEliminated):
            shown[e.robot].eliminated = True
            self._say(N_("{name} is out of the game."), name=e.name)
        elif isinstance(e, ev.RobotBecameReal):
            shown[e.robot].virtual = False
            self._say(N_("{name} is no longer virtual."), name=e.name)
        elif isinstance(e, ev.RobotFinished):
            self._say(N_("{name} finishes in place {rank}."), name=e.name, rank=e.rank)
        elif isinstance(e, ev.GameEnded):
            if e.winner:
                self._say(N_("{name} wins the race!"), name=e.winner)
            else:
                self._say(N_("The game ends without a winner."))
        self.version += 1

    def _sprite_pos(self, robot: int) -> Pos | None:
        sp = self.sprites[robot]
        return Pos(round(sp.x), round(sp.y)) if sp.visible else None

    # -- update ----------------------------------------------------------------------------
    def is_animating(self) -> bool:
        return (self.current is not None or bool(self.controller.pending)
                or self.timer_left is not None or super().is_animating()
                or self.result_hold.active
                or self.thinker.thinking()
                or (self.hover is not None and self.hover_time < HOVER_DELAY))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.result_hold.tick(dt)
        self._autosave_if_due()
        if self.hover is not None and self.hover_time < HOVER_DELAY:
            self.hover_time += dt
            if self.hover_time >= HOVER_DELAY:
                self.dirty = True
        if self.services.scenes.top is not self:
            return
        if self.timer_left is not None and self.programmer is not None:
            self.timer_left -= dt
            self.dirty = True
            if self.timer_left <= 0:
                p = self.programmer
                self.controller.auto_fill(p)
                self._end_programming()
        budget = 40
        while budget > 0:
            budget -= 1
            if self.current is not None:
                self.current.elapsed += dt
                dt = 0.0
                self._apply_tweens(self.current)
                self.dirty = True
                if self.current.elapsed < self.current.duration:
                    return
                for fn in self.current.after:
                    fn()
                self.current = None
                continue
            step = self._next_step()
            if step is not None:
                self.services.audio.play_events(step.events)
                self.current = step
                self._unsnapped = True
                continue
            if not self._settle():
                return

    def _apply_tweens(self, step: Step) -> None:
        t = 1.0 if step.duration <= 0 else min(1.0, step.elapsed / step.duration)
        eased = t * t * (3 - 2 * t)
        for tw in step.tweens:
            setattr(tw.sprite, tw.attr, tw.start + (tw.end - tw.start) * eased)

    def _settle(self) -> bool:
        """No animation is left: snap, then let chance or a bot act, or wait for a human.
        Returns True when something happened that may produce more to show."""
        if self._unsnapped:
            self._unsnapped = False
            self.snap()
        c = self.controller
        if c.is_over():
            if not self.ended:
                self.ended = True
                self.snap()
                self.services.scenes.push(EndScene(self.services, self))
            return False
        decision = c.decision()
        if decision is None:    # chance, or a bot that thinks in the worker meanwhile
            return self.thinker.advance(c)
        if decision.kind == "program":
            return self._program(decision)
        self._ask(decision)
        return False

    # -- programming -----------------------------------------------------------------------
    def _many_humans(self) -> bool:
        return len(self.controller.humans()) > 1

    def _program(self, decision: Decision) -> bool:
        p = decision.player
        if self.programmer == p:
            self._tick_timer()
            sig = (self.controller.can_recompile(p), len(self.controller.hand(p)))
            if sig != self._layout_sig:
                self._layout_sig = sig
                self._relayout()
            return False
        if self.waiting_for == ("program", p):
            return False
        self.programmer = None
        if self._many_humans():
            if self.result_hold.due(self.turn):
                return False     # the last turn's result stays in view a moment first
            self.waiting_for = ("program", p)
            seat = self.controller.seats[p]
            self.services.scenes.push(PanelPrivacyScreen(
                self.services, seat.name, lambda: self._begin_programming(p),
                panel=self._side, colour=self.looks[p].colour, shape=self.looks[p].shape,
                rules=self.show_rules, save_and_quit=self._save_and_leave))
        else:
            self._begin_programming(p)
        return False

    def _begin_programming(self, p: int) -> None:
        self.waiting_for = None
        self.programmer = p
        self.power_down = False
        self.spare = {}
        self._layout_sig = (self.controller.can_recompile(p), len(self.controller.hand(p)))
        self.timer_left = None
        self.timer_for = None
        self.hand_slots()   # the hand's order as dealt, before any pick
        self._relayout()
        if self.takes_moves and guide_due(self.services, rr_guide.GAME):
            self.show_guide()

    def show_guide(self) -> None:
        """The first-turn guide over the programming screen (once; see guide_overlay.py)."""
        p = self.programmer
        if p is None:
            return
        c = self.controller
        regs = self.register_rects()
        slots = self.hand_slots()
        robot = c.robot(p)
        flags = c.board.flags
        robot_cell = self.view.cell_rect(robot.pos) if robot.pos is not None else None
        flag_cell = self.view.cell_rect(flags[0]) if flags else None
        hints = rr_guide.first_turn_hints(
            regs[0].unionall(regs[1:]), slots[0][0] if slots else None, robot_cell,
            _(DIRECTION_LABELS[robot.facing.value]), flag_cell)
        avoid = hints[0].target.unionall([h.target for h in hints[1:]])
        self.services.scenes.push(GuideOverlay(self.services, rr_guide.GAME, rr_guide.title(),
                                               hints, avoid))

    def _tick_timer(self) -> None:
        p = self.programmer
        if p is None or not self.controller.timer_running():
            self.timer_left = None
            return
        if self.timer_for != p:
            self.timer_for = p
            self.timer_left = 30.0

    def _end_programming(self) -> None:
        self.programmer = None
        self.drag = None
        self.timer_left = None
        self._relayout()

    def place(self, card: int, register: int | None = None) -> bool:
        """Put `card` into `register` (or the first empty register that takes it)."""
        p = self.programmer
        if p is None:
            return False
        c = self.controller
        regs = [register] if register is not None else list(range(1, REGISTERS + 1))
        for k in regs:
            if c.can_place(p, k, card):
                c.place(p, k, card)
                self.services.audio.play_cue("card")
                self._refresh_buttons()
                return True
        return False

    def take_back(self, register: int) -> bool:
        p = self.programmer
        if p is None or not self.controller.can_clear(p, register):
            return False
        self.controller.clear(p, register)
        self._refresh_buttons()
        return True

    def clear_all(self) -> None:
        if self.programmer is not None:
            self.controller.clear_all(self.programmer)
            self._refresh_buttons()

    def recompile(self) -> None:
        if self.programmer is not None and self.controller.can_recompile(self.programmer):
            self.controller.recompile(self.programmer)
            self._relayout()

    def _has_option(self, which: str) -> bool:
        p = self.programmer
        if p is None:
            return False
        option = "conditional_program" if which == "reserve" else "flywheel"
        robot = self.controller.state.robots[p]
        return option in robot.options and (which == "reserve" or not robot.flywheel)

    def _spare_label(self, which: str) -> str:
        card = self.spare.get(which, 0)
        if not card or self.programmer is None or card not in self.controller.hand(self.programmer):
            return _("none")
        return str(self.controller.card(card)[1])

    def _cycle_spare(self, which: str) -> None:
        p = self.programmer
        if p is None:
            return
        other = self.spare.get("flywheel" if which == "reserve" else "reserve", 0)
        choices = [0] + [c for c in self.controller.spare_choices(p, which) if c != other]
        current = self.spare.get(which, 0)
        index = choices.index(current) if current in choices else 0
        self.spare[which] = choices[(index + 1) % len(choices)]
        self.dirty = True

    def _set_power_down(self, on: bool) -> None:
        self.power_down = on
        self.dirty = True

    def confirm(self) -> None:
        p = self.programmer
        if p is None or not self.controller.can_lock_in(p):
            return
        hand = self.controller.hand(p)
        reserve = self.spare.get("reserve", 0) if self.spare.get("reserve", 0) in hand else 0
        flywheel = self.spare.get("flywheel", 0) if self.spare.get("flywheel", 0) in hand else 0
        if not self.controller.lock_in(p, self.power_down, reserve, flywheel):
            self.controller.lock_in(p, self.power_down)
        self._end_programming()
        self._autosave_if_due(force=True)

    def _refresh_buttons(self) -> None:
        if self.programmer is not None and hasattr(self, "confirm_button"):
            self.confirm_button.enabled = self.controller.can_lock_in(self.programmer)
        self.dirty = True

    # -- decisions during execution ----------------------------------------------------------
    def _ask(self, decision: Decision) -> None:
        key = ("ask", decision.player, decision.kind, decision.choices,
               len(self.controller.match.log))
        if self.waiting_for == key:
            return
        self.waiting_for = key
        seat = self.controller.seats[decision.player]

        def show() -> None:
            self.services.scenes.push(DecisionDialog(self.services, self, decision))

        if decision.secret and self._many_humans():
            self.services.scenes.push(PanelPrivacyScreen(self.services, seat.name, show,
                                                    panel=self._side,
                                                    colour=self.looks[decision.player].colour,
                                                    shape=self.looks[decision.player].shape,
                                                    rules=self.show_rules,
                                                    save_and_quit=self._save_and_leave))
        else:
            show()

    def answer(self, decision: Decision, value: str) -> None:
        self.controller.answer(decision.player, decision.kind, value)
        self.waiting_for = None
        self.dirty = True

    # -- controls --------------------------------------------------------------------------
    def _apply_pending_steps(self) -> None:
        """Every event still waiting to be animated takes effect at once, unanimated."""
        while (step := self._next_step()) is not None:
            for fn in step.after:
                fn()

    def skip(self) -> None:
        """Drain every event still to animate and snap the robots to the state."""
        self._apply_pending_steps()
        if self.current is not None:
            for fn in self.current.after:
                fn()
        self.current = None
        self.snap()

    def cycle_speed(self) -> None:
        speeds = list(ANIMATION_SPEEDS)
        s = self.services.settings
        s.animation_speed = speeds[(speeds.index(s.animation_speed) + 1) % len(speeds)]
        self.services.save_settings()
        self.dirty = True

    def in_progress(self) -> bool:
        """A game still being played (not over): leaving it offers to save."""
        return not (self.ended or self.controller.is_over())

    def _save_and_leave(self) -> None:
        from game.scenes.saves_hook import save_and_leave_to_menu
        save_and_leave_to_menu(self.services, self)

    def pause(self) -> None:
        from game.scenes.saves_hook import save_and_leave_to_menu
        save = (lambda: save_and_leave_to_menu(self.services, self)) if self.in_progress() \
            else None
        self.services.scenes.push(PauseMenu(self.services, rules=self.show_rules,
                                            save_and_quit=save))

    # -- saves (game/scenes/saves_hook.py) ---------------------------------------------------
    def setup_data(self) -> dict[str, Any]:
        setup = self.setup or demo_setup()
        board = setup.board or default_course()
        return {"players": [{"name": p.name, "colour": p.colour, "bot_level": p.bot_level}
                            for p in setup.players],
                "variant": setup.variant, "board": str(board), "course": Path(board).stem,
                "seed": setup.seed, "options": dict(setup.options),
                FINGERPRINT_KEY: board_fingerprint(self.controller.board)}

    def saved_game(self) -> Any:
        """This game as a save: the setup and the whole action log."""
        c = self.controller
        names = " – ".join(s.name for s in c.seats)
        return SavedGame("roborally", self.setup_data(), c.saved_actions(),
                         title=f"RoboRally · {c.board.name} · {names}", finished=c.is_over())

    def _save_key(self) -> tuple[int, bool]:
        return (self.controller.turn, self.controller.is_over())

    def _autosave_if_due(self, *, force: bool = False) -> None:
        """Overwrite the autosave after every completed turn, at the end of the game
        (finished, for the replay) and, with `force`, after a human confirms a program. A
        failed autosave does not stop the game: the log says why."""
        key = self._save_key()
        if not self.autosaving or (key == self.saved_key and not force):
            return
        self.saved_key = key
        from game.scenes.saves_hook import autosave
        autosave(self, self._autosave_written)

    def _autosave_written(self, warning: str | None) -> None:
        """The background autosave ended; a failure goes to the log."""
        if warning:
            self._say(N_("Autosave failed: {reason}"), reason=warning)
            self.dirty = True

    def back(self) -> None:
        self.pause()

    def show_rules(self) -> None:
        self.services.scenes.push(RulesOverlay(self.services, N_("RoboRally rules"), rules_text))

    def request_close(self) -> bool:
        """The window is closed mid-game: ask whether to save first (the dialog shows no
        hand, and the scene under it hides nothing it did not show before)."""
        if not self.in_progress():
            return True
        from game.scenes.saves_hook import offer_save_and_quit
        return offer_save_and_quit(self.services, self)

    # -- input -----------------------------------------------------------------------------
    def hand_slots(self) -> list[tuple[pygame.Rect, int | None]]:
        """The hand as drawn: each slot's box and its card (None: that card is in a register
        now; the other cards keep their places)."""
        p = self.programmer
        if p is None:
            return []
        c = self.controller
        placed = [card for card, locked in zip(c.registers(p), c.robot(p).locked)
                  if card and not locked]
        slots = self.slots.arrange(c.hand(p), placed)
        return list(zip(self._hand_rects(len(slots)), slots))

    def _card_at(self, pixel: tuple[int, int]) -> int | None:
        for rect, card in self.hand_slots():
            if card is not None and rect.collidepoint(pixel):
                return card
        return None

    def _register_at(self, pixel: tuple[int, int]) -> int | None:
        if self.programmer is None:
            return None
        for k, rect in enumerate(self.register_rects(), start=1):
            if rect.collidepoint(pixel):
                return k
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.result_hold.active and (event.type == pygame.MOUSEBUTTONUP or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN))):
            self.result_hold.finish()
        hovered = self.table.hovered
        used = self.table.handle_event(event, self.mouse, len(self.log), self.view)
        if used or hovered != self.table.hovered:
            self.version += 1
            self.dirty = True
        if used:
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F1:
                self.show_rules()
                return True
            if event.key == pygame.K_s and self.programmer is None:
                self.skip()
                return True
            if self.programmer is not None and pygame.K_1 <= event.key <= pygame.K_9:
                slots = self.hand_slots()
                index = event.key - pygame.K_1
                if index < len(slots) and slots[index][1] is not None:
                    self.place(slots[index][1])
                return True
            if self.programmer is not None and event.key == pygame.K_BACKSPACE:
                regs = self.controller.registers(self.programmer)
                for k in range(REGISTERS, 0, -1):
                    if regs[k - 1] and self.take_back(k):
                        break
                return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            pos: Any = self.view.pos_at(event.pos) \
                if self.table.board_area.collidepoint(event.pos) else None
            status = self._status_rect()
            if pos is None and status.collidepoint(event.pos):
                row = (event.pos[1] - status.y - self.px(3)) // max(1, self._row_h())
                pos = ("robot", row) if 0 <= row < len(self.shown) else None
                pos = next((("option", p, o) for rect, p, o in self.option_chips()
                            if rect.collidepoint(event.pos)), pos)
            if pos != self.hover:
                self.hover = pos
                self.hover_time = 0.0
                self.dirty = True
            if self.drag is not None:
                card, start, _now = self.drag
                self.drag = (card, start, event.pos)
                self.dirty = True
        if super().handle_event(event):
            self.drag = None if event.type == pygame.MOUSEBUTTONUP else self.drag
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            card = self._card_at(event.pos)
            if card is not None:
                self.drag = (card, event.pos, event.pos)
                return True
            reg = self._register_at(event.pos)
            if reg is not None:
                self.take_back(reg)
                return True
            if self._log_rect().collidepoint(event.pos):
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            card, start, _now = self.drag
            self.drag = None
            self.dirty = True
            moved = abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > self.px(8)
            reg = self._register_at(event.pos)
            if moved and reg is not None:
                self.place(card, reg)
            elif not moved and self._card_at(event.pos) == card:
                self.place(card)
            return True
        return False

    # -- drawing ---------------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface) -> None:
        """Everything around the board is one cached picture (see `_chrome_key`)."""

    def _side_key(self) -> tuple[Any, ...]:
        c = self.controller
        if self.programmer is not None:
            p = self.programmer
            return ("program", p, self._card_at(self.mouse), self.drag[0] if self.drag else None,
                    tuple(c.registers(p)), tuple(c.hand(p)), c.robot(p).locked,
                    None if self.timer_left is None else int(math.ceil(self.timer_left)),
                    c.can_recompile(p), tuple(sorted(self.spare.items())))
        return ("run", self.register, self.phase, tuple(self.reveals), self.acting,
                self._status_line(), tuple(c.programming_left()),
                tuple((r.destroyed, r.eliminated, r.powered_down) for r in self.shown))

    def draw_content(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if self._chrome is None or self._chrome.get_size() != size:
            self._chrome = pygame.Surface(size)
            self._chrome.fill(theme.BACKGROUND_DEEP)
            self._keys = {}
        chrome = self._chrome
        lang = current_language()
        widgets_x = self.ui.widgets[0].rect.x if self.ui.widgets else 0
        top_key = (lang, self.turn, self.register, self.phase, self._status_line(),
                   widgets_x)
        if self._keys.get("top") != top_key:
            strip = self._phase_strip()
            chrome.fill(theme.BACKGROUND_DEEP, (0, 0, size[0], self._top().bottom + self.px(3)))
            chrome.fill(theme.BACKGROUND_DEEP, strip.inflate(self.px(6), self.px(6)))
            self._draw_top(chrome)
            self._keys["top"] = top_key
        side = self._side()
        side_key = (lang, self._side_key())
        if self._keys.get("side") != side_key:
            height = self.px(466) if self.programmer is not None else self.px(118)
            chrome.fill(theme.BACKGROUND_DEEP, (side.x - self.px(6), side.y - self.px(4),
                                                side.w + self.px(14), height + self.px(4)))
            if self.programmer is not None:
                self._draw_programming(chrome)
            else:
                self._draw_reveals(chrome)
            self._keys["side"] = side_key
        panel_key = (lang, self.version, self.programmer, self.log_scroll, self.table.hovered)
        if self._keys.get("panel") != panel_key:
            self._draw_side(chrome)
            self._keys["panel"] = panel_key
        surface.blit(chrome, (0, 0))
        self.table.draw_frame(surface, self.view)
        surface.set_clip(self.table.board_area)
        self.view.draw(surface, self.register or None)
        if self.register and self.phase in ACTIVE_KINDS:
            self._draw_active(surface)
        self._draw_robots(surface)
        if self.current is not None:
            self._draw_effects(surface, self.current)
        if self.programmer is not None:
            self._draw_preview(surface)
        surface.set_clip(None)
        self.table.draw_over_board(surface, self.view, self.log)
        if self.result_hold.active:
            draw_result_banner(surface, self.table.board_area, self.px(16), self.turn - 1)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.drag is not None and self.programmer is not None:
            card, start, now = self.drag
            if abs(now[0] - start[0]) + abs(now[1] - start[1]) > self.px(8):
                ctype, prio = self.controller.card(card)
                image = card_surface(ctype, prio, (self.px(84), self.px(104)))
                surface.blit(image, image.get_rect(center=now))
        if self.hover is not None and self.hover_time >= HOVER_DELAY and self.drag is None:
            text = self._hover_text(self.hover)
            if text:
                draw_tooltip(surface, text, self.mouse)

    def _hover_text(self, pos: Any) -> str:
        if isinstance(pos, tuple) and pos[0] == "option":
            return f"{option_name(pos[2])}\n{option_text(pos[2])}"
        if isinstance(pos, tuple) and pos[0] == "robot":
            return self._robot_text(pos[1])
        lines = []
        for name, rule in self.view.describe(pos, self.register or None):
            lines.append(f"{name}: {rule}" if rule else name)
        for r, sp in zip(self.shown, self.sprites):
            if sp.visible and round(sp.x) == pos.x and round(sp.y) == pos.y:
                lines.insert(0, _("{name}: damage {damage}, flag {flag} next").format(
                    name=r.name, damage=r.damage, flag=r.next_flag))
        return "\n".join(lines)

    def _robot_text(self, p: int) -> str:
        """Everything about one robot, for the tooltip over its status row."""
        r = self.shown[p]
        flags = len(self.controller.board.flags)
        lines = [_("{name}: damage {damage} of 10, {lives} lives").format(
            name=r.name, damage=r.damage, lives=r.lives), flag_summary(r.next_flag, flags)]
        locked = [str(k + 1) for k, on in enumerate(r.locked) if on]
        if locked:
            lines.append(_("Locked registers: {list}").format(list=", ".join(locked)))
        if r.powered_down:
            lines.append(_("powered down"))
        if r.virtual:
            lines.append(_("virtual"))
        for option in r.options:
            lines.append(f"• {option_name(option)}: {option_text(option)}")
        if not r.options and self.controller.state.engine.options_in_play:
            lines.append(_("No option cards."))
        lines += robot_story(self.log, r.name, self.turn)
        return "\n".join(lines)

    def _draw_top(self, surface: pygame.Surface) -> None:
        top = self._top()
        surface.fill((30, 34, 46), top)
        pygame.draw.line(surface, theme.PANEL_EDGE, top.bottomleft, top.bottomright, 2)
        f = theme.font(self.px(20), bold=True)
        x = self.px(12)
        title = _("Turn {turn}").format(turn=self.turn)
        r = draw_text(surface, title, f, theme.TEXT, (x, top.centery), "midleft")
        x = r.right + self.px(14)
        # five register lamps
        for k in range(1, REGISTERS + 1):
            lamp = pygame.Rect(x, top.centery - self.px(13), self.px(26), self.px(26))
            on = k == self.register
            pygame.draw.rect(surface, theme.ACCENT if on else (60, 66, 84), lamp,
                             border_radius=self.px(5))
            if k < self.register:
                pygame.draw.rect(surface, (110, 120, 140), lamp, border_radius=self.px(5))
            draw_text(surface, str(k), theme.font(self.px(16), bold=True),
                      (20, 20, 20) if on or k < self.register else theme.TEXT, lamp.center,
                      "center")
            x += self.px(30)
        x += self.px(10)
        limit = self.ui.widgets[0].rect.x - self.px(10) if self.ui.widgets else top.right
        status = self._status_line()
        draw_text(surface, status, fitting_font(status, limit - x, self.px(17), bold=False),
                  theme.TEXT_DIM, (x, top.centery), "midleft", max_width=max(10, limit - x))
        small = theme.font(self.px(14), bold=True)
        labels = [_(PHASE_LABELS[ph]) for ph in PHASE_ORDER]
        chips = self.table.phase_chips([small.size(label)[0] + self.px(14) for label in labels])
        for ph, label, chip in zip(PHASE_ORDER, labels, chips):
            on = bool(self.register) and ph == self.phase
            pygame.draw.rect(surface, theme.ACCENT if on else (40, 46, 62), chip,
                             border_radius=chip.h // 2)
            draw_text(surface, label, small, (20, 20, 20) if on else
                      (theme.TEXT_DIM if self.register else (96, 104, 124)), chip.center,
                      "center", max_width=chip.w - self.px(6))

    def _status_line(self) -> str:
        c = self.controller
        if c.is_over():
            return _("The race is over.")
        if self.programmer is not None:
            return _("{name} is programming.").format(name=c.seats[self.programmer].name)
        if self.register:
            return _("Robots are running.")
        left = c.programming_left()
        if left:
            return _("Programming: waiting for {names}.").format(
                names=", ".join(c.seats[p].name for p in left))
        if c.state.stage == "deal":
            return _("Dealing the cards.")
        return _("Robots are running.")

    def _draw_robots(self, surface: pygame.Surface) -> None:
        tile = self.view.tile
        for p, (r, sp) in enumerate(zip(self.shown, self.sprites)):
            if r.archive is not None and not r.eliminated:
                draw_archive(surface, self.view.cell_rect(r.archive), self.looks[p])
        sharing: dict[tuple[int, int], list[int]] = {}
        for p, (r, sp) in enumerate(zip(self.shown, self.sprites)):
            if sp.visible and not r.eliminated:
                sharing.setdefault((round(sp.x), round(sp.y)), []).append(p)
        for p, (r, sp) in enumerate(zip(self.shown, self.sprites)):
            if not sp.visible or r.eliminated:
                continue
            centre, scale = self.token_spot(p, sharing)
            draw_robot_token(surface, centre, tile, self.looks[p], sp.angle,
                             alpha=int(255 * max(0.0, min(1.0, sp.alpha))),
                             scale=sp.scale * scale,
                             powered_down=r.powered_down, virtual=r.virtual,
                             highlight=self.acting == p and self.phase == "cards"
                             and self.current is not None)

    def token_spot(self, p: int, sharing: dict[tuple[int, int], list[int]] | None = None
                   ) -> tuple[tuple[float, float], float]:
        """Where robot `p` is drawn (screen centre) and how large; robots sharing a square
        (virtual robots) are fanned out side by side, smaller, so each stays visible."""
        if sharing is None:
            sharing = {}
            for q, (r, sp) in enumerate(zip(self.shown, self.sprites)):
                if sp.visible and not r.eliminated:
                    sharing.setdefault((round(sp.x), round(sp.y)), []).append(q)
        sp = self.sprites[p]
        group = sharing.get((round(sp.x), round(sp.y)), [p])
        dx, dy, scale = fan_spots(len(group))[group.index(p) if p in group else 0]
        return self.view.centre(sp.x + dx, sp.y + dy), scale

    def preview_path(self) -> tuple[PathStep, ...]:
        """The ghost path of the program on screen: the robot alone, register by register."""
        p = self.programmer
        if p is None:
            return ()
        c = self.controller
        cards = [c.card(card)[0] if card else None for card in c.registers(p)]
        return self.preview.path(c.robot(p), cards)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        assert self.programmer is not None
        start = self.controller.robot(self.programmer).pos
        steps = self.preview_path()
        if start is not None and steps:
            draw_path(surface, self.view, self.looks[self.programmer], start, steps)
            draw_caveat(surface, self.table.board_area.clip(self.view.rect), self.px(13),
                        self.view.centre(start.x, start.y)[1])

    def _active_cells(self) -> list[Pos]:
        """Squares whose element acts in the current phase and register."""
        key = (self.register, self.phase)
        cached = self._active_cache.get(key)
        if cached is not None:
            return cached
        board = self.controller.board
        kind = ACTIVE_KINDS[self.phase]
        cells = []
        if kind == "pusher":
            cells = [p for p, m in board.mounted
                     if m.kind == "pusher" and self.register in m.registers]  # type: ignore[union-attr]
        else:
            for p, e in board.floor.items():
                if e.kind != kind:
                    continue
                if kind == "conveyor" and self.phase == "express belts" and not e.express:  # type: ignore[union-attr]
                    continue
                regs = getattr(e, "registers", None)
                if regs is None or self.register in regs:
                    cells.append(p)
        self._active_cache[key] = cells
        return cells

    def _draw_active(self, surface: pygame.Surface) -> None:
        """Outline the elements that act in this phase, so the phase reads on the board."""
        width = max(2, self.view.tile // 14)
        for p in self._active_cells():
            pygame.draw.rect(surface, theme.ACCENT, self.view.cell_rect(p).inflate(-2, -2), width,
                             border_radius=max(2, self.view.tile // 8))

    def _draw_effects(self, surface: pygame.Surface, step: Step) -> None:
        tile = self.view.tile
        t = 0.0 if step.duration <= 0 else min(1.0, step.elapsed / step.duration)
        for beam in step.beams:
            if not beam.path:
                continue
            d = Direction(beam.direction)
            dx, dy = d.delta
            a = self.view.centre(beam.path[0].x - dx * 0.45, beam.path[0].y - dy * 0.45) \
                if beam.source == "board" else self.view.centre(beam.start.x + dx * 0.4,
                                                                  beam.start.y + dy * 0.4)
            if beam.source != "board" and beam.path:
                a = self.view.centre(beam.start.x + dx * 0.4, beam.start.y + dy * 0.4)
            last = beam.path[-1]
            hit = bool(beam.targets)
            b = self.view.centre(last.x + (0 if hit else dx * 0.5), last.y + (0 if hit else dy * 0.5))
            width = max(2, int(tile * 0.09 * (1.2 - 0.6 * t)))
            colour = BEAM if beam.source == "board" else (255, 120, 60)
            if hit:
                pygame.draw.line(surface, (255, 210, 200), a, b, width + max(2, tile // 10))
                pygame.draw.line(surface, colour, a, b, width)
            else:
                pygame.draw.line(surface, art.shade(colour, 0.75), a, b, max(1, width // 2))
            if hit:
                pygame.draw.circle(surface, (255, 240, 200), b, max(3, tile * 0.22 * (1 - t * 0.5)))
                pygame.draw.circle(surface, colour, b, max(3, tile * 0.22 * (1 - t * 0.5)),
                                   max(1, tile // 16))
        for pos in step.flash:
            rect = self.view.cell_rect(pos)
            pygame.draw.rect(surface, theme.ACCENT, rect, max(2, int(tile * 0.12 * (1 - t))))
        f = theme.font(max(10, tile * 0.42), bold=True)
        for pos, text, colour in step.floats:
            cx, cy = self.view.centre(pos.x, pos.y)
            y = cy - tile * 0.4 - t * tile * 0.5
            image = f.render(text, True, colour)
            outline = f.render(text, True, (0, 0, 0))
            rect = image.get_rect(center=(int(cx), int(y)))
            for ox, oy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                surface.blit(outline, rect.move(ox, oy))
            surface.blit(image, rect)

    # -- the side panel ----------------------------------------------------------------------
    def _draw_side(self, surface: pygame.Surface) -> None:
        """The status rows and the log (drawn into the cached chrome)."""
        status = self._status_rect()
        log = self._log_rect()
        area = status.union(log) if log.h > self.px(40) else status
        surface.fill(theme.BACKGROUND_DEEP, area.inflate(self.px(12), self.px(8)))
        self._render_status(surface, status)
        if self.table.log_rect() is self.table.side_log is not None:
            self.table.draw_log(surface, log, self.log)

    def _draw_programming(self, surface: pygame.Surface) -> None:
        p = self.programmer
        assert p is not None
        c = self.controller
        side = self._side()
        name = c.seats[p].name
        title = self._program_title(name)
        reserve = self.px(140) if c.can_recompile(p) or self.timer_left is not None else 0
        reserve += self.px(158) * sum(self._has_option(w) for w in ("reserve", "flywheel"))
        draw_text(surface, title, fit_font(title, side.w - reserve - self.px(8), self.px(20),
                                           self.px(14)),
                  theme.TEXT, (side.x + self.px(4), side.y + self.px(6)),
                  max_width=side.w - reserve - self.px(8))
        if self.timer_left is not None:
            draw_text(surface, _("{seconds} s left").format(seconds=int(math.ceil(self.timer_left))),
                      theme.font(self.px(20), bold=True), theme.DANGER,
                      (side.right - self.px(4), side.y + self.px(6)), "topright")
        robot = c.robot(p)
        regs = c.registers(p)
        size = (self.px(84), self.px(112))
        for k, rect in enumerate(self.register_rects(), start=1):
            card = regs[k - 1]
            locked = robot.locked[k - 1]
            if card:
                ctype, prio = c.card(card)
                surface.blit(card_surface(ctype, prio, size), rect)
            else:
                pygame.draw.rect(surface, (36, 40, 54), rect, border_radius=self.px(8))
                pygame.draw.rect(surface, theme.PANEL_EDGE, rect, max(1, self.px(2)),
                                 border_radius=self.px(8))
                draw_text(surface, str(k), theme.font(self.px(40), bold=True), (70, 78, 100),
                          rect.center, "center")
            if locked:
                band = pygame.Rect(rect.x, rect.bottom - self.px(26), rect.w, self.px(26))
                pygame.draw.rect(surface, (170, 40, 40), band, border_radius=self.px(6))
                draw_lock(surface, pygame.Rect(band.x + self.px(4), band.y + self.px(3),
                                               self.px(20), self.px(20)))
                draw_text(surface, _("locked"), theme.font(self.px(14), bold=True), theme.TEXT,
                          (band.centerx + self.px(10), band.centery), "center")
            draw_text(surface, _("Register {n}").format(n=k), theme.font(self.px(12)),
                      theme.TEXT_DIM, (rect.centerx, rect.bottom + self.px(2)), "midtop")
        hand = c.hand(p)
        slots = self.hand_slots()
        hand_size = (self.px(70) if len(slots) > 10 else self.px(84), self.px(104))
        dragged = self.drag[0] if self.drag is not None else None
        for rect, held in slots:
            if held is None:
                pygame.draw.rect(surface, theme.PANEL_EDGE, rect, max(1, self.px(2)),
                                 border_radius=self.px(8))
                continue
            ctype, prio = c.card(held)
            lift = rect.move(0, -self.px(4)) if rect.collidepoint(self.mouse) else rect
            surface.blit(card_surface(ctype, prio, hand_size, faded=held == dragged), lift)
        if not hand:
            draw_text(surface, _("No cards left in the hand."), theme.font(self.px(16)),
                      theme.TEXT_DIM, (side.centerx, side.y + self.px(240)), "center")
        hint = self._program_hint()
        draw_text(surface, hint, fit_font(hint, side.w, self.px(13), self.px(9), bold=False),
                  theme.TEXT_DIM,
                  (side.centerx, side.y + self.px(404)), "center", max_width=side.w)

    def _program_title(self, name: str) -> str:
        return _("{name}: program your robot").format(name=name)

    def _program_hint(self) -> str:
        return _("Click a card or drag it onto a register; click a register to take it back.")

    def _draw_reveals(self, surface: pygame.Surface) -> None:
        side = self._side()
        box = pygame.Rect(side.x, side.y, side.w, self.px(110))
        draw_panel(surface, box, shadow=False)
        c = self.controller
        if self.register and self.phase in PHASE_LABELS:
            title = _("Register {n} · {phase}").format(n=self.register,
                                                      phase=_(PHASE_LABELS[self.phase]))
        else:
            title = self._status_line()
        draw_text(surface, title, fitting_font(title, box.w - self.px(20), self.px(15)),
                  theme.TEXT, (box.x + self.px(10), box.y + self.px(6)),
                  max_width=box.w - self.px(20))
        if not self.register:
            left = c.programming_left()
            x = box.x + self.px(10)
            for p in range(len(c.seats)):
                r = self.shown[p]
                if r.destroyed or r.eliminated or r.powered_down:
                    continue
                done = p not in left
                rect = pygame.Rect(x, box.y + self.px(32), self.px(50), self.px(66))
                if rect.right > box.right:
                    break
                if done:
                    surface.blit(card_back(rect.size), rect)
                else:
                    pygame.draw.rect(surface, (40, 44, 58), rect, border_radius=self.px(6))
                    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=self.px(6))
                art.draw_emblem(surface, self.looks[p].shape, (rect.centerx, rect.bottom - self.px(10)),
                                self.px(7), self.looks[p].colour)
                x += self.px(56)
            return
        x = box.x + self.px(10)
        size = (self.px(50), self.px(66))
        for robot, ctype, prio in self.reveals:
            rect = pygame.Rect(x, box.y + self.px(30), *size)
            if rect.right > box.right:
                break
            surface.blit(card_surface(ctype, prio, size), rect)
            art.draw_emblem(surface, self.looks[robot].shape, (rect.centerx, rect.bottom + self.px(6)),
                            self.px(7), self.looks[robot].colour)
            if robot == self.acting and self.phase == "cards":
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(4, 4), 2, border_radius=self.px(6))
            x += self.px(56)

    def _render_status(self, s: pygame.Surface, rect: pygame.Rect) -> None:
        draw_panel(s, rect, shadow=False)
        key_base = (self._row_h(), rect.w, current_language(), len(self.controller.board.flags))
        for p, r in enumerate(self.shown):
            y = rect.y + self.px(3) + p * self._row_h()
            key = key_base + (p, r.name, r.damage, r.lives, r.next_flag, r.locked, r.options,
                              r.powered_down, r.virtual, r.destroyed, r.eliminated)
            image = self._row_cache.get(key)
            if image is None:
                image = pygame.Surface((rect.w - self.px(12), self._row_h() - self.px(2)))
                image.fill(theme.PANEL)
                self._render_row(image, p, r)
                if len(self._row_cache) > 400:
                    self._row_cache.clear()
                self._row_cache[key] = image
            s.blit(image, (rect.x + self.px(6), y))

    def _render_row(self, s: pygame.Surface, p: int, r: RobotView) -> None:
        row_h = self._row_h()
        compact = row_h < self.px(30)
        flags_total = len(self.controller.board.flags)
        f = theme.font(min(self.px(16), row_h * 0.5), bold=True)
        small = theme.font(min(self.px(12), row_h * 0.38))
        row = pygame.Rect(0, 0, s.get_width(), s.get_height())
        if p % 2:
            pygame.draw.rect(s, (46, 52, 68), row, border_radius=self.px(4))
        look = self.looks[p]
        art.draw_emblem(s, look.shape, (row.x + row_h * 0.4, row.y + row_h * 0.42),
                        row_h * 0.3, look.colour)
        name_right = row.x + self.px(96)
        draw_text(s, r.name, f, theme.TEXT if not r.eliminated else theme.TEXT_DIM,
                  (row.x + int(row_h * 0.85), row.y + (row_h // 2 if compact else self.px(3))),
                  "midleft" if compact else "topleft", max_width=name_right - row.x - int(row_h * 0.85))
        x = name_right + self.px(4)
        cy = row.y + (row_h // 2 if compact else self.px(11))
        # next flag
        draw_text(s, flag_counter(r.next_flag, flags_total), f, (255, 226, 110), (x, cy),
                  "midleft", max_width=self.px(82))
        x += self.px(86)
        draw_text(s, "♥" + str(r.lives), f, (240, 110, 120), (x, cy), "midleft")
        x += self.px(40)
        # ten damage pips: the tenth destroys
        pip = max(4, min(self.px(11), row_h // 3))
        for k in range(10):
            box = pygame.Rect(x + k * (pip + self.px(2)), cy - pip // 2, pip, pip)
            pygame.draw.rect(s, (230, 70, 60) if k < r.damage else (70, 76, 94), box,
                             border_radius=2)
        x += 10 * (pip + self.px(2)) + self.px(6)
        # five registers, locked ones red with a lock
        reg = max(6, min(self.px(16), row_h // 2))
        for k in range(REGISTERS):
            box = pygame.Rect(x + k * (reg + self.px(2)), cy - reg // 2, reg, reg)
            if r.locked[k]:
                pygame.draw.rect(s, (170, 40, 40), box, border_radius=2)
                draw_lock(s, box.inflate(-2, -2))
            else:
                pygame.draw.rect(s, (70, 76, 94), box, 1, border_radius=2)
                if reg >= 12:
                    draw_text(s, str(k + 1), theme.font(reg * 0.7), theme.TEXT_DIM, box.center,
                              "center")
        x += REGISTERS * (reg + self.px(2))
        states = self._row_states(r)
        if not compact and states:
            draw_text(s, " · ".join(states), small, (170, 200, 255),
                      (row.x + int(row_h * 0.85), row.bottom - self.px(2)), "bottomleft",
                      max_width=row.right - row.x - int(row_h * 0.85))
        elif states:
            draw_text(s, states[0], small, (170, 200, 255), (row.right - self.px(2), cy),
                      "midright", max_width=max(10, row.right - x - self.px(4)))
        draw_option_chips(s, option_chip_rects(self._chip_area(r, row), len(r.options), compact),
                          r.options, option_name)

    def _row_states(self, r: RobotView) -> list[str]:
        return [label for on, label in ((r.eliminated, _("out")),
                                        (r.destroyed and not r.eliminated, _("destroyed")),
                                        (r.powered_down, _("powered down")),
                                        (r.virtual, _("virtual"))) if on]

    def _chip_area(self, r: RobotView, row: pygame.Rect) -> pygame.Rect:
        """Where a status row shows its robot's option cards (row-relative)."""
        row_h = self._row_h()
        if row_h < self.px(30):
            return pygame.Rect(row.right - self.px(58), row.y + 2, self.px(56), row.h - 4)
        x = row.x + int(row_h * 0.85)
        states = self._row_states(r)
        if states:
            x += theme.font(min(self.px(12), row_h * 0.38)).size(" · ".join(states))[0] \
                + self.px(8)
        return pygame.Rect(x, row.bottom - self.px(15), row.right - x, self.px(14))

    def option_chips(self) -> list[tuple[pygame.Rect, int, str]]:
        """Every held option card on the status rows: its box on screen, robot, option."""
        status = self._status_rect()
        out = []
        for p, r in enumerate(self.shown):
            y = status.y + self.px(3) + p * self._row_h()
            row = pygame.Rect(0, 0, status.w - self.px(12), self._row_h() - self.px(2))
            compact = self._row_h() < self.px(30)
            for rect, option in zip(option_chip_rects(self._chip_area(r, row), len(r.options),
                                                      compact), r.options):
                out.append((rect.move(status.x + self.px(6), y), p, option))
        return out


# -- overlays --------------------------------------------------------------------------------


class DecisionDialog(WidgetScene):
    """A decision during the register phases, asked of the right player."""

    overlay = True

    def __init__(self, services: Services, factory: FactoryScene, decision: Decision) -> None:
        self.factory = factory
        self.decision = decision
        super().__init__(services)

    def _box(self) -> pygame.Rect:
        n = len(self.decision.choices)
        rows = (n + 3) // 4
        box = pygame.Rect(0, 0, self.px(720), self.px(200 + 66 * rows))
        return place_clear_of(box, pygame.Rect((0, 0), self.size), self.square_asked_about(),
                              self.px(12))

    @property
    def box(self) -> pygame.Rect:
        """Where the question is drawn on screen."""
        return self._box()

    def question(self) -> str:
        if self.decision.kind == "power_down" and self.square_asked_about() is not None:
            return _(RETURN_POWERED_DOWN)
        return _(QUESTIONS.get(self.decision.kind, self.decision.kind))

    def square_asked_about(self) -> pygame.Rect | None:
        """On screen, the archive square a returning robot's question is about (kept clear
        and lit), else None."""
        c = self.factory.controller
        if not is_reentry_question(self.decision, c.match.log):
            return None
        archive = c.robot(self.decision.player).archive
        return None if archive is None else self.factory.view.cell_rect(archive)

    def build(self, size: tuple[int, int]) -> None:
        box = self._box()
        choices = self.decision.choices
        per_row = min(4, max(1, len(choices)))
        w = (box.w - self.px(60) - (per_row - 1) * self.px(12)) // per_row
        for i, value in enumerate(choices):
            row, col = divmod(i, per_row)
            rect = (box.x + self.px(30) + col * (w + self.px(12)),
                    box.y + self.px(130) + row * self.px(66), w, self.px(54))
            b = Button(rect, lambda v=value: answer_label(v), lambda v=value: self._pick(v),
                       style="primary" if value == self.decision.default else "normal",
                       tooltip=None)
            self.ui.add(b)
            if value == self.decision.default:
                self.ui.default = b

    def _pick(self, value: str) -> None:
        self.services.scenes.pop()
        self.factory.answer(self.decision, value)

    def back(self) -> None:
        """Esc takes the default answer (the game never waits forever)."""
        self._pick(self.decision.default)

    def request_close(self) -> bool:
        """The window closes while the question is up: the game under it offers to save."""
        return self.factory.request_close()

    def draw_content(self, surface: pygame.Surface) -> None:
        scrim_around(surface, self.square_asked_about())
        box = self._box()
        draw_panel(surface, box)
        seat = self.factory.controller.seats[self.decision.player]
        look = self.factory.looks[self.decision.player]
        art.draw_robot(surface, pygame.Rect(box.x + self.px(20), box.y + self.px(16), self.px(70),
                                            self.px(70)), look.colour, shape=look.shape,
                       letter=look.letter)
        draw_text(surface, seat.name, theme.font(self.px(26), bold=True), theme.TEXT,
                  (box.x + self.px(104), box.y + self.px(22)))
        question = self.question()
        square = self.square_asked_about()
        if square is not None:
            draw_lit_square(surface, square, max(2, self.px(3)))
        draw_paragraphs(surface, question, theme.font(self.px(20)), theme.TEXT,
                        pygame.Rect(box.x + self.px(104), box.y + self.px(60),
                                    box.w - self.px(130), self.px(64)))


class EndScene(WidgetScene):
    """The race is over: ranking, flags, damage dealt and taken."""

    def __init__(self, services: Services, factory: FactoryScene) -> None:
        self.factory = factory
        super().__init__(services)

    def build(self, size: tuple[int, int]) -> None:
        w, h, gap = self.px(280), self.px(56), self.px(16)
        x = size[0] // 2 - (4 * w + 3 * gap) // 2
        y = size[1] - self.px(90)
        labels = (N_("Board"), N_("Watch replay"), N_("Main menu"), N_("Play again"))
        # one size for the row, the largest at which the longest label fits (German is long)
        text_px = float(self.px(22))
        while text_px > self.px(13) and any(
                theme.font(text_px, bold=True).size(_(label))[0] > w - self.px(28)
                for label in labels):
            text_px -= 1
        board = Button((x, y, w, h), labels[0], self.back,
                       tooltip=N_("Look at the final board"), size=text_px)
        watch = Button((x + w + gap, y, w, h), labels[1], self.watch_replay, size=text_px,
                       tooltip=N_("Step through the game move by move; export its log"))
        menu = Button((x + 2 * (w + gap), y, w, h), labels[2], self.menu, size=text_px)
        again = Button((x + 3 * (w + gap), y, w, h), labels[3], self.again,
                       style="primary", size=text_px)
        for b in (board, watch, menu, again):
            self.ui.add(b)
        self.ui.default = again

    def watch_replay(self) -> None:
        """The game just finished, in the replay viewer (every hand shown: it is over)."""
        try:
            scene = replay(self.services, self.factory.saved_game())
        except Exception as exc:  # a game that does not replay must not crash the app
            from game.scenes.dialogs import MessageScene
            self.services.scenes.push(MessageScene(
                self.services, N_("RoboRally"),
                lambda: _("This game does not replay: {problem}").format(problem=exc)))
            return
        self.services.scenes.reset(scene)

    def again(self) -> None:
        setup = self.factory.setup
        if setup is None:
            self.menu()
            return
        fresh = GameSetup(setup.game, setup.players, setup.variant, setup.board,
                          setup.seed + 1, setup.options)
        self.services.scenes.reset(start(self.services, fresh))

    def menu(self) -> None:
        self.services.scenes.go_home()

    def draw_content(self, surface: pygame.Surface) -> None:
        c = self.factory.controller
        w, h = self.size
        winner = c.winner()
        title = (_("{name} wins the race!").format(name=c.seats[winner].name)
                 if winner is not None else _("The race is over."))
        draw_text(surface, title, theme.font(self.px(44), bold=True), theme.ACCENT,
                  (w // 2, self.px(60)), "center")
        table = pygame.Rect(w // 2 - self.px(520), self.px(120), self.px(1040),
                            self.px(90) + self.px(56) * len(c.seats))
        table.h = min(table.h, h - self.px(230))
        draw_panel(surface, table)
        heads = [(_("Place"), 0), (_("Robot"), 90), (_("Flags"), 390), (_("Damage dealt"), 500),
                 (_("Damage taken"), 690), (_("Destroyed"), 880)]
        for text, x in heads:
            f = fit_font(text, self.px(178), self.px(18), self.px(12))
            draw_text(surface, text, f, theme.TEXT_DIM, (table.x + self.px(24 + x), table.y + self.px(20)))
        row_h = min(self.px(56), (table.h - self.px(70)) // max(1, len(c.seats)))
        flags_total = len(c.board.flags)
        for place, p in enumerate(c.ranking(), start=1):
            r = c.robot(p)
            y = table.y + self.px(60) + (place - 1) * row_h
            if place % 2:
                pygame.draw.rect(surface, (46, 52, 68), (table.x + self.px(10), y, table.w - self.px(20), row_h - 4),
                                 border_radius=self.px(6))
            cy = y + row_h // 2
            big = theme.font(min(self.px(24), row_h * 0.5), bold=True)
            draw_text(surface, f"{place}.", big, theme.ACCENT if place == 1 else theme.TEXT,
                      (table.x + self.px(24), cy), "midleft")
            look = self.factory.looks[p]
            art.draw_robot(surface, pygame.Rect(table.x + self.px(100), cy - row_h // 2 + 2,
                                                row_h - 4, row_h - 4), look.colour, shape=look.shape,
                           letter=look.letter)
            draw_text(surface, r.name + ("  " + _("(bot)") if c.seats[p].is_bot else ""), big,
                      theme.TEXT, (table.x + self.px(110) + row_h, cy), "midleft",
                      max_width=self.px(280))
            reached = min(r.next_flag - 1, flags_total)
            draw_text(surface, f"{reached} / {flags_total}", big, (255, 226, 110),
                      (table.x + self.px(414), cy), "midleft")
            draw_text(surface, str(c.stats.dealt[p]), big, theme.TEXT, (table.x + self.px(524), cy),
                      "midleft")
            draw_text(surface, str(c.stats.taken[p]), big, theme.TEXT, (table.x + self.px(714), cy),
                      "midleft")
            draw_text(surface, str(c.stats.destroyed[p]), big, theme.TEXT,
                      (table.x + self.px(904), cy), "midleft")
        draw_text(surface, _("Turns played: {n}").format(n=c.turn),
                  theme.font(self.px(18)), theme.TEXT_DIM, (w // 2, table.bottom + self.px(16)),
                  "midtop")


# -- rules -----------------------------------------------------------------------------------


RULES_INTRO = N_(
    "Race your robot across the factory and touch the numbered flags in order. The first robot "
    "to reach the last flag wins.\n\n"
    "THE TURN\n"
    "1. Deal: every robot gets 9 program cards, one fewer for each point of damage.\n"
    "2. Program: put one card face down into each of your five registers. Damage of 5 or more "
    "locks registers from register 5 downwards; a locked register keeps its card. You may "
    "announce a power down for the next turn: the robot then gets no cards and does not move, "
    "and all its damage is repaired. Confirm locks the program in; until then you may take "
    "cards back.\n"
    "3. Five register phases, one after another.\n"
    "4. End of turn: wrenches and flags repair, destroyed robots return on their archive "
    "square with 2 damage and one life less.\n\n"
    "ONE REGISTER PHASE\n"
    "a. Option cards that act before the register are announced.\n"
    "b. Cards: every robot reveals its card; robots act one by one, the highest priority "
    "first. A moving robot pushes robots in its way; walls stop it; a pit or the course edge "
    "destroys it.\n"
    "c. Express belts move 1 square, then all belts move 1 square; a belt that turns turns "
    "the robot too.\n"
    "d. Pushers push in the registers printed on them.\n"
    "e. Gears turn robots 90°.\n"
    "f. Crushers destroy robots in their registers.\n"
    "g. Lasers: board lasers hit the first robot in their beam; every robot fires ahead and "
    "hits the first robot in its line for 1 damage.\n"
    "h. Flamers burn robots in their registers (1 damage).\n"
    "i. Flags: a robot on its next flag (or one that crossed it) has reached it; flags and "
    "wrenches become the robot's archive square.\n\n"
    "DAMAGE\n"
    "10 damage destroys a robot. Each turn a robot gets one card fewer per damage.\n\n"
    "THE SCREEN\n"
    "Click a card to put it into the first free register, or drag it onto a register; click a "
    "register to take its card back; number keys pick hand cards. Hover a square to read its "
    "elements. S or Skip shows the end of the animation at once.")


def rules_text() -> str:
    """The rules overlay: the turn and the register order, then every element and option
    card with its rule (names and texts from the board data files, in both languages)."""
    parts = [_(RULES_INTRO), "", _("FACTORY ELEMENTS")]
    from game.ui.roborally_view import element_texts
    lang = current_language()
    for info in element_texts().values():
        name = info.name.de if lang == "de" else info.name.en
        text = info.text.de if lang == "de" else info.text.en
        parts.append(f"• {name}: {text}")
    option_name("recompile")
    if _option_names:
        parts += ["", _("OPTION CARDS (variant with option cards)"),
                  _("A robot on a double wrench at the end of a turn may take an option card "
                    "instead of repairing. A robot holds at most 3; it loses one when it is "
                    "destroyed, and may discard one to prevent 1 damage.")]
        for card in _option_names.values():
            name = card.name.de if lang == "de" else card.name.en
            text = card.text.de if lang == "de" else card.text.en
            parts.append(f"• {name}: {text}")
    return "\n".join(parts)


# -- starting a game ---------------------------------------------------------------------------


def load_course(path: Path) -> tuple[Board, tuple[tuple[int, int, int, int], ...]]:
    """The course (or single board) in `path` and its board outlines (raises DataError)."""
    from game.data.files import load_any
    from game.roborally.model import Course
    fmt, model = load_any(path)
    if isinstance(model, Course):
        return model.board, tuple(placement_rects(model))
    if isinstance(model, Board):
        return model, ()
    raise ValueError(f"{path}: not a RoboRally course ({fmt})")


def default_course() -> Path:
    from game import paths
    folder = paths.builtin_boards_dir() / "roborally"
    preferred = folder / "sunday-drive.yaml"
    if preferred.is_file():
        return preferred
    for path in sorted(folder.glob("*.yaml")):
        if "roborally-course/1" in path.read_text(encoding="utf-8")[:400]:
            return path
    raise FileNotFoundError("no RoboRally course found")


def start(services: Services, setup: GameSetup) -> Scene:
    """The setup screen's entry point: a factory scene for `setup` (or a message when the
    course cannot be played)."""
    from game.data.errors import DataError
    from game.scenes.dialogs import MessageScene
    path = setup.board or default_course()
    try:
        board, seams = load_course(path)
        seats = [Seat(p.name, p.colour, p.bot_level) for p in setup.players]
        controller = RoboRallyController(
            board, seats, setup.seed, option_cards=setup.variant == "options",
            timer=bool(setup.options.get("timer", False)))
    except (DataError, ValueError, OSError) as exc:
        problem = str(exc)      # `exc` itself is gone once the except block ends
        return MessageScene(services, N_("RoboRally"),
                            lambda: _("This course cannot be played: {problem}").format(
                                problem=problem))
    return FactoryScene(services, controller, setup, seams=seams)


def resume(services: Services, saved: Any) -> Scene:
    """Rebuild a saved game (a `game.saves.SavedGame`) where it was saved.

    Raises:
        ValueError / IllegalActionError / KeyError / TypeError: the save does not replay."""
    data = dict(saved.setup)
    setup = _saved_setup(saved)
    scene = start(services, setup)
    if not isinstance(scene, FactoryScene):
        raise ValueError(f"the course {data.get('course')!r} cannot be played")
    history = scene.controller.restore(list(saved.actions))
    # told at once, unanimated, as skipping does: the log panel shows the game so far
    scene.controller.pending.extend(history)
    scene.skip()
    scene.saved_key = scene._save_key()     # this position is saved already
    return scene


def _saved_setup(saved: Any) -> GameSetup:
    data = dict(saved.setup)
    players = [PlayerSetup(str(p["name"]), str(p["colour"]), p.get("bot_level"))
               for p in data["players"]]
    return GameSetup("roborally", players, str(data.get("variant") or "standard"),
                     _saved_course(data), int(data["seed"]), dict(data.get("options") or {}))


def _saved_course(data: dict[str, Any]) -> Path:
    """The saved course file, or one of the same name among the user's and built-in ones."""
    path = saved_board_path(SavedGame("roborally", data))
    if path is None:
        raise ValueError(f"no RoboRally course named {data.get('course')!r}")
    return path


# -- the replay viewer -------------------------------------------------------------------------


def replay(services: Services, saved: Any) -> Scene:
    """The replay viewer for a saved game (game/scenes/replay.py): the whole log is checked
    here, so stepping through it never fails later.

    Raises:
        ValueError / DataError / OSError: the save or its course does not replay."""
    setup = _saved_setup(saved)
    board, seams = load_course(setup.board or default_course())
    seats = [Seat(p.name, p.colour, p.bot_level) for p in setup.players]
    controller = RoboRallyController(board, seats, setup.seed,
                                     option_cards=setup.variant == "options",
                                     timer=bool(setup.options.get("timer", False)),
                                     with_bots=False)
    controller.restore(list(saved.actions))
    controller.rewind()
    return ReplayScene(services, controller, setup, saved, seams=seams)


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

    def _status_line(self) -> str:
        if self.programmer is not None:      # the side panel names who is programming
            return _("Replay: all hands shown")
        return _("Replay · {status}").format(status=super()._status_line())

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

    def pause(self) -> None:
        self.bar.playing = False
        self.services.scenes.push(PauseMenu(self.services, rules=self.show_rules))

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


# -- named scenes for screenshots and the monkey test ------------------------------------------

NAMES = ("Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta", "Hugo")
COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "cyan", "white")


def demo_setup(course: str = "sunday-drive", humans: int = 2, bots: int = 2,
               variant: str = "standard", seed: int = 7) -> GameSetup:
    from game import paths
    players = [PlayerSetup(NAMES[i], COLOURS[i], None if i < humans else "normal")
               for i in range(humans + bots)]
    return GameSetup("roborally", players, variant,
                     paths.builtin_boards_dir() / "roborally" / f"{course}.yaml", seed)


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
    scene._begin_programming(0)
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
            and step.elapsed > step.duration * 0.3
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


def _replay(services: Services) -> list[Scene]:
    """The replay viewer in turn 3 of a finished bot game: a robot's hand and registers on
    the side panel while its program is placed."""
    from game.roborally.actions import PlaceCard
    game = start(services, demo_setup("sunday-drive", 0, 4, seed=11))
    assert isinstance(game, FactoryScene)
    c = game.controller
    while not c.is_over() and c.step():
        c.pending.clear()
    scene = replay(services, game.saved_game())
    assert isinstance(scene, ReplayScene)
    log = c.match.log
    index = next(i for i, a in enumerate(log) if isinstance(a, PlaceCard)
                 and a.register == 3 and sum(isinstance(b, PlaceCard) for b in log[:i]) > 40)
    scene.bar.seek(index + 1)
    return _menu(services) + [scene]


SCREENSHOT_SCENES: dict[str, Callable[[Services], list[Scene]]] = {
    "roborally-programming": _programming,
    "roborally-execution": _execution_stack,
    "roborally-decision": _decision,
    "roborally-end": _end,
    "roborally-rules": _rules,
    "roborally-replay": _replay,
}
