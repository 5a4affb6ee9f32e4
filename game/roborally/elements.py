"""The factory-element registry: every `type:` a board's `elements` list may use (FORMATS.md),
keyed by that YAML id, with how to read it, how to turn it with its board, and what it puts
into the compiled `Layout`.

What an element does in a register phase lives in its behaviour module (`factory_phases.py`,
`lasers.py`), in the order of `engine.REGISTER_STEPS`; how it is painted lives in the view's
painter table (`game/ui/element_painters.py`), keyed by the same id. docs/architecture.md,
"Adding a factory element or an option card", is the recipe.

Pure: no pygame, no I/O."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from game.core.types import Direction
from game.data.reader import Field, Reader
from game.i18n import _
from game.roborally.model import (
    REGISTERS, Burner, Conveyor, Crusher, Flag, Floor, Gear, Laser, Oil, Pit, Portal, Pusher,
    Repair, Start, SwingDoor)

if TYPE_CHECKING:  # the layout imports this registry; the type is for the annotations only
    from game.roborally.layout import Layout

MAX_PLAYERS = 8
MAX_FLAGS = 8

# What the layout's `kind` table holds per square: small integers, so that the register
# engine compares ints, not strings (bench/roborally_engine.py).
VOID, FLOOR, PIT, OIL, BELT, GEAR, CRUSHER, BURNER, REPAIR, PORTAL = range(10)

FLOOR_PLACE = "floor"
"""One per square (`Board.floor`)."""
MARKER_PLACE = "marker"
"""Start squares and checkpoints (`Board.starts`, `Board.flags`)."""
MOUNTED_PLACE = "mounted"
"""On one side of a square (`Board.mounted`); `wall_mounted` ones also stand on a wall."""


def read_registers(f: Field) -> frozenset[int]:
    """`[1, 3, 5]`: distinct register numbers 1..5, at least one."""
    items = f.items(min_length=1, max_length=REGISTERS)
    numbers: list[int] = []
    for item in items:
        n = item.integer(min=1, max=REGISTERS)
        if n in numbers:
            raise item.error(_("register {number} is listed twice").format(number=n))
        numbers.append(n)
    return frozenset(numbers)


def _all_registers(r: Reader, key: str) -> frozenset[int]:
    f = r.optional(key)
    if f is None:
        return frozenset(range(1, REGISTERS + 1))
    return read_registers(f)


def _as_printed(element: Any, quarter_turns: int) -> Any:
    return element


def _nothing_to_compile(layout: Layout, square: int, element: Any) -> None:
    return None


@dataclass(frozen=True)
class ElementType:
    """One factory element type, keyed by its YAML `type:` id."""

    id: str
    place: str
    """FLOOR_PLACE, MARKER_PLACE or MOUNTED_PLACE."""
    read: Callable[[Reader], Any]
    """Reads the element's own keys (after `type` and `at`) into its frozen model object."""
    code: int = FLOOR
    """What `Layout.kind` holds on a square of this floor type."""
    compile: Callable[[Layout, int, Any], None] = _nothing_to_compile
    """Fills the layout's tables for the element on square `square`."""
    turned: Callable[[Any, int], Any] = _as_printed
    """The element on a board turned clockwise by quarter turns (assembling a course)."""
    wall_mounted: bool = False
    """A mounted element that stands on a wall (pushers, lasers; RR-7.7, RR-7.9)."""
    acts_in: tuple[str, ...] = ()
    """The register phases (`engine.REGISTER_STEPS` names) whose step makes it act; an
    element that acts on whoever enters it (pit, oil, portal) acts wherever a robot moves."""


# -- readers ------------------------------------------------------------------------------------


def _read_conveyor(r: Reader) -> Conveyor:
    return Conveyor(r.choice("dir", Direction), r.flag("express", False))


def _read_gear(r: Reader) -> Gear:
    return Gear(r.choice("turn", ["cw", "ccw"]) == "cw")


def _read_start(r: Reader) -> Start:
    return Start(r.integer("number", min=1, max=MAX_PLAYERS),
                 r.choice("facing", Direction, Direction.N))


# -- layout tables ------------------------------------------------------------------------------


def _compile_conveyor(layout: Layout, square: int, belt: Conveyor) -> None:
    layout.belt_dir[square] = belt.dir.index
    layout.express[square] = belt.express


