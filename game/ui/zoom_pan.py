"""Zoom and pan for a grid shown in a screen area, and its coordinates on the edges.

At zoom 1 the grid fits the area as large as it can; each zoom step enlarges the squares and
the grid may then be dragged around (or moved with the arrow keys). The zoom is kept in
discrete steps so a cached picture per square size stays a handful of pictures."""

from __future__ import annotations

from typing import Sequence

import pygame

from game.ui import theme

ZOOM_STEPS = (1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0)
PAN_BUTTONS = (1, 2, 3)
DRAG_SLOP = 6


class ZoomPan:
    """Where a `cols` × `rows` grid sits in an area: square size and origin, zoomed and panned.

    `centre` is the grid point (in squares) at the middle of the area while zoomed in."""

    def __init__(self) -> None:
        self.step = 0
        self.centre: tuple[float, float] | None = None
        self.tile = 0
        self.origin = (0, 0)
        self._area = pygame.Rect(0, 0, 0, 0)
        self._grid = (1, 1)
        self._drag: tuple[tuple[int, int], tuple[int, int], bool] | None = None

    @property
    def zoom(self) -> float:
        return ZOOM_STEPS[self.step]

    @property
    def zoomed(self) -> bool:
        return self.step > 0

    def place(self, area: pygame.Rect, cols: int, rows: int) -> tuple[int, tuple[int, int]]:
        """The square size and grid origin for `area`; the grid never leaves a gap inside the
        area on a side where it is larger than the area."""
        self._area, self._grid = pygame.Rect(area), (cols, rows)
        fit = max(4, min(area.w // max(1, cols), area.h // max(1, rows)))
        tile = max(4, int(fit * self.zoom))
        cx, cy = self.centre if self.centre is not None else (cols / 2, rows / 2)
        self.origin = (_axis(area.x, area.w, tile * cols, cx * tile),
                       _axis(area.y, area.h, tile * rows, cy * tile))
        self.tile = tile
        return tile, self.origin

    def zoom_by(self, steps: int, at: tuple[int, int] | None = None) -> bool:
        """Zoom in (steps > 0) or out, keeping the grid point under `at` where it is."""
        new = max(0, min(len(ZOOM_STEPS) - 1, self.step + steps))
        if new == self.step or self.tile <= 0:
            return False
        area = self._area
        at = at or area.center
        gx = (at[0] - self.origin[0]) / self.tile
        gy = (at[1] - self.origin[1]) / self.tile
        self.step = new
        fit = max(4, min(area.w // max(1, self._grid[0]), area.h // max(1, self._grid[1])))
        tile = max(4, int(fit * self.zoom))
        self.centre = (gx + (area.centerx - at[0]) / tile, gy + (area.centery - at[1]) / tile)
        self.place(area, *self._grid)
        return True

    def pan_by(self, dx_pixels: float, dy_pixels: float) -> None:
        """Move the grid by this many pixels (what a drag does)."""
        if self.tile <= 0:
            return
        area = self._area
        cx = (area.centerx - self.origin[0] - dx_pixels) / self.tile
        cy = (area.centery - self.origin[1] - dy_pixels) / self.tile
        self.centre = (cx, cy)
        self.place(area, *self._grid)
        # keep the centre where the clamped grid really is, so a drag back responds at once
        self.centre = ((area.centerx - self.origin[0]) / self.tile,
                       (area.centery - self.origin[1]) / self.tile)

    def reset(self) -> None:
        self.step, self.centre = 0, None
        self.place(self._area, *self._grid)

    def handle_event(self, event: pygame.event.Event, mouse: tuple[int, int]) -> bool:
        """The wheel over the area zooms, a drag that starts on it pans (when zoomed), + − 0
        and the arrow keys zoom and pan. Returns True when the event was used."""
        if event.type == pygame.MOUSEWHEEL and self._area.collidepoint(mouse):
            self.zoom_by(1 if event.y > 0 else -1, mouse)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in PAN_BUTTONS \
                and self._area.collidepoint(event.pos) and self.zoomed:
            self._drag = (event.pos, event.pos, False)
            return event.button != 1     # a left click may still be a click on a square
        if event.type == pygame.MOUSEMOTION and self._drag is not None:
            start, last, moving = self._drag
            moving = moving or abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) \
                > DRAG_SLOP
            if moving:
                self.pan_by(event.pos[0] - last[0], event.pos[1] - last[1])
                self._drag = (start, event.pos, True)
            return moving
        if event.type == pygame.MOUSEBUTTONUP and self._drag is not None:
            moved = self._drag[2]
            self._drag = None
            return moved
        if event.type == pygame.KEYDOWN:
            step = max(8, self.tile)
            keys = {pygame.K_PLUS: (1, 0, 0), pygame.K_KP_PLUS: (1, 0, 0),
                    pygame.K_EQUALS: (1, 0, 0), pygame.K_MINUS: (-1, 0, 0),
                    pygame.K_KP_MINUS: (-1, 0, 0), pygame.K_LEFT: (0, step, 0),
                    pygame.K_RIGHT: (0, -step, 0), pygame.K_UP: (0, 0, step),
                    pygame.K_DOWN: (0, 0, -step)}
            if event.key == pygame.K_0:
                self.reset()
                return True
            if event.key in keys:
                zoom, dx, dy = keys[event.key]
                if zoom:
                    return self.zoom_by(zoom)
                if self.zoomed:
                    self.pan_by(dx, dy)
                    return True
        return False


def _axis(start: int, length: int, size: int, centre_px: float) -> int:
    """The origin on one axis: centred when the grid fits, else around `centre_px`, clamped
    so no gap opens inside the area."""
    if size <= length:
        return start + (length - size) // 2
    origin = int(start + length / 2 - centre_px)
    return max(start + length - size, min(start, origin))


_label_cache: dict[tuple[str, int, tuple[int, int, int]], pygame.Surface] = {}


def _label(text: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    key = (text, size, colour)
    image = _label_cache.get(key)
    if image is None:
        if len(_label_cache) > 512:
            _label_cache.clear()
        image = _label_cache[key] = theme.font(size, bold=True).render(text, True, colour)
    return image


def grid_coordinate_rects(area: pygame.Rect, tile: int, origin: tuple[int, int], cols: int,
                          rows: int, gutter: int) -> list[tuple[str, pygame.Rect]]:
    """(label, box) for each column number above the grid and each row number left of it,
    in the gutter of `gutter` pixels around `area`, for the squares that are in view."""
    out = []
    above = max(area.y, origin[1]) - gutter      # hugging the grid when it does not fill
    beside = max(area.x, origin[0]) - gutter
    for x in range(cols):
        left = origin[0] + x * tile
        if left + tile <= area.x or left >= area.right:
            continue
        out.append((str(x), pygame.Rect(left, above, tile, gutter)))
    for y in range(rows):
        top = origin[1] + y * tile
        if top + tile <= area.y or top >= area.bottom:
            continue
        out.append((str(y), pygame.Rect(beside, top, gutter, tile)))
    return out


def draw_grid_coordinates(surface: pygame.Surface,
                          boxes: Sequence[tuple[str, pygame.Rect]]) -> None:
    """The column and row numbers in their gutter boxes."""
    if not boxes:
        return
    size = max(8, min(14, min(min(b.w, b.h) for _t, b in boxes) - 2))
    for text, box in boxes:
        image = _label(text, size, theme.TEXT_DIM)
        rect = image.get_rect(center=box.center)
        if rect.w <= box.w + 4:
            surface.blit(image, rect)
