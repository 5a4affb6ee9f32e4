"""The live RoboRally table: the turn flow, programming, decisions, saving and input."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Callable, Iterable

import pygame

from game.app.services import Services
from game.controllers.roborally import TIMER_SECONDS, Decision, RoboRallyController
from game.controllers.thinking import BotThinker
from game.i18n import N_, _
from game.roborally.model import REGISTERS
from game.saves import ProgramChoices, ProgrammingClock, SavedGame, save_title
from game.scenes.games import GameSetup
from game.scenes.guide_overlay import guide_due
from game.scenes.roborally.guide import GAME as GUIDE_GAME, first_turn_hints, title as guide_title
from game.scenes.roborally.guide import (REGISTERS_GAME as REGISTERS_GUIDE, first_register_hints,
                                        registers_title)
from game.scenes.roborally.decision import DecisionDialog
from game.scenes.roborally.end import EndScene
from game.scenes.roborally.courses import default_course, demo_setup
from game.scenes.roborally.painting import FactoryPainting
from game.scenes.roborally.texts import DIRECTION_LABELS, SPARE_LABELS
from game.scenes.save_checks import FINGERPRINT_KEY, board_fingerprint
from game.scenes.table.guide import offer_guide
from game.ui.theme import fit_font
from game.ui.widgets import Button, Toggle


class FactoryScene(FactoryPainting):
    """A RoboRally game at one screen."""

    first_turn_guide = True
    """A player who has not dismissed the first-turn guide sees it (game/scenes/table/guide.py)."""

    autosaving = True       # the screenshot and demo scenes turn it off

    def __init__(self, services: Services, controller: RoboRallyController,
                 setup: GameSetup | None = None, *,
                 seams: tuple[tuple[int, int, int, int], ...] = ()) -> None:
        self.thinker = BotThinker()
        self.waiting_for: tuple[Any, ...] | None = None   # a privacy screen or dialog is up
        self.private_for: int | None = None
        """The seat that has just answered a secret question, when nothing has shown since:
        the others still look away, so its next secret question needs no privacy screen."""
        self.power_down = False
        self._layout_sig: Any = None
        self.timer_for: int | None = None
        self.ended = False
        self.programs_confirmed = 0   # each confirmed program is autosaved
        self.resumed_choices: ProgramChoices | None = None
        """A resumed save's power down and spare cards, not yet locked in (saves.py)."""
        self.seat(controller, seams=seams)
        super().__init__(services, setup)  # type: ignore[arg-type]  # None: a scenario
        self.snap()
        self.autosaved = self.autosave_due()   # the autosave is written when this changes

    def build(self, size: tuple[int, int]) -> None:
        self.build_table(size)
        if self.ended:       # nothing left to skip: the end screen, put away for the board
            self.skip_button.text = N_("Results")
            self.skip_button.on_click = self.show_results
            self.skip_button.tooltip = N_("The ranking, Play again and the replay (Enter)")
            self.skip_button.enabled = True
        if self.programmer is not None:
            self._add_program_buttons(self.programmer)

    def show_results(self) -> None:
        """The end screen again, after its Board button put it away."""
        self.services.scenes.push(EndScene(self.services, self))

    def _add_program_buttons(self, p: int) -> None:
        """Clear, power down, recompile, the spare cards and confirm, for `p`'s program."""
        side = self._side()
        row = self.program_buttons_row()
        by, bh = row.y, row.h
        clear = Button((side.x, by, self.px(88), bh), N_("Clear"), self.clear_all,
                       tooltip=N_("Take every card back into the hand"),
                       size=fit_font(_("Clear"), self.px(72), self.px(17), self.px(11)
                                     ).get_height() * 0.85)
        power = Toggle((side.x + self.px(94), by, self.px(256), bh),
                       N_("Power down"), lambda: self.power_down, self._set_power_down)
        power.tooltip = N_("Announce a power down for the next turn: no cards, all "
                           "damage repaired (RR-10.1)")
        top_row = self.program_top_row()
        recompile = Button(top_row.get("recompile", (side.right, side.y, 0, 0)),
                           N_("Recompile"), self.recompile,
                           tooltip=N_("Option card: give back the hand for new cards, "
                                      "1 damage (CB-6.2)"))
        recompile.visible = self.controller.can_recompile(p)
        self.spare_buttons: list[Button] = []
        for which, label in SPARE_LABELS.items():
            if which not in top_row:
                continue
            b = Button(top_row[which], functools.partial(self._spare_text, which, label),
                       functools.partial(self._cycle_spare, which), size=self.px(14),
                       tooltip=N_("Option card: a spare hand card to keep (CB-6.3, CB-6.4)"))
            self.spare_buttons.append(b)
            self.ui.add(b)
        confirm_w = side.w - self.px(358)
        confirm = Button((side.x + self.px(358), by, confirm_w, bh), N_("Confirm"),
                         self.confirm, style="primary",
                         size=fit_font(_("Confirm"), confirm_w - bh * 0.5, self.px(17),
                                       self.px(11)).get_height() * 0.85,
                         tooltip=N_("Lock in the program; it cannot be changed after (Enter)"))
        for b in (clear, power, recompile, confirm):
            self.ui.add(b)
        self.ui.default = confirm
        self.confirm_button = confirm
        self.clear_button = clear
        self._refresh_buttons()

    def is_animating(self) -> bool:
        return super().is_animating() or self.thinker.thinking() or self._bots_still_programming()

    def update_covered(self, dt: float) -> None:
        if self._bots_program_beside_humans():
            self.dirty = True       # "waiting for" loses the bot's name

    def _bots_still_programming(self) -> bool:
        c = self.controller
        return any(c.seats[p].is_bot for p in c.programming_left())

    def _bots_program_beside_humans(self) -> bool:
        """While a human programs, the bots do too (RR-5: programming is simultaneous), also
        behind a privacy screen, the first-turn guide or the rules (`update_covered`). True
        when one locked in."""
        decision = self.controller.decision()
        if decision is None or decision.kind != "program":
            return False
        return self.thinker.advance(self.controller)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.result_hold.tick(dt)
        if self.time_up.active:
            self.time_up.tick(dt)
            self.dirty = True       # drawn while it lasts, and once more without it
        self.autosave_if_due()
        self._tick_hover(dt)
        if self.services.scenes.top is not self:
            return
        if self.timer_left is not None and self.programmer is not None:
            self.timer_left -= dt
            self.dirty = True
            if self.timer_left <= 0:
                p = self.programmer
                self.controller.auto_fill(p)
                self.time_up.show(self.controller.seats[p].name)
                self._end_programming()
        for _budget in range(40):
            if not self._advance_steps(dt):
                return
            dt = 0.0
            if not self._settle():
                return

    def _settle(self) -> bool:
        """No animation is left: let chance or a bot act, or wait for a human. Returns True
        when something happened that may produce more to show."""
        c = self.controller
        if c.is_over():
            if not self.ended:
                self.ended = True
                self.snap()
                self.autosave_if_due()    # the finished game, before the end screen covers it
                self._relayout()          # Skip becomes Results
                self.show_results()
            return False
        decision = c.decision()
        if decision is None:    # chance, or a bot that thinks in the worker meanwhile
            return self.thinker.advance(c)
        if decision.kind == "program":
            return self._program(decision) or self._bots_program_beside_humans()
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
        if self.programmer is not None:     # the last player's buttons go with their hand
            self._end_programming()
        if self._many_humans():
            if self.result_hold.due(self.display.turn):
                return False     # the last turn's result stays in view a moment first
            self.waiting_for = ("program", p)
            self._pass_screen(p, lambda: self.begin_programming(p))
        else:
            self.begin_programming(p)
        return False

    def _pass_screen(self, p: int, on_ready: Callable[[], None]) -> None:
        """The privacy screen over the side panel above the status rows, where `p`'s hand
        will show; the board, the log and the status rows are public and stay in view."""
        look = self.looks[p]
        self.ask_privacy(self.controller.seats[p].name, on_ready, colour=look.colour,
                         shape=look.shape, panel=self.private_panel)

    def begin_programming(self, p: int) -> None:
        self.waiting_for = None
        self.programmer = p
        self.power_down = False
        self.spare = {}
        resumed, self.resumed_choices = self.resumed_choices, None
        if resumed is not None and resumed.player == p:   # as the player left them
            self.power_down = resumed.power_down
            self.spare = dict(resumed.spare)
        self._layout_sig = (self.controller.can_recompile(p), len(self.controller.hand(p)))
        self.timer_left = None
        self.timer_for = None
        self.hand_slots()   # the hand's order as dealt, before any pick
        self._relayout()
        self.show_guide()

    def show_guide(self) -> bool:
        """The first-turn guide over the programming screen, once (game/scenes/table/guide.py);
        True if shown."""
        p = self.programmer
        if p is None:
            return False
        c = self.controller
        regs = self.register_rects()
        slots = self.hand_slots()
        robot = c.robot(p)
        flags = c.board.flags
        robot_cell = self.view.cell_rect(robot.pos) if robot.pos is not None else None
        flag_cell = self.view.cell_rect(flags[0]) if flags else None
        hints = first_turn_hints(
            regs[0].unionall(regs[1:]), slots[0][0] if slots else None, robot_cell,
            _(DIRECTION_LABELS[robot.facing.value]), flag_cell)
        return offer_guide(self, GUIDE_GAME, guide_title(), hints)

    def _tick_timer(self) -> None:
        p = self.programmer
        if p is None or not self.controller.timer_running():
            self.timer_left = None
            return
        if self.timer_for != p:
            self.timer_for = p
            self.timer_left = max(0.0, TIMER_SECONDS - self.resumed_seconds(p))

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

    def _spare_text(self, which: str, label: str) -> str:
        """The spare card's button: `label` (not yet translated) naming the card kept."""
        return _(label).format(card=self._spare_label(which))

    def _spare_label(self, which: str) -> str:
        card = self.spare.get(which, 0)
        if not card or self.programmer is None or card not in self.controller.hand(self.programmer):
            return _("none")
        return str(self.controller.card(card)[1])

    def _cycle_spare(self, which: str) -> None:
        p = self.programmer
        if p is None:
            return
        taken = {card for field, card in self.spare.items() if field != which}
        choices = [0] + [c for c in self.controller.spare_choices(p, which) if c not in taken]
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
        kept = {field: card for field, card in self.spare.items() if card in hand}
        if not self.controller.lock_in(p, self.power_down, **kept):
            self.controller.lock_in(p, self.power_down)
        self._end_programming()
        self.programs_confirmed += 1
        self.autosave_if_due()

    def _refresh_buttons(self) -> None:
        """Confirm with a full program, and the spare cards (those a full program leaves);
        Clear with a card to take back."""
        p = self.programmer
        if p is not None and hasattr(self, "confirm_button"):
            complete = self.controller.can_lock_in(p)
            for b in [self.confirm_button, *self.spare_buttons]:
                b.enabled = complete
            self.clear_button.enabled = any(self.controller.can_clear(p, k)
                                            for k in range(1, REGISTERS + 1))
        self.dirty = True

    # -- decisions during execution ----------------------------------------------------------
    def _ask(self, decision: Decision) -> None:
        key = ("ask", decision.player, decision.kind, decision.choices,
               len(self.controller.match.log))
        if self.waiting_for == key:
            return
        self.waiting_for = key

        def show() -> None:
            self.services.scenes.push(DecisionDialog(self.services, self, decision))

        still_private = self.private_for == decision.player
        self.private_for = None
        if decision.secret and self._many_humans() and not still_private:
            self._pass_screen(decision.player, show)
        else:
            show()

    def _on_step(self, events: Iterable[Any]) -> None:
        super()._on_step(events)
        self.private_for = None       # the others look at the table again
        if self.display.register and self.controller.humans():
            self.show_register_guide()

    def show_register_guide(self) -> bool:
        """The guide to the register phases, once, over the first cards revealed in a game
        with a player at the screen; True if shown."""
        if not self.display.reveals or not guide_due(self.services, REGISTERS_GUIDE):
            return False
        programs = self.programs_panel()
        hints = first_register_hints(self.reveals_rect(), self._phase_strip(),
                                     None if programs is None else programs.panel,
                                     self.table.log_rect(), self._status_rect())
        return offer_guide(self, REGISTERS_GUIDE, registers_title(), hints)

    def answer(self, decision: Decision, value: str) -> None:
        self.controller.answer(decision.player, decision.kind, value)
        self.private_for = decision.player if decision.secret else None
        self.waiting_for = None
        self.dirty = True

    # -- controls --------------------------------------------------------------------------
    def in_progress(self) -> bool:
        """A game still being played (not over): leaving it offers to save."""
        return not (self.ended or self.controller.is_over())

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
        winner = c.winner()
        return SavedGame("roborally", self.setup_data(), c.saved_actions(),
                         title=save_title("RoboRally", c.board.name, [s.name for s in c.seats]),
                         finished=c.is_over(),
                         clock=self.timer_clock(), program_choices=self.program_choices(),
                         winners=[] if winner is None else [c.seats[winner].name],
                         progress={"turn": c.turn})

    def timer_clock(self) -> ProgrammingClock | None:
        """The seconds the timer has run for the robot it counts down for (RR-5.7), or None
        when it is not running."""
        if self.timer_left is None or self.timer_for is None or self.programmer is None:
            return None
        return ProgrammingClock(self.timer_for, max(0.0, TIMER_SECONDS - self.timer_left))

    def program_choices(self) -> ProgramChoices | None:
        """The power down and spare cards the programmer has set but not locked in, or None
        when nobody programs or nothing is set (the placed cards are in the log)."""
        p = self.programmer
        if p is None:
            return None
        spare = {which: card for which, card in self.spare.items() if card}
        if not self.power_down and not spare:
            return None
        return ProgramChoices(p, self.power_down, spare)

    def autosave_due(self) -> tuple[int, bool, int] | None:
        """An autosave after every completed turn, at the end of the game (finished, for the
        replay) and after a human confirms a program. A failed autosave does not stop the
        game: the log says why."""
        if not self.autosaving:
            return None
        return (self.controller.turn, self.controller.is_over(), self.programs_confirmed)

    def autosave_failed(self, warning: str) -> None:
        self.display.say(N_("Autosave failed: {reason}"), reason=warning)

    # -- input -----------------------------------------------------------------------------
    def _card_at(self, pixel: tuple[int, int]) -> int | None:
        for rect, card in self.hand_slots():
            if card is not None and rect.collidepoint(pixel):
                return card
        return None

    def card_under_mouse(self) -> int | None:
        """The hand card the mouse is over: lifted, it can be taken."""
        return self._card_at(self.mouse)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.result_hold.active and (event.type == pygame.MOUSEBUTTONUP or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN))):
            self.result_hold.finish()
        if self.handle_board_input(event):
            return True
        if event.type == pygame.KEYDOWN:
            if self.ended and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.show_results()
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
        if event.type == pygame.MOUSEMOTION and self.drag is not None:
            held, start, _now = self.drag
            self.drag = (held, start, event.pos)
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
