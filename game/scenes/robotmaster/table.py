"""The Robot Master table, live: the grid in the middle, the hand at the bottom, line scores
at the side and below (drawn by painting.py); the end screen (end.py) comes after the last card.

The scene draws and turns clicks into placements chosen FROM the controller's legal
actions; the controller (game/controllers/robotmaster.py) runs the Match, chance and bots.
The display copy of the table and hands is the presenter's (presenter.py), changed only by
the events it animates, so a bot's card is seen flying before it lies (STYLE.md §6.4).

Hot-seat (GEN-4): with more than one human, the privacy screen comes before every human
turn, and no hand is face up except the hand of the human who has just taken the screen."""

from __future__ import annotations

import datetime
import functools
import math
import os

import pygame

from game import paths
from game.app.services import Services
from game.best_scores import best_scores_path, record_best_score
from game.controllers.robotmaster import RobotMasterController
from game.core.types import CHANCE, PlayerId, Pos
from game.i18n import N_
from game.robotmaster import BestScore, PlaceCard
from game.scenes.robotmaster.base import BOT_PAUSE_SECONDS, END_PAUSE_SECONDS
from game.scenes.robotmaster.end import RobotMasterEnd
from game.scenes.robotmaster.guide import GAME as GUIDE, first_card_hints, title as guide_title
from game.scenes.robotmaster.match_setup import setup_of
from game.scenes.robotmaster.painting import TablePainting
from game.scenes.guide_overlay import guide_due
from game.scenes.table.guide import offer_guide
from game.ui import theme
from game.ui import robotmaster_view as view
from game.ui.widgets import ARROW_STEPS, Button

DRAG_THRESHOLD = 6
VALUE_KEYS = {getattr(pygame, f"K_{v}"): v for v in range(6)} | {
    getattr(pygame, f"K_KP{v}"): v for v in range(6)}


class RobotMasterTable(TablePainting):
    """One Robot Master game (and the match around it) at one screen: the live table."""

    first_turn_guide = True
    """A player who has not dismissed the first-card guide sees it (demo tables do not)."""

    def __init__(self, services: Services, controller: RobotMasterController) -> None:
        self.seat(controller)
        super().__init__(services, setup_of(controller))
        # The position last autosaved: (game of the match, cards on the table). A resumed
        # game starts as saved, so it is not written again before the next card.
        self.autosaved = self._position_key()
        self.on_resize(self.size)

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

    # -- actions from the player ---------------------------------------------------------------
    def select(self, value: int | None) -> None:
        if value is not None and self.controller.tentative is not None:
            self.controller.take_back()
        self.selected = value
        self.sync_buttons()
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
        self.sync_buttons()
        self.dirty = True
        return True

    def take_back(self) -> None:
        taken = self.controller.take_back()
        if taken is not None:
            self.selected = taken.value
        self.sync_buttons()
        self.dirty = True

    def confirm(self) -> None:
        if self.controller.tentative is None or not self.interactive():
            return
        self.presenter.confirmed = self.controller.tentative
        self.controller.confirm()
        self.selected = None
        self.cursor = None
        if self.controller.hot_seat():
            self.viewer = None   # the screen is about to change hands
        self.sync_buttons()
        self.dirty = True

    # -- input -----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
        if self.drag is None and self.handle_log_event(event):
            return True
        if event.type == pygame.KEYDOWN:
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
        i = self.layout.hand_index_at(pos, len(hand), lifted)
        if i is not None:
            rect = self.hand_rects(len(hand), lifted)[i]
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
                    self.sync_buttons()
                return True
            self.select(None if self.selected == value else value)
            return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        self._animate(dt)
        if self.busy():
            return
        # Between animations: a save takes tens of milliseconds (YAML), unseen while
        # nothing moves.
        self.autosave_if_due()
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
                self.ask_privacy(seat.name, functools.partial(self.player_ready, player),
                                 colour=theme.PLAYER_COLOURS.get(seat.colour, theme.ACCENT),
                                 shape=theme.PLAYER_SHAPES.get(seat.colour, "circle"))
        self.sync_buttons()
        if self.interactive():
            self.show_guide()

    def show_guide(self) -> bool:
        """The first-card guide over the table, once (game/scenes/table/guide.py)."""
        if not self.first_turn_guide or not guide_due(self.services, GUIDE):
            return False
        c = self.controller
        player = c.decision()
        if player is None:
            return False
        rects = self.hand_rects(len(self.shown_hand()))
        hand = rects[0].unionall(rects[1:]) if rects else self.layout.hand_area
        side = c.side_of(player)
        rows, columns = self.layout.row_scores, self.layout.column_scores
        # the hint's number sits on its box's top-left corner: left of the rows' header
        rows = rows.inflate(self.px(14), 0).move(-self.px(7), 0)
        own, other = (columns, rows) if side == "columns" else (rows, columns)
        others = [c.seats[p].name for p in c.players_on(
            "rows" if side == "columns" else "columns")] if side is not None else []
        # one way to show the hints per marked cell (right to left): the guide points at the
        # first its panel leaves in view
        cells = sorted((self.geometry.cell_rect(pos) for pos in self.legal_cells()),
                       key=lambda rect: (-rect.x, rect.y))[:6]
        choices = [first_card_hints(hand, cell, own, other, side, others)
                   for cell in (cells if cells else [None])]
        return offer_guide(self, GUIDE, guide_title(), *choices)

    def autosave_due(self) -> tuple[int, int] | None:
        """After every placement (and the draw or turn-up that follows it), and when a game
        ends: (game of the match, cards on the table)."""
        c = self.controller
        if c.state.current_player == CHANCE and not c.is_over():
            return None
        return self._position_key()

    def autosave_failed(self, warning: str) -> None:
        """A failed autosave only shows a warning in the panel (play goes on); the file name
        is enough in the narrow panel, Settings shows the folder."""
        self.save_warning = warning.replace(str(paths.saves_dir()) + os.sep, "")
        self.dirty = True

    def autosave_succeeded(self) -> None:
        if self.save_warning is not None:
            self.save_warning = None
            self.dirty = True

    def player_ready(self, player: PlayerId) -> None:
        """The privacy screen was clicked: only `player` looks now."""
        if self.controller.decision() == player:
            self.viewer = player
        self.privacy_for = None
        self.dirty = True

    def _finish(self, dt: float) -> None:
        if self.end_shown:
            return
        if self.end_wait is None:
            speed = self._speed()
            self.end_wait = END_PAUSE_SECONDS / speed if speed > 0 else 0.0
        self.end_wait -= dt
        if self.end_wait > 0:
            return
        self.end_shown = True
        self.viewer = self.viewer if not self.controller.hot_seat() else None
        if self.controller.variant == "solo" and not self.best_recorded:
            self._record_solo()
        self.services.scenes.push(RobotMasterEnd(self.services, self))

    def _record_solo(self) -> None:
        self.best_recorded = True
        assert self.ended is not None
        seat = self.controller.seats[0]
        entry = BestScore(self.ended.solo_score, seat.name,
                          datetime.date.today().isoformat())
        table, rank, warning = record_best_score(best_scores_path(paths.user_data_dir()), entry)
        self.best_table, self.best_rank = table, rank
        if warning:
            self.services.messages.append(warning)
