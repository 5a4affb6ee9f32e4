"""The workbench's designer warnings (issue 17) and a broken file's mistakes: what `check`
says about the open file, each at FILE:LINE:COLUMN. Warnings stand in an amber panel under
the board, so the designer sees them on every save without leaving the picture; a broken
file's mistakes in a red panel in the side column, beside the last good picture. Neither
covers the board: the square each one names is framed on it in the panel's colour."""

from __future__ import annotations

import functools

import pygame

from game.i18n import _, current_language
from game.ui import theme
from game.ui.text_drawing import draw_text, wrap_text
from game.ui.widgets import draw_panel

MAX_SHOWN = 4
MISTAKE_FILL = (70, 24, 24)
MISTAKE_TEXT = (255, 220, 210)


@functools.lru_cache(maxsize=8)
def _warning_lines(warnings: tuple[str, ...], size: int, width: int,
                   language: str) -> tuple[str, ...]:
    """The panel's lines at font `size`, wrapped to `width`: worked out once, though the
    layout and every frame's drawing ask for them."""
    font = theme.font(size)
    lines: list[str] = []
    for warning in warnings[:MAX_SHOWN]:
        lines += wrap_text(warning, font, width)
    if len(warnings) > MAX_SHOWN:
        lines.append(_("… and {n} more (python main.py check FILE lists them all)").format(
            n=len(warnings) - MAX_SHOWN))
    return tuple(lines)


def warnings_box(area: pygame.Rect, warnings: list[str], scale: float) -> pygame.Rect:
    """The panel for the first MAX_SHOWN warnings, along the bottom of `area`: the board is
    laid out above it, so no square hides under the warning about it."""
    size, pad = round(17 * scale), round(12 * scale)
    lines = _warning_lines(tuple(warnings), size, area.w - 2 * pad, current_language())
    height = (len(lines) + 1) * theme.font(size).get_linesize() + 2 * pad
    return pygame.Rect(area.x, area.bottom - height, area.w, height)


def draw_warnings(surface: pygame.Surface, box: pygame.Rect, warnings: list[str],
                  scale: float) -> None:
    """The first MAX_SHOWN warnings in the amber panel `box` (`warnings_box`)."""
    size, pad = round(17 * scale), round(12 * scale)
    font = theme.font(size)
    step = font.get_linesize()
    draw_panel(surface, box, theme.WARNING_FILL, edge=theme.WARNING_EDGE)
    draw_text(surface, _("Warnings: legal, but probably not what you meant"),
              theme.font(round(17 * scale), bold=True), theme.WARNING_EDGE,
              (box.x + pad, box.y + pad))
    y = box.y + pad + step
    for line in _warning_lines(tuple(warnings), size, box.w - 2 * pad, current_language()):
        surface.blit(font.render(line, True, theme.WARNING_TEXT), (box.x + pad, y))
        y += step


def draw_problems(surface: pygame.Surface, box: pygame.Rect, heading: str,
                  problems: list[str], scale: float) -> None:
    """A broken file's messages in a red panel filling `box`: `heading`, then as many of
    `problems` as fit, then how many more there are."""
    draw_panel(surface, box, MISTAKE_FILL, edge=theme.DANGER)
    clip = surface.get_clip()
    surface.set_clip(box.clip(clip))        # a first message too long for the panel
    try:
        _draw_problem_lines(surface, box, heading, problems, scale)
    finally:
        surface.set_clip(clip)


def _draw_problem_lines(surface: pygame.Surface, box: pygame.Rect, heading: str,
                        problems: list[str], scale: float) -> None:
    pad = round(16 * scale)
    width = box.w - 2 * pad
    bold, font = theme.font(round(18 * scale), bold=True), theme.font(round(16 * scale))
    y = box.y + pad
    for line in wrap_text(heading, bold, width):
        draw_text(surface, line, bold, theme.TEXT, (box.x + pad, y))
        y += bold.get_linesize()
    y += font.get_linesize() // 2
    bottom = box.bottom - pad - font.get_linesize()     # room for "… and N more"
    for shown, problem in enumerate(problems):
        lines = wrap_text(problem, font, width)
        if y + len(lines) * font.get_linesize() > bottom and shown:
            more = _("… and {n} more (python main.py check FILE lists them all)").format(
                n=len(problems) - shown)
            for line in wrap_text(more, font, width)[:1]:
                draw_text(surface, line, font, theme.TEXT_DIM, (box.x + pad, y))
            return
        for line in lines:
            surface.blit(font.render(line, True, MISTAKE_TEXT), (box.x + pad, y))
            y += font.get_linesize()
        y += font.get_linesize() // 3


def draw_square_marks(surface: pygame.Surface, rects: list[pygame.Rect],
                      colour: tuple[int, int, int], scale: float) -> None:
    """A frame around each square a mistake or a warning is about."""
    width = max(3, round(4 * scale))
    for rect in rects:
        pygame.draw.rect(surface, colour, rect.inflate(width, width), width)
