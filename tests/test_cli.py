"""The command line of FORMATS.md: exit codes and messages, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def test_help_lists_the_commands() -> None:
    result = run("--help")
    assert result.returncode == 0
    for command in ("play", "simulate", "check", "render", "--screenshot"):
        assert command in result.stdout


def test_a_wrong_command_line_exits_2_with_a_message() -> None:
    result = run("fly")
    assert result.returncode == 2
    assert "invalid choice: 'fly'" in result.stderr and "Traceback" not in result.stderr


def test_simulate_refuses_unknown_formats_and_names_the_supported_ones(tmp_path) -> None:
    path = tmp_path / "odd.yaml"
    path.write_text("format: chess-scenario/1\n", encoding="utf-8")
    result = run("simulate", str(path))
    assert result.returncode == 2
    assert f"{path}:1:9: format: simulate does not support the format 'chess-scenario/1'; " \
           "supported: " in result.stderr


def test_check_on_a_missing_file_exits_2() -> None:
    result = run("check", "no/such/board.yaml")
    assert result.returncode == 2
    assert "no/such/board.yaml:1:1: no such file or folder" in result.stderr


def test_check_speaks_the_language_asked_for() -> None:
    result = run("--lang", "de", "check", "no/such/board.yaml")
    assert result.returncode == 2
    assert "no/such/board.yaml:1:1: keine solche Datei und kein solcher Ordner" in result.stderr
    assert "1 Problem(e) in 1 von 1 Datei(en)" in result.stderr


def test_a_file_name_too_long_for_the_system_is_a_message_not_an_internal_error() -> None:
    name = "a" * 300 + ".yaml"          # longer than any file system's name
    for command, words in (("check", "cannot look it up"), ("preview", "cannot look it up"),
                           ("render", "cannot read the file"), ("simulate", "cannot read")):
        result = run(command, name, *(["-o", "out.png"] if command == "render" else []))
        assert result.returncode == 2, command
        assert f"{name}:1:1: {words}" in result.stderr, (command, result.stderr[-300:])
        assert "internal error" not in result.stderr and "Traceback" not in result.stderr


def test_check_passes_on_the_shipped_boards() -> None:
    result = run("check", "boards/")
    assert result.returncode == 0, result.stderr
    assert "all good" in result.stdout


def test_screenshot_saves_a_picture_of_the_asked_size(tmp_path) -> None:
    out = tmp_path / "menu.png"
    result = run("--screenshot", str(out), "--scene", "settings", "--lang", "de",
                 "--size", "1920x1080")
    assert result.returncode == 0, result.stderr
    assert pygame.image.load(str(out)).get_size() == (1920, 1080)


def test_a_size_smaller_than_the_window_allows_is_refused_with_the_bounds(tmp_path) -> None:
    """--size 400x300 drew the menu cut off at both sides: no screen is laid out for less
    than the window's own minimum, 800x450, so the command line refuses it as resizing does."""
    out = tmp_path / "small.png"
    result = run("--screenshot", str(out), "--scene", "menu", "--size", "400x300")
    assert result.returncode == 2 and not out.exists()
    assert "--size '400x300': allowed 800x450 to 7680x4320" in result.stderr
    assert run("--screenshot", str(out), "--scene", "menu", "--size", "800x450").returncode == 0
    assert pygame.image.load(str(out)).get_size() == (800, 450)


def test_screenshot_of_an_unknown_scene_lists_the_known_ones(tmp_path) -> None:
    result = run("--screenshot", str(tmp_path / "x.png"), "--scene", "nowhere")
    assert result.returncode == 2
    assert "unknown scene 'nowhere'; known:" in result.stderr and "menu" in result.stderr


def test_list_scenes_names_every_scene_screenshot_takes() -> None:
    result = run("--list-scenes")
    assert result.returncode == 0
    names = result.stdout.split()
    for name in ("menu", "saves", "roborally-end", "robot-master-replay", "volt-win"):
        assert name in names


def test_preview_of_a_folder_or_a_device_says_what_it_is(tmp_path: Path) -> None:
    for given, words in ((tmp_path, "this is a folder"), (Path("/dev/null"), "this is a device"),
                         (tmp_path / "gone.yaml", "no such file")):
        result = run("preview", str(given))
        assert result.returncode == 2
        assert f"{given}:1:1: {words}; give a board, course or arena file" in result.stderr


def test_preview_of_a_folder_says_so_in_the_language_asked_for(tmp_path: Path) -> None:
    result = run("--lang", "de", "preview", str(tmp_path))
    assert result.returncode == 2
    assert (f"{tmp_path}:1:1: dies ist ein Ordner; gib eine Spielplan-, Kurs- oder Arenadatei an"
            in result.stderr)


def test_preview_of_a_folder_says_so_in_the_language_of_the_players_settings(
        tmp_path: Path) -> None:
    home = tmp_path / "home"
    settings = home / "settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_text(json.dumps({"language": "de"}), encoding="utf-8")
    result = subprocess.run([sys.executable, "main.py", "preview", str(tmp_path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=120,
                            env={**os.environ, "ROBOT_GAMES_HOME": str(home)})
    assert result.returncode == 2
    assert f"{tmp_path}:1:1: dies ist ein Ordner;" in result.stderr
    assert json.loads(settings.read_text(encoding="utf-8")) == {"language": "de"}


def test_a_picture_asked_for_inside_a_file_says_which_file_is_in_the_way(tmp_path: Path) -> None:
    in_the_way = tmp_path / "notes.txt"
    in_the_way.write_text("not a folder")
    for args in (("render", "boards/roborally/ring-road.yaml", "-o", f"{in_the_way}/sub/out.png"),
                 ("--screenshot", f"{in_the_way}/out.png", "--scene", "menu")):
        result = run(*args)
        assert result.returncode == 2
        assert f"{in_the_way} is not a folder" in result.stderr
        assert "Errno" not in result.stderr
