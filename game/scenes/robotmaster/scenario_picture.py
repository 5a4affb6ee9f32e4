"""A Robot Master scenario's picture, for the workbench and `python main.py render`: the
cards as the file draws them, and what the game works out from them. A finished grid shows
each line's score beside it and in words (the end screen's way, RM-5), its lowest lines and
the winner (RM-6); a table in play shows the cells where the next card may go (RM-4), with
the drawing's column and row numbers, which the scenario's `legal_cells` use."""

from __future__ import annotations

import pygame

from game.core.types import Pos
from game.data.scenario import ScenarioGround
from game.i18n import _, ngettext
from game.robotmaster import line_breakdown
from game.robotmaster.files import SCENARIO_FORMAT, ScenarioTable
from game.robotmaster.scoring import GameResult
from game.scenes.robotmaster.texts import describe_line
from game.ui import theme
from game.ui import robotmaster_view as view
from game.ui.text_drawing import draw_text

CELL = 88
MARGIN = 24
HEADLINE = 56
GUTTER = 30
"""Room left of and above a table in play for its column and row numbers."""
BADGE = (72, 32)
BREAKDOWN_WIDTH = 600


def headline(table: ScenarioTable) -> str:
    """What the scenario's table comes to, in one line."""
    result = table.result
    if result is None:
        count = len(table.legal_cells)
        return ngettext("The next card may go on {count} cell.",
                        "The next card may go on {count} cells.", count).format(count=count)
    if result.winner == "tie":
        return _("A draw: both sides have the same line scores. Solo score {solo}.").format(
            solo=result.solo)
    if result.winner == "rows":
        return _("The rows win by {margin}. Solo score {solo}.").format(
            margin=result.margin, solo=result.solo)
    return _("The columns win by {margin}. Solo score {solo}.").format(
        margin=result.margin, solo=result.solo)


def grid_rect(table: ScenarioTable) -> pygame.Rect:
    """Where the table's cells lie in its picture."""
    gutter = 0 if table.result is not None else GUTTER
    width, height = table.size
    return pygame.Rect(MARGIN + gutter, MARGIN + HEADLINE + gutter, width * CELL, height * CELL)


def cell_rect(table: ScenarioTable, pos: Pos) -> pygame.Rect:
    """Where the cell `pos` (the drawing's coordinates) lies in the table's picture."""
    grid = grid_rect(table)
    return pygame.Rect(grid.x + pos.x * CELL, grid.y + pos.y * CELL, CELL, CELL)


