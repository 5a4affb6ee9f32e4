"""The option-card registry: each option card of `boards/roborally/options.yaml`, keyed by its
id, with the hooks through which it changes the rules (RULES.md CB-5, CB-6).

A hook point is a moment of the rules where several options may act; where their order
matters it is written down once (`ANNOUNCEMENTS`, `PREVENTION`, `CARD_MOVES`). The engine
asks the registry at those moments instead of naming options:

* `gained` / `lost`: the card's own tokens and cards come and go with it (CB-6.4, CB-6.5,
  CB-6.18, CB-6.23);
* `announce`: step a of a register phase (CB-5.7);
* `prevent`: a damage point about to be placed (CB-5.10);
* `card_move`: the distance of a move card (CB-6.8 to CB-6.10);
* `weapon`: a weapon module fired instead of the main laser (CB-5.6);
* `reach`: step g, a checkpoint the robot does not stand on (CB-6.11);
* `spare`: a hand card kept on the option at lock-in, and where it goes at the deal and the
  clean-up (CB-6.3, CB-6.4).

What a card remembers between hook calls (tokens, a card set aside, an announced side) is its
`OptionState`, declared next to its hooks and kept per robot by option id
(`Robot.state_of`, `Robot.set_state`).

Options that act elsewhere (the main laser's options in weapons.py, Gyroscopic Stabilizer on
belts and gears, Superior Archive at re-entry, Extra Memory and Recompile in state.py) still
test `id in robot.options` there. Pure: no pygame, no I/O, no random."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Callable

from game.roborally import events as ev
from game.roborally.layout import DIR_NAMES
from game.roborally.model import OPTION_IDS, REGISTERS, WEAPON_MODULES
from game.roborally.robot import FOR_A_REGISTER, FOR_A_TURN, OptionState, Robot

if TYPE_CHECKING:  # the engine imports this registry; the type is for the annotations only
    from game.roborally.engine import Engine

SIDES = ("front", "right", "back", "left")
"""Robot-relative sides, clockwise from the front (CB-6.6)."""

HOWITZER_TOKENS = 5
"""CB-6.18: Mini Howitzer comes with five tokens, one spent per shot."""
ABLATIVE_COAT_POINTS = 3
"""CB-6.23: the coat absorbs three damage points, then is discarded."""


# -- what the cards remember ---------------------------------------------------------------


@dataclass(frozen=True)
class AblativeCoatState(OptionState):
    option = "ablative_coat"
    absorbed: int = 0
    """Damage points the coat has taken (CB-6.23)."""


@dataclass(frozen=True)
class MiniHowitzerState(OptionState):
    option = "mini_howitzer"
    tokens: int = 0
    """Tokens left, one spent per shot (CB-6.18)."""


@dataclass(frozen=True)
class FlywheelState(OptionState):
    option = "flywheel"
    card_fields = ("card",)
    card: int = 0
    """The program card kept for the next hand (CB-6.4), 0: none."""


@dataclass(frozen=True)
class ConditionalProgramState(OptionState):
    option = "conditional_program"
    lasts = FOR_A_TURN
    card_fields = ("card",)
    card: int = 0
    """The card set aside at lock-in (CB-6.3), 0: none."""
    used: bool = False
    """It has replaced a register's card this turn."""


@dataclass(frozen=True)
class AbortSwitchState(OptionState):
    option = "abort_switch"
    lasts = FOR_A_TURN
    on: bool = False
    """Switched on this turn: the engine replaces the unlocked registers' cards (CB-6.5)."""


@dataclass(frozen=True)
class RecompileState(OptionState):
    option = "recompile"
    lasts = FOR_A_TURN
    used: bool = False
    """The hand was recompiled this turn (CB-6.2: once a turn)."""


@dataclass(frozen=True)
class RadioControlState(OptionState):
    """Both sides of Radio Control (CB-6.20): the shooter's use, and on the robot it reached,
    whose registers it runs this turn."""

    option = "radio_control"
    lasts = FOR_A_TURN
    used: bool = False
    """This robot has fired its Radio Control this turn."""
    controlled_by: int = -1
    """The robot id whose registers this robot executes for the rest of the turn, -1: its
    own."""


