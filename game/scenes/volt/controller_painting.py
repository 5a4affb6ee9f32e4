"""Drawing what only the live VOLT table shows in its panel: the controller with its crosses
and tray while an operator programs, the start-number choice, the restart hint and the end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from game.core.types import Direction8, PlayerId
from game.i18n import _, ngettext
from game.scenes.volt.layout import KEY_ORDER
from game.scenes.volt.panel_painting import PanelPainting, draw_die_icon
from game.scenes.volt.texts import ROMAN, SIDE_NAMES
from game.ui import art, theme
from game.ui.volt_view import draw_arrow, draw_start_number
from game.ui.text_drawing import draw_paragraphs, draw_text, fitting_font
from game.volt.actions import LockIn, PlaceDie
from game.volt.model import to_absolute


class ControllerPainting(PanelPainting):
    """The live table's panel modes (VoltArenaScene)."""

    # the programmer's hand at the controller, kept by VoltArenaScene
    held: str | None
    face: int
    drag_pos: tuple[int, int] | None
    mouse: tuple[int, int]
    clock: Callable[[], float]
    program_started: float

    if TYPE_CHECKING:  # what the controller offers now, worked out by VoltArenaScene
        def targets(self, colour: str) -> dict[tuple[int, Direction8], PlaceDie]: ...

        def tray_free(self, colour: str) -> int: ...

        def can_hold(self, colour: str) -> bool: ...

        def _lock_action(self) -> LockIn | None: ...

    def _draw_mode_panel(self, surface: pygame.Surface, mode: pygame.Rect) -> None:
        decision = self.ctrl.decision() if not self.busy() else None
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

    def _draw_controller(self, surface: pygame.Surface, mode: pygame.Rect) -> None:
        p = self.programmer
        assert p is not None
        op = self.ops[p]
        self._panel_title(surface, mode, _("{name}: program your robot").format(name=op.name),
                          self.colour(p))
        seconds = int(self.clock() - self.program_started)
        draw_text(surface, f"{seconds // 60}:{seconds % 60:02d}", theme.font(self.px(18)),
                  theme.TEXT_DIM, (mode.right - self.px(16), mode.y + self.px(15)), "topright")
        note = _("Up is away from you ({side} side). Blue dice move, red dice fire.").format(
            side=_(SIDE_NAMES[op.side]))
        draw_text(surface, note, fitting_font(note, mode.w - self.px(32), self.px(14), bold=False),
                  theme.TEXT_DIM, (mode.x + self.px(16), mode.y + self.px(40)),
                  max_width=mode.w - self.px(32))
        program = self.ctrl.state.programs[p]
        targets = self.targets(self.held) if self.held else {}
        hover = self.layout.key_at(self.mouse)
        for cross, box in enumerate(self.layout.crosses):
            die = program[cross]
            centre = pygame.Rect(box.x + box.w // 3 + 1, box.y + box.h // 3 + 1, box.w // 3 - 2,
                                 box.h // 3 - 2)
            pygame.draw.rect(surface, theme.BACKGROUND_DEEP, box.inflate(self.px(8), self.px(8)),
                             border_radius=self.px(10))
            draw_text(surface, ROMAN[cross], theme.font(self.px(22), bold=True),
                      theme.TEXT_DIM if die is None else theme.ACCENT, centre.center, "center")
            for relative in KEY_ORDER:
                rect = self.layout.key_rect(cross, relative)
                blue = not relative.is_diagonal
                base = theme.VOLT_BLUE_DIE_FACE if blue else theme.VOLT_GREY_DIE_FACE
                target = (cross, relative) in targets
                if self.held and not target:
                    base = art.shade(base, 0.55)
                if hover == (cross, relative) and (target or not self.held):
                    base = art.shade(base, 1.25)
                pygame.draw.rect(surface, base, rect, border_radius=self.px(8))
                edge = theme.ACCENT if target else theme.VOLT_DIE_EDGE
                pygame.draw.rect(surface, edge, rect, max(1, self.px(3) if target else 1),
                                 border_radius=self.px(8))
                dx, dy = relative.delta
                draw_arrow(surface, rect.center, (dx, dy), rect.w * 0.5,
                           theme.VOLT_PIP if blue else theme.VOLT_GREY_PIP)
                if die is not None and to_absolute(op.side, relative) == die.direction:
                    draw_die_icon(surface, rect.inflate(-self.px(4), -self.px(4)),
                                  die.colour.value, die.value)
        # tray
        tray = self.layout.tray
        draw_text(surface, _("Dice"), theme.font(self.px(14)), theme.TEXT_DIM,
                  (mode.x + self.px(16), tray[0][1].y - self.px(22)))
        free = {"blue": self.tray_free("blue"), "red": self.tray_free("red")}
        seen = {"blue": 0, "red": 0}
        for colour, rect in tray:
            seen[colour] += 1
            if seen[colour] > free[colour]:
                pygame.draw.rect(surface, theme.VOLT_SLOT_EDGE, rect, max(1, self.px(2)),
                                 border_radius=self.px(8))
                continue
            held_here = self.held == colour and seen[colour] == 1
            if held_here and self.drag_pos is not None:
                pygame.draw.rect(surface, theme.VOLT_SLOT_EDGE, rect, max(1, self.px(2)),
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
        if self.held is None:
            hint = _("Drag a die onto a key, or click a die (B blue, R red) and then a key.")
        elif self.held == "blue":
            hint = ngettext("Blue die, face {face}: it moves {face} square. Blue keys only.",
                            "Blue die, face {face}: it moves {face} squares. Blue keys only.",
                            self.face).format(face=self.face)
        else:
            hint = _("Red die, face {face}: it fires. Any of the eight keys.").format(
                face=self.face)
        if self._lock_action() is not None:
            hint = _("All three crosses hold a die: lock in when you are happy.")
        draw_paragraphs(surface, hint, theme.font(self.px(16)), theme.TEXT,   # wraps at 4:3
                        self.layout.hint)
        self._draw_log(surface, self.layout.program_log or pygame.Rect(0, 0, 0, 0))
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
        for rank, q in enumerate(self.presenter.shown.order or tuple(range(len(self.ops)))):
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
            number = self.presenter.shown.numbers[q]
            draw_start_number(surface, (row.right - self.px(20), row.centery), self.px(12),
                              number)
        # the log between the list and the number buttons, so the round before stays in
        # view while a number is chosen
        top = y + len(times) * self.px(34) + self.px(4)
        self._draw_log(surface, pygame.Rect(mode.x + self.px(16), top, mode.w - self.px(32),
                                            self.layout.numbers_top - self.px(12) - top))

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

    def _draw_over(self, surface: pygame.Surface, mode: pygame.Rect) -> None:
        winner = self.ctrl.state.winner
        if winner is not None:
            self._panel_title(surface, mode, _("{name} wins!").format(name=self.name(winner)),
                              self.colour(winner))
        self._draw_log(surface, pygame.Rect(mode.x + self.px(16), mode.y + self.px(50),
                                            mode.w - self.px(32), mode.h - self.px(130)))
