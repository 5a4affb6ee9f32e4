"""The game setup every game reuses: players (name, colour, human or bot and its level),
variant, board."""

from __future__ import annotations

import random

import pygame

from game.app.services import Services
from game.i18n import N_, _
from game.scenes.base import WidgetScene
from game.scenes.dialogs import MessageScene
from game.scenes.games import (BoardChoice, GameSetup, GameSpec, PlayerSetup, board_choices,
                               find_start)
from game.ui import art, theme
from game.ui.widgets import (Button, Cycler, ScrollList, TextInput, draw_panel,
                             draw_paragraphs, draw_text)

COLOUR_LABELS = {"red": N_("Red"), "blue": N_("Blue"), "green": N_("Green"),
                 "yellow": N_("Yellow"), "purple": N_("Purple"), "orange": N_("Orange"),
                 "cyan": N_("Cyan"), "white": N_("White")}
DEFAULT_NAMES = ("Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta", "Hugo")


def default_players(spec: GameSpec, count: int) -> list[PlayerSetup]:
    """Sensible first players: one human, bots for the rest."""
    colours = [name for name, _rgb, _shape in theme.PLAYER_STYLES]
    return [PlayerSetup(DEFAULT_NAMES[i], colours[i],
                        None if i == 0 else spec.bot_levels[min(1, len(spec.bot_levels) - 1)][0])
            for i in range(count)]


