"""Robot Master bots (pure): each reads `state.observation(player)` only and has its own
`random.Random`, never the Match's.

* easy: a random legal placement.
* normal: greedy on the score difference: the placement that leaves the best
  heuristic value of its own lines minus the opponent's (one ply).
* strong: searches over the cards it cannot see: it samples the hidden hands (and, in the
  five-card game, the pile) consistent with what it has seen (determinization), plays each
  of its best candidate moves out to the end in every sample with the greedy policy for all
  seats (flat Monte Carlo), and in the last placements searches the game tree exactly
  (alpha-beta to the final score) in every sample. Solo: expectimax over the next card.

The heuristic values a line by its guaranteed score (adding a card never lowers a line,
RM-5.2) plus part of the score it can still expect, and a side by a soft minimum of its five
lines, because the lowest line decides (RM-6.3)."""

from __future__ import annotations

import math
import random
from typing import Any, Callable, Mapping, Protocol, Sequence

from game.core.types import PlayerId, Pos
from game.robotmaster.actions import Action, PlaceCard
from game.robotmaster.rules import COPIES, GRID_CARDS, GRID_SIZE, VALUES, Rules, team_of
from game.robotmaster.grid import legal_cells
from game.robotmaster.scoring import compare_sides, group_score, line_score

LEVELS = ("easy", "normal", "strong")


class Bot(Protocol):
    def choose(self, observation: Mapping[str, Any], player: PlayerId) -> Action: ...


# -- line values ------------------------------------------------------------------------------

class LineTable:
    """Scores and heuristic values of a line by its value counts (memoised, 462 shapes)."""

    def __init__(self, rules: Rules, optimism: float = 0.5,
                 weights: Sequence[float] | None = None) -> None:
        self.unit = rules.five_kind_unit_values
        self.optimism = optimism
        total = sum(weights) if weights is not None else 0
        self.weights = ([w / total for w in weights] if weights is not None and total > 0
                        else [1 / len(VALUES)] * len(VALUES))
        self._score: dict[tuple[int, ...], int] = {}
        self._expect: dict[tuple[int, ...], float] = {}
        self._value: dict[tuple[int, ...], float] = {}
        self.empty = self.value((0,) * len(VALUES))

    def score(self, counts: tuple[int, ...]) -> int:
        s = self._score.get(counts)
        if s is None:
            s = sum(group_score(n, v, five_kind_unit_values=self.unit)
                    for v, n in enumerate(counts) if n)
            self._score[counts] = s
        return s

    def expect(self, counts: tuple[int, ...]) -> float:
        """The mean final score if the empty places are filled with random values drawn with
        `weights` (uniform unless given: the share of each value among the cards to come)."""
        e = self._expect.get(counts)
        if e is None:
            if sum(counts) >= GRID_SIZE:
                e = float(self.score(counts))
            else:
                e = sum(w * self.expect(_plus(counts, v))
                        for v, w in zip(VALUES, self.weights) if w > 0)
            self._expect[counts] = e
        return e

    def value(self, counts: tuple[int, ...]) -> float:
        """Guaranteed score plus `optimism` of what may still come."""
        h = self._value.get(counts)
        if h is None:
            floor = self.score(counts)
            h = floor + self.optimism * (self.expect(counts) - floor)
            self._value[counts] = h
        return h


def _plus(counts: tuple[int, ...], v: int) -> tuple[int, ...]:
    return counts[:v] + (counts[v] + 1,) + counts[v + 1:]


def softmin(values: Sequence[float], temperature: float) -> float:
    """A smooth minimum: close to min(values), but every low line counts a little."""
    low = min(values)
    return low - temperature * math.log(sum(math.exp((low - v) / temperature) for v in values))


# -- a fast board for search ------------------------------------------------------------------

_NEIGHBOURS = ((0, -1), (1, 0), (0, 1), (-1, 0))
_EMPTY = (0,) * len(VALUES)


