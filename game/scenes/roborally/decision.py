"""A decision during the register phases, asked of the right player."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import pygame

from game.app.services import Services
from game.controllers.roborally import Decision
from game.i18n import _, current_language
from game.roborally.model import MAX_OPTIONS
from game.scenes.base import WidgetScene
from game.scenes.roborally.reentry import (RETURN_POWERED_DOWN, draw_lit_square,
    is_reentry_question, place_clear_of, scrim_around)
from game.scenes.roborally.texts import (FIRE_CONTROL_AT, QUESTIONS, WEAPON_AT, answer_label,
                                         card_label, card_name, compass_point, damage_source,
                                         option_text)
from game.ui import art, theme
from game.ui.text_drawing import fits_when_shrunk, shared_fitting_size
from game.ui.widgets import (BUTTON_MARGINS, BUTTON_TYPE, Button, draw_panel, draw_paragraphs,
                             draw_text)

if TYPE_CHECKING:
    from game.scenes.roborally.table import FactoryScene


class DecisionDialog(WidgetScene):
    """A decision during the register phases, asked of the right player."""

    overlay = True
    arrows_move_focus = True

    def __init__(self, services: Services, factory: FactoryScene, decision: Decision) -> None:
        self.factory = factory
        self.decision = decision
        self._per_row_for: tuple[object, ...] | None = None
        self._answers_per_row = 4
        self._answer_buttons: list[tuple[Button, str]] = []
        square = self._square_on_board()
        if square is not None and factory.table.bring_into_view(factory.view, square):
            factory.display.version += 1      # the zoomed board pans to what is asked about
            factory.dirty = True
        super().__init__(services)

    def _per_row(self) -> int:
        """Answers side by side: four, or fewer where a label would not fit whole (an option
        card's German name runs to twenty letters, and a player choosing which card to lose
        must read them). Measured once per window size and language: the box is asked for
        every frame."""
        key = (self.size, current_language())
        if key != self._per_row_for:
            self._per_row_for, self._answers_per_row = key, self._measure_per_row()
        return self._answers_per_row

    def _measure_per_row(self) -> int:
        """The most answers a row holds with every label whole, then shared out evenly over
        the rows that takes (four answers in German: two and two, not three and one)."""
        n = len(self.decision.choices)
        inner = self.px(720) - self.px(60)
        height = self.px(54)
        for per_row in range(min(4, max(1, n)), 1, -1):
            label_w = (inner - (per_row - 1) * self.px(12)) // per_row - height * BUTTON_MARGINS
            if all(fits_when_shrunk(self.label(v), label_w,
                                    height * BUTTON_TYPE)
                   for v in self.decision.choices):
                rows = -(-n // per_row)
                return -(-n // rows)
        return 1

    def _box(self) -> pygame.Rect:
        n = len(self.decision.choices)
        per_row = self._per_row()
        rows = (n + per_row - 1) // per_row
        box = pygame.Rect(0, 0, self.px(720), self.px(154 + 66 * rows))
        return place_clear_of(box, pygame.Rect((0, 0), self.size), self._kept_clear(),
                              self.px(12))

    def _kept_clear(self) -> pygame.Rect | None:
        """What the question is placed clear of: the square it is about; for Radio Control's
        target, every robot it may name (the lit one follows the answer pointed at, and the
        question must not move under the pointer)."""
        if self.decision.kind != "target":
            return self.square_asked_about()
        area = self.factory.table.board_area
        squares = [self.factory.view.cell_rect(square) for p in self._named_robots().values()
                   if (square := self.factory.display.sprite_pos(p)) is not None]
        inside = [rect for rect in squares if area.contains(rect)]
        return inside[0].unionall(inside[1:]) if inside else None

    @property
    def box(self) -> pygame.Rect:
        """Where the question is drawn on screen."""
        return self._box()

    def question(self) -> str:
        if self.decision.kind == "power_down" and self.square_asked_about() is not None:
            return _(RETURN_POWERED_DOWN)
        swap = self.reserve_swap() if self.decision.kind == "reserve" else None
        if swap is not None:
            reserve, register, current = swap
            return _("Conditional Program: put {reserve} into register {n} in place of "
                     "{card}?").format(reserve=reserve, n=register, card=current)
        if self.decision.kind == "lose_option" \
                and len(self.decision.choices) > MAX_OPTIONS:   # CB-5.2, not a destruction
            return _("Your robot holds {count} option cards, one more than it may: which "
                     "one do you give up?").format(count=len(self.decision.choices))
        context = self.decision.context
        c = self.factory.controller
        other = c.robot(context.robot).name if 0 <= context.robot < len(c.seats) else ""
        if self.decision.kind == "fire_control" and other:
            return _(FIRE_CONTROL_AT).format(robot=other)
        if self.decision.kind == "weapon" and other:
            return _(WEAPON_AT).format(robot=other)
        question = _(QUESTIONS.get(self.decision.kind, self.decision.kind))
        source = damage_source(context.cause, other) if self.decision.kind == "discard" else ""
        if source:
            return f"{source} {question}"
        hint = self.next_flag_hint() if self.decision.kind == "facing" else ""
        return f"{question} {hint}" if hint else question

    def reserve_swap(self) -> tuple[str, str, str] | None:
        """CB-6.3: the card Conditional Program holds, the register asked about and the card
        in it now, named for the question (a player does not keep the reserve card in mind
        from the programming screen), or None when they cannot be told."""
        c = self.factory.controller
        p = self.decision.player
        register = next((v for v in self.decision.choices if v.isdigit()), None)
        reserve = c.kept_card(p, "reserve")
        if register is None or not reserve or not 1 <= int(register) <= len(c.registers(p)):
            return None
        current = c.registers(p)[int(register) - 1]
        if not current:
            return None
        return card_label(*c.card(reserve)), register, card_label(*c.card(current))

    def next_flag_hint(self) -> str:
        """Where the robot's next flag lies from its archive, as the crow flies (a new player
        choosing a facing wants to know; walls and belts are theirs to read), or ""."""
        c = self.factory.controller
        robot = c.robot(self.decision.player)
        flags = c.board.flags
        if robot.archive is None or not 1 <= robot.next_flag <= len(flags):
            return ""
        flag = flags[robot.next_flag - 1]
        if flag == robot.archive:
            return ""
        return _("Flag {number} lies to the {direction}.").format(
            number=robot.next_flag,
            direction=_(compass_point(flag.x - robot.archive.x, flag.y - robot.archive.y)))

    def square_asked_about(self) -> pygame.Rect | None:
        """On screen, the square a question is about, kept clear and lit: a returning
        robot's archive, the robot a hit may damage (CB-5.4), the robot Fire Control hits
        (CB-6.15), the robot a weapon module would fire at (CB-5.6), the robot the Radio
        Control answer pointed at names (CB-6.20); None when there is none, or when it lies
        scrolled out of the board's view (the question brings it into view when it opens)."""
        rect = self._square_on_board()
        return rect if rect is not None and self.factory.table.board_area.contains(rect) \
            else None

    def _square_on_board(self) -> pygame.Rect | None:
        """Where the square the question is about lies on screen, in view or not."""
        c = self.factory.controller
        kind = self.decision.kind
        if kind in ("discard", "fire_control", "weapon", "target"):
            robot = self._robot_asked_about()
            square = self.factory.display.sprite_pos(robot) if 0 <= robot < len(c.seats) \
                else None
        elif is_reentry_question(self.decision, c.match.log):
            square = c.robot(self.decision.player).archive
        else:
            return None
        return None if square is None else self.factory.view.cell_rect(square)

    def _robot_asked_about(self) -> int:
        """The seat whose robot a damage, Fire Control, weapon or Radio Control question is
        about (-1: none): the one hit, the one the beam would hit, the one the answer
        pointed at names."""
        kind = self.decision.kind
        if kind == "discard":
            return self.decision.player
        if kind == "target":
            return self._named_robots().get(self._pointed_answer(), -1)
        return self.decision.context.robot

    def _named_robots(self) -> dict[str, int]:
        """Radio Control's target question (CB-6.20): the seat each answer names."""
        c = self.factory.controller
        seats = {c.robot(p).name: p for p in range(len(c.seats))}
        return {value: seats[value] for value in self.decision.choices if value in seats}

    def _pointed_answer(self) -> str:
        """The answer under the pointer, else the one keyboard focus is on, else the
        suggested one."""
        hovered = next((value for b, value in self._answer_buttons if b.hovered), None)
        focused = next((value for b, value in self._answer_buttons if b.focused), None)
        return hovered or focused or self.suggested()

    def build(self, size: tuple[int, int]) -> None:
        self._answer_buttons = []
        box = self._box()
        choices = self.decision.choices
        per_row = self._per_row()
        w = (box.w - self.px(60) - (per_row - 1) * self.px(12)) // per_row
        height = self.px(54)
        type_px = shared_fitting_size([self.label(v) for v in choices],
                                   w - height * BUTTON_MARGINS, height * BUTTON_TYPE)
        for i, value in enumerate(choices):
            row, col = divmod(i, per_row)
            rect = (box.x + self.px(30) + col * (w + self.px(12)),
                    box.y + self.px(130) + row * self.px(66), w, height)
            b = Button(rect, functools.partial(self.label, value),
                       functools.partial(self._pick, value), size=type_px,
                       style="primary" if value == self.suggested() else "normal",
                       tooltip=None if self.decision.kind == "target"
                       else option_text(value) or None)   # what an option card does
            self.ui.add(b)
            self._answer_buttons.append((b, value))
            if value == self.suggested():
                self.ui.default = b

    def label(self, value: str) -> str:
        """An answer's text on its button (and in the room it needs): the shared wording
        (`answer_label`), but a register Fire Control may lock names its card once revealed,
        as the card lies face up on the table (CB-6.15: which card the target keeps next
        turn is the point of the choice)."""
        kind, context = self.decision.kind, self.decision.context
        if kind == "fire_control" and value.isdigit() and context.robot >= 0:
            c = self.factory.controller
            register = int(value)
            cards = c.registers(context.robot) if context.robot < len(c.seats) else []
            if register <= min(self.factory.display.register, len(cards)) \
                    and cards[register - 1]:
                card_type, _priority = c.card(cards[register - 1])
                return _("Register {n} · {card}").format(n=register, card=card_name(card_type))
        return answer_label(value, kind)

    def _pick(self, value: str) -> None:
        self.services.scenes.pop()
        self.factory.answer(self.decision, value)

    def back(self) -> None:
        """Esc takes the suggested answer (the game never waits forever)."""
        self._pick(self.suggested())

    def suggested(self) -> str:
        """The answer Enter and Esc give: the rules' default, except that a double wrench
        offers its option card first to a robot with no damage to repair (CB-5.1)."""
        d = self.decision
        if d.kind == "repair_or_option" and "option" in d.choices \
                and self.factory.controller.robot(d.player).damage == 0:
            return "option"
        return d.default

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