@dataclass(frozen=True)
class ShieldState(OptionState):
    option = "shield"
    lasts = FOR_A_REGISTER
    side: int = -1
    """The announced robot-relative side (an index of `SIDES`), -1: none (CB-6.6)."""
    used: bool = False
    """It has stopped its one damage point of this register."""


@dataclass(frozen=True)
class PowerDownShieldState(OptionState):
    option = "power_down_shield"
    lasts = FOR_A_REGISTER
    sides_used: int = 0
    """Bit k: robot-relative side k has had its damage point stopped this register
    (CB-6.24)."""


@dataclass(frozen=True)
class TurretState(OptionState):
    option = "turret"
    side: int = 0
    """The robot-relative side the main laser points to, announced each register (CB-6.7)."""


@dataclass(frozen=True)
class GyroscopicStabilizerState(OptionState):
    option = "gyroscopic_stabilizer"
    on: bool = True
    """Announced each register: belts and gears do not turn the robot while it is on
    (CB-6.13)."""


@dataclass(frozen=True)
class SuperiorArchiveState(OptionState):
    option = "superior_archive"
    pending: bool = False
    """The card was lost when the robot was destroyed: its re-entry still takes no damage
    (CB-6.25 ruling)."""


def _no_change(r: Robot) -> None:
    return None


def _nothing_returned(engine: Engine, r: Robot) -> None:
    return None


Hit = tuple[Robot, int, int, "Robot | None", bool, str]
"""(target, damage, absolute side it comes from, attacker, main laser?, cause)."""


@dataclass
class Volley:
    """What step e collects from one snapshot before anything lands (RR-8.1, CB-5.6)."""

    hits: list[Hit] = field(default_factory=list)
    displacements: list[tuple[int, int, Robot, Robot, int, str]] = field(default_factory=list)
    """(-priority, shooter id, shooter, target, direction, "push" or "tractor")."""
    effects: list[tuple[Robot, str, Robot]] = field(default_factory=list)
    """(shooter, weapon id, target): what lands after the damage (`WeaponModule.land`)."""


@dataclass(frozen=True)
class Aim:
    """A robot's shot in step e: where its main laser would go (CB-6.13 to CB-6.22)."""

    shooter: Robot
    register: int
    direction: int
    path: list[int]
    """The squares the plain main laser crosses."""
    target: Robot | None
    """The robot it would hit first."""
    priority: int
    """The shooter's card priority: displacements resolve in that order (CB-5.6)."""


@dataclass(frozen=True)
class WeaponModule:
    """A weapon fired instead of the main laser (CB-5.6: one of them per register)."""

    usable: Callable[[Engine, Aim], bool]
    fire: Callable[[Engine, Aim, Volley], None]
    """After OptionUsed: the beam's event and what it adds to the volley."""
    land: Callable[[Engine, Robot, Robot, int], None] | None = None
    """Its effect on the target after all damage of the step (shooter, target, register)."""


@dataclass(frozen=True)
class SpareCard:
    """An option card that takes one hand card at lock-in (CB-6.3, CB-6.4)."""

    field: str
    """The `LockIn` field that names the card (part of the save format)."""
    refused: str
    """Why a lock-in naming a card it cannot take is refused."""
    free: Callable[[Robot], bool]
    """May it take a card at this lock-in?"""
    keep: Callable[[Robot, int], None]
    """Lock-in: the card, already out of the hand, goes onto the option."""
    dealt: Callable[[Robot], None]
    """The deal, for a robot that programs: what the option gives back to the hand."""
    released: Callable[[Engine, Robot, bool], None]
    """Clean-up (RR-10.4): what goes to the discard pile (`everything`: the whole program
    goes, RR-8.4)."""


