"""What the workbench's side panel says of the hovered square: a scenario's robots starting
there, each element with its rule, then the walls on its sides (`python main.py preview`)."""

from __future__ import annotations

from typing import Any, Sequence

from game.core.types import Direction, Pos
from game.i18n import N_, _
from game.ui.roborally_view import element_name

SIDE_NAMES = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}


def describe_square(board_view: Any, arena_view: Any, pos: Pos, register: int | None,
                    robots: Sequence[tuple[str, Pos, str | None]]) -> list[tuple[str, str]]:
    """(name, rule) for square `pos` of the RoboRally `board_view` (as in `register`) or else
    the VOLT `arena_view`: the scenario `robots` that start there, what lies there, then the
    walls on its sides; nothing without a view."""
    if board_view is not None:
        board = board_view.board
        lines = [(n, r) for n, r in board_view.describe(pos, register)
                 if n != element_name("wall")]
        sides = [d for d in Direction if board.has_wall(pos, d)]
    elif arena_view is not None:
        arena = arena_view.arena
        lines = describe_arena_square(arena, pos)
        sides = [d for d in Direction if arena.has_wall(pos, d)]
    else:
        return []
    if sides:
        lines.append((_("Walls: {sides}").format(
            sides=", ".join(_(SIDE_NAMES[d.value]) for d in sides)), ""))
    starting = [(_starts_here(name, facing), "") for name, at, facing in robots if at == pos]
    return starting + lines


def describe_arena_square(arena: Any, pos: Any) -> list[tuple[str, str]]:
    """(name, rule) for a VOLT arena square: pit, victory-point field, start field, workshop."""
    out: list[tuple[str, str]] = []
    if arena.is_pit(pos):
        out.append((_("Pit"), _("A robot that enters a pit is destroyed (VT-3.3).")))
    for number, field_pos in arena.vp_fields:
        if field_pos == pos:
            out.append((_("Victory-point field {n}").format(n=number),
                        _("VP markers are laid on the victory-point fields (VT-3.3).")))
    for side, fields in arena.starts:
        if pos in fields:
            out.append((_("Start field ({side})").format(side=_(SIDE_NAMES[side.value])),
                        _("The operator on this side sets robots in here (VT-3.3).")))
    if pos in arena.workshops:
        out.append((_("Workshop"), _("No effect in the training rules (VT-3.3).")))
    if not out:
        out.append((_("Floor"), ""))
    return out


def _starts_here(name: str, facing: str | None) -> str:
    """A scenario robot on the hovered square, facing `facing` (None: a VOLT robot)."""
    if facing is None:
        return _("{name} starts here.").format(name=name)
    return _("{name} starts here, facing {side}.").format(name=name, side=_(SIDE_NAMES[facing]))
