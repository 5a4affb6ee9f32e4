"""Robot Master events: what `apply()` reports, in the order a scene animates it. Past tense.

Events about a hand (CardDealt, CardDrawn) carry the card's value; a scene shows it face down
to everybody but the owner (GEN-4), exactly as `observation()` does."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.types import PlayerId, Pos


@dataclass(frozen=True, slots=True)
class SeatsChosen:
    first_player: PlayerId
    rows_team: int


@dataclass(frozen=True, slots=True)
class StartCardTurned:
    value: int
    cell: Pos


@dataclass(frozen=True, slots=True)
class CardDealt:
    player: PlayerId
    value: int


@dataclass(frozen=True, slots=True)
class CardDrawn:
    player: PlayerId
    value: int


@dataclass(frozen=True, slots=True)
class CardRevealed:
    value: int


@dataclass(frozen=True, slots=True)
class CardPlaced:
    player: PlayerId
    value: int
    cell: Pos


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The 25th card lies (RM-6.1). Lines north to south / west to east. `winner` is "rows",
    "columns" or "tie" (solo: None); `winner_team` the team that owns the winning side."""

    rows: tuple[int, ...]
    columns: tuple[int, ...]
    winner: str | None
    winner_team: int | None
    margin: int
    deciding_rank: int | None
    solo_score: int


Event = (SeatsChosen | StartCardTurned | CardDealt | CardDrawn | CardRevealed | CardPlaced
         | GameEnded)
