"""The small UI kit every scene uses: Button, Label, Panel, Toggle, Cycler, Slider,
TextInput, ScrollList, tooltips, and a WidgetGroup that routes input and keeps focus.

Contract (pygame_gui's): `handle_event(event) -> bool` (consumed), `update(dt)`, `draw(surface)`.
A widget reports through the callback given at construction. Texts are message ids,
translated at draw time, so a language switch shows at once; `translate=False` for names
players typed. Widgets never decide rules: scenes build their choices from legal actions."""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from game.i18n import N_, _
from game.ui import theme
# draw_paragraphs, draw_text and fitting_font are also imported from here by
# game/scenes/roborally/ (not moved onto the table framework yet)
from game.ui.text_drawing import (draw_paragraphs, draw_text, fits_when_shrunk, fitting_font,
                                  tr, typed_characters, wrap_text)


PANEL_SHADOW_BELOW = 12
"""How far below its panel (or button) the shadow of `draw_panel` reaches, in screen pixels:
what is laid out under a panel keeps at least this much room, or the shadow darkens its top."""


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, ...] = theme.PANEL,
               edge: tuple[int, ...] | None = theme.PANEL_EDGE, radius: int = 10,
               shadow: bool = True) -> None:
    """A rounded panel with a soft shadow."""
    if shadow:
        surface.blit(_shadow(rect.w + 8, rect.h + PANEL_SHADOW_BELOW - 4, radius + 2),
                     (rect.x + 2, rect.y + 4))
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, width=max(1, radius // 6), border_radius=radius)


_SHADOWS: dict[tuple[int, int, int], pygame.Surface] = {}
SHADOWS_KEPT = 256


def _shadow(w: int, h: int, radius: int) -> pygame.Surface:
    """A panel's soft shadow, painted once per size (panels are redrawn every frame)."""
    key = (w, h, radius)
    shade = _SHADOWS.get(key)
    if shade is None:
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(shade, theme.SHADOW, shade.get_rect(), border_radius=radius)
        if len(_SHADOWS) >= SHADOWS_KEPT:
            _SHADOWS.clear()
        _SHADOWS[key] = shade
    return shade


class Widget:
    """A rectangle that draws itself and may take input."""

    focusable = False

    def __init__(self, rect: pygame.Rect | Sequence[int], *, tooltip: str | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.visible = True
        self.enabled = True
        self.focused = False
        self.hovered = False
        self.tooltip = tooltip

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def activate(self) -> None:
        """What Enter/Space does when this widget has the keyboard focus."""


class Label(Widget):
    def __init__(self, rect: pygame.Rect | Sequence[int], text: str | Callable[[], str], *,
                 size: float = 20, bold: bool = False, colour: tuple[int, int, int] = theme.TEXT,
                 align: str = "midleft", translate: bool = True, wrap: bool = False) -> None:
        super().__init__(rect)
        self.text = text
        self.size = size
        self.bold = bold
        self.colour = colour
        self.align = align
        self.translate = translate
        self.wrap = wrap

    def current_text(self) -> str:
        return self.text() if callable(self.text) else tr(self.text, self.translate)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        f = theme.font(self.size, self.bold)
        if self.wrap:
            draw_paragraphs(surface, self.current_text(), f, self.colour, self.rect)
        else:
            draw_text(surface, self.current_text(), f, self.colour,
                      getattr(self.rect, self.align), self.align, max_width=self.rect.w)


class Panel(Widget):
    def __init__(self, rect: pygame.Rect | Sequence[int], *, colour: tuple[int, ...] = theme.PANEL,
                 radius: int = 12) -> None:
        super().__init__(rect)
        self.colour = colour
        self.radius = radius

    def draw(self, surface: pygame.Surface) -> None:
        if self.visible:
            draw_panel(surface, self.rect, self.colour, radius=self.radius)


BUTTON_TYPE = 0.42
"""A button's label type size as a share of its height (unless given)."""
BUTTON_MARGINS = 0.4
"""The room left and right of a button's label together, as a share of its height."""


def button_width(text: str, height: float, size: float | None = None) -> int:
    """How wide a `Button` of `height` must be to show `text` whole in its type (`size`,
    or the size it takes from its height)."""
    font = theme.font(size or height * BUTTON_TYPE, bold=True)
    return int(font.size(text)[0] + height * BUTTON_MARGINS) + 1


class Button(Widget):
    """A clickable button; `style` is "normal", "primary" or "danger"."""

    focusable = True

    def __init__(self, rect: pygame.Rect | Sequence[int], text: str | Callable[[], str],
                 on_click: Callable[[], Any], *, style: str = "normal", translate: bool = True,
                 tooltip: str | None = None, size: float | None = None,
                 icon: Callable[[pygame.Surface, pygame.Rect], None] | None = None) -> None:
        super().__init__(rect, tooltip=tooltip)
        self.text = text
        self.on_click = on_click
        self.style = style
        self.translate = translate
        self.size = size
        self.icon = icon
        self.pressed = False

    def current_text(self) -> str:
        return self.text() if callable(self.text) else tr(self.text, self.translate)

    def activate(self) -> None:
        if self.enabled and self.visible:
            self.on_click()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.pressed = True
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_pressed, self.pressed = self.pressed, False
            if was_pressed and self.rect.collidepoint(event.pos):
                self.on_click()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        if not self.enabled:
            colour, text_colour = theme.BUTTON_DISABLED, theme.TEXT_DIM
        elif self.style == "primary":
            colour = theme.ACCENT if not self.pressed else theme.ACCENT_DARK
            text_colour = (30, 24, 10)
            if self.hovered and not self.pressed:
                colour = (255, 204, 96)
        elif self.style == "danger":
            colour = theme.DANGER if not self.hovered else (240, 96, 84)
            text_colour = theme.TEXT
        else:
            colour = theme.BUTTON_PRESSED if self.pressed else (
                theme.BUTTON_HOVER if self.hovered else theme.BUTTON)
            text_colour = theme.TEXT
        radius = max(4, self.rect.h // 5)
        draw_panel(surface, self.rect, colour, edge=None, radius=radius, shadow=self.enabled)
        if self.focused:
            pygame.draw.rect(surface, theme.FOCUS, self.rect.inflate(6, 6), width=3,
                             border_radius=radius + 3)
        size = self.size or self.rect.h * BUTTON_TYPE
        label_rect = self.rect.inflate(-self.rect.h * BUTTON_MARGINS, 0)
        text = self.current_text()
        if self.icon is not None:
            icon_rect = pygame.Rect(0, 0, self.rect.h * 0.7, self.rect.h * 0.7)
            icon_rect.midleft = (self.rect.x + self.rect.h * 0.25, self.rect.centery)
            self.icon(surface, icon_rect)
            label_rect.left = icon_rect.right + self.rect.h * 0.2
            label_rect.width = self.rect.right - label_rect.left - self.rect.h * 0.2
            draw_text(surface, text, fitting_font(text, label_rect.w, size), text_colour,
                      label_rect.midleft, "midleft", max_width=label_rect.w)
        else:
            draw_text(surface, text, fitting_font(text, label_rect.w, size), text_colour,
                      self.rect.center, "center", max_width=label_rect.w)


class Toggle(Button):
    """An on/off switch with a label; shows ON/OFF in words, not only colour."""

    def __init__(self, rect: pygame.Rect | Sequence[int], text: str,
                 get: Callable[[], bool], set: Callable[[bool], None], **kw: Any) -> None:
        super().__init__(rect, text, lambda: set(not get()), **kw)
        self.get = get

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        on = self.get()
        colour = theme.BUTTON_HOVER if self.hovered else theme.BUTTON
        draw_panel(surface, self.rect, colour, edge=None, radius=max(4, self.rect.h // 5))
        if self.focused:
            pygame.draw.rect(surface, theme.FOCUS, self.rect.inflate(6, 6), 3, border_radius=8)
        f = theme.font(self.rect.h * 0.4, bold=True)
        pad = int(self.rect.h * 0.3)
        draw_text(surface, self.current_text(), f, theme.TEXT,
                  (self.rect.x + pad, self.rect.centery), "midleft",
                  max_width=int(self.rect.w - self.rect.h * 2.6))
        knob = pygame.Rect(0, 0, self.rect.h * 1.9, self.rect.h * 0.62)
        knob.midright = (self.rect.right - pad, self.rect.centery)
        pygame.draw.rect(surface, theme.GOOD if on else theme.BUTTON_DISABLED, knob,
                         border_radius=knob.h // 2)
        dot = pygame.Rect(0, 0, knob.h - 6, knob.h - 6)
        dot.center = (knob.right - knob.h // 2, knob.centery) if on else (knob.x + knob.h // 2,
                                                                             knob.centery)
        pygame.draw.ellipse(surface, theme.TEXT, dot)
        small = theme.font(knob.h * 0.5, bold=True)
        word = _("On") if on else _("Off")
        text_pos = (knob.x + knob.h * 0.35, knob.centery) if on else (knob.right - knob.h * 0.35,
                                                                       knob.centery)
        draw_text(surface, word, small, (20, 30, 20) if on else theme.TEXT,
                  (int(text_pos[0]), int(text_pos[1])), "midleft" if on else "midright")


class Cycler(Widget):
    """Pick one of several values with ◀ ▶ (or the arrow keys when focused)."""

    focusable = True

    def __init__(self, rect: pygame.Rect | Sequence[int], options: Sequence[tuple[Any, str]],
                 get: Callable[[], Any], set: Callable[[Any], None], *, label: str | None = None,
                 translate: bool = True, tooltip: str | None = None) -> None:
        super().__init__(rect, tooltip=tooltip)
        self.options = list(options)
        self.get = get
        self.set = set
        self.label = label
        self.translate = translate

    def arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Where ◀ and ▶ lie: the drawing puts them there and a click there steps."""
        w = self.rect.h
        left = pygame.Rect(self.rect.right - w * 5.2, self.rect.y, w, self.rect.h)
        if self.label is None:
            left.x = self.rect.x
        right = pygame.Rect(self.rect.right - w, self.rect.y, w, self.rect.h)
        return left, right

    def step(self, delta: int) -> None:
        if not self.options or not self.enabled:
            return
        values = [v for v, _label in self.options]
        current = self.get()
        index = values.index(current) if current in values else 0
        self.set(values[(index + delta) % len(values)])

    def activate(self) -> None:
        self.step(1)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            left, right = self.arrows()
            if left.collidepoint(event.pos):
                self.step(-1)
                return True
            if right.collidepoint(event.pos) or self.rect.collidepoint(event.pos):
                self.step(1)
                return True
        elif event.type == pygame.MOUSEWHEEL and self.hovered:
            self.step(-1 if event.y > 0 else 1)
            return True
        elif event.type == pygame.KEYDOWN and self.focused:
            if event.key == pygame.K_LEFT:
                self.step(-1)
                return True
            if event.key == pygame.K_RIGHT:
                self.step(1)
                return True
        return False

    def current_label(self) -> str:
        for value, label in self.options:
            if value == self.get():
                return tr(label, self.translate)
        return ""

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        colour = theme.BUTTON_HOVER if self.hovered and self.enabled else theme.BUTTON
        if not self.enabled:
            colour = theme.BUTTON_DISABLED
        draw_panel(surface, self.rect, colour, edge=None, radius=max(4, self.rect.h // 5))
        if self.focused:
            pygame.draw.rect(surface, theme.FOCUS, self.rect.inflate(6, 6), 3, border_radius=8)
        f = theme.font(self.rect.h * 0.4, bold=True)
        left, right = self.arrows()
        if self.label is not None:
            draw_text(surface, _(self.label), f, theme.TEXT,
                      (int(self.rect.x + self.rect.h * 0.3), self.rect.centery), "midleft",
                      max_width=int(left.x - self.rect.x - self.rect.h * 0.4))
        for arrow, points in ((left, ((0.65, 0.25), (0.3, 0.5), (0.65, 0.75))),
                              (right, ((0.35, 0.25), (0.7, 0.5), (0.35, 0.75)))):
            pygame.draw.polygon(surface, theme.ACCENT if self.enabled else theme.TEXT_DIM,
                                [(arrow.x + arrow.w * px, arrow.y + arrow.h * py)
                                 for px, py in points])
        middle = pygame.Rect(left.right, self.rect.y, right.x - left.right, self.rect.h)
        label = self.current_label()      # a smaller type before a cut ("Yellow" at 800×450)
        draw_text(surface, label, fitting_font(label, middle.w - 4, self.rect.h * 0.4),
                  theme.TEXT, middle.center, "center", max_width=middle.w - 4)


class Slider(Widget):
    """A value from 0 to 1, dragged or stepped with the arrow keys; shows the percentage."""

    focusable = True

    def __init__(self, rect: pygame.Rect | Sequence[int], label: str, get: Callable[[], float],
                 set: Callable[[float], None]) -> None:
        super().__init__(rect)
        self.label = label
        self.get = get
        self.set = set
        self.dragging = False

    def _track(self) -> pygame.Rect:
        w = self.rect.h * 5.2
        return pygame.Rect(self.rect.right - w - self.rect.h * 0.3, self.rect.centery - 4,
                           w - self.rect.h * 1.4, 8)

    def _set_from_x(self, x: int) -> None:
        track = self._track()
        self.set(round(min(1.0, max(0.0, (x - track.x) / max(1, track.w))), 2))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self._track().inflate(16, self.rect.h).collidepoint(event.pos):
                self.dragging = True
                self._set_from_x(event.pos[0])
                return True
        elif event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            if self.dragging:
                self._set_from_x(event.pos[0])
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        elif event.type == pygame.KEYDOWN and self.focused and event.key in (pygame.K_LEFT,
                                                                              pygame.K_RIGHT):
            delta = 0.1 if event.key == pygame.K_RIGHT else -0.1
            self.set(round(min(1.0, max(0.0, self.get() + delta)), 2))
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        draw_panel(surface, self.rect, theme.BUTTON_HOVER if self.hovered else theme.BUTTON,
                   edge=None, radius=max(4, self.rect.h // 5))
        if self.focused:
            pygame.draw.rect(surface, theme.FOCUS, self.rect.inflate(6, 6), 3, border_radius=8)
        f = theme.font(self.rect.h * 0.4, bold=True)
        draw_text(surface, _(self.label), f, theme.TEXT,
                  (int(self.rect.x + self.rect.h * 0.3), self.rect.centery), "midleft")
        track = self._track()
        pygame.draw.rect(surface, theme.BUTTON_DISABLED, track, border_radius=4)
        filled = track.copy()
        filled.w = int(track.w * self.get())
        pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=4)
        pygame.draw.circle(surface, theme.TEXT, (track.x + filled.w, track.centery),
                           int(self.rect.h * 0.22))
        draw_text(surface, f"{round(self.get() * 100)} %", theme.font(self.rect.h * 0.36),
                  theme.TEXT, (int(self.rect.right - self.rect.h * 0.3), self.rect.centery),
                  "midright")


CHARACTER_REFUSED = N_("The game's font cannot show that character, so it was left out.")
"""What a scene with a TextInput says when a typed character is left out (`on_refused`)."""


class TextInput(Widget):
    """One line of text (player names). Typing goes to the focused input only."""

    focusable = True

    def __init__(self, rect: pygame.Rect | Sequence[int], text: str,
                 on_change: Callable[[str], None], *, max_length: int = 16,
                 placeholder: str = "",
                 on_refused: Callable[[str], None] | None = None) -> None:
        super().__init__(rect)
        self.text = text
        self.on_change = on_change
        self.on_refused = on_refused
        """Told the typed characters the font cannot draw, which are left out."""
        self.max_length = max_length
        self.placeholder = placeholder
        self.blink = 0.0

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            was = self.focused
            self.focused = self.rect.collidepoint(event.pos)
            return self.focused or was and False
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            clean, refused = typed_characters(event.text)
            if refused and self.on_refused is not None:
                self.on_refused(refused)
            if clean and len(self.text) < self.max_length:
                self.text = (self.text + clean)[: self.max_length]
                self.on_change(self.text)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                self.on_change(self.text)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
                return False
            return event.unicode != ""  # printable keys arrive again as TEXTINPUT
        return False

    def update(self, dt: float) -> None:
        self.blink = (self.blink + dt) % 1.0

    def _visible_tail(self, font: pygame.font.Font, width: int) -> str:
        """The end of a text wider than the field, where the typing happens (as any text
        field scrolls), rather than its start cut with an ellipsis."""
        text = self.text
        while len(text) > 1 and font.size(text)[0] > width:
            text = text[1:]
        return text

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        pygame.draw.rect(surface, theme.BACKGROUND_DEEP, self.rect, border_radius=6)
        pygame.draw.rect(surface, theme.FOCUS if self.focused else theme.PANEL_EDGE, self.rect,
                         2, border_radius=6)
        f = theme.font(self.rect.h * 0.45)
        pad = int(self.rect.h * 0.25)
        if self.text:
            shown = draw_text(surface, self._visible_tail(f, self.rect.w - 2 * pad), f,
                              theme.TEXT, (self.rect.x + pad, self.rect.centery), "midleft")
        else:
            shown = pygame.Rect(self.rect.x + pad, self.rect.y, 0, 0)
            draw_text(surface, _(self.placeholder), f, theme.TEXT_DIM,
                      (self.rect.x + pad, self.rect.centery), "midleft")
        if self.focused and self.blink < 0.6:
            x = shown.right + 2
            pygame.draw.line(surface, theme.TEXT, (x, self.rect.y + pad),
                             (x, self.rect.bottom - pad), 2)


class ScrollList(Widget):
    """A list of lines to pick from; wheel or drag the bar to scroll, arrows when focused."""

    focusable = True

    def __init__(self, rect: pygame.Rect | Sequence[int], items: Sequence[str],
                 on_select: Callable[[int], None], *, selected: int | None = None,
                 translate: bool = False, row_height: int = 36,
                 details: Sequence[str] | None = None) -> None:
        super().__init__(rect)
        self.items = list(items)
        self.details = list(details) if details is not None else None  # a dim second line
        self.on_select = on_select
        self.selected = selected
        self.translate = translate
        self.row_height = row_height
        self.scroll = 0
        if selected is not None:
            self._show(selected)

    @property
    def max_scroll(self) -> int:
        return max(0, len(self.items) * self.row_height - self.rect.h)

    def _scroll_by(self, pixels: int) -> None:
        self.scroll = min(self.max_scroll, max(0, self.scroll + pixels))

    @property
    def _text_w(self) -> int:
        """The room for a row's text: the row less its bar and margins."""
        return self.rect.w - 32

    @property
    def _title_px(self) -> float:
        """The size of a row's first line: the whole row's, or above a dim second line."""
        return self.row_height * (0.45 if self.details is None else 0.3)

    def shows_whole(self, index: int) -> bool:
        """Whether row `index`'s first line is drawn whole, so a scene with room elsewhere
        knows when to show it there too."""
        text = tr(self.items[index], self.translate)
        if self.details is None:
            return fits_when_shrunk(text, self._text_w, self._title_px, bold=False)
        return theme.font(self._title_px).size(text)[0] <= self._text_w

    def _show(self, index: int) -> None:
        """Scroll just enough for row `index` to be seen whole."""
        top = index * self.row_height
        if top < self.scroll:
            self.scroll = top
        elif top + self.row_height > self.scroll + self.rect.h:
            self.scroll = min(self.max_scroll, top + self.row_height - self.rect.h)

    def select(self, index: int) -> None:
        if 0 <= index < len(self.items):
            self.selected = index
            self._show(index)
            self.on_select(index)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self.hovered:
            self._scroll_by(-event.y * self.row_height)
            return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.rect.collidepoint(event.pos):
            index = (event.pos[1] - self.rect.y + self.scroll) // self.row_height
            self.select(index)
            return True
        elif event.type == pygame.KEYDOWN and self.focused:
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                current = -1 if self.selected is None else self.selected
                self.select(min(len(self.items) - 1,
                                max(0, current + (1 if event.key == pygame.K_DOWN else -1))))
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        pygame.draw.rect(surface, theme.BACKGROUND_DEEP, self.rect, border_radius=8)
        old = surface.get_clip()
        surface.set_clip(self.rect)
        first = self.scroll // self.row_height
        for index in range(first, min(len(self.items), first + self.rect.h // self.row_height + 2)):
            row = pygame.Rect(self.rect.x, self.rect.y + index * self.row_height - self.scroll,
                              self.rect.w - 12, self.row_height)
            if index == self.selected:
                pygame.draw.rect(surface, theme.BUTTON_HOVER, row.inflate(-4, -4), border_radius=6)
                pygame.draw.rect(surface, theme.ACCENT, (row.x + 3, row.y + 6, 4, row.h - 12))
            text = tr(self.items[index], self.translate)
            if self.details is None:
                draw_text(surface, text, fitting_font(text, self._text_w, self._title_px,
                                                      bold=False),
                          theme.TEXT, (row.x + 14, row.centery), "midleft", max_width=self._text_w)
                continue
            # the same size in every row, however long (the scene may show a cut one whole)
            draw_text(surface, text, theme.font(self._title_px), theme.TEXT,
                      (row.x + 14, row.y + self.row_height * 28 // 100), "midleft",
                      max_width=self._text_w)
            draw_text(surface, self.details[index], theme.font(self.row_height * 0.25),
                      theme.TEXT_DIM, (row.x + 14, row.y + self.row_height * 7 // 10), "midleft",
                      max_width=self._text_w)
        surface.set_clip(old)
        if self.max_scroll:
            bar_h = max(24, self.rect.h * self.rect.h // (self.rect.h + self.max_scroll))
            bar_y = self.rect.y + (self.rect.h - bar_h) * self.scroll // self.max_scroll
            pygame.draw.rect(surface, theme.PANEL_EDGE, (self.rect.right - 9, bar_y, 6, bar_h),
                             border_radius=3)
        pygame.draw.rect(surface, theme.FOCUS if self.focused else theme.PANEL_EDGE, self.rect,
                         2, border_radius=8)


TOOLTIP_DELAY = 0.6


ARROW_STEPS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
               pygame.K_DOWN: (0, 1)}


class WidgetGroup:
    """Routes input to widgets (topmost first), keeps keyboard focus (Tab; the arrow keys too
    with `arrows_move_focus`), presses the default button on Enter, and shows the hovered
    widget's tooltip after a short delay."""

    def __init__(self, arrows_move_focus: bool = False) -> None:
        self.arrows_move_focus = arrows_move_focus
        self.widgets: list[Widget] = []
        self.default: Button | None = None
        self.hover_time = 0.0
        self.hover_widget: Widget | None = None
        self.mouse = (0, 0)

    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        return widget

    def clear(self) -> None:
        self.widgets.clear()
        self.default = None
        self.hover_widget = None

    def focusable(self) -> list[Widget]:
        return [w for w in self.widgets if w.focusable and w.visible and w.enabled]

    def focused(self) -> Widget | None:
        return next((w for w in self.widgets if w.focused), None)

    def move_focus(self, delta: int) -> None:
        candidates = self.focusable()
        if not candidates:
            return
        current = self.focused()
        index = candidates.index(current) if current in candidates else -1
        if current is not None:
            current.focused = False
        candidates[(index + delta) % len(candidates)].focused = True

    def move_focus_towards(self, step: tuple[int, int]) -> None:
        """Focus the nearest widget on the side `step` points to (the one straight ahead
        before one off to the side), counting from the focused widget, else from the default
        button, which looks chosen already; with neither, focus the first widget."""
        candidates = self.focusable()
        current = self.focused()
        if current not in candidates:
            if current is not None:
                current.focused = False
            if self.default not in candidates:
                if candidates:
                    candidates[0].focused = True
                return
            current = self.default
        assert current is not None
        dx, dy = step

        def cost(widget: Widget) -> float | None:
            ox = widget.rect.centerx - current.rect.centerx
            oy = widget.rect.centery - current.rect.centery
            ahead, aside = ox * dx + oy * dy, abs(ox * dy) + abs(oy * dx)
            return ahead + 2 * aside if ahead > 0 else None

        costs = [(c, i) for i, w in enumerate(candidates) if (c := cost(w)) is not None]
        current.focused = False
        (candidates[min(costs)[1]] if costs else current).focused = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            hovered = next((w for w in reversed(self.widgets)
                            if w.visible and w.rect.collidepoint(event.pos)), None)
            if hovered is not self.hover_widget:
                self.hover_widget, self.hover_time = hovered, 0.0
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.hover_time = -10.0  # no tooltip while clicking
            for w in self.widgets:
                if not isinstance(w, TextInput):
                    w.focused = False
        for widget in reversed(self.widgets):
            if widget.visible and widget.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return True
            if event.key in ARROW_STEPS and self.arrows_move_focus:
                self.move_focus_towards(ARROW_STEPS[event.key])
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                current = self.focused()
                if current is not None and not isinstance(current, TextInput):
                    current.activate()
                    return True
                if event.key != pygame.K_SPACE and self.default is not None \
                        and self.default.enabled and self.default.visible:
                    self.default.activate()
                    return True
        return False

    def update(self, dt: float) -> None:
        self.hover_time += dt
        for widget in self.widgets:
            widget.update(dt)

    def tooltip_pending(self) -> bool:
        """True while a tooltip is about to appear (the loop keeps ticking)."""
        w = self.hover_widget
        return w is not None and w.tooltip is not None and 0 <= self.hover_time < TOOLTIP_DELAY

    def draw(self, surface: pygame.Surface) -> None:
        for widget in self.widgets:
            widget.draw(surface)
        w = self.hover_widget
        if w is not None and w.tooltip and w.visible and self.hover_time >= TOOLTIP_DELAY:
            draw_tooltip(surface, _(w.tooltip), self.mouse)


def draw_tooltip(surface: pygame.Surface, text: str, at: tuple[int, int]) -> None:
    """A small panel with `text` near `at`, kept inside the window."""
    scale = theme.ui_scale(surface.get_size())
    f = theme.font(16 * scale)
    width = min(int(420 * scale), max(f.size(line)[0] for line in text.split("\n")) + 20)
    lines = wrap_text(text, f, width - 20)
    height = len(lines) * f.get_linesize() + 14
    rect = pygame.Rect(at[0] + 16, at[1] + 20, width, height)
    rect.clamp_ip(surface.get_rect())
    draw_panel(surface, rect, (250, 246, 226), edge=(120, 110, 80), radius=6)
    y = rect.y + 7
    for line in lines:
        surface.blit(f.render(line, True, (30, 30, 30)), (rect.x + 10, y))
        y += f.get_linesize()
