"""Poker Squares with adjacency: the game without it bounds it, and rearranged grids."""
import importlib
import itertools
import random

import pytest
from test_poker import check_result

from solver.limits import Limits
from solver.poker import PokerRules, adjacency_ok, order_from_seed, score_grid, solve
from solver.poker.arrange import arrange_adjacent

poker_optimum = importlib.import_module("solver.poker.optimum")  # the module, not the function


def placement_of(grid):
    """(index, row, col) in index order, as adjacency_ok reads a placement."""
    return sorted((i, r, c) for r, row in enumerate(grid) for c, i in enumerate(row))


def lines_of(grid):
    return {frozenset(row) for row in grid} | {frozenset(col) for col in zip(*grid)}


def brute_force_exists(grid, first_top_left=False, transpose=True):
    """Whether any row order, column order (and transposition) obeys adjacency, trying
    all of them, checked by adjacency_ok."""
    for flip in (False, True) if transpose else (False,):
        g = [list(x) for x in zip(*grid)] if flip else grid
        for rows in itertools.permutations(range(5)):
            for cols in itertools.permutations(range(5)):
                out = [[g[rows.index(r)][cols.index(c)] for c in range(5)] for r in range(5)]
                if first_top_left and out[0][0] != min(min(row) for row in grid):
                    continue
                if adjacency_ok(placement_of(out)):
                    return True
    return False


def random_grids(seed, count):
    rng = random.Random(seed)
    for _ in range(count):
        idx = list(range(25))
        rng.shuffle(idx)
        yield [idx[r * 5:(r + 1) * 5] for r in range(5)]


@pytest.mark.parametrize("first_top_left,transpose", [(False, True), (True, True), (False, False)])
def test_rearrangement_keeps_the_lines_and_obeys_adjacency(first_top_left, transpose):
    found = missing = 0
    for grid in random_grids(3, 60):
        out = arrange_adjacent(grid, first_top_left, transpose)
        if out is None:
            missing += 1
            continue
        found += 1
        assert adjacency_ok(placement_of(out))
        if transpose:
            assert lines_of(out) == lines_of(grid)
        else:  # rows stay rows
            assert {frozenset(r) for r in out} == {frozenset(r) for r in grid}
        if first_top_left:
            assert out[0][0] == 0
    assert found > 0


@pytest.mark.parametrize("first_top_left,transpose", [(False, True), (True, True), (False, False)])
def test_rearrangement_is_found_whenever_one_exists(first_top_left, transpose):
    """Against trying all 28,800 rearrangements, on grids with and without one."""
    grids = list(random_grids(5, 400))
    none = [g for g in grids if arrange_adjacent(g, first_top_left, transpose) is None][:3]
    some = [g for g in grids if arrange_adjacent(g, first_top_left, transpose) is not None][:2]
    assert none, "the sample should hold grids without a rearrangement"
    for grid in none:
        assert not brute_force_exists(grid, first_top_left, transpose)
    for grid in some:
        assert brute_force_exists(grid, first_top_left, transpose)


def test_adjacency_optimum_from_the_free_game():
    rules = PokerRules.make("english", adjacent=True)
    cards = order_from_seed(5, rules)
    result = solve(cards, rules)
    free = solve(cards, PokerRules.make("english"))
    assert result.proven and result.score == free.score == result.bound
    check_result(result, cards, rules)


def test_adjacency_model_runs_when_no_rearrangement_exists(monkeypatch):
    """The path for grids that cannot be rearranged: the adjacency model, bounded by the
    free optimum, still returns a legal grid and proves it."""
    monkeypatch.setattr(poker_optimum, "arrange_adjacent", lambda *a, **k: None)
    rules = PokerRules.make("swedish", adjacent=True, rows_only=True)
    cards = order_from_seed(5, rules)
    result = solve(cards, rules, limits=Limits(timeout=60, threads=0))
    free = solve(cards, PokerRules.make("swedish", rows_only=True))
    check_result(result, cards, rules)
    assert result.score <= free.score
    assert result.proven and result.bound == result.score
    assert sum(h.points for h in score_grid(result.grid, rules)) == result.score
