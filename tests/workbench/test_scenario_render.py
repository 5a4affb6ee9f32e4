"""`python main.py render SCENARIO.yaml` draws what the workbench shows of a scenario opened
on its own: the board or arena it is played on with its robots where they start (RoboRally
facing the way the file sets them). Before, render refused every scenario file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.types import Pos
from game.tools.render import render_file
from game.ui import roborally_render, volt_view

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "workbench"
VOLT_BEAM = Path(__file__).resolve().parents[1] / "volt" / "scenarios" / \
    "vt-6.5.1-inner-wall-stops-beam.yaml"


def test_a_roborally_scenario_is_drawn_on_its_board_with_its_robot(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[tuple[Any, Any]] = []
    real = roborally_render.draw_scenario_robots

    def recording(surface: pygame.Surface, view: Any, robots: Any) -> None:
        drawn.append((view, tuple(robots)))
        real(surface, view, robots)
    monkeypatch.setattr(roborally_render, "draw_scenario_robots", recording)
    assert render_file(EXAMPLES / "round-the-bend.yaml", tmp_path / "scenario.png") == 0
    assert render_file(EXAMPLES / "belt-lane.yaml", tmp_path / "board.png") == 0
    scenario = pygame.image.load(str(tmp_path / "scenario.png"))
    board = pygame.image.load(str(tmp_path / "board.png"))
    view, robots = drawn[0]
    assert robots == (("blue", Pos(4, 1), "N"),)

    def same(pos: Pos) -> bool:
        rect = view.cell_rect(pos)
        return all(scenario.get_at((x, y)) == board.get_at((x, y))
                   for x in range(rect.x + 4, rect.right - 4, 3)
                   for y in range(rect.y + 4, rect.bottom - 4, 3))

    assert not same(Pos(4, 1)), "blue stands where the scenario starts it"
    assert same(Pos(0, 1)) and same(Pos(6, 3)), "the board is the board file's"


def test_a_volt_scenario_is_drawn_on_its_arena_with_its_robots(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[tuple[str, bool]] = []
    real = volt_view.ArenaView.draw_robot

    def recording(self: volt_view.ArenaView, surface: pygame.Surface,
                  centre: tuple[float, float], colour: Any, shape: str, letter: str,
                  scale: float = 1.0) -> None:
        drawn.append((letter, centre in (self.centre(Pos(2, 0)), self.centre(Pos(2, 5)))))
        real(self, surface, centre, colour, shape, letter, scale)
    monkeypatch.setattr(volt_view.ArenaView, "draw_robot", recording)
    assert render_file(VOLT_BEAM, tmp_path / "beam.png") == 0
    assert drawn == [("A", True), ("B", True)], "a at [2, 0] and b at [2, 5], as the file has"


def test_a_scenario_that_does_not_read_says_where(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text((EXAMPLES / "round-the-bend.yaml").read_text(encoding="utf-8")
                      .replace("board: belt-lane", "board: no-such-board"), encoding="utf-8")
    assert render_file(broken, tmp_path / "out.png") == 2
    assert "broken.yaml:" in capsys.readouterr().err
    assert not (tmp_path / "out.png").exists()
