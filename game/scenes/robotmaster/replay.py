"""Robot Master's replay viewer: a saved game's table stepped by the replay bar."""

from __future__ import annotations

from typing import Any, Callable

import pygame

from game.app.services import Services
from game.controllers.robotmaster import RobotMasterController, score_before_game
from game.core.types import PlayerId
from game.i18n import N_, _, current_language
from game.robotmaster import Event, VARIANTS
from game.scenes.base import WidgetScene
from game.scenes.robotmaster.match_setup import controller_from_save, setup_of
from game.scenes.robotmaster.narration import describe_event, log_marks, log_origin
from game.scenes.robotmaster.painting import TablePainting
from game.scenes.table.scene import ReplayTable
from game.ui import art, theme
from game.ui.log_drawer import LogEntry
from game.ui.text_drawing import draw_paragraphs, draw_text
from game.ui.widgets import Button

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


class RobotMasterReplay(TablePainting, ReplayTable):
    """The replay viewer: the table of a saved game, stepped by the replay bar instead of
    played. Every hand shows face up (a spectator's view); bots do not act, no privacy
    screen comes, nothing is saved. Stepping forward plays the next step's logged actions
    through the same animations as the game; stepping back and seeking rebuild the position
    from the log without animation."""

    replaying = True
    ask_first_message = N_("This game is not finished; the replay shows every player's hand. "
                           "Continue?")

    def __init__(self, services: Services, saved: Any, *,
                 on_close: Callable[[], None] | None = None) -> None:
        self.saved = saved
        self.on_close = on_close
        self.moves = replay_steps(list(saved.actions))
        """The log in the bar's moves (the deal, then each placement with what follows)."""
        # The whole log is played once now: a save that does not replay is refused before
        # anything shows, and the log's words need the grid as it ends.
        self.final = self._fresh_controller()
        self.happened: list[tuple[int, Event]] = []
        played = 0
        for number, step in enumerate(self.moves, 1):
            events = self.final.play_saved_log(step, first=played + 1)
            played += len(step)
            self.happened += [(number, e) for e in events]
        self.final.drain()
        # A game whose last card lies hides nothing that matters any more; for a game still
        # being played, the viewer asks first (docs/rulings.md, replays).
        self.hands_allowed = self.final.is_over()
        self.applied = 0
        controller = self._fresh_controller()
        self.seat(controller)
        super().__init__(services, setup_of(controller), saved, ask_first=not self.hands_allowed)
        self.bar.total = len(self.moves)   # one move of the bar is one step, not one action
        self.on_resize(self.size)

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
        if self.applied >= len(self.moves):
            return
        if self.busy():
            self.skip()   # the last step lands at once; this one animates
        for data in self.moves[self.applied]:
            self.controller.play_saved(data)
        self.applied += 1
        self.dirty = True

    def replay_seek(self, index: int) -> None:
        index = max(0, min(len(self.moves), index))
        controller = self._fresh_controller()
        for step in self.moves[:index]:
            for data in step:
                controller.play_saved(data)
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
        return [entry.text for _step, entry in self._numbered_lines()]

    def log_entries(self) -> list[LogEntry]:
        """The log up to the bar's move, the dealt cards too (every hand shows); nothing
        before the players agreed to see an unfinished game's hands (the log names cards)."""
        if not self.hands_allowed:
            return []
        return self.log.entries((current_language(), self.applied), lambda: [
            entry for number, entry in self._numbered_lines() if number <= self.applied])

    def _numbered_lines(self) -> list[tuple[int, LogEntry]]:
        """Every line of the game with its move, cells named by the grid as the game leaves
        it."""
        cells = self.final.state.cells
        origin = log_origin(cells, ())       # every card of the game lies there
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
            lines.append((number, LogEntry(line, log_marks(event, cells))))
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

    def show_secrets(self) -> None:
        self.hands_allowed = True
        self.dirty = True

    def leave_to_saves(self) -> None:
        if self.on_close is not None:
            self.on_close()
            return
        super().leave_to_saves()

    def animate(self, dt: float) -> None:
        self._animate(dt)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.handle_log_event(event) or super().handle_event(event)

    # -- layout and drawing -------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        super().build(size)
        bar_h = self.px(44)
        area = pygame.Rect(self.hand_area.x, self.hand_area.bottom - bar_h, self.hand_area.w,
                           bar_h)
        for widget in self.bar.widgets(area):
            self.ui.add(widget)

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
        """Below the table, where the hand would be: the replay bar (the log is in the seats
        panel, as at the live table)."""
        self.bar.draw(surface)
