"""Robot Master's words: the variants' names, the rules page, a line's score in words."""

from __future__ import annotations

from game.app.audio import MUTE_HINT
from game.i18n import N_, _
from game.robotmaster import LineBreakdown, LineGroup, Rules, format_breakdown
from game.robotmaster.rules import RULE_NAMES

VARIANT_NAMES = {
    "standard": N_("Two players"),
    "five_card": N_("Five-card hand"),
    "teams": N_("Two teams"),
    "solo": N_("Solo"),
}

# -- the rules, in the game's own words ---------------------------------------------------------

RULES_COMMON = (
    N_("Robot Master is a card game by Reiner Knizia. Together you build one grid of 5 × 5 "
       "robot cards. There are 36 cards: the values 0 to 5, six of each. Cards of the same "
       "value show the same robot."),
    N_("One side owns the five rows (across), the other side the five columns (down). You "
       "want every one of your lines to be strong and your opponent's lines to be weak."),
    N_("Placing: on your turn you must play exactly one card from your hand onto the table. "
       "It must touch a card already there along a full side (a corner is not enough), and "
       "all the cards must still fit into a 5 × 5 square. The cells where a card may go are "
       "marked. Drag a card there, or click the card and then the cell. Until you press "
       "Confirm you can take your card back; once confirmed it stays."),
    N_("Scoring a line: single robots score their value. Two identical robots score ten "
       "times their value (a pair of 3s is 30). Three identical robots score 100 whatever "
       "their value. A fourth identical robot adds its value once more (100 + value); five "
       "identical robots score 100 plus ten times their value. Zeros: one or two score 0, "
       "three score 100. Example: 3 3 0 1 4 = pair of 3 = 30, + 0 + 1 + 4 = 35."),
    N_("The game ends as soon as the 25th card lies. Each side sorts its five line scores. "
       "The side whose lowest line is lower loses. If the lowest lines are equal, the second "
       "lowest decide, and so on; if all five are equal, the game is a draw. The sums of the "
       "lines do not matter."),
    N_("A match has several games. After each game the winner notes the difference between "
       "the two lowest lines; the loser notes nothing. The first player and the sides change "
       "every game. The highest total wins the match; with equal totals, more won games "
       "decide."),
)
RULES_VARIANT = {
    "standard": N_("This game: two players. Each gets 12 cards; one more card is turned up "
                   "as the start card. Players take turns until all 24 cards are played."),
    "five_card": N_("This game: five-card hand. Each player holds five cards and, after "
                    "playing one, draws a new card from the pile at once. Cards left in hand "
                    "at the end do not count."),
    "teams": N_("This game: two teams of two. Teams take turns, partners alternate (X1, Y1, "
                "X2, Y2). Everybody gets 7 cards, places 6 and keeps one. Partners may not "
                "talk about their cards and never see each other's hand."),
    "solo": N_("This game: solo. A card is turned up and you place it at once; then the "
               "next. Your score is the lowest of all ten lines, rows and columns together. "
               "The higher, the better: beat your best scores."),
}
RULES_OPTIONS = {
    "RM_FIVE_KIND_UNIT_VALUES": N_("Option in play: five identical robots score 100 plus "
                                   "twice their value."),
    "RM_MARGIN_AT_DECIDING_RANK": N_("Option in play: a match game won on a later line "
                                     "scores the difference at that line."),
    "RM_FIXED_CENTRE_START": N_("Option in play: the start card is the centre of the 5 × 5 "
                                "square."),
}
RULES_KEYS = N_("Keys: 0 to 5 choose a card, the arrow keys choose a marked cell, Enter lays "
                "the card there and Enter again confirms; Backspace takes it back, Space skips "
                "the animation, F1 shows the rules, Esc the pause menu.")


def rules_text(variant: str, rules: Rules) -> str:
    """The rules overlay's text for `variant` and the options in play, in the current
    language."""
    parts = [_(p) for p in RULES_COMMON[:3]]
    parts.append(_(RULES_VARIANT.get(variant, RULES_VARIANT["standard"])))
    parts += [_(p) for p in RULES_COMMON[3:]]
    if variant == "solo":
        parts = [p for p in parts if p != _(RULES_COMMON[5])]
    chosen = rules.to_dict()
    parts += [_(RULES_OPTIONS[name]) for name in RULE_NAMES if chosen.get(name)]
    parts.append(_(RULES_KEYS) + " " + _(MUTE_HINT))
    return "\n\n".join(parts)


# -- line breakdowns in words ---------------------------------------------------------------

def describe_line(breakdown: LineBreakdown, rules: Rules) -> str:
    """A line's score in words, e.g. "pair of 3 = 30, + 0 + 1 + 4 = 35" (translated; the
    shape is `scoring.format_breakdown`'s)."""
    return format_breakdown(breakdown, rules, name_set=_name_set)


def _name_set(g: LineGroup, unit: bool) -> str:
    if g.count == 2:
        return _("pair of {value} = {points}").format(value=g.value, points=g.points)
    if g.count == 3:
        return _("trio of {value} = 100").format(value=g.value)
    if g.count == 4:
        return _("four of {value} = 100 + {value} = {points}").format(
            value=g.value, points=g.points)
    if unit:
        return _("five of {value} = 100 + {value} + {value} = {points}").format(
            value=g.value, points=g.points)
    return _("five of {value} = 100 + 10 × {value} = {points}").format(
        value=g.value, points=g.points)


def ordinal_rank(rank: int) -> str:
    names = {1: N_("lowest"), 2: N_("second lowest"), 3: N_("third lowest"),
             4: N_("fourth lowest"), 5: N_("highest")}
    return _(names.get(rank, N_("lowest")))


# -- animation ----------------------------------------------------------------------------------


