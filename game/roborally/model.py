"""RoboRally static data: boards, courses (an assembled board), factory elements, program cards
and option-card ids. Frozen and shared between clones (STYLE.md §4.6). Pure: no pygame, no I/O.

Coordinates follow FORMATS.md: x from the west edge, y from the north edge, both from 0.
A wall is one edge between two squares; it is stored once, normalised to the N or W side of
a square (`[x, y, S]` is kept as `(x, y+1, N)`, `[x, y, E]` as `(x+1, y, W)`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Union

from game.core.texts import Texts
from game.core.types import Direction, Pos

REGISTERS = 5
MAX_BOARD_SIDE = 40
MAX_COURSE_SIDE = 80

# -- program cards (RR-2.2) -------------------------------------------------------------------

CARD_TYPES = ("uturn", "left", "right", "back", "move1", "move2", "move3")
"""Card types as scenario files spell them (FORMATS.md)."""


def standard_card_type(k: int) -> str:
    """Type of card k (1..84) of the program deck: priority 10·k (RR-2.2)."""
    if k <= 6:
        return "uturn"
    if k <= 42:
        return "left" if k % 2 == 1 else "right"
    if k <= 48:
        return "back"
    if k <= 66:
        return "move1"
    if k <= 78:
        return "move2"
    return "move3"


DECK_SIZE = 84
STANDARD_CARDS: tuple[tuple[str, int], ...] = tuple(
    (standard_card_type(k), 10 * k) for k in range(1, DECK_SIZE + 1))
"""Index i holds card id i+1: (type, priority)."""

CARD_NAMES = {"uturn": "U-Turn", "left": "Rotate Left", "right": "Rotate Right",
              "back": "Back Up", "move1": "Move 1", "move2": "Move 2", "move3": "Move 3"}

# -- option cards (CB-6) ------------------------------------------------------------------------

OPTION_IDS = (
    "extra_memory", "recompile", "conditional_program", "flywheel", "abort_switch", "shield",
    "turret", "brakes", "fourth_gear", "reverse_gears", "mechanical_arm", "ramming_gear",
    "gyroscopic_stabilizer", "double_barreled_laser", "fire_control", "high_power_laser",
    "rear_firing_laser", "mini_howitzer", "pressor_beam", "radio_control", "scrambler",
    "tractor_beam", "ablative_coat", "power_down_shield", "superior_archive", "circuit_breaker",
)
"""The 26 option cards in RULES.md CB-6 order (file ids). This order is also the order of a
fresh option deck where a deterministic 'top card' is needed (scenarios)."""
WEAPON_MODULES = ("mini_howitzer", "pressor_beam", "radio_control", "scrambler", "tractor_beam")
MAX_OPTIONS = 3

# -- factory elements (FORMATS.md) -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Floor:
    kind: ClassVar[str] = "floor"


@dataclass(frozen=True, slots=True)
class Pit:
    kind: ClassVar[str] = "pit"


@dataclass(frozen=True, slots=True)
class Oil:
    kind: ClassVar[str] = "oil"


@dataclass(frozen=True, slots=True)
class Conveyor:
    kind: ClassVar[str] = "conveyor"
    dir: Direction
    express: bool = False


@dataclass(frozen=True, slots=True)
class Gear:
    kind: ClassVar[str] = "gear"
    clockwise: bool


@dataclass(frozen=True, slots=True)
class Crusher:
    kind: ClassVar[str] = "crusher"
    registers: frozenset[int]


@dataclass(frozen=True, slots=True)
class Burner:
    kind: ClassVar[str] = "burner"
    registers: frozenset[int]


@dataclass(frozen=True, slots=True)
class Repair:
    kind: ClassVar[str] = "repair"
    wrenches: int


@dataclass(frozen=True, slots=True)
class Portal:
    kind: ClassVar[str] = "portal"
    color: str


@dataclass(frozen=True, slots=True)
class Pusher:
    """Mounted on side `wall` (a wall); pushes one square away from it in its registers."""

    kind: ClassVar[str] = "pusher"
    wall: Direction
    registers: frozenset[int]


@dataclass(frozen=True, slots=True)
class Laser:
    """Mounted on side `wall` (a wall); fires away from it; the beam starts on its square."""

    kind: ClassVar[str] = "laser"
    wall: Direction
    beams: int


@dataclass(frozen=True, slots=True)
class SwingDoor:
    """A door on side `wall`: a wall except in the registers listed in `open`."""

    kind: ClassVar[str] = "swing_door"
    wall: Direction
    open: frozenset[int]


@dataclass(frozen=True, slots=True)
class Start:
    kind: ClassVar[str] = "start"
    number: int
    facing: Direction = Direction.N


@dataclass(frozen=True, slots=True)
class Flag:
    kind: ClassVar[str] = "flag"
    number: int


FloorElement = Union[Floor, Pit, Oil, Conveyor, Gear, Crusher, Burner, Repair, Portal]
MountedElement = Union[Pusher, Laser, SwingDoor]
FLOOR_TYPES = ("floor", "pit", "oil", "conveyor", "gear", "crusher", "burner", "repair",
               "portal")
MOUNTED_TYPES = ("pusher", "laser", "swing_door")
MARKER_TYPES = ("start", "flag")
ELEMENT_TYPES = FLOOR_TYPES + MARKER_TYPES + MOUNTED_TYPES
"""Every `type:` a board's `elements` list may use (FORMATS.md)."""
ALL_REGISTERS = frozenset(range(1, REGISTERS + 1))

