"""The replay viewer's shared part: a cursor over a saved game's action log and the bar of
controls every game scene shows in replay mode.

A game scene in replay mode takes no moves from the players; it owns a `ReplayBar` and
implements two things for it:

- `replay_step_forward()`: apply the next logged action with the game's usual animations;
- `replay_seek(index)`: show the position after the first `index` actions at once
  (replaying them without animation), for stepping back and jumping to either end.

The bar counts positions, draws itself under the board, takes the keys (Left/Right one
step, Home/End to either end, Space plays and pauses) and writes the game log as text. A
game with turns passes `turn_starts` (the positions where each turn begins): the bar then
jumps by turn (Page Up/Down and two buttons) and names the turn in its position; `extra`
adds the game's own jumps forward (RoboRally: the next register). Buttons with nothing to
do are greyed: those going back at the first move, those going on at the last."""

from __future__ import annotations

import datetime as _dt
import re
from pathlib import Path
from typing import Any, Callable, Protocol, Sequence

import pygame

from game import paths
from game.i18n import N_, _
from game.saves import SavedGame, local_time
from game.scenes.base import WidgetScene
from game.ui import theme
from game.ui.text_drawing import FIT_SHRINK, draw_text, fitting_font
from game.ui.widgets import Button

# Autoplay waits this long after the scene's animations end before the next step.
AUTOPLAY_PAUSE_S = 0.6


class ReplayHost(Protocol):
    def replay_step_forward(self) -> None: ...

    def replay_seek(self, index: int) -> None: ...

    def is_animating(self) -> bool: ...


def log_folder() -> Path:
    return paths.user_data_dir() / "logs"


def export_log(saved: SavedGame, lines: Sequence[str]) -> Path:
    """Write a game's log as plain UTF-8 text in the user's logs folder; return its path.
    Raises OSError when the disk refuses."""
    folder = log_folder()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = _dt.datetime.now().strftime("%Y-%m-%d-%H%M%S")
    slug = re.sub(r"[^A-Za-z0-9]+", "-", saved.title or saved.game).strip("-").lower()
    path = folder / f"{stamp}-{slug or saved.game}.txt"
    number = 2
    while path.exists():
        path = folder / f"{stamp}-{slug or saved.game}-{number}.txt"
        number += 1
    # A game replayed from its end screen was never written to a file: no save time to give.
    when = (_("Saved {when}").format(when=local_time(saved.saved_at)) if saved.saved_at
            else _("Exported {when}").format(when=_dt.datetime.now().strftime("%Y-%m-%d %H:%M")))
    header = [saved.title or saved.game, when, ""]
    path.write_text("\n".join([*header, *lines]) + "\n", encoding="utf-8")
    return path


def handle_replay_input(scene: Any, event: pygame.event.Event) -> bool:
    """A replay viewer's input: the bar's keys, F1 for the rules and the scene's widgets.
    Nothing reaches the game's own controls. `scene` is a game scene in replay mode (it has
    `bar`, `mouse` and `open_rules`)."""

    if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.mouse = event.pos
    if scene.bar.handle_key(event):
        scene.dirty = True
        return True
    if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
        scene.open_rules()
        return True
    return WidgetScene.handle_event(scene, event)