@dataclass(frozen=True)
class OptionHooks:
    """What one option card does at each hook point (None: nothing there)."""

    state: type[OptionState] | None = None
    """What the card remembers on a robot, with its defaults (None: nothing)."""
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
    weapon: WeaponModule | None = None
    """A weapon module (CB-5.6), offered in WEAPON_MODULES order."""
    reach: Callable[[Engine, Robot, int], bool] | None = None
    """Step g: may the robot reach its next checkpoint, on square `flag`, from where it
    stands? True when it did (RR-9)."""
    spare: SpareCard | None = None
    """A hand card kept on the option at lock-in."""


# -- gained and lost ----------------------------------------------------------------------------


def _load_howitzer(r: Robot) -> None:
    r.set_state(MiniHowitzerState(HOWITZER_TOKENS))


def _unload_howitzer(engine: Engine, r: Robot) -> None:
    r.set_state(MiniHowitzerState())


def _fresh_coat(r: Robot) -> None:
    r.set_state(AblativeCoatState())


def _coat_gone(engine: Engine, r: Robot) -> None:
    r.set_state(AblativeCoatState())


def _flywheel_card_back(engine: Engine, r: Robot) -> None:
    card = r.state_of(FlywheelState).card
    if card:
        engine.discard.append(card)
        r.set_state(FlywheelState())


def _reserve_card_back(engine: Engine, r: Robot) -> None:
    reserve = r.state_of(ConditionalProgramState)
    if reserve.card:
        engine.discard.append(reserve.card)
        r.set_state(replace(reserve, card=0))


# -- spare cards at lock-in (CB-6.3, CB-6.4) -----------------------------------------------------


def _always(r: Robot) -> bool:
    return True


def _flywheel_empty(r: Robot) -> bool:
    return not r.state_of(FlywheelState).card


def _set_reserve(r: Robot, card: int) -> None:
    r.set_state(replace(r.state_of(ConditionalProgramState), card=card))


def _set_flywheel(r: Robot, card: int) -> None:
    r.set_state(FlywheelState(card))


def _nothing_dealt(r: Robot) -> None:
    pass


def _flywheel_to_hand(r: Robot) -> None:
    """CB-6.4: the kept card joins the next hand (it stays while the robot is powered down:
    only robots that program are dealt)."""
    kept = r.state_of(FlywheelState).card
    if kept:
        r.hand.append(kept)
        r.set_state(FlywheelState())


def _reserve_released(engine: Engine, r: Robot, everything: bool) -> None:
    """CB-6.3: the card set aside is for this turn only."""
    _reserve_card_back(engine, r)


def _flywheel_released(engine: Engine, r: Robot, everything: bool) -> None:
    """CB-6.4: the card stays on the Flywheel unless the robot leaves the game."""
    if everything and r.eliminated:
        _flywheel_card_back(engine, r)


# -- step a: announcements (CB-5.7) --------------------------------------------------------------


def _announce_shield(engine: Engine, r: Robot, i: int) -> None:
    if not r.powered_down:
        side = engine.ask(r.rid, "shield", SIDES + ("none",), "none")
        r.set_state(replace(r.state_of(ShieldState),
                            side=SIDES.index(side) if side in SIDES else -1))


def _announce_turret(engine: Engine, r: Robot, i: int) -> None:
    if not r.powered_down:
        side = engine.ask(r.rid, "turret", ("front", "left", "right", "back"), "front")
        r.set_state(TurretState(SIDES.index(side)))


def stabilized(r: Robot) -> bool:
    """CB-6.13: belts and gears do not turn the robot now."""
    return "gyroscopic_stabilizer" in r.options and r.state_of(GyroscopicStabilizerState).on


def _announce_gyro(engine: Engine, r: Robot, i: int) -> None:
    r.set_state(GyroscopicStabilizerState(
        engine.ask(r.rid, "gyro", ("on", "off"), "on") == "on"))


