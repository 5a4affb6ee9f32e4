"""How a portal pair looks: its colour and the tag that names it on the board and in the
hover texts. A colour the game does not know is drawn in that colour when it is one
(`"#33cc99"`, `chartreuse`), else in a stable colour of its own, and is tagged with its
name, so that two unknown pairs never look alike."""

from __future__ import annotations

import zlib

import pygame

from game.i18n import N_
from game.ui import theme

Colour = tuple[int, int, int]

PORTAL_COLOURS: dict[str, Colour] = theme.RR_PORTALS
PORTAL_NAMES = {"violet": N_("violet"), "purple": N_("purple"), "green": N_("green"),
                "blue": N_("blue"), "orange": N_("orange"), "red": N_("red"),
                "yellow": N_("yellow"), "cyan": N_("cyan"), "pink": N_("pink"),
                "white": N_("white"), "teal": N_("teal"), "magenta": N_("magenta")}
TAG_LENGTH = 8
"""Longest tag drawn for a colour the game does not know; longer names are shortened."""


def is_known_colour(name: str) -> bool:
    return name.lower() in PORTAL_COLOURS


def portal_colour(name: str) -> Colour:
    """The colour a portal pair is drawn in."""
    known = PORTAL_COLOURS.get(name.lower())
    if known is not None:
        return known
    try:
        colour = pygame.Color(name.strip())
        return (colour.r, colour.g, colour.b)
    except (ValueError, TypeError):
        h = zlib.crc32(name.encode("utf-8"))
        return (80 + h % 160, 80 + (h >> 8) % 160, 80 + (h >> 16) % 160)


def portal_tag(name: str) -> str:
    """The tag on a portal square: the initial of a known colour, else the name itself."""
    if is_known_colour(name):
        return name[:1].upper()
    name = name.strip() or "?"
    return name if len(name) <= TAG_LENGTH else name[:TAG_LENGTH - 1] + "…"
