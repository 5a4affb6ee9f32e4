"""Robot Master (Reiner Knizia): a pure rules package (RULES.md RM-1..RM-8).

No pygame, no file I/O outside `files.py` (through the data gate), no global random."""

from game.robotmaster.actions import (
    ACTION_TYPES, Action, ChooseSeats, DealCard, DrawCard, PlaceCard, RevealCard, TurnStartCard,
    action_from_dict, action_to_dict)
from game.robotmaster.events import (
    CardDealt, CardDrawn, CardPlaced, CardRevealed, Event, GameEnded, SeatsChosen,
    StartCardTurned)
from game.robotmaster.rules import RULE_NAMES, VARIANTS, Rules, team_of
from game.robotmaster.scoring import (
    BestScore, GameResult, LineBreakdown, LineGroup, compare_sides, format_breakdown,
    line_breakdown, line_score, merge_best_score, score_grid)
from game.robotmaster.series import MatchScore
from game.robotmaster.state import (
    RobotMasterState, load_game, new_game, replay, save_game)

__all__ = [
    "ACTION_TYPES", "Action", "BestScore", "CardDealt", "CardDrawn", "CardPlaced",
    "CardRevealed", "ChooseSeats", "DealCard", "DrawCard", "Event", "GameEnded", "GameResult",
    "LineBreakdown", "LineGroup", "MatchScore", "PlaceCard", "RULE_NAMES", "RevealCard",
    "RobotMasterState", "Rules", "SeatsChosen", "StartCardTurned", "TurnStartCard", "VARIANTS",
    "action_from_dict", "action_to_dict", "compare_sides", "format_breakdown",
    "line_breakdown", "line_score", "load_game", "merge_best_score", "new_game", "replay",
    "save_game", "score_grid", "team_of",
]
