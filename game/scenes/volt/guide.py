"""VOLT's first-round guide: the dice tray, blue dice move and red dice fire, the crosses
act in order, the victory-point fields (game/scenes/table/guide.py shows it once)."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.scenes.guide_overlay import Hint

GAME = "volt"


def title() -> str:
    return _("Your first round")


def first_round_hints(tray: pygame.Rect, key: pygame.Rect, crosses: pygame.Rect,
                      field: pygame.Rect | None, monitor: pygame.Rect) -> list[Hint]:
    """The hints, each with the screen box it points at: the tray, a blue key of cross I,
    the three crosses, and a victory-point field in the arena (or, with `field` None, the
    player's monitor, where their victory points show)."""
    hints = [
        Hint(_("Your dice tray: two blue dice and two red ones. The buttons 1 to 6 set the "
               "face of the die you hold."), tray),
        Hint(_("Drag a blue die onto a key to move your robot that way, a red die to fire "
               "its laser. Up is away from you."), key),
        Hint(_("The crosses act in order: every die on cross I first, then II, then III. Put "
               "one die on each cross, then lock in."), crosses),
    ]
    if field is not None:
        hints.append(Hint(_("The gold fields are victory-point fields: a robot standing on "
                            "one after a round takes its markers, 1 VP each. 3 VP win."),
                          field))
    else:
        hints.append(Hint(_("Your victory points show here. A robot standing on a gold field "
                            "after a round takes its markers, 1 VP each. 3 VP win."),
                          monitor))
    return hints
