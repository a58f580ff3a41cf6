"""Poker Squares: hand rules, tables, proven optima against exhaustive search."""
import itertools
import json
import random

import pytest

from solver.cards import parse_cards
from solver.errors import DealError
from solver.klondike import KlondikeDeal
from solver.limits import Limits
from solver.poker import (
    PokerRules,
    adjacency_ok,
    category,
    hand_points,
    load_table,
    order_from_pysol,
    order_from_seed,
    score_grid,
    solve,
)
from solver.poker.hands import CATEGORIES, claims_are_exact


def test_seed_example_row_of_hearts():
    """A row A K Q J T of hearts is a royal flush: 30 English, 100 American."""
    row = parse_cards("AH KH QH JH TH")
    assert category(row) == "royal flush"
    assert hand_points(row, load_table("english"))[0] == 30
    assert hand_points(row, load_table("american"))[0] == 100


@pytest.mark.parametrize("cards, expected", [
    ("AS 2D 3C 4H 5S", "straight"), ("TS JD QC KH AS", "straight"), ("QS KD AC 2H 3S", "nothing"),
    ("9S 9D 9C 9H 2S", "four of a kind"), ("9S 9D 9C 2H 2S", "full house"), ("2S 7S 9S JS KS", "flush"),
    ("5H 6H 7H 8H 9H", "straight flush"), ("AH 2H 3H 4H 5H", "straight flush"), ("3S 3D 8C 8H 2S", "two pair"),
    ("3S 3D 3C 8H 2S", "three of a kind"), ("3S 3D 7C 8H 2S", "pair"), ("3S 5D 7C 9H JS", "nothing"),
])
def test_categories(cards, expected):
    assert category(parse_cards(cards)) == expected


def test_the_joker_takes_the_best_card():
    english = load_table("english")
    assert hand_points(parse_cards("5H 6H 7H 8H") + [52], english) == (30, "straight flush")
    assert hand_points(parse_cards("9S 9D 9C 2H") + [52], english) == (16, "four of a kind")
    # a table where a pair is worth more than trips: the joker makes the pair
    odd = dict(english, pair=50)
    assert hand_points(parse_cards("9S 9D 4C 2H") + [52], odd) == (50, "pair")


def test_custom_table_file(tmp_path):
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"pair": -5, "flush": 7, "high card": 2}))
    table = load_table(path=str(path))
    assert table["pair"] == -5 and table["nothing"] == 2 and table["full house"] == 0
    assert not claims_are_exact(table)
    path.write_text(json.dumps({"pear": 1}))
    with pytest.raises(DealError, match="unknown hand"):
        load_table(path=str(path))


def test_book_tables_claim_exactly():
    for name in ("english", "american", "swedish", "swedish-low"):
        assert claims_are_exact(load_table(name))


def grid_from(cards):
    return [cards[r * 5:(r + 1) * 5] for r in range(5)]


def check_result(result, cards, rules):
    """Every returned grid is rescored independently and uses exactly the given cards."""
    placed = sorted(c for row in result.grid for c in row)
    assert sorted(placed + result.discarded) == sorted(cards)
    assert len(result.discarded) == rules.discards
    assert result.score == sum(h.points for h in score_grid(result.grid, rules))
    if rules.first_top_left:
        assert result.grid[0][0] == cards[0]
    if rules.adjacent:
        assert adjacency_ok(result.placement)
        assert [c for c, _, _ in result.placement] == [c for c in cards if c not in result.discarded]


def exhaustive(cards, rules, fixed, free_cells):
    """The best score over every way to put the free cards (all but `fixed`) in the free
    cells, discarding what does not fit, by brute force with the hand rules alone."""
    free = [i for i in range(len(cards)) if i not in fixed]
    best = None
    for chosen in itertools.combinations(free, len(free_cells)):
        for perm in itertools.permutations(chosen):
            where = dict(fixed)
            where.update(zip(perm, free_cells))
            grid = [[None] * 5 for _ in range(5)]
            for i, (r, c) in where.items():
                grid[r][c] = cards[i]
            if rules.adjacent:
                order = sorted(where)
                if not adjacency_ok([(cards[i], *where[i]) for i in order]):
                    continue
            if rules.first_top_left and where.get(0) != (0, 0):
                continue
            score = sum(h.points for h in score_grid(grid, rules))
            best = score if best is None else max(best, score)
    return best


