"""How much a RoboRally bot could win by reading the other robots better: the strong bot's
melee against what it wins with more guesses of their programs, with their real hands, which
no fair bot can know (GEN-4), and with no guesses at all.

    .venv/bin/python bench/roborally_bot_ceiling.py [SEEDS] [WORKERS] [LINE-UP ...]

The melee of bench/roborally_bots.py (one bot against three normal ones on every shipped
course, its seat rotating, SEEDS deals per course: the same games), with in the one seat:
- `strong`: the strong bot as the game seats it (`strong_melee_win_share`);
- `more_guesses`: the strong bot guessing the other robots' programs from twelve dealt hands
  each instead of three (`more_guesses_melee_win_share`);
- `seeing`: the strong bot handed the whole table, and for each other robot the program the
  baseline makes of its real hand (their bots are baseline bots: the same program but for
  their tie-breaking noise); `seeing_melee_win_share` is a ceiling for reading the table,
  not a bot the game offers;
- `blind`: the strong bot reckoning with the other robots standing idle (no guesses at
  all): what its own race is worth without reading the table (`blind_melee_win_share`).
For each line-up after `strong`, `_gained` and `_lost` count the games its seat won that the
strong bot lost, and the other way round (the same deals: a paired comparison)."""

from __future__ import annotations

import dataclasses
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from roborally_bots import COLOURS, FIRST_DEAL, courses

from game.controllers.roborally import BotTurn, RoboRallyController, Seat
from game.roborally.engine import Engine
from game.roborally_bots.strong import StrongBot

LINE_UPS = ("strong", "more_guesses", "seeing", "blind")
MORE_GUESSES = 12
"""Guessed hands per other robot of the `more_guesses` line-up (the game's bot: three)."""


class SeeingBot(StrongBot):
    """The strong bot, told each other robot's real hand (its registers once locked in)."""

    def guess_programs(self, e: Engine, me: int) -> dict[int, list[int]]:
        programs: dict[int, list[int]] = {}
        for o in e.robots:
            if o.rid == me or o.sq < 0 or o.powered_down or not o.in_game:
                continue
            if o.locked_in:
                programs[o.rid] = list(o.registers)
            elif 0 < sum(1 for locked in o.locks if not locked) <= len(o.hand):
                programs[o.rid] = self.baseline_program(e, o, list(o.hand))
        return programs


class BlindBot(StrongBot):
    """The strong bot, guessing no program for the other robots: they stand idle in its
    reckoning (they still block and are pushed)."""

    def guess_programs(self, e: Engine, me: int) -> dict[int, list[int]]:
        return {}


class SeeingController(RoboRallyController):
    """Hands a `SeeingBot` the whole table instead of what its seat may see."""

    def bot_turn(self) -> BotTurn | None:
        turn = super().bot_turn()
        if turn is not None and isinstance(turn.bot, SeeingBot):
            turn = dataclasses.replace(turn, table=self.state.clone())
        return turn


def game(job: tuple[str, str, int, int]) -> bool:
    """Whether the line-up's bot in `seat` wins the melee on course `name` with deal `seed`."""
    line_up, name, seed, seat = job
    board = dict(courses())[name]
    seats = [Seat(f"Bot {p + 1}", COLOURS[p], "strong" if p == seat else "normal")
             for p in range(4)]
    controller_class = SeeingController if line_up == "seeing" else RoboRallyController
    controller = controller_class(board, seats, seed)
    if line_up != "strong":
        bot_class: Any = {"seeing": SeeingBot, "blind": BlindBot}.get(line_up, StrongBot)
        more: dict[str, int] = {"samples": MORE_GUESSES, "rival_programs": MORE_GUESSES * 3} \
            if line_up == "more_guesses" else {}
        controller.bots[seat] = bot_class(board, controller.bot_streams[seat].rng,
                                          controller.state.layout, controller.bot_maps, **more)
    while controller.step():
        pass
    return controller.winner() == seat


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 16
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    line_ups = sys.argv[3:] or list(LINE_UPS)
    names = [name for name, _board in courses()]
    deals = [(name, FIRST_DEAL + s, seat) for s in range(seeds) for name in names
             for seat in range(4)]
    print(f"melee_games: {len(deals)}", flush=True)
    won: dict[str, list[bool]] = {}
    with ProcessPoolExecutor(workers) as pool:
        for line_up in line_ups:
            won[line_up] = list(pool.map(game, [(line_up, *deal) for deal in deals]))
            print(f"{line_up}_melee_win_share: {sum(won[line_up]) / len(deals):.3f}",
                  flush=True)
            if line_up != "strong" and "strong" in won:
                pairs = list(zip(won["strong"], won[line_up]))
                print(f"{line_up}_gained: {sum(1 for a, b in pairs if b and not a)}")
                print(f"{line_up}_lost: {sum(1 for a, b in pairs if a and not b)}", flush=True)


if __name__ == "__main__":
    main()
