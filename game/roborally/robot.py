"""The changing state of one robot (mutable, copied by `clone()`), and damage tokens.

Damage follows the token model of RR-5.3.1: up to 4 tokens in the free area, the rest on
registers from register 5 downwards; a register with a token is locked."""

from __future__ import annotations

from typing import Any

from game.roborally.model import REGISTERS

FREE_AREA = 4
DESTROYING_DAMAGE = 10


class Robot:
    __slots__ = (
        "rid", "name", "sq", "facing", "free", "locks", "lives", "next_flag", "archive",
        "destroyed", "eliminated", "finished", "powered_down", "announce", "virtual",
        "options", "coat", "howitzer", "registers", "hand", "flywheel", "reserve",
        "reserve_used", "abort_on", "recompiled", "radio_by", "radio_used", "shield",
        "shield_used", "pd_used", "turret", "gyro", "superior_pending", "locked_in", "moves",
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
        self.coat = 0
        self.howitzer = 0
        self.registers: list[int] = [0] * REGISTERS   # card ids, 0 = empty
        self.hand: list[int] = []
        self.flywheel = 0
        self.reserve = 0
        self.reserve_used = False
        self.abort_on = False
        self.recompiled = False
        self.radio_by = -1
        self.radio_used = False
        self.shield = -1
        self.shield_used = False
        self.pd_used = 0
        self.turret = 0
        self.gyro = True
        self.superior_pending = False
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
        c.coat = self.coat
        c.howitzer = self.howitzer
        c.registers = list(self.registers)
        c.hand = list(self.hand)
        c.flywheel = self.flywheel
        c.reserve = self.reserve
        c.reserve_used = self.reserve_used
        c.abort_on = self.abort_on
        c.recompiled = self.recompiled
        c.radio_by = self.radio_by
        c.radio_used = self.radio_used
        c.shield = self.shield
        c.shield_used = self.shield_used
        c.pd_used = self.pd_used
        c.turret = self.turret
        c.gyro = self.gyro
        c.superior_pending = self.superior_pending
        c.locked_in = self.locked_in
        c.moves = self.moves
        c.destroyed_seq = self.destroyed_seq
        c.start_facing = self.start_facing
        c.fresh_locks = self.fresh_locks
        return c

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in Robot.__slots__:
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, list) else value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Robot:
        r = cls.__new__(cls)
        for name in cls.__slots__:
            value = data[name]
            setattr(r, name, list(value) if isinstance(value, list) else value)
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
