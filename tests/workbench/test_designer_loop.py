"""The designer's loop in the workbench (issue 9): scenarios next to a board pass and turn to
a mismatch within a second of an edit, a failing scenario steps through register by register,
play test opens the game on the file, and the distance overlay counts registers to a flag."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.core.types import Pos
from game.scenes.workbench import WorkbenchScene
from game.ui import theme, workbench_overlays
from game.ui.workbench_overlays import distance_box
from game.tools.scenario_watch import MISMATCH, PASSED
from tests.ui.helpers import click, frame, headless_services, key

# A belt lane: a robot on (0, 1) facing E is carried east one square per register.
BOARD = """format: roborally-board/1
name: Belt Lane
size: [5, 3]
map: |
  S1 .  .  .  .
  C> C> C> C> .
  .  .  .  .  .
elements:
  - {type: flag, number: 1, at: [4, 1]}
"""
SCENARIO = """format: roborally-scenario/1
board: belt-lane
rules: {RR_ROBOT_LASERS: false}
robots:
  - {name: red, at: [0, 1], facing: E}
registers: 2
expect:
  red: {at: [2, 1]}
"""


def run_for(services, seconds: float) -> None:
    for _ in range(int(seconds * 60)):
        frame(services, dt=1 / 60)


def open_file(path: Path) -> tuple[object, WorkbenchScene]:
    """The workbench on `path`, drawn once."""
    services = headless_services()
    scene = WorkbenchScene(services, path)
    services.scenes.push(scene)
    frame(services)
    return services, scene


def open_bench(tmp_path: Path, board: str = BOARD) -> tuple[object, WorkbenchScene, Path]:
    path = tmp_path / "belt-lane.yaml"
    path.write_text(board, encoding="utf-8")
    (tmp_path / "carried-east.yaml").write_text(SCENARIO, encoding="utf-8")
    services, scene = open_file(path)
    return services, scene, path


def test_a_scenario_next_to_the_board_passes_then_shows_the_mismatch_after_an_edit(
        tmp_path: Path) -> None:
    services, scene, path = open_bench(tmp_path)
    assert [(r.path.name, r.status) for r in scene.scenarios] == [("carried-east.yaml", PASSED)]
    # the designer turns the second belt into plain floor: red now stops on (1, 1)
    path.write_text(BOARD.replace("C> C> C> C> .", "C> .  C> C> ."), encoding="utf-8")
    run_for(services, 1.0)
    result = scene.scenarios[0]
    assert result.status == MISMATCH
    assert result.lines == ["robot red: at expected [2, 1], got [1, 1]"]


def test_a_broken_scenario_shows_its_file_and_line_and_the_workbench_keeps_running(
        tmp_path: Path) -> None:
    services, scene, _path = open_bench(tmp_path)
    broken = tmp_path / "broken.yaml"
    broken.write_text(SCENARIO.replace("at: [0, 1]", "at: [9, 1]"), encoding="utf-8")
    run_for(services, 1.0)
    by_name = {r.path.name: r for r in scene.scenarios}
    assert by_name["broken.yaml"].status == "invalid"
    assert by_name["broken.yaml"].lines[0].startswith(f"{broken}:5:")
    assert by_name["carried-east.yaml"].status == PASSED


def test_step_through_advances_register_by_register_with_the_robot_moving(
        tmp_path: Path) -> None:
    from game.scenes.workbench_step import StepThroughScene
    services, scene, _path = open_bench(tmp_path)
    step_button = next(w for w in scene.ui.widgets
                       if getattr(w, "text", None) == "Step through")
    frame(services, click(step_button.rect.center))
    frame(services)
    stepper = services.scenes.top
    assert isinstance(stepper, StepThroughScene)
    assert stepper.playback.robot(0).pos == Pos(0, 1)
    frame(services, [key(pygame.K_n, "n")])
    run_for(services, 3.0)
    assert (stepper.display.sprites[0].x, stepper.display.sprites[0].y) == (1, 1)
    assert stepper.display.register == 1
    frame(services, [key(pygame.K_n, "n")])
    run_for(services, 3.0)
    assert (stepper.display.sprites[0].x, stepper.display.sprites[0].y) == (2, 1)
    assert stepper.playback.outcome is not None and stepper.playback.outcome.mismatches == []
    assert "every expectation holds" in stepper.status_line()
    assert [e.text for e in stepper.log_entries()][-1] == \
        "carried-east.yaml: every expectation holds."
    frame(services, [key(pygame.K_ESCAPE)])
    frame(services)
    assert services.scenes.top is scene


def test_a_broken_board_hides_step_through_until_it_is_mended(tmp_path: Path) -> None:
    # the board's mistakes take the side column, where the scenario buttons would stand on
    # them (and a scenario cannot run on a board that does not load); the buttons go at once,
    # before the scenarios run again, and come back when the board loads
    services, scene, path = open_bench(tmp_path)

    def step_buttons() -> list[object]:
        return [w for w in scene.ui.widgets if getattr(w, "text", None) == "Step through"]

    assert len(step_buttons()) == 1
    path.write_text(BOARD.replace("C> C> C> C> .", "C> C> C) C> ."), encoding="utf-8")
    scene.reload()
    assert scene.problems and step_buttons() == []
    run_for(services, 1.0)
    assert scene.problems and step_buttons() == []
    path.write_text(BOARD, encoding="utf-8")
    run_for(services, 1.0)
    assert scene.problems == [] and len(step_buttons()) == 1


def test_play_test_opens_the_game_on_this_board(tmp_path: Path) -> None:
    from game.scenes.roborally.table import FactoryScene
    services, scene, path = open_bench(tmp_path)
    frame(services, [key(pygame.K_t, "t")])
    frame(services)
    game = services.scenes.top
    assert isinstance(game, FactoryScene)
    assert game.controller.board.width == 5 and game.controller.board.flags == (Pos(4, 1),)
    assert [s.is_bot for s in game.controller.seats] == [False, True]


def test_play_test_on_an_arena_opens_volt(tmp_path: Path) -> None:
    from game.scenes.volt.table import VoltArenaScene
    arena = tmp_path / "arena.yaml"
    arena.write_text("format: volt-arena/1\nname: Tiny\nsize: [6, 3]\nmap: |\n"
                     "  SN V1 V2 V3 .  SN\n  .  V4 O  V5 V6 .\n  SS .  .  .  .  SS\n",
                     encoding="utf-8")
    services = headless_services()
    scene = WorkbenchScene(services, arena)
    services.scenes.push(scene)
    frame(services)
    frame(services, [key(pygame.K_h, "h")])
    frame(services)
    assert isinstance(services.scenes.top, VoltArenaScene)


def test_the_distance_overlay_counts_registers_to_the_flag(tmp_path: Path) -> None:
    board = """format: roborally-board/1
