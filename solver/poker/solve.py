"""Solving Poker Squares with CP-SAT, and scoring grids."""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence

from ortools.sat.python import cp_model

from solver.cards import card_str, is_joker
from solver.errors import DealError
from solver.poker.hands import WIN_SCORES, hand_points
from solver.poker.model import PokerModel, neighbours
from solver.poker.rules import PokerRules


@dataclass
class Hand:
    line: str
    cards: List[int]
    category: str
    points: int

    def to_json(self) -> dict:
        return {"line": self.line, "cards": [card_str(c) for c in self.cards], "hand": self.category,
                "points": self.points}


def score_grid(grid: Sequence[Sequence[Optional[int]]], rules: PokerRules) -> List[Hand]:
    """Every scored line of a full grid of cards, evaluated with the hand rules alone."""
    hands = []
    for name, cells in rules.lines():
        cards = [grid[r][c] for r, c in cells]
        if any(c is None for c in cards):
            raise DealError(f"the grid is not full: {name} has an empty cell")
        points, cat = hand_points(cards, rules.table)
        hands.append(Hand(name, cards, cat, points))
    return hands


@dataclass
class PokerResult:
    rules: PokerRules
    cards: List[int]
    grid: List[List[int]]          # the cards, row by row
    hands: List[Hand]
    score: int
    bound: int                     # no grid scores more (CP-SAT's proven bound)
    proven: bool
    stop_reason: str
    seconds: float
    placement: List[tuple] = field(default_factory=list)  # (card, row, col) in the order turned
    discarded: List[int] = field(default_factory=list)

    @property
    def won(self) -> Optional[bool]:
        win = WIN_SCORES.get(self.rules.table_name)
        return None if win is None else self.score >= win

    def to_json(self) -> dict:
        return {
            "game": "poker",
            "score": self.score,
            "proven": self.proven,
            "bound": self.bound,
            "stop_reason": self.stop_reason,
            "grid": [[card_str(c) for c in row] for row in self.grid],
            "hands": [h.to_json() for h in self.hands],
            "placement": [{"card": card_str(c), "row": r + 1, "column": k + 1} for c, r, k in self.placement],
            "discarded": [card_str(c) for c in self.discarded],
            "won": self.won,
            "seconds": round(self.seconds, 6),
            "rules": self.rules.to_json(),
            "cards": [card_str(c) for c in self.cards],
        }


class _Best(cp_model.CpSolverSolutionCallback):
    """Keeps the last (best) grid, so a stopped search still returns it."""

    def __init__(self, model: PokerModel):
        super().__init__()
        self.model = model
        self.grid = None

    def on_solution_callback(self):
        self.grid = self.model.grid_of(self.BooleanValue)


def check_cards(cards: Sequence[int], rules: PokerRules) -> None:
    need = rules.cards_turned
    if len(cards) != need:
        raise DealError(f"this game turns {need} cards, the order has {len(cards)}")
    real = [c for c in cards if not is_joker(c)]
    if len(set(real)) != len(real):
        dup = sorted({card_str(c) for c in real if real.count(c) > 1})
        raise DealError(f"duplicated card {' '.join(dup)} in the order")
    jokers = len(cards) - len(real)
    if jokers and not rules.joker:
        raise DealError("the order has a joker: add --joker")
    if jokers > 1:
        raise DealError("at most one joker")


def solve(cards: Sequence[int], rules: PokerRules = PokerRules(), timeout: float = 0.0,
          workers: int = 0, formulation: str = "auto", fixed: Dict[int, tuple] = None) -> PokerResult:
    """The best grid for the card order; proven when CP-SAT proves optimality.

    `fixed` (card index -> (row, col)) restricts the problem, for exhaustive checks."""
    cards = list(cards)
    check_cards(cards, rules)
    model = PokerModel(cards, rules, formulation=formulation, fixed=fixed)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers or 0   # 0: all cores
    solver.parameters.catch_sigint_signal = False  # Ctrl-C is ours: see below
    if timeout:
        solver.parameters.max_time_in_seconds = timeout
    best = _Best(model)
    outcome = {}
    finished = threading.Event()

    def run():
        try:
            outcome["status"] = solver.Solve(model.m, best)
        finally:
            finished.set()

    start = time.perf_counter()
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    interrupted = False
    # Wait on an Event, not on join(): a KeyboardInterrupt inside Thread.join() can leave
    # the thread marked stopped while it still runs (CPython 3.11).
    while not finished.is_set():
        try:
            finished.wait(0.05)
        except KeyboardInterrupt:  # stop the search cleanly and keep the best grid
            interrupted = True
        if interrupted:
            try:
                solver.StopSearch()
            except RuntimeError:  # CP-SAT is not searching yet (or any more): ask again
                pass
    thread.join()
    seconds = time.perf_counter() - start
    status = outcome.get("status")
    if best.grid is None:
        raise RuntimeError(f"CP-SAT found no grid (status {solver.StatusName(status)})")
    proven = status == cp_model.OPTIMAL
    reason = "complete" if proven else ("interrupted" if interrupted else "timeout")
    index_grid = best.grid
    grid = [[cards[i] for i in row] for row in index_grid]
    hands = score_grid(grid, rules)
    score = sum(h.points for h in hands)
    bound = score if proven else int(solver.BestObjectiveBound())
    placed_at = {i: (r, c) for r, row in enumerate(index_grid) for c, i in enumerate(row)}
    placement = [(cards[i], *placed_at[i]) for i in range(len(cards)) if i in placed_at]
    discarded = [cards[i] for i in range(len(cards)) if i not in placed_at]
    return PokerResult(rules=rules, cards=cards, grid=grid, hands=hands, score=score, bound=max(bound, score),
                       proven=proven, stop_reason=reason, seconds=seconds, placement=placement, discarded=discarded)


def adjacency_ok(placement: List[tuple]) -> bool:
    """Each card after the first touches (also diagonally) one placed before it."""
    seen = set()
    for n, (_, r, c) in enumerate(placement):
        if n and not any(q in seen for q in neighbours((r, c))):
            return False
        seen.add((r, c))
    return True


