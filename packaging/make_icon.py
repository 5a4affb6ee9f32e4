"""Draw Robot Games' own icon with the game's art and write every file the builds need.

    python packaging/make_icon.py

writes (all committed; run it again after changing the art):
    assets/icon.png              256 px, the window icon (game/app/services.py loads it)
    packaging/icons/icon-N.png   16 ... 1024 px, the PNG set (Linux desktop icon themes)
    packaging/icons/RobotGames.ico    Windows (PNG-compressed entries 16-256 px)
    packaging/icons/RobotGames.icns   macOS (PNG entries 16-1024 px)

The robot is game.ui.art.draw_robot on the menu's dark panel with a cog behind it. Every
size is drawn at 4x (2x for 1024) and shrunk with smoothscale, which gives the edges the
anti-aliasing pygame.draw does not. Written files only depend on the art and on pygame, so
running the script twice gives the same bytes. No Pillow: ICO and ICNS both accept PNG data
in their entries, and the containers are a few struct.pack calls."""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.ui import art, theme  # noqa: E402

SIZES = (16, 24, 32, 48, 64, 128, 256, 512, 1024)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS entry types that hold PNG data, by pixel size (several types share a size: the
# @2x variants; Finder and the Dock pick what they need).
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
              (b"ic09", 512), (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256),
              (b"ic14", 512))
WINDOW_ICON_SIZE = 256


def draw_master(size: int) -> pygame.Surface:
    """The icon at `size` px (drawn without anti-aliasing; see render())."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    s = size
    tile = pygame.Rect(0, 0, round(s * 0.92), round(s * 0.92))
    tile.center = (s // 2, s // 2)
    radius = round(s * 0.2)
    pygame.draw.rect(surface, theme.BACKGROUND_DEEP, tile, border_radius=radius)
    inner = tile.inflate(-round(s * 0.05), -round(s * 0.05))
    pygame.draw.rect(surface, theme.PANEL, inner, border_radius=round(radius * 0.9))
    # a cog behind the robot, like the menu's backdrop
    art.draw_gear(surface, (s * 0.5, s * 0.54), s * 0.38, (58, 68, 92), teeth=10, phase=0.15)
    pygame.draw.rect(surface, theme.ACCENT, tile, max(1, round(s * 0.035)),
                     border_radius=radius)
    # draw_robot's figure spans -0.43..+0.29 of its rect around the centre: move it down
    robot = pygame.Rect(0, 0, round(s * 0.9), round(s * 0.9))
    robot.center = (s // 2, round(s * 0.56))
    art.draw_robot(surface, robot, theme.PLAYER_COLOURS["blue"], shape="square")
    return surface


def render(size: int) -> pygame.Surface:
    """The icon at `size` px, anti-aliased by drawing bigger and shrinking."""
    factor = 2 if size >= 1024 else 4
    return pygame.transform.smoothscale(draw_master(size * factor), (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico whose entries are PNG images (Windows Vista and later)."""
    sizes = [s for s in ICO_SIZES if s in pngs]
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    directory, data = b"", b""
    for s in sizes:
        blob = pngs[s]
        dim = 0 if s >= 256 else s  # 0 means 256 in an ICONDIRENTRY
        directory += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(blob), offset)
        data += blob
        offset += len(blob)
    return header + directory + data


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns whose entries are PNG images."""
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[s])) + pngs[s]
                    for kind, s in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    pygame.init()
    pngs = {size: png_bytes(render(size)) for size in SIZES}
    out = ROOT / "packaging" / "icons"
    out.mkdir(parents=True, exist_ok=True)
    written = {ROOT / "assets" / "icon.png": pngs[WINDOW_ICON_SIZE],
               out / "RobotGames.ico": ico_bytes(pngs),
               out / "RobotGames.icns": icns_bytes(pngs)}
    for size, blob in pngs.items():
        written[out / f"icon-{size}.png"] = blob
    for path, blob in written.items():
        path.write_bytes(blob)
        print(f"wrote {path.relative_to(ROOT)} ({len(blob)} bytes)")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
