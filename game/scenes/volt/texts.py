"""What VOLT's table says: the rules page, the names of the sides, the cross numbers."""

from __future__ import annotations

from game.app.audio import MUTE_HINT
from game.core.types import Direction
from game.i18n import N_, _

ROMAN = ("I", "II", "III")
SIDE_NAMES = {Direction.S: N_("South"), Direction.N: N_("North"), Direction.W: N_("West"),
              Direction.E: N_("East")}
REPLAY_TOOLTIP = N_("Step through this game move by move, every program shown")
OLDER_BOT_LABELS = {"random": N_("Bot: random"), "greedy": N_("Bot: greedy")}
"""The bot levels of VOLT's saves from before easy/normal/strong (GameSpec.older_bot_levels)."""

RULES_TITLE = N_("VOLT: training rules")
RULES_PARAGRAPHS = (
    N_("Goal. Every operator programs a robot in secret with dice; then all dice are carried "
       "out in a fixed order. The first operator to hold 3 victory points (VP) wins at once."),
    N_("The arena. A wall surrounds the arena, and short inner walls stop robots and beams "
       "too. A robot that enters a pit is destroyed. Victory-point fields 1 to 6 receive VP "
       "markers. Each operator's start fields lie along their side; workshops do nothing in "
       "the training rules."),
    N_("Every round has four phases. 0 Prepare: if fewer than 3 VP markers lie in the arena, "
       "one is drawn and laid on the field with its number. Destroyed robots lose all their "
       "damage. Robots outside the arena restart on a free start field of their side, lowest "
       "start number first."),
    N_("1 Program: you have three control crosses (I, II, III) with eight keys each, and four "
       "dice: 2 blue and 2 red. Put exactly one die on each cross, with the face you choose. "
       "The key gives the direction as seen from your side: up means away from you. Blue dice "
       "move and go on the four blue keys only; red dice fire and may go on any of the eight "
       "keys. One die is always left over."),
    N_("When all three crosses hold a die, lock in. At one screen the operators then take "
       "start numbers in the order of their programming time: the fastest chooses first. The "
       "start number breaks ties and sets the order of restarts and of the trigger phase."),
    N_("2 Activate: all dice on cross I act first, then those on cross II, then cross III. On "
       "one cross the lower face acts first; on equal faces blue before red; then the lower "
       "start number. Every die acts, even if it harms its own robot. A destroyed robot's "
       "remaining dice are skipped."),
    N_("Blue die: the robot moves as many squares as the face shows, one square at a time. It "
       "pushes any robot in its way, whole chains too. If the mover or a pushed robot would "
       "cross a wall, nothing moves and the rest of the move is lost. A robot pushed into a "
       "pit is destroyed and the pusher's operator gains 1 VP; driving into a pit yourself "
       "scores nothing. Moving never collects VP markers."),
    N_("Red die: the robot fires a laser in the key's direction, straight or diagonal, with "
       "unlimited range. The beam hits the first robot or wall; pits and markers do not stop "
       "it. A diagonal beam passes through the corners of squares and is stopped by any wall "
       "that touches such a corner. A hit robot takes 1 damage; the 3rd damage destroys it "
       "and the shooter's operator gains 1 VP."),
    N_("3 Trigger: in the order of start numbers, every robot standing on a victory-point "
       "field takes all the markers lying there, 1 VP each."),
    N_("Playing here: drag a die onto a key, or click the die and then the key; choose its "
       "face with the buttons 1 to 6 or the number keys. Click a placed die to take it back. "
       "F1 shows these rules, Esc opens the menu, Space skips an animation. When several "
       "people share the screen, pass it on when asked: nobody sees another operator's "
       "controller."),
)


def rules_page() -> str:
    return "\n\n".join(_(p) for p in RULES_PARAGRAPHS) + " " + _(MUTE_HINT)


def points_label(amount: int) -> str:
    """What rises over a robot whose operator scores (VT-8.1, VT-6.4.5): "+1 VP"."""
    return _("+{n} VP").format(n=amount)