def _announce_reserve(engine: Engine, r: Robot, i: int) -> None:
    """CB-6.3: the card set aside replaces the one in this register."""
    reserve = r.state_of(ConditionalProgramState)
    if r.powered_down or not reserve.card or reserve.used or r.locks[i - 1] \
            or not r.registers[i - 1]:
        return
    value = engine.ask(r.rid, "reserve", (str(i), "no"), "no")
    if value != "no":
        engine.discard.append(r.registers[i - 1])
        r.registers[i - 1] = reserve.card
        r.set_state(ConditionalProgramState(card=0, used=True))
        engine.record(ev.OptionUsed(r.rid, r.name, "conditional_program", f"register {i}",
                                engine.phase))


def _announce_abort(engine: Engine, r: Robot, i: int) -> None:
    """CB-6.5: from this register on, the unlocked registers' cards are replaced (the
    replacing itself is the engine's, while `abort_on` holds)."""
    if r.powered_down or r.state_of(AbortSwitchState).on or not any(
            not r.locks[k] and r.registers[k] for k in range(i - 1, REGISTERS)):
        return
    if engine.ask(r.rid, "abort", ("no", "yes"), "no") == "yes":
        r.set_state(AbortSwitchState(on=True))
        engine.record(ev.OptionUsed(r.rid, r.name, "abort_switch", f"register {i}", engine.phase))


# -- damage prevention (CB-5.10) ---------------------------------------------------------------


def _breaker_holds(engine: Engine, r: Robot, side: int) -> bool:
    """CB-6.26: a powered-down robot with Circuit Breaker takes no damage."""
    return r.powered_down


def _shield_holds(engine: Engine, r: Robot, side: int) -> bool:
    """CB-6.6: the first point from the announced side each register."""
    shield = r.state_of(ShieldState)
    if side < 0 or shield.side != (side - r.facing) % 4 or shield.used:
        return False
    r.set_state(replace(shield, used=True))
    return True


def _power_down_shield_holds(engine: Engine, r: Robot, side: int) -> bool:
    """CB-6.24: while powered down, the first point from each side each register."""
    if side < 0 or not r.powered_down:
        return False
    bit = 1 << ((side - r.facing) % 4)
    used = r.state_of(PowerDownShieldState).sides_used
    if used & bit:
        return False
    r.set_state(PowerDownShieldState(used | bit))
    return True


def _coat_absorbs(engine: Engine, r: Robot, side: int) -> bool:
    absorbed = r.state_of(AblativeCoatState).absorbed + 1
    r.set_state(AblativeCoatState(absorbed))
    if absorbed >= ABLATIVE_COAT_POINTS:
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


# -- weapon modules (CB-5.6, CB-6.18 to CB-6.22) -------------------------------------------------


def _has_target(engine: Engine, aim: Aim) -> bool:
    return aim.target is not None


def _beyond_contact(engine: Engine, aim: Aim) -> bool:
    """CB-6.22: a tractor beam cannot pull a robot that is already adjacent."""
    return aim.target is not None and not (aim.path and aim.path[0] == aim.target.sq)


def _a_register_follows(engine: Engine, aim: Aim) -> bool:
    """CB-6.21: the scrambler replaces the next register's card: there must be one."""
    return aim.target is not None and aim.register < REGISTERS


def _radio_reaches(engine: Engine, aim: Aim) -> bool:
    """CB-6.20: once a turn, a robot within six squares ahead."""
    return not aim.shooter.state_of(RadioControlState).used and bool(
        engine.radio_targets(aim.shooter, aim.direction))


def _plain_beam(engine: Engine, aim: Aim, weapon: str) -> Robot:
    """The weapon's beam along the main laser's path to its first robot."""
    r, L = aim.shooter, engine.layout
    assert aim.target is not None
    engine.record(ev.LaserFired(r.name, L.pos[r.sq], DIR_NAMES[aim.direction],
                            tuple(L.pos[s] for s in aim.path), (aim.target.name,), weapon,
                            engine.phase))
    return aim.target


