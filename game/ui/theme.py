"""Colours, fonts and the window scale every widget shares; the colour table of the three
games' drawing, by role.

Layouts are designed for 1280×720 and scaled by `ui_scale(size)`; fonts are cached per
pixel size. The fonts ship with the game (assets/fonts, DejaVu, Bitstream Vera licence),
so every machine looks the same."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

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


def colours_for_names(names: Sequence[str]) -> list[str]:
    """Player colours for robots known only by name (a scenario's): a robot named after a
    player colour wears it, the others take the colours no name claims, in order."""
    claimed = {name for name in names if name in PLAYER_COLOURS}
    free = [colour for colour, _rgb, _shape in PLAYER_STYLES if colour not in claimed] or \
        [colour for colour, _rgb, _shape in PLAYER_STYLES]
    unnamed = itertools.cycle(free)
    return [name if name in PLAYER_COLOURS else next(unnamed) for name in names]

# -- the three games' drawing, by role ---------------------------------------------------
# One table: the painting modules take their colours from here by these names (no second
# name of their own), so a role has one value wherever it is drawn. One-off shades inside a single
# illustration (a flag's pole, a crusher's teeth) stay with the drawing they shade.

INK = (20, 20, 24)
"""Outlines and dark marks on the games' art."""
INK_ON_LIGHT = (20, 20, 20)
"""Text and marks on a lit chip, a label or a light overlay."""
TEXT_OUTLINE = (0, 0, 0)
SHINE = (250, 250, 250)
"""White marks on the art: eyes, arrows, lock shackles, labels on dark tags."""
BRIGHT = (255, 255, 255)
"""Numbers on strong colours (card priorities, VOLT's victory fields)."""
GUIDE_LIGHT = (120, 230, 255)
"""What the reading aids light up: the guide's marks, the ghost path, the log's last lines."""
DROP_SHADOW = (0, 0, 0, 90)
HURT = (255, 90, 80)
"""Damage as it is counted out, and a path that ends in destruction."""
FLAG_GOLD = (255, 226, 110)
"""Flags reached, on the RoboRally table and its end screen."""
LOCKED_RED = (170, 40, 40)
"""A locked register and the damage that locks it."""

# RoboRally: the factory floor and its elements
RR_VOID = (18, 20, 28)
"""Around and between the boards of a course."""
RR_FLOOR = (104, 110, 122)
RR_FLOOR_EDGE = (78, 83, 95)
RR_FLOOR_LIGHT = (126, 132, 146)
RR_GEAR_CW = (60, 164, 84)
RR_GEAR_CCW = (206, 72, 58)
"""The printed boards' colours: green gears turn right (clockwise), red ones left."""
RR_BELT = (212, 168, 44)
RR_BELT_DARK = (120, 92, 20)
RR_EXPRESS = (66, 132, 236)
RR_EXPRESS_DARK = (26, 60, 130)
RR_WALL = (246, 200, 40)
RR_WALL_DARK = (40, 36, 30)
RR_DOOR = (70, 210, 200)
RR_PORTALS = {
    "violet": (156, 84, 230), "purple": (156, 84, 230), "green": (54, 196, 96),
    "blue": (60, 128, 246), "orange": (246, 140, 40), "red": (230, 60, 60),
    "yellow": (240, 210, 50), "cyan": (50, 210, 220), "pink": (240, 110, 190),
    "white": (235, 235, 240), "teal": (40, 170, 160), "magenta": (220, 60, 200),
}
"""The portal colours a board may name (portal_look draws any other one too)."""
RR_BOARD_LASER = (255, 40, 40)
RR_ROBOT_LASER = (255, 120, 60)
RR_BEAM_GLOW = (255, 210, 200)
RR_BEAM_SPARK = (255, 240, 200)
RR_DOOR_INK = (150, 240, 230)
"""The workbench's marks: which way a door opens, which way belts flow."""
RR_BELT_FLOW = (255, 236, 140)
RR_EXPRESS_FLOW = (110, 200, 255)

# RoboRally: the table around the board
RR_PHASE_BAR = (30, 34, 46)
RR_LAMP_OFF = (60, 66, 84)
RR_LAMP_DONE_EDGE = (110, 120, 140)
RR_CHIP_OFF = (40, 46, 62)
RR_CHIP_IDLE_TEXT = (96, 104, 124)
RR_REGISTER_SLOT = (36, 40, 54)
RR_REGISTER_NUMBER = (70, 78, 100)
RR_HAND_SLOT = (40, 44, 58)
RR_ROBOT_ROW = (46, 52, 68)
RR_LIVES = (240, 110, 120)
RR_DAMAGE = (230, 70, 60)
RR_PIP_EMPTY = (70, 76, 94)
"""A damage pip not taken, a register not locked."""
RR_ROBOT_STATES = (170, 200, 255)
RR_CARDS = {"uturn": (196, 92, 72), "left": (84, 140, 200), "right": (84, 140, 200),
            "back": (168, 120, 64), "move1": (80, 160, 96), "move2": (64, 150, 90),
            "move3": (48, 136, 82)}
"""Program cards by type: turns blue, moves green in three shades, back-ups brown."""
RR_OPTION_CARD = (236, 226, 196)
RR_OPTION_EDGE = (150, 120, 60)
RR_OPTION_TEXT = (40, 34, 24)

# VOLT: the arena, the dice and the shots
VOLT_FLOOR = (62, 68, 84)
VOLT_FLOOR_LIGHT = (82, 90, 108)
VOLT_FLOOR_DARK = (44, 48, 60)
VOLT_GRID_LINE = (36, 40, 50)
VOLT_WALL = (214, 218, 228)
VOLT_WALL_EDGE = (30, 32, 40)
VOLT_FRAME = (92, 98, 116)
VOLT_FRAME_DARK = (52, 56, 70)
VOLT_HAZARD = (236, 190, 40)
VOLT_PIT = (8, 8, 12)
VOLT_VP_GOLD = (246, 200, 70)
VOLT_VP_DARK = (120, 90, 20)
VOLT_BLUE_DIE = (52, 112, 228)
VOLT_RED_DIE = (214, 56, 48)
VOLT_BEAM = (255, 70, 60)
VOLT_BEAM_CORE = (255, 236, 220)
VOLT_BEAM_GLOW = (255, 236, 200, 220)
VOLT_BEAM_END = (255, 236, 200, 230)
VOLT_MISS = (255, 80, 70, 230)
VOLT_HIT = (255, 120, 90)
VOLT_BLAST = (255, 150, 40)
VOLT_FLASH = (255, 200, 90)
VOLT_SPARK = (240, 240, 255)
VOLT_POINTS = (255, 226, 120)
VOLT_NEUTRAL_SIDE = (120, 126, 140)
VOLT_WORKSHOP = (96, 104, 124)
VOLT_BLUE_DIE_FACE = (44, 86, 170)
VOLT_GREY_DIE_FACE = (84, 90, 106)
VOLT_DIE_EDGE = (20, 22, 30)
VOLT_PIP = (236, 240, 250)
VOLT_GREY_PIP = (196, 200, 212)
VOLT_DIM_DIE = (90, 96, 110)
VOLT_DIM_PIP = (150, 150, 160)
VOLT_SLOT_EDGE = (52, 56, 68)

# Robot Master: the cards and their robots
RM_ROBOT_COLOURS = (
    (128, 140, 158),   # 0: the grey dome
    (72, 172, 92),     # 1: the green beanpole
    (62, 124, 222),    # 2: the blue twin
    (152, 92, 204),    # 3: the purple tripod
    (236, 138, 44),    # 4: the orange box
    (214, 60, 56),     # 5: the red commander
)
RM_CARD_FACE = (246, 241, 226)
RM_CARD_EDGE = (60, 54, 46)
RM_INK = (34, 30, 28)
RM_OUTLINE = (28, 28, 34)
RM_SLOT_HINT = (70, 62, 36)
RM_LOWEST_ROW = (70, 30, 30)

# The workbench's and the log's own
WARNING_FILL = (72, 56, 18)
WARNING_EDGE = (236, 178, 60)
WARNING_TEXT = (255, 232, 190)
PASS = (110, 220, 130)
LOG_BACKGROUND = (28, 32, 44)
LOG_HOVER_FILL = (52, 60, 82)
LOG_TEXT_OLD = (196, 202, 216)

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


def fitting_px(texts: Sequence[str], width: float, px: float, smallest: float,
               bold: bool = True) -> float:
    """The largest size from `px` down (a pixel at a time) in which every one of `texts`
    fits `width`, stopping once at or under `smallest`."""
    size = px
    while size > smallest and any(font(size, bold).size(t)[0] > width for t in texts):
        size -= 1
    return size


def fit_font(text: str, width: float, px: float, smallest: float, bold: bool = True
             ) -> pygame.font.Font:
    """The largest font from `px` down to `smallest` in which `text` fits `width` (German
    labels run longer than English ones)."""
    size = fitting_px((text,), width, px, smallest, bold)
    chosen = font(max(8, size), bold)
    drawn = max(8, round(size))       # the type's real size: `font` rounds
    if chosen.size(text)[0] > width:
        text_fit.report("cut", text, f"wider than {width:.0f} px even at {drawn} px")
    elif size < px and drawn < text_fit.READABLE_PX:
        text_fit.report("shrunk", text, f"{px:.0f} px shrunk to {drawn} px to fit")
    return chosen
