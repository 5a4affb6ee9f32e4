"""VOLT's replay viewer: a saved game stepped through its action log, shown by the same
presenter and painting as the live table (game/scenes/table/scene.py ReplayTable)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from typing import Any

import pygame

from game.app.services import Services
from game.controllers.volt import ControllerSnapshot, VoltController
from game.i18n import N_, _
from game.saves import SavedGame
from game.scenes.games import GameSetup
from game.scenes.replay_snapshots import SnapshotStore
from game.scenes.table.scene import ReplayTable
from game.scenes.volt.narration import describe_action, narration
from game.scenes.volt.panel_painting import PanelPainting, draw_die_icon
from game.scenes.volt.presenter import PresentedPosition, Shown
from game.scenes.volt.texts import ROMAN
from game.ui import art, theme
from game.ui.volt_view import die_colour, draw_arrow
from game.ui.text_drawing import draw_text
from game.volt import events as ev
from game.volt.actions import action_from_dict
from game.volt.model import CROSSES


@dataclass(frozen=True)
class _ReplayPosition:
    """A kept replay position: the controller's snapshot plus what the scene shows from."""

    controller: ControllerSnapshot
    presented: PresentedPosition
    spectator_programs: list[list[dict[str, object] | None]]


def _without_bots(ctrl: VoltController) -> VoltController:
    """The game of `ctrl` at its start position; no bots (nobody decides in a replay)."""
    return VoltController(ctrl.arena, ctrl.operators, ctrl.seed, ctrl.rules,
                          bot_factory=lambda *_args: None)


class VoltReplayScene(PanelPainting, ReplayTable):
    """The replay viewer: a saved game stepped through its action log with the arena's own
    animations. A spectator's view: every operator's program is shown (the top bar says
    so); nobody decides here, bots do not act, no privacy screen, no timer."""

    mode = "replay"
    ask_first_message = N_("This game is not finished; the replay shows every operator's "
                           "program. Continue?")
    ask_first_yes = N_("Show every program")

    def __init__(self, services: Services, setup: GameSetup, controller: VoltController,
                 saved: SavedGame, *, ask_first: bool = False) -> None:
        self.snapshots: SnapshotStore[_ReplayPosition] = SnapshotStore()
        self.spectator_programs: list[list[dict[str, object] | None]] = []
        self.seat(_without_bots(controller))
        super().__init__(services, setup, saved, ask_first=ask_first)
        self._note_programs([])

    def _fresh_controller(self) -> VoltController:
        """The game at its start position; no bots (nobody decides in a replay)."""
        return _without_bots(self.ctrl)

    # -- the ReplayBar's host ------------------------------------------------------------
    def replay_step_forward(self) -> None:
        index = len(self.ctrl.match.log)
        if index >= len(self.actions):
            return
        if self.busy():
            self.skip()  # the step still being shown snaps to its end first
        elif self.snapshots.due(index):
            self.snapshots.keep(index, self._position())
        self._note_programs(self.ctrl.play_saved(self.actions[index]))
        self.dirty = True

    def replay_seek(self, index: int) -> None:
        """The position after the first `index` actions, at once: the log is played again
        without animation from the nearest kept position at or before `index`
        (game/scenes/replay_snapshots.py), else from the start. Positions passed on the way
        are kept for the next seek."""
        self.steps.current = None
        found = self.snapshots.nearest(index)
        if found is None:
            first = 0
            self.ctrl = self._fresh_controller()
            self.presenter.restart(Shown.of(self.ctrl))
            self._note_programs([])
        else:
            first, position = found
            self._go_to(position)
        for i in range(first, index):
            self._note_programs(self.ctrl.play_saved(self.actions[i]))
            self.steps.snap(self.ctrl)
            if self.snapshots.due(i + 1):
                self.snapshots.keep(i + 1, self._position())
        self.presenter.shown = replace(Shown.of(self.ctrl), order=self.presenter.shown.order)
        self.dirty = True
        self.rebuild()

    def _position(self) -> _ReplayPosition:
        """The position now, between two actions (nothing left to animate)."""
        return _ReplayPosition(self.ctrl.snapshot(), self.presenter.keep(),
                               copy.deepcopy(self.spectator_programs))

    def _go_to(self, position: _ReplayPosition) -> None:
        """Back to a kept position; it is copied again, so it stays usable."""
        self.ctrl = self._fresh_controller()
        self.ctrl.restore_snapshot(position.controller)
        self.presenter.go_to(position.presented)
        self.spectator_programs = copy.deepcopy(position.spectator_programs)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
        if self.handle_log_event(event):
            return True
        return super().handle_event(event)

    def is_animating(self) -> bool:
        return self.busy() or super().is_animating()

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
            events = ctrl.play_saved(data)
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
    def _bottom(self) -> int:
        return self.bar_rect().y - self.px(28)

    def build_table(self, size: tuple[int, int]) -> None:
        self.add_top_buttons(size)

    def draw_content(self, surface: pygame.Surface) -> None:
        super().draw_content(surface)
        self.bar.draw(surface)

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        super()._draw_top_bar(surface)
        label = _("Replay: every program shown")
        draw_text(surface, label, theme.font(self.px(17), bold=True), theme.ACCENT,
                  (self.top_bar_end, self.px(28)), "midright")

    def _draw_mode_panel(self, surface: pygame.Surface, mode: pygame.Rect) -> None:
        if self.presenter.shown.phase in ("program", "start_numbers"):
            self._draw_programs(surface, mode)
            return
        winner = self.presenter.shown.winner
        if winner is not None and self.steps.current is None:
            self._panel_title(surface, mode, _("{name} wins!").format(name=self.name(winner)),
                              self.colour(winner))
            self._draw_log(surface, pygame.Rect(mode.x + self.px(16), mode.y + self.px(50),
                                                mode.w - self.px(32), mode.h - self.px(66)))
            return
        self._draw_activation(surface, mode)

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
            shown = self.presenter.shown
            locked = shown.locked[p] if p < len(shown.locked) else False
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
                    pygame.draw.rect(surface, theme.VOLT_SLOT_EDGE, box, max(1, self.px(2)),
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
