"""Poker Squares symmetry breaking: it may cut grids, never the optimum.

The model keeps only grids in a canonical form (rows, then columns, by decreasing
points, ties by their first card in the order; rows scoring at least the columns).
Here the canonical form is rebuilt from the rules alone, for random grids: the model
must accept it, at the grid's own score, and must refuse a grid out of that form.
Together with the exhaustive checks of test_poker.py (on problems without symmetry
breaking), this shows the cut loses no optimum.
"""
import random

import pytest
from ortools.sat.python import cp_model
from test_poker import NEGATIVE

from solver.cards import parse_cards, rank_of
from solver.limits import Limits
from solver.poker import PokerRules, hand_points, score_grid, solve
from solver.poker.hands import CATEGORIES, category
from solver.poker.model import PokerModel, most_full_houses, rank_counts


def line_points(cards, rules, line):
    """The points of one line of card indexes, by the hand rules alone."""
    return hand_points([cards[i] for i in line], rules.table)[0]


def canonical(grid, cards, rules):
    """The grid (rows of card indexes) rearranged into the form the model keeps."""
    def sort_lines(lines, first):
        head, tail = lines[:first], lines[first:]
        return head + sorted(tail, key=lambda ln: (-line_points(cards, rules, ln), min(ln)))

    first = 1 if rules.first_top_left else 0
    if not rules.rows_only:
        rows_total = sum(line_points(cards, rules, row) for row in grid)
        cols_total = sum(line_points(cards, rules, col) for col in zip(*grid))
        if rows_total < cols_total:
            grid = [list(col) for col in zip(*grid)]
    grid = sort_lines([list(row) for row in grid], first)
    columns = [list(col) for col in zip(*grid)]
    if rules.rows_only:
        columns = columns[:first] + sorted(columns[first:], key=min)
    else:
        columns = sort_lines(columns, first)
    return [list(row) for row in zip(*columns)]


