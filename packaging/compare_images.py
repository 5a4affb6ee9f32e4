"""Compare two screenshots pixel by pixel (the bundle's menu against the one from source).

    python packaging/compare_images.py A.png B.png [--max-share 0.001] [--max-delta 8]

Exit 0 when the pictures have the same size and at most --max-share of the pixels differ by
more than --max-delta in any channel (0-255); exit 1 otherwise. Prints the figures.

Why a tolerance at all: from the same checkout and the same pinned wheels the bundle runs the
very SDL, FreeType and pygame binaries the source run loads (PyInstaller copies them), so the
pictures are normally identical. A bundle built on another machine may carry a slightly
different FreeType or SDL build whose glyph anti-aliasing can move a few edge pixels by a few
levels; 0.1 % of the pixels (about 920 of 1280x720) by more than 8 levels is far below what a
missing font, asset, translation or wrong scale would change (tens of thousands of pixels)."""

from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402


def difference(a: pygame.Surface, b: pygame.Surface, max_delta: int) -> tuple[int, int]:
    """(pixels differing by more than max_delta in some channel, largest channel difference)."""
    w, h = a.get_size()
    raw_a = pygame.image.tobytes(a, "RGB")
    raw_b = pygame.image.tobytes(b, "RGB")
    if raw_a == raw_b:
        return 0, 0
    differing = 0
    largest = 0
    for i in range(0, w * h * 3, 3):
        if raw_a[i:i + 3] != raw_b[i:i + 3]:
            delta = max(abs(raw_a[i + k] - raw_b[i + k]) for k in range(3))
            largest = max(largest, delta)
            if delta > max_delta:
                differing += 1
    return differing, largest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--max-share", type=float, default=0.001)
    parser.add_argument("--max-delta", type=int, default=8)
    args = parser.parse_args(argv)
    a, b = pygame.image.load(args.a), pygame.image.load(args.b)
    if a.get_size() != b.get_size():
        print(f"sizes differ: {a.get_size()} and {b.get_size()}")
        return 1
    differing, largest = difference(a, b, args.max_delta)
    total = a.get_width() * a.get_height()
    share = differing / total
    print(f"{differing} of {total} pixels differ by more than {args.max_delta} "
          f"({share:.4%}); largest channel difference {largest}")
    return 0 if share <= args.max_share else 1


if __name__ == "__main__":
    sys.exit(main())
