"""What a RoboRally status row says about one robot, readable without the rules: the flag
counter ("0/3 → ⚑1": none of three touched, flag 1 next) and held option cards drawn as small
cards whose text shows on hover."""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from game.i18n import _
from game.ui import theme
from game.ui.text_drawing import draw_text



def flags_touched(next_flag: int, total: int) -> int:
    return min(max(0, next_flag - 1), total)


def flag_counter(next_flag: int, total: int) -> str:
    """The short counter on the row: flags touched of all, then the next one."""
    touched = flags_touched(next_flag, total)
    if touched >= total:
        return f"{total}/{total} ✓"
    return f"{touched}/{total} → ⚑{next_flag}"


def short_flag_counter(next_flag: int, total: int) -> str:
    """The counter on a row whose robots' names need its room: the next flag only, or ✓
    (the row's tooltip says how many are touched)."""
    return "✓" if flags_touched(next_flag, total) >= total else f"⚑{next_flag}"


def flag_summary(next_flag: int, total: int) -> str:
    """The counter in words, for tooltips."""
    touched = flags_touched(next_flag, total)
    if touched >= total:
        return _("all {total} flags touched").format(total=total)
    return _("next flag {next} · {touched} of {total} touched").format(
        next=next_flag, touched=touched, total=total)


def option_chip_rects(area: pygame.Rect, names: Sequence[str], compact: bool
                      ) -> list[pygame.Rect]:
    """Boxes for option cards named `names`, side by side in `area` from the left: each as
    wide as its name where the row has room for them all (a German name runs to twenty
    letters), else an equal share; small cards of their initial on a compact row."""
    count = len(names)
    if count <= 0 or area.w <= 0:
        return []
    gap = 3
    share = (area.w - gap * (count - 1)) // count
    if compact:
        widths = [max(6, min(area.h * 3 // 4, share))] * count
    else:
        font = _chip_font(area.h)
        natural = [font.size(name)[0] + 8 for name in names]
        fits = sum(natural) + gap * (count - 1) <= area.w
        widths = [max(6, w if fits else min(w, share)) for w in natural]
        if not fits:       # what the short names leave goes to the long ones
            spare = area.w - gap * (count - 1) - sum(widths)
            longer = [k for k, w in enumerate(natural) if w > widths[k]]
            for k in longer:
                widths[k] += spare // len(longer)
    out, x = [], area.x
    for w in widths:
        out.append(pygame.Rect(x, area.y, w, area.h))
        x += w + gap
    return out


def _chip_font(height: int) -> pygame.font.Font:
    return theme.font(max(8, height - 4), bold=True)


def draw_option_chips(surface: pygame.Surface, rects: Sequence[pygame.Rect],
                      options: Sequence[str], name_of: Callable[[str], str]) -> None:
    """Each held option as a small cream card with its name (or its initial when narrow)."""
    for rect, option in zip(rects, options):
        pygame.draw.rect(surface, theme.RR_OPTION_CARD, rect, border_radius=3)
        pygame.draw.rect(surface, theme.RR_OPTION_EDGE, rect, 1, border_radius=3)
        name = name_of(option)
        f = _chip_font(rect.h)
        label = name if f.size(name)[0] <= rect.w - 4 or rect.w >= 40 else name[:1]
        draw_text(surface, label, f, theme.RR_OPTION_TEXT, rect.center, "center",
                  max_width=rect.w - 4)


def _tells_of(line: Any, name: str) -> bool:
    """Whether a log line names robot `name`: as the one acting, among the targets of a shot,
    or among the robots a move pushed."""
    return any(name == v or (isinstance(v, str) and name in v.split(", "))
               for v in line.values.values()) or \
        any(pushed == name for pushed, _dst in line.values.get("pushed", ()))


def robot_story(lines: Sequence[Any], name: str, turn: int, limit: int = 8) -> list[str]:
    """What happened to one robot in the register phases of `turn` and the turn before
    (a player back at the programming screen sees who shot them), newest last."""
    mine = [line.text() for line in lines
            if line.turn in (turn, turn - 1) and line.register and _tells_of(line, name)]
    if not mine:
        return []
    return [_("What happened to {name}:").format(name=name)] + ["· " + t for t in mine[-limit:]]
