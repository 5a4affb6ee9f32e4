"""What Robot Master's live table and its replay viewer share: the display copy of the table
and hands (changed only by the events it animates, so a bot's card is seen flying before it
lies, STYLE.md §6.4), the layout, the flights of cards, the queue of events.

The live table (table.py) adds input and turn flow, the viewer (replay.py) the replay bar;
both draw through painting.py."""

from __future__ import annotations

from typing import Any, Iterable

import pygame

from game.controllers.robotmaster import RobotMasterController
from game.controllers.thinking import BotThinker
from game.core.types import PlayerId, Pos
from game import paths
from game.best_scores import best_scores_path, load_best_scores
from game.i18n import N_, _, current_language
from game.robotmaster import (BestScore, CardDealt, CardDrawn, CardPlaced, GameEnded,
                              action_to_dict)
from game.robotmaster.rules import DECK_SIZE
from game.saves import SavedGame, save_title
from game.scenes.robotmaster.layout import TableLayout
from game.scenes.robotmaster.narration import describe_event, log_marks, log_origin
from game.scenes.robotmaster.presenter import RobotMasterPresenter
from game.scenes.robotmaster.texts import VARIANT_NAMES, rules_text as rules_page
from game.scenes.table.layers import LayerCache
from game.scenes.table.scene import TableScene
from game.scenes.table.tween import Step, StepPlayer
from game.ui import art, theme
from game.ui import robotmaster_view as view
from game.ui.log_drawer import LogDrawer, LogEntry
from game.ui.text_drawing import wrap_text
from game.ui.widgets import Button, draw_panel

BOT_PAUSE_SECONDS = 0.45
"""A short breath before a bot places, so people can follow whose turn it is."""
END_PAUSE_SECONDS = 0.9
"""The last card stays in view a moment before the end screen."""
LOG_MIN_HEIGHT = 140
"""The least room (design pixels) under the seats that takes the log; with less (two teams)
the Log button opens it as a drawer over the seats."""
NOTE_PX = 15
"""The notes under the seats (pile, match, best score), in design pixels."""
LOG_PX = 13
"""The log's text in design pixels (a placement's line fits the seats panel's width)."""