def _fire_howitzer(engine: Engine, aim: Aim, volley: Volley) -> None:
    r, d = aim.shooter, aim.direction
    target = _plain_beam(engine, aim, "mini_howitzer")
    tokens = r.state_of(MiniHowitzerState).tokens - 1  # CB-6.18: a use spends a token
    r.set_state(MiniHowitzerState(tokens))
    volley.hits.append((target, 1, (d + 2) % 4, r, False, "howitzer"))
    volley.displacements.append((-aim.priority, r.rid, r, target, d, "push"))
    if tokens <= 0:
        engine.drop_option(r, "mini_howitzer", "used_up")


def _fire_pressor(engine: Engine, aim: Aim, volley: Volley) -> None:
    target = _plain_beam(engine, aim, "pressor_beam")
    volley.displacements.append((-aim.priority, aim.shooter.rid, aim.shooter, target,
                                 aim.direction, "push"))


def _fire_tractor(engine: Engine, aim: Aim, volley: Volley) -> None:
    target = _plain_beam(engine, aim, "tractor_beam")
    volley.displacements.append((-aim.priority, aim.shooter.rid, aim.shooter, target,
                                 aim.direction, "tractor"))


def _fire_scrambler(engine: Engine, aim: Aim, volley: Volley) -> None:
    volley.effects.append((aim.shooter, "scrambler", _plain_beam(engine, aim, "scrambler")))


def _fire_radio(engine: Engine, aim: Aim, volley: Volley) -> None:
    r, L = aim.shooter, engine.layout
    radio = engine.radio_targets(r, aim.direction)
    names = tuple(t.name for t in radio)
    chosen = engine.ask(r.rid, "target", names, names[0])
    target = radio[names.index(chosen)]
    r.set_state(replace(r.state_of(RadioControlState), used=True))
    volley.effects.append((r, "radio_control", target))
    engine.record(ev.LaserFired(r.name, L.pos[r.sq], DIR_NAMES[aim.direction],
                            (L.pos[target.sq],), (target.name,), "radio_control",
                            engine.phase))


def _radio_takes_over(engine: Engine, shooter: Robot, target: Robot, i: int) -> None:
    target.set_state(replace(target.state_of(RadioControlState), controlled_by=shooter.rid))
    engine.record(ev.RobotControlled(target.rid, target.name, shooter.rid, shooter.name,
                                     engine.phase))


def _scramble(engine: Engine, shooter: Robot, target: Robot, i: int) -> None:
    if i < REGISTERS and not target.locks[i]:
        card = engine.draw_card()
        if card:
            if target.registers[i]:
                engine.discard.append(target.registers[i])
            target.registers[i] = card
            engine.record(ev.CardScrambled(target.rid, target.name, i + 1, engine.phase))


# -- step g: reaching a checkpoint (RR-9, CB-6.11) ---------------------------------------------


def _arm_reaches(engine: Engine, r: Robot, flag: int) -> bool:
    """CB-6.11: a checkpoint on an orthogonally adjacent square, no wall between, counts
    (the archive marker stays where the robot is)."""
    L = engine.layout
    walls = engine.walls()
    for d in range(4):
        if L.nbr[r.sq * 4 + d] == flag and not walls[r.sq] & (1 << d):
            engine.record(ev.OptionUsed(r.rid, r.name, "mechanical_arm", f"flag {r.next_flag}",
                                    engine.phase))
            engine.reach_flag(r, move_archive=False)
            # RR-9.2: the arm's reach can leave it standing on its next one
            flags = L.flags
            if r.next_flag <= len(flags) and flags[r.next_flag - 1] == r.sq:
                engine.reach_flag(r, move_archive=True)
            return True
    return False


# -- the registry -------------------------------------------------------------------------------

