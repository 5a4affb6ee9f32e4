"""Robot Master match controller: runs the Match, chance and bots, keeps a human's placement
tentative until it is confirmed, counts a match of several games, and keeps the solo
(STYLE.md §6.3). Pure: no pygame, no files (the solo best-scores table is
game/best_scores.py's).

The scene asks `decision()` which human must place now, builds its choices from
`legal()` (the state's legal actions) and hands one back with `propose()`; `take_back()`
undoes it and `confirm()` plays it. Nothing reaches the Match before `confirm()`, so a
take-back can never cross a draw or another player's move (STYLE.md §4.8, RM-4.6).
Chance and bots act one action per `step()`. The table does not call `step()` for a bot:
it asks `bot_turn()` for the decision due, lets a `BotThinker` (game/controllers/thinking.py)
make it in a worker thread while frames go on, and plays the answer with
`play_bot_choice()`, which refuses an answer about a position the game has left (a new game,
a restore)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from game.controllers.base import BotQuestion, MatchController
from game.controllers.base import Seat as Seat  # the seat's name where the scenes look for it
from game.core.types import CHANCE, TERMINAL, IllegalActionError, PlayerId
from game.robotmaster import (
    Event, GameEnded, MatchScore, PlaceCard, RobotMasterState, Rules, VARIANTS,
    new_game, team_of)
from game.robotmaster.actions import Action, action_from_dict, action_to_dict
from game.robotmaster.bots import FallbackBot, make_bot_or_fallback
from game.robotmaster.rules import GRID_CARDS

BOT_LEVELS = ("easy", "normal", "strong")
DEFAULT_MATCH_GAMES = 3
"""Games in a match when the setup does not say (RM-7.1: fixed before the match)."""


# -- bots thinking away from the frame -----------------------------------------------------------

@dataclass(frozen=True, eq=False)
class BotTurn(BotQuestion):
    """One bot decision (BotQuestion) with what that seat sees: plain data built afresh from
    the state (its lists are new), so a bot thinking in another thread never touches the
    live game."""

    observation: dict[str, Any]

    def think(self) -> Action:
        self.position_stream()
        action: Action = self.bot.choose(self.observation, self.player)
        return action


# -- the controller ---------------------------------------------------------------------------

class RobotMasterController(MatchController[RobotMasterState, Action, Event]):
    """A Robot Master game (and the match it belongs to) at one screen."""

    def __init__(self, variant: str, seats: Iterable[Seat], seed: int, *,
                 rules: Rules | None = None, games: int = DEFAULT_MATCH_GAMES,
                 first_player: PlayerId | None = None, rows_team: int | None = None,
                 bot_factory: Callable[[str, random.Random], Any] = make_bot_or_fallback
                 ) -> None:
        if variant not in VARIANTS:
            raise ValueError(f"unknown variant {variant!r}; known: {', '.join(VARIANTS)}")
        self.variant = variant
        self.seats: list[Seat] = list(seats)
        if len(self.seats) != VARIANTS[variant].players:
            raise ValueError(f"{variant} is for {VARIANTS[variant].players} player(s), "
                             f"got {len(self.seats)}")
        super().__init__(self.seats, seed, action_to_dict, action_from_dict)
        self.rules = rules or Rules()
        self.bot_factory = bot_factory
        self.games = max(1, games)
        self.score: MatchScore | None = None      # created once the first seats are drawn
        self.game_index = 0
        self.tentative: PlaceCard | None = None
        self.result_event: GameEnded | None = None
        self._first = first_player
        self._rows = rows_team
        self._start_game(first_player, rows_team)

    def _start_game(self, first_player: PlayerId | None, rows_team: int | None) -> None:
        state = new_game(self.variant, self.rules, first_player=first_player,
                         rows_team=rows_team)
        self._begin(state, self.seed * 1000 + self.game_index)
        self._seat_bots(("robot-master-bot", self.seed, self.game_index),
                        lambda p, rng: self.bot_factory(self.seats[p].bot or "normal", rng))
        self.tentative = None
        self.result_event = None

    # -- queries ---------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return len(self.seats)

    def hot_seat(self) -> bool:
        """More than one human shares the screen: hands hide between turns (GEN-4)."""
        return len(self.humans()) > 1

    def decision(self) -> PlayerId | None:
        """The human who must place a card now, or None (chance or a bot acts, or it is
        over)."""
        player = self.state.current_player
        if player in (CHANCE, TERMINAL) or self.seats[player].is_bot:
            return None
        return player

    def legal(self) -> list[PlaceCard]:
        """The placements the deciding human may choose from (empty when none decides)."""
        if self.decision() is None:
            return []
        return [a for a in self.state.legal_actions() if isinstance(a, PlaceCard)]

    def side_of(self, player: PlayerId) -> str | None:
        return self.state.side_of(player)

    def players_on(self, side: str) -> list[PlayerId]:
        """The seats that own `side` ("rows" or "columns"); empty before seats are drawn."""
        return [p for p in range(self.num_players) if self.state.side_of(p) == side]

    # -- a human's turn --------------------------------------------------------------------
    def propose(self, action: PlaceCard) -> None:
        """Lay `action` tentatively (it replaces an earlier tentative placement).

        Raises:
            IllegalActionError: if no human decides now or `action` is not legal.
        """
        if action not in self.legal():
            raise IllegalActionError(f"{action!r} is not a legal placement now")
        self.tentative = action

    def take_back(self) -> PlaceCard | None:
        """Lift the tentative placement back into the hand; return it (None if there was
        none)."""
        taken, self.tentative = self.tentative, None
        return taken

    def confirm(self) -> list[Event]:
        """Play the tentative placement. Raises IllegalActionError if there is none."""
        if self.tentative is None:
            raise IllegalActionError("there is no placement to confirm")
        action, self.tentative = self.tentative, None
        return self._play(action)

    # -- automatic actions -----------------------------------------------------------------
    def bot_turn(self) -> BotTurn | None:
        """The bot decision due now, to be made anywhere (a worker thread); None when chance,
        a human or nobody (the end) acts next."""
        if not self.needs_step() or self.state.current_player == CHANCE:
            return None
        player = self.state.current_player
        return BotTurn(player=player, bot=self.bots[player], match=self.match,
                       moves=len(self.match.log), observation=self.state.observation(player),
                       stream=self.bot_streams[player], position=(len(self.match.log),))

    def play_bot_choice(self, turn: BotTurn, action: Action) -> bool:
        """Play what `turn`'s bot chose. False, and nothing is played, when the game has moved
        on or was replaced since the question was asked (a stale answer)."""
        if not self.is_current(turn):
            return False
        legal = self.state.legal_actions()
        if action not in legal:  # never trust a bot with the rules
            action = legal[0]
        self._play(action)
        return True

    def step_chance(self) -> bool:
        """Play one chance action if chance is due. False otherwise."""
        if self.state.current_player != CHANCE or self.state.is_terminal():
            return False
        self._play(self.state.sample_chance(self.match.rng))
        return True

    def autoplay(self, placements: int, level: str = "normal") -> None:
        """Play `placements` cards, whoever is at turn: bots with their own bot, humans with a
        bot of `level` (screenshots and tests only). Chance acts in between as needed."""
        helper = FallbackBot(level, random.Random(f"robot-master-autoplay-{self.seed}"))
        done = 0
        while done < placements and not self.is_over():
            if self.step_chance():
                continue
            player = self.state.current_player
            bot = self.bots.get(player, helper)
            if player in self.bot_streams:
                self.bot_streams[player].at(len(self.match.log))
            action = bot.choose(self.state.observation(player), player)
            if action not in self.state.legal_actions():
                action = self.state.legal_actions()[0]
            self._play(action)
            done += 1
        self.run_automatic_chance()

    def run_automatic_chance(self) -> None:
        while self.step_chance():
            pass

    def _played(self, action: Action, events: list[Event]) -> None:
        """Count the match: its score starts once the first seats are drawn (RM-7)."""
        if self.score is None and self.state.first_player is not None \
                and self.variant != "solo":
            self.score = MatchScore(self.games, self.num_players, self.state.first_player,
                                    self.state.rows_team or 0)
        for event in events:
            if isinstance(event, GameEnded):
                self.result_event = event
                if self.score is not None and not self.score.is_over():
                    self.score.record(event.winner_team, event.margin)

    # -- the match -------------------------------------------------------------------------
    def match_over(self) -> bool:
        return self.score is None or self.score.is_over()

    def next_game(self) -> None:
        """Start the next game of the match (RM-7.5: first player and sides move on), or a new
        match once this one is over (solo: simply a new game)."""
        if self.score is None or self.score.is_over():
            self.score = None
            self.game_index += 1
            self._start_game(self._first, self._rows)
            return
        self.game_index += 1
        first, rows = self.score.seats_for_game(self.score.next_game)
        self._start_game(first, rows)

    # -- saves (STYLE.md §4.7: the setup, the seed and the action log) ----------------------
    def setup_data(self) -> dict[str, Any]:
        """What a save needs besides the log: seats, variant, seed, options, and where in
        the match this game is."""
        return {
            "players": [{"name": s.name, "colour": s.colour, "bot_level": s.bot}
                        for s in self.seats],
            "variant": self.variant, "board": None, "seed": self.seed,
            "options": {"games": self.games, "rules": self.rules.to_dict()},
            "robot_master": {"game_index": self.game_index,
                             "match": self.score.to_dict() if self.score else None,
                             "first_player": self._first, "rows_team": self._rows},
        }

    def restore(self, game_index: int, score: MatchScore | None,
                actions: Sequence[dict[str, Any]]) -> None:
        """Rebuild game `game_index` of the match from its action log (a save).

        Raises:
            ValueError / IllegalActionError: when the log does not replay.
        """
        self.start_replay(game_index, score_before_game(score, actions))
        self.play_saved_log(actions)
        if score is not None or game_index > 0:
            self.score = score

    def start_replay(self, game_index: int, score_before: MatchScore | None) -> None:
        """Game `game_index` from its first action, with the match score as it stood before
        that game (the replay viewer plays the logged actions onto it with `play_saved`,
        so the score records this game exactly when its last card lies)."""
        self.game_index = game_index
        first, rows = self._first, self._rows
        # The seats move on with the games of this match (RM-7.5); `game_index` also counts
        # the games of earlier matches, so the score's records say which game this is.
        if score_before is not None and score_before.records:
            first, rows = score_before.seats_for_game(len(score_before.records))
        self.score = (MatchScore.from_dict(score_before.to_dict())
                      if score_before is not None else None)
        self._start_game(first, rows)

    def team_names(self, team: int) -> list[str]:
        return [s.name for p, s in enumerate(self.seats) if team_of(p) == team]


def score_before_game(score: MatchScore | None,
                      actions: Sequence[Any]) -> MatchScore | None:
    """The match score as it stood when a saved game began: a save made after the game's
    last card already counts that game, so its record comes off again."""
    if score is None:
        return None
    placed = sum(1 for a in actions if isinstance(a, dict) and a.get("type") == "PlaceCard")
    before = MatchScore.from_dict(score.to_dict())
    if placed >= GRID_CARDS - 1 and before.records:   # the start card is not placed
        before.records.pop()
    return before
