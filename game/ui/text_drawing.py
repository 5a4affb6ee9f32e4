"""Text on screen: translate, wrap, shorten, draw lines and paragraphs, fit a font to a box,
and lay out lists of named entries. Rendered lines are kept between frames, and texts that do
not fit are reported to game/ui/text_fit.py (the text check). The widgets (game/ui/widgets.py)
draw all their text through here."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Sequence

import pygame

from game.i18n import _
from game.ui import text_fit, theme


def tr(text: str, translate: bool = True) -> str:
    return _(text) if translate else text


NOT_A_CHARACTER = "\U0010FFFD"
"""A private-use code point no font has: what the font draws for it is its "missing" box."""


@functools.lru_cache(maxsize=4096)
def _glyph(character: str) -> str:
    """"drawn", "missing" (the font draws its empty box: an emoji, a Chinese character) or
    "invisible" (no width: a variation selector after an emoji; rendering it alone fails)."""
    font = theme.font(24)
    if font.size(character)[0] == 0:
        return "invisible"

    def picture(text: str) -> tuple[tuple[int, int], bytes]:
        image = font.render(text, False, theme.BRIGHT)
        return image.get_size(), pygame.image.tobytes(image, "RGBA")
    return "missing" if picture(character) == picture(NOT_A_CHARACTER) else "drawn"


def render_line(font: pygame.font.Font, text: str, colour: tuple[int, int, int],
                antialias: bool = True) -> pygame.Surface:
    """`font.render`, except that text of no width (only invisible characters, as a
    hand-edited name may be) gives an empty picture rather than an error. The error is
    caught, not foreseen: measuring every line first would cost each frame a second pass."""
    try:
        return font.render(text, antialias, colour)
    except pygame.error:        # "Text has zero width"
        return font.render("", antialias, colour)


def typed_characters(text: str) -> tuple[str, str]:
    """What a text field keeps of typed `text`, and what it refuses because the game's font
    cannot show it (the player is told); control and invisible characters are dropped
    without a word."""
    printable = [ch for ch in text if ch.isprintable()]
    kept = "".join(ch for ch in printable if _glyph(ch) == "drawn")
    refused = "".join(ch for ch in printable if _glyph(ch) == "missing")
    return kept, refused


def showable(text: str) -> str:
    """`text` read from a file (a save, the settings) with only what the font can show, as
    a text field would have let it be typed: a hand edit's control characters, direction
    marks or emoji would draw as empty boxes or nothing at all. Trimmed; may be empty."""
    return typed_characters(text)[0].strip()


UNBROKEN_SPACE = re.compile(r" (?![-\d]+[)\]])")
"""The spaces a line may break at: any but the one inside a square's coordinates, so that
"(7, 12)" and "[6, 3]" are never split over two lines of a log or a message."""


def wrap_text(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Break `text` into lines that fit `width` pixels (keeps explicit newlines). A word
    wider than a line (a long file path) is broken, after a slash where it can be, so
    nothing after it (the LINE:COLUMN of a message) is cut off."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = UNBROKEN_SPACE.split(paragraph)
        line = ""
        for word in words:
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            pieces = _break_word(word, font, width)
            lines += pieces[:-1]
            line = pieces[-1]
        lines.append(line)
    if text_fit.listening():
        for line in lines:
            if font.size(line)[0] > width:
                text_fit.report("cut", line, f"a word wider than its {width} px box")
    return lines


def shorten(text: str, font: pygame.font.Font, width: int) -> str:
    """`text`, cut with an ellipsis where it is wider than `width` pixels."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


@dataclass(frozen=True)
class EntryLine:
    """One line of a list of named entries: a name (`is_name`) or a line of its text."""

    text: str
    is_name: bool
    top: int


