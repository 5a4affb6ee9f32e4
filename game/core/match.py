"""The game-state protocol every game implements, and Match: state + seed + RNG + action log.

Randomness is a chance action: when `state.current_player == CHANCE`, the Match draws the
outcome with its own seeded RNG and logs it like any other action (STYLE.md §4.4)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, Sequence, TypeVar

from game.core.types import CHANCE, PlayerId

A = TypeVar("A")
Ev = TypeVar("Ev")


class GameState(Protocol[A, Ev]):
    """What scenes, bots and tests may rely on. Mirrors OpenSpiel's pyspiel.State."""

    @property
    def current_player(self) -> PlayerId: ...

    def is_terminal(self) -> bool: ...

    def legal_actions(self) -> Sequence[A]: ...

    def sample_chance(self, rng: random.Random) -> A: ...

    def apply(self, action: A) -> list[Ev]: ...

    def clone(self) -> GameState[A, Ev]: ...

    def to_dict(self) -> dict[str, Any]: ...


S = TypeVar("S", bound=GameState[Any, Any])


@dataclass
class Match(Generic[S, A, Ev]):
    """A game in progress: its state, the seed of its chance stream and every action played."""

    state: S
    seed: int
    log: list[A] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def play(self, action: A) -> list[Ev]:
        """Apply `action` (raises IllegalActionError before anything is logged)."""
        events: list[Ev] = self.state.apply(action)
        self.log.append(action)
        return events

    def replay(self, action: A) -> list[Ev]:
        """Apply a logged `action` (a save being resumed, a replay stepping forward).

        A logged chance outcome was drawn from the chance stream when it was first played,
        so the stream is moved past that draw again: a game rebuilt from its log then deals,
        draws and rolls exactly what it would have without the interruption (a stream that
        merely restarted would deal the opening hands again, issue 19)."""
        if self.state.current_player == CHANCE and not self.state.is_terminal():
            self.state.sample_chance(self.rng)
        return self.play(action)

    def advance_chance(self) -> list[Ev]:
        """Resolve every pending chance node (deals, shuffles, dice) and return their events."""
        events: list[Ev] = []
        while self.state.current_player == CHANCE and not self.state.is_terminal():
            events += self.play(self.state.sample_chance(self.rng))
        return events
