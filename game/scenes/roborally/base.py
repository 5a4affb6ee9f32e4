"""The RoboRally factory: the board, programming behind the privacy screen, and the register
phases animated from the engine's events, with the phase, every robot's status and a log.

The scene only draws and turns clicks into actions the controller checks against
`legal_actions()` (STYLE.md §6.3); the controller runs chance and the bots. Views animate
events; the state is already final, and skipping drains the queue and snaps every robot to
it (STYLE.md §6.4).

This module: what the live table (table.py) and the replay viewer (replay.py) share: the
layout, the presenter with its display copy, the step player, the top bar's buttons and the
input on the board and the log. Each of the two adds it to its own framework base
(`TableScene`, `ReplayTable`); neither inherits the other."""

from __future__ import annotations

from typing import Any, Iterable

import pygame

from game.app.settings import ANIMATION_SPEEDS
from game.controllers.roborally import TIMER_SECONDS, RoboRallyController
from game.core.types import Pos
from game.i18n import N_, _, current_language
from game.roborally.model import REGISTERS
from game.roborally.options import SPARE_FIELDS, spare_option_free
from game.scenes.roborally.display import FactoryDisplay
from game.scenes.roborally.frame import TableFrame, log_entries
from game.scenes.roborally.hand import hand_slots
from game.scenes.roborally.pause import ResultHold, TimeUpNotice
from game.scenes.roborally.presenter import RoboRallyPresenter, apply_tweens
from game.scenes.roborally.preview import ProgramPreview
from game.scenes.roborally.programs import REVEALS_H, ProgramsLayout, programs_layout
from game.scenes.roborally.steps import Step
from game.scenes.roborally.texts import (HOVER_DELAY, PHASE_LABELS, PHASE_ORDER, SPARE_LABELS,
                                         SPEED_LABELS)
from game.scenes.roborally.texts import rules_text as rules_page
from game.scenes.table.scene import TableScene
from game.scenes.table.tween import StepPlayer
from game.ui.log_drawer import LogEntry
from game.ui import theme
from game.ui.roborally_view import BoardView
from game.ui.rr_token import RobotLook
from game.ui.text_drawing import fits_when_shrunk
from game.ui.widgets import BUTTON_MARGINS, BUTTON_TYPE, PANEL_SHADOW_BELOW, Button, button_width


