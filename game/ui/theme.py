"""Colours, fonts and the window scale every widget shares.

Layouts are designed for 1280×720 and scaled by `ui_scale(size)`; fonts are cached per
pixel size. The fonts ship with the game (assets/fonts, DejaVu, Bitstream Vera licence),
so every machine looks the same."""

from __future__ import annotations

import pygame

from game.paths import assets_dir
from game.ui import text_fit

BASE_SIZE = (1280, 720)

BACKGROUND = (24, 28, 38)
BACKGROUND_DEEP = (14, 16, 24)
PANEL = (38, 44, 58)
PANEL_EDGE = (72, 82, 104)
TEXT = (236, 238, 244)
TEXT_DIM = (160, 168, 186)
ACCENT = (255, 184, 48)
ACCENT_DARK = (190, 120, 20)
BUTTON = (58, 68, 92)
BUTTON_HOVER = (78, 92, 124)
BUTTON_PRESSED = (46, 54, 74)
BUTTON_DISABLED = (44, 48, 58)
FOCUS = (120, 200, 255)
DANGER = (220, 70, 60)
GOOD = (90, 200, 120)
SHADOW = (0, 0, 0, 110)
SCRIM = (8, 10, 16, 200)

# Player colours, each with a shape and a letter so colour is never the only cue.
PLAYER_STYLES: tuple[tuple[str, tuple[int, int, int], str], ...] = (
    ("red", (222, 64, 56), "circle"),
    ("blue", (58, 120, 230), "square"),
    ("green", (64, 180, 90), "triangle"),
    ("yellow", (236, 200, 48), "diamond"),
    ("purple", (160, 90, 210), "hexagon"),
    ("orange", (240, 130, 40), "star"),
    ("cyan", (60, 200, 210), "cross"),
    ("white", (228, 228, 232), "ring"),
)
PLAYER_COLOURS = {name: rgb for name, rgb, _ in PLAYER_STYLES}
PLAYER_SHAPES = {name: shape for name, _, shape in PLAYER_STYLES}

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}


def ui_scale(size: tuple[int, int]) -> float:
    """How much bigger than the 1280×720 design the window is (never below 0.5)."""
    return max(0.5, min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1]))


def font(pixels: float, bold: bool = False) -> pygame.font.Font:
    """The game's font at `pixels` height (cached)."""
    key = (max(8, round(pixels)), bold)
    cached = _fonts.get(key)
    if cached is None:
        if not pygame.font.get_init():
            pygame.font.init()
        name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
        try:
            cached = pygame.font.Font(str(assets_dir() / "fonts" / name), key[0])
        except (FileNotFoundError, OSError, pygame.error):
            cached = pygame.font.Font(None, key[0])  # never fail for want of a font file
        _fonts[key] = cached
    return cached


def scaled_font(size: tuple[int, int], pixels: float, bold: bool = False) -> pygame.font.Font:
    return font(pixels * ui_scale(size), bold)


def fit_font(text: str, width: float, px: float, smallest: float, bold: bool = True
             ) -> pygame.font.Font:
    """The largest font from `px` down to `smallest` in which `text` fits `width` (German
    labels run longer than English ones)."""
    size = px
    while size > smallest and font(size, bold).size(text)[0] > width:
        size -= 1
    chosen = font(max(8, size), bold)
    if chosen.size(text)[0] > width:
        text_fit.report("cut", text, f"wider than {width:.0f} px even at {size:.0f} px")
    elif size < px and size < text_fit.READABLE_PX:
        text_fit.report("shrunk", text, f"{px:.0f} px shrunk to {size:.0f} px to fit")
    return chosen
