"""The workbench's named scenes for screenshots (docs/boards.md) and the monkey test, each on
a scratch copy of its file's folder."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path
from typing import Any

from game.app.services import Services
from game.paths import builtin_boards_dir
from game.scenes.workbench import WorkbenchScene, path_as_typed


def _example(name: str = "belt-lane.yaml") -> Path:
    return builtin_boards_dir().parent / "docs" / "examples" / "workbench" / name


def scratch_bench(path: Path, services: Services,
                  hover: tuple[int, int] | None = None) -> Any:
    """The workbench on a scratch copy of `path`'s folder: these scenes also feed the monkey
    test, whose random clicks in paint mode must never write into the shipped files."""
    scratch = Path(tempfile.mkdtemp(prefix="workbench-"))
    atexit.register(shutil.rmtree, scratch, True)
    for yaml_file in path.parent.glob("*.yaml"):
        shutil.copy(yaml_file, scratch / yaml_file.name)
    scene = WorkbenchScene(services, scratch / path.name)
    scene.shown_path = path_as_typed(path)
    scene.hover = hover
    return scene


def _hover_scene(services: Services) -> list[Any]:
    return [scratch_bench(builtin_boards_dir() / "roborally" / "cross-current.yaml", services,
                          (6, 6))]


def _paint_scene(services: Services) -> list[Any]:
    scene = scratch_bench(_example(), services, (3, 4))
    scene.painting, scene.tool = True, "G-"
    return [scene]


def _overlays_scene(services: Services) -> list[Any]:
    scene = scratch_bench(_example(), services)
    scene.overlays = {"lasers", "belts", "registers", "distance"}
    scene.flag_index = 1
    return [scene]


def _scenarios_scene(services: Services) -> list[Any]:
    return [scratch_bench(_example(), services, (6, 2))]


def _scenario_file_scene(services: Services) -> list[Any]:
    """A scenario opened on its own, its one robot hovered: the failing one, as a designer
    opens it to see why."""
    return [scratch_bench(_example("round-the-bend.yaml"), services, (4, 1))]


def _robot_master_scenario_scene(services: Services) -> list[Any]:
    """A Robot Master scenario opened on its own: its finished grid, every line scored."""
    return [scratch_bench(_example("finished-grid.yaml"), services)]


def _mistake_scene(services: Services) -> list[Any]:
    """A typo in the second map row, saved after a good version: `E)` for `E>` at [4, 1]."""
    scene = scratch_bench(_example(), services)
    text = scene.path.read_text(encoding="utf-8")
    scene.path.write_text(text.replace("C> C> C> C> E> E>", "C> C> C> C> E) E>", 1),
                          encoding="utf-8")
    scene.reload()
    return [scene]


SCREENSHOT_SCENES = {
    "workbench-hover": _hover_scene,
    "workbench-paint": _paint_scene,
    "workbench-overlays": _overlays_scene,
    "workbench-scenarios": _scenarios_scene,
    "workbench-scenario-file": _scenario_file_scene,
    "workbench-robot-master-scenario": _robot_master_scenario_scene,
    "workbench-mistake": _mistake_scene,
}