def fit_entries(entries: Sequence[tuple[str, str]], name_font: pygame.font.Font,
                text_font: pygame.font.Font, rect: pygame.Rect, gap: int) -> list[EntryLine]:
    """Lay (name, text) entries out in `rect` so that every name shows: the texts share the
    room the names leave (each first gets one line, then they fill up in order), cut with an
    ellipsis where they run out. A text that an earlier entry already showed (two swing
    doors) is not repeated. When even the names do not fit, the last line says how many
    more there are."""
    name_h, line_h = name_font.get_linesize(), int(text_font.get_linesize() * 1.15)
    fitting = max(1, (rect.h + gap) // (name_h + gap))
    shown = list(entries)
    if len(shown) > fitting:
        shown = shown[:fitting - 1]
    room = rect.h - len(shown) * (name_h + gap) - (name_h if len(shown) < len(entries) else 0)
    seen: set[str] = set()
    texts: list[list[str]] = []
    for _name, text in shown:
        texts.append(wrap_text(text, text_font, rect.w) if text and text not in seen else [])
        seen.add(text)
    budget = max(0, room) // line_h
    keep = [0] * len(texts)
    for first_pass in (True, False):
        for k, lines in enumerate(texts):
            more = min(len(lines) - keep[k], budget, 1 if first_pass else budget)
            keep[k] += more
            budget -= more
    out: list[EntryLine] = []
    y = rect.y
    for (name, _text), lines, count in zip(shown, texts, keep):
        out.append(EntryLine(shorten(name, name_font, rect.w), True, y))
        y += name_h
        if 0 < count < len(lines):
            lines = lines[:count - 1] + [shorten(lines[count - 1] + "…", text_font, rect.w)]
        for line in lines[:count]:
            out.append(EntryLine(line, False, y))
            y += line_h
        y += gap
    if len(shown) < len(entries):
        out.append(EntryLine(_("… and {n} more").format(n=len(entries) - len(shown)), True, y))
    return out


def _break_word(word: str, font: pygame.font.Font, width: int) -> list[str]:
    """`word` in pieces that each fit `width` (at least one character a piece)."""
    pieces: list[str] = []
    while font.size(word)[0] > width and len(word) > 1:
        fits = 1
        while fits < len(word) and font.size(word[:fits + 1])[0] <= width:
            fits += 1
        slash = max(word.rfind("/", 0, fits), word.rfind("\\", 0, fits))
        cut = slash + 1 if slash > 0 else fits
        pieces.append(word[:cut])
        word = word[cut:]
    pieces.append(word)
    return pieces


def draw_text(surface: pygame.Surface, text: str, font: pygame.font.Font,
              colour: tuple[int, int, int], pos: tuple[int, int], align: str = "topleft",
              max_width: int | None = None) -> pygame.Rect:
    """Draw one line of text anchored at `pos` by `align` (a pygame.Rect attribute).
    Text wider than `max_width` is shortened with an ellipsis (and reported)."""
    if text_fit.listening() and max_width is not None and font.size(text)[0] > max_width:
        text_fit.report("cut", text, f"wider than {max_width} px")
    image = _text_image(font, text, colour, max_width)
    rect = image.get_rect(**{align: pos})
    surface.blit(image, rect)
    if text_fit.listening() and text.strip() and not surface.get_rect().contains(rect):
        text_fit.report("outside", text, f"drawn at {tuple(rect)}, the window is "
                                         f"{surface.get_size()}")
    return rect


_TEXT_IMAGES: dict[tuple[pygame.font.Font, str, tuple[int, ...], int | None],
                   pygame.Surface] = {}


TEXT_IMAGES_KEPT = 2048
"""Rendered lines kept for the next frame: a table redraws the same labels every frame, and
rendering them again costs more than the rest of its panel."""


def _text_image(font: pygame.font.Font, text: str, colour: tuple[int, int, int],
                max_width: int | None) -> pygame.Surface:
    key = (font, text, tuple(colour), max_width)
    image = _TEXT_IMAGES.get(key)
    if image is None:
        if max_width is not None:
            text = shorten(text, font, max_width)
        image = render_line(font, text, colour)
        if len(_TEXT_IMAGES) >= TEXT_IMAGES_KEPT:
            _TEXT_IMAGES.clear()
        _TEXT_IMAGES[key] = image
    return image


def draw_paragraphs(surface: pygame.Surface, text: str, font: pygame.font.Font,
                    colour: tuple[int, int, int], rect: pygame.Rect, line_gap: float = 1.25,
                    scroll: int = 0) -> int:
    """Draw wrapped text inside `rect` (clipped); return the full height it needs. Unless
    the caller scrolls, lines that fall below `rect` are reported."""
    lines = wrap_text(text, font, rect.w)
    step = int(font.get_linesize() * line_gap)
    if scroll == 0 and text_fit.listening() and not _fits(len(lines), font, line_gap, rect.h):
        text_fit.report("overflow", text, f"{len(lines)} lines of {step} px in a box "
                                          f"{rect.h} px high")
    old_clip = surface.get_clip()
    surface.set_clip(rect)
    y = rect.y - scroll
    for line in lines:
        if y + step >= rect.y and y <= rect.bottom:
            surface.blit(render_line(font, line, colour), (rect.x, y))
        y += step
    surface.set_clip(old_clip)
    return len(lines) * step


FIT_SHRINK = 0.75
"""How far a button or list row may shrink its text to fit (German runs longer): to three
quarters of its size, never below a readable size (text_fit.READABLE_PX reports that)."""


def paragraphs_fit(text: str, font: pygame.font.Font, rect: pygame.Rect,
                   line_gap: float = 1.25) -> bool:
    """Whether `draw_paragraphs` would show all of `text` in `rect`."""
    return _fits(len(wrap_text(text, font, rect.w)), font, line_gap, rect.h)


def _fits(lines: int, font: pygame.font.Font, line_gap: float, height: int) -> bool:
    """`lines` wrapped lines in `font` stand within `height` pixels."""
    return (lines - 1) * int(font.get_linesize() * line_gap) + font.get_height() <= height


def paragraph_font(text: str, rect: pygame.Rect, size: float, bold: bool = False,
                   line_gap: float = 1.25) -> pygame.font.Font:
    """The font of `size` pixels, or a smaller one down to FIT_SHRINK of it, in which `text`
    wrapped to `rect`'s width fits its height (`draw_paragraphs` reports what still does not:
    a window's size changes where words wrap, so a hint that fits one size may not the next)."""
    return theme.font(_paragraph_px(text, rect.w, rect.h, size, bold, line_gap), bold)


@functools.lru_cache(maxsize=64)
def _paragraph_px(text: str, width: int, height: int, size: float, bold: bool,
                  line_gap: float) -> float:
    """`paragraph_font`'s size, kept: a table asks for it every frame it draws."""
    smallest = max(text_fit.READABLE_PX, size * FIT_SHRINK)   # smallest_readable_font's
    px = size
    while px > smallest:
        font = theme.font(px, bold)
        if _fits(len(wrap_text(text, font, width)), font, line_gap, height):
            return px
        px -= 1
    return px


def smallest_readable_font(size: float, bold: bool = True) -> pygame.font.Font:
    """The smallest type `fitting_font` and `paragraph_font` shrink `size` to and is still
    read: FIT_SHRINK of it, never under text_fit.READABLE_PX."""
    return theme.font(max(text_fit.READABLE_PX, size * FIT_SHRINK), bold)


def fits_when_shrunk(text: str, width: float, size: float, bold: bool = True) -> bool:
    """Whether `fitting_font` shows `text` whole in `width` in type still read. A caller
    with another way to say it (a count instead of names, a second line) asks first."""
    return smallest_readable_font(size, bold).size(text)[0] <= width


def shared_fitting_size(texts: Sequence[str], width: float, size: float, bold: bool = True
                        ) -> float:
    """One type size for labels read side by side (the answers of one question): `size`,
    or the largest below it, down to FIT_SHRINK of it, in which every one of `texts` fits
    `width`; labels that differ in size look like answers of differing weight."""
    return theme.fitting_px(texts, width, size, size * FIT_SHRINK, bold)


def fitting_font(text: str, width: float, size: float, bold: bool = True) -> pygame.font.Font:
    """The font of `size` pixels, or a smaller one down to FIT_SHRINK of it when `text` is
    wider than `width`."""
    return theme.fit_font(text, width, size, size * FIT_SHRINK, bold=bold)
