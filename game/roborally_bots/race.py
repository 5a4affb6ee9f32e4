"""How far a RoboRally robot is from winning, in registers, and how fast a hand moves it.

The baseline scores a program by flags reached (100 each) and registers to the next flag;
that ranks one turn's programs well but says nothing about how many turns the whole race
still takes. Here the maps of the bot it is given (the strong bot's: expected registers,
expected.py) are chained: registers to the next flag plus, for every flag after it, the
registers from the flag before it (the best facing). The strong bot uses this to weigh a
power down (RR-5.5): a turn lost now against the turns a damaged hand would lose over the
rest of the race. Pure: no pygame, no files, no randomness of its own."""

from __future__ import annotations

from game.roborally.model import REGISTERS
from game.roborally.robot import DESTROYING_DAMAGE
from game.roborally_bots.baseline import BaselineBot, Outcome

FACINGS = range(4)
SPEED = 4.0
"""Registers of the race a full hand gains in a turn on the expected maps (expected.py; 3.9
to 4.4 on the shipped courses; on the distance maps, which count registers at best, 3.0 to
3.5)."""


def damage_cost(damage: int) -> float:
    """What `damage` costs a robot, in registers of the race: damage shortens the hand
    (RR-5.1) and from five on locks registers (RR-5.3.1); the tenth point destroys it."""
    return 0.7 * damage + 1.5 * max(0, damage - 4) + (50.0 if damage >= DESTROYING_DAMAGE
                                                      else 0.0)


class RaceSearch(BaselineBot):
    """The baseline's search, scoring where a program ends by the registers still to run to
    the last flag (higher is better: the negative of `remaining`, less the damage taken)."""

    def __init__(self, bot: BaselineBot) -> None:
        super().__init__(bot.layout.board, "normal", bot.rng, bot.layout, bot.maps)
        flags = self.layout.flags
        # legs[k]: registers from flag k (its square, best facing) to the last flag
        self.legs = [0.0] * (len(flags) + 1)
        for k in range(len(flags) - 2, -1, -1):
            leg = min(self.maps[k + 1].dist[flags[k] * 4 + f] for f in FACINGS)
            self.legs[k] = self.legs[k + 1] + leg

    def remaining(self, square: int, facing: int, k: int) -> float:
        """Registers still to run from (square, facing) with `k` flags reached."""
        if k >= len(self.maps):
            return 0.0
        return self.maps[k].value(square, facing) + self.legs[k]

    def score(self, out: Outcome, next_index: int) -> float:
        if out.dead:
            return -1000.0 - out.damage
        return -self.remaining(out.square, out.facing, out.flags) - 0.7 * out.damage

    def progress(self, hands: list[list[tuple[int, str]]], square: int, facing: int,
                 damage: int, k: int) -> float:
        """Registers of the race one turn gains at best from (square, facing) with `damage`
        (9 − damage cards, RR-5.1; from 5 damage on, registers lock, RR-5.3: they idle
        here), averaged over the sampled `hands`. A sure fall gains nothing."""
        locked = max(0, damage - 4)
        open_regs = list(range(1, REGISTERS + 1 - locked))
        size = max(0, len(hands[0]) - damage)
        here = self.remaining(square, facing, k)
        total = 0.0
        for hand in hands:
            best = self.ranked(hand[:size], [None] * REGISTERS, open_regs, square, facing, k,
                               1)[0][0] if size else -here
            # a win (the baseline scores it 10,000 less the register) runs the whole rest;
            # a sure fall (-1,000 and less) gains nothing
            total += here if best >= 5000 else max(0.0, here + best)
        return total / len(hands)
