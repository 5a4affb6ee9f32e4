"""The first-turn guide at any table (issue 14): `offer_guide` shows a game's hints once, over
its first programming or placing screen, until the player dismisses them (then the game is in
`settings.guides_seen`, see game/scenes/guide_overlay.py).

`TableGuide` places its panel clear of every hint's target one by one (not of the box around
them all), so hints may point at both sides of a table, e.g. VOLT's arena and its controller."""

from __future__ import annotations

from typing import Any, Sequence

import pygame

from game.scenes.guide_overlay import GuideOverlay, Hint, guide_due
from game.ui import theme
from game.ui.text_drawing import wrap_text


WIDTHS = (1.0, 0.85, 0.7)
"""The panel's widths to try, as shares of the plain guide's: narrower, it may leave room."""


class TableGuide(GuideOverlay):
    """A `GuideOverlay` whose panel covers none of its targets (nor their numbered markers)
    wherever they lie, where the window leaves room for it."""

    def __init__(self, services: Any, game: str, title: str, hints: Sequence[Hint]) -> None:
        targets = [hint.target for hint in hints]
        super().__init__(services, game, title, hints, targets[0].unionall(targets[1:]))
        self._placed: tuple[Any, pygame.Rect] | None = None

    def panel(self) -> pygame.Rect:
        """The panel where it overlaps the targets least (narrower, up to WIDTHS, if that
        leaves them all in view), nearest to where the plain guide would put it; worked out
        once per window size."""
        key = (self.size, tuple(tuple(hint.target) for hint in self.hints))
        if self._placed is not None and self._placed[0] == key:
            return self._placed[1].copy()
        plain = super().panel()
        best: tuple[int, int, pygame.Rect] | None = None
        for share in WIDTHS:
            width = int(plain.w * share)
            box = pygame.Rect(plain.x, plain.y, width,
                              min(self.size[1] - self.px(64), self._needed_height(width)))
            found = self._place(box)
            if best is None or found[:2] < best[:2]:
                best = found
            if best[0] == 0:
                break
        assert best is not None
        self._placed = (key, best[2])
        return best[2].copy()

    def _place(self, box: pygame.Rect) -> tuple[int, int, pygame.Rect]:
        """(overlap with the targets, distance from `box`, the place) of the best place for
        a panel of `box`'s size."""
        radius = self.px(16)       # a marker's circle reaches past its target's corner
        blocked = [hint.target.inflate(2 * radius, 2 * radius) for hint in self.hints]
        w, h = self.size
        margin, step = self.px(8), max(4, self.px(12))
        best = (1 << 60, 0, box)
        for y in range(self.px(56), max(self.px(56), h - box.h - margin) + 1, step):
            for x in range(margin, max(margin, w - box.w - margin) + 1, step):
                candidate = pygame.Rect(x, y, box.w, box.h)
                overlap = sum(_area(candidate.clip(b)) for b in blocked)
                rank = (overlap, abs(x - box.x) + abs(y - box.y), candidate)
                if rank[:2] < best[:2]:
                    best = rank
        return best

    def _needed_height(self, width: int) -> int:
        """How high the panel must be for the title, every hint and the button (laid out as
        `GuideOverlay.draw_content` lays them out)."""
        f = theme.font(self.px(16))
        step = int(f.get_linesize() * 1.25)
        y = self.px(54)
        for hint in self.hints:
            used = len(wrap_text(hint.text, f, width - self.px(74))) * step
            y += max(self.px(30), used) + self.px(10)
        return y + self.px(66)

    def clear(self) -> bool:
        """The panel covers none of the targets."""
        panel = self.panel()
        return not any(panel.colliderect(hint.target) for hint in self.hints)


def _area(rect: pygame.Rect) -> int:
    return rect.w * rect.h


def offer_guide(scene: Any, game: str, title: str, *choices: Sequence[Hint]) -> bool:
    """Show `game`'s first-turn guide over `scene` if the player has not dismissed it yet and
    the scene shows guides (`scene.first_turn_guide`; demo tables do not). `choices` are
    ways to point at the same things (e.g. each victory-point field); the first whose panel
    leaves every target in view is shown, else the first. True if shown."""
    services = scene.services
    if not scene.first_turn_guide or not guide_due(services, game):
        return False
    if any(isinstance(s, GuideOverlay) for s in services.scenes.stack):
        return False
    guides = [TableGuide(services, game, title, hints) for hints in choices if hints]
    if not guides:
        return False
    services.scenes.push(next((g for g in guides if g.clear()), guides[0]))
    return True
