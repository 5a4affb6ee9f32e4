"""Robot Master's events in words: the log line per event, a finished game's result."""

from __future__ import annotations

from collections.abc import Iterable

from game.controllers.robotmaster import RobotMasterController
from game.core.types import PlayerId, Pos
from game.i18n import _, ngettext
from game.robotmaster import (
    CardDealt, CardDrawn, CardPlaced, CardRevealed, Event, GameEnded, SeatsChosen, StartCardTurned)
from game.scenes.robotmaster.texts import ordinal_rank


def result_headline(c: RobotMasterController, ended: GameEnded) -> tuple[str, str]:
    """A finished game's result in two lines, the title and the detail (the end screen's
    headline and the last line of the replay log)."""
    if c.variant == "solo":
        return (_("Your score: {score}").format(score=ended.solo_score),
                _("The lowest of all ten lines."))
    if ended.winner == "tie":
        return _("A draw!"), _("Both sides have the same line scores.")
    side = ended.winner or "rows"
    names = " & ".join(c.seats[p].name for p in c.players_on(side))
    count = len(c.players_on(side))
    if side == "rows":
        title = ngettext("{names} wins with the rows!", "{names} win with the rows!",
                         count).format(names=names)
    else:
        title = ngettext("{names} wins with the columns!", "{names} win with the columns!",
                         count).format(names=names)
    low_rows, low_cols = sorted(ended.rows), sorted(ended.columns)
    rank = ended.deciding_rank or 1
    detail = _("Lowest lines: rows {rows}, columns {columns}. Decided at the {rank} "
               "line; margin {margin}.").format(
        rows=low_rows[0], columns=low_cols[0], rank=ordinal_rank(rank),
        margin=ended.margin)
    return title, detail


def log_marks(event: Event, cells: dict[Pos, int]) -> tuple[Pos, ...]:
    """The cells an event's log line concerns, lit on the grid while the line is hovered:
    the card's cell; at the end, the cells of the lowest row and the lowest column (the lines
    that decide). `cells`: the grid the line is read against."""
    match event:
        case StartCardTurned(cell=cell) | CardPlaced(cell=cell):
            return (cell,)
        case GameEnded(rows=rows, columns=columns) if cells and rows and columns:
            left, top = min(p.x for p in cells), min(p.y for p in cells)
            row = top + min(range(len(rows)), key=lambda i: (rows[i], i))
            column = left + min(range(len(columns)), key=lambda i: (columns[i], i))
            return tuple(sorted((p for p in cells if p.y == row or p.x == column),
                                key=lambda p: (p.y, p.x)))
    return ()


def log_origin(cells: Iterable[Pos], told: Iterable[Event]) -> tuple[int, int]:
    """The top left of the grid the log names its cells by: the cards on the table and the
    cards the told events placed, which may still be on their way to a new row or column
    above or left of the shown grid (a line reading "row 0" while the card flies)."""
    xs, ys = [p.x for p in cells], [p.y for p in cells]
    for event in told:
        if isinstance(event, (StartCardTurned, CardPlaced)):
            xs.append(event.cell.x)
            ys.append(event.cell.y)
    return (min(xs), min(ys)) if xs else (0, 0)


def describe_event(event: Event, c: RobotMasterController, origin: tuple[int, int]) -> str | None:
    """One event of a game in words for the log (None: nothing worth a line). Cells are
    named by row and column of the grid as the log leaves it (`origin`: its top left)."""
    def place(cell: Pos) -> str:
        return _("row {row}, column {column}").format(row=cell.y - origin[1] + 1,
                                                       column=cell.x - origin[0] + 1)

    def name(player: PlayerId) -> str:
        return c.seats[player].name

    match event:
        case SeatsChosen(first, _rows):
            if c.variant == "solo":
                return None
            owners = " & ".join(name(p) for p in c.players_on("rows"))
            return _("{name} plays first; the rows belong to {names}.").format(
                name=name(first), names=owners)
        case StartCardTurned(value, cell):
            return _("The start card is a {value}, in {place}.").format(value=value,
                                                                        place=place(cell))
        case CardDealt(player, value):
            return _("{name} is dealt a {value}.").format(name=name(player), value=value)
        case CardDrawn(player, value):
            return _("{name} draws a {value}.").format(name=name(player), value=value)
        case CardRevealed(value):
            return _("The next card is a {value}.").format(value=value)
        case CardPlaced(player, value, cell):
            return _("{name} places a {value} in {place}.").format(
                name=name(player), value=value, place=place(cell))
        case GameEnded():
            title, detail = result_headline(c, event)
            return f"{title} {detail}"
    return None
