"""The turn's programs, beside the board in the register phases: each robot's cards revealed
so far this turn face up, as they lie on a real table until the next turn (RR-6.2), the
registers still to come face down, a locked one marked (RR-5.3.2). A player who missed a
reveal sees what every robot played without reading back through the log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import pygame

from game.i18n import _
from game.roborally.model import REGISTERS
from game.ui import art, theme
from game.ui.roborally_view import card_back, card_surface, draw_lock
from game.ui.rr_token import RobotLook
from game.ui.text_drawing import fits_when_shrunk
from game.ui.widgets import draw_panel, draw_text, fitting_font

REVEALS_H = 110
"""Design pixels: the box of the register's reveals at the top of the side column."""
HEADER_H = 22
"""Design pixels: the register numbers above each group of rows, the title beside them."""
TITLE_H = 16
"""Design pixels: the title's own line above two groups of rows, which leave it no room."""
MIN_CARD_H = 26
"""Design pixels: below this a card's symbol could not be told apart."""
MIN_CARD_PIXELS = 30
"""Real pixels: below this a card's priority overlaps its symbol (at small windows)."""
MAX_CARD_H = 66
ROW_AIR = 14
"""Design pixels between two robots' rows of cards, at most."""
CARD_RATIO = 50 / 66
GAP = 4


@dataclass(frozen=True)
class ProgramRow:
    """One robot's line: its cards by register (None: not revealed), its locked registers,
    and why it runs no more cards this turn ("" while it does); in the replay, which shows
    every program, the cards still to come as they were locked in (None: not known)."""

    look: RobotLook
    cards: tuple[tuple[str, int] | None, ...]
    locked: tuple[bool, ...]
    state: str
    coming: tuple[tuple[str, int] | None, ...]


@dataclass(frozen=True)
class ProgramsLayout:
    """Where everything goes: the panel (as tall as its rows need, from the top of the room
    given), the header of each group of rows (robots side by side in two groups when that
    gives bigger cards), each robot's emblem centre and card slots."""

    panel: pygame.Rect
    title: pygame.Rect
    headers: tuple[pygame.Rect, ...]
    emblems: tuple[tuple[int, int], ...]
    names: tuple[pygame.Rect, ...]
    slots: tuple[tuple[pygame.Rect, ...], ...]
    card_h: int


def programs_layout(area: pygame.Rect, robots: int, px: Callable[[float], int]
                    ) -> ProgramsLayout | None:
    """The layout with the biggest cards, or None when they would be too small to read."""
    best: ProgramsLayout | None = None
    for groups in (1, 2):
        layout = _layout(area, robots, groups, px)
        if layout is not None and (best is None or layout.card_h > best.card_h):
            best = layout
    return best


