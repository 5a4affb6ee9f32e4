"""The VOLT bot for a setup level, old saves' level names included. Pure: no pygame, no
files; every bot draws from the generator it is given."""

from __future__ import annotations

import random
from typing import Any

from game.volt import bots
from game.volt.model import Arena
from game.volt.strong_bot import StrongBot

LEGACY_LEVELS = {"random": "easy", "greedy": "normal"}
"""Bot levels of saves made before the three common levels (VOLT had random and greedy)."""


def make_bot(level: str, arena: Arena, rng: random.Random) -> Any:
    """The bot for a setup level: "easy" random legal programs, "normal" the greedy
    look-ahead, "strong" searches against modelled opponents (game/volt/strong_bot.py);
    unknown levels play random legal moves."""
    level = LEGACY_LEVELS.get(level, level)
    if level == "strong":
        return StrongBot(arena, rng)
    if level == "normal":
        return bots.GreedyBot(arena, rng)
    if level == "easy":
        return bots.RandomBot(arena, rng)
    return bots.LegalRandomBot(arena, rng)