name: Corridor
size: [4, 2]
map: |
  .  .  .  .
  O  O  O  .
elements:
  - {type: flag, number: 1, at: [3, 0]}
"""
    services, scene, _path = open_bench(tmp_path, board)
    frame(services, [key(pygame.K_d, "d")])
    assert "distance" in scene.overlays
    distances = scene.flag_distances()
    # a Move 3 reaches the flag from three squares west; pits never get there
    assert distances[Pos(3, 0)] == 0
    assert distances[Pos(0, 0)] == 1 and distances[Pos(2, 0)] == 1
    assert distances[Pos(3, 1)] == 1
    assert distances[Pos(0, 1)] is None
    frame(services)   # and the overlay draws without trouble


def test_hovering_an_arena_square_names_it_and_its_walls(tmp_path: Path) -> None:
    arena = tmp_path / "arena.yaml"
    arena.write_text("format: volt-arena/1\nname: Tiny\nsize: [6, 3]\nmap: |\n"
                     "  SN V1 V2 V3 .  SN\n  .  V4 O  V5 V6 .\n  SS .  .  .  .  SS\n"
                     "walls: [[1, 1, N]]\n", encoding="utf-8")
    services = headless_services()
    scene = WorkbenchScene(services, arena)
    services.scenes.push(scene)
    frame(services)
    centre = scene.square_rect((1, 1)).center
    frame(services, [pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0),
                                        buttons=(0, 0, 0))])
    assert scene.hover == (1, 1)
    names = [name for name, _rule in scene.describe_hover()]
    assert names == ["Victory-point field 4", "Walls: north"]


def test_play_test_on_a_board_without_start_squares_attaches_the_docking_bay(
        tmp_path: Path) -> None:
    """Issue 17: a board without start squares is part of a course; the play test puts the
    built-in docking bay (12 × 4) south of it, centred, and the robots start there."""
    from game.scenes.roborally.table import FactoryScene
    services, scene, _path = open_bench(tmp_path, BOARD.replace("S1", ". "))
    frame(services, [key(pygame.K_t, "t")])
    frame(services)
    game = services.scenes.top
    assert isinstance(game, FactoryScene)
    course = game.controller.board
    assert (course.width, course.height) == (12, 3 + 4)
    assert course.flags == (Pos(4 + 3, 1),)               # the board sits 3 squares in
    assert course.starts and all(s.at.y >= 3 for s in course.starts)
    assert [r.name for r in game.controller.seats] == ["Designer", "Bot"]


def test_play_test_on_a_board_without_flags_says_what_is_missing(tmp_path: Path) -> None:
    services, scene, _path = open_bench(tmp_path, BOARD.split("elements:")[0])
    frame(services, [key(pygame.K_t, "t")])
    frame(services)
    assert services.scenes.top is scene
    assert "at least one flag" in scene.edit_message


def test_a_board_of_its_own_named_docking_bay_is_refused_a_play_test_in_german(
        tmp_path: Path) -> None:
    """A board without start squares gets the built-in docking bay attached; one that is
    itself called docking-bay cannot (the course would name the same board twice). The
    designer reads why, in the game's language (the refusal once stopped on its own name)."""
    path = tmp_path / "docking-bay.yaml"
    path.write_text(BOARD.replace("S1", ". "), encoding="utf-8")
    services = headless_services(language="de")
    scene = WorkbenchScene(services, path)
    services.scenes.push(scene)
    frame(services)
    frame(services, [key(pygame.K_t, "t")])
    frame(services)
    assert services.scenes.top is scene
    assert scene.edit_message == ("Testspiel mit diesem Spielplan nicht möglich: die Andockbucht "
                                  "lässt sich nicht mit sich selbst als Anhang testen")


