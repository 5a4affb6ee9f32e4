"""Pictures a table keeps between frames: painted once, blitted every frame until what they
show changes (TOOLCHAIN.md: redraw only what changed, cache static layers).

A layer depends only on its key, so drawing twice still gives the same pixels: the cache is
invisible to `draw()`'s contract."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Callable

import pygame


class LayerCache:
    """Named layers, each kept with the key it was painted for (one picture per name)."""

    def __init__(self) -> None:
        self._layers: dict[str, tuple[Hashable, pygame.Surface]] = {}

    def layer(self, name: str, key: Hashable, size: tuple[int, int],
              paint: Callable[[pygame.Surface], None], *, alpha: bool = False) -> pygame.Surface:
        """The layer `name` as painted for `key` (which should name everything the picture
        shows, the size included); `paint` runs on a fresh surface only when the key
        changed. An `alpha` layer starts transparent, any other starts black."""
        kept = self._layers.get(name)
        if kept is not None and kept[0] == key:
            return kept[1]
        surface = pygame.Surface(size, pygame.SRCALPHA) if alpha else pygame.Surface(size)
        paint(surface)
        self._layers[name] = (key, surface)
        return surface

    def clear(self) -> None:
        self._layers.clear()
