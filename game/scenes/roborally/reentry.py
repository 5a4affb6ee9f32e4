"""Questions asked when a destroyed robot returns (RR-10.5): the dialog keeps clear of the
archive square the player is choosing for, that square is lit, and the power question after
re-entry asks whether to return powered down (RR-10.5.4), not whether to stay so."""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import N_
from game.roborally.actions import Answer
from game.ui import theme

RETURN_POWERED_DOWN = N_("Your robot returns: return powered down for the next turn "
                         "(no cards, all damage repaired)?")
ABOUT_THE_RETURN = ("facing", "power_down")


def is_reentry_question(decision: Any, log: list[Any]) -> bool:
    """A power question right after this robot chose its facing is the re-entry one."""
    if decision.kind == "facing":
        return True
    last = log[-1] if log else None
    return decision.kind == "power_down" and isinstance(last, Answer) \
        and last.kind == "facing" and last.player == decision.player


def place_clear_of(box: pygame.Rect, screen: pygame.Rect, keep_clear: pygame.Rect | None,
                   margin: int) -> pygame.Rect:
    """`box` centred on the screen, or, when it would cover `keep_clear`, moved to the top or
    bottom (else the left or right) of the screen, whichever side is farther from it."""
    box = box.copy()
    box.center = screen.center
    if keep_clear is None:
        return box
    guard = keep_clear.inflate(margin * 2, margin * 2)
    if not box.colliderect(guard):
        return box
    if keep_clear.centery > screen.centery:
        box.top = screen.top + margin
    else:
        box.bottom = screen.bottom - margin
    if box.colliderect(guard):
        box.center = screen.center
        if keep_clear.centerx > screen.centerx:
            box.left = screen.left + margin
        else:
            box.right = screen.right - margin
    return box


def draw_lit_square(surface: pygame.Surface, rect: pygame.Rect, width: int) -> None:
    pygame.draw.rect(surface, theme.GUIDE_LIGHT, rect.inflate(width * 2, width * 2), width,
                     border_radius=width * 2)


def scrim_around(surface: pygame.Surface, hole: pygame.Rect | None) -> None:
    """Dim what lies below the dialog except the square the question is about."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill(theme.SCRIM)
    if hole is not None:
        veil.fill((0, 0, 0, 0), hole)
    surface.blit(veil, (0, 0))