NEGATIVE = dict(zip(CATEGORIES, [-20, 40, -3, 25, -8, 9, 17, -6, 4, -2]))  # non-monotone, negative
CASES = [
    PokerRules.make("english"),
    PokerRules.make("american", diagonals=True),
    PokerRules.make("swedish", rows_only=True),
    PokerRules.make("swedish-low", first_top_left=True),
    PokerRules(table_name="custom", table=NEGATIVE),
    PokerRules(table_name="custom", table=NEGATIVE, diagonals=True),
    PokerRules.make("english", adjacent=True),
    PokerRules.make("english", joker=True),
    PokerRules.make("american", joker=True),
    PokerRules.make("american", discards=5),
]


@pytest.mark.parametrize("rules", CASES, ids=lambda r: r.describe())
@pytest.mark.parametrize("seed", [11, 12])
def test_restricted_problems_match_exhaustive_search(rules, seed):
    """18 cards fixed where an optimal-looking grid put them, the other cards tried in
    every way (with discards: every choice of which to place, too)."""
    rng = random.Random(seed)
    deck = list(range(52)) + ([52] if rules.joker else [])
    cards = rng.sample(deck, rules.cards_turned)
    if rules.joker and 52 not in cards:
        cards[rng.randrange(len(cards))] = 52
    cells = [(r, c) for r in range(5) for c in range(5)]
    rng.shuffle(cells)
    n_fixed = 18 if not rules.discards else 20
    if rules.adjacent:  # fix a connected prefix of the order: each card touches an earlier one
        cells = sorted(cells, key=lambda rc: max(abs(rc[0] - 2), abs(rc[1] - 2)))
    fixed = {i: cells[i] for i in range(n_fixed)}
    if rules.first_top_left:
        fixed = {i: cells[i] if cells[i] != (0, 0) else cells[n_fixed] for i in range(1, n_fixed)}
        fixed[0] = (0, 0)
    free_cells = [cell for cell in cells if cell not in fixed.values()]
    expected = exhaustive(cards, rules, fixed, free_cells)
    for formulation in ("auto", "categories"):
        result = solve(cards, rules, fixed=fixed, formulation=formulation)
        assert result.proven and result.score == expected, formulation
        check_result(result, cards, rules)


@pytest.mark.parametrize("rules", [PokerRules.make("english"), PokerRules.make("american"),
                                   PokerRules.make("english", rows_only=True)], ids=lambda r: r.describe())
def test_full_problems_are_proven(rules):
    cards = order_from_seed(5, rules)
    result = solve(cards, rules)
    assert result.proven and result.bound == result.score
    check_result(result, cards, rules)


def test_both_formulations_agree_on_a_full_problem():
    rules = PokerRules.make("swedish", rows_only=True)
    cards = order_from_seed(9, rules)
    a = solve(cards, rules, formulation="claims")
    b = solve(cards, rules, formulation="categories")
    assert a.proven and b.proven and a.score == b.score


def test_timeout_returns_best_grid_and_bound():
    rules = PokerRules.make("english", diagonals=True)
    cards = order_from_seed(2, rules)
    result = solve(cards, rules, limits=Limits(timeout=0.5, threads=0))
    check_result(result, cards, rules)
    assert result.bound >= result.score and (result.proven or result.stop_reason == "timeout")


def test_orders():
    rules = PokerRules.make("english")
    assert len(order_from_seed(1, rules)) == 25 and len(set(order_from_seed(1, rules))) == 25
    assert len(order_from_pysol(1, PokerRules.make("english", discards=5))) == 30
    # PySolFC deals its first card to the bottom of Klondike's rightmost column
    assert order_from_pysol(1, rules)[0] == KlondikeDeal.from_pysol_number(1).columns[6][0]
    with pytest.raises(DealError, match="joker"):
        solve(parse_cards("AS KD") + [52] + list(range(22)), rules)
