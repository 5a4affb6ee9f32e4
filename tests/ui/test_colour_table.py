"""The three games' drawing takes its colours from one table (game/ui/theme.py), by role:
a colour the table names is never written again as numbers, and the painting modules of the
tables write none at all, so changing a role there changes it wherever it is drawn."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any, Iterator

from game.ui import theme

ROOT = Path(__file__).resolve().parents[2]
DRAWING = [p for folder in ("game/ui", "game/scenes")
           for p in sorted((ROOT / folder).rglob("*.py")) if p.name != "theme.py"]
PAINTING = [p for p in DRAWING if "painting" in p.name]


def _is_colour(value: Any) -> bool:
    return (isinstance(value, tuple) and len(value) in (3, 4)
            and all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255
                    for c in value))


def _table_colours() -> dict[tuple[int, ...], str]:
    """Every colour of the table, with a role that has it."""
    found: dict[tuple[int, ...], str] = {}
    for name, value in vars(theme).items():
        if _is_colour(value):
            colours = [value]
        elif isinstance(value, dict):
            colours = list(value.values())          # colours by name: portals, cards
        elif isinstance(value, tuple):
            colours = list(value)                   # a row of colours: Robot Master's robots
        else:
            continue
        for colour in colours:
            if name.isupper() and _is_colour(colour):
                found.setdefault(colour, name)
    return found


NOT_COLOURS = {"buttons", "rel", "pos"}
"""Keyword arguments that take three small numbers without being a colour (a mouse event's
buttons, a motion, a place)."""


def _colour_literals(path: Path) -> Iterator[tuple[int, tuple[int, ...]]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    other = {id(k.value) for k in ast.walk(tree)
             if isinstance(k, ast.keyword) and k.arg in NOT_COLOURS}
    for node in ast.walk(tree):
        if id(node) in other:
            continue
        if isinstance(node, ast.Tuple) and all(isinstance(e, ast.Constant) for e in node.elts):
            value = tuple(e.value for e in node.elts if isinstance(e, ast.Constant))
            if _is_colour(value):
                yield node.lineno, value


def test_the_table_has_the_roles_of_all_three_games() -> None:
    table = _table_colours()
    for prefix in ("RR_", "VOLT_", "RM_"):
        assert any(role.startswith(prefix) for role in table.values()), prefix
    assert len(theme.RM_ROBOT_COLOURS) == 6 and len(set(theme.RM_ROBOT_COLOURS)) == 6


def test_the_painting_modules_write_no_colour_of_their_own() -> None:
    assert PAINTING, "no painting modules found under game/scenes"
    written = [f"{p.relative_to(ROOT)}:{line}: {value}"
               for p in PAINTING for line, value in _colour_literals(p)]
    assert written == [], "take these from game/ui/theme.py, named by role"


COINCIDENCES = {
    ("game/ui/art.py", (40, 46, 62)): "the menus' backdrop grid, not a RoboRally chip",
    ("game/ui/floor_painters.py", (0, 0, 0)): "the bottom of a pit, not a text outline",
    ("game/ui/roborally_view.py", (20, 22, 30)): "the seam between a course's boards",
    ("game/scenes/dialogs.py", (40, 36, 30)): "the ink of the rules page, not a wall's",
}
"""Colours written where they shade something of their own that happens to share the
value of a role in the table (one-off shades stay with the drawing they shade)."""


def test_a_colour_the_table_names_is_taken_from_the_table() -> None:
    table = _table_colours()
    again = [f"{p.relative_to(ROOT)}:{line}: {value} is theme.{table[value]}"
             for p in DRAWING for line, value in _colour_literals(p)
             if value in table and (str(p.relative_to(ROOT)), value) not in COINCIDENCES]
    assert again == []
