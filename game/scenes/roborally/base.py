"""The RoboRally factory: the board, programming behind the privacy screen, and the register
phases animated from the engine's events, with the phase, every robot's status and a log.

The scene only draws and turns clicks into actions the controller checks against
`legal_actions()` (STYLE.md §6.3); the controller runs chance and the bots. Views animate
events; the state is already final, and skipping drains the queue and snaps every robot to
it (STYLE.md §6.4).

This module: the scene's state, layout, log and the event queue turned into steps."""

from __future__ import annotations

from typing import Any, Iterable

import pygame

from game.app.services import Services
from game.controllers.roborally import RoboRallyController, RobotView
from game.controllers.thinking import BotThinker
from game.core.types import Pos
from game.i18n import N_, _
from game.roborally.model import REGISTERS
from game.scenes.games import GameSetup
from game.scenes.roborally.frame import TableFrame
from game.scenes.roborally.hand import HandSlots
from game.scenes.roborally.pause import ResultHold
from game.scenes.roborally.presenter import RoboRallyPresenter
from game.scenes.roborally.preview import ProgramPreview
from game.scenes.roborally.steps import LogLine, Sprite, Step
from game.scenes.roborally.texts import DIR_ANGLE, HOVER_DELAY, LOG_LIMIT, SPEED_LABELS
from game.scenes.roborally.texts import rules_text as rules_page
from game.scenes.table.scene import TableScene
from game.scenes.table.tween import StepPlayer
from game.ui import theme
from game.ui.roborally_view import BoardView
from game.ui.rr_token import RobotLook
from game.ui.theme import fit_font
from game.ui.widgets import Button, Toggle


class FactoryTableBase(TableScene):
    """A RoboRally game at one screen: state, layout, log and animation steps (the live table
    and the replay viewer share it)."""

    takes_moves = True      # False in the replay viewer: nothing is played from the screen
    autosaving = True       # the screenshot and demo scenes turn it off
    rules_title = N_("RoboRally rules")

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
        self.presenter = RoboRallyPresenter(self)
        self.player = StepPlayer(self.presenter, on_step=self._on_step)
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
        self.programs_confirmed = 0   # each confirmed program is autosaved
        super().__init__(services, setup)  # type: ignore[arg-type]  # None: a scenario
        self.autosaved = self.autosave_due()   # the autosave is written when this changes
        self.snap()

    def rules_text(self) -> str:
        return rules_page()

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
        menu = Button((x - self.px(100), y, self.px(100), bh), N_("Menu"), self.back,
                      tooltip=N_("Pause, rules, quit (Esc)"), size=self.px(16))
        x -= self.px(108)
        rules = Button((x - self.px(100), y, self.px(100), bh), N_("Rules"), self.open_rules,
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
        return 0.0 if f <= 0 else seconds     # the step player applies the speed

    # -- events ----------------------------------------------------------------------------
    def _next_step(self) -> Step | None:
        """The next event (and those that happen with it) as one step, unplayed."""
        e = self.controller.next_event()
        return None if e is None else self.presenter.start(e, self.controller.pending)

    @property
    def current(self) -> Step | None:
        """The step on screen (the step player's)."""
        return self.player.current  # type: ignore[return-value]

    @current.setter
    def current(self, step: Step | None) -> None:
        self.player.current = step

    def _on_step(self, events: Iterable[Any]) -> None:
        """A step starts in play: its sound cues; the robots snap to the state afterwards."""
        self.services.audio.play_events(list(events))
        self._unsnapped = True

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