class ReplayBar:
    """Position in the log plus the controls. `total` is the number of logged actions;
    `index` the number applied so far (0 = the start position)."""

    def __init__(self, host: ReplayHost, saved: SavedGame,
                 log_lines: Callable[[], Sequence[str]], *, turn_starts: Sequence[int] = (),
                 extra: Sequence[tuple[str, Callable[[], None]]] = ()) -> None:
        self.host = host
        self.turn_starts = sorted(turn_starts)
        self.extra = list(extra)
        self.saved = saved
        self.total = len(saved.actions)
        self.index = 0
        self.playing = False
        self.log_lines = log_lines
        self.message: str | None = None
        self._wait = 0.0
        self.area = pygame.Rect(0, 0, 0, 0)
        self.label_w = 0
        """How wide the position label is, left of the buttons (set with them)."""
        self._live_when: list[tuple[Button, Callable[[], bool]]] = []
        """Each button that can have nothing to do, with when it has something."""

    # -- moving -----------------------------------------------------------------------
    def forward(self) -> None:
        if self.index < self.total:
            self.index += 1
            self.host.replay_step_forward()

    def back(self) -> None:
        self.playing = False
        if self.index > 0:
            self.seek(self.index - 1)

    def seek(self, index: int) -> None:
        self.index = max(0, min(self.total, index))
        self.host.replay_seek(self.index)

    def to_start(self) -> None:
        self.playing = False
        self.seek(0)

    def to_end(self) -> None:
        self.playing = False
        self.seek(self.total)

    def turn(self) -> int:
        """The turn shown (1 = the first). Before the first turn's programming begins it is
        turn 1 too: its deal is the turn's first step (RR-5.1), as the table's top bar says."""
        return max(1, sum(1 for start in self.turn_starts if start <= self.index))

    def next_turn(self) -> None:
        self.playing = False
        later = [start for start in self.turn_starts if start > self.index]
        self.seek(later[0] if later else self.total)

    def previous_turn(self) -> None:
        """To the start of this turn, or of the one before when already there."""
        self.playing = False
        earlier = [start for start in self.turn_starts if start < self.index]
        self.seek(earlier[-1] if earlier else 0)

    def toggle_play(self) -> None:
        self.playing = not self.playing and self.index < self.total
        self._wait = 0.0

    def export(self) -> None:
        try:
            path = export_log(self.saved, self.log_lines())
        except OSError as exc:
            self.message = _("Cannot write the log: {reason}").format(
                reason=exc.strerror or exc)
        else:
            self.message = _("Log written to {path}").format(path=path)

    def sync_buttons(self) -> bool:
        """Grey the buttons with nothing to do (back at the start, forward at the end);
        True when any changed."""
        changed = False
        for button, live in self._live_when:
            if button.enabled != live():
                button.enabled = not button.enabled
                changed = True
        return changed

    def update(self, dt: float) -> None:
        """Autoplay: the next step once the scene has finished animating the last one."""
        if not self.playing:
            return
        if self.index >= self.total:
            self.playing = False
            return
        if self.host.is_animating():
            self._wait = 0.0
            return
        self._wait += dt
        if self._wait >= AUTOPLAY_PAUSE_S:
            self._wait = 0.0
            self.forward()

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        actions = {pygame.K_RIGHT: self.forward, pygame.K_LEFT: self.back,
                   pygame.K_HOME: self.to_start, pygame.K_END: self.to_end,
                   pygame.K_SPACE: self.toggle_play}
        if self.turn_starts:
            actions.update({pygame.K_PAGEDOWN: self.next_turn,
                            pygame.K_PAGEUP: self.previous_turn})
        action = actions.get(event.key)
        if action is None:
            return False
        action()
        return True

    # -- layout -----------------------------------------------------------------------
    def widgets(self, area: pygame.Rect) -> list[Button]:
        """The bar's buttons laid out in `area` (one row); the scene adds them to its ui and
        calls `draw` for the position and message."""
        self.area = pygame.Rect(area)
        gap = max(4, area.h // 8)
        specs: list[tuple[str | Callable[[], str], Callable[[], None], str]] = [
            (N_("To start"), self.to_start, "normal"),
            (N_("Step back"), self.back, "normal"),
            (lambda: _("Pause") if self.playing else _("Play"), self.toggle_play, "primary"),
            (N_("Step forward"), self.forward, "normal"),
            (N_("To end"), self.to_end, "normal"),
            (N_("Export log"), self.export, "normal"),
        ]
        if self.turn_starts:
            specs[1:1] = [(N_("◀ Turn"), self.previous_turn, "normal")]
            specs[5:5] = [(N_("Turn ▶"), self.next_turn, "normal")]
        backward = (self.to_start, self.previous_turn, self.back)
        forward = (self.toggle_play, self.forward, self.next_turn, self.to_end,
                   *(action for _text, action in self.extra))
        specs[-1:-1] = [(text, action, "normal") for text, action in self.extra]
        # the label is as wide as the game's last move needs in the smallest type it may take
        last = self.move_text(self.total)
        smallest = theme.font(self._label_px() * FIT_SHRINK, bold=True)
        label_w = self.label_w = max(area.h * 3, smallest.size(last)[0] + gap)
        # Export's label is the longest (German "Protokoll exportieren"): it gets 1.6 shares.
        shares = [1.0] * (len(specs) - 1) + [1.6]
        unit = (area.w - label_w - gap * len(specs)) / sum(shares)
        buttons: list[Button] = []
        x = area.x + label_w + gap
        for (text, action, style), share in zip(specs, shares):
            width = int(unit * share)
            buttons.append(Button((x, area.y, width, area.h), text, action, style=style,
                                  size=area.h * 0.34))
            x += width + gap
        self._live_when = []
        for button, (_text, action, _style) in zip(buttons, specs):
            if action in backward:
                self._live_when.append((button, lambda: self.index > 0))
            elif action in forward:
                self._live_when.append((button, lambda: self.playing or self.index < self.total))
        self.sync_buttons()
        return buttons

    def move_text(self, index: int) -> str:
        return _("Move {index} of {total}").format(index=index, total=self.total)

    def position_text(self) -> str:
        move = self.move_text(self.index)
        if not self.turn_starts:
            return move
        return _("Turn {turn} · {move}").format(turn=self.turn(), move=move)

    def _label_px(self) -> float:
        """The type of the position label: two lines where the game has turns, else one."""
        return self.area.h * (0.3 if self.turn_starts else 0.36)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.area.w:
            return
        label = pygame.Rect(self.area.x, self.area.y, self.label_w, self.area.h)
        # a long game's "Move 1162 of 1162" takes a smaller type before it is cut
        if self.turn_starts:     # two lines: the turn, then the move
            move = self.move_text(self.index)
            f = fitting_font(move, label.w, self._label_px())
            top, bottom = label.centery - self.area.h // 5, label.centery + self.area.h // 5
            draw_text(surface, _("Turn {turn}").format(turn=self.turn()), f, theme.TEXT,
                      (label.centerx, top), "center", max_width=label.w)
            draw_text(surface, move, f, theme.TEXT_DIM, (label.centerx, bottom), "center",
                      max_width=label.w)
        else:
            text = self.position_text()
            draw_text(surface, text, fitting_font(text, label.w, self._label_px()),
                      theme.TEXT, label.center, "center", max_width=label.w)
        if self.message:
            draw_text(surface, self.message, theme.font(self.area.h * 0.3), theme.TEXT_DIM,
                      (self.area.x, int(self.area.y - self.area.h * 0.2)), "bottomleft",
                      max_width=self.area.w)
