"""The real game of Poker Squares: each card placed before the next is turned.

The player sees the grid so far, the card in hand, and which cards are still unseen
(the deck less everything turned); never the order to come.

Players:
* `greedy`: the card to the legal cell where the grid's partial hands look best
  (greedy.py); it never discards.
* `values`: the card to the legal cell whose lines gain the most learned worth: what a
  partial line of that kind (pair, four to a flush, ...) ends up scoring on average
  under this table, learned at start-up by self-play in the core (LineValues in
  solver/core/poker.hpp; LEARN_GAMES games, a count: the same values on any machine).
  Any table, a custom one included, learns its own.  It never discards.
* `search`: every legal cell (and a discard, where one is left) tried by rollouts in
  the core: the rest of the game dealt from the unseen cards and played out by the
  values player, the final grid scored, the best mean taken.  Alike cells (the same
  cell of two empty rows, say) are tried once, and successive halving spends the later
  rollouts on the better half of the choices.  For the last five cells (four with a
  joker in play) the means are exact instead: every order the unseen cards may come
  in, each later card placed at its best (poker.hpp's kExactCells).  Its budget is a
  count of rollout rounds a card (`rollouts`: what an even spread would give each
  choice; the same game on any machine, from the sampler seed and the card's number)
  or a time a game (`seconds_per_game`, spread over the cards still to come; the
  start-up learning not counted).

Every grid a player makes is scored again by the hand rules alone (score.py).
"""
from __future__ import annotations

import functools
import json
import time
from dataclasses import dataclass, field
from typing import List, Optional, Sequence, Tuple

from solver import _core
from solver.cards import PLAIN, CardStyle, card_str, is_joker, parse_card
from solver.errors import DealError, OptionError
from solver.limits import Limits
from solver.poker.deal import placement_token
from solver.poker.greedy import greedy_cell
from solver.poker.hands import CATEGORIES, WIN_SCORES
from solver.poker.rules import PLACED, SIZE, PokerRules
from solver.poker.score import grid_lines, score_grid
from solver.shuffle import decision_seed

PLAYERS = ("greedy", "values", "search")
LEARN_GAMES = 50_000    # self-play games that learn a table's line values (about 5 s, once a table)
LEARN_SEED = 1
DEFAULT_SECONDS = 30.0  # a game's decision time in the published competitions
DISCARD = -1


def core_rules(rules: PokerRules) -> dict:
    return {"points": [rules.table[c] for c in CATEGORIES], "diagonals": rules.diagonals,
            "first_top_left": rules.first_top_left, "adjacent": rules.adjacent, "rows_only": rules.rows_only}


def line_values(rules: PokerRules):
    """The table's learned line values (learned once a process, then kept)."""
    return _learned(json.dumps(core_rules(rules), sort_keys=True), LEARN_GAMES)


@functools.lru_cache(maxsize=16)
def _learned(rules_json: str, games: int):
    return _core.poker_learn(json.loads(rules_json), games, LEARN_SEED)


def deck_of(rules: PokerRules) -> List[int]:
    return list(range(52)) + ([52] if rules.joker else [])


def unseen_cards(rules: PokerRules, seen: Sequence[int]) -> List[int]:
    """The deck less the cards seen, in sorted order (their true order never leaks)."""
    shown = set(seen)
    return sorted(c for c in deck_of(rules) if c not in shown)


