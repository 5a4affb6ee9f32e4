"""`python main.py render FILE -o OUT.png`: draw a board, course, arena or scenario to a
picture.

Views register by format in modules listed in VIEW_MODULES, each exposing
`RENDERERS: dict[format, Callable[[model, legend], pygame.Surface]]`; `legend` asks for a
key of the elements under the picture. A scenario's renderer gets its `ScenarioGround` (what
it is played on, and its robots) as the model."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, Callable

import pygame

from game.core.optional_modules import optional_module
from game.data.errors import DataError
from game.data.files import load_any
from game.tools.scenario_watch import read_scenario_ground

VIEW_MODULES = ("game.ui.roborally_render", "game.ui.volt_view",
                "game.scenes.robotmaster.scenario_picture")


def _views_registry(name: str) -> dict[str, Callable[..., Any]]:
    """The dicts named `name` of every view module the build has, by file format."""
    found: dict[str, Callable[..., Any]] = {}
    for module_name in VIEW_MODULES:
        module = optional_module(module_name)
        if module is None:
            continue
        found.update(getattr(module, name, {}))
    return found


def renderers() -> dict[str, Callable[..., Any]]:
    """Whole-file pictures: `render(model, legend)` by format."""
    return _views_registry("RENDERERS")


def map_token_pictures() -> dict[str, Callable[[str, int], Any]]:
    """The square a map code paints, `picture(token, size)` (None: no square), by format."""
    return _views_registry("MAP_TOKEN_PICTURES")


def render_file(path: Path, out: Path, legend: bool = False) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    try:
        fmt, model = load_any(path)
    except DataError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 2
    draw = renderers().get(fmt)
    if draw is None:
        supported = ", ".join(sorted(renderers())) or "none yet"
        print(f"{path}: render cannot draw {fmt!r} files; supported: {supported}",
              file=sys.stderr)
        return 2
    if model is None:       # a scenario: drawn from what it is played on
        try:
            model = read_scenario_ground(path)
        except DataError as exc:
            for problem in exc.problems:
                print(problem, file=sys.stderr)
            return 2
        except Exception as exc:  # noqa: BLE001 - as `simulate` says it (scenario_watch.run_one)
            print(f"{path}:1:1: {type(exc).__name__}: {exc}", file=sys.stderr)
            return 2
    if model is None:       # a scenario format with a renderer always has a ground
        print(f"{path}: render cannot draw this scenario", file=sys.stderr)
        return 2
    pygame.init()
    surface = draw(model, legend)
    return write_png(surface, out, f"{surface.get_width()}x{surface.get_height()}")


def write_png(surface: pygame.Surface, out: Path, what: str) -> int:
    """Save `surface` to `out`, its folder made as needed, and say so with `what`; the exit
    status: 0, or 2 with the reason when the picture cannot be written."""
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(out))
    except (FileExistsError, NotADirectoryError):   # a file stands where a folder belongs
        blocker = next((p for p in reversed(out.parents) if p.exists() and not p.is_dir()),
                       out.parent)
        print(f"cannot write {out}: {blocker} is not a folder", file=sys.stderr)
        return 2
    except (OSError, pygame.error) as exc:
        print(f"cannot write {out}: {exc}", file=sys.stderr)
        return 2
    print(f"saved {out} ({what})")
    return 0