WallKey = tuple[int, int, Direction]


def wall_key(x: int, y: int, side: Direction) -> WallKey:
    """The one stored form of the wall on side `side` of square (x, y): an N or W edge."""
    if side is Direction.S:
        return (x, y + 1, Direction.N)
    if side is Direction.E:
        return (x + 1, y, Direction.W)
    return (x, y, side)


def rotate_pos(pos: Pos, width: int, height: int, quarter_turns: int) -> Pos:
    """Square `pos` of a width × height board after turning the board clockwise."""
    x, y = pos
    for _ in range(quarter_turns % 4):
        x, y = height - 1 - y, x
        width, height = height, width
    return Pos(x, y)


@dataclass(frozen=True, slots=True)
class StartSquare:
    number: int
    at: Pos
    facing: Direction


@dataclass(frozen=True)
class Board:
    """A board or an assembled course. `floor` holds every square that is on the course
    (squares of the bounding box that no board covers are off the course).

    `mounted` lists (square, element) for pushers, lasers and doors in reading order;
    `flags` the checkpoints in the order they must be reached; `starts` by number."""

    name: str
    width: int
    height: int
    floor: dict[Pos, FloorElement]
    walls: frozenset[WallKey]
    mounted: tuple[tuple[Pos, MountedElement], ...] = ()
    starts: tuple[StartSquare, ...] = ()
    flags: tuple[Pos, ...] = ()
    board_count: int = 1
    players: tuple[int, int] = (1, 8)
    sources: tuple[str, ...] = field(default=())

    def on_course(self, pos: Pos) -> bool:
        return pos in self.floor

    def element_at(self, pos: Pos) -> FloorElement | None:
        return self.floor.get(pos)

    def has_wall(self, pos: Pos, side: Direction) -> bool:
        """A permanent wall (not a door) on side `side` of `pos`."""
        return wall_key(pos.x, pos.y, side) in self.walls

    def mounted_at(self, pos: Pos) -> list[MountedElement]:
        return [e for p, e in self.mounted if p == pos]

    def with_flags(self, flags: tuple[Pos, ...]) -> Board:
        return Board(self.name, self.width, self.height, self.floor, self.walls, self.mounted,
                     self.starts, tuple(flags), self.board_count, self.players, self.sources)


@dataclass(frozen=True, slots=True)
class BoardPlacement:
    board: str
    at: Pos
    rotate: int


@dataclass(frozen=True)
class Course:
    """A `roborally-course/1` file: the placements and the assembled board."""

    name: str
    players: tuple[int, int]
    placements: tuple[BoardPlacement, ...]
    board: Board


@dataclass(frozen=True, slots=True)
class OptionCard:
    """One option card of `boards/roborally/options.yaml` (behaviour is code, keyed by id)."""

    id: str
    name: Texts
    text: Texts
    timing: str
    charges: int


@dataclass(frozen=True, slots=True)
class ElementInfo:
    """Names and rule text of one factory element type (tooltips, rules overlay)."""

    type: str
    name: Texts
    text: Texts


OPTION_TIMINGS = ("dealing", "programming", "pre-register", "movement", "board elements",
                  "laser", "weapon", "touch", "damage", "re-entry", "end of turn")
