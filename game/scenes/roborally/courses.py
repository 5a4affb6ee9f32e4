"""RoboRally's courses: loading one, the default course, and the seats of a demo game."""

from __future__ import annotations

from pathlib import Path

from game import paths
from game.data.files import load_any
from game.roborally.model import Board, Course
from game.scenes.games import GameSetup, PlayerSetup
from game.ui.roborally_view import placement_rects


def load_course(path: Path) -> tuple[Board, tuple[tuple[int, int, int, int], ...]]:
    """The course (or single board) in `path` and its board outlines (raises DataError)."""
    fmt, model = load_any(path)
    if isinstance(model, Course):
        return model.board, tuple(placement_rects(model))
    if isinstance(model, Board):
        return model, ()
    raise ValueError(f"{path}: not a RoboRally course ({fmt})")


def default_course() -> Path:
    folder = paths.builtin_boards_dir() / "roborally"
    preferred = folder / "sunday-drive.yaml"
    if preferred.is_file():
        return preferred
    for path in sorted(folder.glob("*.yaml")):
        if "roborally-course/1" in path.read_text(encoding="utf-8")[:400]:
            return path
    raise FileNotFoundError("no RoboRally course found")


NAMES = ("Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta", "Hugo")
COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "cyan", "white")


def demo_setup(course: str = "sunday-drive", humans: int = 2, bots: int = 2,
               variant: str = "standard", seed: int = 7) -> GameSetup:
    players = [PlayerSetup(NAMES[i], COLOURS[i], None if i < humans else "normal")
               for i in range(humans + bots)]
    return GameSetup("roborally", players, variant,
                     paths.builtin_boards_dir() / "roborally" / f"{course}.yaml", seed)
