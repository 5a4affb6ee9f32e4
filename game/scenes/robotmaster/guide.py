"""Robot Master's first-card guide: your hand, where a card may go, your lines against the
other side's, what a line scores (game/scenes/table/guide.py shows it once)."""

from __future__ import annotations

import pygame

from game.i18n import _, ngettext
from game.scenes.guide_overlay import Hint

GAME = "robot-master"


def title() -> str:
    return _("Your first card")


def first_card_hints(hand: pygame.Rect, cell: pygame.Rect | None, own: pygame.Rect,
                     other: pygame.Rect, side: str | None, others: list[str]) -> list[Hint]:
    """The hints, each with the screen box it points at: the hand (solo: the turned-up
    card), a marked cell, the strip where the player's own lines score (`side`: "rows",
    "columns", None in solo), the other side's strip (`others`: the seats that own it)."""
    if side is None:
        hints = [Hint(_("The turned-up card: click a marked cell for it, or drag it there."),
                      hand)]
    else:
        hints = [Hint(_("Your hand: click a card, then a marked cell, or drag the card "
                        "there."), hand)]
    if cell is not None:
        hints.append(Hint(_("A card may go only on a marked cell: touching a card along a "
                            "side, and all cards inside a 5 × 5 square. Confirm to play it."),
                          cell))
    names = ", ".join(others)
    if side == "rows":
        text = ngettext("You own the rows (across); their scores show here. {names} owns the "
                        "columns (down).",
                        "You own the rows (across); their scores show here. {names} own the "
                        "columns (down).", len(others)).format(names=names)
    elif side == "columns":
        text = ngettext("You own the columns (down); their scores show here. {names} owns the "
                        "rows (across).",
                        "You own the columns (down); their scores show here. {names} own the "
                        "rows (across).", len(others)).format(names=names)
    else:
        text = _("Rows and columns both count: every line's score shows beside the grid. "
                 "Your score is your lowest line.")
    hints.append(Hint(text, own))
    if side is None:
        scoring = _("A line scores each robot's value; a pair scores ten times its value, "
                    "three alike 100. Make every line strong.")
    else:
        scoring = _("A line scores each robot's value; a pair scores ten times its value, "
                    "three alike 100. The side whose lowest line is lower loses.")
    hints.append(Hint(scoring, other))
    return hints
