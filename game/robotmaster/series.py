"""A match of several games with running totals (RM-7). Pure bookkeeping; the scene starts
each game with `seats_for_game()` and reports its end with `record()`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game of a match: the winning team (None on a draw) and what it noted."""

    winner_team: int | None
    margin: int


@dataclass
class MatchScore:
    """Running totals of a match of `games` games between team 0 and team 1 (in the
    two-player games a team is one player). `first_player` and `rows_team` are the seats of
    the first game."""

    games: int
    num_players: int = 2
    first_player: int = 0
    rows_team: int = 0
    records: list[GameRecord] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.games < 1:
            raise ValueError(f"a match has at least one game, got {self.games}")
        if self.num_players not in (2, 4):
            raise ValueError("matches are for 2 players or 2 teams (RM-7.6)")

    def seats_for_game(self, index: int) -> tuple[int, int]:
        """(first player, rows team) of game `index` (0-based). Ruling RM-7.5: the first player
        passes on one seat and rows and columns swap every game; with seats alternating teams
        the first player's team alternates too."""
        return ((self.first_player + index) % self.num_players, (self.rows_team + index) % 2)

    @property
    def next_game(self) -> int:
        return len(self.records)

    def is_over(self) -> bool:
        return len(self.records) >= self.games

    def record(self, winner_team: int | None, margin: int) -> None:
        """Note a finished game (RM-7.2): the winner scores `margin`, the loser 0; nobody
        scores after a draw (RM-6.4).

        Raises:
            ValueError: after the last game, or for a bad team or a negative margin.
        """
        if self.is_over():
            raise ValueError(f"the match of {self.games} games is already over")
        if winner_team not in (0, 1, None) or margin < 0:
            raise ValueError(f"bad game record: team {winner_team}, margin {margin}")
        self.records.append(GameRecord(winner_team, 0 if winner_team is None else margin))

    @property
    def totals(self) -> tuple[int, int]:
        """Each team's points so far (RM-7.2)."""
        points = [0, 0]
        for r in self.records:
            if r.winner_team is not None:
                points[r.winner_team] += r.margin
        return points[0], points[1]

    @property
    def wins(self) -> tuple[int, int]:
        counts = [0, 0]
        for r in self.records:
            if r.winner_team is not None:
                counts[r.winner_team] += 1
        return counts[0], counts[1]

    def winner(self) -> int | None:
        """The team that takes the match once it is over: the higher total (RM-7.4); equal
        totals go to more game wins (ruling RM-7.4); else None, a drawn match. None also while
        games remain."""
        if not self.is_over():
            return None
        for a, b in (self.totals, self.wins):
            if a != b:
                return 0 if a > b else 1
        return None

    def to_dict(self) -> dict[str, Any]:
        return {"games": self.games, "num_players": self.num_players,
                "first_player": self.first_player, "rows_team": self.rows_team,
                "records": [[r.winner_team, r.margin] for r in self.records]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MatchScore:
        return cls(int(data["games"]), int(data["num_players"]), int(data["first_player"]),
                   int(data["rows_team"]),
                   [GameRecord(t, int(m)) for t, m in data["records"]])
