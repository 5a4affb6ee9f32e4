"""Robot Master's presenter: the events of a game in, animation steps out, used unchanged by
the live table and the replay viewer (both play it through the framework's StepPlayer).

It keeps the display copy of the table and hands (`Shown`), which takes its facts only from
events, so a bot's card is seen flying before it lies (STYLE.md §6.4). A card's flight is
a step with a duration; the card lands (the display copy changes) when the step finishes.

The log's words are not written here: a line names cells by row and column of the grid,
which grows while the game goes on, so the table words the events it has told (`told`)
against the grid it shows, and the replay viewer against the grid as the game leaves it
(narration.py)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from game.core.types import PlayerId, Pos
from game.robotmaster import (
    CardDealt, CardDrawn, CardPlaced, CardRevealed, GameEnded, PlaceCard, SeatsChosen,
    StartCardTurned)
from game.scenes.table.presenter import Narration
from game.scenes.table.tween import Step

FLY_SECONDS = 0.55
"""How long a bot's card flies to its cell at normal animation speed."""
DEAL_SECONDS = 0.07
"""Each dealt card's flight from the pile to a hand (a whole deal takes about 2 s)."""
DRAW_SECONDS = 0.35
"""A drawn card's flight (five-card game)."""
TOLD = (SeatsChosen, StartCardTurned, CardRevealed, CardPlaced, GameEnded)
"""The events the live log tells: what every player sees (not the cards dealt into hands)."""


@dataclass
class Shown:
    """What the table shows now: the cards that lie, who laid them, the hands."""

    hands: list[list[int]]
    cells: dict[Pos, int] = field(default_factory=dict)
    placed_by: dict[Pos, PlayerId] = field(default_factory=dict)
    """Who laid each card (-1: the start card)."""
    revealed: int | None = None
    """The solo game's turned-up card."""
    last_cell: Pos | None = None
    ended: GameEnded | None = None


class RobotMasterPresenter:
    """Turns Robot Master's events into steps: a card dealt, drawn or placed by someone else
    flies; everything else shows at once."""

    def __init__(self, players: int, *, solo: bool) -> None:
        self.shown = Shown([[] for _ in range(players)])
        self.solo = solo
        self.confirmed: PlaceCard | None = None
        """The placement the player at the screen just confirmed: it lies already, so it
        does not fly in from the seat."""
        self.log: list[Narration] = []
        self.told: list[Any] = []
        """The public events shown so far, oldest first, for the table's log."""

    def start(self, event: Any, upcoming: deque[Any]) -> Step:
        shown = self.shown
        if isinstance(event, TOLD):
            self.told.append(event)
        match event:
            case StartCardTurned(value, cell):
                shown.cells[cell] = value
                shown.placed_by[cell] = -1
                shown.last_cell = cell
            case CardDealt():
                return Step(event, DEAL_SECONDS)
            case CardDrawn():
                return Step(event, DRAW_SECONDS)
            case CardRevealed(value):
                shown.revealed = value
            case CardPlaced(player, value, cell):
                mine = self.confirmed is not None and self.confirmed == PlaceCard(
                    player, value, cell)
                self.confirmed = None
                self._take_from_hand(player, value)
                return Step(event, 0.0 if mine else FLY_SECONDS)
            case GameEnded():
                shown.ended = event
        return Step(event, 0.0)

    def finish(self, step: Step) -> None:
        """A flying card lands: on its cell, or in its hand."""
        event = step.event
        shown = self.shown
        if isinstance(event, CardPlaced):
            shown.cells[event.cell] = event.value
            shown.placed_by[event.cell] = event.player
            shown.last_cell = event.cell
        elif isinstance(event, (CardDealt, CardDrawn)):
            shown.hands[event.player].append(event.value)
            shown.hands[event.player].sort()

    def _take_from_hand(self, player: PlayerId, value: int) -> None:
        if self.solo:
            self.shown.revealed = None
        elif value in self.shown.hands[player]:
            self.shown.hands[player].remove(value)
