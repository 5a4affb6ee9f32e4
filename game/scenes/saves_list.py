"""The list of saved games behind the menu's Continue button: resume, watch a replay,
rename or delete a save. One entry per game moment (game/save_moments.py); finished games
are marked and open as replays."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Callable

import pygame

from game import paths
from game.app.services import Services
from game.i18n import LANGUAGES, N_, _, ngettext, translations
from game.save_moments import one_per_moment
from game.saves import TITLE_MAX_LENGTH, TITLE_SEPARATOR, SaveEntry, local_time, write_save
from game.scenes.base import WidgetScene
from game.scenes.dialogs import ConfirmDialog, scrim
from game.scenes.games import GAMES_BY_ID
from game.scenes.saves_hook import open_save, save_warning, saved_entries
from game.ui import theme
from game.ui.text_drawing import draw_paragraphs, draw_text, showable
from game.ui.widgets import CHARACTER_REFUSED, Button, ScrollList, TextInput, draw_panel


def describe(entry: SaveEntry) -> str:
    """The save in one line: its title, then when (and whether the game is over)."""
    return f"{title_of(entry)} · {moment_of(entry)}"


def title_of(entry: SaveEntry) -> str:
    saved = entry.summary or entry.saved
    if saved is None:
        return _("{file} (damaged)").format(file=entry.path.name)
    game = _(GAMES_BY_ID[saved.game].title) if saved.game in GAMES_BY_ID else saved.game
    # a hand edit, or a title an older build wrote from hand-edited names
    title = showable(saved.title)
    if saved.game in GAMES_BY_ID:
        known = _title_words(saved.game)
        title = TITLE_SEPARATOR.join(_(known[part]) if part in known else part
                                     for part in title.split(TITLE_SEPARATOR))
    return title or game


@functools.lru_cache(maxsize=None)
def _title_words(game: str) -> dict[str, str]:
    """The game's name and its variants' names in every language, each to its message id.
    A save's title is written in the language of the moment it was saved ("Robot Master ·
    Zwei Spieler · Anna – Ben"); the list shows those parts in the language of now."""
    spec = GAMES_BY_ID[game]
    words = (spec.title, *(variant.label for variant in spec.variants))
    known = {word: word for word in words}
    for language in LANGUAGES:
        catalogue = translations(language)
        known.update({catalogue[word]: word for word in words if catalogue.get(word)})
    return known


def moment_of(entry: SaveEntry) -> str:
    """Whether the game is over and who won it, or where it stands, and when it was saved
    ("finished · won by Ben · saved 2026-11-20 20:36", "turn 4 · autosave 2026-11-22
    20:07")."""
    saved = entry.summary or entry.saved
    if saved is None:
        return _("cannot be read")
    kind = _("autosave") if entry.is_autosave else _("saved")
    when = f"{kind} {showable(local_time(saved.saved_at))}"
    if not saved.finished:
        where = progress_text(dict(saved.progress))
        return f"{where} · {when}" if where else when
    if saved.winners:
        won = _("won by {names}").format(names=" & ".join(showable(n) for n in saved.winners))
        return f"{_('finished')} · {won} · {when}"
    return f"{_('finished')} · {when}"


def progress_text(progress: dict[str, int]) -> str:
    """Where an unfinished game stands, from its save's `progress` ("turn 4", "round 3",
    "game 2 of 3 · 14 cards on the table"); empty for a save written before saves said it."""
    parts = []
    if "turn" in progress:
        parts.append(_("turn {turn}").format(turn=progress["turn"]))
    if "round" in progress:
        parts.append(_("round {round}").format(round=progress["round"]))
    if progress.get("games", 1) > 1 and "game" in progress:
        parts.append(_("game {game} of {games}").format(game=progress["game"],
                                                          games=progress["games"]))
    if "cards" in progress:
        parts.append(ngettext("{n} card on the table", "{n} cards on the table",
                              progress["cards"]).format(n=progress["cards"]))
    return " · ".join(parts)


def game_to_continue(entries: list[SaveEntry]) -> int | None:
    """The entry the list starts on: the newest game still to be played (finished games
    gather in the list as replays and should not hide it), else the newest save."""
    playable = (i for i, e in enumerate(entries)
                if e.summary is not None and not e.summary.finished)
    return next(playable, 0 if entries else None)


def is_finished(entry: SaveEntry) -> bool:
    return entry.summary is not None and entry.summary.finished


