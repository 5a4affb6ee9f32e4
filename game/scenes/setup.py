"""The game setup every game reuses: players (name, colour, human or bot and its level),
variant, board (with a preview and the player counts it allows), and the options a game's
scene reads from `GameSetup.options`."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any, Sequence

import pygame

from game.app.services import Services
from game.data.errors import DataError
from game.i18n import N_, _, ngettext
from game.scenes.base import WidgetScene
from game.scenes.dialogs import MessageScene
from game.scenes.board_scan import BoardChoice, BoardScan
from game.scenes.games import NAME_MAX_LENGTH, GameSetup, GameSpec, PlayerSetup, find_start
from game.scenes.setup_memory import OptionFields, recall, remember, remembered_board_index
from game.ui import art, theme
from game.ui.text_drawing import draw_paragraphs, draw_text, wrap_text
from game.ui.widgets import (CHARACTER_REFUSED, Button, Cycler, ScrollList, TextInput, Toggle,
                             draw_panel)

COLOUR_LABELS = {"red": N_("Red"), "blue": N_("Blue"), "green": N_("Green"),
                 "yellow": N_("Yellow"), "purple": N_("Purple"), "orange": N_("Orange"),
                 "cyan": N_("Cyan"), "white": N_("White")}
DEFAULT_NAMES = ("Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta", "Hugo")

MATCH_LENGTHS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
"""Robot Master match lengths on offer (RM-7.1: the players fix the number of games)."""
DEFAULT_MATCH_GAMES = 3
"""The table's own default (game.controllers.robotmaster.DEFAULT_MATCH_GAMES), repeated here
so the setup screen does not import a game's controller; a test keeps the two equal."""
REMEMBERED_OPTIONS: OptionFields = {
    "timer": ("timer", lambda value: isinstance(value, bool)),
    "games": ("match_games", lambda value: type(value) is int and value in MATCH_LENGTHS),
}


def players_text(low: int, high: int) -> str:
    """"2–8 players", or "1 player" when the range is a single count."""
    if low == high:
        return ngettext("{n} player", "{n} players", low).format(n=low)
    return _("{low}–{high} players").format(low=low, high=high)


_previews: dict[tuple[str, int, tuple[int, int]], pygame.Surface | None] = {}
PREVIEW_CACHE_LIMIT = 48


def board_preview(board_format: str, path: Path, size: tuple[int, int]) -> pygame.Surface | None:
    """A picture of the board in `path` that fits `size`, or None when it cannot be drawn.

    Drawing a course takes tens of milliseconds, so pictures are kept per (file, its
    modification time, size): a designer who saves the file gets a fresh one."""
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return None
    key = (str(path), stamp, size)
    if key not in _previews:
        if len(_previews) >= PREVIEW_CACHE_LIMIT:
            _previews.clear()
        _previews[key] = _draw_preview(board_format, path, size)
    return _previews[key]


def _draw_preview(board_format: str, path: Path, size: tuple[int, int]) -> pygame.Surface | None:
    if size[0] < 16 or size[1] < 16:
        return None
    # the game views are imported here, not at the top: they take some 60 ms, which a setup
    # screen without board previews (Robot Master's) need not wait for
    if board_format == "roborally-course/1":
        from game.ui.roborally_view import course_preview
        return course_preview(path, size)
    if board_format == "volt-arena/1":
        from game.ui.volt_view import RENDER_SIDE_COLOURS, ArenaView
        from game.volt.data import load_arena
        try:
            arena = load_arena(path)
        except (DataError, OSError):
            return None
        picture = pygame.Surface(size, pygame.SRCALPHA)
        ArenaView(arena, picture.get_rect(), side_colours=RENDER_SIDE_COLOURS).draw_board(picture)
        return picture
    return None


BOARD_SCAN_EVENT = pygame.event.custom_type()
SCAN_WAKE_SECONDS = 0.1
"""How often the board scan wakes the window to show its progress (every frame would take
the time the scan needs: a setup frame costs ~8 ms)."""


