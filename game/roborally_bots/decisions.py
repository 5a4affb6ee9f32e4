"""One RoboRally bot decision, whatever the bot: the level's bot (`make_bot`), its program or
answer as actions (`decide`), and the normal bot's answers (`baseline_answer`), which the
baseline has no method for. Pure: no pygame, no files; each bot draws from its own RNG."""

from __future__ import annotations

import random
from typing import Any

from game.roborally.actions import Action, Answer, LockIn, PlaceCard, Recompile
from game.roborally.layout import Layout
from game.roborally.model import REGISTERS, Board
from game.roborally.state import RoboRallyState
from game.roborally_bots.baseline import BaselineBot, DistanceMap
from game.roborally_bots.strong import RandomBot, StrongBot


def make_bot(level: str, board: Board, rng: random.Random, layout: Layout | None = None,
             maps: list[DistanceMap] | None = None) -> Any:
    """The bot for a setup level: "easy" any legal program, "normal" the baseline (its own
    robot alone), "strong" plans with the other robots (strong.py). `maps`: distance maps
    another bot of this game already built (they depend on the board only)."""
    if level == "easy":
        return RandomBot(rng)
    if level == "strong":
        return StrongBot(board, rng, layout, maps)
    return BaselineBot(board, level, rng, layout, maps)


def decide(bot: Any, table: RoboRallyState, player: int, kind: str,
           choices: tuple[str, ...] = (), default: str = "") -> list[Action]:
    """`bot`'s actions for one decision of seat `player`: its program ("program": cards into
    the open registers, then the lock-in; or a Recompile alone, CB-6.2, after which it is
    asked again with the new hand) or its answer to `kind`. `table` is what the seat may see
    (strong.public_table)."""
    p = player
    if kind != "program":
        if hasattr(bot, "answer"):
            value = bot.answer(table, p, kind, choices, default)
        else:
            value = baseline_answer(table, p, kind, choices, default)
        return [Answer(p, kind, value)]
    r = table.robots[p]
    # open: unlocked, or locked while programming (Recompile, CB-6.2), and still empty
    open_regs = [k + 1 for k in range(REGISTERS) if r.open_register(k) and not r.registers[k]]
    if hasattr(bot, "program"):
        choice = bot.program(table, p)
        if choice.recompile:       # CB-6.2: the program waits for the new hand
            return [Recompile(p)]
        cards, power_down, flywheel = choice.cards, choice.power_down, choice.flywheel
        reserve = choice.reserve
    else:
        cards, flywheel, reserve = [], 0, 0
        hand = [(c, table.card(c)[0]) for c in r.hand]
        if open_regs and hand:
            fixed = [table.card(r.registers[k])[0] if r.locks[k] and r.registers[k]
                     else None for k in range(REGISTERS)]
            cards = bot.choose(hand, fixed, open_regs, r.sq, r.facing, r.next_flag - 1)
        power_down = r.damage >= 6 and not r.powered_down
    out: list[Action] = [PlaceCard(p, reg, card) for reg, card in zip(open_regs, cards)]
    return out + [LockIn(p, power_down, reserve, flywheel)]


def baseline_answer(table: RoboRallyState, p: int, kind: str, choices: tuple[str, ...],
                    default: str) -> str:
    """The normal bot's answers: re-enter facing the next flag, an option card at a double
    wrench when barely damaged, the default otherwise."""
    r = table.robots[p]
    if kind == "facing":
        flags = table.board.flags
        if not flags or r.next_flag > len(flags) or r.archive < 0:
            return default
        here = table.layout.pos[r.archive]
        goal = flags[r.next_flag - 1]
        dx, dy = goal.x - here.x, goal.y - here.y
        best = ("E" if dx > 0 else "W") if abs(dx) >= abs(dy) else ("S" if dy > 0 else "N")
        return best if best in choices else default
    if kind == "repair_or_option":
        return "option" if r.damage <= 1 and "option" in choices else default
    return default
