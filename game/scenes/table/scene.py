"""The game-scene base every table shares, and its replay-viewer counterpart.

`TableScene` does what every game's table does besides playing its game: F1 and the pause
menu with the rules, the privacy screen between hot-seat players, the autosave after each
completed turn, saving when the window closes mid-game, play again, watch the replay, back
to the menu. A game's table provides the few facts these need (`rules_text`, `in_progress`,
`saved_game`, `autosave_due`, `autosave_failed`).

`ReplayTable` is the replay viewer's base: a table that takes no moves, with the replay bar
(game/scenes/replay.py) hooked up. A game's viewer composes the game's presenter (the same
one the live table uses) and implements the bar's two calls, `replay_step_forward` and
`replay_seek`; it does not inherit the live table, so there is no input to stub out."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Callable

import pygame

from game.app.services import Services
from game.i18n import N_
from game.saves import ProgrammingClock, SavedGame
from game.scenes.base import WidgetScene
from game.scenes.dialogs import ConfirmDialog, PauseMenu, PrivacyScreen, RulesOverlay
from game.scenes.games import GAMES_BY_ID, GameSetup, PlayerSetup, scene_module_function
from game.scenes.privacy_panel import PanelPrivacyScreen
from game.scenes.replay import ReplayBar, handle_replay_input
from game.scenes.saves_hook import autosave, offer_save_and_quit, save_and_leave_to_menu
from game.scenes.saves_list import SavesScene


class TableScene(WidgetScene):
    """One game at one screen: the parts every game's table shares."""

    rules_title: str = ""
    """The rules page's title (a message id)."""

    def __init__(self, services: Services, setup: GameSetup) -> None:
        self.setup = setup
        self.autosaved: Hashable | None = None
        """The position of the last autosave (`autosave_due`'s answer then)."""
        self.resumed_clock: ProgrammingClock | None = None
        """The programming time a resumed save's programmer had used (saves.py)."""
        super().__init__(services)

    # -- what the game provides ------------------------------------------------------------
    def rules_text(self) -> str:
        """The rules page, in the current language."""
        raise NotImplementedError

    def in_progress(self) -> bool:
        """A game still being played: leaving it offers to save."""
        return True

    def saved_game(self) -> SavedGame:
        """This game as a save: the setup and the whole action log."""
        raise NotImplementedError

    def resumed_seconds(self, player: int) -> float:
        """The seconds of programming `player` had used when the resumed save was made, asked
        once when their programming (or timer) starts again: 0 for anyone else, and ever
        after (docs/saves.md)."""
        resumed, self.resumed_clock = self.resumed_clock, None
        return resumed.seconds if resumed is not None and resumed.player == player else 0.0

    def autosave_due(self) -> Hashable | None:
        """The position an autosave is due for now (a turn just completed, the game just
        ended), or None when none is. Each position is saved once."""
        return None

    def autosave_failed(self, warning: str) -> None:
        """Tell the players an autosave did not reach the disk (play goes on)."""

    def autosave_succeeded(self) -> None:
        """An autosave reached the disk (e.g. take back an earlier failure's warning)."""

    # -- rules, pause, leaving -----------------------------------------------------------
    def open_rules(self) -> None:
        self.services.scenes.push(RulesOverlay(self.services, self.rules_title,
                                               self.rules_text))

    def back(self) -> None:
        """Esc: the pause menu; it offers save and quit while the game is in progress."""
        save = self.save_and_leave if self.in_progress() else None
        self.services.scenes.push(PauseMenu(self.services, rules=self.open_rules,
                                            save_and_quit=save))

    def save_and_leave(self) -> None:
        save_and_leave_to_menu(self.services, self)

    def request_close(self) -> bool:
        if not self.in_progress():
            return True
        return offer_save_and_quit(self.services, self)

    def to_menu(self) -> None:
        self.services.scenes.leave_game()

    def play_again(self) -> None:
        """The same players and board, the next seed."""
        setup = GameSetup(self.setup.game, [PlayerSetup(p.name, p.colour, p.bot_level)
                                            for p in self.setup.players],
                          self.setup.variant, self.setup.board, self.setup.seed + 1,
                          dict(self.setup.options))
        self.services.scenes.switch_game(self.entry_point("start")(self.services, setup))

    def watch_replay(self) -> None:
        """The end screen's "Watch replay": this game in the replay viewer, from the start."""
        self.services.scenes.switch_game(self.entry_point("replay")(self.services,
                                                                    self.saved_game()))

    def entry_point(self, name: str) -> Callable[..., Any]:
        """The game's `start` or `replay`, found through the game registry: the game's entry
        module builds this scene, so importing it here would close an import circle."""
        found = scene_module_function(GAMES_BY_ID[self.setup.game], name)
        assert found is not None, f"the {self.setup.game} scene module has no {name}()"
        return found

    # -- hot seat --------------------------------------------------------------------------
    def ask_privacy(self, name: str, on_ready: Callable[[], None], *,
                    colour: tuple[int, int, int], shape: str,
                    panel: Callable[[], pygame.Rect] | None = None) -> None:
        """Pass the screen to `name`; `on_ready` runs when they are in front of it. Its Esc
        still offers the rules and save and quit. With a `panel` only that part of the table
        is covered (where the hand will appear): the public rest stays in view."""
        options: dict[str, Any] = dict(colour=colour, shape=shape, rules=self.open_rules,
                                       save_and_quit=self.save_and_leave)
        self.services.scenes.push(
            PrivacyScreen(self.services, name, on_ready, **options) if panel is None
            else PanelPrivacyScreen(self.services, name, on_ready, panel=panel, **options))

    # -- autosave --------------------------------------------------------------------------
    def autosave_if_due(self) -> None:
        """Overwrite the game's autosave once per position `autosave_due` names. The save is
        written in the background; a failure reaches `autosave_failed`."""
        due = self.autosave_due()
        if due is None or due == self.autosaved:
            return
        self.autosaved = due
        autosave(self, self._autosave_written)

    def _autosave_written(self, warning: str | None) -> None:
        if warning and self not in self.services.scenes.stack:
            # the player has left the game while it was written: tell them where they are
            self.services.messages.append(warning)
        elif warning:
            self.autosave_failed(warning)
            self.dirty = True
        else:
            self.autosave_succeeded()

    # -- input -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.open_rules()
            return True
        return super().handle_event(event)


