"""Every text whole: the widget kit reports a text it has to cut or shrink past reading, and
every scene and dialog, in English and German, at 1280×720, 1920×1080, 1024×768 (4:3) and at
the smallest window, draws without one report (game/tools/text_check.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame

from game.i18n import set_language
from game.ui import text_fit, theme
from game.ui.volt_view import compass_letter
from game.ui.text_drawing import draw_paragraphs, draw_text
from game.ui.widgets import Button
from game.core.types import Direction

ROOT = Path(__file__).resolve().parent.parent.parent


def test_every_scene_and_dialog_fits_in_both_languages_and_both_sizes(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "game.tools.text_check"], cwd=ROOT,
                            env={**os.environ, "ROBOT_GAMES_HOME": str(tmp_path)},
                            capture_output=True, text=True, timeout=600)  # a hang, not speed
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "every text fits"


def surface() -> pygame.Surface:
    pygame.init()
    return pygame.Surface((400, 200))


def test_a_cut_label_is_reported_and_a_whole_one_is_not() -> None:
    canvas = surface()
    font = theme.font(20)
    with text_fit.collected() as reports:
        draw_text(canvas, "Fits", font, theme.TEXT, (10, 10), max_width=200)
    assert reports == []
    with text_fit.collected() as reports:
        draw_text(canvas, "Speichern und beenden", font, theme.TEXT, (10, 10), max_width=60)
    assert [(r.problem, r.text) for r in reports] == [("cut", "Speichern und beenden")]


def test_text_drawn_past_the_window_edge_is_reported() -> None:
    with text_fit.collected() as reports:
        draw_text(surface(), "Anna hand", theme.font(20), theme.TEXT, (-30, 10))
    assert [(r.problem, r.text) for r in reports] == [("outside", "Anna hand")]


def test_paragraphs_that_run_out_of_their_box_are_reported() -> None:
    text = "Sides and the first player change every game; the highest total wins."
    with text_fit.collected() as reports:
        draw_paragraphs(surface(), text, theme.font(16), theme.TEXT, pygame.Rect(0, 0, 300, 80))
    assert reports == []
    with text_fit.collected() as reports:
        draw_paragraphs(surface(), text, theme.font(16), theme.TEXT, pygame.Rect(0, 0, 300, 20))
    assert [r.problem for r in reports] == ["overflow"]


def test_a_label_shrunk_past_reading_is_reported() -> None:
    surface()
    with text_fit.collected() as reports:
        theme.fit_font("Rechtsdrehung", 200, 12, 6, bold=False)
    assert reports == []
    with text_fit.collected() as reports:
        theme.fit_font("Rechtsdrehung", 65, 12, 6, bold=False)     # fits only at 8 px
    assert [r.problem for r in reports] == ["shrunk"]


def test_a_button_shrinks_a_long_label_a_little_before_cutting_it() -> None:
    canvas = surface()
    with text_fit.collected() as reports:
        Button((0, 0, 300, 60), "Speichern und beenden", lambda: None, translate=False).draw(
            canvas)
    assert reports == []


def test_nothing_listens_unless_asked() -> None:
    draw_text(surface(), "Speichern und beenden", theme.font(20), theme.TEXT, (10, 10),
              max_width=60)                         # no listener: nothing to fail on


def test_the_volt_compass_speaks_the_players_language() -> None:
    set_language("de")
    assert [compass_letter(d) for d in (Direction.N, Direction.E, Direction.S, Direction.W)] \
        == ["N", "O", "S", "W"]
    set_language("en")
    assert compass_letter(Direction.E) == "E"
