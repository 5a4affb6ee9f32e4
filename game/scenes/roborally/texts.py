"""RoboRally's words: phase, speed and direction labels, the decisions' questions and
answers, option cards' names and texts, and the rules."""

from __future__ import annotations

import math

from game.app.audio import MUTE_HINT
from game.i18n import N_, _, localized, ngettext
from game.roborally.data import load_options
from game.roborally.model import OptionCard
from game.ui.roborally_view import CARD_LABELS, element_texts
from game.ui.rr_token import FACING_ANGLE


PHASE_LABELS = {"cards": N_("Cards"), "express belts": N_("Express belts"),
                "belts": N_("Belts"), "pushers": N_("Pushers"), "gears": N_("Gears"),
                "crushers": N_("Crushers"), "lasers": N_("Lasers"), "burners": N_("Flamers"),
                "flags": N_("Flags")}
PHASE_ORDER = tuple(PHASE_LABELS)
ACTIVE_KINDS = {"express belts": "conveyor", "belts": "conveyor", "pushers": "pusher",
                "gears": "gear", "crushers": "crusher", "burners": "burner"}
"""The element type each board phase moves (outlined on the board while it acts)."""
SPEED_LABELS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"),
                "instant": N_("Instant")}
SPARE_LABELS = {"flywheel": N_("Flywheel: {card}"), "reserve": N_("Reserve: {card}")}
"""The programming screen's buttons of the spare hand card an option keeps (CB-6.3, CB-6.4)."""
DIRECTION_LABELS = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
COMPASS = (N_("east"), N_("north-east"), N_("north"), N_("north-west"), N_("west"),
           N_("south-west"), N_("south"), N_("south-east"))
"""The eight points of the compass, anticlockwise from east (`compass_point`)."""
DIR_ANGLE = FACING_ANGLE
HOVER_DELAY = 0.5
LOG_LIMIT = 300


def compass_point(dx: int, dy: int) -> str:
    """The compass point (a message id) of a step of `dx` columns and `dy` rows (rows grow to
    the south), to the nearest eighth of a turn."""
    return COMPASS[round(math.atan2(-dy, dx) / (math.pi / 4)) % 8]


# -- decisions: questions and answer labels -------------------------------------------------

QUESTIONS = {
    "shield": N_("Shield: which side does it guard in this register?"),
    "turret": N_("Turret: where does the main laser point in this register?"),
    "gyro": N_("Gyroscopic Stabilizer: keep the robot from turning in this register?"),
    "abort": N_("Abort Switch: replace this and every later card with random cards?"),
    "reserve": N_("Conditional Program: swap the reserve card into this register?"),
    "brakes": N_("Brakes: move 1 square or stay?"),
    "fourth_gear": N_("Fourth Gear: move 3 or 4 squares?"),
    "reverse_gears": N_("Reverse Gears: back up 1 or 2 squares?"),
    "discard": N_("Discard an option card to prevent 1 damage?"),
    "lose_option": N_("Your robot was destroyed: which option card do you lose?"),
    "weapon": N_("Which weapon fires?"),
    "target": N_("Radio Control: which robot runs your program until the end of the turn?"),
    "fire_control": N_("Fire Control: lock a register or destroy an option card?"),
    "repair_or_option": N_("Double wrench: repair 2 damage or take an option card?"),
    "facing": N_("Your robot returns: which way should it face?"),
    "power_down": N_("Stay powered down next turn?"),
}
DAMAGE_SOURCES = {
    "robot_laser": (N_("{robot}'s laser hits your robot."), ""),
    "rear_laser": (N_("{robot}'s rear laser hits your robot."), ""),
    "howitzer": (N_("{robot} hits your robot with {option}."), "mini_howitzer"),
    "ramming": (N_("{robot} rams your robot ({option})."), "ramming_gear"),
    "board_laser": (N_("A board laser hits your robot."), ""),
    "burner": (N_("A flamer burns your robot."), ""),
    "recompile": (N_("Recompiling costs your robot 1 damage."), ""),
}
"""What hurts the robot whose player may discard an option card to prevent it (CB-5.4),
by the engine's cause of damage, with the option card that deals it."""
FIRE_CONTROL_AT = N_("Fire Control: lock one of {robot}'s registers or destroy one of its "
                     "option cards?")