class FactoryTableBase(TableScene):
    """A RoboRally game at one screen: layout, display copy and animation steps (the live
    table and the replay viewer share it)."""

    rules_title = N_("RoboRally rules")
    programmer: int | None = None
    """The robot whose hand and registers are on the side panel."""

    def seat(self, controller: RoboRallyController, *,
             seams: tuple[tuple[int, int, int, int], ...] = (),
             narrates_lock_in: bool = True) -> None:
        """Take the game's controller: the board view, the presenter with its display copy,
        the step player. Called before the framework's `__init__`, then `snap()`."""
        self.controller = controller
        self.view = BoardView(controller.board, seams)
        self.table = TableFrame(controller.board.width, controller.board.height, self.px)
        self.result_hold = ResultHold()
        self.time_up = TimeUpNotice()
        self.preview = ProgramPreview(controller.board, lambda: controller.state.engine.rules)
        self.looks = [RobotLook.in_colour(s.name, s.colour) for s in controller.seats]
        display = FactoryDisplay(controller, on_line=self._newest_line_in_view)
        self.presenter = RoboRallyPresenter(display, self._factor,
                                            narrates_lock_in=narrates_lock_in)
        self.player = StepPlayer(self.presenter, on_step=self._on_step)
        self.spare: dict[str, int] = {}
        self.drag: tuple[int, tuple[int, int], tuple[int, int]] | None = None  # card, start, now
        self.hover: Any = None   # a board square (Pos) or ("robot", seat) over a status row
        self.hover_time = 0.0
        self.mouse = (0, 0)
        self.timer_left: float | None = None
        self._unsnapped = False
        self._chrome: pygame.Surface | None = None
        self._row_cache: dict[Any, pygame.Surface] = {}
        self._programs_cache: tuple[Any, pygame.Surface] | None = None
        self._risen_status_top: tuple[Any, int] | None = None
        self._keys: dict[str, Any] = {}
        self._active_cache: dict[Any, list[Pos]] = {}

    @property
    def display(self) -> FactoryDisplay:
        """What the table shows now: the presenter's display copy."""
        return self.presenter.display

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

    def program_buttons_row(self) -> pygame.Rect:
        """The row of Clear, Power down and Confirm under the hand (public layout)."""
        side = self._side()
        return pygame.Rect(side.x, side.y + self.px(418), side.w, self.px(44))

    def program_top_row(self) -> dict[str, pygame.Rect]:
        """The programming screen's top row, right to left: the timer's countdown (kept
        free whenever the game has the timer, RR-5.7, so nothing moves when it starts),
        Recompile, and the spare card of a Flywheel and a Conditional Program (CB-6.2 to
        CB-6.4), each only when it can show; "title" is the room left for whose program it
        is. The buttons narrow to leave a name's worth of title while their labels still
        show whole in a smaller type; where they would not, the title gives way (the top bar
        names who is programming too) and the buttons take the row (public layout)."""
        p = self.programmer
        side = self._side()
        height, air = self.px(30), self.px(12)
        wanted: list[tuple[str, int, str, float]] = []    # name, width, label, type size
        if self.controller.timer:
            countdown = _("{seconds} s left").format(seconds=int(TIMER_SECONDS))
            wanted.append(("timer", theme.font(self.px(20), bold=True).size(countdown)[0]
                           + self.px(4), countdown, self.px(20)))
        if p is not None and self.controller.can_recompile(p):
            wanted.append(("recompile", button_width(_("Recompile"), height) + air,
                           _("Recompile"), height * BUTTON_TYPE))
        for which in SPARE_FIELDS:
            if self._has_option(which):
                label = _(SPARE_LABELS[which]).format(card=_("none"))
                wanted.append((which, button_width(label, height, self.px(14)) + air, label,
                               self.px(14)))
        gap = self.px(8)
        fixed = sum(w for name, w, _label, _size in wanted if name == "timer") \
            + gap * len(wanted)
        buttons = [(w, label, size) for name, w, label, size in wanted if name != "timer"]
        flexible = sum(w for w, _label, _size in buttons)

        def narrowed(room: int) -> float:
            return min(1.0, room / flexible) if flexible else 1.0

        narrow = narrowed(side.w - self.px(80) - fixed)      # a name's worth of title
        if not all(fits_when_shrunk(label, int(w * narrow) - height * BUTTON_MARGINS,
                                    size) for w, label, size in buttons):
            narrow = narrowed(side.w - fixed)
        rects: dict[str, pygame.Rect] = {}
        right = side.right
        for name, w, _label, _size in wanted:
            w = w if name == "timer" else int(w * narrow)
            rects[name] = pygame.Rect(right - w, side.y, w, height)
            right -= w + gap
        rects["title"] = pygame.Rect(side.x, side.y, right - side.x, height)
        return rects

    def _program_status_top(self) -> int:
        """Where the status rows start on the programming screen: under the program buttons
        and clear of their shadow."""
        return self.program_buttons_row().bottom + PANEL_SHADOW_BELOW + self.px(2)

    def _status_rect(self) -> pygame.Rect:
        """The status rows: under the program buttons while a program is written; in the
        register phases they keep that place (or, for many robots, rise from the same bottom
        to rows of full height, or of a little less where that lets the turn's programs
        show), under the reveals and what `_middle_rect` holds."""
        side = self._side()
        rows = len(self.controller.seats)
        return pygame.Rect(side.x, self._status_top(), side.w, rows * self._row_h() + self.px(6))

    def _status_top(self) -> int:
        programming = self._program_status_top()
        if self.programmer is not None:
            return programming
        side = self._side()
        robots = len(self.controller.seats)
        # asked dozens of times for each mouse motion (every row's rectangle asks it): the
        # search for rows that let the programs show is done once per layout
        key = (self.size, tuple(side), programming, robots, self.table.dock is not None)
        if self._risen_status_top is None or self._risen_status_top[0] != key:
            self._risen_status_top = (key, self._risen_rows_top(side, programming, robots))
        return self._risen_status_top[1]

    def _risen_rows_top(self, side: pygame.Rect, programming: int, robots: int) -> int:
        """The register phases' status rows: risen from the programming screen's bottom to
        rows of full height, or a little shorter where that lets the turn's programs show."""
        def rising(row_px: int) -> int:
            """The top of rows `row_px` design pixels high, risen from the programming
            screen's bottom, but never over the reveals."""
            return max(side.y + self.px(REVEALS_H + 8),
                       min(programming, side.bottom - robots * self.px(row_px) - self.px(6)))

        top = rising(40)
        if self.table.dock is not None \
                and programs_layout(self._middle_above(top), robots, self.px) is None:
            # the log lies beside the board, so the middle is the turn's programs' (eight
            # robots in a 16:9 window of 1024×576 or less): rows of two lines still, but
            # shorter, where their cards then show
            for row_px in range(38, 29, -2):
                if programs_layout(self._middle_above(rising(row_px)), robots,
                                   self.px) is not None:
                    return rising(row_px)
        return top

    def status_row_rect(self, p: int) -> pygame.Rect:
        """Where robot `p`'s row of the status panel is drawn (public layout)."""
        status = self._status_rect()
        row_h = self._row_h()
        return pygame.Rect(status.x, status.y + self.px(3) + p * row_h, status.w, row_h)

    def _row_h(self) -> int:
        rows = len(self.controller.seats)
        avail = self._side().bottom - self._status_top() - self.px(6)
        return max(self.px(18), min(self.px(40), avail // max(1, rows)))

    def reveals_rect(self) -> pygame.Rect:
        """The box of the register's revealed cards at the side column's top (public
        layout)."""
        side = self._side()
        return pygame.Rect(side.x, side.y, side.w, self.px(REVEALS_H))

    def private_panel(self) -> pygame.Rect:
        """The side column above the status rows, where a player's hand shows: what the
        privacy screen covers while the screen passes (public layout)."""
        side = self._side()
        return pygame.Rect(side.x, side.y, side.w, self._status_top() - self.px(8) - side.y)

    def _middle_rect(self) -> pygame.Rect:
        """In the register phases, between the reveals and the status rows: the log where
        it is not docked beside the board, else the turn's programs (`programs_panel`)."""
        side = self._side()
        if self.programmer is not None:
            return pygame.Rect(side.x, side.bottom, side.w, 0)
        return self._middle_above(self._status_top())

    def _middle_above(self, status_top: int) -> pygame.Rect:
        """The register phases' middle of the side column with the status rows at
        `status_top`."""
        side = self._side()
        top = side.y + self.px(REVEALS_H + 8)
        return pygame.Rect(side.x, top, side.w, status_top - self.px(8) - top)

    def _log_rect(self) -> pygame.Rect:
        return self._middle_rect()

    def programs_panel(self) -> ProgramsLayout | None:
        """Where the turn's programs and each of their cards are shown in the register
        phases (public layout); None while a program is written, where the log takes the
        room, or where there is too little of it for cards that can be read."""
        if self.table.log_rect() is self.table.side_log is not None:
            return None
        return programs_layout(self._middle_rect(), len(self.controller.seats), self.px)

    @property
    def log_scroll(self) -> int:
        return self.table.log_panel.scroll

    @log_scroll.setter
    def log_scroll(self, lines: int) -> None:
        self.table.log_panel.scroll = lines

    def build_table(self, size: tuple[int, int]) -> None:
        """The board's layout and the top bar's buttons (both tables have them)."""
        side_log = self._log_rect()
        self.table.side_log = side_log if side_log.h > self.px(40) else None
        self.table.layout(self._board_area(), self.view,
                          [_(PHASE_LABELS[phase]) for phase in PHASE_ORDER])
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
        self._sync_skip_button()       # also under an overlay, which stops the updates

    def _toggle_log(self) -> None:
        self.table.toggle_drawer()
        self.dirty = True

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        self._chrome = None

    def _relayout(self) -> None:
        self.on_resize(self.size)

    # -- state on screen -------------------------------------------------------------------
    def log_entries(self) -> list[LogEntry]:
        """The log as the drawer shows it, each line marking the squares it names; worded
        again when the display changed (`version` counts every change to the log) or the
        language did."""
        display = self.display
        return self.table.log.entries((current_language(), display.version),
                                      lambda: log_entries(display.log))

    def snap(self) -> None:
        """Every robot where the state says (after an animation, or when skipping)."""
        self.display.snap(self.controller)
        self.dirty = True

    def _newest_line_in_view(self) -> None:
        self.log_scroll = 0

    def _factor(self) -> float:
        return self.services.settings.animation_factor

    # -- events ----------------------------------------------------------------------------
    def next_step(self) -> Step | None:
        """The next event (and those that happen with it) as one step, unplayed."""
        e = self.controller.next_event()
        return None if e is None else self.presenter.start(e, self.controller.pending)

    @property
    def current(self) -> Step | None:
        """The step on screen (the step player's)."""
        return self.player.current

    @current.setter
    def current(self, step: Step | None) -> None:
        self.player.current = step

    def _on_step(self, events: Iterable[Any]) -> None:
        """A step starts in play: its sound cues; the robots snap to the state afterwards."""
        self.services.audio.play_events(list(events))
        self._unsnapped = True

    # -- update ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self._sync_skip_button()

    def _sync_skip_button(self) -> None:
        """Skip shows the end of an animation: greyed while there is none (a player
        programming, a question), so it does not look like skipping a turn."""
        if self.skip_button.on_click != self.skip:
            return                      # Results, once the race is over
        animating = self.animation_left()
        if self.skip_button.enabled != animating:
            self.skip_button.enabled = animating
            self.dirty = True

    def animation_left(self) -> bool:
        """A step on screen or events still to be shown (what Skip skips)."""
        return self.current is not None or bool(self.controller.pending)

    def is_animating(self) -> bool:
        return (self.animation_left()
                or self.timer_left is not None or super().is_animating()
                or self.result_hold.active or self.time_up.active
                or (self.hover is not None and self.hover_time < HOVER_DELAY))

    def _tick_hover(self, dt: float) -> None:
        """The tooltip over the board or a status row shows once the mouse rests."""
        if self.hover is not None and self.hover_time < HOVER_DELAY:
            self.hover_time += dt
            if self.hover_time >= HOVER_DELAY:
                self.dirty = True

    def _advance_steps(self, dt: float) -> bool:
        """Play the animation on for `dt` seconds; True when no step is left on screen (the
        robots then stand where the state says)."""
        if self.player.update(dt, self._factor(), self.controller):
            self.dirty = True
        if self.current is not None:
            apply_tweens(self.current, self.current.progress)
            return False
        if self._unsnapped:
            self._unsnapped = False
            self.snap()
        return True

    def _apply_pending_steps(self) -> None:
        """Every event still waiting to be animated takes effect at once, unanimated."""
        while (step := self.next_step()) is not None:
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

    # -- the hand on the side panel ----------------------------------------------------------
    def hand_slots(self) -> list[tuple[pygame.Rect, int | None]]:
        """The hand as drawn: each slot's box and its card (None: that card is in a register
        now; the other cards keep their places)."""
        p = self.programmer
        if p is None:
            return []
        c = self.controller
        placed = [card for card, locked in zip(c.registers(p), c.robot(p).locked)
                  if card and not locked]
        slots = hand_slots(c.hand(p), placed)
        return list(zip(self._hand_rects(len(slots)), slots))

    def _register_at(self, pixel: tuple[int, int]) -> int | None:
        """The register (1 to 5) whose box is at `pixel`, while a program is written."""
        if self.programmer is None:
            return None
        for k, rect in enumerate(self.register_rects(), start=1):
            if rect.collidepoint(pixel):
                return k
        return None

    def card_under_mouse(self) -> int | None:
        """The hand card the mouse is over, drawn lifted where cards can be taken (None
        where nothing is played from the screen)."""
        return None

    def _has_option(self, which: str) -> bool:
        p = self.programmer
        return p is not None and spare_option_free(self.controller.state.robots[p], which)
