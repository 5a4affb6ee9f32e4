"""RoboRally's presenter: the engine's events grouped into animation steps, played by the
framework's StepPlayer (game/scenes/table/tween.py).

Robots that move or turn together in one phase, a volley of lasers with the damage it deals,
and the cards revealed for a register each make one step. What one event shows (tweens,
beams, floating numbers, its log line) `absorb` adds to the step; the sprites, status and
log it changes are the presenter's display copy (game/scenes/roborally/display.py), which the
table paints."""

from __future__ import annotations

import functools
from collections import deque
from typing import Any, Callable

from game.i18n import N_
from game.roborally import events as ev
from game.scenes.roborally.display import FactoryDisplay
from game.scenes.roborally.steps import LogLine, Step, Tween, _turn_delta, where
from game.scenes.roborally.texts import (DIR_ANGLE, DIRECTION_LABELS, DISCARD_MESSAGES,
                                         PHASE_LABELS)
from game.ui import theme
from game.ui.roborally_view import CARD_LABELS

PUSHING = {"card": N_("{name} moves from {src} to {dst} and pushes {pushed}."),
           "slide": N_("{name} slides on oil to {dst} and pushes {pushed}.")}
"""A robot's own move with the robots it pushed on the way (RR-6.5)."""


RAMS = N_("{name} rams {target} ({option}).")
"""CB-6.12: a Ramming Gear damages the robot its holder pushes."""
DAMAGE_TAKEN = N_("{name} takes {amount} damage ({total} in all).")
DAMAGE_PREVENTED = N_("{name} prevents 1 damage ({option}).")
REGISTER_LOCKS = N_("Register {register} of {name} locks.")
DESTROYED_BY_DAMAGE = N_("{name} is destroyed by damage.")
AFTER_A_RAM = frozenset({DAMAGE_TAKEN, DAMAGE_PREVENTED, REGISTER_LOCKS, DESTROYED_BY_DAMAGE,
                         DISCARD_MESSAGES["prevent_damage"], DISCARD_MESSAGES["destroyed"]})
"""What a ram's damage may bring about in the same step (CB-5.4, RR-8.2, RR-8.3)."""


def _fold_pushes(log: list[LogLine], mover: ev.RobotMoved
                 ) -> tuple[tuple[tuple[str, str], ...], list[LogLine]]:
    """Take the lines just said of robots `mover` pushed on its step, nearest first (a move
    line's key, as `absorb` builds it: "move", robot, cause, phase, register, pusher), and
    the lines of its Ramming Gear's ram on that step with their aftermath, in the order said.
    The engine moves a push chain's front robot first, then rams, and moves the pusher last,
    so read one by one they would tell of the pushes and the ram before the move that made
    them; the caller tells the rams after the move line."""
    def pushed_by_mover(line: LogLine) -> bool:
        key = line.key
        return key is not None and key[0] == "move" and key[2] == "push" \
            and key[5] == mover.name

    start = len(log)        # the lines from `start` on are the step's
    unexplained = 0         # lines seen before `start` that only a ram of `mover` explains
    for i in range(len(log) - 1, -1, -1):
        line = log[i]
        if pushed_by_mover(line) and not unexplained:
            start = i
        elif line.key is not None and line.key[0] == "ram" and line.key[1] == mover.name:
            start, unexplained = i, 0
        elif line.message in AFTER_A_RAM:
            unexplained += 1
        else:
            break
    taken = log[start:]
    del log[start:]
    pushed = [(line.values["name"], line.values["dst"]) for line in reversed(taken)
              if pushed_by_mover(line)]
    return tuple(pushed), [line for line in taken if not pushed_by_mover(line)]


def _merge_pushed(before: tuple[tuple[str, str], ...], now: tuple[tuple[str, str], ...]
                  ) -> tuple[tuple[str, str], ...]:
    """The robots a move pushed, each where it was pushed to last, in the order first pushed."""
    where_to = dict(before)
    where_to.update(now)
    return tuple(where_to.items())


