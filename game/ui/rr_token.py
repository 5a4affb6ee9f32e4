"""RoboRally robot tokens: the robot turns with its facing (its head is its front), a bright
wedge points the way, and the name tag sits behind the robot so the wedge is never under it.
Several robots on one square (virtual robots after re-entry) are fanned out, smaller."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from game.ui import art, theme
from game.ui.floor_painters import tile_font, tile_text
from game.ui.text_drawing import render_line, shorten

Colour = tuple[int, int, int]

FACING_ANGLE = {"N": 0.0, "E": 90.0, "S": 180.0, "W": 270.0}
"""Degrees clockwise from north, as tokens are drawn."""
ANGLE_STEP = 5          # rotated sprites are cached at this resolution
WEDGE_REACH = 0.58      # the wedge's tip, in squares from the centre


@dataclass
class RobotLook:
    """How one robot is drawn: its player's colour, emblem shape, letter and name."""

    name: str
    colour: Colour
    shape: str

    @property
    def letter(self) -> str:
        return self.name[:1].upper()

    @classmethod
    def in_colour(cls, name: str, colour: str) -> RobotLook:
        """Robot `name` in player colour `colour` (theme.PLAYER_STYLES), grey when unknown."""
        return cls(name, theme.PLAYER_COLOURS.get(colour, (200, 200, 200)),
                   theme.PLAYER_SHAPES.get(colour, "circle"))


@dataclass(frozen=True)
class TokenDrawn:
    """Where the parts of a token went (for hit tests and checks)."""

    body: pygame.Rect
    tip: tuple[float, float]
    wedge: pygame.Rect
    tag: pygame.Rect | None


_sprites: dict[tuple[Any, ...], pygame.Surface] = {}
_tags: dict[tuple[Any, ...], pygame.Surface] = {}


def _cached(cache: dict[tuple[Any, ...], pygame.Surface], key: tuple[Any, ...]
            ) -> pygame.Surface | None:
    if len(cache) > 512:
        cache.clear()
    return cache.get(key)


def robot_sprite(look: RobotLook, size: int, angle: float = 0.0) -> pygame.Surface:
    """The robot seen from above, its head towards `angle` (clockwise from north)."""
    turn = int(round(angle / ANGLE_STEP)) * ANGLE_STEP % 360
    key = (look.colour, look.shape, look.letter, size, turn)
    sprite = _cached(_sprites, key)
    if sprite is None:
        upright = _cached(_sprites, key[:4] + (0,))
        if upright is None:
            upright = pygame.Surface((size, size), pygame.SRCALPHA)
            art.draw_robot(upright, upright.get_rect(), look.colour, shape=look.shape,
                           letter=look.letter)
            _sprites[key[:4] + (0,)] = upright
        sprite = pygame.transform.rotozoom(upright, -turn, 1.0) if turn else upright
        _sprites[key] = sprite
    return sprite