class _ScanWake:
    """Wakes the main loop (which sleeps while nothing moves) from the scan's thread: at most
    every SCAN_WAKE_SECONDS while it reads, and at once when it is done."""

    def __init__(self) -> None:
        self.last = 0.0

    def __call__(self, finished: bool) -> None:
        now = time.monotonic()
        if finished or now - self.last >= SCAN_WAKE_SECONDS:
            self.last = now
            _post_quietly(pygame.event.Event(BOARD_SCAN_EVENT))


def _post_quietly(event: pygame.event.Event) -> None:
    try:
        pygame.event.post(event)
    except pygame.error:
        pass  # no display any more (the app is closing): nobody to wake


def board_label(board: BoardChoice) -> str:
    """A board's row in the list: ⚠ first for a file with a mistake and ✎ for the player's
    own, so a long name cut short never hides them (issue 18)."""
    if board.problem is not None:
        return f"⚠ {board.path.stem}"
    return board.name if board.builtin else f"✎ {board.name}"


def default_players(spec: GameSpec, count: int) -> list[PlayerSetup]:
    """Sensible first players: one human, bots for the rest."""
    colours = [name for name, _rgb, _shape in theme.PLAYER_STYLES]
    return [PlayerSetup(DEFAULT_NAMES[i], colours[i], None if i == 0 else default_level(spec))
            for i in range(count)]


def default_level(spec: GameSpec) -> str:
    """The bot level a new bot seat starts at: the middle one (normal), as the setup's
    first bots do."""
    return spec.bot_levels[min(1, len(spec.bot_levels) - 1)][0]