def ease(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


class RobotMasterTableBase(TableScene):
    """One Robot Master game (and the match around it) at one screen: what the live table
    and the replay viewer share."""

    rules_title = N_("Robot Master: rules")
    replaying = False
    """The replay viewer (a subclass) takes no moves and saves nothing."""
    status_says_thinking = False
    """The status line last drawn said a bot is thinking (it changes when the answer comes)."""
    bot_wait_seconds = 0.0
    """How long a frame may wait for a thinking bot once its pause is over: none in the app
    (the frames go on and the card comes a frame later); tests that count frames set more."""

    def seat(self, controller: RobotMasterController) -> None:
        """Take the game's controller and start an empty display copy; call it before the
        framework's `__init__`."""
        self.controller = controller
        self.thinker = BotThinker()
        self.presenter = RobotMasterPresenter(controller.num_players,
                                              solo=controller.variant == "solo")
        self.steps = StepPlayer(self.presenter, on_step=self._sound_step)
        self.save_warning: str | None = None
        self.cards = view.CardArt()
        self.layers = LayerCache()
        self.geometry = view.TableGeometry(pygame.Rect(0, 0, 10, 10), 10)
        self._reset_display()
        self.mouse = (0, 0)
        self.confirm_button: Button | None = None
        self.take_back_button: Button | None = None
        self.log = LogDrawer()
        self.log_button: Button | None = None
        self._log_placed: tuple[Any, ...] | None = None

    def _reset_display(self) -> None:
        self.thinker.forget()   # an answer about the game before must never land on this one
        c = self.controller
        self.presenter = RobotMasterPresenter(c.num_players, solo=c.variant == "solo")
        self.steps = StepPlayer(self.presenter, on_step=self._sound_step)
        self.wait = 0.0                  # a pause before the next automatic action
        self.end_wait: float | None = None
        """How long the last card stays in view; counted from the game's end."""
        self.end_shown = False
        self.viewer: PlayerId | None = None
        self.privacy_for: PlayerId | None = None
        self.selected: int | None = None
        self.cursor: Pos | None = None   # the keyboard's cell
        self.drag: dict[str, Any] | None = None
        self.view_centre = (0.0, 0.0)
        self.best_table: list[BestScore] = []
        self.best_so_far: int | None = None
        """The solo best score shown under the seat, read once per game (it changes only
        when a game ends)."""
        if self.controller.variant == "solo":
            best = load_best_scores(best_scores_path(paths.user_data_dir()))
            self.best_so_far = best[0].score if best else None
        self.best_rank: int | None = None
        self.best_recorded = False
        humans = self.controller.humans()
        if len(humans) == 1:
            self.viewer = humans[0]   # nobody else may look: the one human's hand shows

    # -- layout ------------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        layout = self.layout = TableLayout(size, self.scale)
        self.left_panel, self.right_panel = layout.left_panel, layout.right_panel
        self.felt, self.hand_area = layout.felt, layout.hand_area
        self.geometry = view.TableGeometry(layout.grid, layout.cell, self.view_centre)
        # buttons: confirm and take back in the right panel; rules and menu in the top bar
        self._build_buttons(size[0], layout.panel_w)
        panel = self.left_panel
        self.log_button = Button((panel.x + self.px(10), panel.bottom - self.px(50),
                                  panel.w - self.px(20), self.px(40)), N_("Game log"),
                                 self.toggle_log, tooltip=N_("Show or hide the game log (L)"))
        self.ui.add(self.log_button)
        self._log_placed = None     # a new button: place it and the log again
        self.place_log()
        self.sync_buttons()

    def draw_background(self, surface: pygame.Surface) -> None:
        """The backdrop, the panels and the felt: one kept picture per layout."""
        size = surface.get_size()
        key = (size, tuple(self.left_panel), tuple(self.right_panel), tuple(self.felt))
        surface.blit(self.layers.layer("static", key, size, self._paint_static), (0, 0))

    def _paint_static(self, surface: pygame.Surface) -> None:
        art.draw_background(surface)
        draw_panel(surface, self.left_panel)
        draw_panel(surface, self.right_panel)
        view.draw_table_felt(surface, self.felt)

    # -- the game log (game/ui/log_drawer.py) ---------------------------------------------------
    def panel_notes(self) -> list[str]:
        """The notes under the seats: the draw pile, the match, the solo best score, and a
        failed autosave's warning last."""
        c = self.controller
        lines: list[str] = []
        if c.variant == "five_card":
            lines.append(_("Draw pile: {n}").format(n=self.pile_count()))
        if c.score is not None:
            lines.append(_("Match: game {index} of {games}").format(
                index=self.match_game(), games=c.score.games))
            t0, t1 = c.score.totals
            lines.append(_("Points: {a} {x} – {y} {b}").format(
                a=self.joined_names([p for p in range(c.num_players) if p % 2 == 0]), x=t0,
                y=t1, b=self.joined_names([p for p in range(c.num_players) if p % 2 == 1])))
        if self.best_so_far is not None:
            lines.append(_("Best score so far: {score}").format(score=self.best_so_far))
        if self.save_warning:  # the game goes on; the player should still know
            lines.append(_("Autosave failed: {reason}").format(reason=self.save_warning))
        return lines

    def joined_names(self, players: list[PlayerId]) -> str:
        return " & ".join(self.controller.seats[p].name for p in players)

    def notes_top(self) -> int:
        """Where the notes under the seats begin."""
        rects = self.seat_rects()
        return max(r.bottom for r in rects.values()) + self.px(16) if rects \
            else self.left_panel.y

    def place_log(self) -> None:
        """The log under the notes in the seats panel when it has room there, else a drawer
        over the seats that the Log button opens; never over the grid."""
        panel = self.left_panel
        notes, top = self.panel_notes(), self.notes_top()
        key = (tuple(panel), top, tuple(notes))
        if self._log_placed == key:
            return
        self._log_placed = key
        font = theme.font(self.px(NOTE_PX))
        width = panel.w - self.px(28)
        step = int(font.get_linesize() * 1.25)
        y = top + sum(len(wrap_text(note, font, width)) * step + self.px(4) for note in notes)
        fixed = pygame.Rect(panel.x + self.px(6), y + self.px(6), panel.w - self.px(12),
                            panel.bottom - self.px(6) - y - self.px(6))
        button = self.log_button
        assert button is not None
        drawer = pygame.Rect(panel.x + self.px(6), panel.y + self.px(6), panel.w - self.px(12),
                             button.rect.y - panel.y - self.px(12))
        self.log.place(fixed if fixed.h >= self.px(LOG_MIN_HEIGHT) else None, drawer)
        button.visible = self.log.needs_drawer

    def toggle_log(self) -> None:
        self.log.toggle()
        self.dirty = True

    def log_rect(self) -> pygame.Rect | None:
        """Where the game log lies now (None: in the closed drawer)."""
        return self.log.rect()

    def log_rows(self) -> list[tuple[pygame.Rect, int]]:
        """The log's lines as last drawn: (screen row, index into `log_entries()`)."""
        return list(self.log.panel.rows)

    def log_entries(self) -> list[LogEntry]:
        """The game log: a line per public event so far, each marking the cells it concerns.
        Cells are named by row and column of the grid as it shows now."""
        told = self.presenter.told
        cells = self.cells
        origin = log_origin(cells, told)

        def word() -> list[LogEntry]:
            texts = [(describe_event(event, self.controller, origin), event) for event in told]
            return [LogEntry(text, log_marks(event, cells)) for text, event in texts
                    if text is not None]

        return self.log.entries((len(told), origin, current_language()), word)

    def lit_cells(self) -> tuple[Pos, ...]:
        """The cells the log line under the mouse concerns (outlined on the grid)."""
        return self.log.hovered_marks(self.log_entries())

    def handle_log_event(self, event: pygame.event.Event) -> bool:
        """The log's share of the input (hover, wheel, L); True when it used the event."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            self.mouse = getattr(event, "pos", self.mouse)
        hovered = self.log.hovered
        used = self.log.handle_event(event, self.mouse, len(self.log_entries()))
        if used or hovered != self.log.hovered:
            self.dirty = True
        return used

    def sync_buttons(self) -> None:
        can = self.controller.tentative is not None and self.interactive()
        for button in (self.confirm_button, self.take_back_button):
            if button is not None:
                button.enabled = can

    def _build_buttons(self, w: int, panel_w: int) -> None:
        """The buttons (the live table's and the viewer's differ)."""
        raise NotImplementedError

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

    def hand_rects(self, count: int, lifted: int | None = None) -> list[pygame.Rect]:
        """Where the cards of a hand of `count` lie (left to right): the layout's answer."""
        return self.layout.hand_rects(count, lifted)

    def hand_card_rect(self, value: int) -> pygame.Rect | None:
        """The rect of the first shown card of `value` in the viewer's hand (tests use it to
        click like a player)."""
        hand = self.shown_hand()
        if value not in hand:
            return None
        return self.hand_rects(len(hand), self.selected_index(hand))[hand.index(value)]

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

    def rules_text(self) -> str:
        return rules_page(self.controller.variant, self.controller.rules)

    def in_progress(self) -> bool:
        """A game or match is under way: leaving it should keep it (save)."""
        c = self.controller
        return not (c.is_over() and c.match_over())

    # -- the event queue and automatic turns ---------------------------------------------------
    # -- the display copy, as the presenter keeps it -------------------------------------------
    @property
    def cells(self) -> dict[Pos, int]:
        return self.presenter.shown.cells

    @property
    def placed_by(self) -> dict[Pos, PlayerId]:
        return self.presenter.shown.placed_by

    @property
    def hands(self) -> list[list[int]]:
        return self.presenter.shown.hands

    @property
    def revealed(self) -> int | None:
        return self.presenter.shown.revealed

    @property
    def last_cell(self) -> Pos | None:
        return self.presenter.shown.last_cell

    @property
    def ended(self) -> GameEnded | None:
        return self.presenter.shown.ended

    @property
    def flight(self) -> Step | None:
        """The card on its way (dealt, drawn or placed), if one is: the step being played."""
        return self.steps.current

    def flight_start(self, event: CardPlaced | CardDealt | CardDrawn) -> tuple[float, float]:
        """Where a flying card comes from: the seat that placed it, or the pile."""
        if isinstance(event, CardPlaced):
            return self._seat_anchor(event.player)
        return self.pile_rect().center

    def busy(self) -> bool:
        """Something is being animated (a click or Space skips it)."""
        return self.steps.busy(self.controller)

    def skip(self) -> None:
        """Drain the queue and snap everything to where it lies."""
        self.steps.skip(self.controller)
        self.view_centre = self._target_centre()
        self.geometry.centre = self.view_centre
        self.dirty = True

    def _speed(self) -> float:
        return self.services.settings.animation_factor

    def _sound_step(self, events: Iterable[Any]) -> None:
        """Each step plays its sound cues as it starts (skipped steps stay silent)."""
        self.services.audio.play_events(events)

    def _seat_anchor(self, player: PlayerId) -> tuple[float, float]:
        rect = self.seat_rects().get(player)
        if rect is None:
            return (self.hand_area.centerx, self.hand_area.centery)
        return (rect.right - self.px(55), rect.centery)   # the card back by the count

    def _target_centre(self) -> tuple[float, float]:
        return view.bbox_centre(self.cells)

    def _animate(self, dt: float) -> None:
        """Move what is moving and show the next queued events (the game and the replay
        viewer alike)."""
        self.place_log()   # the notes above the log change between moves
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
        if self.steps.update(dt, self._speed(), self.controller):
            self.dirty = True

    def _position_key(self) -> tuple[int, int]:
        return (self.controller.game_index, len(self.controller.state.placements))

    def is_animating(self) -> bool:
        if super().is_animating() or self.busy():
            return True
        if self.view_centre != self._target_centre():
            return True
        if self.ended is not None:
            return not self.end_shown
        return self.controller.needs_step()

    def saved_game(self) -> SavedGame:
        """The game as a save (game/saves.py): setup, match position and action log."""
        c = self.controller
        title = save_title(_("Robot Master"), _(VARIANT_NAMES.get(c.variant, "")),
                           [s.name for s in c.seats])
        laid = action_to_dict(c.tentative) if c.tentative is not None else None
        finished = c.is_over() and c.match_over()
        team = c.score.winner() if finished and c.score is not None else None  # solo: none
        return SavedGame("robot-master", c.setup_data(), c.saved_actions(), title=title,
                         finished=finished, tentative=laid,
                         winners=[] if team is None else c.team_names(team),
                         progress=self._progress())

    def match_game(self) -> int:
        """The match's game on the table (the one just ended until the next is dealt)."""
        score = self.controller.score
        assert score is not None
        return min(score.next_game + (0 if self.ended else 1), score.games)

    def _progress(self) -> dict[str, int]:
        """Where the game stands, for the list of saves: the cards on the table, and in a
        match of several games which game it is."""
        c = self.controller
        progress = {"cards": len(c.state.cells)}
        if c.score is not None:
            progress.update(game=self.match_game(), games=c.score.games)
        return progress

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
