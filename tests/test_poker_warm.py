"""Poker Squares warm start: the quick grid CP-SAT starts from (solver/poker/warm.py)."""
import importlib

import pytest
from ortools.sat.python import cp_model

from solver.poker import PokerRules, order_from_seed, score_grid, solve
from solver.poker.model import PokerModel
from solver.poker.warm import canonical, good_grid

solve_module = importlib.import_module("solver.poker.solve")

# The rules solve() starts from a warm grid under (with the model's symmetry breaking).
RULES = [PokerRules.make("english"), PokerRules.make("american"), PokerRules.make("english", first_top_left=True),
         PokerRules.make("swedish", first_top_left=True)]


def grid_score(index_grid, cards, rules):
    return sum(h.points for h in score_grid([[cards[i] for i in row] for row in index_grid], rules))


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.describe())
def test_the_warm_grid_places_every_card_once_and_scores_what_it_claims(rules):
    cards = order_from_seed(3, rules)
    score, grid = good_grid(cards, rules, swaps=3000)
    assert sorted(i for row in grid for i in row) == list(range(25))
    assert score == grid_score(grid, cards, rules)
    if rules.first_top_left:
        assert grid[0][0] == 0
    assert (score, grid) == good_grid(cards, rules, swaps=3000)  # deterministic


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.describe())
@pytest.mark.parametrize("seed", [1, 7])
def test_the_canonical_grid_is_a_solution_of_the_model(rules, seed):
    """The model's symmetry breaking keeps one form of each grid; the hint must be that
    form, or CP-SAT cannot use it.  Fix every cell to the canonical grid: feasible."""
    cards = order_from_seed(seed, rules)
    _, grid = good_grid(cards, rules, swaps=3000)
    form = canonical(grid, cards, rules)
    assert grid_score(form, cards, rules) == grid_score(grid, cards, rules)
    model = PokerModel(cards, rules)
    assert model.lines_ordered  # solve() puts the warm grid in this form under these rules
    for r, row in enumerate(form):
        for c, i in enumerate(row):
            model.m.Add(model.x[i, r, c] == 1)
    status = cp_model.CpSolver().Solve(model.m)
    assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE)


@pytest.mark.parametrize("seed", [4, 11])
def test_the_warm_start_changes_no_optimum(seed, monkeypatch):
    rules = PokerRules.make("english")
    cards = order_from_seed(seed, rules)
    warm = solve(cards, rules)
    monkeypatch.setattr(solve_module, "WARM_START_MIN_TIMEOUT", float("inf"))
    cold = solve(cards, rules, timeout=3600)
    assert warm.proven and cold.proven and warm.score == cold.score