def model_accepts(cards, rules, grid):
    """Whether the model admits exactly this grid, and its objective there."""
    model = PokerModel(cards, rules)
    for r, row in enumerate(grid):
        for c, i in enumerate(row):
            model.m.Add(model.x[i, r, c] == 1)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solver.Solve(model.m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return False, None
    return True, round(solver.ObjectiveValue())


CASES = [
    PokerRules.make("english"),
    PokerRules.make("american"),
    PokerRules(table_name="custom", table=NEGATIVE),
    PokerRules.make("swedish", rows_only=True),
    PokerRules.make("swedish-low", first_top_left=True),
    PokerRules.make("american", discards=5),
]


@pytest.mark.parametrize("rules", CASES, ids=lambda r: r.describe())
def test_canonical_grids_are_kept_at_their_score(rules):
    rng = random.Random(7)
    for _ in range(12):
        cards = rng.sample(range(52), rules.cards_turned)
        placed = rng.sample(range(len(cards)), 25)
        if rules.first_top_left and 0 not in placed:
            placed[0] = 0
        if rules.first_top_left:  # the rule itself: the first card lies top left
            placed.remove(0)
            placed.insert(0, 0)
        grid = [placed[r * 5:(r + 1) * 5] for r in range(5)]
        form = canonical(grid, cards, rules)
        ok, objective = model_accepts(cards, rules, form)
        assert ok, form
        expected = sum(h.points for h in score_grid([[cards[i] for i in row] for row in form], rules))
        assert objective == expected


@pytest.mark.parametrize("rules", CASES[:3], ids=lambda r: r.describe())
def test_grids_out_of_form_are_cut(rules):
    rng = random.Random(8)
    cut = 0
    for _ in range(12):
        cards = rng.sample(range(52), 25)
        form = canonical([list(range(r * 5, r * 5 + 5)) for r in range(5)], cards, rules)
        flipped = form[::-1]  # the rows upside down: out of form unless all score alike
        scores = [line_points(cards, rules, row) for row in form]
        if len(set(scores)) > 1:
            assert not model_accepts(cards, rules, flipped)[0]
            cut += 1
    assert cut > 0


# The model also bounds how many lines can claim a rank or a suit at once (cards are
# shared by a row and a column; PokerModel._share_cards).  Grids rich in what those
# bounds count must still be kept at their score: cards from two suits (flushes,
# straight flushes) or from seven ranks (pairs to fours, straights), and grids at the
# bounds themselves.
POOLS = {
    "two suits": [c for c in range(52) if c // 13 in (0, 3)],
    "seven ranks": [c for c in range(52) if c % 13 < 7],
}
# Full houses at most_full_houses: four rows (American seed 135's optimum: six ranks of
# three, two of two); four rows taking their pairs from four Kings in a square; two rows
# and two columns, the columns' pairs the rows' Kings.
FULL_HOUSES_AT_THE_BOUND = [
    "TS TD 4C 4S 4H / 8S QD 8C 8H QH / 2S 3D 3C 3S 2C / AS 6D 6C AH 6S / JS 5D 7C AC QC",
    "QS QH QD KS KH / JS JH JD KD KC / TS TH TD 8S 8H / 9S 9H 9D 7S 7H / 2C 3C 4D 5S 6H",
    "AS AH AD KS KH / QS QH QD KD KC / 2C 3C 4C JS TS / 5D 6D 7D JH TH / 8S 9S 2H JD TD",
]
AT_THE_BOUNDS = FULL_HOUSES_AT_THE_BOUND + [
    # rows: five straight flushes (two of them royal); columns: full houses
    "AH KH QH JH TH / AS KS QS JS TS / 9H 8H 7H 6H 5H / 9S 8S 7S 6S 5S / 9C 8C 7C 6C 5C",
    # four Kings in a square (four lines with two), three Queens in an L (two lines),
    # three Jacks in a row and the fourth below one of them (a line of three, one of two)
    "KS KH 2H 3H 4H / KD KC JD JC JS / QD 5H 6C 7D QS / QH 8H 9C TD JH / AS TH 2C 3D 4S",
    # lines that meet share a card (PokerModel._lines_meet): a heart flush row and a
    # heart flush column meeting at AH, a straight row (9-K) and a straight column (8-Q)
    # meeting at QS
    "AH 9H 7H 4H 2H / KH QS JD TC 9S / QH TD 5C 5D 5S / JH JC 6C 6D 6S / 3H 8D 4C 4D 4S",
]


def rich_grids():
    rng = random.Random(9)
    for name, pool in POOLS.items():
        for _ in range(15):
            yield name, rng.sample(pool, 25)
    for text in AT_THE_BOUNDS:
        yield text, parse_cards(text.replace("/", " "))


@pytest.mark.parametrize("rules", [PokerRules.make("american"), PokerRules.make("english")],
                         ids=lambda r: r.describe())
def test_grids_rich_in_shared_cards_are_kept_at_their_score(rules):
    for name, cards in rich_grids():
        form = canonical([list(range(r * 5, r * 5 + 5)) for r in range(5)], cards, rules)
        ok, objective = model_accepts(cards, rules, form)
        expected = sum(h.points for h in score_grid([[cards[i] for i in row] for row in form], rules))
        assert ok and objective == expected, name


FULL_HOUSES_ONLY = PokerRules(table_name="custom", table={c: int(c == "full house") for c in CATEGORIES})


def test_most_full_houses_holds_on_the_grid():
    """most_full_houses bounds the claims model; the categories model, which has no such
    bound (nor any shared-card one), finds the true most full houses of an order.  Orders
    from a few ranks hold many threes; the bound must hold on each, and be met on the
    last (five threes and five pairs of other ranks)."""
    rng = random.Random(12)
    orders = []
    for _ in range(5):
        ranks = rng.sample(range(1, 14), rng.choice([9, 10, 11]))
        orders.append(rng.sample([c for c in range(52) if rank_of(c) in ranks], 25))
    orders.append(parse_cards("AS AH AD KS KH KD QS QH QD JS JH JD TS TH TD 9S 9H 8S 8H 7S 7H 6S 6H 5S 5H"))
    for cards in orders:
        most = most_full_houses(rank_counts(cards))
        result = solve(cards, FULL_HOUSES_ONLY, limits=Limits(threads=2), formulation="categories")
        assert result.proven and result.score == sum(h.category == "full house" for h in result.hands)
        assert result.score <= most
    assert result.score == most == 5  # the last order: five full house rows


def test_the_grids_at_the_full_house_bound_are_at_it():
    for text in FULL_HOUSES_AT_THE_BOUND:
        grid = [parse_cards(row) for row in text.split("/")]
        lines = grid + [list(col) for col in zip(*grid)]
        cards = [c for row in grid for c in row]
        most = most_full_houses(rank_counts(cards))
        assert sum(category(line) == "full house" for line in lines) == most == 4
