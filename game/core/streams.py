"""Random draws for decisions outside the rules' chance stream: a bot's choices, a bot's
programming time, the cards the timer fills in (STYLE.md §4.4: they never use up the
Match's stream).

A decision's generator is seeded afresh from the stream's name and where in the game the
decision is taken (the number of actions logged before it, or the round), never carried
over from the decision before. A game rebuilt from its log (a resumed save, a crash
recovery, a replay) therefore decides exactly as the uninterrupted game would have, and a
save has nothing to hold besides the log: re-running every bot decision of the log to move
a carried-over generator on would make resuming a long game against strong bots take up to
a minute (docs/saves.md). Pure: no pygame."""

from __future__ import annotations

import random


class DecisionStream:
    """One seat's (or one purpose's) generator, positioned for each decision with `at`.

    The generator object stays the same, so a bot keeps the `random.Random` it was built
    with and `at` positions it before the bot is asked."""

    def __init__(self, *name: object) -> None:
        self.name = "-".join(str(part) for part in name)
        self.rng = random.Random(self.name)

    def at(self, *position: object) -> random.Random:
        """The generator seeded for the decision at `position` (e.g. the log's length)."""
        self.rng.seed(f"{self.name}@{'-'.join(str(part) for part in position)}")
        return self.rng
