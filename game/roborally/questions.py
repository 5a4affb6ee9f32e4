"""The questions a register phase or an end of turn stops on (FORMATS.md answer kinds): who
is asked what, and what it is about. Their own module, so that the engine and the rules it
mixes in (weapons.py, movement.py) ask them alike. Pure."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class QuestionContext:
    """What a question is about, for the player who reads it (the rules never look): the
    cause of the damage an option card may prevent and the robot behind it (CB-5.4), or the
    robot Fire Control hits (CB-6.15), or the robot the main laser's beam would hit when a
    weapon module may fire instead (CB-5.6). `robot` is a seat, -1 when no robot is
    concerned."""

    cause: str = ""
    robot: int = -1


NO_CONTEXT = QuestionContext()


@dataclass(frozen=True)
class Question:
    """A question a unit stopped on: who answers (a seat, or CHANCE for a draw), its kind
    (FORMATS.md `answers`), the answers allowed, the one a bot or a timeout takes, and what
    it is about."""

    player: int
    kind: str
    choices: tuple[str, ...]
    default: str
    context: QuestionContext = NO_CONTEXT


class NeedDecision(Exception):
    """Raised by `ask()` when a game has no recorded answer: the unit stops here."""

    def __init__(self, question: Question) -> None:
        super().__init__(f"{question.kind} for {question.player}")
        self.question = question
