"""WidgetScene: a scene built from the UI kit, laid out anew for every window size."""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.app.scene import Scene
from game.app.services import Services
from game.i18n import N_
from game.ui import art, theme
from game.ui.widgets import WidgetGroup


class WidgetScene(Scene):
    """A scene whose widgets are rebuilt by `build(size)` on resize and language change.

    Esc calls `back()`; Enter presses `self.ui.default`; any input redraws. A scene of
    buttons only (a menu, a dialog) sets `arrows_move_focus`: the arrow keys go from button
    to button, where a scene with a text field or arrow keys of its own keeps them."""

    arrows_move_focus: ClassVar[bool] = False

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.ui = WidgetGroup(arrows_move_focus=self.arrows_move_focus)
        self.size = services.window.size

    def leave_game_label(self, menu: str = N_("Main menu"),
                         workbench: str = N_("Workbench")) -> str:
        """The label (a message id) of the button that leaves a game: `workbench` for a play
        test, else `menu` (`SceneManager.leave_game`)."""
        return workbench if self.services.scenes.game_host() is not None else menu

    @property
    def scale(self) -> float:
        return theme.ui_scale(self.size)

    def px(self, value: float) -> int:
        """A length in the 1280×720 design, scaled to the window."""
        return int(round(value * self.scale))

    def on_resize(self, size: tuple[int, int]) -> None:
        self.size = size
        current, focusable = self.ui.focused(), self.ui.focusable()
        focused = focusable.index(current) if current in focusable else None
        self.ui.clear()
        self.build(size)
        if focused is not None and focused < len(self.ui.focusable()):
            self.ui.focusable()[focused].focused = True
        self.dirty = True

    def build(self, size: tuple[int, int]) -> None:
        """Create the widgets for a window of `size`."""

    def back(self) -> None:
        """Esc: leave this scene."""
        self.services.scenes.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                          pygame.KEYDOWN, pygame.TEXTINPUT, pygame.MOUSEWHEEL):
            self.dirty = True
        if self.ui.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return False

    def update(self, dt: float) -> None:
        had_tooltip = self.ui.tooltip_pending()
        self.ui.update(dt)
        if had_tooltip and not self.ui.tooltip_pending():
            self.dirty = True  # the tooltip just appeared
        focused = self.ui.focused()
        if focused is not None and type(focused).__name__ == "TextInput":
            self.dirty = True  # the caret blinks

    def is_animating(self) -> bool:
        return self.ui.tooltip_pending()

    def draw_background(self, surface: pygame.Surface) -> None:
        art.draw_background(surface)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.overlay:
            self.draw_background(surface)
        self.draw_content(surface)
        self.ui.draw(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        """What the scene shows besides its widgets (drawn under them)."""
