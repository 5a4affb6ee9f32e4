"""Scenes, the scene stack and the main loop (STYLE.md §6).

Scene changes requested during a frame take effect between frames, so a scene is never
removed while its own handler runs. The loop draws only when something changed and sleeps
in `pygame.event.wait` when nothing moves, so an idle menu does not burn a core."""

from __future__ import annotations

import abc
from typing import TYPE_CHECKING, Callable

import pygame

if TYPE_CHECKING:
    from game.app.services import Services

FPS = 60
IDLE_WAIT_MS = 250


class Scene(abc.ABC):
    """One screen. `draw` must not change state: drawing twice gives the same pixels."""

    #: An overlay lets the scene below it be drawn first (dialogs, pause menus).
    overlay = False
    #: A scene that starts games on top of itself (the workbench's play test): leaving such
    #: a game, or playing it again, keeps this scene under it instead of the main menu.
    hosts_games = False

    def __init__(self, services: Services) -> None:
        self.services = services
        self.dirty = True

    def on_enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def on_exit(self) -> None:
        """Called when another scene covers this one, or it is removed."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size (or the language changed): lay out again."""

    @abc.abstractmethod
    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to input. Return True if the event was consumed."""

    def update(self, dt: float) -> None:
        """Advance animations and timers by `dt` seconds. The only place state may change."""

    def update_covered(self, dt: float) -> None:
        """Called each frame instead of `update` while another scene covers this one: what
        must go on behind a dialog (bots that program while a human passes the screen)."""

    def is_animating(self) -> bool:
        """True while something moves on screen (the loop then runs at full frame rate)."""
        return False

    @abc.abstractmethod
    def draw(self, surface: pygame.Surface) -> None:
        """Render the current state."""

    def request_close(self) -> bool:
        """The window's close button was pressed. Return True to let the app quit now;
        a scene with something to lose asks first and returns False."""
        return True


class SceneManager:
    """A stack of scenes. Changes requested during a frame are applied between frames."""

    def __init__(self, size_provider: Callable[[], tuple[int, int]] = lambda: (1280, 720),
                 home: Callable[[], Scene] | None = None) -> None:
        self.size_provider = size_provider
        self.stack: list[Scene] = []
        self._pending: list[Callable[[], None]] = []
        self._leaving = False
        """A change that takes scenes away (`reset`, `leave_game`, `switch_game`) waits for
        the end of the frame: until then the scenes it takes away may still ask for a scene
        over themselves (a table's privacy screen as the next turn comes) or for their own
        pop. Those requests are dropped, so they neither cover nor take away what is shown
        instead."""
        self.quit_requested = False
        self.home = home
        """Builds the scene `go_home` shows (the main menu), registered where the services are
        made (`make_services(home=MenuScene)`): the scenes that lead back to the menu cannot
        import it, since the menu imports them."""

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        if not self._leaving:
            self._pending.append(lambda: self._push(scene))

    def pop(self) -> None:
        if not self._leaving:
            self._pending.append(self._pop)

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for `scene`."""
        if not self._leaving:
            def swap() -> None:
                self._pop()
                self._push(scene)
            self._pending.append(swap)

    def reset(self, *scenes: Scene) -> None:
        """Clear the stack and show `scenes`, each over the one before (e.g. back to the
        main menu)."""
        def change() -> None:
            while self.stack:
                self._pop()
            for scene in scenes:
                self._push(scene)
        self._leave(change)

    def go_home(self, *over: Scene) -> None:
        """Clear the stack and show a fresh home scene (back to the main menu), and `over`
        it the scenes given (the saves list a replay goes back to)."""
        if self.home is None:
            raise RuntimeError("no home scene: build the services with make_services(home=...)")
        self.reset(self.home(), *over)

    def game_host(self) -> Scene | None:
        """The scene the game being played was started from (`hosts_games`), or None: the
        game was started from the menu."""
        return next((scene for scene in reversed(self.stack) if scene.hosts_games), None)

    def switch_game(self, scene: Scene) -> None:
        """Show `scene` (a game played again, its replay) in place of the game being played
        and what lies over it, on its host if it has one, else alone (`reset`)."""
        host = self.game_host()
        if host is None:
            self.reset(scene)
            return

        def change() -> None:
            self._pop_to(host)
            self._push(scene)
        self._leave(change)

    def leave_game(self) -> None:
        """Leave the game being played for where it was started: its host (the workbench
        that play-tests a board), else the main menu (`go_home`)."""
        host = self.game_host()
        if host is None:
            self.go_home()
            return
        self._leave(lambda: self._pop_to(host))

    def _leave(self, change: Callable[[], None]) -> None:
        self._pending.append(change)
        self._leaving = True

    def _pop_to(self, scene: Scene) -> None:
        while self.stack and self.stack[-1] is not scene:
            self._pop()

    def quit(self) -> None:
        self.quit_requested = True

    def request_close(self) -> bool:
        """The window's close button. The topmost scene with something to lose decides, so
        a pause menu, privacy screen or rules overlay over a game does not hide the game."""
        for scene in reversed(self.stack):
            if type(scene).request_close is not Scene.request_close:
                return scene.request_close()
        return True

    def has_pending(self) -> bool:
        return bool(self._pending)

    def apply_pending(self) -> bool:
        """Apply the requested changes; True if any were applied."""
        changed = bool(self._pending)
        while self._pending:
            pending, self._pending = self._pending, []
            self._leaving = False   # what the scenes shown now ask for (on_enter) goes through
            for change in pending:
                change()
        return changed

    def _push(self, scene: Scene) -> None:
        if self.stack:
            self.stack[-1].on_exit()
        self.stack.append(scene)
        scene.dirty = True
        scene.on_resize(self.size_provider())
        scene.on_enter()

    def _pop(self) -> None:
        if self.stack:
            self.stack.pop().on_exit()
        if self.stack:
            self.stack[-1].dirty = True
            self.stack[-1].on_enter()

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the top scene, and below it every scene its overlays let through."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        for scene in self.stack[first:]:
            scene.draw(surface)
            scene.dirty = False

    def needs_redraw(self) -> bool:
        return any(s.dirty or s.is_animating() for s in self.stack)