class SetupScene(WidgetScene):
    def __init__(self, services: Services, spec: GameSpec) -> None:
        self.spec = spec
        self.variant = spec.variants[0]
        self.players = default_players(spec, max(self.variant.min_players, min(2, self.variant.max_players)))
        self.settings = services.settings
        self.scan = BoardScan(spec, _ScanWake())  # read in the background (issue 17)
        self.boards: list[BoardChoice] = []
        self.board_index: int | None = None
        self._boards_taken = False
        self._take_scanned_boards()
        self.problem: str | None = None
        self.timer = False                      # RoboRally RR-5.7 programming timer
        self.match_games = DEFAULT_MATCH_GAMES  # Robot Master RM-7.1
        recall(self, services.settings, REMEMBERED_OPTIONS)   # the last game's choices
        super().__init__(services)

    # -- the boards, read in the background ------------------------------------------------
    def _take_scanned_boards(self) -> bool:
        """Show the scanned boards once the scan has finished; True when it just did."""
        if self._boards_taken or not self.scan.finished.is_set():
            return False
        self._boards_taken = True
        self.boards = self.scan.choices
        usable = [i for i, b in enumerate(self.boards) if b.problem is None]
        remembered = remembered_board_index(self, self.settings)   # the last game's board
        self.board_index = remembered if remembered is not None else \
            (usable[0] if usable else None)
        return True

    def wait_for_boards(self, timeout: float | None = None) -> bool:
        """Block until the board list is read (tests, screenshots); True if it is."""
        self.scan.wait(timeout)
        if self._take_scanned_boards():
            self._rebuild()
        return self._boards_taken

    def update(self, dt: float) -> None:
        if self._take_scanned_boards():
            self._rebuild()
        super().update(dt)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == BOARD_SCAN_EVENT:
            self.dirty = True               # the progress moved, or the list is complete
            return True
        return super().handle_event(event)

    # -- layout ----------------------------------------------------------------------------
    # Design units (1280×720). A player row: robot, name, colour, human/bot; VOLT adds a
    # caption above each row naming its seat, as its rows have room to spare (2–4 players).
    def _players_panel(self) -> pygame.Rect:
        return pygame.Rect(self.px(40), self.px(110), self.px(720), self.px(500))

    def _options_panel(self) -> pygame.Rect:
        return pygame.Rect(self.px(780), self.px(110), self.size[0] - self.px(820), self.px(500))

    def _rows(self) -> list[pygame.Rect]:
        """Where each player's row lies (its controls; the seat caption sits above)."""
        panel = self._players_panel()
        caption = self.px(20) if self.spec.seat_names else 0
        gap = self.px(8)
        count = max(1, len(self.players))
        row_h = min(self.px(46), (panel.h - self.px(130)) // count - gap - caption)
        return [pygame.Rect(panel.x, panel.y + self.px(60) + caption + i * (row_h + gap + caption),
                            panel.w, row_h) for i in range(len(self.players))]

    def _has_board(self) -> bool:
        return self.spec.board_format is not None

    def _option_row(self) -> pygame.Rect | None:
        """The row for the game's own option (timer, match length), or None."""
        options = self._options_panel()
        ox, ow = options.x + self.px(24), options.w - self.px(48)
        if self.spec.id == "roborally":
            return pygame.Rect(ox, options.bottom - self.px(66), ow, self.px(46))
        if self.spec.id == "robot-master":
            return pygame.Rect(ox, options.y + self.px(216), ow, self.px(46))
        return None

    def board_area(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Where the board list and the picture of the chosen board beside it lie."""
        options = self._options_panel()
        ox, ow = options.x + self.px(24), options.w - self.px(48)
        top = options.y + self.px(206)
        row = self._option_row()
        bottom = (row.y - self.px(16)) if row is not None else options.bottom - self.px(20)
        list_w = ow // 2                    # room for a board's whole name
        board_list = pygame.Rect(ox, top, list_w, bottom - top)
        preview = pygame.Rect(board_list.right + self.px(12), top,
                              ox + ow - board_list.right - self.px(12), bottom - top)
        return board_list, preview

    def build(self, size: tuple[int, int]) -> None:
        panel = self._players_panel()
        colours = [name for name, _rgb, _shape in theme.PLAYER_STYLES]
        levels = [(None, N_("Human"))] + [(k, label) for k, label in self.spec.bot_levels]
        for player, row in zip(self.players, self._rows()):
            self._add_player_row(player, row, panel, colours, levels)
        add = Button((panel.x + self.px(70), panel.bottom - self.px(64), self.px(240), self.px(48)),
                     N_("Add player"), self._add)
        add.enabled = len(self.players) < self.variant.max_players
        self.ui.add(add)

        options = self._options_panel()
        ox, ow = options.x + self.px(24), options.w - self.px(48)
        self.ui.add(Cycler((ox, options.y + self.px(56), ow, self.px(46)),
                           [(v.id, v.label) for v in self.spec.variants],
                           lambda: self.variant.id, self._set_variant))
        if self._has_board() and self.boards:
            board_list, _preview = self.board_area()
            labels = [board_label(b) for b in self.boards]
            boards = ScrollList(board_list, labels, self._select_board,
                                selected=self.board_index, row_height=self.px(34))
            if self.board_index is not None:  # keep the chosen board in view after a rebuild
                boards.scroll = min(boards.max_scroll, max(
                    0, (self.board_index + 1) * boards.row_height - boards.rect.h))
            self.ui.add(boards)
        option_row = self._option_row()
        if option_row is not None and self.spec.id == "roborally":
            self.ui.add(Toggle(option_row, N_("Programming timer"), lambda: self.timer,
                               self._set_timer,
                               tooltip=N_("When only one robot is still being programmed, "
                                          "its player has 30 seconds left (RR-5.7).")))
        elif option_row is not None and self.spec.id == "robot-master" \
                and self.variant.id != "solo":
            lengths = [(n, ngettext("{n} game", "{n} games", n).format(n=n))
                       for n in MATCH_LENGTHS]
            self.ui.add(Cycler(option_row, lengths, lambda: self.match_games,
                               self._set_match_games, translate=False))
        bw, bh = self.px(240), self.px(58)
        self.ui.add(Button((self.px(40), size[1] - self.px(90), bw, bh), N_("Back"), self.back))
        start = Button((size[0] - self.px(40) - bw, size[1] - self.px(90), bw, bh),
                       N_("Start"), self.start, style="primary")
        self.ui.add(start)
        self.ui.default = start

    def _add_player_row(self, player: PlayerSetup, row: pygame.Rect, panel: pygame.Rect,
                        colours: list[str], levels: Sequence[tuple[str | None, str]]) -> None:
        """One player's row: name, colour, human or bot level, and a button that removes it."""
        x, y, row_h = row.x + self.px(70), row.y, row.h
        self.ui.add(TextInput((x, y, self.px(165), row_h), player.name,
                              lambda text: self._name_typed(player, text),
                              max_length=NAME_MAX_LENGTH, placeholder=N_("Name"),
                              on_refused=self.character_refused))
        taken = {p.colour for p in self.players if p is not player}
        self.ui.add(Cycler((x + self.px(175), y, self.px(170), row_h),
                           [(c, COLOUR_LABELS[c]) for c in colours if c not in taken],
                           lambda: player.colour,
                           lambda c: self._set_colour(player, c)))
        self.ui.add(Cycler((x + self.px(355), y, self.px(230), row_h), levels,
                           lambda: player.bot_level,
                           lambda level: self._set_level(player, level)))
        remove = Button((panel.right - self.px(10) - row_h, y, row_h, row_h), "✕",
                        lambda: self._remove(player), translate=False,
                        tooltip=N_("Remove this player"))
        remove.enabled = len(self.players) > self.variant.min_players
        self.ui.add(remove)

    # -- changes ---------------------------------------------------------------------------
    def _name_typed(self, player: PlayerSetup, text: str) -> None:
        player.name = text
        if self.problem == _(CHARACTER_REFUSED):
            self.problem = None         # typing on: the notice has been read
            self.dirty = True

    def character_refused(self, _characters: str) -> None:
        self.problem = _(CHARACTER_REFUSED)
        self.dirty = True

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
        # another opponent like the last one set up (three strong bots take one choice each)
        level = next((p.bot_level for p in reversed(self.players) if p.bot_level is not None),
                     default_level(self.spec))
        self.players.append(PlayerSetup(name, colour, level))
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

    def _set_timer(self, on: bool) -> None:
        self.timer = on
        self.dirty = True

    def _set_match_games(self, games: int) -> None:
        self.match_games = games
        self.dirty = True

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
            if not self._boards_taken:
                return _("The boards are still being read; a moment, please.")
            if self.board_index is None:
                return _("Choose a board.")
            board = self.boards[self.board_index]
            if board.problem is not None:
                return _("This board has a mistake: {problem}").format(problem=board.problem)
            if not self.board_fits():
                assert board.players is not None
                return _("{board} is for {players}; add or remove players to start.").format(
                    board=board.name, players=players_text(*board.players))
        return None

    def chosen_board(self) -> BoardChoice | None:
        return self.boards[self.board_index] if self.board_index is not None else None

    def board_fits(self) -> bool:
        """Whether the chosen board allows this many players (True without a range)."""
        board = self.chosen_board()
        return board is None or board.players is None or \
            board.players[0] <= len(self.players) <= board.players[1]

    def options(self) -> dict[str, Any]:
        """The options the game's scene reads (only keys it knows)."""
        if self.spec.id == "roborally":
            return {"timer": self.timer}
        if self.spec.id == "robot-master" and self.variant.id != "solo":
            return {"games": self.match_games}
        return {}

    def make_setup(self) -> GameSetup:
        board = self.boards[self.board_index].path if self.board_index is not None else None
        return GameSetup(self.spec.id, [PlayerSetup(p.name.strip(), p.colour, p.bot_level)
                                        for p in self.players],
                         self.variant.id, board, seed=random.SystemRandom().randrange(2**31),
                         options=self.options())

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
        setup = self.make_setup()
        remember(self.services, setup)
        scene = starter(self.services, setup)
        if isinstance(scene, MessageScene):     # the game refused: Back returns here
            self.services.scenes.push(scene)
        else:
            self.services.scenes.reset(scene)

    # -- drawing ---------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        draw_text(surface, _("New game: {game}").format(game=_(self.spec.title)),
                  theme.font(self.px(40), bold=True), theme.TEXT, (self.px(40), self.px(34)),
                  max_width=self.size[0] - self.px(80))
        panel = self._players_panel()
        draw_panel(surface, panel)
        draw_text(surface, _("Players"), theme.font(self.px(24), bold=True), theme.TEXT,
                  (panel.x + self.px(24), panel.y + self.px(16)))
        for i, (player, row) in enumerate(zip(self.players, self._rows())):
            robot = pygame.Rect(row.x + self.px(14), row.y - self.px(2), row.h + self.px(4),
                                row.h + self.px(4))
            art.draw_robot(surface, robot, theme.PLAYER_COLOURS[player.colour],
                           shape=theme.PLAYER_SHAPES[player.colour],
                           letter=player.name[:1].upper())
            if self.spec.seat_names and i < len(self.spec.seat_names):
                draw_text(surface, _("Seat: {side}").format(side=_(self.spec.seat_names[i])),
                          theme.font(self.px(15)), theme.TEXT_DIM,
                          (row.x + self.px(72), row.y - self.px(3)), "bottomleft")
        options = self._options_panel()
        ox, ow = options.x + self.px(24), options.w - self.px(48)
        draw_panel(surface, options)
        draw_text(surface, _("Variant"), theme.font(self.px(24), bold=True), theme.TEXT,
                  (ox, options.y + self.px(16)))
        draw_paragraphs(surface, _(self.variant.description), theme.font(self.px(16)),
                        theme.TEXT_DIM, pygame.Rect(ox, options.y + self.px(110), ow, self.px(48)),
                        line_gap=1.15)
        if self._has_board():
            self._draw_board_choice(surface)
        elif self.spec.id == "robot-master":
            draw_text(surface, _("Match"), theme.font(self.px(24), bold=True), theme.TEXT,
                      (ox, options.y + self.px(170)))
            note = _("Solo games have no match: beat your best score.") \
                if self.variant.id == "solo" else \
                _("Sides and the first player change every game; the highest total wins.")
            top = options.y + self.px(216) + (self.px(62) if self.variant.id != "solo" else 0)
            draw_paragraphs(surface, note, theme.font(self.px(16)), theme.TEXT_DIM,
                            pygame.Rect(ox, top, ow, self.px(80)), line_gap=1.15)
        if self.problem:
            self._draw_problem(surface, self.problem)

    def _draw_problem(self, surface: pygame.Surface, problem: str) -> None:
        """Why Start was refused, centred between Back and Start, on up to two lines (the
        German sentences are long)."""
        width = self.size[0] - self.px(600)
        font = theme.font(self.px(18), bold=True)
        lines = wrap_text(problem, font, width)
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        step = font.get_linesize()
        top = self.size[1] - self.px(61) - step * len(lines) // 2
        for i, line in enumerate(lines):
            draw_text(surface, line, font, theme.DANGER,
                      (self.size[0] // 2, top + i * step), "midtop", max_width=width)

    def _draw_board_choice(self, surface: pygame.Surface) -> None:
        options = self._options_panel()
        ox, ow = options.x + self.px(24), options.w - self.px(48)
        title_y = options.y + self.px(166)
        title = draw_text(surface, _("Board"), theme.font(self.px(24), bold=True), theme.TEXT,
                          (ox, title_y))
        board = self.chosen_board()
        if board is not None and board.players is not None:
            fits = self.board_fits()
            draw_text(surface, players_text(*board.players), theme.font(self.px(18), bold=not fits),
                      theme.TEXT_DIM if fits else theme.DANGER,
                      (ox + ow, title.centery), "midright",
                      max_width=ow - title.w - self.px(16))
        board_list, preview_rect = self.board_area()
        if not self._boards_taken:
            draw_paragraphs(surface, _("Reading the boards… {done} of {total}").format(
                done=self.scan.done, total=self.scan.total or "…"), theme.font(self.px(18)),
                theme.TEXT_DIM, pygame.Rect(ox, board_list.y, ow, self.px(80)))
            return
        if not self.boards:
            draw_paragraphs(surface, _("No boards found yet."), theme.font(self.px(18)),
                            theme.TEXT_DIM, pygame.Rect(ox, board_list.y, ow, self.px(80)))
            return
        pygame.draw.rect(surface, theme.BACKGROUND_DEEP, preview_rect, border_radius=8)
        if board is None:
            return
        if board.problem is not None:
            draw_paragraphs(surface, board.problem, theme.font(self.px(14)), theme.DANGER,
                            preview_rect.inflate(-self.px(16), -self.px(16)))
            return
        assert self.spec.board_format is not None
        inner = preview_rect.inflate(-self.px(8), -self.px(8))
        picture = board_preview(self.spec.board_format, board.path, inner.size)
        if picture is None:
            draw_paragraphs(surface, _("No preview for this board."), theme.font(self.px(16)),
                            theme.TEXT_DIM, inner)
            return
        surface.blit(picture, picture.get_rect(center=inner.center))