def badge_rects(table: ScenarioTable) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
    """Where a finished grid's line scores stand: the rows' at its right, north to south,
    the columns' below it, west to east."""
    grid = grid_rect(table)
    rows, columns = [], []
    for i in range(table.size[1]):
        rows.append(pygame.Rect(0, 0, *BADGE))
        rows[-1].midleft = (grid.right + 14, grid.y + i * CELL + CELL // 2)
    for i in range(table.size[0]):
        columns.append(pygame.Rect(0, 0, *BADGE))
        columns[-1].midtop = (grid.x + i * CELL + CELL // 2, grid.bottom + 12)
    return rows, columns


def render_scenario_table(table: ScenarioTable) -> pygame.Surface:
    """The scenario's table as a picture."""
    grid = grid_rect(table)
    if table.result is not None:
        size = (grid.right + BADGE[0] + 2 * MARGIN + BREAKDOWN_WIDTH,
                grid.bottom + BADGE[1] + 2 * MARGIN)
    else:
        size = (max(grid.right + MARGIN, 560), grid.bottom + MARGIN)
    surface = pygame.Surface(size)
    surface.fill(theme.BACKGROUND_DEEP)
    draw_text(surface, headline(table), theme.font(26, bold=True), theme.ACCENT,
              (MARGIN, MARGIN), max_width=size[0] - 2 * MARGIN)
    view.draw_table_felt(surface, grid.inflate(12, 12))
    for pos, value in table.cells.items():
        rect = cell_rect(table, pos).inflate(-6, -6)
        surface.blit(view.render_face(value, rect.size), rect)
    for pos in table.legal_cells:
        view.draw_legal_cell(surface, cell_rect(table, pos).inflate(-6, -6), hot=False,
                             phase=0.0)
    if table.result is not None:
        _draw_scores(surface, table, table.result, grid)
    else:
        _draw_numbers(surface, grid, *table.size)
    return surface


def _draw_numbers(surface: pygame.Surface, grid: pygame.Rect, width: int, height: int) -> None:
    """The drawing's column numbers above it and row numbers left of it, from 0."""
    font = theme.font(16, bold=True)
    for x in range(width):
        draw_text(surface, str(x), font, theme.TEXT_DIM,
                  (grid.x + x * CELL + CELL // 2, grid.y - 8), "midbottom")
    for y in range(height):
        draw_text(surface, str(y), font, theme.TEXT_DIM,
                  (grid.x - 10, grid.y + y * CELL + CELL // 2), "midright")


def _draw_scores(surface: pygame.Surface, table: ScenarioTable, result: GameResult,
                 grid: pygame.Rect) -> None:
    """Each line's score beside it (the lowest of each side marked, as the end screen does)
    and each line's cards and score in words at the right."""
    rows_low = min(range(len(result.rows)), key=lambda i: (result.rows[i], i))
    columns_low = min(range(len(result.columns)), key=lambda i: (result.columns[i], i))
    row_badges, column_badges = badge_rects(table)
    for i, (score, badge) in enumerate(zip(result.rows, row_badges)):
        _badge(surface, badge, score, lowest=i == rows_low)
    for i, (score, badge) in enumerate(zip(result.columns, column_badges)):
        _badge(surface, badge, score, lowest=i == columns_low)
    x = grid.right + BADGE[0] + 2 * MARGIN
    y = grid.y - 6
    head, line_font = theme.font(21, bold=True), theme.font(18)
    cards = {side: [[table.cells[Pos(c, r) if side == "rows" else Pos(r, c)]
                     for c in range(table.size[0])] for r in range(table.size[1])]
             for side in ("rows", "columns")}
    for side, low in (("rows", rows_low), ("columns", columns_low)):
        draw_text(surface, _("Rows") if side == "rows" else _("Columns"), head, theme.TEXT,
                  (x, y))
        y += 32
        for i, line in enumerate(cards[side]):
            number = (_("Row {n}") if side == "rows" else _("Column {n}")).format(n=i + 1)
            colour = theme.DANGER if i == low else theme.TEXT
            draw_text(surface, number, line_font, theme.TEXT_DIM, (x, y), max_width=110)
            draw_text(surface, " ".join(str(v) for v in line), line_font, theme.TEXT_DIM,
                      (x + 114, y))
            draw_text(surface, describe_line(line_breakdown(line, table.rules), table.rules),
                      theme.font(18, bold=i == low), colour, (x + 228, y),
                      max_width=BREAKDOWN_WIDTH - 228)
            y += 28
        y += 16


def _badge(surface: pygame.Surface, rect: pygame.Rect, score: int, *, lowest: bool) -> None:
    """A line's score; the side's lowest line in red with an arrow, not by colour alone."""
    fill = theme.RM_LOWEST_ROW if lowest else theme.PANEL
    edge = theme.DANGER if lowest else theme.TEXT_DIM
    pygame.draw.rect(surface, fill, rect, border_radius=6)
    pygame.draw.rect(surface, edge, rect, 2, border_radius=6)
    draw_text(surface, str(score), theme.font(18, bold=True), theme.TEXT, rect.center, "center")
    if lowest:
        tip = (rect.right - 10, rect.bottom - 4)
        pygame.draw.polygon(surface, theme.DANGER, [(tip[0] - 5, tip[1] - 7),
                                                    (tip[0] + 5, tip[1] - 7), tip])


def render_scenario(ground: ScenarioGround, legend: bool = False) -> pygame.Surface:
    """RENDERERS' entry: the table the scenario is about (`legend`, which every renderer is
    asked, keys nothing here: a card table has no elements)."""
    return render_scenario_table(ground.ground)


RENDERERS = {SCENARIO_FORMAT: render_scenario}