"""The Fire Control question when its target is known (CB-6.15)."""
WEAPON_AT = N_("Which weapon fires at {robot}?")
"""The weapon question when the main laser's beam would hit a robot (CB-5.6)."""
ANSWER_TOPICS = {
    "shield": "shield", "turret": "turret", "gyro": "gyroscopic_stabilizer",
    "abort": "abort_switch", "reserve": "conditional_program", "brakes": "brakes",
    "fourth_gear": "fourth_gear", "reverse_gears": "reverse_gears",
    "fire_control": "fire_control", "target": "radio_control",
    "discard": N_("Discard against damage"), "lose_option": N_("Option card lost"),
    "weapon": N_("Weapon"), "repair_or_option": N_("Double wrench"),
    "facing": N_("Facing on return"), "power_down": N_("Stay powered down"),
}
"""What an answer in the replay's log was about, by answer kind: the option card that asks
(an id of options.yaml), else a few words (the replay shows no question)."""
DISCARD_MESSAGES = {
    "prevent_damage": N_("{name} discards {option} to prevent 1 damage."),
    "destroyed": N_("{name} loses {option} on being destroyed."),
    "eliminated": N_("{name} is out and gives up {option}."),
    "limit": N_("{name} gives up {option}: three option cards at most."),
    "used_up": N_("{name}'s {option} is used up."),
    "fire_control": N_("{name} loses {option} to Fire Control."),
    "reentry": N_("{name} uses up {option} on returning."),
}
"""The log's line when a robot parts with an option card, by the engine's reason (CB-5.4,
CB-5.5, CB-5.2, CB-6.15, and the cards spent as they work)."""
ANSWER_LABELS = {
    "front": N_("Front"), "back": N_("Rear"), "left": N_("Left"), "right": N_("Right"),
    "none": N_("None"), "on": N_("On"), "off": N_("Off"), "yes": N_("Yes"), "no": N_("No"),
    "move": N_("Move"), "stay": N_("Stay"), "repair": N_("Repair"), "option": N_("Option card"),
    "laser": N_("Main laser"), "N": N_("North"), "E": N_("East"), "S": N_("South"),
    "W": N_("West"),
}

_option_names: dict[str, OptionCard] | None = None


def _option_cards() -> dict[str, OptionCard]:
    """The option cards of boards/roborally/options.yaml by id, read once."""
    global _option_names
    if _option_names is None:
        try:
            _option_names = {c.id: c for c in load_options()}
        except Exception:  # the names are a nicety; a broken file must not stop the game
            _option_names = {}
    return _option_names


def option_name(option_id: str) -> str:
    """An option card's name in the current language (boards/roborally/options.yaml)."""
    card = _option_cards().get(option_id)
    if card is None:
        return option_id.replace("_", " ").title()
    return localized(card.name)


def option_text(option_id: str) -> str:
    """What an option card does, in the current language ("" for anything else)."""
    card = _option_cards().get(option_id)
    if card is None:
        return ""
    return localized(card.text)


def answer_topic(kind: str) -> str:
    """What a question of `kind` is about, in the current language (`ANSWER_TOPICS`)."""
    topic = ANSWER_TOPICS.get(kind, kind)
    return option_name(topic) if topic in _option_cards() else _(topic)


def damage_source(cause: str, robot: str) -> str:
    """What hurts the asking player's robot, as a sentence (`DAMAGE_SOURCES`), "" for a cause
    the table has no words for."""
    if cause not in DAMAGE_SOURCES:
        return ""
    message, option = DAMAGE_SOURCES[cause]
    if "{robot}" in message and not robot:
        return ""
    return _(message).format(robot=robot, option=option_name(option) if option else "")


def card_name(card_type: str) -> str:
    """A program card's name in the current language: "Move 2"."""
    return _(CARD_LABELS.get(card_type, card_type))


def card_label(card_type: str, priority: int) -> str:
    """A program card by name and priority: "Move 2 (770)"."""
    return _("{card} ({priority})").format(card=card_name(card_type), priority=priority)