def test_closing_the_window_during_a_step_through_closes_without_a_save_question(
        tmp_path: Path) -> None:
    from game.scenes.workbench_step import open_step_through
    services, _scene, _path = open_bench(tmp_path)
    stepper = open_step_through(services, tmp_path / "carried-east.yaml")
    services.scenes.push(stepper)
    frame(services)
    frame(services, [key(pygame.K_n, "n")])
    run_for(services, 1.0)
    frame(services, [pygame.event.Event(pygame.QUIT)])
    assert services.scenes.quit_requested


def test_a_play_test_comes_back_to_the_workbench_however_it_is_left() -> None:
    """A designer play-tests, plays again, saves and quits, finishes: every way out of the
    game leads back to the workbench with the file, not to the main menu."""
    from game import paths
    from game.scenes.dialogs import PauseMenu
    from game.scenes.roborally.end import EndScene
    from game.scenes.roborally.table import FactoryScene
    from tests.roborally_scene.helpers import button, play
    services = headless_services()
    services.settings.animation_speed = "instant"
    bench = WorkbenchScene(services, paths.builtin_boards_dir() / "roborally" /
                           "sunday-drive.yaml")
    services.scenes.push(bench)
    frame(services)
    frame(services, [key(pygame.K_t, "t")])
    frame(services)
    game = services.scenes.top
    assert isinstance(game, FactoryScene)
    play(services, game, lambda: isinstance(services.scenes.top, EndScene))
    end = services.scenes.top
    assert {"Workbench", "Play again"} <= {b.current_text() for b in end.ui.widgets}
    frame(services, click(button(end, "Play again").rect.center))
    frame(services)
    again = services.scenes.top
    assert isinstance(again, FactoryScene) and again is not game
    assert services.scenes.stack[-2] is bench               # still under the new game
    frame(services, [key(pygame.K_ESCAPE)])
    pause = services.scenes.top
    assert isinstance(pause, PauseMenu)
    frame(services, click(button(pause, "Save and quit").rect.center))
    frame(services)
    assert services.scenes.top is bench
    frame(services, [key(pygame.K_t, "t")])
    frame(services)
    third = services.scenes.top
    assert isinstance(third, FactoryScene)
    play(services, third, lambda: isinstance(services.scenes.top, EndScene))
    frame(services, click(button(services.scenes.top, "Workbench").rect.center))
    frame(services)
    assert services.scenes.top is bench and bench.path.name == "sunday-drive.yaml"