def _layout(area: pygame.Rect, robots: int, groups: int, px: Callable[[float], int]
            ) -> ProgramsLayout | None:
    groups = min(groups, robots)
    if robots <= 0 or groups <= 0:
        return None
    per_group = -(-robots // groups)
    pad, gap, header = px(8), px(GAP), px(HEADER_H)
    title_h = px(TITLE_H) if groups > 1 else 0
    group_w = (area.w - pad * (groups + 1)) // groups
    emblem_w = px(26)
    name_w = px(70) if groups == 1 else 0
    pitch = (area.h - title_h - header - pad) // per_group
    card_h = min(px(MAX_CARD_H), pitch - gap,
                 int((group_w - emblem_w - name_w - gap * (REGISTERS - 1)) / REGISTERS
                     / CARD_RATIO))
    if card_h < max(px(MIN_CARD_H), MIN_CARD_PIXELS):
        return None
    pitch = min(pitch, card_h + px(ROW_AIR))     # few robots: rows together, not spread
    card_w = int(card_h * CARD_RATIO)
    cards_w = REGISTERS * card_w + (REGISTERS - 1) * gap
    headers, emblems, names, slots = [], [], [], []
    top = area.y + title_h
    for g in range(groups):
        left = area.x + pad + g * (group_w + pad)
        cards_x = left + group_w - cards_w
        headers.append(pygame.Rect(left, top + px(4), group_w, header - px(4)))
        for k in range(per_group):
            robot = g * per_group + k
            if robot >= robots:
                break
            y = top + header + k * pitch + (pitch - card_h) // 2
            emblems.append((left + emblem_w // 2, y + card_h // 2))
            names.append(pygame.Rect(left + emblem_w, y, cards_x - gap - left - emblem_w,
                                     card_h))
            slots.append(tuple(pygame.Rect(cards_x + i * (card_w + gap), y, card_w, card_h)
                               for i in range(REGISTERS)))
    title = pygame.Rect(area.x + pad, area.y + px(4), area.w - 2 * pad, title_h) if title_h \
        else pygame.Rect(headers[0].x, headers[0].y, cards_x - gap - headers[0].x, headers[0].h)
    panel = pygame.Rect(area.x, area.y, area.w, title_h + header + per_group * pitch + pad)
    return ProgramsLayout(panel, title, tuple(headers), tuple(emblems), tuple(names), tuple(slots),
                          card_h)


def draw_programs(surface: pygame.Surface, area: pygame.Rect, title: str,
                  rows: Sequence[ProgramRow], running: int, revealing: bool,
                  acting: int | None,
                  px: Callable[[float], int]) -> None:
    """The panel: `title` and the register numbers (`running`, the register under way, lit;
    0 between turns; `revealing` while its cards are revealed), then a row of cards for each
    robot, the acting robot's card framed."""
    layout = programs_layout(area, len(rows), px)
    if layout is None:
        return
    draw_panel(surface, layout.panel, shadow=False)
    number_font = theme.font(px(12), bold=True)
    slots_x = [s.x for s in layout.slots[0]]
    room = layout.title.w
    draw_text(surface, title, fitting_font(title, room, px(13)), theme.TEXT_DIM,
              (layout.title.x, layout.title.centery), "midleft", max_width=room)
    for header in layout.headers:
        offset = header.right - layout.slots[0][-1].right
        for i, x in enumerate(slots_x):
            centre = (x + offset + layout.slots[0][0].w // 2, header.centery)
            colour = theme.ACCENT if i + 1 == running else theme.TEXT_DIM
            draw_text(surface, str(i + 1), number_font, colour, centre, "center")
    # every name or none (the emblems say who, as on the status rows): one short name alone
    # beside seven emblems reads as if that robot were singled out
    named = all(fits_when_shrunk(row.look.name, layout.names[p].w, px(13))
                for p, row in enumerate(rows))
    for p, row in enumerate(rows):
        art.draw_emblem(surface, row.look.shape, layout.emblems[p], px(8), row.look.colour)
        name = layout.names[p]
        state_under_name = named and bool(row.state) \
            and fits_when_shrunk(row.state, name.w, px(11), False)
        if named:
            font = fitting_font(row.look.name, name.w, px(13), bold=True)
            draw_text(surface, row.look.name, font, theme.TEXT, (name.x, name.centery),
                      "bottomleft" if state_under_name else "midleft", max_width=name.w)
            if state_under_name:
                draw_text(surface, row.state, fitting_font(row.state, name.w, px(11), False),
                          theme.RR_ROBOT_STATES, (name.x, name.centery + px(1)), "topleft",
                          max_width=name.w)
        for i, slot in enumerate(layout.slots[p]):
            _draw_slot(surface, slot, row, i, running, revealing, px)
            if i + 1 == running and p == acting and row.cards[i] is not None:
                pygame.draw.rect(surface, theme.ACCENT, slot.inflate(4, 4), 2,
                                 border_radius=px(5))
        empty = [slot for i, slot in enumerate(layout.slots[p])
                 if slot_kind(row, i, running, revealing) == "empty"]
        if not state_under_name and row.state and empty:    # where its cards would lie
            span = empty[0].unionall(empty)
            if fits_when_shrunk(row.state, span.w - px(4), px(12), False):
                draw_text(surface, row.state, fitting_font(row.state, span.w - px(4), px(12),
                                                           False),
                          theme.RR_ROBOT_STATES, span.center, "center")


def slot_kind(row: ProgramRow, i: int, running: int, revealing: bool) -> str:
    """What register `i` (from 0) of `row` shows while register `running` is under way (0:
    between turns), its cards still `revealing` (its first step) or revealed: "card"
    revealed, "coming" still to be revealed but known (the replay), "back" still to be
    revealed, or "empty" (the robot runs no card there: it is destroyed or powered down, it
    showed none when the register's cards were revealed, or the turn is over)."""
    if row.cards[i] is not None:
        return "card"
    first_to_come = running if revealing else running + 1
    if running and not row.state and i + 1 >= first_to_come:
        return "back" if row.coming[i] is None else "coming"
    return "empty"


def _draw_slot(surface: pygame.Surface, slot: pygame.Rect, row: ProgramRow, i: int,
               running: int, revealing: bool, px: Callable[[float], int]) -> None:
    kind, card = slot_kind(row, i, running, revealing), row.cards[i]
    if card is not None:
        surface.blit(card_surface(card[0], card[1], slot.size), slot)
        return
    if kind in ("back", "coming"):
        coming = row.coming[i] if kind == "coming" else None
        surface.blit(card_back(slot.size) if coming is None
                     else card_surface(coming[0], coming[1], slot.size, faded=True), slot)
        if row.locked[i]:     # on a card to come, small in its corner: the card shows
            side = slot.w * 2 // 3 if coming is None else max(8, slot.w * 2 // 5)
            badge = pygame.Rect(0, 0, side, side)
            if coming is None:
                badge.center = slot.center
            else:
                badge.bottomright = (slot.right - 1, slot.bottom - 1)
            pygame.draw.rect(surface, theme.LOCKED_RED, badge, border_radius=px(3))
            draw_lock(surface, badge.inflate(-2, -2))
        return
    pygame.draw.rect(surface, theme.RR_HAND_SLOT, slot, border_radius=px(5))
    pygame.draw.rect(surface, theme.PANEL_EDGE, slot, 1, border_radius=px(5))


def programs_title(turn: int, current: bool) -> str:
    return _("Programs this turn") if current else \
        _("Programs of turn {turn}").format(turn=turn)
