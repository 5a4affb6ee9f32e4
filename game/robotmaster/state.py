"""Robot Master rules core: legal actions, transitions, events, observations, saves.

Pure: no pygame, no I/O, no global random. Chance (seats, the start card, every deal and
draw) is a chance action drawn by `game.core.match.Match` (STYLE.md §4.4). The deck is kept
as a count per value, since its order carries no information.

    state = new_game("standard")
    match = Match(state, seed=7)
    match.advance_chance()                       # seats, start card, 24 deals
    match.play(state.legal_actions()[0])         # a PlaceCard
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from game.core.types import CHANCE, TERMINAL, IllegalActionError, PlayerId, Pos
from game.robotmaster import grid as _grid
from game.robotmaster.actions import (Action, ChooseSeats, DealCard, DrawCard, PlaceCard,
                                      RevealCard, TurnStartCard, action_from_dict, action_to_dict)
from game.robotmaster.events import (
    CardDealt, CardDrawn, CardPlaced, CardRevealed, Event, GameEnded, SeatsChosen,
    StartCardTurned)
from game.robotmaster.rules import (
    COPIES, GRID_CARDS, VALUES, VARIANTS, Rules, Side, VariantSpec, team_of)
from game.robotmaster.scoring import GameResult, score_grid

FORMAT_VERSION = 1
START_CELL = Pos(0, 0)
"""Positions are relative to the start card (RM-4.3)."""


class RobotMasterState:
    """One game of Robot Master in any variant (RM-3, RM-8). Mutable; `apply` changes it."""

    def __init__(self, variant: str = "standard", rules: Rules | None = None, *,
                 first_player: PlayerId | None = None, rows_team: int | None = None) -> None:
        if variant not in VARIANTS:
            raise ValueError(f"unknown variant {variant!r}; known: {', '.join(VARIANTS)}")
        self.spec: VariantSpec = VARIANTS[variant]
        self.rules = rules or Rules()
        n = self.spec.players
        if first_player is not None and not 0 <= first_player < n:
            raise ValueError(f"first_player must be 0..{n - 1}, got {first_player}")
        if rows_team is not None and rows_team not in (0, 1):
            raise ValueError(f"rows_team must be 0 or 1, got {rows_team}")
        # Seats decided by the lobby; what is left open is drawn by ChooseSeats.
        self.fixed_first: PlayerId | None = first_player
        self.fixed_rows: int | None = rows_team
        self.first_player: PlayerId | None = 0 if variant == "solo" else None
        self.rows_team: int | None = 0 if variant == "solo" else None
        self.deck: list[int] = [COPIES] * len(VALUES)   # cards not dealt, drawn or turned
        self.hands: list[list[int]] = [[] for _ in range(n)]  # each sorted ascending
        self.dealt = 0                                  # DealCard actions so far
        self.cells: dict[Pos, int] = {}
        self.placements: list[tuple[Pos, int, PlayerId]] = []  # (cell, value, player); start: -1
        self.pending_draw: PlayerId | None = None       # five-card: who draws next (RM-8.1.2)
        self.revealed: int | None = None                # solo: the card to place (RM-8.3.2)

    # -- the protocol ---------------------------------------------------------------------
    @property
    def variant(self) -> str:
        return self.spec.id

    @property
    def num_players(self) -> int:
        return self.spec.players

    @property
    def current_player(self) -> PlayerId:
        """A seat, CHANCE or TERMINAL."""
        if len(self.cells) >= GRID_CARDS:
            return TERMINAL
        if (self.first_player is None or not self.cells
                or self.dealt < self.spec.players * self.spec.hand_size
                or self.pending_draw is not None):
            return CHANCE
        if self.variant == "solo":
            return CHANCE if self.revealed is None else 0
        return self.turn_player

    @property
    def turn_player(self) -> PlayerId:
        """Whose turn it is once the cards are out: seats in order from the first player
        (RM-4.1, RM-8.2.1)."""
        played = max(len(self.placements) - 1, 0)
        return ((self.first_player or 0) + played) % self.spec.players

    def is_terminal(self) -> bool:
        """The game ends at once when the 25th card lies (RM-6.1)."""
        return len(self.cells) >= GRID_CARDS

    def legal_actions(self) -> list[Action]:
        """Player: every (card value in hand, legal cell), values ascending, cells north to
        south then west to east. Chance: the possible outcomes, in the same order as
        `chance_outcomes()`. Terminal: nothing."""
        player = self.current_player
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        cells = self.legal_cells()
        values = [self.revealed] if self.variant == "solo" else sorted(set(self.hands[player]))
        return [PlaceCard(player, v, c) for v in values if v is not None for c in cells]

    def legal_cells(self) -> list[Pos]:
        """Where the next card may go (RM-4.2, RM-4.3)."""
        return _grid.legal_cells(self.cells, fixed_centre=self.rules.fixed_centre_start)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """The possible chance actions with their probabilities (uniform shuffles, GEN-3).

        Raises:
            RuntimeError: when the next action is not chance.
        """
        if self.current_player != CHANCE:
            raise RuntimeError("chance_outcomes() called when no chance action is due")
        if self.first_player is None:
            firsts = ([self.fixed_first] if self.fixed_first is not None
                      else list(range(self.spec.players)))
            rows = [self.fixed_rows] if self.fixed_rows is not None else [0, 1]
            seats = [ChooseSeats(f, r) for f in firsts for r in rows]
            return [(a, 1.0 / len(seats)) for a in seats]
        total = sum(self.deck)
        draws = [(v, n / total) for v, n in enumerate(self.deck) if n]
        if not self.cells:
            return [(TurnStartCard(v), p) for v, p in draws]
        if self.dealt < self.spec.players * self.spec.hand_size:
            # Deal one card at a time around the table (RM-3.2).
            player = self.dealt % self.spec.players
            return [(DealCard(player, v), p) for v, p in draws]
        if self.pending_draw is not None:
            return [(DrawCard(self.pending_draw, v), p) for v, p in draws]
        return [(RevealCard(v), p) for v, p in draws]

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw one chance outcome with `rng` (the Match's): a uniformly random card of the
        deck, or uniformly random seats."""
        outcomes = self.chance_outcomes()
        if isinstance(outcomes[0][0], ChooseSeats):
            return outcomes[rng.randrange(len(outcomes))][0]
        pick = rng.randrange(sum(self.deck))
        for action, _ in outcomes:
            value = getattr(action, "value")
            if pick < self.deck[value]:
                return action
            pick -= self.deck[value]
        raise AssertionError("deck counts and outcomes disagree")

    def apply(self, action: Action) -> list[Event]:
        """Apply `action` and return what happened, in the order a scene animates it.

        Raises:
            IllegalActionError: if `action` is not in `legal_actions()`; nothing changes.
        """
        if not self.is_legal(action):
            raise IllegalActionError(
                f"{action!r} is not legal now (variant {self.variant}, current player "
                f"{self.current_player}, {len(self.cells)} cards on the table)")
        match action:
            case ChooseSeats(first, rows):
                self.first_player, self.rows_team = first, rows
                return [SeatsChosen(first, rows)]
            case TurnStartCard(value):
                self.deck[value] -= 1
                self.cells[START_CELL] = value
                self.placements.append((START_CELL, value, -1))
                return [StartCardTurned(value, START_CELL)]
            case DealCard(player, value):
                self.deck[value] -= 1
                self._take(player, value)
                self.dealt += 1
                return [CardDealt(player, value)]
            case DrawCard(player, value):
                self.deck[value] -= 1
                self._take(player, value)
                self.pending_draw = None
                return [CardDrawn(player, value)]
            case RevealCard(value):
                self.deck[value] -= 1
                self.revealed = value
                return [CardRevealed(value)]
            case PlaceCard(player, value, cell):
                cell = Pos(*cell)
                if self.variant == "solo":
                    self.revealed = None
                else:
                    self.hands[player].remove(value)
                self.cells[cell] = value
                self.placements.append((cell, value, player))
                events: list[Event] = [CardPlaced(player, value, cell)]
                if self.is_terminal():
                    events.append(self._ended())
                elif self.spec.draws:
                    # RM-8.1.2; no draw after the card that completes the grid (RM-8.1.4).
                    self.pending_draw = player
                return events
        raise AssertionError(f"unhandled action type {type(action).__name__}")

    def is_legal(self, action: Action) -> bool:
        """Whether `action` is in `legal_actions()` (a placement is checked directly)."""
        if isinstance(action, PlaceCard):
            player = self.current_player
            if action.player != player or player < 0:
                return False
            if self.variant == "solo":
                held = action.value == self.revealed
            else:
                held = action.value in self.hands[player]
            return held and type(action.value) is int and action.cell in self.legal_cells()
        return action in self.legal_actions()

    def _take(self, player: PlayerId, value: int) -> None:
        hand = self.hands[player]
        hand.append(value)
        hand.sort()

    def _ended(self) -> GameEnded:
        result = self.result()
        assert result is not None
        if self.variant == "solo":
            return GameEnded(result.rows, result.columns, None, None, 0, None, result.solo)
        team = None if result.winner == "tie" else self.team_with_side(result.winner)
        return GameEnded(result.rows, result.columns, result.winner, team, result.margin,
                         result.deciding_rank, result.solo)

    # -- sides and results ----------------------------------------------------------------
    def side_of(self, player: PlayerId) -> Side | None:
        """"rows" or "columns" for a seat, once seats are chosen (None before, and in solo)."""
        if self.rows_team is None or self.variant == "solo":
            return None
        return "rows" if team_of(player) == self.rows_team else "columns"

    def team_with_side(self, side: str) -> int:
        """The team (0 or 1) that owns `side` ("rows" or "columns")."""
        rows = self.rows_team or 0
        return rows if side == "rows" else 1 - rows

    def grid(self) -> list[list[int | None]]:
        """The cards in their bounding box, rows north to south (None: empty)."""
        return _grid.as_rows(self.cells) if self.cells else []

    def result(self) -> GameResult | None:
        """Line scores, winner and margin once the grid is full (RM-5, RM-6, RM-7.2)."""
        if not self.is_terminal():
            return None
        return score_grid(_grid.full_grid(self.cells), self.rules)

    # -- copies, saves, observations ------------------------------------------------------
    def clone(self) -> RobotMasterState:
        other = RobotMasterState.__new__(RobotMasterState)
        other.spec = self.spec
        other.rules = self.rules
        other.fixed_first = self.fixed_first
        other.fixed_rows = self.fixed_rows
        other.first_player = self.first_player
        other.rows_team = self.rows_team
        other.deck = list(self.deck)
        other.hands = [list(h) for h in self.hands]
        other.dealt = self.dealt
        other.cells = dict(self.cells)
        other.placements = list(self.placements)
        other.pending_draw = self.pending_draw
        other.revealed = self.revealed
        return other

    def to_dict(self) -> dict[str, Any]:
        """All of the state as plain JSON data (hands included: this is the save, not what a
        player may see; see `observation`)."""
        return {
            "format_version": FORMAT_VERSION,
            "game": "robot-master",
            "variant": self.variant,
            "rules": self.rules.to_dict(),
            "fixed_first": self.fixed_first,
            "fixed_rows": self.fixed_rows,
            "first_player": self.first_player,
            "rows_team": self.rows_team,
            "deck": list(self.deck),
            "hands": [list(h) for h in self.hands],
            "dealt": self.dealt,
            "placements": [[c.x, c.y, v, p] for c, v, p in self.placements],
            "pending_draw": self.pending_draw,
            "revealed": self.revealed,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RobotMasterState:
        """Rebuild a state from `to_dict()` output.

        Raises:
            ValueError: when the data is not a Robot Master state of a known version.
        """
        try:
            if data["format_version"] != FORMAT_VERSION or data["game"] != "robot-master":
                raise ValueError(f"not a Robot Master state of version {FORMAT_VERSION}")
            state = cls(data["variant"], Rules.from_dict(data["rules"]),
                        first_player=data["fixed_first"], rows_team=data["fixed_rows"])
            state.first_player = data["first_player"]
            state.rows_team = data["rows_team"]
            state.deck = [int(n) for n in data["deck"]]
            state.hands = [sorted(int(v) for v in h) for h in data["hands"]]
            state.dealt = int(data["dealt"])
            state.placements = [(Pos(int(x), int(y)), int(v), int(p))
                                for x, y, v, p in data["placements"]]
            state.cells = {c: v for c, v, _ in state.placements}
            state.pending_draw = data["pending_draw"]
            state.revealed = data["revealed"]
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not a Robot Master state: {exc}") from None
        if len(state.deck) != len(VALUES) or len(state.hands) != state.spec.players:
            raise ValueError("not a Robot Master state: wrong deck or hand count")
        return state

    def observation(self, player: PlayerId) -> dict[str, Any]:
        """What `player` may know (RM-4.5, GEN-4): the table, the own hand, only the sizes of
        the other hands (a partner's too, RM-8.2.4) and of the pile. Bots and the hot-seat UI
        read this, never the full state."""
        return {
            "variant": self.variant,
            "rules": self.rules.to_dict(),
            "player": player,
            "num_players": self.spec.players,
            "current_player": self.current_player,
            "first_player": self.first_player,
            "rows_team": self.rows_team,
            "side": self.side_of(player),
            "placements": [[c.x, c.y, v, p] for c, v, p in self.placements],
            "hand": list(self.hands[player]),
            "hand_sizes": [len(h) for h in self.hands],
            "pile": sum(self.deck),
            "revealed": self.revealed,
            "pending_draw": self.pending_draw,
        }


def new_game(variant: str = "standard", rules: Rules | None = None, *,
             first_player: PlayerId | None = None,
             rows_team: int | None = None) -> RobotMasterState:
    """A game before the shuffle: chance actions (drawn by a Match) choose the open seats,
    turn the start card and deal. `first_player` / `rows_team` fix what a lobby decided
    (RM-3.4, RM-3.5); left None they are random."""
    return RobotMasterState(variant, rules, first_player=first_player, rows_team=rows_team)


def replay(start: Mapping[str, Any], actions: Sequence[Mapping[str, Any]]) -> RobotMasterState:
    """Rebuild a game from a save's start position and action log. Chance outcomes are in the
    log, so replay needs no RNG.

    Raises:
        ValueError: for data that is not a Robot Master state or action.
        IllegalActionError: when the log does not fit the position.
    """
    state = RobotMasterState.from_dict(start)
    for data in actions:
        state.apply(action_from_dict(data))
    return state


def save_game(start: RobotMasterState, log: Sequence[Action], seed: int | None = None
              ) -> dict[str, Any]:
    """A save as plain data: the start position, the seed and the action log (STYLE.md §4.7)."""

    return {"format_version": FORMAT_VERSION, "game": "robot-master", "seed": seed,
            "start": start.to_dict(), "actions": [action_to_dict(a) for a in log]}


def load_game(save: Mapping[str, Any]) -> RobotMasterState:
    """The position a `save_game` dict describes, by replaying its log.

    Raises:
        ValueError / IllegalActionError: for a damaged save.
    """
    if not isinstance(save, Mapping) or save.get("game") != "robot-master":
        raise ValueError("not a Robot Master save")
    return replay(save["start"], save["actions"])