def test_with_every_overlay_on_no_distance_hides_behind_register_numbers(monkeypatch) -> None:
    """The example board's pusher (active in 1, 3, 5) and crusher (2, 5) have their register
    numbers where the distance would stand; the distance moves to the freest corner. Read
    from the pills the workbench draws with both overlays switched on by their keys."""
    services = headless_services()
    example = Path(__file__).resolve().parents[2] / "docs" / "examples" / "workbench"
    scene = WorkbenchScene(services, example / "belt-lane.yaml")
    services.scenes.push(scene)
    frame(services)
    drawn: list[tuple[pygame.Rect, str, tuple[int, int, int]]] = []
    real = workbench_overlays.pill

    def recording(surface, box, text, colour, font_px):  # noqa: ANN001, ANN202
        drawn.append((pygame.Rect(box), text, colour))
        return real(surface, box, text, colour, font_px)
    monkeypatch.setattr(workbench_overlays, "pill", recording)
    frame(services, [key(pygame.K_g, "g"), key(pygame.K_d, "d")])
    assert {"registers", "distance"} <= scene.overlays
    register_inks = (theme.ACCENT, theme.RR_DOOR_INK)
    chips = [box for box, _text, colour in drawn if colour in register_inks]
    numbers = [(box, text) for box, text, colour in drawn if colour not in register_inks]
    distances = scene.flag_distances()
    assert len(chips) >= 2 and len(numbers) == len(distances)
    crowded = 0
    for pos, (box, text) in zip(distances, numbers):
        assert text == ("–" if distances[pos] is None else str(distances[pos]))
        covered = sum(box.clip(chip).w * box.clip(chip).h for chip in chips)
        assert covered <= box.w * box.h // 3, pos    # a corner at most grazed: it reads
        alone = distance_box(scene.board_view.cell_rect(pos), (box.w - 6, box.h - 2), [])
        crowded += box.center != alone.center
    assert crowded >= 2          # the pusher's and the crusher's squares moved their number


def test_a_broken_board_is_explained_in_the_players_language_and_again_after_a_switch(
        tmp_path: Path) -> None:
    path = tmp_path / "belt-lane.yaml"
    path.write_text(BOARD.replace("size: [5, 3]", "size: [5, 3]\ncolour: red"),
                    encoding="utf-8")
    services = headless_services()
    services.set_language("de")
    scene = WorkbenchScene(services, path)
    services.scenes.push(scene)
    frame(services)
    assert scene.problems and "unbekannter Schlüssel 'colour'; hier erlaubt: " in \
        scene.problems[0]
    services.set_language("en")
    run_for(services, 1.0)
    assert scene.problems and "unknown key 'colour'; allowed here: " in scene.problems[0]


