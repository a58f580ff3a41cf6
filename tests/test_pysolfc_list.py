"""PySolFC's list of winnable Klondike games (deals/klondike/pysolfc-solvable-32000-41999.txt):
Klondike-Solver's proofs, an answer from outside this project.  The whole range is
measured by benchmarks/klondike_throughput.py --solvable-list; here the first games."""
import os

import pytest

from solver.klondike import KlondikeDeal, make_rules, solve
from test_klondike_known import check_line

LIST = os.path.join(os.path.dirname(__file__), "..", "deals", "klondike", "pysolfc-solvable-32000-41999.txt")


def listed_games():
    with open(LIST, encoding="utf-8") as f:
        return sorted(int(t) for line in f for t in line.split("#", 1)[0].split())


def test_the_list_is_the_range_it_says():
    games = listed_games()
    assert len(games) == len(set(games)) == 9012 and games[0] == 32000 and games[-1] <= 41999


@pytest.mark.parametrize("number", [g for g in listed_games() if g < 32020])
def test_listed_games_are_won(number):
    """Under PySolFC's Klondike (draw 1, unlimited redeals): won, by a line the referee replays."""
    deal, rules = KlondikeDeal.from_pysol_number(number), make_rules("standard")
    result = solve(deal, rules, first_win=True)
    assert result.solvable is True
    check_line(deal, rules, result)
