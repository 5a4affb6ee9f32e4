"""The option-card registry: each option card of `boards/roborally/options.yaml`, keyed by its
id, with the hooks through which it changes the rules (RULES.md CB-5, CB-6).

A hook point is a moment of the rules where several options may act; where their order
matters it is written down once (`ANNOUNCEMENTS`, `PREVENTION`, `CARD_MOVES`). The engine
asks the registry at those moments instead of naming options:

* `gained` / `lost`: the card's own tokens and cards come and go with it (CB-6.4, CB-6.5,
  CB-6.18, CB-6.23);
* `announce`: step a of a register phase (CB-5.7);
* `prevent`: a damage point about to be placed (CB-5.10);
* `card_move`: the distance of a move card (CB-6.8 to CB-6.10).

Options that act elsewhere (weapons in weapons.py, Mechanical Arm in factory_phases.py,
Gyroscopic Stabilizer on belts and gears, Superior Archive at re-entry, programming options in
state.py) still test `id in robot.options` there. Pure: no pygame, no I/O, no random."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from game.roborally import events as ev
from game.roborally.model import OPTION_IDS, REGISTERS
from game.roborally.robot import Robot

if TYPE_CHECKING:  # the engine imports this registry; the type is for the annotations only
    from game.roborally.engine import Engine

SIDES = ("front", "right", "back", "left")
"""Robot-relative sides, clockwise from the front (CB-6.6)."""

HOWITZER_TOKENS = 5
"""CB-6.18: Mini Howitzer comes with five tokens, one spent per shot."""
ABLATIVE_COAT_POINTS = 3
"""CB-6.23: the coat absorbs three damage points, then is discarded."""


def _no_change(r: Robot) -> None:
    return None


def _nothing_returned(engine: Engine, r: Robot) -> None:
    return None


@dataclass(frozen=True)
class OptionHooks:
    """What one option card does at each hook point (None: nothing there)."""

    gained: Callable[[Robot], None] = _no_change
    """The robot has just received the card (drawn, or given by a scenario or set-up)."""
    lost: Callable[[Engine, Robot], None] = _nothing_returned
    """The card has just left the robot: whatever it held goes back."""
    announce: Callable[[Engine, Robot, int], None] | None = None
    """Step a of register `i`: the player's announcement (CB-5.7)."""
    prevent: Callable[[Engine, Robot, int], bool] | None = None
    """May the card stop this damage point coming from absolute side `side` (-1: from no
    side)? True when it did (CB-5.10)."""
    card_move: Callable[[Engine, Robot, str, int], int] | None = None
    """The squares a move card of type `ctype` moves, from the distance so far."""


# -- gained and lost ----------------------------------------------------------------------------


def _load_howitzer(r: Robot) -> None:
    r.howitzer = HOWITZER_TOKENS


def _unload_howitzer(engine: Engine, r: Robot) -> None:
    r.howitzer = 0


def _fresh_coat(r: Robot) -> None:
    r.coat = 0


def _coat_gone(engine: Engine, r: Robot) -> None:
    r.coat = 0


def _flywheel_card_back(engine: Engine, r: Robot) -> None:
    if r.flywheel:
        engine.discard.append(r.flywheel)
        r.flywheel = 0


def _reserve_card_back(engine: Engine, r: Robot) -> None:
    if r.reserve:
        engine.discard.append(r.reserve)
        r.reserve = 0


# -- step a: announcements (CB-5.7) --------------------------------------------------------------


def _announce_shield(engine: Engine, r: Robot, i: int) -> None:
    if not r.powered_down:
        side = engine.ask(r.rid, "shield", SIDES + ("none",), "none")
        r.shield = SIDES.index(side) if side in SIDES else -1


def _announce_turret(engine: Engine, r: Robot, i: int) -> None:
    if not r.powered_down:
        r.turret = {"front": 0, "right": 1, "back": 2, "left": 3}[
            engine.ask(r.rid, "turret", ("front", "left", "right", "back"), "front")]


def _announce_gyro(engine: Engine, r: Robot, i: int) -> None:
    r.gyro = engine.ask(r.rid, "gyro", ("on", "off"), "on") == "on"


def _announce_reserve(engine: Engine, r: Robot, i: int) -> None:
    """CB-6.3: the card set aside replaces the one in this register."""
    if r.powered_down or not r.reserve or r.reserve_used or r.locks[i - 1] \
            or not r.registers[i - 1]:
        return
    value = engine.ask(r.rid, "reserve", (str(i), "no"), "no")
    if value != "no":
        old = r.registers[i - 1]
        r.registers[i - 1], r.reserve = r.reserve, 0
        engine.discard.append(old)
        r.reserve_used = True
        engine._e(ev.OptionUsed(r.rid, r.name, "conditional_program", f"register {i}",
                                engine.phase))