def test_a_mismatch_too_long_for_the_top_line_of_a_small_window_is_shown(
        tmp_path: Path) -> None:
    """The top line asks its scene for a shorter form when the first does not fit; the
    step-through's own line had no shorter form and the workbench stopped with an internal
    error on a failing scenario at 800×450."""
    from game.scenes.workbench_step import StepThroughScene
    path = tmp_path / "belt-lane.yaml"
    path.write_text(BOARD, encoding="utf-8")
    (tmp_path / "carried-east.yaml").write_text(
        SCENARIO.replace("red: {at: [2, 1]}", "red: {at: [4, 1], facing: W, damage: 3}"),
        encoding="utf-8")
    services = headless_services((800, 450))
    bench = WorkbenchScene(services, path)
    services.scenes.push(bench)
    frame(services)
    step_button = next(w for w in bench.ui.widgets if getattr(w, "text", None) == "Step through")
    frame(services, click(step_button.rect.center))
    frame(services)
    stepper = services.scenes.top
    assert isinstance(stepper, StepThroughScene)
    for _register in range(2):
        frame(services, [key(pygame.K_n, "n")])
        run_for(services, 3.0)
    assert stepper.playback.outcome is not None and stepper.playback.outcome.mismatches
    assert services.scenes.top is stepper
    assert stepper.status_line().startswith("carried-east.yaml: ")
    # the top line cuts it; the log says every mismatch whole, once
    logged = [e.text for e in stepper.log_entries()]
    assert logged[-3:] == [f"Not as expected: {m}" for m in stepper.playback.outcome.mismatches]
    run_for(services, 1.0)
    assert [e.text for e in stepper.log_entries()] == logged


def test_a_scenario_opened_on_its_own_shows_its_board_result_and_step_through(
        tmp_path: Path) -> None:
    """`preview SCENARIO.yaml`: the board the scenario names, the scenario's own result, and
    its step-through; an edit of that board shows at once (it said "no picture yet")."""
    from game.scenes.workbench_step import StepThroughScene
    board = tmp_path / "belt-lane.yaml"
    board.write_text(BOARD, encoding="utf-8")
    scenario = tmp_path / "carried-east.yaml"
    scenario.write_text(SCENARIO, encoding="utf-8")
    services, scene = open_file(scenario)
    assert not scene.notice
    assert scene.board_view is not None and scene.board_view.board.width == 5
    assert scene.scenario_robots == (("red", Pos(0, 1), "E"),)
    frame(services)
    surface, view = services.window.surface, scene.board_view
    belt_with_red, plain_belt = view.cell_rect(Pos(0, 1)), view.cell_rect(Pos(1, 1))
    differing = [(dx, dy) for dx in range(0, belt_with_red.w, 8)
                 for dy in range(0, belt_with_red.h, 8)
                 if surface.get_at(belt_with_red.move(dx, dy).topleft)
                 != surface.get_at(plain_belt.move(dx, dy).topleft)]
    assert len(differing) > 40, "red is drawn where it starts"
    frame(services, [pygame.event.Event(pygame.MOUSEMOTION, pos=belt_with_red.center,
                                        rel=(0, 0), buttons=(0, 0, 0))])
    assert scene.describe_hover()[0] == ("red starts here, facing east.", "")
    assert [(r.path.name, r.status) for r in scene.scenarios] == [("carried-east.yaml", PASSED)]
    board.write_text(BOARD.replace("C> C> C> C> .", "C> .  C> C> ."), encoding="utf-8")
    run_for(services, 1.0)
    assert scene.scenarios[0].lines == ["robot red: at expected [2, 1], got [1, 1]"]
    assert scene.board_view.board.element_at(Pos(1, 1)).kind == "floor", "drawn as edited"
    step_button = next(w for w in scene.ui.widgets if getattr(w, "text", None) == "Step through")
    frame(services, click(step_button.rect.center))
    frame(services)
    assert isinstance(services.scenes.top, StepThroughScene)
    assert services.scenes.top.playback.robot(0).pos == Pos(0, 1)


