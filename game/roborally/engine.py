"""The register phase and the end of turn (RULES.md RR-4, RR-6 to RR-12, CB-3 to CB-7).

`Engine` holds the changing state of a game on a compiled `Layout` and resolves one register
phase (`run_register`) or the end of a turn (`run_end_of_turn`) exactly in RULES.md's order.
Every player decision and every random draw inside a register goes through `ask()`:

* a game (`RoboRallyState`) answers from its recorded answers and otherwise stops with
  `NeedDecision`; it then re-runs the unit from its start with one more answer;
* a scenario or the bot fast path installs an `answerer` callback.

Pure: no pygame, no I/O, no random."""

from __future__ import annotations

from typing import Any, Callable

from game.core.types import CHANCE
from game.roborally import events as ev
from game.roborally.factory_phases import FactoryPhases
from game.roborally.elements import BURNER, PIT, PORTAL, REPAIR, VOID
from game.roborally.layout import DIR_NAMES, Layout
from game.roborally.model import MAX_OPTIONS, OPTION_IDS, REGISTERS
from game.roborally.movement import CardMovement
from game.roborally.options import (
    ANNOUNCEMENT_HOOKS, OPTIONS, PREVENTION_HOOKS, SIDES, SPARE_HOOKS, AbortSwitchState,
    RadioControlState, SuperiorArchiveState, gain_option)
from game.roborally.questions import NO_CONTEXT, NeedDecision, Question, QuestionContext
from game.roborally.robot import DESTROYING_DAMAGE, FOR_A_REGISTER, FOR_A_TURN, Robot
from game.roborally.weapons import Weapons

RULE_DEFAULTS: dict[str, bool] = {
    "RR_ROBOT_LASERS": True,
    "RR_CHECKPOINT_REPAIR": True,
    "RR_START_DOCKS": True,
    "RR_TIMER": False,
    "RR_STRICT_CHECKPOINTS": False,
    "RR_REENTRY_2005": False,
    "RR_LIVES_2005": False,
    "RR_REPAIR_2005": False,
    "RR_FULL_RANKING": False,
}
"""RULES.md RR-13 option names and defaults (RR_START_DOCKS really comes from the course)."""

Answerer = Callable[[int, str, tuple[str, ...], str], str]


class GameOver(Exception):
    """The game ended in the middle of a unit (RR-12.1): nothing more is resolved."""


