"""The search against the plain search (no pruning at all: klondike_plain.cpp) on
positions of random games, as benchmarks/klondike_crosscheck.py does on thousands of
deals; here a few deals per rule set, small enough for CI.  Counts, not times, bound
every search."""
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "benchmarks"))
from klondike_crosscheck import MODES, one_deal  # noqa: E402

from solver import _core  # noqa: E402
from solver.klondike import KlondikeDeal, make_rules  # noqa: E402


@pytest.mark.parametrize("mode", sorted(MODES))
def test_search_agrees_with_the_plain_search(mode):
    rows = [r for seed in range(1, 7) for r in one_deal(mode, seed, cap=20_000, per_deal=3)["rows"]]
    assert len(rows) >= 6
    for r in rows:
        assert r["proven"] and r["search"] == r["plain"], r
    # Not only positions where nothing more goes home: the check had something to find.
    assert any(r["plain"] > r["home"] for r in rows)


def test_the_plain_search_gives_up_at_its_cap():
    start = KlondikeDeal.from_seed(1).to_core()
    out = _core.klondike_plain_max(start, make_rules("casino").to_core(), 500)
    assert not out["complete"] and out["positions"] == 501


def test_the_plain_search_finds_a_win_by_single_actions():
    # Every card home but the four Kings, which lie alone in four columns: four actions win.
    columns = [[12], [25], [38], [51], [], [], []]
    position = {"columns": columns, "face_down": [0] * 7, "waste": [], "stock": [],
                "foundations": [12, 12, 12, 12], "redeals_done": 0}
    # (Without worry back: with it, 48 cards could come down, too many positions.)
    out = _core.klondike_plain_max(position, make_rules("casino", worry_back=False).to_core(), 100_000)
    assert out["complete"] and out["best"] == 52