def name_tag(name: str, px: int, colour: Colour, max_width: int | None = None
             ) -> pygame.Surface:
    """The tag under (or over) a robot; at most `max_width` pixels wide, the name cut with
    an ellipsis where a neighbour's tag would otherwise run into it."""
    f = tile_font(px)
    if max_width is not None:      # keyed by the text shown: a moving neighbour makes no new tag
        name = shorten(name, f, max(px, max_width - px // 2 - 2))
    key = (name, px, colour)
    tag = _cached(_tags, key)
    if tag is None:
        text = render_line(f, name, theme.SHINE)
        tag = pygame.Surface((text.get_width() + px // 2 + 2, text.get_height() + 2),
                             pygame.SRCALPHA)
        pygame.draw.rect(tag, (16, 18, 26, 220), tag.get_rect(), border_radius=px // 3)
        pygame.draw.rect(tag, colour, tag.get_rect(), max(1, px // 8), border_radius=px // 3)
        tag.blit(text, (px // 4 + 1, 1))
        _tags[key] = tag
    return tag


def faces_down(angle: float) -> bool:
    """The wedge points into the lower half (south-east to south-west): the tag goes above."""
    return 100.0 < angle % 360 < 260.0


def tag_middle_y(centre_y: float, tile: float, angle: float) -> float:
    """About where the middle of a robot's name tag lies (`draw_robot_token` puts it above
    or below the robot): two tags whose middles are less than TAG_ROW apart are on one row
    of tags, whichever rows their robots stand on."""
    return centre_y + (-TAG_MIDDLE if faces_down(angle) else TAG_MIDDLE) * tile


TAG_MIDDLE = 0.45
"""How far a tag's middle is from its robot's centre, in tiles (0.3 to its edge, and about
half the height of its text)."""
TAG_ROW = 0.35
"""Tags whose middles are nearer than this, in tiles, would overlap if side by side."""


def wedge_points(centre: tuple[float, float], tile: float, angle: float
                 ) -> list[tuple[float, float]]:
    cx, cy = centre
    a = math.radians(angle - 90)
    tip = (cx + math.cos(a) * tile * WEDGE_REACH, cy + math.sin(a) * tile * WEDGE_REACH)
    side = math.radians(34)
    base_r = tile * 0.3
    return [tip, (cx + math.cos(a + side) * base_r, cy + math.sin(a + side) * base_r),
            (cx + math.cos(a - side) * base_r, cy + math.sin(a - side) * base_r)]


def draw_robot_token(surface: pygame.Surface, centre: tuple[float, float], tile: int,
                     look: RobotLook, angle: float, *, alpha: int = 255, scale: float = 1.0,
                     name: bool = True, powered_down: bool = False, virtual: bool = False,
                     highlight: bool = False, tag_width: int | None = None) -> TokenDrawn:
    """A robot on the board, turned to `angle` (degrees clockwise from north), with its
    facing wedge and, behind it, its name tag (at most `tag_width` pixels wide)."""
    cx, cy = centre
    t = tile * scale
    size = max(6, int(tile * 0.76 * scale))
    wedge = wedge_points(centre, t, angle)
    if highlight:
        pygame.draw.circle(surface, theme.ACCENT, (cx, cy), t * 0.5, max(2, tile // 14))
    sprite = robot_sprite(look, size, angle)
    if alpha >= 255 and not virtual:
        target, offset = surface, (0.0, 0.0)
    else:
        target = pygame.Surface((tile * 2, tile * 2), pygame.SRCALPHA)
        offset = (cx - tile, cy - tile)
    local = [(x - offset[0], y - offset[1]) for x, y in wedge]
    pygame.draw.polygon(target, theme.ACCENT, local)
    pygame.draw.polygon(target, (16, 16, 20), local, max(1, tile // 24))
    body = sprite.get_rect(center=(int(cx - offset[0]), int(cy - offset[1])))
    target.blit(sprite, body)
    if target is not surface:
        target.set_alpha(min(alpha, 140) if virtual else alpha)
        surface.blit(target, (int(offset[0]), int(offset[1])))
        body = body.move(int(offset[0]), int(offset[1]))
    if powered_down:
        tile_text(surface, "Zz", t * 0.28, (140, 220, 255), (cx + t * 0.28, cy - t * 0.3),
                  outline=theme.TEXT_OUTLINE)
    tag_rect = None
    if name and tile >= 26 and alpha > 60 and scale >= 0.9:
        tag = name_tag(look.name, max(9, int(tile * 0.24)), look.colour, tag_width)
        if faces_down(angle):
            tag_rect = tag.get_rect(midbottom=(int(cx), int(cy - t * 0.3)))
        else:
            tag_rect = tag.get_rect(midtop=(int(cx), int(cy + t * 0.3)))
        # on the board's edge row the tag moves in over the robot, never over the wedge
        tag_rect.clamp_ip(surface.get_clip())
        surface.blit(tag, tag_rect)
    xs, ys = [p[0] for p in wedge], [p[1] for p in wedge]
    box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1,
                      int(max(ys) - min(ys)) + 1)
    return TokenDrawn(body, wedge[0], box, tag_rect)


def fan_spots(count: int) -> list[tuple[float, float, float]]:
    """(dx, dy, scale) in squares for `count` robots sharing a square: side by side in a
    2 × 2 or 3 × 3 grid, small enough that none covers another's body."""
    if count <= 1:
        return [(0.0, 0.0, 1.0)]
    if count == 2:
        return [(-0.25, 0.0, 0.55), (0.25, 0.0, 0.55)]
    per_row = 2 if count <= 4 else 3
    scale = 0.5 if per_row == 2 else 0.34
    step = 1.0 / per_row
    spots = []
    for k in range(count):
        row, col = divmod(k, per_row)
        spots.append(((col + 0.5) * step - 0.5, (row + 0.5) * step - 0.5, scale))
    return spots


def draw_archive(surface: pygame.Surface, rect: pygame.Rect, look: RobotLook) -> None:
    """A robot's archive marker: its emblem in a corner of the square."""
    t = rect.w
    r = max(3, t * 0.12)
    art.draw_emblem(surface, look.shape, (rect.x + r + 2, rect.bottom - r - 2), r, look.colour)
