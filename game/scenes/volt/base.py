"""What VOLT's live table and its replay viewer share: the operators, the presenter and the
player of its steps, the layout and the arena view, the top buttons.

It is a `TableScene`; the painters build on it in one line (ArenaPainting, PanelPainting,
ControllerPainting). The live table is the last painter plus input and turn flow; the viewer
is a PanelPainting and a `ReplayTable`. The two scenes do not inherit each other."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable

import pygame

from game.controllers.volt import VoltController
from game.core.types import Direction, PlayerId
from game.i18n import N_
from game.scenes.table.layers import LayerCache
from game.scenes.table.scene import TableScene
from game.scenes.table.tween import StepPlayer
from game.scenes.volt.layout import TableLayout
from game.scenes.volt.presenter import Shown, VoltPresenter
from game.scenes.volt.texts import RULES_TITLE, rules_page
from game.ui import theme
from game.ui.log_drawer import LogDrawer
from game.ui.volt_view import ArenaView
from game.ui.widgets import Button


class VoltTableBase(TableScene):
    """The shared half of a VOLT table scene; the painters build on it. Call
    `seat(controller)` before the framework's `__init__`."""

    rules_title = RULES_TITLE
    programmer: PlayerId | None = None
    """The operator programming at the screen (only ever set at the live table)."""
    preview: list[Any] = []
    """What the programmer's dice would do (only at the live table)."""
    mode: str
    """What the panel shows: program, number, restart, busy, over (live) or replay."""
    top_bar_end = 1 << 30
    """Where the top bar's words must end, before its first button (`add_top_buttons`)."""

    def seat(self, controller: VoltController) -> None:
        """Take the game's controller: the operators, the presenter, the step player."""
        self.ctrl = controller
        self.ops = controller.operators
        self.presenter = VoltPresenter(Shown.of(controller), self.name, len(self.ops))
        self.steps = StepPlayer(self.presenter, on_step=self._sound_step)
        self._layout: TableLayout | None = None
        self.views: dict[tuple[Direction, tuple[int, int, int, int]], ArenaView] = {}
        self.layers = LayerCache()
        self.log_drawer = LogDrawer()
        """The game log in the mode panel (game/ui/log_drawer.py)."""

    # -- operators ---------------------------------------------------------------------------
    def colour(self, p: PlayerId) -> tuple[int, int, int]:
        return theme.PLAYER_COLOURS.get(self.ops[p].colour, (200, 200, 200))

    def shape(self, p: PlayerId) -> str:
        return theme.PLAYER_SHAPES.get(self.ops[p].colour, "circle")

    def name(self, p: PlayerId) -> str:
        return self.ops[p].name

    def humans(self) -> list[PlayerId]:
        return self.ctrl.humans()

    def rules_text(self) -> str:
        return rules_page()

    # -- layout ------------------------------------------------------------------------------
    def _bottom(self) -> int:
        """Where the arena and the panel end (the replay viewer keeps a strip below)."""
        return self.size[1] - self.px(14)

    @property
    def layout(self) -> TableLayout:
        """Where everything sits for the window's size (worked out once per size)."""
        if self._layout is None or self._layout.size != self.size:
            self._layout = TableLayout(self.size, self.scale, len(self.ops), self._bottom())
        return self._layout

    def view_side(self) -> Direction:
        """The side shown at the bottom: the first human's seat, else South."""
        humans = self.humans()
        return self.ops[humans[0]].side if humans else Direction.S

    def view(self) -> ArenaView:
        area = self.layout.arena
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

    def add_top_buttons(self, size: tuple[int, int], log: bool = False) -> None:
        """Rules and Menu, top right; with `log`, the Log button before them (the panel has
        no room for the log, which opens over the monitors)."""
        bw, bh = self.px(120), self.px(38)
        menu = Button((size[0] - self.px(14) - bw, self.px(9), bw, bh), N_("Menu"),
                      self.back, tooltip=N_("Pause menu (Esc)"))
        rules = Button((menu.rect.x - self.px(10) - bw, self.px(9), bw, bh), N_("Rules"),
                       self.open_rules, tooltip=N_("The rules of VOLT (F1)"))
        buttons = [rules, menu]
        if log:
            buttons.insert(0, Button((rules.rect.x - self.px(10) - bw, self.px(9), bw, bh),
                                     N_("Log"), self.toggle_log,
                                     tooltip=N_("Show or hide the game log (L)")))
        for button in buttons:
            self.ui.add(button)
        self.top_bar_end = buttons[0].rect.x - self.px(14)

    def toggle_log(self) -> None:
        """Open or close the log's drawer over the monitors."""
        self.log_drawer.toggle()
        self.dirty = True

    def rebuild(self) -> None:
        self.on_resize(self.size)

    # -- showing events ----------------------------------------------------------------------
    def busy(self) -> bool:
        return self.steps.busy(self.ctrl)

    def animate(self, dt: float) -> None:
        """Advance the animation of the current event; start the next pending ones."""
        if self.steps.update(dt, self.services.settings.animation_factor, self.ctrl):
            self.dirty = True

    def _sound_step(self, events: Iterable[Any]) -> None:
        """Each step plays its sound cues as it starts (services exist by then, not at seat)."""
        self.services.audio.play_events(events)

    def skip(self) -> None:
        """Drain every pending event into the display copy and snap to the state."""
        self.steps.skip(self.ctrl)
        self.presenter.shown = replace(Shown.of(self.ctrl), order=self.presenter.shown.order)
        self.dirty = True
        self.rebuild()

    def _active_player(self) -> PlayerId | None:
        for entry in self.presenter.activations:
            if entry.status == "now":
                return entry.player
        return self.programmer

    def _draw_mode_panel(self, surface: pygame.Surface, mode: pygame.Rect) -> None:
        """The lower part of the panel: what the table is doing now."""
        raise NotImplementedError