class SavesScene(WidgetScene):
    arrows_move_focus = True

    def __init__(self, services: Services, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else paths.saves_dir()
        self.entries = one_per_moment(saved_entries(self.folder))
        self.selected: int | None = game_to_continue(self.entries)
        self.problem: str | None = None
        super().__init__(services)

    def _list_area(self) -> pygame.Rect:
        return pygame.Rect(self.px(140), self.px(120), self.size[0] - self.px(480),
                           self.px(430))

    def build(self, size: tuple[int, int]) -> None:
        area = self._list_area()
        self.save_list: ScrollList | None = None
        if self.entries:
            self.save_list = ScrollList(area, [title_of(e) for e in self.entries], self.select,
                                        selected=self.selected, row_height=self.px(62),
                                        details=[moment_of(e) for e in self.entries])
            self.ui.add(self.save_list)
        side_w, side_h = self.px(180), self.px(50)
        side_x = area.right + self.px(20)
        self.rename_button = Button((side_x, area.y, side_w, side_h), N_("Rename"),
                                    self.ask_rename, size=self.px(20),
                                    tooltip=N_("Give this save a new title (F2)"))
        self.delete_button = Button((side_x, area.y + side_h + self.px(16), side_w, side_h),
                                    N_("Delete"), self.ask_delete, style="danger",
                                    size=self.px(20), tooltip=N_("Delete this save (Del)"))
        self.ui.add(self.rename_button)
        self.ui.add(self.delete_button)
        bw, bh = self.px(240), self.px(58)
        self.ui.add(Button((self.px(140), size[1] - self.px(110), bw, bh), N_("Back"), self.back))
        replay_w = self.px(330)            # German "Wiederholung ansehen" is the longest
        self.open_button = Button((size[0] - self.px(140) - replay_w, size[1] - self.px(110),
                                   replay_w, bh), self._open_label, self.open_selected,
                                  style="primary", size=self.px(22))
        self.ui.add(self.open_button)
        self.ui.default = self.open_button
        self.replay_button = Button((size[0] - self.px(160) - 2 * replay_w,
                                     size[1] - self.px(110), replay_w, bh),
                                    N_("Watch replay"), self.replay, size=self.px(20),
                                    tooltip=N_("Step through the game move by move; export "
                                               "its log"))
        self.ui.add(self.replay_button)
        self._show_choices()

    def _open_label(self) -> str:
        """The main button: a finished game can only be watched again."""
        return _("Watch replay") if self._selected_finished() else _("Resume")

    def _selected_finished(self) -> bool:
        return self.selected is not None and is_finished(self.entries[self.selected])

    def _show_choices(self) -> None:
        chosen = self.selected is not None
        for button in (self.open_button, self.rename_button, self.delete_button,
                       self.replay_button):
            button.enabled = chosen
        self.rename_button.enabled = chosen and self._selected_entry_readable()
        self.replay_button.visible = not self._selected_finished()   # the main button does

    def _selected_entry_readable(self) -> bool:
        return self.selected is not None and self.entries[self.selected].summary is not None

    def select(self, index: int) -> None:
        self.selected = index
        self.problem = None
        self._show_choices()
        self.dirty = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Besides the buttons: Delete asks to delete the selected save, F2 renames it; Up and
        Down pick a save while no button has the keyboard."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DELETE, pygame.K_F2) \
                and self.selected is not None:
            self.dirty = True
            (self.ask_delete if event.key == pygame.K_DELETE else self.ask_rename)()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) \
                and self.ui.focused() is None and self.save_list is not None:
            self.save_list.focused = True
        return super().handle_event(event)

    def open_selected(self) -> None:
        if self._selected_finished():
            self.replay()
        else:
            self.resume()

    def resume(self) -> None:
        if self.selected is None:
            return
        self.problem = open_save(self.services, self.entries[self.selected])
        self.dirty = True

    def replay(self) -> None:
        if self.selected is None:
            return
        self.problem = open_save(self.services, self.entries[self.selected], replay=True)
        self.dirty = True

    def ask_delete(self) -> None:
        if self.selected is None:
            return
        entry = self.entries[self.selected]
        question = _("Delete “{save}”? This cannot be undone.").format(save=describe(entry))
        self.services.scenes.push(ConfirmDialog(self.services, lambda: question,
                                                lambda: self.delete(entry), yes=N_("Delete"),
                                                danger=True))

    def delete(self, entry: SaveEntry) -> None:
        try:
            entry.path.unlink()
        except FileNotFoundError:
            pass                                  # already gone: the list catches up
        except OSError as exc:
            self.problem = _("Cannot delete {path}: {reason}").format(
                path=entry.path, reason=exc.strerror or exc)
            return
        self.refresh()

    def ask_rename(self) -> None:
        if self.selected is None or self.entries[self.selected].summary is None:
            return
        entry = self.entries[self.selected]
        assert entry.summary is not None
        self.services.scenes.push(RenameDialog(self.services, entry.summary.title,
                                               lambda title: self.rename(entry, title)))

    def rename(self, entry: SaveEntry, title: str) -> None:
        """Give the save a new title (the game in it stays as it was)."""
        saved = entry.saved
        if saved is None:
            self.problem = entry.problem
            self.dirty = True
            return
        saved.title = title.strip()
        try:
            write_save(entry.path, saved)
        except OSError as exc:
            self.problem = save_warning(entry.path, exc)
            self.dirty = True
            return
        self.refresh(keep=entry.path)

    def refresh(self, keep: Path | None = None) -> None:
        """List the saves again (after a delete or a rename), keeping the selection near."""
        before = self.selected or 0
        self.entries = one_per_moment(saved_entries(self.folder))
        listed = [e.path for e in self.entries]
        if keep in listed:
            self.selected = listed.index(keep)
        else:
            self.selected = min(before, len(self.entries) - 1) if self.entries else None
        self.problem = None
        self.on_resize(self.size)

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_text(surface, _("Saved games"), theme.font(self.px(44), bold=True), theme.TEXT,
                  (self.size[0] // 2, self.px(64)), "center")
        if not self.entries:
            box = self._list_area().copy()
            box.h = self.px(120)
            draw_panel(surface, box)
            draw_paragraphs(surface, _("No saved games yet. Games save themselves after every "
                                       "turn; Esc in a game saves and quits."),
                            theme.font(self.px(22)), theme.TEXT_DIM,
                            box.inflate(-self.px(40), -self.px(40)))
        message = self.problem
        if message is None and self.selected is not None:
            entry = self.entries[self.selected]
            # Only a save listed as damaged says why at once: reading a long save whole to
            # find out takes a second; any other fault shows when it is resumed.
            if entry.summary is None:
                message = entry.problem
        below = pygame.Rect(self.px(140), self.px(565), self.size[0] - self.px(280),
                            self.px(60))
        if message:
            draw_paragraphs(surface, message, theme.font(self.px(18)), theme.DANGER, below)
        elif self.selected is not None and self.save_list is not None \
                and not self.save_list.shows_whole(self.selected):
            # a long title (eight players' names) is cut in its row: whole here
            draw_paragraphs(surface, title_of(self.entries[self.selected]),
                            theme.font(self.px(18)), theme.TEXT_DIM, below)


class RenameDialog(WidgetScene):
    """A new title for a save: type it, Enter (or Rename) keeps it, Esc cancels."""

    overlay = True

    def __init__(self, services: Services, title: str,
                 on_rename: Callable[[str], None]) -> None:
        self.title = title
        self.on_rename = on_rename
        self.notice: str | None = None
        super().__init__(services)

    def _box(self) -> pygame.Rect:
        box = pygame.Rect(0, 0, self.px(760), self.px(260))
        box.center = (self.size[0] // 2, self.size[1] // 2)
        return box

    def build(self, size: tuple[int, int]) -> None:
        box = self._box()
        field = TextInput((box.x + self.px(30), box.y + self.px(84), box.w - self.px(60),
                           self.px(52)), self.title, self._typed, max_length=TITLE_MAX_LENGTH,
                          placeholder=N_("Title"), on_refused=self.character_refused)
        field.focused = True
        self.ui.add(field)
        w, h = self.px(200), self.px(52)
        self.ui.add(Button((box.centerx - w - self.px(10), box.bottom - h - self.px(24), w, h),
                           N_("Cancel"), self.back))
        rename = Button((box.centerx + self.px(10), box.bottom - h - self.px(24), w, h),
                        N_("Rename"), self._rename, style="primary")
        rename.enabled = bool(self.title.strip())
        self.ui.add(rename)
        self.ui.default = rename
        self.rename_button = rename

    def _typed(self, text: str) -> None:
        self.title = text
        self.rename_button.enabled = bool(text.strip())
        self.notice = None

    def character_refused(self, _characters: str) -> None:
        self.notice = _(CHARACTER_REFUSED)
        self.dirty = True

    def _rename(self) -> None:
        self.services.scenes.pop()
        self.on_rename(self.title)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.rename_button.enabled:
                self._rename()
            return True
        return super().handle_event(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        scrim(surface)
        box = self._box()
        draw_panel(surface, box)
        draw_text(surface, _("Rename this save"), theme.font(self.px(28), bold=True),
                  theme.TEXT, (box.x + self.px(30), box.y + self.px(28)),
                  max_width=box.w - self.px(60))
        if self.notice:
            draw_text(surface, self.notice, theme.font(self.px(16)), theme.DANGER,
                      (box.x + self.px(30), box.y + self.px(142)), max_width=box.w - self.px(60))


def continue_last_game(services: Services) -> None:
    """Open the list of saves (newest first): the menu's Continue."""
    services.scenes.push(SavesScene(services))
