"""The quick tries in shuffled move orders (probe_target in search.hpp): they find wins
the game's own order misses for seconds, never claim more than they show, and stay
inside the caller's limits."""
from types import SimpleNamespace

import pytest

from solver import _core
from solver.klondike import KlondikeDeal, make_rules, solve
from solver.klondike.notation import Action
from solver.limits import Limits
from test_klondike_known import aces_under_kings, check_line

STANDARD = make_rules("standard")

# Standard deals that a single search in the game's move order did not settle in 10 s
# (benchmarks, before the tries); Klondike-Solver wins each of them.
HARD_FOR_ONE_ORDER = [41, 58, 86, 174]

# A lost deal that takes long both ways: PySolFC 33960 under standard rules, first win
# undecided after 3 M nodes, the maximum (21) 565 M nodes.  (Seed 270, used before, is
# proven lost at its first node since the bound's pinned twins, PROOFS.md K8.)
LONG_LOST = KlondikeDeal.from_pysol_number(33960)


@pytest.mark.parametrize("seed", HARD_FOR_ONE_ORDER)
@pytest.mark.parametrize("first_win", [False, True])
def test_tries_win_deals_one_order_misses(seed, first_win):
    deal = KlondikeDeal.from_seed(seed)
    result = solve(deal, STANDARD, first_win=first_win, limits=Limits(timeout=60))
    assert result.solvable is True and result.max_foundation == 52 and result.proven
    check_line(deal, STANDARD, result)


@pytest.mark.parametrize("mode", ["standard", "casino", "vegas"])
def test_first_win_still_proves_a_loss(mode):
    """A try that covers the whole space, or the full search after the tries, proves
    a lost deal lost."""
    result = solve(aces_under_kings(), make_rules(mode), first_win=True)
    assert result.solvable is False and result.proven and result.max_foundation == 0


def test_a_lost_standard_deal_gets_its_exact_maximum():
    """After the tries, the full search still proves the maximum of a lost deal: 5 for
    seed 25, as the single search in the game's order proved before the tries existed
    (benchmarks/results/klondike.json of that time)."""
    deal = KlondikeDeal.from_seed(25)
    result = solve(deal, STANDARD, limits=Limits(timeout=120))
    assert result.solvable is False and result.proven and result.exact
    assert result.max_foundation == 5
    check_line(deal, STANDARD, result)


def test_the_reach_bound_proves_a_standard_deal_lost():
    """Seed 39 under standard rules: the bound sees at the start that not every card can
    reach the foundations (first-win: lost, in one node), and the full search proves 9
    the most, with a line that gets there.  (Before the reach bound, the search found 9
    and proved nothing in 26 s.)"""
    deal = KlondikeDeal.from_seed(39)
    lost = solve(deal, STANDARD, first_win=True)
    assert lost.solvable is False and lost.proven and lost.stats.nodes == 1
    best = solve(deal, STANDARD, limits=Limits(timeout=60))
    assert best.proven and best.exact and best.max_foundation == 9
    check_line(deal, STANDARD, best)


@pytest.mark.parametrize("first_win", [False, True])
def test_node_limit_covers_all_tries(first_win):
    # A deal neither the tries nor the search after them settle soon: LONG_LOST.
    deal = LONG_LOST
    result = solve(deal, STANDARD, first_win=first_win, limits=Limits(max_nodes=150_000))
    assert not result.proven and result.stop_reason == "max-nodes"
    assert result.stats.nodes <= 150_000
    check_line(deal, STANDARD, result)


def test_timeout_covers_all_tries():
    deal = LONG_LOST
    result = solve(deal, STANDARD, limits=Limits(timeout=0.5))
    assert not result.proven and result.stop_reason == "timeout"
    assert result.stats.seconds < 1.0
    check_line(deal, STANDARD, result)


# The maximum's tries with one table (search.hpp, Restarts; docs/PROOFS.md E8).
CASINO = make_rules("casino")


def solve_in_tries(deal, rules, restart_nodes, first_win=False):
    """The maximum (or whether it is 52) searched in tries stopped every `restart_nodes`
    nodes and more (-1: the solver's own tries, 0: none), each forgetting what it did
    not finish."""
    raw = _core.klondike_solve(deal.to_core(), rules.to_core(), first_win, threads=1, restart_nodes=restart_nodes)
    return SimpleNamespace(proven=raw["proven"], max_foundation=raw["best"], nodes=raw["nodes"],
                           line=[Action.from_core(t) for t in raw["actions"]])


@pytest.mark.parametrize("restart_nodes", [2, 3, 5, 7])
def test_tries_stopped_every_few_nodes_keep_the_maximum(restart_nodes):
    """Casino seed 104 (45 cards home): when a try stops, many finished searches rest on
    positions still on its path.  Tries that forgot only the path (and kept what rested
    on it) proved 43, or 23, here."""
    deal = KlondikeDeal.from_seed(104)
    result = solve_in_tries(deal, CASINO, restart_nodes)
    assert result.proven and result.max_foundation == 45
    check_line(deal, CASINO, result)


@pytest.mark.parametrize("mode", ["casino", "vegas"])
@pytest.mark.parametrize("restart_nodes", [0, 3, -1])
def test_tries_or_not_the_same_maximum(mode, restart_nodes):
    """No tries (0), tries stopped every few nodes (3), the solver's own (-1)."""
    rules = make_rules(mode)
    for seed in range(1, 13):
        deal = KlondikeDeal.from_seed(seed)
        plain = solve_in_tries(deal, rules, 0)
        result = solve_in_tries(deal, rules, restart_nodes)
        assert result.proven and result.max_foundation == plain.max_foundation, seed
        check_line(deal, rules, result)


def test_tries_find_a_win_the_game_order_searches_long_for():
    """Casino seed 506, won: 5.37 M nodes in the game's order, 469 k in tries."""
    deal = KlondikeDeal.from_seed(506)
    plain = solve_in_tries(deal, CASINO, 0)
    tries = solve_in_tries(deal, CASINO, -1)
    assert plain.max_foundation == tries.max_foundation == 52 and plain.proven and tries.proven
    assert tries.nodes * 5 < plain.nodes
    check_line(deal, CASINO, tries)
