"""A board's picture does not depend on Python's hash seed (STYLE.md rule 5: never let set
order decide): walls are kept in a set, and drawing them in its order made two runs of the
game draw overlapping wall ends differently."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parent.parent.parent


def _render(seed: str, out: Path) -> pygame.Surface:
    subprocess.run([sys.executable, "main.py", "render", "boards/roborally/belt-buckle.yaml",
                    "-o", str(out)], cwd=ROOT, check=True, capture_output=True,
                   env={**os.environ, "PYTHONHASHSEED": seed, "SDL_VIDEODRIVER": "dummy"})
    return pygame.image.load(str(out))


def test_two_runs_with_different_hash_seeds_draw_the_same_board(tmp_path: Path) -> None:
    first, second = _render("1", tmp_path / "a.png"), _render("2", tmp_path / "b.png")
    assert first.get_size() == second.get_size()
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(second, "RGB")
