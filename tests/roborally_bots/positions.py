"""Small hand-made RoboRally positions for the bot tests: a board of floor, pits and board
elements, distinct card ids, and a first register stopped at a question."""

from __future__ import annotations

from typing import Callable

from game.core.types import Direction, Pos
from game.roborally.actions import Answer, Deal, LockIn, PlaceCard
from game.roborally.model import (
    STANDARD_CARDS, Board, Floor, MountedElement, Pit, StartSquare)
from game.roborally.options import gain_option
from game.roborally.questions import Question
from game.roborally.state import RoboRallyState


def board(size: tuple[int, int], flags: tuple[Pos, ...], starts: list[tuple[Pos, Direction]],
          pits: tuple[Pos, ...] = (),
          mounted: tuple[tuple[Pos, MountedElement], ...] = (),
          elements: dict[Pos, object] | None = None) -> Board:
    """A floor of `size` with `pits`, board elements `elements` on their squares (a Gear, a
    Conveyor, …), `mounted` wall elements (lasers, pushers), `flags` and start squares."""
    width, height = size
    floor = {Pos(x, y): Pit() if Pos(x, y) in pits else Floor()
             for y in range(height) for x in range(width)}
    floor.update(elements or {})
    docks = tuple(StartSquare(n + 1, at, facing) for n, (at, facing) in enumerate(starts))
    return Board("test", width, height, floor,  # type: ignore[arg-type]
                 frozenset(), mounted=mounted, starts=docks, flags=flags)


def cards(*types: str) -> tuple[int, ...]:
    """Distinct card ids of the given types."""
    used: list[int] = []
    for t in types:
        used.append(next(i + 1 for i, (ct, _p) in enumerate(STANDARD_CARDS)
                         if ct == t and i + 1 not in used))
    return tuple(used)


def register_1_question(board: Board, held: dict[int, list[str]], damage: int = 0,
                        first: str = "right",
                        program: tuple[str, ...] = ("left", "right", "left", "right"),
                        reserve: str = "", robots: int = 2
                        ) -> tuple[RoboRallyState, Question]:
    """Robot 0 plays `first` in register 1 (turning east from its start in the first tests,
    its main laser along row 2 at robot 1) and `program` in registers 2 to 5, with a
    `reserve` card set aside for a Conditional Program (CB-6.3); robot 1 powered down with
    `damage` tokens, and the other `robots` powered down too; each robot holds its `held`
    option cards. The question the register stops on."""
    state = RoboRallyState(board, ["Red", "Blue", "Green", "Yellow"][:robots],
                           option_cards=True)
    for p, options in held.items():
        for option in options:      # as from the deck: a Mini Howitzer with its tokens
            gain_option(state.robots[p], option)
    for other in state.robots[1:]:
        other.powered_down = True
    state.robots[1].set_damage(damage)
    spare = (reserve,) if reserve else ()
    filler = ("uturn", "uturn", "back", "back")[:4 - len(spare)]
    hand = cards(first, *program, *spare, *filler)
    state.apply(Deal((hand,) + ((),) * (robots - 1)))
    for register, card in enumerate(hand[:5], start=1):
        state.apply(PlaceCard(0, register, card))
    state.apply(LockIn(0, reserve=hand[5] if reserve else 0))
    assert state.pending is not None
    return state, state.pending


def programmed_turn(board: Board, held: dict[int, list[str]],
                    programs: tuple[tuple[str, ...], ...], robots: int = 2) -> RoboRallyState:
    """A turn under way with `robots` robots: each holds its `held` option cards; robot p
    plays `programs[p]` (five card types) in registers 1 to 5, and the robots without a
    program are powered down."""
    state = RoboRallyState(board, ["Red", "Blue", "Green", "Yellow"][:robots],
                           option_cards=True)
    for p, options in held.items():
        for option in options:
            gain_option(state.robots[p], option)
    for other in state.robots[len(programs):]:
        other.powered_down = True
    filler = ("back", "back", "uturn", "uturn")
    ids = cards(*(card for program in programs for card in (*program, *filler)))
    hands = tuple(ids[9 * p:9 * p + 9] for p in range(len(programs)))
    state.apply(Deal(hands + ((),) * (robots - len(programs))))
    for p, hand in enumerate(hands):
        for register, card in enumerate(hand[:5], start=1):
            state.apply(PlaceCard(p, register, card))
        state.apply(LockIn(p))
    return state


def answer_until(state: RoboRallyState, stop: Callable[[Question], bool],
                 answer: Callable[[Question], str] = lambda q: q.default) -> Question:
    """Answer the turn's questions (the game's defaults unless `answer` says otherwise)
    until the one `stop` picks, which it returns."""
    question = state.pending
    while question is not None and not stop(question):
        state.apply(Answer(question.player, question.kind, answer(question)))
        question = state.pending
    assert question is not None, "the turn ended without the question"
    return question
