"""The Robot Master table: the grid in the middle, the hand at the bottom, line scores at the
side and below, the end screen with every line's breakdown, the rules overlay.

The scene draws and turns clicks into placements chosen FROM the controller's legal
actions; the controller (game/controllers/robotmaster.py) runs the Match, chance and bots.
The scene keeps its own display copy of the table and hands, changed only by the events it
animates, so a bot's card is seen flying before it lies (STYLE.md §6.4).

Hot-seat (GEN-4): with more than one human, the privacy screen comes before every human
turn, and no hand is face up except the hand of the human who has just taken the screen."""

from __future__ import annotations

import datetime
import functools
import math
import os
from dataclasses import dataclass
from typing import Any, Callable

import pygame

from game.app.audio import MUTE_HINT
from game.app.scene import Scene
from game.app.services import Services
from game.controllers.robotmaster import (
    DEFAULT_MATCH_GAMES, RobotMasterController, Seat, best_scores_path, load_best_scores,
    record_best_score, score_before_game)
from game.controllers.thinking import BotThinker
from game.core.types import CHANCE, PlayerId, Pos
from game.i18n import N_, _, ngettext
from game.robotmaster import (
    BestScore, CardDealt, CardDrawn, CardPlaced, CardRevealed, Event, GameEnded, LineBreakdown,
    VARIANTS, MatchScore, PlaceCard, Rules, SeatsChosen, StartCardTurned, line_breakdown,
    line_score)
from game.robotmaster.rules import DECK_SIZE, GRID_SIZE, RULE_NAMES
from game.scenes.base import WidgetScene
from game.scenes.dialogs import ConfirmDialog, MessageScene, PauseMenu, PrivacyScreen, RulesOverlay
from game.scenes.games import GameSetup
from game.ui import art, theme
from game.ui import robotmaster_view as view
from game.ui.widgets import Button, draw_panel, draw_paragraphs, draw_text, fitting_font

FLY_SECONDS = 0.55
"""How long a bot's card flies to its cell at normal animation speed."""
DEAL_SECONDS = 0.07
"""Each dealt card's flight from the pile to a hand (a whole deal takes about 2 s)."""
DRAW_SECONDS = 0.35
"""A drawn card's flight (five-card game)."""
BOT_PAUSE_SECONDS = 0.45
"""A short breath before a bot places, so people can follow whose turn it is."""
END_PAUSE_SECONDS = 0.9
"""The last card stays in view a moment before the end screen."""
DRAG_THRESHOLD = 6
VALUE_KEYS = {getattr(pygame, f"K_{v}"): v for v in range(6)} | {
    getattr(pygame, f"K_KP{v}"): v for v in range(6)}
ARROW_STEPS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
               pygame.K_DOWN: (0, 1)}

VARIANT_NAMES = {
    "standard": N_("Two players"),
    "five_card": N_("Five-card hand"),
    "teams": N_("Two teams"),
    "solo": N_("Solo"),
}

# -- the rules, in the game's own words ---------------------------------------------------------

RULES_COMMON = (
    N_("Robot Master is a card game by Reiner Knizia. Together you build one grid of 5 × 5 "
       "robot cards. There are 36 cards: the values 0 to 5, six of each. Cards of the same "
       "value show the same robot."),
    N_("One side owns the five rows (across), the other side the five columns (down). You "
       "want every one of your lines to be strong and your opponent's lines to be weak."),
    N_("Placing: on your turn you must play exactly one card from your hand onto the table. "
       "It must touch a card already there along a full side (a corner is not enough), and "
       "all the cards must still fit into a 5 × 5 square. The cells where a card may go are "
       "marked. Drag a card there, or click the card and then the cell. Until you press "
       "Confirm you can take your card back; once confirmed it stays."),
    N_("Scoring a line: single robots score their value. Two identical robots score ten "
       "times their value (a pair of 3s is 30). Three identical robots score 100 whatever "
       "their value. A fourth identical robot adds its value once more (100 + value); five "
       "identical robots score 100 plus ten times their value. Zeros: one or two score 0, "
       "three score 100. Example: 3 3 0 1 4 = pair of 3 = 30, + 0 + 1 + 4 = 35."),
    N_("The game ends as soon as the 25th card lies. Each side sorts its five line scores. "
       "The side whose lowest line is lower loses. If the lowest lines are equal, the second "
       "lowest decide, and so on; if all five are equal, the game is a draw. The sums of the "
       "lines do not matter."),
    N_("A match has several games. After each game the winner notes the difference between "
       "the two lowest lines; the loser notes nothing. The first player and the sides change "
       "every game. The highest total wins the match; with equal totals, more won games "
       "decide."),
)
RULES_VARIANT = {
    "standard": N_("This game: two players. Each gets 12 cards; one more card is turned up "
                   "as the start card. Players take turns until all 24 cards are played."),
    "five_card": N_("This game: five-card hand. Each player holds five cards and, after "
                    "playing one, draws a new card from the pile at once. Cards left in hand "
                    "at the end do not count."),
    "teams": N_("This game: two teams of two. Teams take turns, partners alternate (X1, Y1, "
                "X2, Y2). Everybody gets 7 cards, places 6 and keeps one. Partners may not "
                "talk about their cards and never see each other's hand."),
    "solo": N_("This game: solo. A card is turned up and you place it at once; then the "
               "next. Your score is the lowest of all ten lines, rows and columns together. "
               "The higher, the better: beat your best scores."),
}
RULES_OPTIONS = {
    "RM_FIVE_KIND_UNIT_VALUES": N_("Option in play: five identical robots score 100 plus "
                                   "twice their value."),
    "RM_MARGIN_AT_DECIDING_RANK": N_("Option in play: a match game won on a later line "
                                     "scores the difference at that line."),
    "RM_FIXED_CENTRE_START": N_("Option in play: the start card is the centre of the 5 × 5 "
                                "square."),
}
RULES_KEYS = N_("Keys: 0 to 5 choose a card, the arrow keys choose a marked cell, Enter lays "
                "the card there and Enter again confirms; Backspace takes it back, Space skips "
                "the animation, F1 shows the rules, Esc the pause menu.")


def rules_text(variant: str, rules: Rules) -> str:
    """The rules overlay's text for `variant` and the options in play, in the current
    language."""
    parts = [_(p) for p in RULES_COMMON[:3]]
    parts.append(_(RULES_VARIANT.get(variant, RULES_VARIANT["standard"])))
    parts += [_(p) for p in RULES_COMMON[3:]]
    if variant == "solo":
        parts = [p for p in parts if p != _(RULES_COMMON[5])]
    chosen = rules.to_dict()
    parts += [_(RULES_OPTIONS[name]) for name in RULE_NAMES if chosen.get(name)]
    parts.append(_(RULES_KEYS) + " " + _(MUTE_HINT))
    return "\n\n".join(parts)


# -- line breakdowns in words ---------------------------------------------------------------

def describe_line(breakdown: LineBreakdown, rules: Rules) -> str:
    """A line's score in words, e.g. "pair of 3 = 30, + 0 + 1 + 4 = 35" (translated; the
    same shape as `scoring.format_breakdown`)."""
    sets = [g for g in breakdown.groups if g.count >= 2]
    singles = [g for g in breakdown.groups if g.count == 1]
    parts = []
    for g in sets:
        if g.count == 2:
            parts.append(_("pair of {value} = {points}").format(value=g.value, points=g.points))
        elif g.count == 3:
            parts.append(_("trio of {value} = 100").format(value=g.value))
        elif g.count == 4:
            parts.append(_("four of {value} = 100 + {value} = {points}").format(
                value=g.value, points=g.points))
        elif rules.five_kind_unit_values:
            parts.append(_("five of {value} = 100 + {value} + {value} = {points}").format(
                value=g.value, points=g.points))
        else:
            parts.append(_("five of {value} = 100 + 10 × {value} = {points}").format(
                value=g.value, points=g.points))
    if singles:
        added = " + ".join(str(g.value) for g in singles)
        parts.append(f"+ {added}" if sets else added)
    if len(sets) == 1 and not singles:
        return parts[0]
    return ", ".join(parts) + f" = {breakdown.total}"


def ordinal_rank(rank: int) -> str:
    names = {1: N_("lowest"), 2: N_("second lowest"), 3: N_("third lowest"),
             4: N_("fourth lowest"), 5: N_("highest")}
    return _(names.get(rank, N_("lowest")))


# -- animation ----------------------------------------------------------------------------------

@dataclass
class Flight:
    """A card on its way: placed from a seat to its cell, or dealt or drawn from the pile to
    a hand. The event lands (changes the display) when the card arrives."""

    event: CardPlaced | CardDealt | CardDrawn
    start: tuple[float, float]
    seconds: float
    t: float = 0.0


