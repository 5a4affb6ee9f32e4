"""What the strong RoboRally bot's answers to Crash & Burn's questions are worth in a race.

    .venv/bin/python bench/roborally_option_bots.py [SEEDS] [WORKERS]

The melee of bench/roborally_bots.py (one strong bot against three normal ones on every
shipped course, its seat rotating, SEEDS deals per course, default 4: 112 games) played with
option cards: every robot holds the same three from the start, handed as from the deck
(CB-5.1 deals them only at a double wrench; the bench hands them so that every game has
them). Two hands, each on all the games: a Shield, an Abort Switch and a Conditional Program
(`shield_abort_reserve`), and a Gyroscopic Stabilizer, Fire Control and Recompile
(`gyro_fire_control_recompile`). Each game is played twice: the strong bot using these
cards as it does (game/roborally_bots/answers.py, its Recompile in strong.py), and
answering their questions with the game's defaults (no Shield side, the stabilizer on, no
abort, no reserve card, a register locked) and never recompiling, as the normal bots do.

Per hand, `strong_option_answers_melee_win_share_HAND` and
`strong_default_answers_melee_win_share_HAND` are the two win shares (chance is 0.25);
`option_answers_games_gained_HAND` and `_lost_HAND` count the games the answers won that
the defaults lost, and the other way round (the same deals: a paired comparison)."""

from __future__ import annotations

import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from roborally_bots import COLOURS, FIRST_DEAL, courses

from game.controllers.roborally import RoboRallyController, Seat
from game.roborally.options import gain_option
from game.roborally_bots.answers import OptionAnswers
from game.roborally_bots.strong import StrongBot

HANDS = {"shield_abort_reserve": ("shield", "abort_switch", "conditional_program"),
         "gyro_fire_control_recompile": ("gyroscopic_stabilizer", "fire_control", "recompile")}
"""The option cards every robot holds, by the names of the figures."""
ANSWERED = ("shield", "gyro", "abort", "reserve", "fire_control")
"""The questions of these cards; `defaults` answers them with the game's default."""
_ANSWER = OptionAnswers.answer
_RESERVE_CARD = OptionAnswers.reserve_card
_SHOULD_RECOMPILE = StrongBot._should_recompile


def _defaults_only(self: OptionAnswers, table: Any, me: int, kind: str,
                   choices: tuple[str, ...], default: str) -> str:
    return default if kind in ANSWERED else _ANSWER(self, table, me, kind, choices, default)


def _no_reserve(self: OptionAnswers, r: Any, registers: list[int], spare: list[int]) -> int:
    return 0


def _never(self: StrongBot, *args: Any) -> bool:
    return False


def melee(job: tuple[str, int, str, bool]) -> list[bool]:
    """One course and deal, every robot holding the cards of `hand`, the strong bot in each
    seat in turn, answering (`answers`) or taking the defaults: did it win, per seat."""
    name, seed, hand, answers = job
    board = dict(courses())[name]
    # this worker process only: the line-up being measured
    patched = {(OptionAnswers, "answer"): _ANSWER if answers else _defaults_only,
               (OptionAnswers, "reserve_card"): _RESERVE_CARD if answers else _no_reserve,
               (StrongBot, "_should_recompile"): _SHOULD_RECOMPILE if answers else _never}
    for (cls, method), function in patched.items():
        setattr(cls, method, function)
    won = []
    for seat in range(4):
        seats = [Seat(f"Bot {p + 1}", COLOURS[p], "strong" if p == seat else "normal")
                 for p in range(4)]
        controller = RoboRallyController(board, seats, seed, option_cards=True)
        for robot in controller.state.robots:
            for option in HANDS[hand]:
                gain_option(robot, option)
        while controller.step():
            pass
        won.append(controller.winner() == seat)
    return won


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    names = [name for name, _board in courses()]
    deals = [(name, FIRST_DEAL + s) for s in range(seeds) for name in names]
    with ProcessPoolExecutor(workers) as pool:
        for hand in HANDS:
            answered, defaults = ([won for seats in pool.map(
                melee, [(name, seed, hand, answers) for name, seed in deals]) for won in seats]
                for answers in (True, False))
            games = len(answered)
            print(f"option_melee_games_{hand}: {games}")
            print(f"strong_option_answers_melee_win_share_{hand}: {sum(answered) / games:.3f}")
            print(f"strong_default_answers_melee_win_share_{hand}: "
                  f"{sum(defaults) / games:.3f}")
            print(f"option_answers_games_gained_{hand}: "
                  f"{sum(a and not d for a, d in zip(answered, defaults))}")
            print(f"option_answers_games_lost_{hand}: "
                  f"{sum(d and not a for a, d in zip(answered, defaults))}", flush=True)


if __name__ == "__main__":
    main()