class Board:
    """The table as counts per row and column, with place/undo (search only; the rules core
    stays the authority on legality)."""

    def __init__(self, cells: Mapping[tuple[int, int], int], fixed_centre: bool) -> None:
        self.cells: dict[tuple[int, int], int] = dict(cells)
        self.fixed_centre = fixed_centre
        self.rows: dict[int, tuple[int, ...]] = {}
        self.cols: dict[int, tuple[int, ...]] = {}
        for (x, y), v in self.cells.items():
            self.rows[y] = _plus(self.rows.get(y, _EMPTY), v)
            self.cols[x] = _plus(self.cols.get(x, _EMPTY), v)
        self._undo: list[tuple[int, int, tuple[int, ...] | None, tuple[int, ...] | None]] = []

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.cells = dict(self.cells)
        other.fixed_centre = self.fixed_centre
        other.rows = dict(self.rows)
        other.cols = dict(self.cols)
        other._undo = []
        return other

    def place(self, x: int, y: int, v: int) -> None:
        self._undo.append((x, y, self.rows.get(y), self.cols.get(x)))
        self.cells[(x, y)] = v
        self.rows[y] = _plus(self.rows.get(y, _EMPTY), v)
        self.cols[x] = _plus(self.cols.get(x, _EMPTY), v)

    def undo(self) -> None:
        x, y, row, col = self._undo.pop()
        del self.cells[(x, y)]
        if row is None:
            del self.rows[y]
        else:
            self.rows[y] = row
        if col is None:
            del self.cols[x]
        else:
            self.cols[x] = col

    def legal(self) -> list[tuple[int, int]]:
        """Legal cells (RM-4.2/4.3), sorted north to south, west to east."""
        cells = self.cells
        if self.fixed_centre:
            lo_x = lo_y = -(GRID_SIZE // 2)
            hi_x = hi_y = GRID_SIZE // 2
        else:
            lo_x, hi_x = max(self.cols) - GRID_SIZE + 1, min(self.cols) + GRID_SIZE - 1
            lo_y, hi_y = max(self.rows) - GRID_SIZE + 1, min(self.rows) + GRID_SIZE - 1
        found = set()
        for (x, y) in cells:
            for dx, dy in _NEIGHBOURS:
                q = (x + dx, y + dy)
                if q not in cells and lo_x <= q[0] <= hi_x and lo_y <= q[1] <= hi_y:
                    found.add(q)
        return sorted(found, key=lambda q: (q[1], q[0]))


# -- the heuristic ----------------------------------------------------------------------------

class Heuristic:
    """How good a (partial) table is for one side: soft minimum of its lines, mine minus
    theirs; in solo the soft minimum of all ten lines (RM-8.3.3)."""

    def __init__(self, rules: Rules, *, optimism: float = 0.5, temperature: float = 8.0,
                 weights: Sequence[float] | None = None) -> None:
        self.rules = rules
        self.lines = LineTable(rules, optimism, weights)
        self.temperature = temperature

    def side_value(self, lines: Mapping[int, tuple[int, ...]]) -> float:
        table = self.lines
        values = [table.value(c) for c in lines.values()]
        values += [table.empty] * (GRID_SIZE - len(values))
        return softmin(values, self.temperature)

    def evaluate(self, board: Board, side: str | None) -> float:
        if side is None:  # solo: every line counts
            table = self.lines
            values = [table.value(c) for c in board.rows.values()]
            values += [table.empty] * (GRID_SIZE - len(board.rows))
            values += [table.value(c) for c in board.cols.values()]
            values += [table.empty] * (GRID_SIZE - len(board.cols))
            return softmin(values, self.temperature)
        rows, cols = self.side_value(board.rows), self.side_value(board.cols)
        return rows - cols if side == "rows" else cols - rows


def final_utility(board: Board, side: str | None, rules: Rules) -> float:
    """Exact value of a full table for `side`: ±1000 for a win or loss plus the lowest-line
    difference (RM-6.3, RM-7.2); solo: the lowest line."""
    cache = _SCORES[rules.five_kind_unit_values]
    rows = [cache[c] if c in cache else _score_lines(c, rules) for c in board.rows.values()]
    cols = [cache[c] if c in cache else _score_lines(c, rules) for c in board.cols.values()]
    if side is None:
        return float(min(rows + cols))
    mine, theirs = (rows, cols) if side == "rows" else (cols, rows)
    low_mine, low_theirs = min(mine), min(theirs)
    if low_mine != low_theirs:
        base = 1000.0 if low_mine > low_theirs else -1000.0
    else:
        winner, _, _ = compare_sides(rows, cols)
        base = 0.0 if winner == "tie" else (1000.0 if winner == side else -1000.0)
    return base + low_mine - low_theirs


_SCORES: dict[bool, dict[tuple[int, ...], int]] = {False: {}, True: {}}


def _score_lines(counts: tuple[int, ...], rules: Rules) -> int:
    unit = rules.five_kind_unit_values
    score = sum(group_score(n, v, five_kind_unit_values=unit) for v, n in enumerate(counts) if n)
    _SCORES[unit][counts] = score
    return score


# -- reading an observation -------------------------------------------------------------------

class View:
    """What a bot knows, read from `observation(player)` only."""

    def __init__(self, obs: Mapping[str, Any], player: PlayerId) -> None:
        self.player = player
        self.variant: str = obs["variant"]
        self.rules = Rules.from_dict(obs["rules"])
        self.num_players: int = obs["num_players"]
        self.side: str | None = obs["side"]
        self.rows_team: int | None = obs["rows_team"]
        self.cells = {(x, y): v for x, y, v, _ in obs["placements"]}
        self.hand: list[int] = list(obs["hand"])
        self.hand_sizes: list[int] = list(obs["hand_sizes"])
        self.revealed: int | None = obs["revealed"]
        self.pile: int = obs["pile"]
        unseen = [COPIES] * len(VALUES)
        for v in list(self.cells.values()) + self.hand:
            unseen[v] -= 1
        if self.revealed is not None:
            unseen[self.revealed] -= 1
        self.unseen = unseen
        """Cards this player has not seen: the other hands and the pile."""

    def my_values(self) -> list[int]:
        if self.variant == "solo":
            return [self.revealed] if self.revealed is not None else []
        return sorted(set(self.hand))

    def side_of(self, player: PlayerId) -> str | None:
        if self.rows_team is None or self.variant == "solo":
            return None
        return "rows" if team_of(player) == self.rows_team else "columns"


def _actions(view: View, board: Board) -> list[PlaceCard]:
    cells = board.legal()
    return [PlaceCard(view.player, v, Pos(x, y)) for v in view.my_values() for (x, y) in cells]


# -- the bots ---------------------------------------------------------------------------------

class RandomBot:
    """easy: any legal placement, uniformly."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, observation: Mapping[str, Any], player: PlayerId) -> Action:
        view = View(observation, player)
        return self.rng.choice(_actions(view, Board(view.cells, view.rules.fixed_centre_start)))


class GreedyBot:
    """normal: the placement with the best heuristic score difference after it (one ply);
    ties are broken at random."""

    def __init__(self, rng: random.Random, heuristic: Heuristic | None = None) -> None:
        self.rng = rng
        self.heuristic = heuristic

    def choose(self, observation: Mapping[str, Any], player: PlayerId) -> Action:
        view = View(observation, player)
        h = self.heuristic or Heuristic(view.rules)
        board = Board(view.cells, view.rules.fixed_centre_start)
        scored = _rank(board, _actions(view, board), h, view.side)
        best = scored[0][0]
        return self.rng.choice([a for s, a in scored if s >= best - 1e-9])


def _rank(board: Board, actions: Sequence[PlaceCard], h: Heuristic, side: str | None
          ) -> list[tuple[float, PlaceCard]]:
    scored = []
    for a in actions:
        board.place(a.cell.x, a.cell.y, a.value)
        scored.append((h.evaluate(board, side), a))
        board.undo()
    scored.sort(key=lambda t: -t[0])
    return scored


class _FastGreedy:
    """The greedy policy for rollouts: soft minimum kept as a sum of exponentials, so one
    candidate costs two table lookups."""

    def __init__(self, h: Heuristic) -> None:
        self.h = h
        self.t = h.temperature
        self._exp: dict[tuple[int, ...], float] = {}

    def weight(self, counts: tuple[int, ...]) -> float:
        w = self._exp.get(counts)
        if w is None:
            w = math.exp(-self.h.lines.value(counts) / self.t)
            self._exp[counts] = w
        return w

    def move(self, board: Board, values: Sequence[int], side: str | None,
             rng: random.Random) -> tuple[int, int, int]:
        """(x, y, value) of the greedy placement for `side` (solo: None)."""
        empty = self.weight(_EMPTY)
        rows, cols = board.rows, board.cols
        er = sum(self.weight(c) for c in rows.values()) + (GRID_SIZE - len(rows)) * empty
        ec = sum(self.weight(c) for c in cols.values()) + (GRID_SIZE - len(cols)) * empty
        best = -math.inf
        choice: list[tuple[int, int, int]] = []
        for (x, y) in board.legal():
            row = rows.get(y, _EMPTY)
            col = cols.get(x, _EMPTY)
            base_r = er - self.weight(row)
            base_c = ec - self.weight(col)
            for v in values:
                new_r = base_r + self.weight(_plus(row, v))
                new_c = base_c + self.weight(_plus(col, v))
                if side == "rows":
                    score = math.log(new_c) - math.log(new_r)
                elif side == "columns":
                    score = math.log(new_r) - math.log(new_c)
                else:
                    score = -math.log(new_r + new_c)
                if score > best + 1e-12:
                    best, choice = score, [(x, y, v)]
                elif score >= best - 1e-12:
                    choice.append((x, y, v))
        return choice[rng.randrange(len(choice))] if len(choice) > 1 else choice[0]


class SearchBot:
    """strong: search over the cards it cannot see (see the module docstring).

    Mid-game: flat Monte Carlo over the `width` best moves by the heuristic. Each rollout
    deals the unseen cards at random (a determinization), then plays the game out with the
    greedy policy for every seat; a move's value is its mean final result (±1000 for a win or
    loss plus the lowest-line difference). Every move is tried on the same deals. About
    `budget` rollout placements are spent per decision (at least `min_rollouts` rollouts per
    move). End game: exact alpha-beta to the final score in `exact_samples` deals, once at
    most `exact_plies` placements remain and the tree holds at most `exact_budget` nodes.
    Solo: expectimax over the next card. `temperature` is its heuristic's soft minimum; the
    default 8 is the normal bot's, so the rollouts play the normal policy for every seat
    (one step of policy improvement over it). Measured (bench, standard game): rollouts with
    8 beat normal far more often than with 25 (0.95 against 0.77), and the two strong
    versions are about even against each other (0.54 for 8, 100 games)."""

    def __init__(self, rng: random.Random, *, width: int = 8, budget: int = 4000,
                 min_rollouts: int = 6, exact_plies: int = 6, exact_budget: int = 60_000,
                 exact_samples: int = 6, temperature: float = 8.0,
                 heuristic: Heuristic | None = None) -> None:
        self.rng = rng
        self.width = width
        self.budget = budget
        self.min_rollouts = min_rollouts
        self.exact_samples = exact_samples
        self.exact_plies = exact_plies
        self.exact_budget = exact_budget
        self.temperature = temperature
        self.heuristic = heuristic

    def choose(self, observation: Mapping[str, Any], player: PlayerId) -> Action:
        view = View(observation, player)
        h = self.heuristic or Heuristic(view.rules, temperature=self.temperature)
        board = Board(view.cells, view.rules.fixed_centre_start)
        actions = _actions(view, board)
        if len(actions) == 1:
            return actions[0]
        if view.variant == "solo":
            return self._solo(view, board, actions, h)
        remaining = GRID_CARDS - len(board.cells)
        if remaining <= self.exact_plies and self._tree_size(view, board) <= self.exact_budget:
            return self._exact(view, board, actions)
        return self._monte_carlo(view, board, actions, h)

    def _monte_carlo(self, view: View, board: Board, actions: list[PlaceCard],
                     h: Heuristic) -> Action:
        ranked = _rank(board, actions, h, view.side)
        candidates = [a for _, a in ranked[:self.width]]
        remaining = GRID_CARDS - len(board.cells)
        rollouts = max(self.min_rollouts, self.budget // (remaining * len(candidates)))
        policy = _FastGreedy(h)
        totals = [0.0] * len(candidates)
        for _ in range(rollouts):
            hands, pile = self._deal(view)
            seed = self.rng.random()
            for i, a in enumerate(candidates):
                totals[i] += self._rollout(view, board, hands, pile, a, policy,
                                           random.Random(seed))
        best = max(totals)
        return self.rng.choice([a for a, t in zip(candidates, totals) if t >= best - 1e-9])

    @staticmethod
    def _rollout(view: View, board: Board, hands: list[list[int]], pile: list[int],
                 first: PlaceCard, policy: _FastGreedy, rng: random.Random) -> float:
        """Play `first`, then greedy for every seat to the end; the final utility. (A seat
        with no card left, possible only in a hand-built position, ends the rollout with the
        heuristic value.)"""
        b = board.copy()
        hands = [list(hand) for hand in hands]
        pile = list(pile)
        n = view.num_players
        sides = [view.side_of(p) for p in range(n)]
        player = view.player
        x, y, v = first.cell.x, first.cell.y, first.value
        while True:
            hands[player].remove(v)
            if view.variant == "five_card" and pile and len(b.cells) + 1 < GRID_CARDS:
                hands[player].append(pile.pop())       # RM-8.1.2 / 8.1.4
            b.place(x, y, v)
            if len(b.cells) >= GRID_CARDS:
                break
            player = (player + 1) % n
            if not hands[player]:
                return policy.h.evaluate(b, view.side)
            x, y, v = policy.move(b, sorted(set(hands[player])), sides[player], rng)
        return final_utility(b, view.side, view.rules)

    # solo: expectimax over the next card (RM-8.3.4: no look-ahead, so only its distribution)
    def _solo(self, view: View, board: Board, actions: list[PlaceCard], h: Heuristic) -> Action:
        ranked = _rank(board, actions, h, None)
        candidates = [a for _, a in ranked[:self.width]]
        total = sum(view.unseen)
        scores = []
        for a in candidates:
            board.place(a.cell.x, a.cell.y, a.value)
            if len(board.cells) >= GRID_CARDS or total == 0:
                score = (final_utility(board, None, view.rules) if len(board.cells) >= GRID_CARDS
                         else h.evaluate(board, None))
            else:
                score = 0.0
                cells = board.legal()
                for v, n in enumerate(view.unseen):
                    if not n:
                        continue
                    best = -math.inf
                    for (x, y) in cells:
                        board.place(x, y, v)
                        best = max(best, h.evaluate(board, None)
                                   if len(board.cells) < GRID_CARDS
                                   else final_utility(board, None, view.rules))
                        board.undo()
                    score += n / total * best
            board.undo()
            scores.append(score)
        top = max(scores)
        return self.rng.choice([a for a, s in zip(candidates, scores) if s >= top - 1e-9])

    # exact search to the end of the game, averaged over samples of the hidden cards
    def _tree_size(self, view: View, board: Board) -> int:
        remaining = GRID_CARDS - len(board.cells)
        empty = remaining
        size, total = 1, 0
        sizes = list(view.hand_sizes)
        for ply in range(remaining):
            p = (view.player + ply) % view.num_players
            values = min(max(sizes[p], 1), len(VALUES))
            size *= values * empty
            total += size
            empty -= 1
            if view.variant != "five_card":
                sizes[p] -= 1
        return total * self.exact_samples

    def _exact(self, view: View, board: Board, actions: list[PlaceCard]) -> Action:
        totals = [0.0] * len(actions)
        for _ in range(self.exact_samples):
            hands, pile = self._deal(view)
            for i, a in enumerate(actions):
                hands[view.player].remove(a.value)
                drawn = self._draw(view, board, hands, pile, view.player)
                board.place(a.cell.x, a.cell.y, a.value)
                totals[i] += self._search(view, board, hands, pile,
                                          (view.player + 1) % view.num_players,
                                          -math.inf, math.inf)
                board.undo()
                self._undraw(hands, pile, view.player, drawn)
                hands[view.player].append(a.value)
        best = max(totals)
        return self.rng.choice([a for a, t in zip(actions, totals) if t >= best - 1e-9])

    def _search(self, view: View, board: Board, hands: list[list[int]], pile: list[int],
                player: int, alpha: float, beta: float) -> float:
        if len(board.cells) >= GRID_CARDS:
            return final_utility(board, view.side, view.rules)
        maximise = view.side_of(player) == view.side
        best = -math.inf if maximise else math.inf
        hand = hands[player]
        for v in sorted(set(hand)):
            for (x, y) in board.legal():
                hand.remove(v)
                drawn = self._draw(view, board, hands, pile, player)
                board.place(x, y, v)
                value = self._search(view, board, hands, pile, (player + 1) % view.num_players,
                                     alpha, beta)
                board.undo()
                self._undraw(hands, pile, player, drawn)
                hand.append(v)
                if maximise:
                    best = max(best, value)
                    alpha = max(alpha, value)
                else:
                    best = min(best, value)
                    beta = min(beta, value)
                if alpha >= beta:
                    return best
        return best

    @staticmethod
    def _draw(view: View, board: Board, hands: list[list[int]], pile: list[int],
              player: int) -> int | None:
        """Called just before the card goes down. RM-8.1.2: draw after placing; no draw after
        the card that completes the grid (RM-8.1.4)."""
        if view.variant != "five_card" or not pile or len(board.cells) + 1 >= GRID_CARDS:
            return None
        card = pile.pop()
        hands[player].append(card)
        return card

    @staticmethod
    def _undraw(hands: list[list[int]], pile: list[int], player: int, drawn: int | None) -> None:
        if drawn is not None:
            hands[player].remove(drawn)
            pile.append(drawn)

    def _deal(self, view: View) -> tuple[list[list[int]], list[int]]:
        """One determinization: the other hands and the pile order, drawn uniformly from the
        cards this player has not seen."""
        pool = [v for v, n in enumerate(view.unseen) for _ in range(n)]
        self.rng.shuffle(pool)
        hands: list[list[int]] = []
        for p, size in enumerate(view.hand_sizes):
            if p == view.player:
                hands.append(list(view.hand))
            else:
                hands.append(pool[:size])
                del pool[:size]
        return hands, pool



def make_bot(level: str, rng: random.Random) -> Bot:
    """The bot for a setup level: "easy", "normal" or "strong".

    Raises:
        ValueError: for an unknown level.
    """
    factories: dict[str, Callable[[random.Random], Bot]] = {
        "easy": RandomBot, "normal": GreedyBot, "strong": SearchBot}
    if level not in factories:
        raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    return factories[level](rng)


# -- a plain bot for levels nobody knows ------------------------------------------------------

def _cells_of(observation: Mapping[str, Any]) -> dict[Pos, int]:
    return {Pos(x, y): v for x, y, v, _ in observation["placements"]}


def _candidates(observation: Mapping[str, Any], player: PlayerId) -> list[PlaceCard]:
    """Every placement `player` may make, from what the observation shows (RM-4.2/4.3)."""
    rules = Rules.from_dict(observation["rules"])
    cells = legal_cells(_cells_of(observation), fixed_centre=rules.fixed_centre_start)
    values = ([observation["revealed"]] if observation["variant"] == "solo"
              else sorted(set(observation["hand"])))
    return [PlaceCard(player, v, c) for v in values if v is not None for c in cells]


class FallbackBot:
    """A small bot for when the rules package's bots are not there: `easy` plays a random
    legal placement; `normal` and `strong` place where the card helps their own lines most
    and the opponent's least (partial line scores are lower bounds, RM-5.2)."""

    def __init__(self, level: str, rng: random.Random) -> None:
        self.level = level
        self.rng = rng

    def choose(self, observation: Mapping[str, Any], player: PlayerId) -> Action:
        actions = _candidates(observation, player)
        if self.level == "easy" or len(actions) == 1:
            return self.rng.choice(actions)
        cells = _cells_of(observation)
        side = observation.get("side")
        rules = Rules.from_dict(observation["rules"])
        best: list[PlaceCard] = []
        best_value = float("-inf")
        for action in actions:
            value = self._value(cells, action, side, rules)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return self.rng.choice(best)

    def _value(self, cells: dict[Pos, int], action: PlaceCard, side: str | None,
               rules: Rules) -> float:
        cell = action.cell
        row = [v for p, v in cells.items() if p.y == cell.y]
        col = [v for p, v in cells.items() if p.x == cell.x]
        row_gain = line_score(row + [action.value], rules) - line_score(row, rules)
        col_gain = line_score(col + [action.value], rules) - line_score(col, rules)
        # Weak lines matter most: the lowest line decides (RM-6.3).
        row_weight = 1.0 / (1 + line_score(row, rules) / 20)
        col_weight = 1.0 / (1 + line_score(col, rules) / 20)
        if side == "rows":
            return row_gain * row_weight - col_gain * col_weight
        if side == "columns":
            return col_gain * col_weight - row_gain * row_weight
        return min(row_gain * row_weight, col_gain * col_weight) + (row_gain + col_gain) * 0.01


def make_bot_or_fallback(level: str, rng: random.Random) -> Bot:
    """The bot for a setup level (`make_bot`), or `FallbackBot` for a level it does not know
    (a save from a newer version)."""
    try:
        return make_bot(level, rng)
    except (TypeError, ValueError, KeyError):
        return FallbackBot(level, rng)
