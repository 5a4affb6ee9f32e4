"""Robot Master's end screen: every line's score with its breakdown, the winner and margin,
the match totals."""

from __future__ import annotations

import pygame

from game.app.services import Services
from game.controllers.robotmaster import RobotMasterController
from game.core.types import Pos
from game.i18n import N_, _, ngettext
from game.robotmaster import line_breakdown
from game.robotmaster.rules import GRID_SIZE
from game.scenes.base import WidgetScene
from game.scenes.dialogs import PauseMenu
from game.scenes.robotmaster.narration import result_headline
from game.scenes.robotmaster.painting import TablePainting
from game.scenes.robotmaster.replay import RobotMasterReplay
from game.scenes.robotmaster.texts import describe_line
from game.ui import theme
from game.ui import robotmaster_view as view
from game.ui.text_drawing import draw_text
from game.ui.widgets import Button, draw_panel


class RobotMasterEnd(WidgetScene):
    """Every line's score with its breakdown, the winner and margin, the match totals; next
    game, play again, or back to the menu."""

    arrows_move_focus = True
    GRID_CELL = 54   # one card of the finished grid, before scaling

    def __init__(self, services: Services, table: TablePainting) -> None:
        self.table = table
        super().__init__(services)

    @property
    def controller(self) -> RobotMasterController:
        return self.table.controller

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        bw, bh = self.px(300), self.px(56)
        c = self.controller
        if c.variant == "solo":
            again = N_("Play again")
        elif c.match_over():
            again = N_("New match")
        else:
            again = N_("Next game")
        y = h - bh - self.px(18)
        gap = self.px(20)
        text = bh * 0.38   # "Wiederholung ansehen" fits
        menu = Button((w // 2 - bw * 3 // 2 - gap, y, bw, bh), self.leave_game_label(), self.to_menu,
                      size=text)
        replay = Button((w // 2 - bw // 2, y, bw, bh), N_("Watch replay"), self.watch_replay,
                        tooltip=N_("Step through this game card by card; export its log"),
                        size=text)
        play = Button((w // 2 + bw // 2 + gap, y, bw, bh), again, self.play_again,
                      style="primary", size=text)
        self.ui.add(menu)
        self.ui.add(replay)
        self.ui.add(play)
        self.ui.default = play

    def play_again(self) -> None:
        self.services.scenes.pop()
        self.table.new_game()

    def watch_replay(self) -> None:
        """The game just finished in the replay viewer; closing it comes back here."""
        viewer = RobotMasterReplay(self.services, self.table.saved_game(),
                                   on_close=self.services.scenes.pop)
        self.services.scenes.push(viewer)

    def request_close(self) -> bool:
        return self.table.request_close()

    def to_menu(self) -> None:
        self.table.to_menu()

    def back(self) -> None:
        self.services.scenes.push(PauseMenu(self.services, rules=self.table.open_rules))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.table.open_rules()
            return True
        return super().handle_event(event)

    def grid(self) -> list[list[int]]:
        """The finished table as the end screen shows it, row by row from the top (empty
        while it is not full)."""
        cells = self.table.cells
        if len(cells) < GRID_SIZE * GRID_SIZE:
            return []
        xs = sorted({p.x for p in cells})
        ys = sorted({p.y for p in cells})
        return [[cells.get(Pos(x, y), 0) for x in xs] for y in ys]

    def headline(self) -> tuple[str, str]:
        if self.table.ended is None:
            return _("Game over"), ""
        return result_headline(self.controller, self.table.ended)

    def line_entries(self, side: str) -> list[tuple[str, list[int], str, bool]]:
        """What the end screen says about each line of `side`: its name, its cards, its
        score in words, and whether it is the side's lowest line (solo: the score)."""
        c = self.controller
        ended = self.table.ended
        grid = self.grid()
        if ended is None or not grid:
            return []
        lines = grid if side == "rows" else [list(col) for col in zip(*grid)]
        scores = ended.rows if side == "rows" else ended.columns
        low = min(range(len(scores)), key=lambda i: (scores[i], i))
        entries = []
        for i, cards in enumerate(lines):
            lowest = (i == low) if c.variant != "solo" else scores[i] == ended.solo_score
            number = (_("Row {n}") if side == "rows" else _("Column {n}")).format(n=i + 1)
            entries.append((number, cards, describe_line(line_breakdown(cards, c.rules),
                                                         c.rules), lowest))
        return entries

    def grid_origin(self) -> tuple[int, int]:
        return self.px(40), self.px(120)

    def score_badge_rects(self) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """Where the finished grid's line scores stand: the rows' at its right, the
        columns' below it."""
        cell = self.px(self.GRID_CELL)
        gx, gy = self.grid_origin()
        rows = [pygame.Rect(gx + 5 * cell + self.px(8), gy + i * cell + cell // 2 - self.px(14),
                            self.px(68), self.px(28))   # wide enough for 108 and its emblem
                for i in range(GRID_SIZE)]
        columns = [pygame.Rect(gx + i * cell + self.px(2), gy + 5 * cell + self.px(8),
                               cell - self.px(4), self.px(28)) for i in range(GRID_SIZE)]
        return rows, columns

    def draw_content(self, surface: pygame.Surface) -> None:
        w, h = self.size
        c = self.controller
        ended = self.table.ended
        title, detail = self.headline()
        draw_text(surface, title, theme.font(self.px(38), bold=True), theme.ACCENT,
                  (w // 2, self.px(40)), "center", max_width=w - self.px(40))
        draw_text(surface, detail, theme.font(self.px(19)), theme.TEXT,
                  (w // 2, self.px(82)), "center", max_width=w - self.px(40))
        grid = self.grid()
        if not grid or ended is None:
            return
        # the finished grid with its line scores
        cell = self.px(self.GRID_CELL)
        gx, gy = self.grid_origin()
        rows_low = min(range(GRID_SIZE), key=lambda i: (ended.rows[i], i))
        cols_low = min(range(GRID_SIZE), key=lambda i: (ended.columns[i], i))
        panel = pygame.Rect(gx - self.px(14), gy - self.px(14), cell * 5 + self.px(112),
                            cell * 5 + self.px(70))
        draw_panel(surface, panel, (26, 74, 56))
        for y, row in enumerate(grid):
            for x, value in enumerate(row):
                rect = pygame.Rect(gx + x * cell, gy + y * cell, cell, cell).inflate(
                    -self.px(4), -self.px(4))
                surface.blit(self.table.cards.face(value, rect.size), rect)
        row_badges, column_badges = self.score_badge_rects()
        rows_style = self.table.badge_line_style(ended.rows, row_badges[0].w, self.px(18))
        columns_style = self.table.badge_line_style(ended.columns, column_badges[0].w,
                                                    self.px(18))
        for i in range(GRID_SIZE):
            rows_lowest = (i == rows_low and c.variant != "solo"
                           or (c.variant == "solo" and ended.rows[i] == ended.solo_score))
            self.table.draw_score_badge(surface, row_badges[i], ended.rows[i], rows_lowest,
                                        self.table.side_colour("rows"),
                                        self.table.owner_shape(c.players_on("rows")),
                                        rows_style)
            columns_lowest = (i == cols_low and c.variant != "solo"
                              or (c.variant == "solo" and ended.columns[i] == ended.solo_score))
            self.table.draw_score_badge(surface, column_badges[i], ended.columns[i],
                                        columns_lowest, self.table.side_colour("columns"),
                                        self.table.owner_shape(c.players_on("columns")),
                                        columns_style)
        # the breakdowns
        x = panel.right + self.px(30)
        width = w - x - self.px(30)
        y = gy - self.px(10)
        line_font = theme.font(self.px(17))
        head_font = theme.font(self.px(20), bold=True)
        for side in ("rows", "columns"):
            owners = c.players_on(side)
            icon = pygame.Rect(x, y + self.px(4), self.px(18), self.px(16))
            view.draw_side_icon(surface, side, icon, theme.TEXT)
            if side == "rows":
                head = _("Rows: {names}").format(names=self.table.joined_names(owners)) if owners \
                    else _("Rows")
            else:
                head = _("Columns: {names}").format(names=self.table.joined_names(owners)) \
                    if owners else _("Columns")
            draw_text(surface, head, head_font, theme.TEXT, (icon.right + self.px(8), y),
                      max_width=width - self.px(30))
            y += self.px(30)
            for number, cards, text, lowest in self.line_entries(side):
                colour = (255, 150, 140) if lowest else theme.TEXT
                draw_text(surface, number, line_font, theme.TEXT_DIM, (x, y),
                          max_width=self.px(110))
                draw_text(surface, " ".join(str(v) for v in cards), line_font, theme.TEXT_DIM,
                          (x + self.px(110), y))
                draw_text(surface, text, theme.font(self.px(17), bold=lowest), colour,
                          (x + self.px(230), y), max_width=width - self.px(230))
                y += self.px(26)
            y += self.px(14)
        self._draw_footer(surface, y)

    def _draw_footer(self, surface: pygame.Surface, y: int) -> None:
        c = self.controller
        w, h = self.size
        f = theme.font(self.px(20), bold=True)
        small = theme.font(self.px(17))
        base = h - self.px(150)
        if c.variant == "solo":
            self._draw_best(surface)
            return
        score = c.score
        if score is None:
            return
        even = [p for p in range(c.num_players) if p % 2 == 0]
        odd = [p for p in range(c.num_players) if p % 2 == 1]
        t0, t1 = score.totals
        draw_text(surface, _("Match after game {index} of {games}: {a} {x} – {y} {b}").format(
            index=len(score.records), games=score.games, a=self.table.joined_names(even), x=t0,
            y=t1, b=self.table.joined_names(odd)), f, theme.TEXT, (w // 2, base), "center",
            max_width=w - self.px(40))
        if score.is_over():
            winner = score.winner()
            if winner is None:
                text = _("The match is drawn.")
            else:
                team = even if winner == 0 else odd
                text = ngettext("{names} wins the match!", "{names} win the match!",
                                len(team)).format(names=self.table.joined_names(team))
            draw_text(surface, text, f, theme.ACCENT, (w // 2, base + self.px(32)), "center")
        else:
            left = score.games - len(score.records)
            text = ngettext("One more game; sides and first player change.",
                            "{n} games to go; sides and first player change.",
                            left).format(n=left)
            draw_text(surface, text, small, theme.TEXT_DIM,
                      (w // 2, base + self.px(32)), "center")

    def _draw_best(self, surface: pygame.Surface) -> None:
        table = self.table.best_table
        x, y = self.px(40), self.px(500)
        f = theme.font(self.px(17))
        draw_text(surface, _("Best scores"), theme.font(self.px(20), bold=True), theme.TEXT,
                  (x, y))
        y += self.px(28)
        for i, entry in enumerate(table[:5]):
            mine = i == self.table.best_rank
            colour = theme.ACCENT if mine else theme.TEXT_DIM
            draw_text(surface, f"{i + 1}.  {entry.score}   {entry.name}   {entry.when}",
                      theme.font(self.px(17), bold=mine), colour, (x, y),
                      max_width=self.px(420))
            y += self.px(22)
        if self.table.best_rank is not None:
            draw_text(surface, _("New entry in your best scores!"), f, theme.GOOD,
                      (x + self.px(440), self.px(500)))