class SetupScene(WidgetScene):
    def __init__(self, services: Services, spec: GameSpec) -> None:
        self.spec = spec
        self.variant = spec.variants[0]
        self.players = default_players(spec, max(self.variant.min_players, min(2, self.variant.max_players)))
        self.boards: list[BoardChoice] = board_choices(spec)
        usable = [i for i, b in enumerate(self.boards) if b.problem is None]
        self.board_index: int | None = usable[0] if usable else None
        self.problem: str | None = None
        super().__init__(services)

    # -- layout ----------------------------------------------------------------------------
    def _players_panel(self) -> pygame.Rect:
        return pygame.Rect(self.px(40), self.px(110), self.px(760), self.px(500))

    def _options_panel(self) -> pygame.Rect:
        return pygame.Rect(self.px(820), self.px(110), self.size[0] - self.px(860), self.px(500))

    def build(self, size: tuple[int, int]) -> None:
        panel = self._players_panel()
        row_h, gap = self.px(46), self.px(8)
        rows = len(self.players)
        row_h = min(row_h, (panel.h - self.px(120)) // max(1, rows) - gap)
        colours = [name for name, _rgb, _shape in theme.PLAYER_STYLES]
        levels = [(None, N_("Human"))] + [(k, label) for k, label in self.spec.bot_levels]
        for i, player in enumerate(self.players):
            y = panel.y + self.px(60) + i * (row_h + gap)
            x = panel.x + self.px(70)
            self.ui.add(TextInput((x, y, self.px(200), row_h), player.name,
                                  lambda text, p=player: setattr(p, "name", text),
                                  placeholder=N_("Name")))
            taken = {p.colour for p in self.players if p is not player}
            self.ui.add(Cycler((x + self.px(210), y, self.px(180), row_h),
                               [(c, COLOUR_LABELS[c]) for c in colours if c not in taken],
                               lambda p=player: p.colour,
                               lambda c, p=player: self._set_colour(p, c)))
            self.ui.add(Cycler((x + self.px(400), y, self.px(230), row_h), levels,
                               lambda p=player: p.bot_level,
                               lambda level, p=player: self._set_level(p, level)))
            remove = Button((panel.right - self.px(60), y, row_h, row_h), "✕",
                            lambda p=player: self._remove(p), translate=False,
                            tooltip=N_("Remove this player"))
            remove.enabled = rows > self.variant.min_players
            self.ui.add(remove)
        add = Button((panel.x + self.px(70), panel.bottom - self.px(64), self.px(240), self.px(48)),
                     N_("Add player"), self._add)
        add.enabled = rows < self.variant.max_players
        self.ui.add(add)

        options = self._options_panel()
        ox, ow = options.x + self.px(24), options.w - self.px(48)
        self.ui.add(Cycler((ox, options.y + self.px(60), ow, self.px(50)),
                           [(v.id, v.label) for v in self.spec.variants],
                           lambda: self.variant.id, self._set_variant))
        if self.spec.board_format is not None and self.boards:
            labels = [b.name if b.problem is None else f"{b.path.stem} ⚠" for b in self.boards]
            self.ui.add(ScrollList((ox, options.y + self.px(230), ow, options.h - self.px(250)),
                                   labels, self._select_board, selected=self.board_index,
                                   row_height=self.px(36)))
        bw, bh = self.px(240), self.px(58)
        self.ui.add(Button((self.px(40), size[1] - self.px(90), bw, bh), N_("Back"), self.back))
        start = Button((size[0] - self.px(40) - bw, size[1] - self.px(90), bw, bh),
                       N_("Start"), self.start, style="primary")
        self.ui.add(start)
        self.ui.default = start

    # -- changes ---------------------------------------------------------------------------
    def _rebuild(self) -> None:
        self.problem = None
        self.on_resize(self.size)

    def _set_colour(self, player: PlayerSetup, colour: str) -> None:
        player.colour = colour
        self._rebuild()

    def _set_level(self, player: PlayerSetup, level: str | None) -> None:
        player.bot_level = level
        self.dirty = True

    def _add(self) -> None:
        if len(self.players) >= self.variant.max_players:
            return
        used = {p.colour for p in self.players}
        names = {p.name for p in self.players}
        colour = next(c for c, _rgb, _s in theme.PLAYER_STYLES if c not in used)
        name = next(n for n in DEFAULT_NAMES if n not in names)
        self.players.append(PlayerSetup(name, colour, self.spec.bot_levels[0][0]))
        self._rebuild()

    def _remove(self, player: PlayerSetup) -> None:
        if len(self.players) > self.variant.min_players:
            self.players.remove(player)
            self._rebuild()

    def _set_variant(self, variant_id: str) -> None:
        self.variant = next(v for v in self.spec.variants if v.id == variant_id)
        while len(self.players) > self.variant.max_players:
            self.players.pop()
        while len(self.players) < self.variant.min_players:
            self._add()
        self._rebuild()

    def _select_board(self, index: int) -> None:
        self.board_index = index
        self.problem = None
        self.dirty = True

    def validation_problem(self) -> str | None:
        """Why the game cannot start with these choices (None when it can)."""
        names = [p.name.strip() for p in self.players]
        if any(not n for n in names):
            return _("Every player needs a name.")
        if len(set(n.casefold() for n in names)) != len(names):
            return _("Two players have the same name.")
        if self.spec.board_format is not None:
            if self.board_index is None:
                return _("Choose a board.")
            board = self.boards[self.board_index]
            if board.problem is not None:
                return _("This board has a mistake: {problem}").format(problem=board.problem)
            if board.players and not board.players[0] <= len(self.players) <= board.players[1]:
                return _("This course is for {low}–{high} players.").format(
                    low=board.players[0], high=board.players[1])
        return None

    def make_setup(self) -> GameSetup:
        board = self.boards[self.board_index].path if self.board_index is not None else None
        return GameSetup(self.spec.id, [PlayerSetup(p.name.strip(), p.colour, p.bot_level)
                                        for p in self.players],
                         self.variant.id, board, seed=random.SystemRandom().randrange(2**31))

    def start(self) -> None:
        self.problem = self.validation_problem()
        if self.problem is not None:
            self.dirty = True
            return
        starter = find_start(self.spec)
        if starter is None:
            self.services.scenes.push(MessageScene(
                self.services, self.spec.title,
                lambda: _("{game} is coming: its table is being built. The menu, settings and "
                          "setup already work.").format(game=_(self.spec.title))))
            return
        self.services.scenes.reset(starter(self.services, self.make_setup()))

    # -- drawing ---------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        draw_text(surface, _("New game: {game}").format(game=_(self.spec.title)),
                  theme.font(self.px(40), bold=True), theme.TEXT, (self.px(40), self.px(34)))
        panel = self._players_panel()
        draw_panel(surface, panel)
        draw_text(surface, _("Players"), theme.font(self.px(24), bold=True), theme.TEXT,
                  (panel.x + self.px(24), panel.y + self.px(16)))
        row_h, gap = self.px(46), self.px(8)
        row_h = min(row_h, (panel.h - self.px(120)) // max(1, len(self.players)) - gap)
        for i, player in enumerate(self.players):
            y = panel.y + self.px(60) + i * (row_h + gap)
            robot = pygame.Rect(panel.x + self.px(14), y - self.px(2), row_h + self.px(4),
                                row_h + self.px(4))
            art.draw_robot(surface, robot, theme.PLAYER_COLOURS[player.colour],
                           shape=theme.PLAYER_SHAPES[player.colour],
                           letter=player.name[:1].upper())
            if self.spec.seat_names and i < len(self.spec.seat_names):
                draw_text(surface, _(self.spec.seat_names[i]), theme.font(self.px(15)),
                          theme.TEXT_DIM, (panel.right - self.px(70), y + row_h // 2), "midright")
        options = self._options_panel()
        draw_panel(surface, options)
        draw_text(surface, _("Variant"), theme.font(self.px(24), bold=True), theme.TEXT,
                  (options.x + self.px(24), options.y + self.px(16)))
        draw_paragraphs(surface, _(self.variant.description), theme.font(self.px(17)),
                        theme.TEXT_DIM, pygame.Rect(options.x + self.px(24),
                                                    options.y + self.px(122),
                                                    options.w - self.px(48), self.px(60)))
        if self.spec.board_format is not None:
            draw_text(surface, _("Board"), theme.font(self.px(24), bold=True), theme.TEXT,
                      (options.x + self.px(24), options.y + self.px(190)))
            if not self.boards:
                draw_paragraphs(surface, _("No boards found yet."), theme.font(self.px(18)),
                                theme.TEXT_DIM, pygame.Rect(options.x + self.px(24),
                                                            options.y + self.px(240),
                                                            options.w - self.px(48), self.px(80)))
        if self.problem:
            draw_text(surface, self.problem, theme.font(self.px(20), bold=True), theme.DANGER,
                      (self.size[0] // 2, self.size[1] - self.px(60)), "center",
                      max_width=self.size[0] - self.px(600))
