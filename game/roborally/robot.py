"""The changing state of one robot (mutable, copied by `clone()`), and damage tokens.

Damage follows the token model of RR-5.3.1: up to 4 tokens in the free area, the rest on
registers from register 5 downwards; a register with a token is locked.

What an option card remembers (Mini Howitzer's tokens, the side a Shield guards, ...) is not a
field of `Robot`: each card declares an `OptionState` in its registry entry
(game/roborally/options.py), and a robot keeps them in `option_state`, keyed by option id."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar, Mapping, TypeVar

from game.roborally.model import REGISTERS

FREE_AREA = 4
DESTROYING_DAMAGE = 10

FOR_A_REGISTER = "register"
"""`OptionState.lasts`: forgotten at step a of every register (CB-5.7)."""
FOR_A_TURN = "turn"
"""`OptionState.lasts`: forgotten at the clean-up of every turn (RR-10.4)."""
UNTIL_CHANGED = "until changed"
"""`OptionState.lasts`: kept until an option's hook changes it."""


@dataclass(frozen=True)
class OptionState:
    """What one option card remembers on one robot. Each card's subclass names its option id
    and gives every field a default; a robot holds a state only while it differs from the
    defaults. Frozen, so that copying a robot copies the store and not each state."""

    option: ClassVar[str]
    """The option id (FORMATS.md) the state belongs to, and its key in `option_state`."""
    lasts: ClassVar[str] = UNTIL_CHANGED
    """How long the state lasts before the defaults are back: `FOR_A_REGISTER`,
    `FOR_A_TURN` or `UNTIL_CHANGED`."""
    card_fields: ClassVar[tuple[str, ...]] = ()
    """Fields holding a program card (0: none): hidden from the other players (GEN-4)."""

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


State = TypeVar("State", bound=OptionState)


class Robot:
    __slots__ = (
        "rid", "name", "sq", "facing", "free", "locks", "lives", "next_flag", "archive",
        "destroyed", "eliminated", "finished", "powered_down", "announce", "virtual",
        "options", "option_state", "registers", "hand", "locked_in", "moves",
        "destroyed_seq", "start_facing", "fresh_locks",
    )

    def __init__(self, rid: int, name: str) -> None:
        self.rid = rid
        self.name = name
        self.sq = -1
        self.facing = 0
        self.free = 0
        self.locks = [False] * REGISTERS
        self.lives = 3
        self.next_flag = 1
        self.archive = -1
        self.destroyed = False
        self.eliminated = False
        self.finished = 0
        self.powered_down = False
        self.announce = False
        self.virtual = False
        self.options: list[str] = []
        self.option_state: dict[str, OptionState] = {}
        self.registers: list[int] = [0] * REGISTERS   # card ids, 0 = empty
        self.hand: list[int] = []
        self.locked_in = False
        self.moves = 0
        self.destroyed_seq = 0
        self.start_facing = 0
        self.fresh_locks = 0      # registers locked while programming (Recompile, CB-6.2)

    @property
    def damage(self) -> int:
        return self.free + sum(self.locks)

    def open_register(self, k: int) -> bool:
        """Register k (0-based) may be programmed now: unlocked, or locked by damage taken
        while programming this turn (CB-6.2 ruling: it is still programmed)."""
        return not self.locks[k] or bool(self.fresh_locks & (1 << k))

    @property
    def on_course(self) -> bool:
        return self.sq >= 0

    @property
    def in_game(self) -> bool:
        return not self.eliminated and not self.finished

    def copy(self) -> Robot:
        c = Robot.__new__(Robot)
        c.rid = self.rid
        c.name = self.name
        c.sq = self.sq
        c.facing = self.facing
        c.free = self.free
        c.locks = list(self.locks)
        c.lives = self.lives
        c.next_flag = self.next_flag
        c.archive = self.archive
        c.destroyed = self.destroyed
        c.eliminated = self.eliminated
        c.finished = self.finished
        c.powered_down = self.powered_down
        c.announce = self.announce
        c.virtual = self.virtual
        c.options = list(self.options)
        c.option_state = dict(self.option_state)
        c.registers = list(self.registers)
        c.hand = list(self.hand)
        c.locked_in = self.locked_in
        c.moves = self.moves
        c.destroyed_seq = self.destroyed_seq
        c.start_facing = self.start_facing
        c.fresh_locks = self.fresh_locks
        return c

    # -- what option cards remember -----------------------------------------------------
    def state_of(self, kind: type[State]) -> State:
        """The robot's state of option `kind.option` (the defaults when it holds none)."""
        found = self.option_state.get(kind.option)
        return found if isinstance(found, kind) else kind()

    def set_state(self, state: OptionState) -> None:
        """Remember `state` for its option; a state back at its defaults is dropped, so that
        two robots alike in play are alike in `to_dict()` too."""
        if state == type(state)():
            self.option_state.pop(state.option, None)
        else:
            self.option_state[state.option] = state

    def expire_option_states(self, lasts: str) -> None:
        """Back to the defaults for every option state that `lasts` a register or a turn."""
        if any(state.lasts == lasts for state in self.option_state.values()):
            self.option_state = {option: state for option, state in self.option_state.items()
                                 if state.lasts != lasts}

    def option_cards(self) -> list[int]:
        """The program cards held on option cards (Flywheel, Conditional Program)."""
        return [card for state in self.option_state.values() for name in state.card_fields
                if (card := getattr(state, name))]

    def hide_option_cards(self) -> None:
        """Take the program cards off the option cards, as the other players see the robot."""
        for state in list(self.option_state.values()):
            if state.card_fields:
                self.set_state(replace(state, **{name: 0 for name in state.card_fields}))

    # -- plain data ----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in Robot.__slots__:
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, list) else value
        out["option_state"] = {option: state.to_dict()
                               for option, state in self.option_state.items()}
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any], kinds: Mapping[str, type[OptionState]]
                  ) -> Robot:
        """`kinds`: each option's state class by option id (the option registry's)."""
        r = cls.__new__(cls)
        for name in cls.__slots__:
            value = data[name]
            setattr(r, name, list(value) if isinstance(value, list) else value)
        r.option_state = {}
        for option, values in data["option_state"].items():
            r.set_state(kinds[option](**values))
        return r

    # -- damage tokens (RR-5.3.1, RR-5.3.4) ------------------------------------------------
    def add_token(self) -> int:
        """Place one normal damage token; returns the register it locked (1..5) or 0."""
        if self.free < FREE_AREA:
            self.free += 1
            return 0
        for k in range(REGISTERS - 1, -1, -1):
            if not self.locks[k]:
                self.locks[k] = True
                return k + 1
        self.free += 1  # the tenth token: the robot is destroyed
        return 0

    def remove_token(self) -> int:
        """Repair one damage; returns the register it unlocked (1..5) or 0."""
        for k in range(REGISTERS):
            if self.locks[k]:
                self.locks[k] = False
                return k + 1
        if self.free > 0:
            self.free -= 1
        return 0

    def set_damage(self, amount: int) -> None:
        self.free = 0
        self.locks = [False] * REGISTERS
        for _ in range(amount):
            self.add_token()
