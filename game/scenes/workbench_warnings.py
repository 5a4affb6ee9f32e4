"""The workbench's designer warnings (issue 17): what `check` warns about the open file,
each at FILE:LINE:COLUMN, in an amber panel along the bottom of the board area, so the
designer sees them on every save without leaving the picture."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.i18n import _
from game.tools.designer_warnings import designer_warnings
from game.ui import theme
from game.ui.text_drawing import draw_text, wrap_text
from game.ui.widgets import draw_panel

MAX_SHOWN = 4


def warnings_for(path: Path, model: Any) -> list[str]:
    """The warnings for the loaded `model` of `path`, as `check` prints them."""
    return [str(problem) for problem in designer_warnings(path, model)]


def draw_warnings(surface: pygame.Surface, area: pygame.Rect, warnings: list[str],
                  scale: float) -> None:
    """The first MAX_SHOWN warnings in a panel along the bottom of `area`."""
    font = theme.font(round(17 * scale))
    pad = round(12 * scale)
    lines: list[str] = []
    for warning in warnings[:MAX_SHOWN]:
        lines += wrap_text(warning, font, area.w - 2 * pad)
    if len(warnings) > MAX_SHOWN:
        lines.append(_("… and {n} more (python main.py check FILE lists them all)").format(
            n=len(warnings) - MAX_SHOWN))
    step = font.get_linesize()
    height = (len(lines) + 1) * step + 2 * pad
    box = pygame.Rect(area.x, area.bottom - height, area.w, height)
    draw_panel(surface, box, theme.WARNING_FILL, edge=theme.WARNING_EDGE)
    draw_text(surface, _("Warnings: legal, but probably not what you meant"),
              theme.font(round(17 * scale), bold=True), theme.WARNING_EDGE,
              (box.x + pad, box.y + pad))
    y = box.y + pad + step
    for line in lines:
        surface.blit(font.render(line, True, theme.WARNING_TEXT), (box.x + pad, y))
        y += step