OPTIONS: dict[str, OptionHooks] = {option: OptionHooks() for option in OPTION_IDS} | {
    "recompile": OptionHooks(state=RecompileState),
    "conditional_program": OptionHooks(
        state=ConditionalProgramState, lost=_reserve_card_back, announce=_announce_reserve,
        spare=SpareCard("reserve", "no such reserve card", _always, _set_reserve,
                        _nothing_dealt, _reserve_released)),
    "flywheel": OptionHooks(
        state=FlywheelState, lost=_flywheel_card_back,
        spare=SpareCard("flywheel", "no such Flywheel card", _flywheel_empty, _set_flywheel,
                        _flywheel_to_hand, _flywheel_released)),
    "abort_switch": OptionHooks(state=AbortSwitchState, announce=_announce_abort),
    "shield": OptionHooks(state=ShieldState, announce=_announce_shield, prevent=_shield_holds),
    "turret": OptionHooks(state=TurretState, announce=_announce_turret),
    "brakes": OptionHooks(card_move=_brakes),
    "fourth_gear": OptionHooks(card_move=_fourth_gear),
    "reverse_gears": OptionHooks(card_move=_reverse_gears),
    "mechanical_arm": OptionHooks(reach=_arm_reaches),
    "gyroscopic_stabilizer": OptionHooks(state=GyroscopicStabilizerState,
                                         announce=_announce_gyro),
    "mini_howitzer": OptionHooks(state=MiniHowitzerState, gained=_load_howitzer,
                                 lost=_unload_howitzer,
                                 weapon=WeaponModule(_has_target, _fire_howitzer)),
    "pressor_beam": OptionHooks(weapon=WeaponModule(_has_target, _fire_pressor)),
    "radio_control": OptionHooks(state=RadioControlState,
                                 weapon=WeaponModule(_radio_reaches, _fire_radio,
                                                     _radio_takes_over)),
    "scrambler": OptionHooks(weapon=WeaponModule(_a_register_follows, _fire_scrambler,
                                                 _scramble)),
    "tractor_beam": OptionHooks(weapon=WeaponModule(_beyond_contact, _fire_tractor)),
    "ablative_coat": OptionHooks(state=AblativeCoatState, gained=_fresh_coat, lost=_coat_gone,
                                 prevent=_coat_absorbs),
    "power_down_shield": OptionHooks(state=PowerDownShieldState,
                                     prevent=_power_down_shield_holds),
    "circuit_breaker": OptionHooks(prevent=_breaker_holds),
    "superior_archive": OptionHooks(state=SuperiorArchiveState),
}
"""Every option card by file id, in CB-6 order (the options with no hooks here act where the
module docstring says)."""

OPTION_STATES: dict[str, type[OptionState]] = {
    option: hooks.state for option, hooks in OPTIONS.items() if hooks.state is not None}
"""What each option card remembers, by option id (`Robot.option_state`'s keys)."""

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


REACHES = ("mechanical_arm",)
"""RR-9, CB-6.11: the options that may reach a checkpoint from another square, in the order
tried (the first that reaches it ends the search)."""
REACH_HOOKS: tuple[tuple[str, Callable[[Engine, Robot, int], bool]], ...] = _hooks(
    REACHES, "reach")
WEAPON_HOOKS: tuple[tuple[str, WeaponModule], ...] = _hooks(WEAPON_MODULES, "weapon")
"""The weapon modules in the order a player is offered them."""
WEAPONS: dict[str, WeaponModule] = dict(WEAPON_HOOKS)
SPARE_HOOKS: tuple[tuple[str, SpareCard], ...] = tuple(
    (option, hooks.spare) for option, hooks in OPTIONS.items() if hooks.spare is not None)
"""The options that keep a hand card at lock-in, in registry order (the order their cards
are taken and released)."""
SPARE_FIELDS: tuple[str, ...] = tuple(spare.field for _option, spare in SPARE_HOOKS)
"""The `LockIn` fields that name those cards."""


def spare_option_free(r: Robot, which: str) -> bool:
    """Does robot `r` hold an option that may take a hand card named by `LockIn` field
    `which` at this lock-in?"""
    return any(spare.field == which and option in r.options and spare.free(r)
               for option, spare in SPARE_HOOKS)


def gain_option(r: Robot, option: str) -> None:
    """Put `option` in front of robot `r` with what comes with it (the caller takes it from
    the deck)."""
    r.options.append(option)
    OPTIONS[option].gained(r)
