"""RoboRally's first-turn guide: where to put the cards, what a card's number means, which
robot is yours and where it faces, where flag 1 is (game/scenes/table/guide.py shows it
once)."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.scenes.guide_overlay import Hint

GAME = "roborally"


def title() -> str:
    return _("Your first turn")


def first_turn_hints(registers: pygame.Rect, first_card: pygame.Rect | None,
                     robot: pygame.Rect | None, facing: str, flag: pygame.Rect | None
                     ) -> list[Hint]:
    """The hints, each with the screen box it points at (facing: a translated direction)."""
    hints = [Hint(_("Put five cards into the registers 1 to 5: drag them, or click a card to "
                    "fill the next free register. Register 1 runs first."), registers)]
    if first_card is not None:
        band = pygame.Rect(first_card.x, first_card.y, first_card.w, first_card.h // 4)
        hints.append(Hint(_("The number on a card is its priority: in each register the "
                            "robot whose card has the higher number moves first."), band))
    if robot is not None:
        hints.append(Hint(_("This is your robot. The yellow wedge shows where it faces: now "
                            "{direction}.").format(direction=facing), robot))
    if flag is not None:
        hints.append(Hint(_("Flag 1 is your first goal; touch the flags in order. The blue "
                            "ghost path shows where your program takes your robot (point at a "
                            "card to try it); a red +1 on it is damage from the board's "
                            "lasers."), flag))
    return hints


REGISTERS_GAME = "roborally-registers"
"""The register phases' guide, remembered apart from the first turn's (`guides_seen`)."""


def registers_title() -> str:
    return _("Your first register")


def first_register_hints(reveals: pygame.Rect, phases: pygame.Rect,
                         programs: pygame.Rect | None, log: pygame.Rect | None,
                         status: pygame.Rect) -> list[Hint]:
    """The hints of the first register phase (RR-6), each with the screen box it points at:
    the turn's programs where they show, else the log where it is in view."""
    hints = [Hint(_("Each register begins with every robot's card revealed. The card with "
                    "the highest priority runs first; a frame marks the one running "
                    "now."), reveals),
             Hint(_("Then the factory acts, in the order shown here: belts, pushers, gears, "
                    "crushers, lasers, flamers, flags. The lit step is the one under "
                    "way."), phases)]
    if programs is not None:
        hints.append(Hint(_("The cards revealed this turn stay face up here, beside their "
                            "robots; point at one to read it."), programs))
    elif log is not None:
        hints.append(Hint(_("The log tells what each robot did; point at a line to see the "
                            "squares it names."), log))
    hints.append(Hint(_("Every robot's flags, lives and damage: ten damage destroys a "
                        "robot, and from five its registers lock, last one first."), status))
    return hints