def ease(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


# -- the table scene ----------------------------------------------------------------------------

class RobotMasterTable(WidgetScene):
    """One Robot Master game (and the match around it) at one screen."""

    replaying = False
    """The replay viewer (a subclass) takes no moves and saves nothing."""
    status_says_thinking = False
    """The status line last drawn said a bot is thinking (it changes when the answer comes)."""
    bot_wait_seconds = 0.0
    """How long a frame may wait for a thinking bot once its pause is over: none in the app
    (the frames go on and the card comes a frame later); tests that count frames set more."""

    def __init__(self, services: Services, controller: RobotMasterController) -> None:
        self.controller = controller
        self.thinker = BotThinker()
        # The position last autosaved: (game of the match, cards on the table). A resumed
        # game starts as saved, so it is not written again before the next card.
        self.autosaved_at = self._position_key()
        self.save_warning: str | None = None
        self.cards = view.CardArt()
        self.geometry = view.TableGeometry(pygame.Rect(0, 0, 10, 10), 10)
        self._reset_display()
        self.mouse = (0, 0)
        self.confirm_button: Button | None = None
        self.take_back_button: Button | None = None
        super().__init__(services)
        self.on_resize(self.size)

    def _reset_display(self) -> None:
        self.thinker.forget()   # an answer about the game before must never land on this one
        n = self.controller.num_players
        self.cells: dict[Pos, int] = {}
        self.placed_by: dict[Pos, PlayerId] = {}
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.revealed: int | None = None
        self.last_cell: Pos | None = None
        self.flight: Flight | None = None
        self.wait = 0.0                  # a pause before the next automatic action
        self.ended: GameEnded | None = None
        self.end_wait = 0.0
        self.end_shown = False
        self.viewer: PlayerId | None = None
        self.privacy_for: PlayerId | None = None
        self.selected: int | None = None
        self.cursor: Pos | None = None   # the keyboard's cell
        self.drag: dict[str, Any] | None = None
        self.confirmed: PlaceCard | None = None
        self.view_centre = (0.0, 0.0)
        self.best_table: list[BestScore] = []
        self.best_rank: int | None = None
        self.best_recorded = False
        humans = self.controller.humans()
        if len(humans) == 1:
            self.viewer = humans[0]   # nobody else may look: the one human's hand shows

    # -- layout ------------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        panel_w = self.px(272)
        top = self.px(64)
        hand_h = self.px(160)
        grid_bottom = h - hand_h - self.px(8)
        self.left_panel = pygame.Rect(self.px(14), top, panel_w, grid_bottom - top)
        self.right_panel = pygame.Rect(w - self.px(14) - panel_w, top, panel_w,
                                       grid_bottom - top)
        felt_x = self.left_panel.right + self.px(14)
        self.felt = pygame.Rect(felt_x, top, self.right_panel.x - self.px(14) - felt_x,
                                grid_bottom - top)
        score_w, score_h = self.px(74), self.px(40)
        cell = int(min((self.felt.w - score_w - self.px(24)) / view.VIEW_CELLS,
                       (self.felt.h - score_h - self.px(20)) / view.VIEW_CELLS))
        cell = max(12, cell)
        side = cell * view.VIEW_CELLS
        area = pygame.Rect(0, 0, side, side)
        area.topleft = (self.felt.x + (self.felt.w - score_w - side) // 2, self.felt.y + self.px(10))
        self.geometry = view.TableGeometry(area, cell, self.view_centre)
        self.hand_area = pygame.Rect(self.px(14), h - hand_h, w - self.px(28), hand_h - self.px(6))
        # buttons: confirm and take back in the right panel; rules and menu in the top bar
        self._build_buttons(w, panel_w)
        self._sync_buttons()
        # the static layer (backdrop, panels, baize) is drawn once per window size
        self.static_layer = pygame.Surface(size)
        art.draw_background(self.static_layer)
        draw_panel(self.static_layer, self.left_panel)
        draw_panel(self.static_layer, self.right_panel)
        view.draw_table_felt(self.static_layer, self.felt)

    def _build_buttons(self, w: int, panel_w: int) -> None:
        bw, bh = panel_w - self.px(40), self.px(52)
        rp = self.right_panel
        self.confirm_button = Button((rp.x + self.px(20), rp.bottom - self.px(132), bw, bh),
                                     N_("Confirm"), self.confirm, style="primary",
                                     tooltip=N_("Play the card where it lies (Enter)"))
        self.take_back_button = Button((rp.x + self.px(20), rp.bottom - self.px(70), bw, bh),
                                       N_("Take back"), self.take_back,
                                       tooltip=N_("Lift your card back into your hand "
                                                  "(Backspace)"))
        self.ui.add(self.confirm_button)
        self.ui.add(self.take_back_button)
        self.ui.default = self.confirm_button
        tw, th = self.px(130), self.px(40)
        self.ui.add(Button((w - self.px(14) - tw, self.px(12), tw, th), N_("Menu"),
                           self.back, tooltip=N_("Pause menu (Esc)")))
        self.ui.add(Button((w - self.px(24) - 2 * tw, self.px(12), tw, th), N_("Rules"),
                           self.open_rules, tooltip=N_("How to play (F1)")))

    def draw_background(self, surface: pygame.Surface) -> None:
        if self.static_layer.get_size() == surface.get_size():
            surface.blit(self.static_layer, (0, 0))
        else:  # drawn before the first layout at this size
            art.draw_background(surface)
            draw_panel(surface, self.left_panel)
            draw_panel(surface, self.right_panel)
            view.draw_table_felt(surface, self.felt)

    def _sync_buttons(self) -> None:
        can = self.controller.tentative is not None and self.interactive()
        for button in (self.confirm_button, self.take_back_button):
            if button is not None:
                button.enabled = can

    # -- who sees and who acts -----------------------------------------------------------------
    def interactive(self) -> bool:
        """A human may place now: it is their turn, their hand shows, nothing moves."""
        p = self.controller.decision()
        return (p is not None and p == self.viewer and self.flight is None
                and not self.controller.pending and self.ended is None)

    def shown_hand(self) -> list[int]:
        """The viewer's hand as displayed, minus a card lying tentatively on the table."""
        if self.viewer is None:
            return []
        if self.controller.variant == "solo":
            hand = [self.revealed] if self.revealed is not None else []
        else:
            hand = list(self.hands[self.viewer])
        t = self.controller.tentative
        if t is not None and t.player == self.viewer and t.value in hand:
            hand.remove(t.value)
        if self.drag is not None and self.drag.get("moving") and self.drag["value"] in hand:
            hand.remove(self.drag["value"])
        return hand

    def hand_rects(self, count: int) -> list[pygame.Rect]:
        """Where the cards of a hand of `count` lie (left to right)."""
        if count <= 0:
            return []
        area = self.hand_area
        ch = area.h - self.px(34)
        cw = int(ch * 0.7)
        gap = self.px(10)
        total = count * cw + (count - 1) * gap
        if total > area.w:
            gap = max(2, (area.w - count * cw) // max(1, count - 1))
            total = count * cw + (count - 1) * gap
        x0 = area.centerx - total // 2
        return [pygame.Rect(x0 + i * (cw + gap), area.bottom - ch, cw, ch) for i in range(count)]

    def hand_card_rect(self, value: int) -> pygame.Rect | None:
        """The rect of the first shown card of `value` in the viewer's hand (tests use it to
        click like a player)."""
        hand = self.shown_hand()
        if value not in hand:
            return None
        rects = self.hand_rects(len(hand))
        index = hand.index(value)
        rect = rects[index]
        if index == self.selected_index(hand):
            rect = rect.move(0, -self.px(18))
        return rect

    def selected_index(self, hand: list[int]) -> int | None:
        """Which card of `hand` is lifted: the first of the selected value."""
        if self.selected is None or self.selected not in hand:
            return None
        return hand.index(self.selected)

    def legal_by_value(self) -> dict[int, set[Pos]]:
        """value -> cells, built from the controller's legal actions."""
        found: dict[int, set[Pos]] = {}
        if not self.interactive():
            return found
        for action in self.controller.legal():
            if action.player == self.viewer:
                found.setdefault(action.value, set()).add(action.cell)
        return found

    def legal_cells(self) -> set[Pos]:
        cells: set[Pos] = set()
        for group in self.legal_by_value().values():
            cells |= group
        return cells

    # -- actions from the player ---------------------------------------------------------------
    def select(self, value: int | None) -> None:
        if value is not None and self.controller.tentative is not None:
            self.controller.take_back()
        self.selected = value
        self._sync_buttons()
        self.dirty = True

    def place(self, value: int, cell: Pos) -> bool:
        """Lay `value` on `cell` tentatively, if a legal action says so."""
        if not self.interactive() or self.viewer is None:
            return False
        action = PlaceCard(self.viewer, value, cell)
        if action not in self.controller.legal():
            return False
        self.controller.propose(action)
        self.selected = None
        self._sync_buttons()
        self.dirty = True
        return True

    def take_back(self) -> None:
        taken = self.controller.take_back()
        if taken is not None:
            self.selected = taken.value
        self._sync_buttons()
        self.dirty = True

    def confirm(self) -> None:
        if self.controller.tentative is None or not self.interactive():
            return
        self.confirmed = self.controller.tentative
        self.controller.confirm()
        self.selected = None
        self.cursor = None
        if self.controller.hot_seat():
            self.viewer = None   # the screen is about to change hands
        self._sync_buttons()
        self.dirty = True

    def open_rules(self) -> None:
        self.services.scenes.push(RulesOverlay(
            self.services, lambda: _("Robot Master: rules"),
            lambda: rules_text(self.controller.variant, self.controller.rules)))

    def in_progress(self) -> bool:
        """A game or match is under way: leaving it should keep it (save)."""
        c = self.controller
        return not (c.is_over() and c.match_over())

    def _save_and_leave(self) -> None:
        from game.scenes.saves_hook import save_and_leave_to_menu
        save_and_leave_to_menu(self.services, self)

    def back(self) -> None:
        save = None
        if self.in_progress():
            from game.scenes.saves_hook import save_and_leave_to_menu
            save = functools.partial(save_and_leave_to_menu, self.services, self)
        self.services.scenes.push(PauseMenu(self.services, rules=self.open_rules,
                                            save_and_quit=save))

    def request_close(self) -> bool:
        if not self.in_progress():
            return True
        from game.scenes.saves_hook import offer_save_and_quit
        return offer_save_and_quit(self.services, self)

    # -- input -----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F1:
                self.open_rules()
                return True
            if event.key == pygame.K_SPACE and self.busy():
                self.skip()
                return True
            if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE) or (
                    event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL):
                self.take_back()
                return True
        if event.type == pygame.KEYDOWN and self.interactive() and self._key(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.busy() \
                and not self._on_widget(event.pos):
            self.skip()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.take_back()
            return True
        if self.drag is not None and event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            return self._drag_event(event)
        if super().handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        """Keyboard play: 0-5 pick a card of that value, the arrow keys walk over the
        marked cells, Enter lays the card there (and, once it lies, confirms)."""
        value = VALUE_KEYS.get(event.key)
        if value is not None:
            if value in self.shown_hand():
                self.select(value)
            return True
        step = ARROW_STEPS.get(event.key)
        if step is not None:
            self.cursor = self._next_cell(step)
            self.dirty = True
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and \
                self.controller.tentative is None and self.cursor in self.legal_cells():
            values = sorted(set(self.shown_hand()))
            value = self.selected if self.selected is not None else (
                values[0] if len(values) == 1 else None)
            if value is not None:
                return self.place(value, self.cursor)
        return False

    def _next_cell(self, step: tuple[int, int]) -> Pos | None:
        """The marked cell nearest to the cursor in the direction `step`."""
        legal = sorted(self.legal_cells(), key=lambda p: (p.y, p.x))
        if not legal:
            return None
        here = self.cursor
        if here is None or here not in legal:
            cx, cy = view.bbox_centre(self.cells)
            return min(legal, key=lambda p: ((p.x - cx) ** 2 + (p.y - cy) ** 2, p.y, p.x))
        dx, dy = step
        ahead = [p for p in legal if (p.x - here.x) * dx + (p.y - here.y) * dy > 0]
        if not ahead:
            return here

        def cost(p: Pos) -> tuple[int, int, int]:
            along = abs((p.x - here.x) * dx + (p.y - here.y) * dy)
            across = abs((p.x - here.x) * dy + (p.y - here.y) * dx)
            return (along + 2 * across, p.y, p.x)
        return min(ahead, key=cost)

    def _on_widget(self, pos: tuple[int, int]) -> bool:
        return any(w.visible and w.rect.collidepoint(pos) for w in self.ui.widgets)

    def _press(self, pos: tuple[int, int]) -> bool:
        if not self.interactive():
            return False
        hand = self.shown_hand()
        lifted = self.selected_index(hand)
        for i, rect in reversed(list(enumerate(self.hand_rects(len(hand))))):
            if i == lifted:
                rect = rect.move(0, -self.px(18))
            if rect.collidepoint(pos):
                self.drag = {"value": hand[i], "start": pos, "pos": pos, "moving": False,
                             "grab": (pos[0] - rect.x, pos[1] - rect.y), "size": rect.size}
                self.dirty = True
                return True
        cell = self.geometry.pos_at(pos)
        if cell is None:
            return False
        tentative = self.controller.tentative
        if tentative is not None and tentative.cell == cell:
            self.take_back()
            return True
        if cell in self.legal_cells():
            values = sorted(set(hand))
            if self.selected is not None:
                return self.place(self.selected, cell)
            if tentative is not None:
                return self.place(tentative.value, cell)
            if len(values) == 1:
                return self.place(values[0], cell)
        return False

    def _drag_event(self, event: pygame.event.Event) -> bool:
        drag = self.drag
        assert drag is not None
        if event.type == pygame.MOUSEMOTION:
            drag["pos"] = event.pos
            if not drag["moving"] and math.dist(event.pos, drag["start"]) > DRAG_THRESHOLD:
                drag["moving"] = True
                if self.controller.tentative is not None:
                    self.controller.take_back()
                self.selected = None
            self.dirty = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.drag = None
            self.dirty = True
            value = drag["value"]
            if drag["moving"]:
                cell = self.geometry.pos_at(event.pos)
                if cell is None or not self.place(value, cell):
                    self.selected = value
                    self._sync_buttons()
                return True
            self.select(None if self.selected == value else value)
            return True
        return False

    # -- the event queue and automatic turns ---------------------------------------------------
    def busy(self) -> bool:
        """Something is being animated (a click or Space skips it)."""
        return self.flight is not None or bool(self.controller.pending)

    def skip(self) -> None:
        """Drain the queue and snap everything to where it lies."""
        if self.flight is not None:
            self._land(self.flight.event)
            self.flight = None
        for event in self.controller.drain():
            self._apply(event, animate=False)
        self.view_centre = self._target_centre()
        self.geometry.centre = self.view_centre
        self.dirty = True

    def _speed(self) -> float:
        return self.services.settings.animation_factor

    def _apply(self, event: Event, *, animate: bool) -> None:
        """Show one event: the display copy changes only here."""
        if animate:
            self.services.audio.play_events([event])
        match event:
            case SeatsChosen():
                pass
            case StartCardTurned(value, cell):
                self.cells[cell] = value
                self.placed_by[cell] = -1
                self.last_cell = cell
            case CardDealt() | CardDrawn():
                speed = self._speed()
                if animate and speed > 0:
                    seconds = (DEAL_SECONDS if isinstance(event, CardDealt) else DRAW_SECONDS)
                    self.flight = Flight(event, self.pile_rect().center, seconds / speed)
                else:
                    self._land(event)
            case CardRevealed(value):
                self.revealed = value
            case CardPlaced(player, value, cell):
                mine = self.confirmed is not None and self.confirmed == PlaceCard(
                    player, value, cell)
                self.confirmed = None
                speed = self._speed()
                if animate and not mine and speed > 0:
                    self._take_from_hand(player, value)
                    self.flight = Flight(event, self._seat_anchor(player), FLY_SECONDS / speed)
                else:
                    self._take_from_hand(player, value)
                    self._land(event)
            case GameEnded():
                self.ended = event
                self.end_wait = END_PAUSE_SECONDS / self._speed() if self._speed() > 0 else 0.0
        self.dirty = True

    def _take_from_hand(self, player: PlayerId, value: int) -> None:
        if self.controller.variant == "solo":
            self.revealed = None
        elif value in self.hands[player]:
            self.hands[player].remove(value)

    def _land(self, event: CardPlaced | CardDealt | CardDrawn) -> None:
        if isinstance(event, CardPlaced):
            self.cells[event.cell] = event.value
            self.placed_by[event.cell] = event.player
            self.last_cell = event.cell
        else:
            self.hands[event.player].append(event.value)
            self.hands[event.player].sort()

    def _seat_anchor(self, player: PlayerId) -> tuple[float, float]:
        rect = self.seat_rects().get(player)
        if rect is None:
            return (self.hand_area.centerx, self.hand_area.centery)
        return (rect.right - self.px(55), rect.centery)   # the card back by the count

    def _target_centre(self) -> tuple[float, float]:
        return view.bbox_centre(self.cells)

    def update(self, dt: float) -> None:
        super().update(dt)
        self._animate(dt)
        if self.busy():
            return
        # Between animations: a save takes tens of milliseconds (YAML), unseen while
        # nothing moves.
        self._autosave_if_due()
        if self.ended is not None:
            self._finish(dt)
            return
        if self.controller.needs_step():
            if self.controller.state.current_player == CHANCE:
                # the whole deal at once: its events still animate one card at a time
                self.controller.run_automatic_chance()
                self.dirty = True
                return
            speed = self._speed()
            if not self.thinker.thinking_about(self.controller):
                # The bot thinks in a worker thread while the pause shows whose turn it is.
                turn = self.controller.bot_turn()
                assert turn is not None   # needs_step() and not chance: a bot's turn
                self.thinker.start(turn)
                self.dirty = True
                if speed > 0:
                    self.wait = BOT_PAUSE_SECONDS / speed
                    return
            self.wait -= dt
            if self.wait <= 0 or speed <= 0:
                self.wait = 0.0
                if self.thinker.play_answer(self.controller, self.bot_wait_seconds):
                    self.dirty = True
            if self.thinker.answered() and self.status_says_thinking:
                self.dirty = True   # the status line turns from thinking to placing
            return
        player = self.controller.decision()
        if player is None:
            return
        if self.controller.hot_seat() and self.viewer != player:
            self.viewer = None
            if self.privacy_for != player:
                self.privacy_for = player
                seat = self.controller.seats[player]
                self.services.scenes.push(PrivacyScreen(
                    self.services, seat.name, functools.partial(self._ready, player),
                    colour=theme.PLAYER_COLOURS.get(seat.colour, theme.ACCENT),
                    shape=theme.PLAYER_SHAPES.get(seat.colour, "circle"),
                    rules=self.open_rules, save_and_quit=self._save_and_leave))
        self._sync_buttons()

    def _animate(self, dt: float) -> None:
        """Move what is moving and show the next queued events (the game and the replay
        viewer alike)."""
        # ease the table so the cards stay in the middle as the grid grows
        target = self._target_centre()
        cx, cy = self.view_centre
        if (cx, cy) != target:
            k = 1.0 if self._speed() <= 0 else min(1.0, dt * 8 * max(self._speed(), 0.5))
            cx += (target[0] - cx) * k
            cy += (target[1] - cy) * k
            if abs(cx - target[0]) < 0.01 and abs(cy - target[1]) < 0.01:
                cx, cy = target
            self.view_centre = (cx, cy)
            self.geometry.centre = self.view_centre
            self.dirty = True
        if self.flight is not None:
            self.flight.t += dt
            self.dirty = True
            if self.flight.t >= self.flight.seconds:
                self._land(self.flight.event)
                self.flight = None
        while self.flight is None:
            event = self.controller.next_event()
            if event is None:
                break
            self._apply(event, animate=True)

    def _position_key(self) -> tuple[int, int]:
        return (self.controller.game_index, len(self.controller.state.placements))

    def _autosave_if_due(self) -> None:
        """After every placement (and the draw or turn-up that follows it), and when a game
        ends: overwrite the game's autosave. A failed save only shows a warning."""
        c = self.controller
        if c.state.current_player == CHANCE and not c.is_over():
            return
        key = self._position_key()
        if key == self.autosaved_at:
            return
        self.autosaved_at = key
        from game.scenes.saves_hook import autosave
        autosave(self, self._autosave_written)

    def _autosave_written(self, warning: str | None) -> None:
        """The background autosave ended: show why it failed, or clear an earlier warning."""
        from game import paths
        if warning:   # the file name is enough in the narrow panel; Settings shows the folder
            warning = warning.replace(str(paths.saves_dir()) + os.sep, "")
        if warning != self.save_warning:
            self.save_warning = warning
            self.dirty = True

    def _ready(self, player: PlayerId) -> None:
        """The privacy screen was clicked: only `player` looks now."""
        if self.controller.decision() == player:
            self.viewer = player
        self.privacy_for = None
        self.dirty = True

    def _finish(self, dt: float) -> None:
        if self.end_shown:
            return
        self.end_wait -= dt
        if self.end_wait > 0:
            return
        self.end_shown = True
        self.viewer = self.viewer if not self.controller.hot_seat() else None
        if self.controller.variant == "solo" and not self.best_recorded:
            self._record_solo()
        self.services.scenes.push(RobotMasterEnd(self.services, self))

    def _record_solo(self) -> None:
        from game import paths
        self.best_recorded = True
        assert self.ended is not None
        seat = self.controller.seats[0]
        entry = BestScore(self.ended.solo_score, seat.name,
                          datetime.date.today().isoformat())
        table, rank, warning = record_best_score(best_scores_path(paths.user_data_dir()), entry)
        self.best_table, self.best_rank = table, rank
        if warning:
            self.services.messages.append(warning)

    def is_animating(self) -> bool:
        if super().is_animating() or self.busy():
            return True
        if self.view_centre != self._target_centre():
            return True
        if self.ended is not None:
            return not self.end_shown
        return self.controller.needs_step()

    def saved_game(self) -> Any:
        """The game as a save (game/saves.py): setup, match position and action log."""
        from game.saves import SavedGame
        c = self.controller
        names = " – ".join(s.name for s in c.seats)
        title = f"{_('Robot Master')} · {_(VARIANT_NAMES.get(c.variant, ''))} · {names}"
        return SavedGame("robot-master", c.setup_data(), c.saved_actions(), title=title,
                         finished=c.is_over() and c.match_over())

    def new_game(self) -> None:
        """The end screen's Next game / Play again."""
        self.controller.next_game()
        self._reset_display()
        self.on_resize(self.size)

    # -- drawing ---------------------------------------------------------------------------------
    def seat_rects(self) -> dict[PlayerId, pygame.Rect]:
        """Each seat's row in the left panel (names, sides, cards in hand)."""
        rects: dict[PlayerId, pygame.Rect] = {}
        panel = self.left_panel
        order = self._seat_order()
        row_h = self.px(50)
        y = panel.y + self.px(12)
        last_side: str | None = "-"
        for p in order:
            side = self.controller.side_of(p)
            if side != last_side:
                y += self.px(30)
                last_side = side
            rects[p] = pygame.Rect(panel.x + self.px(10), y, panel.w - self.px(20), row_h)
            y += row_h + self.px(4)
        return rects

    def _seat_order(self) -> list[PlayerId]:
        players = list(range(self.controller.num_players))
        sides = {"rows": 0, "columns": 1, None: 2}
        return sorted(players, key=lambda p: (sides[self.controller.side_of(p)], p))

    def draw_content(self, surface: pygame.Surface) -> None:
        self._draw_top_bar(surface)
        self._draw_left_panel(surface)
        self._draw_table(surface)
        self._draw_right_panel(surface)
        self._draw_hand(surface)
        self._draw_moving(surface)

    def _player_colour(self, p: PlayerId) -> tuple[int, int, int]:
        return theme.PLAYER_COLOURS.get(self.controller.seats[p].colour, theme.ACCENT)

    def _player_shape(self, p: PlayerId) -> str:
        return theme.PLAYER_SHAPES.get(self.controller.seats[p].colour, "circle")

    def _names(self, players: list[PlayerId]) -> str:
        return " & ".join(self.controller.seats[p].name for p in players)

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        title = _("Robot Master") + " · " + _(VARIANT_NAMES.get(self.controller.variant, ""))
        draw_text(surface, title, theme.fit_font(title, self.px(400), self.px(22), self.px(16)),
                  theme.TEXT, (self.px(18), self.px(32)), "midleft", max_width=self.px(400))
        status = self.status_line()
        draw_text(surface, status, theme.font(self.px(22), bold=True), theme.ACCENT,
                  (self.size[0] // 2 + self.px(40), self.px(32)), "center",
                  max_width=self.px(520))

    def status_line(self) -> str:
        c = self.controller
        if self.ended is not None:
            return _("The grid is complete.")
        f = self.flight
        if f is not None and not isinstance(f.event, CardDealt):
            name = c.seats[f.event.player].name
            if isinstance(f.event, CardPlaced):
                return _("{name} is placing a card…").format(name=name)
            return _("{name} draws a card…").format(name=name)
        player = c.state.current_player
        if player < 0 or f is not None:
            if c.variant == "solo" and len(c.state.placements) > 1:
                return _("Turning up the next card…")
            if len(c.state.placements) > 1:
                return _("Drawing a card…")
            return _("Dealing…")
        name = c.seats[player].name
        if c.seats[player].is_bot:
            self.status_says_thinking = (self.thinker.thinking_about(c)
                                         and not self.thinker.answered())
            if self.status_says_thinking:
                return _("{name} is thinking…").format(name=name)
            return _("{name} is placing a card…").format(name=name)
        if player != self.viewer:
            return _("{name}'s turn").format(name=name)
        if c.variant == "solo":
            return _("Place the turned-up card")
        return _("Your turn, {name}").format(name=name)

    def _draw_left_panel(self, surface: pygame.Surface) -> None:
        panel = self.left_panel
        c = self.controller
        rects = self.seat_rects()
        current = c.state.current_player
        if self.flight is not None:
            current = self.flight.event.player if not isinstance(self.flight.event, CardDealt) \
                else -1
        drawn_headers: set[str | None] = set()
        small = theme.font(self.px(15))
        for p in self._seat_order():
            rect = rects[p]
            side = c.side_of(p)
            if side not in drawn_headers:
                drawn_headers.add(side)
                icon = pygame.Rect(rect.x + self.px(4), rect.y - self.px(24), self.px(18),
                                   self.px(18))
                if side is not None:
                    view.draw_side_icon(surface, side, icon, theme.TEXT)
                    label = _("Rows (across)") if side == "rows" else _("Columns (down)")
                else:
                    label = _("Solo") if c.variant == "solo" else \
                        _("Sides are being drawn…")
                draw_text(surface, label, fitting_font(label, panel.w - self.px(50),
                                                       self.px(17)), theme.TEXT,
                          (icon.right + self.px(8), icon.centery), "midleft",
                          max_width=panel.w - self.px(50))
            if p == current and self.ended is None:
                pygame.draw.rect(surface, (70, 62, 36), rect, border_radius=self.px(8))
                pygame.draw.rect(surface, theme.ACCENT, rect, max(2, self.px(2)),
                                 border_radius=self.px(8))
            robot = pygame.Rect(rect.x + self.px(4), rect.y + self.px(3), rect.h - self.px(6),
                                rect.h - self.px(6))
            seat = c.seats[p]
            art.draw_robot(surface, robot, self._player_colour(p), shape=self._player_shape(p),
                           letter=seat.name[:1].upper())
            draw_text(surface, seat.name, theme.font(self.px(18), bold=True), theme.TEXT,
                      (robot.right + self.px(8), rect.y + self.px(6)), "topleft",
                      max_width=rect.w - robot.w - self.px(70))
            who = _("Bot ({level})").format(level=_(BOT_LEVEL_NAMES.get(seat.bot or "", "")))\
                if seat.is_bot else _("Human")
            draw_text(surface, who, small, theme.TEXT_DIM,
                      (robot.right + self.px(8), rect.bottom - self.px(6)), "bottomleft",
                      max_width=rect.w - robot.w - self.px(70))
            if c.variant != "solo":
                count = len(self.hands[p])
                if self.flight is not None and self.flight.event.player == p:
                    count = len(self.hands[p])
                back = self.cards.back((self.px(22), self.px(30)))
                bx = rect.right - self.px(66)   # room for "×12"
                surface.blit(back, (bx, rect.centery - back.get_height() // 2))
                draw_text(surface, f"×{count}", theme.font(self.px(18), bold=True), theme.TEXT,
                          (bx + back.get_width() + self.px(4), rect.centery), "midleft")
        # below the seats: pile, match, solo best
        y = max(r.bottom for r in rects.values()) + self.px(16) if rects else panel.y
        lines: list[str] = []
        if c.variant == "five_card":
            lines.append(_("Draw pile: {n}").format(n=self.pile_count()))
        if c.score is not None:
            lines.append(_("Match: game {index} of {games}").format(
                index=min(c.score.next_game + (0 if self.ended else 1), c.score.games),
                games=c.score.games))
            t0, t1 = c.score.totals
            lines.append(_("Points: {a} {x} – {y} {b}").format(
                a=self._names([p for p in range(c.num_players) if p % 2 == 0]), x=t0,
                y=t1, b=self._names([p for p in range(c.num_players) if p % 2 == 1])))
        if c.variant == "solo":
            best = load_best_scores(best_scores_path(_user_dir()))
            if best:
                lines.append(_("Best score so far: {score}").format(score=best[0].score))
        for line in lines:
            height = draw_paragraphs(surface, line, small, theme.TEXT_DIM,
                                     pygame.Rect(panel.x + self.px(14), y, panel.w - self.px(28),
                                                 self.px(60)))
            y += height + self.px(4)
        if self.save_warning:  # the game goes on; the player should still know
            draw_paragraphs(surface, _("Autosave failed: {reason}").format(
                reason=self.save_warning), theme.font(self.px(14)), theme.DANGER,
                pygame.Rect(panel.x + self.px(14), y + self.px(6), panel.w - self.px(28),
                            max(0, panel.bottom - y - self.px(12))))

    def line_scores(self) -> tuple[dict[int, int], dict[int, int]]:
        """The current score of every row and column with cards (partial lines score what
        their cards score so far)."""
        rules = self.controller.rules
        rows: dict[int, list[int]] = {}
        cols: dict[int, list[int]] = {}
        for pos, value in self.cells.items():
            rows.setdefault(pos.y, []).append(value)
            cols.setdefault(pos.x, []).append(value)
        return ({y: line_score(v, rules) for y, v in rows.items()},
                {x: line_score(v, rules) for x, v in cols.items()})

    def _side_colour(self, side: str) -> tuple[int, int, int]:
        players = self.controller.players_on(side)
        return self._player_colour(players[0]) if players else theme.TEXT_DIM

    def pile_rect(self) -> pygame.Rect:
        """Where the face-down pile lies: the top left corner of the baize."""
        h = int(self.geometry.cell * 1.05)
        return pygame.Rect(self.felt.x + self.px(16), self.felt.y + self.px(16), int(h * 0.72), h)

    def pile_count(self) -> int:
        """Cards not on the table, in no hand and not in the air (public, RM-4.5)."""
        in_air = 1 if self.flight is not None else 0
        revealed = 1 if self.revealed is not None else 0
        return (DECK_SIZE - len(self.cells) - sum(len(h) for h in self.hands) - in_air
                - revealed)

    def _draw_pile(self, surface: pygame.Surface) -> None:
        count = self.pile_count()
        if count <= 0:
            return
        rect = self.pile_rect()
        back = self.cards.back(rect.size)
        for i in range(min(3, count) - 1, -1, -1):
            surface.blit(back, rect.move(i * self.px(2), -i * self.px(2)))
        draw_text(surface, str(count), theme.font(self.px(16), bold=True), theme.TEXT,
                  (rect.centerx, rect.bottom + self.px(4)), "midtop")

    def _draw_table(self, surface: pygame.Surface) -> None:
        self._draw_pile(surface)
        g = self.geometry
        old_clip = surface.get_clip()
        surface.set_clip(g.area.inflate(self.px(8), self.px(8)))
        rows, cols = self.line_scores()
        low_row = min(rows, key=lambda y: (rows[y], y)) if rows else None
        low_col = min(cols, key=lambda x: (cols[x], x)) if cols else None
        # faint stripes behind the lowest row and column
        if self.cells:
            xs = [p.x for p in self.cells]
            ys = [p.y for p in self.cells]
            if low_row is not None:
                a = g.cell_rect(Pos(min(xs), low_row))
                b = g.cell_rect(Pos(max(xs), low_row))
                self._stripe(surface, a.union(b), self._side_colour("rows"))
            if low_col is not None:
                a = g.cell_rect(Pos(low_col, min(ys)))
                b = g.cell_rect(Pos(low_col, max(ys)))
                self._stripe(surface, a.union(b), self._side_colour("columns"))
        # empty slots of the view
        hot = g.pos_at(self.mouse)
        legal = self.legal_cells()
        for pos in legal:
            view.draw_legal_cell(surface, g.card_rect(pos), hot=(pos in (hot, self.cursor)),
                                 phase=0.0)
        if self.cursor in legal and self.controller.tentative is None:
            pygame.draw.rect(surface, theme.FOCUS, g.cell_rect(self.cursor), max(2, self.px(3)),
                             border_radius=self.px(8))
        for pos, value in self.cells.items():
            rect = g.card_rect(pos)
            surface.blit(self.cards.face(value, rect.size), rect)
        if self.last_cell is not None and self.last_cell in self.cells and self.ended is None:
            pygame.draw.rect(surface, theme.FOCUS, g.cell_rect(self.last_cell),
                             max(2, self.px(3)), border_radius=self.px(8))
        t = self.controller.tentative
        if t is not None and self.viewer is not None and t.player == self.viewer:
            rect = g.card_rect(t.cell)
            surface.blit(self.cards.face(t.value, rect.size), rect)
            pygame.draw.rect(surface, theme.ACCENT, rect.inflate(self.px(6), self.px(6)),
                             max(3, self.px(4)), border_radius=self.px(8))
        surface.set_clip(old_clip)
        self._draw_line_scores(surface, rows, cols, low_row, low_col)

    def _stripe(self, surface: pygame.Surface, rect: pygame.Rect,
                colour: tuple[int, int, int]) -> None:
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (*theme.DANGER, 70), veil.get_rect(), border_radius=self.px(8))
        surface.blit(veil, rect)
        pygame.draw.rect(surface, theme.DANGER, rect, max(1, self.px(2)), border_radius=self.px(8))

    def _draw_line_scores(self, surface: pygame.Surface, rows: dict[int, int],
                          cols: dict[int, int], low_row: int | None, low_col: int | None) -> None:
        g = self.geometry
        f = theme.font(self.px(19), bold=True)
        small = theme.font(self.px(13), bold=True)
        solo = self.controller.variant == "solo"
        bw, bh = self.px(66), self.px(30)
        # rows: to the right of the grid, with the owners named above
        rx = g.area.right + self.px(10)
        head = pygame.Rect(rx, g.area.y, bw + self.px(6), self.px(20))
        rows_owner = self.controller.players_on("rows")
        cols_owner = self.controller.players_on("columns")
        view.draw_side_icon(surface, "rows", pygame.Rect(rx, head.y + self.px(2), self.px(16),
                                                         self.px(14)), theme.TEXT)
        draw_text(surface, self._names(rows_owner) if rows_owner else (_("Rows") if solo else ""),
                  small, theme.TEXT, (rx + self.px(20), head.centery), "midleft",
                  max_width=self.felt.right - rx - self.px(26))
        for y, score in sorted(rows.items()):
            cell = g.cell_rect(Pos(0, y))
            rect = pygame.Rect(rx, cell.centery - bh // 2, bw, bh)
            self._badge(surface, rect, score, y == low_row, self._side_colour("rows"),
                        self._owner_shape(rows_owner), f)
        # columns: below the grid, the owners named at the left of the first badge
        cy = g.area.bottom + self.px(8)
        cw = min(bw, g.cell - self.px(4))
        badges = [(x, score, pygame.Rect(g.cell_rect(Pos(x, 0)).centerx - cw // 2, cy, cw, bh))
                  for x, score in sorted(cols.items())]
        for x, score, rect in badges:
            self._badge(surface, rect, score, x == low_col, self._side_colour("columns"),
                        self._owner_shape(cols_owner), f)
        right = (badges[0][2].x if badges else g.area.x) - self.px(8)
        name = self._names(cols_owner) if cols_owner else (_("Columns") if solo else "")
        room = max(self.px(20), right - self.felt.x - self.px(34))
        text_rect = draw_text(surface, name, small, theme.TEXT, (right, cy + bh // 2),
                              "midright", max_width=room)
        view.draw_side_icon(surface, "columns", pygame.Rect(text_rect.x - self.px(20),
                                                            cy + self.px(8), self.px(16),
                                                            self.px(14)), theme.TEXT)

    def _owner_shape(self, players: list[PlayerId]) -> str:
        return self._player_shape(players[0]) if players else "circle"

    def _badge(self, surface: pygame.Surface, rect: pygame.Rect, score: int, lowest: bool,
               colour: tuple[int, int, int], shape: str, f: pygame.font.Font) -> None:
        fill = (70, 30, 30) if lowest else theme.PANEL
        edge = theme.DANGER if lowest else art.shade(colour, 0.9)
        pygame.draw.rect(surface, fill, rect, border_radius=self.px(6))
        pygame.draw.rect(surface, edge, rect, max(2, self.px(2)), border_radius=self.px(6))
        if f.size(str(score))[0] + self.px(28) <= rect.w:
            art.draw_emblem(surface, shape, (rect.x + self.px(10), rect.centery), self.px(6),
                            colour)
            draw_text(surface, str(score), f, theme.TEXT, (rect.right - self.px(6),
                                                           rect.centery), "midright")
        else:
            draw_text(surface, str(score), f, theme.TEXT, rect.center, "center")
        if lowest:  # a down arrow: the lowest line, not only a colour
            tip = (rect.centerx + self.px(4), rect.bottom + self.px(2))
            pygame.draw.polygon(surface, theme.DANGER, [
                (tip[0] - self.px(6), tip[1] - self.px(1)), (tip[0] + self.px(6), tip[1] - self.px(1)),
                (tip[0], tip[1] + self.px(7))])

    def _draw_right_panel(self, surface: pygame.Surface) -> None:
        panel = self.right_panel
        x = panel.x + self.px(18)
        width = panel.w - self.px(36)
        y = panel.y + self.px(16)
        y += draw_paragraphs(surface, self.status_line(), theme.font(self.px(20), bold=True),
                             theme.TEXT, pygame.Rect(x, y, width, self.px(90)), line_gap=1.1)
        y += self.px(10)
        body = pygame.Rect(x, y, width, self.confirm_button.rect.y - y - self.px(12)
                           if self.confirm_button else self.px(200))
        draw_paragraphs(surface, self.hint(), theme.font(self.px(16)), theme.TEXT_DIM, body)

    def hint(self) -> str:
        c = self.controller
        if self.ended is not None:
            return _("Every line is scored now.")
        if self.busy():
            return _("Click or press Space to skip the animation.")
        player = c.decision()
        if player is None:
            return _("Watch the bots place their cards.") if c.needs_step() else ""
        if player != self.viewer:
            return _("The hand stays hidden until {name} takes the screen.").format(
                name=c.seats[player].name)
        side = c.side_of(player)
        goal = ""
        if side == "rows":
            goal = _("You own the rows: make your weakest row strong.")
        elif side == "columns":
            goal = _("You own the columns: make your weakest column strong.")
        else:
            goal = _("Your score is the lowest of all ten lines.")
        if c.variant == "teams":
            partner = (player + 2) % c.num_players
            goal += "\n\n" + _("Your partner is {name}; partners may not talk about their "
                                "cards.").format(name=c.seats[partner].name)
        if c.tentative is not None:
            step = _("Confirm to play the card, or take it back (click it or press "
                     "Backspace).")
        elif self.selected is not None:
            step = _("Now click one of the marked cells.")
        elif c.variant == "solo":
            step = _("Click a marked cell for the turned-up card, or drag the card there.")
        else:
            step = _("Drag a card onto a marked cell, or click a card and then a cell.")
        return goal + "\n\n" + step

    def _draw_hand(self, surface: pygame.Surface) -> None:
        c = self.controller
        hand = self.shown_hand()
        rects = self.hand_rects(len(hand))
        if self.viewer is None:
            # nothing private: the cards of the player at turn, face down
            player = c.state.current_player
            if player >= 0 and c.variant != "solo":
                count = len(self.hands[player])
                for rect in self.hand_rects(count):
                    surface.blit(self.cards.back(rect.size), rect)
                self._draw_hand_label(surface, _("{name}'s cards are hidden.").format(
                    name=c.seats[player].name), self.hand_rects(count))
            return
        name = c.seats[self.viewer].name
        label = _("Turned-up card") if c.variant == "solo" else \
            _("{name}'s hand").format(name=name)
        self._draw_hand_label(surface, label, rects)
        legal_values = set(self.legal_by_value())
        lifted = self.selected_index(hand)
        for i, (value, rect) in enumerate(zip(hand, rects)):
            if i == lifted:
                rect = rect.move(0, -self.px(18))
            surface.blit(self.cards.face(value, rect.size), rect)
            if i == lifted:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(self.px(6), self.px(6)),
                                 max(3, self.px(4)), border_radius=self.px(10))
            elif legal_values and value not in legal_values:
                veil = pygame.Surface(rect.size, pygame.SRCALPHA)
                veil.fill((0, 0, 0, 90))
                surface.blit(veil, rect)

    def _draw_hand_label(self, surface: pygame.Surface, label: str,
                         rects: list[pygame.Rect]) -> None:
        """Whose hand it is: left of the cards, or above them when a full hand leaves no
        room there for a whole word."""
        font = theme.font(self.px(16), bold=True)
        first = rects[0] if rects else self.hand_area
        beside = pygame.Rect(self.hand_area.x + self.px(6), first.centery - self.px(20),
                             first.x - self.hand_area.x - self.px(30), self.px(80))
        if all(font.size(word)[0] <= beside.w for word in label.split()):
            draw_paragraphs(surface, label, font, theme.TEXT_DIM, beside)
        else:
            draw_text(surface, label, font, theme.TEXT_DIM, (first.x, first.y - self.px(4)),
                      "bottomleft", max_width=self.hand_area.right - first.x)

    def _draw_moving(self, surface: pygame.Surface) -> None:
        if self.flight is not None:
            f = self.flight
            t = ease(f.t / f.seconds if f.seconds > 0 else 1.0)
            cell = self.geometry.cell
            if isinstance(f.event, CardPlaced):
                end = self.geometry.card_rect(f.event.cell)
                face_up = True
            elif f.event.player == self.viewer:
                hand = self.shown_hand()
                end = self.hand_rects(len(hand) + 1)[-1]
                face_up = True
            else:
                ax, ay = self._seat_anchor(f.event.player)
                end = pygame.Rect(0, 0, self.px(22), self.px(30))
                end.center = (round(ax), round(ay))
                face_up = False
            start_size = (cell - self.px(6), cell - self.px(6))
            size = (round(start_size[0] + (end.w - start_size[0]) * t),
                    round(start_size[1] + (end.h - start_size[1]) * t))
            x = f.start[0] + (end.centerx - f.start[0]) * t
            y = f.start[1] + (end.centery - f.start[1]) * t - math.sin(t * math.pi) * self.px(40)
            if isinstance(f.event, CardPlaced):
                size = (end.w, end.h)
            image = self.cards.face(f.event.value, size) if face_up else self.cards.back(size)
            surface.blit(image, image.get_rect(center=(round(x), round(y))))
        if self.drag is not None and self.drag.get("moving"):
            w, h = self.drag["size"]
            gx, gy = self.drag["grab"]
            px, py = self.drag["pos"]
            rect = pygame.Rect(px - gx, py - gy, w, h)
            surface.blit(self.cards.face(self.drag["value"], (w, h)), rect)


BOT_LEVEL_NAMES = {"easy": N_("easy"), "normal": N_("normal"), "strong": N_("strong")}


def _user_dir() -> Any:
    from game import paths
    return paths.user_data_dir()


def result_headline(c: RobotMasterController, ended: GameEnded) -> tuple[str, str]:
    """A finished game's result in two lines, the title and the detail (the end screen's
    headline and the last line of the replay log)."""
    if c.variant == "solo":
        return (_("Your score: {score}").format(score=ended.solo_score),
                _("The lowest of all ten lines."))
    if ended.winner == "tie":
        return _("A draw!"), _("Both sides have the same line scores.")
    side = ended.winner or "rows"
    names = " & ".join(c.seats[p].name for p in c.players_on(side))
    count = len(c.players_on(side))
    if side == "rows":
        title = ngettext("{names} wins with the rows!", "{names} win with the rows!",
                         count).format(names=names)
    else:
        title = ngettext("{names} wins with the columns!", "{names} win with the columns!",
                         count).format(names=names)
    low_rows, low_cols = sorted(ended.rows), sorted(ended.columns)
    rank = ended.deciding_rank or 1
    detail = _("Lowest lines: rows {rows}, columns {columns}. Decided at the {rank} "
               "line; margin {margin}.").format(
        rows=low_rows[0], columns=low_cols[0], rank=ordinal_rank(rank),
        margin=ended.margin)
    return title, detail


# -- the end screen -----------------------------------------------------------------------------

class RobotMasterEnd(WidgetScene):
    """Every line's score with its breakdown, the winner and margin, the match totals; next
    game, play again, or back to the menu."""

    def __init__(self, services: Services, table: RobotMasterTable) -> None:
        self.table = table
        super().__init__(services)

    @property
    def controller(self) -> RobotMasterController:
        return self.table.controller

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        bw, bh = self.px(300), self.px(56)
        c = self.controller
        if c.variant == "solo":
            again = N_("Play again")
        elif c.match_over():
            again = N_("New match")
        else:
            again = N_("Next game")
        y = h - bh - self.px(18)
        gap = self.px(20)
        text = bh * 0.38   # "Wiederholung ansehen" fits
        menu = Button((w // 2 - bw * 3 // 2 - gap, y, bw, bh), N_("Main menu"), self.to_menu,
                      size=text)
        replay = Button((w // 2 - bw // 2, y, bw, bh), N_("Watch replay"), self.watch_replay,
                        tooltip=N_("Step through this game card by card; export its log"),
                        size=text)
        play = Button((w // 2 + bw // 2 + gap, y, bw, bh), again, self.play_again,
                      style="primary", size=text)
        self.ui.add(menu)
        self.ui.add(replay)
        self.ui.add(play)
        self.ui.default = play

    def play_again(self) -> None:
        self.services.scenes.pop()
        self.table.new_game()

    def watch_replay(self) -> None:
        """The game just finished in the replay viewer; closing it comes back here."""
        viewer = RobotMasterReplay(self.services, self.table.saved_game(),
                                   on_close=self.services.scenes.pop)
        self.services.scenes.push(viewer)

    def request_close(self) -> bool:
        if not self.table.in_progress():
            return True
        from game.scenes.saves_hook import offer_save_and_quit
        return offer_save_and_quit(self.services, self.table)

    def to_menu(self) -> None:
        from game.scenes.menu import MenuScene
        self.services.scenes.reset(MenuScene(self.services))

    def back(self) -> None:
        self.services.scenes.push(PauseMenu(self.services, rules=self.table.open_rules))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.table.open_rules()
            return True
        return super().handle_event(event)

    def _grid(self) -> list[list[int]]:
        cells = self.table.cells
        if len(cells) < GRID_SIZE * GRID_SIZE:
            return []
        xs = sorted({p.x for p in cells})
        ys = sorted({p.y for p in cells})
        return [[cells.get(Pos(x, y), 0) for x in xs] for y in ys]

    def headline(self) -> tuple[str, str]:
        if self.table.ended is None:
            return _("Game over"), ""
        return result_headline(self.controller, self.table.ended)

    def line_entries(self, side: str) -> list[tuple[str, list[int], str, bool]]:
        """What the end screen says about each line of `side`: its name, its cards, its
        score in words, and whether it is the side's lowest line (solo: the score)."""
        c = self.controller
        ended = self.table.ended
        grid = self._grid()
        if ended is None or not grid:
            return []
        lines = grid if side == "rows" else [list(col) for col in zip(*grid)]
        scores = ended.rows if side == "rows" else ended.columns
        low = min(range(len(scores)), key=lambda i: (scores[i], i))
        entries = []
        for i, cards in enumerate(lines):
            lowest = (i == low) if c.variant != "solo" else scores[i] == ended.solo_score
            number = (_("Row {n}") if side == "rows" else _("Column {n}")).format(n=i + 1)
            entries.append((number, cards, describe_line(line_breakdown(cards, c.rules),
                                                         c.rules), lowest))
        return entries

    def draw_content(self, surface: pygame.Surface) -> None:
        w, h = self.size
        c = self.controller
        ended = self.table.ended
        title, detail = self.headline()
        draw_text(surface, title, theme.font(self.px(38), bold=True), theme.ACCENT,
                  (w // 2, self.px(40)), "center", max_width=w - self.px(40))
        draw_text(surface, detail, theme.font(self.px(19)), theme.TEXT,
                  (w // 2, self.px(82)), "center", max_width=w - self.px(40))
        grid = self._grid()
        if not grid or ended is None:
            return
        # the finished grid with its line scores
        cell = self.px(54)
        gx, gy = self.px(40), self.px(120)
        rows_low = min(range(GRID_SIZE), key=lambda i: (ended.rows[i], i))
        cols_low = min(range(GRID_SIZE), key=lambda i: (ended.columns[i], i))
        panel = pygame.Rect(gx - self.px(14), gy - self.px(14), cell * 5 + self.px(100),
                            cell * 5 + self.px(70))
        draw_panel(surface, panel, (26, 74, 56))
        for y, row in enumerate(grid):
            for x, value in enumerate(row):
                rect = pygame.Rect(gx + x * cell, gy + y * cell, cell, cell).inflate(
                    -self.px(4), -self.px(4))
                surface.blit(self.table.cards.face(value, rect.size), rect)
        f = theme.font(self.px(18), bold=True)
        for i in range(GRID_SIZE):
            r = pygame.Rect(gx + 5 * cell + self.px(8), gy + i * cell + cell // 2 - self.px(14),
                            self.px(56), self.px(28))
            self.table._badge(surface, r, ended.rows[i], i == rows_low and c.variant != "solo"
                              or (c.variant == "solo" and ended.rows[i] == ended.solo_score),
                              self.table._side_colour("rows"),
                              self.table._owner_shape(c.players_on("rows")), f)
            r = pygame.Rect(gx + i * cell + self.px(2), gy + 5 * cell + self.px(8),
                            cell - self.px(4), self.px(28))
            self.table._badge(surface, r, ended.columns[i],
                              i == cols_low and c.variant != "solo"
                              or (c.variant == "solo" and ended.columns[i] == ended.solo_score),
                              self.table._side_colour("columns"),
                              self.table._owner_shape(c.players_on("columns")), f)
        # the breakdowns
        x = panel.right + self.px(30)
        width = w - x - self.px(30)
        y = gy - self.px(10)
        line_font = theme.font(self.px(17))
        head_font = theme.font(self.px(20), bold=True)
        for side in ("rows", "columns"):
            owners = c.players_on(side)
            icon = pygame.Rect(x, y + self.px(4), self.px(18), self.px(16))
            view.draw_side_icon(surface, side, icon, theme.TEXT)
            if side == "rows":
                head = _("Rows: {names}").format(names=self.table._names(owners)) if owners \
                    else _("Rows")
            else:
                head = _("Columns: {names}").format(names=self.table._names(owners)) \
                    if owners else _("Columns")
            draw_text(surface, head, head_font, theme.TEXT, (icon.right + self.px(8), y),
                      max_width=width - self.px(30))
            y += self.px(30)
            for number, cards, text, lowest in self.line_entries(side):
                colour = (255, 150, 140) if lowest else theme.TEXT
                draw_text(surface, number, line_font, theme.TEXT_DIM, (x, y),
                          max_width=self.px(110))
                draw_text(surface, " ".join(str(v) for v in cards), line_font, theme.TEXT_DIM,
                          (x + self.px(110), y))
                draw_text(surface, text, theme.font(self.px(17), bold=lowest), colour,
                          (x + self.px(230), y), max_width=width - self.px(230))
                y += self.px(26)
            y += self.px(14)
        self._draw_footer(surface, y)

    def _draw_footer(self, surface: pygame.Surface, y: int) -> None:
        c = self.controller
        w, h = self.size
        f = theme.font(self.px(20), bold=True)
        small = theme.font(self.px(17))
        base = h - self.px(150)
        if c.variant == "solo":
            self._draw_best(surface)
            return
        score = c.score
        if score is None:
            return
        even = [p for p in range(c.num_players) if p % 2 == 0]
        odd = [p for p in range(c.num_players) if p % 2 == 1]
        t0, t1 = score.totals
        draw_text(surface, _("Match after game {index} of {games}: {a} {x} – {y} {b}").format(
            index=len(score.records), games=score.games, a=self.table._names(even), x=t0, y=t1,
            b=self.table._names(odd)), f, theme.TEXT, (w // 2, base), "center",
            max_width=w - self.px(40))
        if score.is_over():
            winner = score.winner()
            if winner is None:
                text = _("The match is drawn.")
            else:
                team = even if winner == 0 else odd
                text = ngettext("{names} wins the match!", "{names} win the match!",
                                len(team)).format(names=self.table._names(team))
            draw_text(surface, text, f, theme.ACCENT, (w // 2, base + self.px(32)), "center")
        else:
            left = score.games - len(score.records)
            text = ngettext("One more game; sides and first player change.",
                            "{n} games to go; sides and first player change.",
                            left).format(n=left)
            draw_text(surface, text, small, theme.TEXT_DIM,
                      (w // 2, base + self.px(32)), "center")

    def _draw_best(self, surface: pygame.Surface) -> None:
        table = self.table.best_table
        x, y = self.px(40), self.px(500)
        f = theme.font(self.px(17))
        draw_text(surface, _("Best scores"), theme.font(self.px(20), bold=True), theme.TEXT,
                  (x, y))
        y += self.px(28)
        for i, entry in enumerate(table[:5]):
            mine = i == self.table.best_rank
            colour = theme.ACCENT if mine else theme.TEXT_DIM
            draw_text(surface, f"{i + 1}.  {entry.score}   {entry.name}   {entry.when}",
                      theme.font(self.px(17), bold=mine), colour, (x, y),
                      max_width=self.px(420))
            y += self.px(22)
        if self.table.best_rank is not None:
            draw_text(surface, _("New entry in your best scores!"), f, theme.GOOD,
                      (x + self.px(440), self.px(500)))


# -- the replay viewer ----------------------------------------------------------------------------

REPLAY_LOG_LINES = 3
"""How many lines of the game log show above the replay bar."""


def replay_steps(actions: list[Any]) -> list[list[Any]]:
    """A save's log in the viewer's steps, one per move of the replay bar: the deal (every
    chance action before the first card is placed), then each placement with the draw or
    turn-up that follows it."""
    steps: list[list[Any]] = []
    current: list[Any] = []
    for data in actions:
        if isinstance(data, dict) and data.get("type") == "PlaceCard" and current:
            steps.append(current)
            current = []
        current.append(data)
    if current:
        steps.append(current)
    return steps


def describe_event(event: Event, c: RobotMasterController, origin: tuple[int, int]) -> str | None:
    """One event of a game in words for the log (None: nothing worth a line). Cells are
    named by row and column of the grid as the log leaves it (`origin`: its top left)."""
    def place(cell: Pos) -> str:
        return _("row {row}, column {column}").format(row=cell.y - origin[1] + 1,
                                                       column=cell.x - origin[0] + 1)

    def name(player: PlayerId) -> str:
        return c.seats[player].name

    match event:
        case SeatsChosen(first, _rows):
            if c.variant == "solo":
                return None
            owners = " & ".join(name(p) for p in c.players_on("rows"))
            return _("{name} plays first; the rows belong to {names}.").format(
                name=name(first), names=owners)
        case StartCardTurned(value, cell):
            return _("The start card is a {value}, in {place}.").format(value=value,
                                                                        place=place(cell))
        case CardDealt(player, value):
            return _("{name} is dealt a {value}.").format(name=name(player), value=value)
        case CardDrawn(player, value):
            return _("{name} draws a {value}.").format(name=name(player), value=value)
        case CardRevealed(value):
            return _("The next card is a {value}.").format(value=value)
        case CardPlaced(player, value, cell):
            return _("{name} places a {value} in {place}.").format(
                name=name(player), value=value, place=place(cell))
        case GameEnded():
            title, detail = result_headline(c, event)
            return f"{title} {detail}"
    return None


class RobotMasterReplay(RobotMasterTable):
    """The replay viewer: the table of a saved game, stepped by the replay bar instead of
    played. Every hand shows face up (a spectator's view); bots do not act, no privacy
    screen comes, nothing is saved. Stepping forward plays the next step's logged actions
    through the same animations as the game; stepping back and seeking rebuild the position
    from the log without animation."""

    replaying = True

    def __init__(self, services: Services, saved: Any, *,
                 on_close: Callable[[], None] | None = None) -> None:
        self.saved = saved
        self.on_close = on_close
        self.steps = replay_steps(list(saved.actions))
        # The whole log is played once now: a save that does not replay is refused before
        # anything shows, and the log's words need the grid as it ends.
        self.final = self._fresh_controller()
        self.happened: list[tuple[int, Event]] = []
        for number, step in enumerate(self.steps, 1):
            for data in step:
                self.happened += [(number, e) for e in self.final.play_logged(data)]
        self.final.drain()
        # A game whose last card lies hides nothing that matters any more; for a game still
        # being played, the viewer asks first (docs/rulings.md, replays).
        self.hands_allowed = self.final.is_over()
        self.asked = False
        self.applied = 0
        from game.scenes.replay import ReplayBar
        self.bar = ReplayBar(self, saved, self.log_lines)
        self.bar.total = len(self.steps)   # one move of the bar is one step, not one action
        super().__init__(services, self._fresh_controller())

    def _fresh_controller(self) -> RobotMasterController:
        controller, game_index, score = controller_from_save(self.saved)
        before = score_before_game(score, list(self.saved.actions))
        self.game_number = len(before.records) + 1 if before is not None else 1
        controller.start_replay(game_index, before)
        return controller

    def _reset_display(self) -> None:
        super()._reset_display()
        self.viewer = None   # nobody's hand in the hand area: all of them in the panel

    # -- the replay bar's host ----------------------------------------------------------------
    def replay_step_forward(self) -> None:
        if self.applied >= len(self.steps):
            return
        if self.busy():
            self.skip()   # the last step lands at once; this one animates
        for data in self.steps[self.applied]:
            self.controller.play_logged(data)
        self.applied += 1
        self.dirty = True

    def replay_seek(self, index: int) -> None:
        index = max(0, min(len(self.steps), index))
        controller = self._fresh_controller()
        for step in self.steps[:index]:
            for data in step:
                controller.play_logged(data)
        self.controller = controller
        self.applied = index
        self._reset_display()
        self.skip()
        self.dirty = True

    def is_animating(self) -> bool:
        return WidgetScene.is_animating(self) or self.busy() or \
            self.view_centre != self._target_centre()

    def log_lines(self) -> list[str]:
        """The game log, one line per event, in the current language."""
        return [text for _step, text in self._numbered_lines()]

    def _numbered_lines(self) -> list[tuple[int, str]]:
        cells = self.final.state.cells
        origin = (min(p.x for p in cells), min(p.y for p in cells)) if cells else (0, 0)
        lines = []
        for number, event in self.happened:
            text = describe_event(event, self.final, origin)
            if text is None:
                continue
            if self.final.variant == "solo":
                line = _("Move {move}: {text}").format(move=number, text=text)
            else:
                line = _("Game {game}, move {move}: {text}").format(
                    game=self.game_number, move=number, text=text)
            lines.append((number, line))
        return lines

    # -- no play, no saves --------------------------------------------------------------------
    def interactive(self) -> bool:
        return False

    def status_line(self) -> str:
        player = self.controller.state.current_player
        if self.ended is None and self.flight is None and player >= 0:
            # whose turn comes next, bot or not: nobody is thinking in a replay
            return _("{name}'s turn").format(name=self.controller.seats[player].name)
        return super().status_line()

    def in_progress(self) -> bool:
        return False

    def back(self) -> None:
        self.services.scenes.push(PauseMenu(self.services, rules=self.open_rules))

    def request_close(self) -> bool:
        return True

    def on_enter(self) -> None:
        if self.hands_allowed or self.asked:
            return
        self.asked = True
        self.services.scenes.push(ConfirmDialog(
            self.services, N_("This game is not finished; the replay shows every player's "
                              "hand. Continue?"), self._allow_hands, on_no=self._leave,
            yes=N_("Show the replay"), no=N_("Back")))

    def _allow_hands(self) -> None:
        self.hands_allowed = True
        self.dirty = True

    def _leave(self) -> None:
        if self.on_close is not None:
            self.on_close()
            return
        from game.scenes.menu import MenuScene
        from game.scenes.saves_list import SavesScene
        self.services.scenes.reset(MenuScene(self.services))
        self.services.scenes.push(SavesScene(self.services))

    def handle_event(self, event: pygame.event.Event) -> bool:
        from game.scenes.replay import handle_replay_input
        return handle_replay_input(self, event)

    def update(self, dt: float) -> None:
        WidgetScene.update(self, dt)
        self._animate(dt)
        self.bar.update(dt)
        if self.bar.playing:
            self.dirty = True   # keeps the loop awake between autoplay steps

    # -- layout and drawing -------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        super().build(size)
        bar_h = self.px(44)
        area = pygame.Rect(self.hand_area.x, self.hand_area.bottom - bar_h, self.hand_area.w,
                           bar_h)
        for widget in self.bar.widgets(area):
            self.ui.add(widget)
        self.log_area = pygame.Rect(self.hand_area.x + self.px(6), self.hand_area.y,
                                    self.hand_area.w - self.px(12),
                                    area.y - self.hand_area.y - self.px(26))

    def _build_buttons(self, w: int, panel_w: int) -> None:
        self.confirm_button = self.take_back_button = None
        tw, th = self.px(130), self.px(40)
        if self.on_close is not None:
            cw = self.px(240)                # German: "Wiederholung beenden"
            close = Button((w - self.px(14) - cw, self.px(12), cw, th), N_("Close replay"),
                           self.on_close, tooltip=N_("Back to the end of the game"))
        else:
            close = Button((w - self.px(14) - tw, self.px(12), tw, th), N_("Menu"),
                           self.back, tooltip=N_("Pause menu (Esc)"))
        self.ui.add(close)
        self.ui.add(Button((close.rect.x - self.px(10) - tw, self.px(12), tw, th), N_("Rules"),
                           self.open_rules, tooltip=N_("How to play (F1)")))

    def _draw_right_panel(self, surface: pygame.Surface) -> None:
        """Every hand, face up, under a heading that says so."""
        panel = self.right_panel
        x = panel.x + self.px(14)
        width = panel.w - self.px(28)
        y = panel.y + self.px(14)
        y += draw_paragraphs(surface, _("Replay: all hands shown"),
                             theme.font(self.px(19), bold=True), theme.ACCENT,
                             pygame.Rect(x, y, width, self.px(56)), line_gap=1.1)
        if not self.hands_allowed:
            return
        y += self.px(8)
        gap = self.px(4)
        name_h = self.px(24)
        hands: list[tuple[PlayerId, str, list[int]]] = []
        for p in self._seat_order():
            if self.controller.variant == "solo":
                hands.append((p, _("Turned-up card"),
                              [self.revealed] if self.revealed is not None else []))
            else:
                hands.append((p, self.controller.seats[p].name, list(self.hands[p])))
        # the largest cards with which every full hand fits the panel; the size stays the
        # same while the hands shrink
        longest = max([len(cards) for _p, _l, cards in hands]
                      + [VARIANTS[self.controller.variant].hand_size, 1])
        for per_row in range(4, 13):
            cw = (width - gap * (per_row - 1)) // per_row
            ch = int(cw * 1.4)
            rows = -(-longest // per_row)
            if y + len(hands) * (name_h + rows * (ch + gap) + self.px(8)) <= panel.bottom:
                break
        name_font = theme.font(self.px(16), bold=True)
        for p, label, cards in hands:
            art.draw_emblem(surface, self._player_shape(p), (x + self.px(7), y + self.px(10)),
                            self.px(6), self._player_colour(p))
            draw_text(surface, label, name_font, theme.TEXT, (x + self.px(18), y),
                      max_width=width - self.px(18))
            y += name_h
            for i, value in enumerate(cards):
                rect = pygame.Rect(x + (i % per_row) * (cw + gap),
                                   y + (i // per_row) * (ch + gap), cw, ch)
                surface.blit(self.cards.face(value, rect.size), rect)
            rows = max(1, -(-len(cards) // per_row))
            y += rows * (ch + gap) + self.px(8)

    def _draw_hand(self, surface: pygame.Surface) -> None:
        """Below the table: the last lines of the game log, then the replay bar."""
        shown = [text for number, text in self._numbered_lines()
                 if number <= self.applied] if self.hands_allowed else []   # it names cards
        font = theme.font(self.px(16))
        step = int(font.get_linesize() * 1.25)
        room = max(1, min(REPLAY_LOG_LINES, self.log_area.h // max(1, step)))
        y = self.log_area.bottom - step * min(room, len(shown))
        recent = shown[-room:]
        for i, text in enumerate(recent):
            colour = theme.TEXT if i == len(recent) - 1 else theme.TEXT_DIM
            draw_text(surface, text, font, colour, (self.log_area.x, y),
                      max_width=self.log_area.w)
            y += step
        self.bar.draw(surface)


# -- starting from the setup screen ---------------------------------------------------------------

def controller_from_setup(setup: GameSetup) -> RobotMasterController:
    """The controller for what the setup screen decided.

    Raises:
        ValueError: for a variant, player count or rule option the game does not know."""
    seats = [Seat(p.name or _("Player {n}").format(n=i + 1), p.colour, p.bot_level)
             for i, p in enumerate(setup.players)]
    options = dict(setup.options or {})
    try:
        rules = Rules.from_dict(options.get("rules", {}))
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"unknown Robot Master rule option: {exc}") from None
    games = int(options.get("games", DEFAULT_MATCH_GAMES))
    return RobotMasterController(setup.variant, seats, setup.seed, rules=rules, games=games)


def start(services: Services, setup: GameSetup) -> Scene:
    """The setup screen's entry point: the table for `setup`."""
    try:
        controller = controller_from_setup(setup)
    except ValueError as exc:
        message = str(exc)
        return MessageScene(services, N_("Robot Master"), lambda: _(
            "This game cannot start: {problem}").format(problem=message))
    return RobotMasterTable(services, controller)


def controller_from_save(saved: Any) -> tuple[RobotMasterController, int, MatchScore | None]:
    """A controller for a save's seats, variant and options, before any action; with the
    save's game index in the match and the match score when it was saved.

    Raises:
        ValueError / KeyError / TypeError: when the setup is not one the game knows."""
    from game.scenes.games import PlayerSetup
    data = dict(saved.setup)
    players = [PlayerSetup(str(p["name"]), str(p["colour"]), p.get("bot_level"))
               for p in data["players"]]
    setup = GameSetup("robot-master", players, str(data["variant"]), None,
                      int(data["seed"]), dict(data.get("options") or {}))
    controller = controller_from_setup(setup)
    extra = dict(data.get("robot_master") or {})
    match = extra.get("match")
    score = MatchScore.from_dict(match) if match else None
    controller._first = extra.get("first_player")
    controller._rows = extra.get("rows_team")
    return controller, int(extra.get("game_index", 0)), score


def resume(services: Services, saved: Any) -> Scene:
    """Rebuild a saved game (a `game.saves.SavedGame`) at the position it was saved.

    Raises:
        ValueError / IllegalActionError / KeyError: when the save does not replay."""
    controller, game_index, score = controller_from_save(saved)
    controller.restore(game_index, score, list(saved.actions))
    table = RobotMasterTable(services, controller)
    table.skip()
    if table.ended is not None:
        table.end_wait = 0.0
        if controller.variant == "solo":  # recorded when it was played
            table.best_recorded = True
            table.best_table = load_best_scores(best_scores_path(_user_dir()))
    return table


def replay(services: Services, saved: Any) -> Scene:
    """The replay viewer for a save (Continue's "Watch replay").

    Raises:
        ValueError / IllegalActionError / KeyError: when the save does not replay."""
    return RobotMasterReplay(services, saved)


# -- named scenes for screenshots and the monkey test ------------------------------------------------

def _menu(services: Services) -> list[Scene]:
    from game.scenes.menu import MenuScene
    return [MenuScene(services)]


def demo_table(services: Services, variant: str, seats: list[Seat], *, seed: int,
               placements: int, select: int | None = None) -> RobotMasterTable:
    """A table `placements` cards into a seeded game, snapped (screenshots and tests)."""
    controller = RobotMasterController(variant, seats, seed)
    controller.run_automatic_chance()
    controller.autoplay(placements)
    controller.run_automatic()
    table = RobotMasterTable(services, controller)
    table.skip()
    player = controller.decision()
    if player is not None:
        table.viewer = player   # as if the player at turn had just taken the screen
    if select is not None and table.viewer is not None:
        hand = table.shown_hand()
        if hand:
            table.selected = hand[min(select, len(hand) - 1)]
    return table


SEATS_DUEL = [Seat("Anna", "red"), Seat("Bolt", "blue", "normal")]
SEATS_HOT = [Seat("Anna", "red"), Seat("Ben", "blue")]
SEATS_TEAMS = [Seat("Anna", "red"), Seat("Bolt", "blue", "normal"), Seat("Carla", "green"),
               Seat("Dynamo", "yellow", "strong")]


def _scene_table(services: Services) -> list[Scene]:
    return _menu(services) + [demo_table(services, "standard", SEATS_DUEL, seed=7,
                                         placements=12, select=2)]


def _scene_tentative(services: Services) -> list[Scene]:
    table = demo_table(services, "standard", SEATS_DUEL, seed=7, placements=12)
    legal = table.controller.legal()
    if legal:
        table.controller.propose(legal[len(legal) // 2])
        table._sync_buttons()
    return _menu(services) + [table]


def _scene_privacy(services: Services) -> list[Scene]:
    table = demo_table(services, "standard", SEATS_HOT, seed=11, placements=6)
    player = table.controller.decision() or 0
    table.viewer = None
    table.privacy_for = player
    seat = table.controller.seats[player]
    return _menu(services) + [table, PrivacyScreen(
        services, seat.name, lambda: table._ready(player),
        colour=theme.PLAYER_COLOURS[seat.colour], shape=theme.PLAYER_SHAPES[seat.colour])]


def _scene_teams(services: Services) -> list[Scene]:
    return _menu(services) + [demo_table(services, "teams", SEATS_TEAMS, seed=5,
                                         placements=14)]


def _scene_five(services: Services) -> list[Scene]:
    return _menu(services) + [demo_table(services, "five_card", SEATS_DUEL, seed=3,
                                         placements=9)]


def _scene_solo(services: Services) -> list[Scene]:
    return _menu(services) + [demo_table(services, "solo", [Seat("Anna", "red")], seed=4,
                                         placements=10)]


def _finished(services: Services, variant: str, seats: list[Seat], seed: int) -> RobotMasterTable:
    table = demo_table(services, variant, seats, seed=seed, placements=30)
    table.end_wait = 0.0
    return table


def _scene_end(services: Services) -> list[Scene]:
    table = _finished(services, "standard", SEATS_DUEL, 7)
    table.end_shown = True
    return _menu(services) + [table, RobotMasterEnd(services, table)]


def _scene_end_teams(services: Services) -> list[Scene]:
    table = _finished(services, "teams", SEATS_TEAMS, 5)
    table.end_shown = True
    return _menu(services) + [table, RobotMasterEnd(services, table)]


def _scene_end_solo(services: Services) -> list[Scene]:
    table = _finished(services, "solo", [Seat("Anna", "red")], 4)
    table.end_shown = True
    table.best_table = [BestScore(30, "Anna", "2026-11-01"), BestScore(table.ended.solo_score
                        if table.ended else 12, "Anna", "2026-11-22"), BestScore(8, "Ben", "")]
    table.best_table.sort(key=lambda e: -e.score)
    table.best_rank = 1
    return _menu(services) + [table, RobotMasterEnd(services, table)]


def _scene_replay(services: Services) -> list[Scene]:
    """A finished duel in the replay viewer, halfway through."""
    finished = _finished(services, "standard", SEATS_DUEL, 7)
    viewer = RobotMasterReplay(services, finished.saved_game())
    viewer.bar.seek(13)
    viewer.bar.message = None
    return _menu(services) + [viewer]


def _scene_rules(services: Services) -> list[Scene]:
    table = demo_table(services, "teams", SEATS_TEAMS, seed=5, placements=6)
    return _menu(services) + [table, RulesOverlay(
        services, lambda: _("Robot Master: rules"),
        lambda: rules_text("teams", table.controller.rules))]


SCREENSHOT_SCENES: dict[str, Callable[[Services], list[Scene]]] = {
    "robot-master-table": _scene_table,
    "robot-master-tentative": _scene_tentative,
    "robot-master-privacy": _scene_privacy,
    "robot-master-teams": _scene_teams,
    "robot-master-five-card": _scene_five,
    "robot-master-solo": _scene_solo,
    "robot-master-end": _scene_end,
    "robot-master-end-teams": _scene_end_teams,
    "robot-master-end-solo": _scene_end_solo,
    "robot-master-rules": _scene_rules,
    "robot-master-replay": _scene_replay,
}