def test_a_volt_scenario_opened_on_its_own_shows_its_arena(tmp_path: Path) -> None:
    path = tmp_path / "beam.yaml"
    path.write_text((Path(__file__).parents[1] / "volt" / "scenarios" /
                     "vt-6.5.1-inner-wall-stops-beam.yaml").read_text(encoding="utf-8"),
                    encoding="utf-8")
    services, scene = open_file(path)
    assert scene.arena_view is not None and not scene.notice
    assert scene.scenario_robots == (("a", Pos(2, 0), None), ("b", Pos(2, 5), None))
    frame(services, [pygame.event.Event(pygame.MOUSEMOTION, pos=scene.square_rect((2, 5)).center,
                                        rel=(0, 0), buttons=(0, 0, 0))])
    assert ("b starts here.", "") in scene.describe_hover()
    assert [(r.path.name, r.status) for r in scene.scenarios] == [("beam.yaml", PASSED)]


def test_a_broken_scenario_opened_on_its_own_says_where_and_draws_no_board(
        tmp_path: Path) -> None:
    (tmp_path / "belt-lane.yaml").write_text(BOARD, encoding="utf-8")
    path = tmp_path / "off-the-board.yaml"
    path.write_text(SCENARIO.replace("at: [0, 1]", "at: [9, 1]"), encoding="utf-8")
    services, scene = open_file(path)
    assert scene.board_view is None
    result = scene.scenarios[0]
    assert result.status == "invalid" and result.lines[0].startswith(f"{path}:5:")


def test_a_board_broken_from_the_start_is_read_once_until_a_file_changes(tmp_path: Path) -> None:
    """The folder is watched for the scenarios beside a board; a board that never read
    (no model yet) is not read again four times a second for it."""
    path = tmp_path / "belt-lane.yaml"
    path.write_text(BOARD.replace("C> C> C> C> .", "C> C) C> C> ."), encoding="utf-8")
    services, scene = open_file(path)
    assert scene.problems and scene.model is None
    run_for(services, 1.0)
    assert scene.reloads == 1
    (tmp_path / "carried-east.yaml").write_text(SCENARIO, encoding="utf-8")
    run_for(services, 1.0)
    assert scene.reloads == 1 and scene.scenarios[0].status == "invalid"


def test_a_scenario_robot_named_after_a_colour_wears_it(tmp_path: Path) -> None:
    """docs/examples' round-the-bend.yaml has one robot, blue: it is drawn blue in the
    workbench and in its step-through (it was drawn red, the first colour)."""
    from game.scenes.workbench_step import StepThroughScene
    example = Path(__file__).parents[2] / "docs" / "examples" / "workbench"
    for name in ("belt-lane.yaml", "round-the-bend.yaml"):
        (tmp_path / name).write_text((example / name).read_text(encoding="utf-8"),
                                     encoding="utf-8")
    services, scene = open_file(tmp_path / "round-the-bend.yaml")
    frame(services)
    square = scene.square_rect((4, 1))
    shades = {tuple(services.window.surface.get_at((x, y)))[:3]
              for x in range(square.left, square.right, 2)
              for y in range(square.top, square.bottom, 2)}
    assert theme.PLAYER_COLOURS["blue"] in shades and theme.PLAYER_COLOURS["red"] not in shades
    step_button = next(w for w in scene.ui.widgets if getattr(w, "text", None) == "Step through")
    frame(services, click(step_button.rect.center))
    frame(services)
    assert isinstance(services.scenes.top, StepThroughScene)
    assert services.scenes.top.playback.seats[0].colour == "blue"
    assert theme.colours_for_names(["a", "red", "b"]) == ["blue", "red", "green"]
