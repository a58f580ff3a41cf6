"""Poker Squares: proven optimal placements with OR-Tools CP-SAT."""
from solver.poker.deal import order_from_pysol, order_from_seed, parse_order
from solver.poker.hands import CATEGORIES, TABLES, WIN_SCORES, category, hand_points, load_table
from solver.poker.rules import PokerRules
from solver.poker.solve import Hand, PokerResult, adjacency_ok, score_grid, solve

__all__ = ["CATEGORIES", "TABLES", "WIN_SCORES", "PokerRules", "PokerResult", "Hand", "category", "hand_points",
           "load_table", "score_grid", "solve", "adjacency_ok", "parse_order", "order_from_seed", "order_from_pysol"]