def answer_label(value: str, kind: str = "") -> str:
    """An answer to a question of `kind` (FORMATS.md's answer kinds) as a player reads it,
    on the question's buttons and in the replay's log: a target is a robot's name, shown as
    its player wrote it (a robot named "N" is no North, nor "laser" the main laser); a digit
    is a register, but squares for the gears and a swap for Conditional Program."""
    if kind == "target":
        return value
    if kind in ("fourth_gear", "reverse_gears") and value.isdigit():     # CB-6.9, CB-6.10
        return ngettext("{n} square", "{n} squares", int(value)).format(n=value)
    if kind == "reserve" and value.isdigit():   # CB-6.3: the reserve card into the register
        return _("Swap")
    if value in ANSWER_LABELS:
        return _(ANSWER_LABELS[value])
    if value.isdigit():
        return _("Register {n}").format(n=value)
    if value in _option_cards() or "_" in value:
        return option_name(value)
    return value



# -- rules -----------------------------------------------------------------------------------


RULES_INTRO = N_(
    "Race your robot across the factory and touch the numbered flags in order. The first robot "
    "to reach the last flag wins.\n\n"
    "THE TURN\n"
    "1. Deal: every robot gets 9 program cards, one fewer for each point of damage.\n"
    "2. Program: put one card face down into each of your five registers. Damage of 5 or more "
    "locks registers from register 5 downwards; a locked register keeps its card. You may "
    "announce a power down for the next turn: the robot then gets no cards and does not move, "
    "and all its damage is repaired. Confirm locks the program in; until then you may take "
    "cards back.\n"
    "3. Five register phases, one after another.\n"
    "4. End of turn: wrenches and flags repair, destroyed robots return on their archive "
    "square with 2 damage and one life less.\n\n"
    "ONE REGISTER PHASE\n"
    "a. Option cards that act before the register are announced.\n"
    "b. Cards: every robot reveals its card; robots act one by one, the highest priority "
    "first. A moving robot pushes robots in its way; walls stop it; a pit or the course edge "
    "destroys it.\n"
    "c. Express belts move 1 square, then all belts move 1 square; a belt that turns turns "
    "the robot too.\n"
    "d. Pushers push in the registers printed on them.\n"
    "e. Gears turn robots 90°: green ones right (clockwise), red ones left.\n"
    "f. Crushers destroy robots in their registers.\n"
    "g. Lasers: board lasers hit the first robot in their beam; every robot fires ahead and "
    "hits the first robot in its line for 1 damage.\n"
    "h. Flamers burn robots in their registers (1 damage).\n"
    "i. Flags: a robot on its next flag (or one that crossed it) has reached it; flags and "
    "wrenches become the robot's archive square.\n\n"
    "DAMAGE\n"
    "10 damage destroys a robot. Each turn a robot gets one card fewer per damage.\n\n"
    "THE SCREEN\n"
    "Click a card to put it into the first free register, or drag it onto a register; click a "
    "register to take its card back. Point at a hand card to try it on the ghost path. Hover a "
    "square to read its elements. S or Skip shows the end of the animation at once.\n"
    "Keys: 1 to 9 pick hand cards, Backspace takes the last card back, Enter confirms the "
    "program, S skips the animation, F1 shows these rules, Esc the pause menu.")


RULES_TIMER = N_(
    "THE PROGRAMMING TIMER (switched on in the setup)\n"
    "When only one robot is still being programmed, its player has 30 seconds left. When they "
    "run out, cards drawn at random from the hand fill the empty registers and the program is "
    "locked in.")


def rules_text() -> str:
    """The rules overlay: the turn and the register order, then every element and option
    card with its rule (names and texts from the board data files, in both languages)."""
    parts = [_(RULES_INTRO) + " " + _(MUTE_HINT), "", _(RULES_TIMER), "", _("FACTORY ELEMENTS")]
    for info in element_texts().values():
        parts.append(f"• {localized(info.name)}: {localized(info.text)}")
    option_name("recompile")
    if _option_names:
        parts += ["", _("OPTION CARDS (variant with option cards)"),
                  _("A robot on a double wrench at the end of a turn may take an option card "
                    "instead of repairing. A robot holds at most 3; it loses one when it is "
                    "destroyed, and may discard one to prevent 1 damage.")]
        for card in _option_names.values():
            parts.append(f"• {localized(card.name)}: {localized(card.text)}")
    return "\n".join(parts)


# -- starting a game ---------------------------------------------------------------------------
