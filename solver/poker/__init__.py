"""Poker Squares: proven optimal placements with OR-Tools CP-SAT.

`solve` and `PokerResult` load OR-Tools (about a second) only when first used, so
that commands of the other games start quickly."""
from solver.poker.arrange import adjacency_ok
from solver.poker.deal import order_from_pysol, order_from_seed, parse_order
from solver.poker.hands import CATEGORIES, TABLES, WIN_SCORES, category, hand_points, load_table
from solver.poker.rules import PokerRules
from solver.poker.score import Hand, score_grid

__all__ = ["CATEGORIES", "TABLES", "WIN_SCORES", "PokerRules", "PokerResult", "Hand", "category", "hand_points",
           "load_table", "score_grid", "solve", "adjacency_ok", "parse_order", "order_from_seed", "order_from_pysol"]


def __getattr__(name):
    if name in ("solve", "PokerResult"):
        from solver.poker import optimum
        return getattr(optimum, name)
    raise AttributeError(f"module 'solver.poker' has no attribute {name!r}")
