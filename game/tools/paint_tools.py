"""What each tool of the workbench's paint mode does to a board file (issues 9 and 17).

Map tools put a FORMATS.md map token on the square (`S5` is start square 5). Element tools
write an element record: a flag (the next number), a flamer (`burner`), a portal (the
colour that still lacks its partner, else a new pair), and, on the side of the square that
was clicked, a pusher, a laser or a swing door. Painting an element where the same one
already is removes it (a second click undoes the first). Pure: edits a BoardDocument, which
the workbench checks through the data gate before it writes."""

from __future__ import annotations

from typing import Any

from game.core.types import Direction
from game.i18n import N_
from game.tools.board_edit import BoardDocument

WALL_TOOL = "wall"
MAP_TOOLS = (".", "O", "~", "C^", "C>", "Cv", "C<", "E^", "E>", "Ev", "E<", "G+", "G-", "R1",
             "R2", "X", "S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8")
ELEMENT_TOOLS = {"flag": N_("Flag"), "pusher": N_("Pusher"), "laser": N_("Laser"),
                 "swing_door": N_("Door"), "burner": N_("Flamer"), "portal": N_("Portal")}
"""Element tools (the element type) and their palette labels."""
PALETTES = {
    "roborally-board/1": (*MAP_TOOLS, *ELEMENT_TOOLS, WALL_TOOL),
    "volt-arena/1": (".", "O", "W", "V1", "V2", "V3", "V4", "V5", "V6", "SN", "SE", "SS", "SW",
                     WALL_TOOL),
}
PORTAL_COLOURS = ("blue", "orange", "green", "violet", "red", "yellow", "cyan", "pink")
"""Colours new portal pairs take, in order (all drawn in their colour by the board view)."""
PUSHER_REGISTERS = [1, 3, 5]
DOOR_OPEN_REGISTERS = [1, 3, 5]
FLAMER_REGISTERS = [2, 4]


def tool_label(tool: str) -> str:
    """The palette label of a tool (a message id for element tools and the wall)."""
    if tool == WALL_TOOL:
        return N_("Wall")
    return ELEMENT_TOOLS.get(tool, tool)


def paint(doc: BoardDocument, tool: str, x: int, y: int, side: Direction) -> None:
    """Apply `tool` to square (x, y); `side` is the side nearest the click (walls and
    wall-mounted elements go there)."""
    if tool == WALL_TOOL:
        doc.toggle_wall(x, y, side)
    elif tool == "flag":
        _toggle_flag(doc, x, y)
    elif tool in ("pusher", "laser", "swing_door"):
        _toggle(doc, _mounted(tool, x, y, side))
    elif tool == "burner":
        _toggle(doc, {"type": "burner", "at": [x, y], "registers": list(FLAMER_REGISTERS)})
    elif tool == "portal":
        _toggle(doc, {"type": "portal", "at": [x, y], "color": _portal_colour(doc)})
    else:
        doc.set_token(x, y, tool)


def _mounted(tool: str, x: int, y: int, side: Direction) -> dict[str, Any]:
    element: dict[str, Any] = {"type": tool, "at": [x, y], "wall": side.value}
    if tool == "pusher":
        element["registers"] = list(PUSHER_REGISTERS)
    elif tool == "laser":
        element["beams"] = 1
    else:
        element["open"] = list(DOOR_OPEN_REGISTERS)
    return element


def _records(doc: BoardDocument) -> list[Any]:
    return list(doc.data.get("elements") or [])


def _same(record: Any, element: dict[str, Any]) -> bool:
    return (record.get("type") == element["type"] and list(record.get("at", [])) ==
            element["at"] and record.get("wall") == element.get("wall"))


def _toggle(doc: BoardDocument, element: dict[str, Any]) -> None:
    """Add `element`, or remove the same element (type, square, side) when it is there."""
    for index, record in enumerate(_records(doc)):
        if _same(record, element):
            del doc.data["elements"][index]
            return
    doc.add_element(element)


def _toggle_flag(doc: BoardDocument, x: int, y: int) -> None:
    """A flag with the next number; clicking a flag removes it and numbers the later ones
    down, so they still run 1..n."""
    flags = [r for r in _records(doc) if r.get("type") == "flag"]
    here = [r for r in flags if list(r.get("at", [])) == [x, y]]
    if not here:
        doc.add_element({"type": "flag", "number": len(flags) + 1, "at": [x, y]})
        return
    removed = int(here[0].get("number", 0))
    doc.data["elements"].remove(here[0])
    for record in flags:
        if record is not here[0] and int(record.get("number", 0)) > removed:
            record["number"] = int(record["number"]) - 1


def _portal_colour(doc: BoardDocument) -> str:
    """The colour of a portal still waiting for its partner, else the first unused one."""
    counts: dict[str, int] = {}
    for record in _records(doc):
        if record.get("type") == "portal":
            colour = str(record.get("color"))
            counts[colour] = counts.get(colour, 0) + 1
    for colour, count in counts.items():
        if count == 1:
            return colour
    return next((c for c in PORTAL_COLOURS if c not in counts), f"colour-{len(counts) + 1}")