def _announce_abort(engine: Engine, r: Robot, i: int) -> None:
    """CB-6.5: from this register on, the unlocked registers' cards are replaced (the
    replacing itself is the engine's, while `abort_on` holds)."""
    if r.powered_down or r.abort_on or not any(
            not r.locks[k] and r.registers[k] for k in range(i - 1, REGISTERS)):
        return
    if engine.ask(r.rid, "abort", ("no", "yes"), "no") == "yes":
        r.abort_on = True
        engine._e(ev.OptionUsed(r.rid, r.name, "abort_switch", f"register {i}", engine.phase))


# -- damage prevention (CB-5.10) ---------------------------------------------------------------


def _breaker_holds(engine: Engine, r: Robot, side: int) -> bool:
    """CB-6.26: a powered-down robot with Circuit Breaker takes no damage."""
    return r.powered_down


def _shield_holds(engine: Engine, r: Robot, side: int) -> bool:
    """CB-6.6: the first point from the announced side each register."""
    if side < 0 or r.shield != (side - r.facing) % 4 or r.shield_used:
        return False
    r.shield_used = True
    return True


def _power_down_shield_holds(engine: Engine, r: Robot, side: int) -> bool:
    """CB-6.24: while powered down, the first point from each side each register."""
    if side < 0 or not r.powered_down:
        return False
    bit = 1 << ((side - r.facing) % 4)
    if r.pd_used & bit:
        return False
    r.pd_used |= bit
    return True


def _coat_absorbs(engine: Engine, r: Robot, side: int) -> bool:
    r.coat += 1
    if r.coat >= ABLATIVE_COAT_POINTS:
        engine.drop_option(r, "ablative_coat", "used_up")
    return True


# -- move cards (CB-6.8 to CB-6.10) ------------------------------------------------------------


def _reverse_gears(engine: Engine, r: Robot, ctype: str, dist: int) -> int:
    if ctype != "back":
        return dist
    return int(engine.ask(r.rid, "reverse_gears", ("1", "2"), "1"))


def _brakes(engine: Engine, r: Robot, ctype: str, dist: int) -> int:
    if ctype == "back" or dist != 1:
        return dist
    return 0 if engine.ask(r.rid, "brakes", ("move", "stay"), "move") == "stay" else dist


def _fourth_gear(engine: Engine, r: Robot, ctype: str, dist: int) -> int:
    if ctype == "back" or dist != 3:
        return dist
    return int(engine.ask(r.rid, "fourth_gear", ("3", "4"), "3"))


# -- the registry -------------------------------------------------------------------------------

OPTIONS: dict[str, OptionHooks] = {option: OptionHooks() for option in OPTION_IDS} | {
    "conditional_program": OptionHooks(lost=_reserve_card_back, announce=_announce_reserve),
    "flywheel": OptionHooks(lost=_flywheel_card_back),
    "abort_switch": OptionHooks(announce=_announce_abort),
    "shield": OptionHooks(announce=_announce_shield, prevent=_shield_holds),
    "turret": OptionHooks(announce=_announce_turret),
    "brakes": OptionHooks(card_move=_brakes),
    "fourth_gear": OptionHooks(card_move=_fourth_gear),
    "reverse_gears": OptionHooks(card_move=_reverse_gears),
    "gyroscopic_stabilizer": OptionHooks(announce=_announce_gyro),
    "mini_howitzer": OptionHooks(gained=_load_howitzer, lost=_unload_howitzer),
    "ablative_coat": OptionHooks(gained=_fresh_coat, lost=_coat_gone, prevent=_coat_absorbs),
    "power_down_shield": OptionHooks(prevent=_power_down_shield_holds),
    "circuit_breaker": OptionHooks(prevent=_breaker_holds),
}
"""Every option card by file id, in CB-6 order (the options with no hooks here act where the
module docstring says)."""

def _hooks(order: tuple[str, ...], point: str) -> tuple[tuple[str, Any], ...]:
    return tuple((option, getattr(OPTIONS[option], point)) for option in order)


ANNOUNCEMENTS = ("shield", "turret", "gyroscopic_stabilizer", "conditional_program",
                 "abort_switch")
"""CB-5.7: the order in which a robot's announcements are asked in step a."""

PREVENTION = ("circuit_breaker", "shield", "power_down_shield", "ablative_coat")
"""CB-5.10: the order in which options may stop a damage point before the owner is asked to
discard one."""

CARD_MOVES = ("reverse_gears", "brakes", "fourth_gear")
"""CB-6.8 to CB-6.10: the options that change a move card's distance, in the order asked."""


ANNOUNCEMENT_HOOKS: tuple[tuple[str, Callable[[Engine, Robot, int], None]], ...] = _hooks(
    ANNOUNCEMENTS, "announce")
PREVENTION_HOOKS: tuple[tuple[str, Callable[[Engine, Robot, int], bool]], ...] = _hooks(
    PREVENTION, "prevent")
CARD_MOVE_HOOKS: tuple[tuple[str, Callable[[Engine, Robot, str, int], int]], ...] = _hooks(
    CARD_MOVES, "card_move")


def gain_option(r: Robot, option: str) -> None:
    """Put `option` in front of robot `r` with what comes with it (the caller takes it from
    the deck)."""
    r.options.append(option)
    OPTIONS[option].gained(r)