class ReplayTable(TableScene):
    """A saved game's replay viewer: nobody decides, nothing is saved, the bar steps through
    the action log. The game's viewer implements `replay_step_forward`, `replay_seek`,
    `log_lines` and `build_table` (its widgets besides the bar)."""

    ask_first_message: str
    """What to ask before an unfinished game's replay shows its secrets (a message id; each
    game names its own secrets: hands, programs)."""
    ask_first_yes = N_("Show the replay")

    def __init__(self, services: Services, setup: GameSetup, saved: SavedGame, *,
                 ask_first: bool = False, turn_starts: Sequence[int] = (),
                 extra: Sequence[tuple[str, Callable[[], None]]] = ()) -> None:
        """`turn_starts` and `extra`: the bar's jumps by turn and the game's own jump
        buttons (game/scenes/replay.py ReplayBar)."""
        self.saved = saved
        self.actions: list[dict[str, Any]] = list(saved.actions)
        self.bar = ReplayBar(self, saved, self.log_lines, turn_starts=turn_starts, extra=extra)
        self.ask_first = ask_first
        """An unfinished game kept secrets: ask before the replay shows them."""
        self.mouse = (0, 0)
        super().__init__(services, setup)

    def replay_step_forward(self) -> None:
        raise NotImplementedError

    def replay_seek(self, index: int) -> None:
        raise NotImplementedError

    def log_lines(self) -> list[str]:
        """The whole game in words, for "Export log"."""
        raise NotImplementedError

    def show_secrets(self) -> None:
        """The players agreed to see an unfinished game's secrets (a viewer that hides them
        until then shows them now)."""

    def build_table(self, size: tuple[int, int]) -> None:
        """The viewer's own widgets (rules, menu) for a window of `size`."""

    def in_progress(self) -> bool:
        return False

    def bar_rect(self) -> pygame.Rect:
        """The strip along the bottom where the bar's buttons sit."""
        h = self.px(46)
        return pygame.Rect(self.px(14), self.size[1] - self.px(12) - h,
                           self.size[0] - self.px(28), h)

    def build(self, size: tuple[int, int]) -> None:
        self.build_table(size)
        for widget in self.bar.widgets(self.bar_rect()):
            self.ui.add(widget)

    def on_enter(self) -> None:
        if self.ask_first:
            self.ask_first = False
            self.services.scenes.push(ConfirmDialog(
                self.services, self.ask_first_message, self.show_secrets,
                on_no=self.leave_to_saves, yes=self.ask_first_yes, no=N_("Back")))

    def on_exit(self) -> None:
        self.bar.playing = False

    def leave_to_saves(self) -> None:
        self.services.scenes.go_home(SavesScene(self.services))

    def back(self) -> None:
        self.bar.playing = False
        super().back()

    def animate(self, dt: float) -> None:
        """Advance the viewer's animations by `dt` seconds."""

    def update(self, dt: float) -> None:
        super().update(dt)
        self.animate(dt)
        self.bar.update(dt)
        if self.bar.sync_buttons():
            self.dirty = True
        if self.bar.playing:
            self.dirty = True  # keep the frames coming while it plays

    def handle_event(self, event: pygame.event.Event) -> bool:
        return handle_replay_input(self, event)
