"""Overlays every game shares: confirm dialog, pass-the-screen privacy screen, pause menu,
rules overlay, and a plain message screen ("coming soon", errors)."""

from __future__ import annotations

from typing import Callable

import pygame

from game.app.services import Services
from game.i18n import N_, _, current_language
from game.scenes.base import WidgetScene
from game.ui import art, theme
from game.ui.text_drawing import draw_paragraphs, draw_text, wrap_text
from game.ui.widgets import Button, draw_panel


def scrim(surface: pygame.Surface) -> None:
    """Dim whatever lies below an overlay."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill(theme.SCRIM)
    surface.blit(veil, (0, 0))


class ConfirmDialog(WidgetScene):
    """A question with two answers. Enter confirms, Esc cancels."""

    overlay = True
    arrows_move_focus = True

    def __init__(self, services: Services, message: str | Callable[[], str],
                 on_yes: Callable[[], None], *, on_no: Callable[[], None] | None = None,
                 yes: str = N_("Yes"), no: str = N_("Cancel"), danger: bool = False) -> None:
        self.message = message
        self.on_yes = on_yes
        self.on_no = on_no
        self.yes = yes
        self.no = no
        self.danger = danger
        super().__init__(services)

    def _text(self) -> str:
        return self.message() if callable(self.message) else _(self.message)

    def _box(self) -> pygame.Rect:
        """620×260 (design pixels), taller for a long question, within the window."""
        width = self.px(620)
        lines = len(wrap_text(self._text(), theme.font(self.px(24)), width - self.px(60)))
        needed = lines * int(theme.font(self.px(24)).get_linesize() * 1.25) + self.px(140)
        box = pygame.Rect(0, 0, width, min(max(self.px(260), needed), self.size[1]))
        box.center = (self.size[0] // 2, self.size[1] // 2)
        return box

    def build(self, size: tuple[int, int]) -> None:
        box = self._box()
        w, h = self.px(270), self.px(52)      # German: "Ohne Speichern beenden"
        yes = Button((box.centerx + self.px(10), box.bottom - h - self.px(24), w, h), self.yes,
                     self._yes, style="danger" if self.danger else "primary")
        no = Button((box.centerx - w - self.px(10), box.bottom - h - self.px(24), w, h), self.no,
                    self.back)
        self.ui.add(no)
        self.ui.add(yes)
        self.ui.default = yes

    def _yes(self) -> None:
        self.services.scenes.pop()
        self.on_yes()

    def back(self) -> None:
        self.services.scenes.pop()
        if self.on_no is not None:
            self.on_no()

    def draw_content(self, surface: pygame.Surface) -> None:
        scrim(surface)
        box = self._box()
        draw_panel(surface, box)
        draw_paragraphs(surface, self._text(), theme.font(self.px(24)), theme.TEXT,
                        box.inflate(-self.px(60), -self.px(110)).move(0, -self.px(30)))


class PrivacyScreen(WidgetScene):
    """Pass the screen: nothing private shows until the named player clicks.

    Hot-seat games push this before every private decision. Esc opens the pause menu; pass
    the game's `rules` (what its F1 does) and `save_and_quit` so that menu offers them too."""

    def __init__(self, services: Services, player_name: str, on_ready: Callable[[], None], *,
                 colour: tuple[int, int, int] = theme.ACCENT, shape: str = "circle",
                 rules: Callable[[], None] | None = None,
                 save_and_quit: Callable[[], None] | None = None) -> None:
        self.player_name = player_name
        self.on_ready = on_ready
        self.colour = colour
        self.shape = shape
        self.rules = rules
        self.save_and_quit = save_and_quit
        super().__init__(services)

    def dismiss(self) -> None:
        """The player in front of the screen clicked or pressed Enter: the screen goes and
        their view of the table shows."""
        self.services.scenes.pop()
        self.on_ready()

    def back(self) -> None:
        self.services.scenes.push(PauseMenu(self.services, rules=self.rules,
                                            save_and_quit=self.save_and_quit))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1 and self.rules is not None:
            self.dirty = True
            self.rules()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dismiss()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                           pygame.K_SPACE):
            self.dismiss()
            return True
        return super().handle_event(event)

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND_DEEP)

    def draw_content(self, surface: pygame.Surface) -> None:
        w, h = self.size
        robot = pygame.Rect(0, 0, self.px(200), self.px(200))
        robot.center = (w // 2, h // 2 - self.px(110))
        art.draw_robot(surface, robot, self.colour, shape=self.shape,
                       letter=self.player_name[:1].upper())
        draw_text(surface, _("Pass to {name}.").format(name=self.player_name),
                  theme.font(self.px(44), bold=True), theme.TEXT, (w // 2, h // 2 + self.px(30)),
                  "center", max_width=w - self.px(40))
        draw_text(surface, _("Click when only {name} can see the screen.").format(
            name=self.player_name), theme.font(self.px(26)), theme.TEXT_DIM,
            (w // 2, h // 2 + self.px(90)), "center", max_width=w - self.px(40))


class PauseMenu(WidgetScene):
    """Esc in a game: resume, rules, and save and quit (a game in progress) or quit to the
    menu (a finished game or a replay: nothing to lose, so it asks nothing)."""

    overlay = True
    arrows_move_focus = True

    def __init__(self, services: Services, *, rules: Callable[[], None] | None = None,
                 save_and_quit: Callable[[], None] | None = None) -> None:
        self.rules = rules
        self.save_and_quit = save_and_quit
        super().__init__(services)

    def build(self, size: tuple[int, int]) -> None:
        w, h = self.px(400), self.px(60)      # German: "Speichern und beenden"
        x = size[0] // 2 - w // 2
        y = size[1] // 2 - self.px(120)
        resume = Button((x, y, w, h), N_("Resume"), self.back, style="primary")
        self.ui.add(resume)
        self.ui.default = resume
        rules = Button((x, y + self.px(80), w, h), N_("Rules"), self._rules)
        rules.enabled = self.rules is not None
        self.ui.add(rules)
        self.ui.add(Button((x, y + self.px(160), w, h),
                           N_("Save and quit") if self.save_and_quit else
                           self.leave_game_label(N_("Quit to menu"), N_("Back to the workbench")),
                           self._quit, style="danger"))

    def _rules(self) -> None:
        if self.rules is not None:
            self.rules()

    def _quit(self) -> None:
        # without save and quit the game is over or a replay: the finished game is saved
        # already (and opens from the saves list), so leaving loses nothing worth a question
        if self.save_and_quit is not None:
            self.save_and_quit()
        else:
            self.services.scenes.leave_game()

    def draw_content(self, surface: pygame.Surface) -> None:
        scrim(surface)
        draw_text(surface, _("Paused"), theme.font(self.px(48), bold=True), theme.TEXT,
                  (self.size[0] // 2, self.size[1] // 2 - self.px(180)), "center")


class RulesOverlay(WidgetScene):
    """A scrollable page of rules text (F1 in a game, and from the pause menu).

    The text is wrapped once per (width, font size, language, text) and kept: wrapping
    several thousand characters costs ~20 ms, more than a frame."""

    overlay = True
    LINE_GAP = 1.25

    def __init__(self, services: Services, title: str | Callable[[], str],
                 text: Callable[[], str]) -> None:
        self.title = title
        self.text = text
        self.scroll = 0
        self._layout_key: tuple[object, ...] | None = None
        self._lines: list[str] = []
        super().__init__(services)

    def _page(self) -> pygame.Rect:
        return pygame.Rect(self.px(120), self.px(60), self.size[0] - self.px(240),
                           self.size[1] - self.px(120))

    def _body(self) -> pygame.Rect:
        page = self._page()
        return pygame.Rect(page.x + self.px(30), page.y + self.px(80), page.w - self.px(60),
                           page.h - self.px(170))

    def _font(self) -> pygame.font.Font:
        return theme.font(self.px(21))

    def _line_step(self) -> int:
        return int(self._font().get_linesize() * self.LINE_GAP)

    def lines(self) -> list[str]:
        """The text wrapped to the page, wrapped again only when the width, the font size,
        the language or the text itself changed."""
        text = self.text()
        key = (self._body().w, self.px(21), current_language(), text)
        if key != self._layout_key:
            self._lines = wrap_text(text, self._font(), self._body().w)
            self._layout_key = key
        return self._lines

    @property
    def content_height(self) -> int:
        return len(self.lines()) * self._line_step()

    def build(self, size: tuple[int, int]) -> None:
        page = self._page()
        close = Button((page.centerx - self.px(110), page.bottom - self.px(74), self.px(220),
                        self.px(54)), N_("Close"), self.back, style="primary")
        self.ui.add(close)
        self.ui.default = close
        self.scroll = 0

    def _scroll_by(self, pixels: int) -> None:
        limit = max(0, self.content_height - self._body().h)
        self.scroll = max(0, min(limit, self.scroll + pixels))
        self.dirty = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y * self.px(40))
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self._scroll_by(self.px(40 if event.key == pygame.K_DOWN else 300))
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_PAGEUP):
            self._scroll_by(-self.px(40 if event.key == pygame.K_UP else 300))
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.back()
            return True
        return super().handle_event(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        scrim(surface)
        page = self._page()
        draw_panel(surface, page, (244, 240, 228), edge=(150, 140, 110))
        title = self.title() if callable(self.title) else _(self.title)
        draw_text(surface, title, theme.font(self.px(34), bold=True), (40, 36, 30),
                  (page.x + self.px(30), page.y + self.px(24)))
        body, font, step = self._body(), self._font(), self._line_step()
        lines = self.lines()
        old_clip = surface.get_clip()
        surface.set_clip(body)
        first = max(0, self.scroll // step - 1)
        for index in range(first, min(len(lines), first + body.h // step + 3)):
            if lines[index]:
                surface.blit(font.render(lines[index], True, (40, 36, 30)),
                             (body.x, body.y - self.scroll + index * step))
        surface.set_clip(old_clip)
        if len(lines) * step > body.h:
            draw_text(surface, _("Scroll with the mouse wheel or the arrow keys"),
                      theme.font(self.px(15)), (110, 100, 80),
                      (page.right - self.px(30), page.y + self.px(36)), "topright")


class MessageScene(WidgetScene):
    """A full screen with a title, some text and a Back button (e.g. a game still coming)."""

    arrows_move_focus = True

    def __init__(self, services: Services, title: str | Callable[[], str],
                 text: str | Callable[[], str]) -> None:
        self.title = title
        self.text = text
        super().__init__(services)

    def build(self, size: tuple[int, int]) -> None:
        back = Button((size[0] // 2 - self.px(140), size[1] - self.px(140), self.px(280),
                       self.px(60)), N_("Back"), self.back, style="primary")
        self.ui.add(back)
        self.ui.default = back

    def draw_content(self, surface: pygame.Surface) -> None:
        w, h = self.size
        robot = pygame.Rect(0, 0, self.px(180), self.px(180))
        robot.center = (w // 2, self.px(190))
        art.draw_robot(surface, robot, (120, 130, 150), shape="hexagon", mood="plain")
        title = self.title() if callable(self.title) else _(self.title)
        draw_text(surface, title, theme.font(self.px(42), bold=True), theme.TEXT,
                  (w // 2, self.px(330)), "center")
        text = self.text() if callable(self.text) else _(self.text)
        body = pygame.Rect(w // 2 - self.px(420), self.px(380), self.px(840), self.px(200))
        draw_paragraphs(surface, text, theme.font(self.px(24)), theme.TEXT_DIM, body)
