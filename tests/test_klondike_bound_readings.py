"""Casino deals whose searches are long enough for the bound to switch its reading of the
last pass's stock (draw by draw, or every card at any time: see Klondike::bound) back
and forth (read draw by draw in 24 of 29, 20 of 30, 14 of 28 and 5 of 12 stretches on
one thread).  Their maxima were proven by the solver with the second reading only
(commit 5206079) and with the first only (commit 891eaa6, benchmarks/core_ab.py over
seeds 1-200: the same value and proof on every deal); the switching solver must agree,
on one thread and on two, and its lines must replay to exactly the claimed count."""
import pytest

from solver.klondike import KlondikeDeal, make_rules, solve
from solver.limits import Limits
from test_klondike_known import check_line

PROVEN_MAX = {44: 25, 54: 17, 104: 45, 141: 52}


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("seed", sorted(PROVEN_MAX))
def test_switching_readings_keep_the_maximum(seed, threads):
    deal, rules = KlondikeDeal.from_seed(seed), make_rules("casino")
    result = solve(deal, rules, limits=Limits(threads=threads))
    assert result.proven
    assert result.max_foundation == PROVEN_MAX[seed]
    check_line(deal, rules, result)