class Engine(CardMovement, FactoryPhases, Weapons):
    """The dynamic state of a game and the rules that change it."""

    def __init__(self, layout: Layout, names: list[str], rules: dict[str, bool],
                 cards: tuple[tuple[str, int], ...]) -> None:
        self.layout = layout
        self.rules = dict(RULE_DEFAULTS, **rules)
        self.cards = cards          # card id -> (type, priority); id 0 is "no card"
        self.robots = [Robot(i, n) for i, n in enumerate(names)]
        self.occ: dict[int, int] = {}
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.option_deck: list[str] = list(OPTION_IDS)
        self.option_discard: list[str] = []
        self.options_in_play = True
        self.turn = 1
        self.register = 0
        self.phase = "cards"
        self.winner = -1
        self.ranking: list[int] = []
        self.over = False
        self.finished_count = 0
        self.destroy_counter = 0
        self.answers: list[tuple[int, str, str]] = []
        # transient, per run
        self.cursor = 0
        self.events: list[Any] = []
        self.answerer: Answerer | None = None
        self.finishers: list[int] = []
        self.defer_destroy = False
        self.eliminated_now = False
        self.emit = True

    # -- copying ---------------------------------------------------------------------------
    def copy_into(self, other: Engine) -> None:
        other.layout = self.layout
        other.rules = self.rules
        other.cards = self.cards
        other.robots = [r.copy() for r in self.robots]
        other.occ = dict(self.occ)
        other.deck = list(self.deck)
        other.discard = list(self.discard)
        other.option_deck = list(self.option_deck)
        other.option_discard = list(self.option_discard)
        other.options_in_play = self.options_in_play
        other.turn = self.turn
        other.register = self.register
        other.phase = self.phase
        other.winner = self.winner
        other.ranking = list(self.ranking)
        other.over = self.over
        other.finished_count = self.finished_count
        other.destroy_counter = self.destroy_counter
        other.answers = list(self.answers)
        other.cursor = 0
        other.events = []
        other.answerer = self.answerer
        other.finishers = []
        other.defer_destroy = False
        other.eliminated_now = False
        other.emit = self.emit

    # -- decisions -------------------------------------------------------------------------
    def ask(self, player: int, kind: str, choices: tuple[str, ...], default: str,
            context: QuestionContext = NO_CONTEXT) -> str:
        """A decision (FORMATS.md answer kinds) or a chance draw (player CHANCE); `context`
        only tells the player what the question is about."""
        if len(choices) == 1:
            return choices[0]
        if self.answerer is not None:
            return self.answerer(player, kind, choices, default)
        if self.cursor < len(self.answers):
            p, k, value = self.answers[self.cursor]
            self.cursor += 1
            if p != player or k != kind or value not in choices:
                raise AssertionError(f"recorded answer {k}={value} for {p} does not fit "
                                     f"{kind} for {player}")
            return value
        raise NeedDecision(Question(player, kind, choices, default, context))

    # -- helpers ---------------------------------------------------------------------------
    def card_of(self, r: Robot, register: int) -> int:
        """The card `r` executes in `register` (Radio Control: the controller's, CB-6.20)."""
        controller = r.state_of(RadioControlState).controlled_by
        if controller >= 0:
            return self.robots[controller].registers[register - 1]
        return r.registers[register - 1]

    def priority(self, r: Robot) -> int:
        card = self.card_of(r, self.register) if 1 <= self.register <= REGISTERS else 0
        if r.destroyed or r.powered_down or not card:
            return 0
        return self.cards[card][1]

    def walls(self) -> list[int]:
        return self.layout.walls[self.register if 1 <= self.register <= REGISTERS else 0]

    def active(self) -> list[Robot]:
        """Robots on the course, in seat order."""
        return [r for r in self.robots if r.sq >= 0]

    def record(self, event: Any) -> None:
        """Keep `event` for the table, unless this engine runs without events (a bot's
        look-ahead)."""
        if self.emit:
            self.events.append(event)

    def pos(self, sq: int) -> Any:
        return self.layout.pos[sq] if sq >= 0 else None

    def has_option(self, r: Robot, option: str) -> bool:
        return option in r.options

    # -- placing, moving, destroying --------------------------------------------------------
    def _leave(self, r: Robot) -> None:
        if r.sq >= 0 and not r.virtual and self.occ.get(r.sq) == r.rid:
            del self.occ[r.sq]

    def _put(self, r: Robot, sq: int) -> None:
        r.sq = sq
        if not r.virtual:
            self.occ[sq] = r.rid

    def portal_active(self, entering: Robot, sq: int) -> bool:
        partner = self.layout.partner[sq]
        if partner < 0:
            return False
        for o in self.robots:
            if o is not entering and o.sq >= 0 and (o.sq == sq or o.sq == partner):
                return False
        return True

    def move_to(self, r: Robot, dst: int, d: int, cause: str, by: str | None = None) -> int:
        """Move `r` one square (direction d) onto `dst` (-1: off the grid).
        Returns 0 on arrival, 1 if destroyed, 2 if teleported (CB-3.2)."""
        L = self.layout
        src = r.sq
        self._leave(r)
        r.moves += 1
        if dst < 0 or L.kind[dst] == VOID:
            r.sq = -1
            self.record(ev.RobotMoved(r.rid, r.name, L.pos[src], L.beyond(src, d), cause,
                                  self.phase, by))
            self.record(ev.RobotFell(r.rid, r.name, L.pos[src], "edge", self.phase))
            self.destroy(r, "edge", at=src)
            return 1
        self._put(r, dst)
        self.record(ev.RobotMoved(r.rid, r.name, L.pos[src], L.pos[dst], cause, self.phase, by))
        return self.arrive(r, dst)

    def arrive(self, r: Robot, dst: int) -> int:
        """Effects of entering `dst`: pit, portal, flamer entry damage, checkpoint."""
        L = self.layout
        k = L.kind[dst]
        if k == PIT:
            self.record(ev.RobotFell(r.rid, r.name, L.pos[dst], "pit", self.phase))
            self.destroy(r, "pit")
            return 1
        if k == PORTAL and self.portal_active(r, dst):
            partner = L.partner[dst]
            self._leave(r)
            self._put(r, partner)
            self.record(ev.RobotTeleported(r.rid, r.name, L.pos[dst], L.pos[partner], self.phase))
            self.touch_flag(r)
            return 2
        if k == BURNER and self.phase == "cards" and self.register in L.active[dst]:
            self.damage(r, 1, "burner")          # CB-3.3.2 entry damage
            if r.sq < 0:
                return 1
        self.touch_flag(r)
        return 0

    def touch_flag(self, r: Robot) -> None:
        """RR-9.2 default: the next checkpoint counts the moment the robot occupies it."""
        if self.rules["RR_STRICT_CHECKPOINTS"] or r.sq < 0:
            return
        flags = self.layout.flags
        if r.next_flag <= len(flags) and flags[r.next_flag - 1] == r.sq:
            self.reach_flag(r, move_archive=True)

    def reach_flag(self, r: Robot, *, move_archive: bool) -> None:
        flags = self.layout.flags
        sq = flags[r.next_flag - 1]
        self.record(ev.FlagTouched(r.rid, r.name, r.next_flag, self.layout.pos[sq], self.phase))
        r.next_flag += 1
        if move_archive and r.archive != sq:
            r.archive = sq
            self.record(ev.ArchiveMoved(r.rid, r.name, self.layout.pos[sq], self.phase))
        if r.next_flag > len(flags):
            self.finishers.append(r.rid)

    def check_end(self) -> None:
        """After each step: a robot on the final checkpoint ends the game (RR-12.1); so does
        the elimination of all but one robot (RR-11.4)."""
        if not self.finishers:
            self.check_survivors()
            return
        done = sorted(set(self.finishers), key=lambda rid: (-self.priority(self.robots[rid]),
                                                            rid))   # RR-12.2
        self.finishers = []
        if self.rules["RR_FULL_RANKING"]:
            for rid in done:
                r = self.robots[rid]
                self.finished_count += 1
                r.finished = self.finished_count
                self.ranking.append(rid)
                self._leave(r)
                r.sq = -1
                self.record(ev.RobotFinished(rid, r.name, r.finished, self.phase))
            left = [r for r in self.robots if r.in_game]
            if len(left) <= 1:
                self.finish(done[0] if self.winner < 0 else self.winner)
            if self.winner < 0:
                self.winner = done[0]
            return
        self.finish(done[0])

    def finish(self, winner: int) -> None:
        """End the game: `winner` (or -1) first, the others ranked (rulings: RoboRally)."""
        self.winner = winner
        self.over = True
        rest = [r for r in self.robots if r.rid not in self.ranking and r.rid != winner]
        order = [winner] if winner >= 0 and winner not in self.ranking else []

        def key(r: Robot) -> tuple[int, int, int, int]:
            flags = self.layout.flags
            dist = 0
            if r.sq >= 0 and r.next_flag <= len(flags):
                a, b = self.layout.pos[r.sq], self.layout.pos[flags[r.next_flag - 1]]
                dist = abs(a.x - b.x) + abs(a.y - b.y)
            elif r.sq < 0:
                dist = 10_000
            return (1 if r.eliminated else 0, -r.next_flag, dist, r.rid)

        living = sorted((r for r in rest if not r.eliminated), key=key)
        gone = sorted((r for r in rest if r.eliminated), key=lambda r: (-r.destroyed_seq,
                                                                        r.rid))
        self.ranking = self.ranking + order + [r.rid for r in living] + [r.rid for r in gone]
        self.record(ev.GameEnded(self.robots[winner].name if winner >= 0 else None,
                             tuple(self.robots[i].name for i in self.ranking), self.phase))
        raise GameOver()

    def destroy(self, r: Robot, cause: str, at: int | None = None) -> None:
        """RR-8.4: off the course at once; CB-5.5 loses one option; RR_LIVES_2005 life."""
        where = r.sq if at is None else at
        self._leave(r)
        r.sq = -1
        r.destroyed = True
        self.destroy_counter += 1
        r.destroyed_seq = self.destroy_counter
        self.record(ev.RobotDestroyed(r.rid, r.name, self.pos(where), cause, self.phase))
        if r.options:
            lost = self.ask(r.rid, "lose_option", tuple(r.options), r.options[0])
            if lost == "superior_archive":
                r.set_state(SuperiorArchiveState(pending=True))   # CB-6.25 ruling
            self.drop_option(r, lost, "destroyed")
        if self.rules["RR_LIVES_2005"]:
            r.lives = max(0, r.lives - 1)
            if r.lives == 0:
                self.eliminate(r)

    def eliminate(self, r: Robot) -> None:
        r.eliminated = True
        r.destroyed = False
        r.sq = -1
        self.record(ev.RobotEliminated(r.rid, r.name, self.phase))
        self._release_cards(r, everything=True)
        for o in list(r.options):
            self.drop_option(r, o, "eliminated")
        self.eliminated_now = True

    def check_survivors(self) -> None:
        """RR-11.4: after a step in which robots were eliminated, the last one left wins at
        once; if the step eliminated everybody who was left, nobody wins."""
        if not self.eliminated_now:
            return
        self.eliminated_now = False
        left = [o for o in self.robots if o.in_game]
        if len(self.robots) > 1 and len(left) <= 1 and not self.rules["RR_FULL_RANKING"]:
            self.finish(left[0].rid if left else -1)
        if self.rules["RR_FULL_RANKING"] and not left:
            self.finish(self.winner)

    def drop_option(self, r: Robot, option: str, reason: str) -> None:
        r.options.remove(option)
        OPTIONS[option].lost(self, r)
        self.option_discard.append(option)
        self.record(ev.OptionDiscarded(r.rid, r.name, option, reason, self.phase))

    def _release_cards(self, r: Robot, *, everything: bool) -> None:
        """Clean-up (RR-10.4): hand and unlocked registers to the discard pile (all of them
        when `everything`, RR-8.4)."""
        for k in range(REGISTERS):
            c = r.registers[k]
            if c and (everything or not r.locks[k]):
                self.discard.append(c)
                r.registers[k] = 0
        self.discard.extend(r.hand)
        r.hand = []
        for _option, spare in SPARE_HOOKS:
            spare.released(self, r, everything)

    # -- damage (RR-8.3, CB-5.10) ----------------------------------------------------------
    def damage(self, r: Robot, amount: int, cause: str, side: int = -1,
               attacker: Robot | None = None, main: bool = False) -> None:
        """Give `amount` damage points one by one through the prevention order of CB-5.10.
        `side`: absolute direction (0..3) the damage comes from, -1 if not directional."""
        taken = 0
        for _ in range(amount):
            if r.sq < 0 or r.damage >= DESTROYING_DAMAGE:
                break
            by = self._prevent(r, side, cause, attacker)
            if by:
                self.record(ev.DamagePrevented(r.rid, r.name, by, self.phase))
                continue
            locked = 0
            if main and attacker is not None and "fire_control" in attacker.options:
                locked = self._fire_control(attacker, r)
            if locked == 0:
                locked = r.add_token()
            if locked:
                self.record(ev.RegisterLocked(r.rid, r.name, locked, self.phase))
            taken += 1
        if taken:
            self.record(ev.RobotDamaged(r.rid, r.name, taken, r.damage, cause, self.phase))
        if r.damage >= DESTROYING_DAMAGE and r.sq >= 0 and not self.defer_destroy:
            self.destroy(r, "damage")

    def _prevent(self, r: Robot, side: int, cause: str, attacker: Robot | None) -> str:
        opts = r.options
        if not opts:
            return ""
        for option, stops in PREVENTION_HOOKS:               # CB-5.10 order
            if option in opts and stops(self, r, side):
                return option
        choice = self.ask(r.rid, "discard", tuple(["none"] + opts), "none", QuestionContext(
            cause, -1 if attacker is None else attacker.rid))
        if choice != "none":
            self.drop_option(r, choice, "prevent_damage")
            return choice
        return ""

    def _fire_control(self, attacker: Robot, target: Robot) -> int:
        """CB-6.15: lock a chosen unlocked register of the target, or destroy one of its
        options (the token is then placed normally). Returns the register locked or 0."""
        regs = [str(k + 1) for k in range(REGISTERS) if not target.locks[k]]
        choices = tuple(regs + list(target.options))
        if not choices:
            return 0
        value = self.ask(attacker.rid, "fire_control", choices, regs[-1] if regs else
                         choices[0], QuestionContext("fire_control", target.rid))
        if value.isdigit():
            target.locks[int(value) - 1] = True
            self.record(ev.OptionUsed(attacker.rid, attacker.name, "fire_control",
                                  f"register {value} of {target.name}", self.phase))
            return int(value)
        self.drop_option(target, value, "fire_control")
        return 0

    # -- one register phase (RR-4 step 3) --------------------------------------------------
    def run_register(self, i: int) -> None:
        """Steps a to g of register phase `i` in the order of REGISTER_STEPS. Raises GameOver
        when the game ends."""
        self.register = i
        self.phase = "announce"
        self.record(ev.RegisterStarted(i))
        for phase, step, then_check_end in REGISTER_STEPS:
            self.phase = phase
            step(self, i)
            if then_check_end:
                self.check_end()

    def _announcements(self, i: int) -> None:
        """Step a (CB-5.7): each robot's announcements in options.ANNOUNCEMENTS order, robots
        in seat order; last register's shields are gone. Abort Switch, once on, replaces
        the card of every unlocked register from then on (CB-6.5)."""
        for r in self.robots:
            r.expire_option_states(FOR_A_REGISTER)
        for r in self.robots:
            if r.sq < 0 or not r.options:
                continue
            for option, announce in ANNOUNCEMENT_HOOKS:      # CB-5.7 order
                if option in r.options:
                    announce(self, r, i)
            if r.powered_down:
                continue
            if r.state_of(AbortSwitchState).on and not r.locks[i - 1] \
                    and r.registers[i - 1]:
                new = self.draw_card()
                if new:
                    self.discard.append(r.registers[i - 1])
                    r.registers[i - 1] = new

    def draw_card(self) -> int:
        """The top card of the program draw stack (a chance draw; RR-5.8 reshuffle)."""
        if not self.deck:
            self.deck = sorted(self.discard)
            self.discard = []
        if not self.deck:
            return 0
        value = self.ask(CHANCE, "draw", tuple(str(c) for c in self.deck), str(self.deck[0]))
        card = int(value)
        self.deck.remove(card)
        return card

    def _movement(self, i: int) -> None:
        """Step c (RR-6.2): reveal, then each robot's whole card in descending priority."""
        actors: list[tuple[int, int, int, Robot, int]] = []
        for r in self.robots:
            if r.sq < 0 or r.powered_down:
                continue
            card = self.card_of(r, i)
            if not card:
                continue
            ctype, prio = self.cards[card]
            self.record(ev.CardRevealed(r.rid, r.name, i, ctype, prio))
            controlled = r.state_of(RadioControlState).controlled_by >= 0
            actors.append((-prio, 1 if controlled else 0, r.rid, r, card))
        actors.sort(key=lambda a: (a[0], a[1], a[2]))
        for _, _, _, r, card in actors:
            if r.sq < 0:
                continue            # destroyed earlier in this register (RR-6.7)
            self.execute(r, card)
            self.check_end()

    def chain_ahead(self, r: Robot, d: int) -> tuple[list[Robot], bool]:
        """The robots a push by `r` towards d would move, and whether a wall blocks it."""
        walls = self.walls()
        nbr = self.layout.nbr
        chain: list[Robot] = []
        cur = r.sq
        while True:
            nxt = nbr[cur * 4 + d]
            if nxt < 0:
                return chain, False
            rid = self.occ.get(nxt)
            if rid is None:
                return chain, False
            chain.append(self.robots[rid])
            if walls[nxt] & (1 << d):
                return chain, True
            cur = nxt

    def push_chain(self, chain: list[Robot], d: int, by: Robot | None,
                   cause: str = "push") -> bool:
        """Move a push chain one square towards d, front robot first (RR-6.5). True when
        every robot of it arrived there (none destroyed or teleported)."""
        nbr = self.layout.nbr
        arrived = True
        for o in reversed(chain):
            if o.sq >= 0:
                if self.move_to(o, nbr[o.sq * 4 + d], d, cause, by.name if by else None):
                    arrived = False
        return arrived

    # -- end of turn (RR-10, CB-7) ---------------------------------------------------------
    def run_end_of_turn(self) -> None:
        L = self.layout
        self.register = 0
        self.phase = "end of turn"
        # 1. repairs and option draws
        for r in self.robots:
            if r.sq < 0:
                continue
            repair = 0
            option = False
            k = L.kind[r.sq]
            if k == REPAIR and L.wrenches[r.sq] == 2:
                if self.rules["RR_REPAIR_2005"]:
                    repair, option = 1, self.options_in_play and not r.powered_down
                else:
                    repair = 2
                    if self.options_in_play and not r.powered_down and (
                            self.option_deck or self.option_discard):
                        choice = self.ask(r.rid, "repair_or_option", ("repair", "option"),
                                          "repair")
                        if choice == "option":
                            repair, option = 0, True
            elif k == REPAIR or (r.sq in L.flag_number and self.rules["RR_CHECKPOINT_REPAIR"]):
                repair = 1
            if repair and r.damage:
                amount = min(repair, r.damage)
                for _ in range(amount):
                    unlocked = r.remove_token()
                    if unlocked:
                        self.record(ev.RegisterUnlocked(r.rid, r.name, unlocked, self.phase))
                self.record(ev.RobotRepaired(r.rid, r.name, amount, r.damage, self.phase))
            if option:
                self.draw_option(r)
        # 2. Circuit Breaker
        for r in self.robots:
            if r.sq >= 0 and "circuit_breaker" in r.options and r.damage >= 3 \
                    and not r.announce:
                r.announce = True
                self.record(ev.PowerChanged(r.rid, r.name, "announced", self.phase))
        # 3. clean-up
        for r in self.robots:
            if r.eliminated:
                continue
            if r.destroyed:
                self._release_cards(r, everything=True)
                r.free = 0
                r.locks = [False] * REGISTERS
            else:
                self._release_cards(r, everything=False)
            r.expire_option_states(FOR_A_TURN)
            r.locked_in = False
        # 4. staying powered down
        for r in self.robots:
            if r.sq >= 0 and r.powered_down and not r.announce:
                if self.ask(r.rid, "power_down", ("no", "yes"), "no") == "yes":
                    r.announce = True
                    self.record(ev.PowerChanged(r.rid, r.name, "stays_down", self.phase))
        # 5. re-entry
        returning = sorted((r for r in self.robots if r.destroyed and not r.eliminated),
                           key=lambda r: (r.destroyed_seq, r.rid))
        placed: list[Robot] = []
        for r in returning:
            if not self.rules["RR_LIVES_2005"]:
                if r.lives <= 0:
                    self.eliminate(r)
                    continue
                r.lives -= 1
            placed.append(r)
        self.check_survivors()                       # RR-11.4, all at the same moment
        for r in placed:
            self._reenter(r, placed)
        # 6. virtual robots alone become real
        for r in self.robots:
            if r.sq >= 0 and r.virtual:
                if not any(o is not r and o.sq == r.sq for o in self.robots):
                    if r.sq not in self.occ:
                        r.virtual = False
                        self.occ[r.sq] = r.rid
                        self.record(ev.RobotBecameReal(r.rid, r.name, L.pos[r.sq], self.phase))

    def _reenter(self, r: Robot, placed: list[Robot]) -> None:
        """RR-10.5: on the archive square; virtual if it is shared (RR-10.5.3)."""
        L = self.layout
        sq = r.archive
        virtual = False
        if self.rules["RR_REENTRY_2005"]:
            if any(o.sq == sq for o in self.robots if o is not r):
                sq = self._free_square_near(sq)
        else:
            virtual = any(o is not r and (o.sq == sq or (o in placed and o.archive == sq))
                          for o in self.robots)
        facing = self.ask(r.rid, "facing", ("N", "E", "S", "W"), "N")
        r.facing = DIR_NAMES.index(facing)
        r.destroyed = False
        r.virtual = virtual
        self._put(r, sq)
        superior = r.state_of(SuperiorArchiveState).pending or "superior_archive" in r.options
        if superior:
            if "superior_archive" in r.options:
                self.drop_option(r, "superior_archive", "reentry")
            r.set_state(SuperiorArchiveState())
            self.record(ev.OptionUsed(r.rid, r.name, "superior_archive", "no re-entry damage",
                                  self.phase))
        else:
            r.set_damage(2)                                   # RR-10.5.2
        self.record(ev.RobotReentered(r.rid, r.name, L.pos[sq], facing, virtual, r.lives,
                                  self.phase))
        if self.ask(r.rid, "power_down", ("no", "yes"), "no") == "yes":   # RR-10.5.4
            r.announce = True
        else:
            r.announce = False

    def _free_square_near(self, sq: int) -> int:
        """RR_REENTRY_2005: the first free square around the archive, ring by ring."""
        L = self.layout
        p = L.pos[sq]
        for ring in range(1, max(L.width, L.height)):
            for dy in range(-ring, ring + 1):
                for dx in range(-ring, ring + 1):
                    if max(abs(dx), abs(dy)) != ring:
                        continue
                    x, y = p.x + dx, p.y + dy
                    if 0 <= x < L.width and 0 <= y < L.height:
                        j = y * L.width + x
                        if L.kind[j] not in (VOID, PIT) and j not in self.occ and not any(
                                o.sq == j for o in self.robots):
                            return j
        return sq

    def draw_option(self, r: Robot) -> None:
        """CB-7.1: the top option card (a chance draw); CB-5.2 limit of three."""
        if not self.option_deck:
            self.option_deck = sorted(self.option_discard, key=OPTION_IDS.index)
            self.option_discard = []
        if not self.option_deck:
            return
        value = self.ask(CHANCE, "draw_option", tuple(self.option_deck), self.option_deck[0])
        self.option_deck.remove(value)
        gain_option(r, value)
        self.record(ev.OptionDrawn(r.rid, r.name, value, self.phase))
        if len(r.options) > MAX_OPTIONS:
            lost = self.ask(r.rid, "lose_option", tuple(r.options), r.options[0])
            self.drop_option(r, lost, "limit")

    def start_turn_power(self) -> None:
        """RR-10.1: at the start of a turn, announced robots power down and lose all damage."""
        for r in self.robots:
            if r.eliminated:
                continue
            was = r.powered_down
            r.powered_down = r.announce and r.sq >= 0
            r.announce = False
            if r.powered_down:
                for k in range(REGISTERS):
                    if r.locks[k]:
                        r.locks[k] = False
                        if r.registers[k]:
                            self.discard.append(r.registers[k])
                            r.registers[k] = 0
                r.free = 0
                self.record(ev.PowerChanged(r.rid, r.name, "powered_down", "deal"))
            elif was:
                self.record(ev.PowerChanged(r.rid, r.name, "powered_up", "deal"))


REGISTER_STEPS: tuple[tuple[str, Callable[[Engine, int], None], bool], ...] = (
    ("announce", Engine._announcements, False),   # a (CB-5.7)
    ("cards", Engine._movement, True),            # b, c (RR-6)
    ("express belts", Engine._express_belts, True),   # d1 (RR-7.5)
    ("belts", Engine._all_belts, True),           # d2 (RR-7.5)
    ("pushers", Engine._pushers, True),           # d3 (RR-7.7)
    ("gears", Engine._gears, False),              # d4 (RR-7.6): turning ends no game
    ("crushers", Engine._crushers, True),         # d5 (RR-7.8)
    ("lasers", Engine._lasers, True),             # e (RR-8, CB-5.6)
    ("burners", Engine._burners, True),           # f (CB-3.3.3)
    ("flags", Engine._touch, True),               # g (RR-9.3)
)
"""One register phase, in RULES.md RR-4 step 3 order: (phase name as events carry it, the
step, whether a robot may have finished or the game ended during it: RR-12.1)."""

SIDE_NAMES = SIDES