def _compile_gear(layout: Layout, square: int, gear: Gear) -> None:
    layout.gear[square] = 1 if gear.clockwise else -1


def _compile_timed(layout: Layout, square: int, element: Crusher | Burner) -> None:
    layout.active[square] = element.registers


def _compile_repair(layout: Layout, square: int, repair: Repair) -> None:
    layout.wrenches[square] = repair.wrenches


def _compile_portal(layout: Layout, square: int, portal: Portal) -> None:
    layout.color[square] = portal.color


def _compile_door(layout: Layout, square: int, door: SwingDoor) -> None:
    """CB-3.4.2: a closed door is a wall, on both of its squares, in the registers it is shut."""
    d = door.wall.index
    layout.doors.append((square, d, door.open))
    neighbour = layout.nbr[square * 4 + d]
    for reg in range(1, REGISTERS + 1):
        if reg not in door.open:
            layout.walls[reg][square] |= 1 << d
            if neighbour >= 0:
                layout.walls[reg][neighbour] |= 1 << ((d + 2) % 4)


def _compile_pusher(layout: Layout, square: int, pusher: Pusher) -> None:
    layout.pushers.append((square, pusher.wall.opposite.index, pusher.registers))


def _compile_laser(layout: Layout, square: int, laser: Laser) -> None:
    layout.emitters.append((square, laser.wall.opposite.index, laser.beams))


# -- the registry -------------------------------------------------------------------------------

ELEMENTS: dict[str, ElementType] = {e.id: e for e in (
    ElementType("floor", FLOOR_PLACE, lambda r: Floor()),
    ElementType("pit", FLOOR_PLACE, lambda r: Pit(), PIT),
    ElementType("oil", FLOOR_PLACE, lambda r: Oil(), OIL),
    ElementType("conveyor", FLOOR_PLACE, _read_conveyor, BELT, _compile_conveyor,
                lambda e, q: Conveyor(e.dir.turned(q), e.express),
                acts_in=("express belts", "belts")),
    ElementType("gear", FLOOR_PLACE, _read_gear, GEAR, _compile_gear, acts_in=("gears",)),
    ElementType("crusher", FLOOR_PLACE, lambda r: Crusher(_all_registers(r, "registers")),
                CRUSHER, _compile_timed, acts_in=("crushers",)),
    ElementType("burner", FLOOR_PLACE, lambda r: Burner(_all_registers(r, "registers")),
                BURNER, _compile_timed, acts_in=("cards", "burners")),
    ElementType("repair", FLOOR_PLACE, lambda r: Repair(r.integer("wrenches", min=1, max=2)),
                REPAIR, _compile_repair, acts_in=("flags",)),
    ElementType("portal", FLOOR_PLACE, lambda r: Portal(r.text("color", max_length=40)),
                PORTAL, _compile_portal),
    ElementType("start", MARKER_PLACE, _read_start),
    ElementType("flag", MARKER_PLACE,
                lambda r: Flag(r.integer("number", min=1, max=MAX_FLAGS)),
                acts_in=("cards", "flags")),
    ElementType("pusher", MOUNTED_PLACE,
                lambda r: Pusher(r.choice("wall", Direction), _all_registers(r, "registers")),
                compile=_compile_pusher, wall_mounted=True, acts_in=("pushers",),
                turned=lambda e, q: Pusher(e.wall.turned(q), e.registers)),
    ElementType("laser", MOUNTED_PLACE,
                lambda r: Laser(r.choice("wall", Direction),
                                r.integer("beams", 1, min=1, max=3)),
                compile=_compile_laser, wall_mounted=True, acts_in=("lasers",),
                turned=lambda e, q: Laser(e.wall.turned(q), e.beams)),
    ElementType("swing_door", MOUNTED_PLACE,
                lambda r: SwingDoor(r.choice("wall", Direction),
                                    read_registers(r.field("open"))),
                compile=_compile_door,
                turned=lambda e, q: SwingDoor(e.wall.turned(q), e.open)),
)}
"""Every element type by YAML id, in the order FORMATS.md lists them (error messages name the
allowed types in this order)."""


def element_type(element: Any) -> ElementType:
    """The registry entry of a model element (its class's `kind` is its YAML id)."""
    return ELEMENTS[element.kind]
