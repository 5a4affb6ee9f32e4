"""`python main.py preview FILE`: the board designer's workbench in a window of its own.

An entry point like `game.app.main.run_app`: it owns the window and the loop, which is why it
lives here and not beside the workbench scene (scenes never run the loop)."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

from game import paths
from game.app.loop import run
from game.app.services import make_services
from game.app.settings import saved_language
from game.i18n import _, set_language
from game.safe_read import regular_file_problem
from game.scenes.workbench import WorkbenchScene


def open_preview(path: Path, language: str | None, size: tuple[int, int] | None) -> int:
    # the refusal below is printed in the language the window would speak
    set_language(language or saved_language(paths.settings_path()) or "en")
    problem = regular_file_problem(path)
    if problem:
        print(_("{path}:1:1: {problem}; give a board, course or arena file").format(
            path=path, problem=problem), file=sys.stderr)
        return 2
    pygame.init()
    services = make_services()
    if language:
        services.set_language(language)
    if size:
        services.settings.window_size = list(size)
    services.window.open()
    pygame.display.set_caption(f"Robot Games – {path.name}")
    services.scenes.push(WorkbenchScene(services, path))
    run(services)
    pygame.quit()
    return 0