class RoboRallyPresenter:
    """Events in, steps out, for the live table and the replay viewer alike."""

    def __init__(self, display: FactoryDisplay, speed: Callable[[], float], *,
                 narrates_lock_in: bool = True) -> None:
        self.display = display
        self.speed = speed
        """The animation speed factor now (0: everything at once)."""
        self.narrates_lock_in = narrates_lock_in
        """False in the replay, which narrates each lock-in with its cards instead."""

    @property
    def log(self) -> list[LogLine]:
        """The narration so far (the display's log lines)."""
        return self.display.log

    def _dur(self, seconds: float) -> float:
        return 0.0 if self.speed() <= 0 else seconds     # the step player applies the speed

    def start(self, e: Any, upcoming: deque[Any]) -> Step:
        """Turn `e` and the events that happen with it (taken from `upcoming`) into one
        step."""
        step = Step(e, 0.0)
        self.absorb(e, step)
        if isinstance(e, (ev.RobotMoved, ev.RobotTurned)):
            moved = {(e.robot, type(e).__name__)}
            while True:
                nxt = upcoming[0] if upcoming else None
                if not isinstance(nxt, (ev.RobotMoved, ev.RobotTurned)) or nxt.phase != e.phase:
                    break
                k = (nxt.robot, type(nxt).__name__)
                if k in moved or (e.phase == "cards" and isinstance(nxt, ev.RobotMoved)
                                  and nxt.cause == "card" and nxt.robot != e.robot
                                  and not isinstance(e, ev.RobotMoved)):
                    break
                if e.phase == "cards" and isinstance(nxt, ev.RobotTurned):
                    break
                moved.add(k)
                self.absorb(upcoming.popleft(), step)
        elif isinstance(e, ev.LaserFired):
            while upcoming and isinstance(upcoming[0], (ev.LaserFired, ev.RobotDamaged,
                                                        ev.DamagePrevented, ev.RegisterLocked,
                                                        ev.CardScrambled, ev.RobotControlled)):
                self.absorb(upcoming.popleft(), step)
        elif isinstance(e, ev.CardRevealed):
            while upcoming and isinstance(upcoming[0], ev.CardRevealed):
                self.absorb(upcoming.popleft(), step)
        return step

    def absorb(self, e: Any, step: Step) -> None:
        """Log `e`, update the shown status, and add its animation to `step`."""
        display = self.display
        robots = display.robots
        step.group.append(e)
        display.event_phase = getattr(e, "phase", "")
        if display.event_phase in PHASE_LABELS:
            display.phase = e.phase
        if isinstance(e, ev.TurnStarted):
            display.turn = e.turn
            display.register = 0
            display.phase = ""
            display.reveals = []
            display.say(N_("Turn {turn} begins."), turn=e.turn)
            step.duration = max(step.duration, self._dur(0.3))
        elif isinstance(e, ev.CardsDealt):
            pass
        elif isinstance(e, ev.ProgramLocked):
            if self.narrates_lock_in:     # one line for the turn's lock-ins, as they come
                lock_ins = ("locked in", display.turn)
                line = display.last_line(lock_ins)
                names = f"{line.values['names']}, {e.name}" if line else e.name
                display.say(N_("Programs locked in: {names}."), key=lock_ins, names=names)
        elif isinstance(e, ev.RegisterStarted):
            display.register = e.register
            display.phase = "cards"
            display.reveals = []
            if e.register == 1:
                display.turn_cards, display.cards_turn = {}, display.turn
            display.say(N_("— Register {n} —"), n=e.register)
            step.duration = max(step.duration, self._dur(0.45))
        elif isinstance(e, ev.CardRevealed):
            display.reveals.append((e.robot, e.card, e.priority))
            display.reveals.sort(key=lambda t: -t[2])
            display.revealed(e.robot, e.register, (e.card, e.priority))
            reveal = ("reveal", display.register)
            line = display.last_line(reveal)
            before = line.values["revealed"] if line else ()
            card = (e.name, CARD_LABELS.get(e.card, e.card), e.priority)
            # one line for the register's cards, in the order the robots act (RR-6.2)
            display.say(N_("Cards revealed: {revealed}."), ("revealed",), key=reveal,
                        revealed=tuple(sorted(before + (card,), key=lambda c: -c[2])))
            step.duration = max(step.duration, self._dur(0.6))
        elif isinstance(e, ev.RobotMoved):
            sp = display.sprites[e.robot]
            display.acting = e.robot if e.cause == "card" else display.acting
            step.tweens.append(Tween(sp, "x", float(e.src.x), float(e.dst.x)))
            step.tweens.append(Tween(sp, "y", float(e.src.y), float(e.dst.y)))
            sp.visible = True
            seconds = {"card": 0.22, "push": 0.22, "slide": 0.22}.get(e.cause, 0.34)
            step.duration = max(step.duration, self._dur(seconds))
            message = {
                "card": N_("{name} moves from {src} to {dst}."),
                "push": N_("{name} is pushed to {dst}."),
                "slide": N_("{name} slides on oil to {dst}."),
                "express_conveyor": N_("An express belt carries {name} to {dst}."),
                "conveyor": N_("A belt carries {name} to {dst}."),
                "pusher": N_("A pusher shoves {name} to {dst}."),
            }.get(e.cause, N_("{name} is moved to {dst}."))
            if e.by is not None:
                message = {"push": N_("{by} pushes {name} to {dst}."),
                           "weapon": N_("{by}'s shot moves {name} to {dst}.")}.get(e.cause,
                                                                                   message)
            key = ("move", e.robot, e.cause, e.phase, display.register, e.by)
            pushed, rams = _fold_pushes(display.log, e) if e.cause in PUSHING else ((), [])
            line = display.last_line(key)
            if line is not None:
                # a copy: the line was not the last when the replay last kept its position
                # if a ram's lines came after it (ShownPosition shares all but the last)
                line = display.log[-1] = line.copy()
                line.values["dst"] = where(e.dst)
                if pushed:
                    line.message, line.translate = PUSHING[e.cause], ("pushed",)
                    line.values["pushed"] = _merge_pushed(line.values.get("pushed", ()), pushed)
                display.version += 1
            elif pushed:
                display.say(PUSHING[e.cause], ("pushed",), key=key, name=e.name,
                            src=where(e.src), dst=where(e.dst), pushed=pushed)
            else:
                display.say(message, key=key, name=e.name, src=where(e.src), dst=where(e.dst),
                            by=e.by)
            display.log.extend(rams)
        elif isinstance(e, ev.RobotTurned):
            sp = display.sprites[e.robot]
            start = DIR_ANGLE[e.before]
            step.tweens.append(Tween(sp, "angle", start, start + _turn_delta(e.before, e.after)))
            step.duration = max(step.duration, self._dur(0.25))
            message = {"card": N_("{name} turns to face {dir}."),
                       "conveyor": N_("The belt turns {name} to face {dir}."),
                       "gear": N_("A gear turns {name} to face {dir}.")}.get(
                e.cause, N_("{name} turns to face {dir}."))
            display.say(message, ("dir",), name=e.name, dir=DIRECTION_LABELS[e.after])
        elif isinstance(e, ev.RobotTeleported):
            sp = display.sprites[e.robot]
            step.tweens.append(Tween(sp, "alpha", 0.2, 1.0))
            sp.x, sp.y = float(e.dst.x), float(e.dst.y)
            step.duration = max(step.duration, self._dur(0.35))
            display.say(N_("{name} jumps through a portal to {dst}."), name=e.name,
                        dst=where(e.dst))
        elif isinstance(e, ev.MoveShortened):
            display.say(N_("{name} starts on oil: the move is one square shorter."), name=e.name)
        elif isinstance(e, ev.MoveBlocked):
            step.duration = max(step.duration, self._dur(0.2))
            display.say(N_("{name} runs into a wall: the move ends.") if e.by == "wall"
                       else N_("{name} is stopped by a robot that cannot be pushed: "
                               "the move ends."), name=e.name)
        elif isinstance(e, ev.RobotFell):
            sp = display.sprites[e.robot]
            sp.x, sp.y = float(e.at.x), float(e.at.y)
            step.tweens.append(Tween(sp, "scale", 1.0, 0.1))
            step.tweens.append(Tween(sp, "alpha", 1.0, 0.0))
            step.duration = max(step.duration, self._dur(0.45))
            display.say(N_("{name} falls into a pit.") if e.into == "pit"
                       else N_("{name} falls off the course."), name=e.name)
        elif isinstance(e, ev.RobotDestroyed):
            sp = display.sprites[e.robot]
            if e.at is not None and sp.visible and e.cause not in ("pit", "edge"):
                step.tweens.append(Tween(sp, "alpha", 1.0, 0.0))
                step.flash.append(e.at)
                step.duration = max(step.duration, self._dur(0.4))
            step.after.append(functools.partial(setattr, sp, "visible", False))
            robots[e.robot].destroyed = True
            robots[e.robot].pos = None
            message = {"crusher": N_("A crusher destroys {name}."),
                       "damage": DESTROYED_BY_DAMAGE}.get(
                e.cause, N_("{name} is destroyed."))
            display.say(message, name=e.name)
        elif isinstance(e, ev.LaserFired):
            step.beams.append(e)
            step.duration = max(step.duration, self._dur(0.5))
            if e.targets:
                if e.source == "board":
                    display.say(N_("A board laser hits {targets}."), targets=", ".join(e.targets))
                else:
                    display.say(N_("{source} shoots {targets}."), source=e.source,
                               targets=", ".join(e.targets))
        elif isinstance(e, ev.RobotDamaged):
            robots[e.robot].damage = e.total
            at = display.sprite_pos(e.robot) or robots[e.robot].pos
            if at is not None:
                step.floats.append((at, f"−{e.amount}", theme.HURT))
            step.duration = max(step.duration, self._dur(0.5))
            display.say(DAMAGE_TAKEN, name=e.name,
                       amount=e.amount, total=e.total)
        elif isinstance(e, ev.DamagePrevented):
            if not _told_by_its_discard(display.log, e):
                display.say(DAMAGE_PREVENTED, ("option",),
                            name=e.name, option=e.by)
        elif isinstance(e, (ev.RegisterLocked, ev.RegisterUnlocked)):
            locks = isinstance(e, ev.RegisterLocked)
            locked = list(robots[e.robot].locked)
            locked[e.register - 1] = locks
            robots[e.robot].locked = tuple(locked)
            message = (REGISTER_LOCKS if locks
                       else N_("Register {register} of {name} unlocks."))
            display.say(message, name=e.name, register=e.register)
        elif isinstance(e, ev.FlagTouched):
            robots[e.robot].next_flag = e.flag + 1
            step.flash.append(e.at)
            step.floats.append((e.at, "⚑" + str(e.flag), (255, 230, 90)))
            step.duration = max(step.duration, self._dur(0.6))
            display.say(N_("{name} reaches flag {flag}!"), name=e.name, flag=e.flag)
        elif isinstance(e, ev.ArchiveMoved):
            robots[e.robot].archive = e.at
        elif isinstance(e, ev.RobotRepaired):
            robots[e.robot].damage = e.total
            at = display.sprite_pos(e.robot)
            if at is not None:
                step.floats.append((at, f"+{e.amount}", (110, 230, 140)))
                step.duration = max(step.duration, self._dur(0.4))
            display.say(N_("{name} repairs {amount} damage."), name=e.name, amount=e.amount)
        elif isinstance(e, ev.OptionDrawn):
            robots[e.robot].options = robots[e.robot].options + (e.option,)
            display.say(N_("{name} takes the option card {option}."), ("option",), name=e.name,
                       option=e.option)
        elif isinstance(e, ev.OptionUsed) and e.option == "ramming_gear":
            display.say(RAMS, ("option",), key=("ram", e.name, e.detail), name=e.name,
                        target=e.detail, option=e.option)
        elif isinstance(e, ev.OptionUsed):
            display.say(N_("{name} uses {option}."), ("option",), name=e.name, option=e.option)
        elif isinstance(e, ev.CardScrambled):
            display.scrambled(e.robot, e.register)
            display.say(N_("{name}'s card in register {register} is replaced by the top card "
                           "of the deck."), name=e.name, register=e.register)
        elif isinstance(e, ev.RobotControlled):
            display.radio_controlled(e.robot, e.by)
            display.say(N_("{name} runs {by}'s program until the end of the turn."),
                        name=e.name, by=e.by_name)
        elif isinstance(e, ev.OptionDiscarded):
            robots[e.robot].options = tuple(o for o in robots[e.robot].options if o != e.option)
            display.say(DISCARD_MESSAGES.get(e.reason, N_("{name} discards {option}.")),
                        ("option",), name=e.name, option=e.option)
        elif isinstance(e, ev.PowerChanged):
            power_message = {"announced": N_("{name} announces a power down."),
                             "powered_down": N_("{name} is powered down."),
                             "powered_up": N_("{name} powers up again."),
                             "stays_down": N_("{name} stays powered down.")}.get(e.what)
            if e.what == "powered_down":
                robots[e.robot].powered_down = True
            elif e.what == "powered_up":
                robots[e.robot].powered_down = False
            if power_message:
                display.say(power_message, name=e.name)
        elif isinstance(e, ev.RobotReentered):
            sp = display.sprites[e.robot]
            sp.x, sp.y, sp.angle = float(e.at.x), float(e.at.y), DIR_ANGLE.get(e.facing, 0.0)
            sp.visible, sp.scale = True, 1.0
            step.tweens.append(Tween(sp, "alpha", 0.0, 1.0))
            step.duration = max(step.duration, self._dur(0.4))
            r = robots[e.robot]
            r.pos, r.destroyed, r.lives, r.virtual = e.at, False, e.lives, e.virtual
            display.say(N_("{name} returns at {at} (lives left: {lives})."), name=e.name,
                       at=where(e.at), lives=e.lives)
        elif isinstance(e, ev.RobotEliminated):
            robots[e.robot].eliminated = True
            display.say(N_("{name} is out of the game."), name=e.name)
        elif isinstance(e, ev.RobotBecameReal):
            robots[e.robot].virtual = False
            display.say(N_("{name} is no longer virtual."), name=e.name)
        elif isinstance(e, ev.RobotFinished):
            display.say(N_("{name} finishes in place {rank}."), name=e.name, rank=e.rank)
        elif isinstance(e, ev.GameEnded):
            if e.winner:
                display.say(N_("{name} wins the race!"), name=e.winner)
            else:
                display.say(N_("The game ends without a winner."))
        display.version += 1

    def finish(self, step: Step) -> None:
        """The step has played to its end: every tween at its end, then its `after`."""
        apply_tweens(step, 1.0)
        for fn in step.after:
            fn()


def _told_by_its_discard(log: list[LogLine], prevented: ev.DamagePrevented) -> bool:
    """An option card discarded against damage (CB-5.4) was told so in the line just before
    (the engine reports the discard, then the damage it prevents): once is enough."""
    if not log:
        return False
    last = log[-1]
    return last.message == DISCARD_MESSAGES["prevent_damage"] \
        and last.values.get("name") == prevented.name \
        and last.values.get("option") == prevented.by


def apply_tweens(step: Step, t: float) -> None:
    """Put every sprite the step moves where it is at progress `t` (eased)."""
    eased = t * t * (3 - 2 * t)
    for tw in step.tweens:
        setattr(tw.sprite, tw.attr, tw.start + (tw.end - tw.start) * eased)