@dataclass
class CellValue:
    cell: int      # 0..24 row by row, or DISCARD
    mean: float
    stderr: float
    rollouts: int
    exact: bool = False  # the mean computed over every way the game can go on, not sampled

    def name(self) -> str:
        return "discard" if self.cell == DISCARD else f"row {self.cell // SIZE + 1}, column {self.cell % SIZE + 1}"

    def to_json(self) -> dict:
        where = None if self.cell == DISCARD else {"row": self.cell // SIZE + 1, "column": self.cell % SIZE + 1}
        return {"cell": where, "discard": self.cell == DISCARD, "expected_score": round(self.mean, 4),
                "stderr": round(self.stderr, 4), "rollouts": self.rollouts, "exact": self.exact}


def value_cells(grid: Sequence[Optional[int]], card: int, seen: Sequence[int], to_come: int, discards_left: int,
                rules: PokerRules, rounds: int, seconds: float, seed: int,
                exact_cells: Optional[int] = None) -> List[CellValue]:
    """The card's choices valued by the core's rollouts (exactly near the end of the
    game: up to `exact_cells` empty cells, the core's own choice by default), best first."""
    cells = [-1 if c is None else c for c in grid]
    exact = {} if exact_cells is None else {"exact_cells": exact_cells}
    raw = _core.poker_values(cells, card, unseen_cards(rules, seen), to_come, discards_left, core_rules(rules),
                             rounds, seconds, seed, line_values(rules), **exact)
    return [CellValue(*r) for r in raw]


@dataclass
class PlayedGrid:
    """A game placed card by card without seeing ahead: the grid, the placement and
    discards, its score (the hand rules alone), and the optimum of the same order."""
    player: str
    rules: PokerRules
    order: List[int]
    grid: List[List[int]]
    placement: List[Tuple[int, int, int]]  # (card, row, column) in the order turned, 0-based
    discarded: List[int]
    score: int
    source: str = ""
    optimum: Optional[int] = None
    optimum_proven: bool = False
    seconds: float = 0.0                   # the player's decision time
    hands: list = field(default_factory=list, repr=False)

    @property
    def won(self) -> Optional[bool]:
        win = WIN_SCORES.get(self.rules.table_name)
        return None if win is None else self.score >= win

    @property
    def cost_of_not_knowing(self) -> Optional[int]:
        return None if self.optimum is None else self.optimum - self.score

    def to_json(self) -> dict:
        return {"game": "poker", "source": self.source, "rules": self.rules.to_json(), "player": self.player,
                "cards": [card_str(c) for c in self.order], "grid": [[card_str(c) for c in row] for row in self.grid],
                "placement": [{"card": card_str(c), "row": r + 1, "column": k + 1} for c, r, k in self.placement],
                "discarded": [card_str(c) for c in self.discarded],
                "line": [placement_token(*p) for p in self.placement], "value": self.score, "maximise": True,
                "score": self.score, "won": self.won,
                "hands": [h.to_json() for h in self.hands], "optimum": self.optimum,
                "optimum_proven": self.optimum_proven, "value_of_information": self.cost_of_not_knowing,
                "seconds": round(self.seconds, 3)}

    def summary_lines(self, style: CardStyle = PLAIN) -> List[str]:
        lines = [f"Poker Squares, {self.source or 'order'}: {self.rules.describe()}; played by {self.player} "
                 "(each card placed before the next is seen)"]
        lines += grid_lines(self.grid, self.hands, style)
        if self.discarded:
            lines.append("Discarded: " + " ".join(style.card(c) for c in self.discarded))
        win = WIN_SCORES.get(self.rules.table_name)
        verdict = "" if win is None else f"; the book's win ({win}) is {'reached' if self.won else 'missed'}"
        lines.append(f"Score {self.score}{verdict}; {self.seconds:.1f} s of decisions")
        if self.optimum is not None:
            proof = "proven optimal" if self.optimum_proven else "best found, not proven"
            lines.append(f"With the order known: {self.optimum} ({proof}); not seeing ahead cost "
                         f"{self.cost_of_not_knowing} point(s)")
        return lines


def play(order: Sequence[int], rules: PokerRules, *, player: str = "search", rollouts: Optional[int] = None,
         seconds_per_game: float = DEFAULT_SECONDS, sampler_seed: int = 1, source: str = "",
         optimum: bool = True, limits: Limits = Limits(threads=0)) -> PlayedGrid:
    """Play the order card by card: the player chooses from what it has seen; the table
    (this function) turns the cards.  `rollouts` (rounds a card) makes the budget a
    count, else `seconds_per_game` is shared over the cards.  With `optimum`, the order
    is also solved (CP-SAT, within `limits`) for the comparison."""
    if player not in PLAYERS:
        raise OptionError(f"unknown player {player!r} (choose from {', '.join(PLAYERS)})")
    if rollouts is not None and rollouts < 1:
        raise OptionError("rollouts must be at least 1")
    order = list(order)
    if len(order) != rules.cards_turned:
        raise DealError(f"this game turns {rules.cards_turned} cards, the order has {len(order)}")
    grid: List[Optional[int]] = [None] * (SIZE * SIZE)
    placement, discarded, seen = [], [], []
    if player != "greedy":
        line_values(rules)  # learned before the clock starts: start-up, not the game's time
    start = time.perf_counter()
    for step, card in enumerate(order):
        if len(placement) == PLACED:  # the grid is full: the cards left are the discards
            discarded.append(card)
            continue
        seen.append(card)
        to_come = len(order) - step - 1
        if player == "greedy":
            cell = _greedy(grid, card, rules, placement)
        elif player == "values":
            cell = _core.poker_policy([-1 if c is None else c for c in grid], card, core_rules(rules),
                                      line_values(rules), decision_seed(sampler_seed, step))
        else:
            budget = 0.0 if rollouts else _share(seconds_per_game, start, PLACED - len(placement))
            best = value_cells(grid, card, seen, to_come, rules.discards - len(discarded), rules,
                               rollouts or 10**9, budget, decision_seed(sampler_seed, step))[0]
            cell = best.cell
        if cell == DISCARD:
            discarded.append(card)
        else:
            grid[cell] = card
            placement.append((card, cell // SIZE, cell % SIZE))
    rows = [grid[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)]
    hands = score_grid(rows, rules)
    played = PlayedGrid(player=player, rules=rules, order=order, grid=rows, placement=placement,
                        discarded=discarded, score=sum(h.points for h in hands), source=source,
                        seconds=time.perf_counter() - start, hands=hands)
    if optimum:
        from solver.poker.optimum import solve
        best = solve(order, rules, limits=limits)
        played.optimum, played.optimum_proven = best.score, best.proven
    return played


def _share(seconds: float, start: float, cards_left: int) -> float:
    """This card's share of what is left of the game's time (a round at least runs)."""
    left = seconds - (time.perf_counter() - start)
    return max(left / max(cards_left, 1), 1e-6)


def _greedy(grid: List[Optional[int]], card: int, rules: PokerRules, placement) -> int:
    rows = [grid[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)]
    r, c = greedy_cell(rows, card, rules, [(r, c) for _, r, c in placement])
    return r * SIZE + c


@dataclass
class PokerHint:
    grid: List[Optional[int]]
    card: int
    values: List[CellValue]
    rules: PokerRules
    to_come: int = 0    # the cards still to be turned after this one: unknown

    @property
    def exact(self) -> bool:
        """Every figure computed, none sampled (near the end of a game: value_cells)."""
        return bool(self.values) and all(v.exact for v in self.values)

    def to_json(self) -> dict:
        return {"game": "poker", "rules": self.rules.to_json(), "card": card_str(self.card), "unknown": self.to_come,
                "exact": self.exact,
                "moves": [v.to_json() for v in self.values]}

    def summary_lines(self) -> List[str]:
        if self.exact:
            lines = [f"Poker Squares: where to put {card_str(self.card)} (exact: each the mean final score over "
                     "every order the unseen cards may come in, each placed at its best)"]
        else:
            lines = [f"Poker Squares: where to put {card_str(self.card)} (estimates: each the mean final score were "
                     "the rest played by the quick policy; alike cells share one; the weaker choices were dropped "
                     "after fewer rollouts)"]
        for i, v in enumerate(self.values, 1):
            figures = "(exact)" if v.exact else f"+- {v.stderr:.2f} ({v.rollouts} rollouts)"
            lines.append(f"{i:3d}. {v.name()}: expected score {v.mean:.2f} {figures}")
        return lines


def parse_partial_grid(text: str, rules: PokerRules) -> List[Optional[int]]:
    """25 cells row by row: a card, or '--' (also '..', '__') for an empty cell.  Raises
    DealError for a grid of another size or with a card twice."""
    tokens = text.replace(",", " ").replace("|", " ").split()
    if len(tokens) != SIZE * SIZE:
        raise DealError(f"a grid is 25 cells, row by row ('--' for an empty one); this one has {len(tokens)}")
    cells = [None if t in ("--", "..", "__", "-") else parse_card(t, jokers=rules.joker) for t in tokens]
    real = [c for c in cells if c is not None]
    if len(set(real)) != len(real):
        raise DealError("the grid has a card twice")
    return cells


def hint(grid: Sequence[Optional[int]], card: int, rules: PokerRules, discarded: Sequence[int] = (),
         rollouts: int = 2000, sampler_seed: int = 1) -> PokerHint:
    """The cells for `card` ranked by the mean final score of rollouts (exact near the
    end of the game: value_cells).  Raises DealError for a card already seen, a joker
    the rules do not have, or a full grid."""
    placed = [c for c in grid if c is not None]
    if card in placed or card in discarded:
        raise DealError(f"{card_str(card)} is already on the grid or discarded")
    if is_joker(card) and not rules.joker:
        raise DealError("the card is a joker: add --joker")
    if len(discarded) > rules.discards:
        raise DealError(f"{len(discarded)} card(s) discarded, but the game allows {rules.discards}")
    if len(placed) == PLACED:
        raise DealError("the grid is full")
    seen = placed + list(discarded) + [card]
    to_come = rules.cards_turned - len(seen)
    values = value_cells(list(grid), card, seen, to_come, rules.discards - len(discarded), rules, rollouts, 0.0,
                         decision_seed(sampler_seed, len(seen)))
    return PokerHint(list(grid), card, values, rules, to_come)
