"""The real game of Poker Squares: each card placed before the next is seen."""
import random
import statistics

import pytest

from clihelp import assert_one_line_error, patiens
from solver import _core
from solver.cards import card_str, parse_cards
from solver.poker import PokerRules, adjacency_ok, order_from_seed, real, score_grid
from solver.poker.hands import TABLES
from solver.poker.real import core_rules, play, unseen_cards, value_cells

VARIANTS = [PokerRules.make("english"), PokerRules.make("american", diagonals=True),
            PokerRules.make("english", adjacent=True, first_top_left=True), PokerRules.make("american", joker=True),
            PokerRules.make("english", discards=5), PokerRules.make("swedish", rows_only=True)]


@pytest.mark.parametrize("table", list(TABLES))
def test_the_cores_hands_score_as_hands_py(table):
    """The rollouts' scoring (C++) against the hand rules (hands.py), on random grids
    with and without a joker, under every variant's lines."""
    rng = random.Random(table)
    for rules in (PokerRules.make(table, joker=True), PokerRules.make(table, diagonals=True, joker=True),
                  PokerRules.make(table, rows_only=True)):
        for _ in range(60):
            cards = rng.sample(range(52), 25)
            if rules.joker and rng.random() < 0.5:
                cards[rng.randrange(25)] = 52
            grid = [cards[r * 5:(r + 1) * 5] for r in range(5)]
            assert _core.poker_score(cards, core_rules(rules)) == sum(h.points for h in score_grid(grid, rules))


def test_every_category_scores_alike():
    hands = ["TS JS QS KS AS", "5H 6H 7H 8H 9H", "9C 9D 9H 9S 2C", "KC KD KH 4S 4C", "2D 7D 9D JD KD",
             "AC 2D 3H 4S 5C", "7C 7D 7H JS 2C", "3C 3D 8H 8S QC", "4C 4D 9H JS KC", "2C 5D 9H JS KC"]
    rules = PokerRules.make("american")
    filler = [c for c in range(52)]
    for hand in hands:
        row = parse_cards(hand)
        rest = [c for c in filler if c not in row][:20]
        cards = row + rest
        grid = [cards[r * 5:(r + 1) * 5] for r in range(5)]
        assert _core.poker_score(cards, core_rules(rules)) == sum(h.points for h in score_grid(grid, rules)), hand


@pytest.fixture(autouse=True)
def quick_learning(monkeypatch):
    """Fewer self-play games than play's (what these tests check does not depend on
    how well the values are learned), except where a test says otherwise."""
    monkeypatch.setattr(real, "LEARN_GAMES", 2000)


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.describe())
@pytest.mark.parametrize("player", ["greedy", "values", "search"])
def test_played_grids_are_legal_and_scored_by_the_hand_rules(rules, player):
    order = order_from_seed(3, rules)
    game = play(order, rules, player=player, rollouts=4, optimum=False)
    placed = [c for row in game.grid for c in row]
    assert sorted(placed + game.discarded) == sorted(order) and len(game.discarded) == rules.discards
    assert [c for c, _, _ in game.placement] == [c for c in order if c not in game.discarded][:25]
    assert game.score == sum(h.points for h in score_grid(game.grid, rules))
    if rules.adjacent:
        assert adjacency_ok(game.placement)
    if rules.first_top_left:
        assert game.placement[0][1:] == (0, 0)


def test_the_optimum_is_never_below_the_played_score():
    rules = PokerRules.make("english")
    game = play(order_from_seed(5, rules), rules, player="search", rollouts=8)
    assert game.optimum_proven and game.optimum >= game.score and game.cost_of_not_knowing == game.optimum - game.score


@pytest.mark.parametrize("player", ["values", "search"])
@pytest.mark.parametrize("k", [6, 15])
def test_no_look_at_the_cards_to_come(k, player):
    """Two orders alike in their first k cards: the same first k placements (the same
    seed and count budget), whatever comes after."""
    rules = PokerRules.make("american")
    order = order_from_seed(8, rules)
    other = order[:k] + list(reversed(order[k:]))
    a = play(order, rules, player=player, rollouts=6, optimum=False)
    b = play(other, rules, player=player, rollouts=6, optimum=False)
    assert a.placement[:k] == b.placement[:k]


def test_learning_is_the_same_on_every_run():
    rules = core_rules(PokerRules.make("american"))
    one, two = _core.poker_learn(rules, 3000, 5), _core.poker_learn(rules, 3000, 5)
    keys = range(20000)
    assert [one.value(k) for k in keys] == [two.value(k) for k in keys] and one.keys_seen > 50


def test_the_learned_values_beat_the_hand_made_rule(monkeypatch):
    """On the same orders, the values player (learned for the table) scores more than
    greedy (the promise rule): its reason to exist.  Fixed orders and seeds: the same
    outcome on every run."""
    monkeypatch.setattr(real, "LEARN_GAMES", 20000)
    for table in ("american", "english"):
        rules = PokerRules.make(table)
        orders = [order_from_seed(s, rules) for s in range(1, 31)]
        greedy = statistics.mean(play(o, rules, player="greedy", optimum=False).score for o in orders)
        values = statistics.mean(play(o, rules, player="values", optimum=False).score for o in orders)
        assert values > greedy * 1.1, (table, values, greedy)


def test_same_seed_same_game():
    rules = PokerRules.make("english")
    order = order_from_seed(9, rules)
    one = play(order, rules, player="search", rollouts=5, sampler_seed=3, optimum=False)
    assert play(order, rules, player="search", rollouts=5, sampler_seed=3, optimum=False).placement == one.placement


def test_the_rollouts_deal_the_unseen_cards_uniformly():
    """Two empty cells, the card in hand and one to come: each choice's rollout mean
    converges to the exact mean over the unseen cards (the next card drawn uniformly)."""
    rules = PokerRules.make("english")
    cards = order_from_seed(12, rules)
    grid = cards[:23] + [None, None]
    card = cards[23]
    seen = cards[:24]
    values = value_cells(grid, card, seen, 1, 0, rules, 20000, 0.0, seed=7, exact_cells=0)
    assert not any(v.exact for v in values)
    for v in values:
        exact = []
        for u in unseen_cards(rules, seen):
            full = list(grid)
            full[v.cell] = card
            full[full.index(None)] = u
            exact.append(sum(h.points for h in score_grid([full[r * 5:(r + 1) * 5] for r in range(5)], rules)))
        assert abs(v.mean - statistics.mean(exact)) < 4 * v.stderr + 1e-9, (v, statistics.mean(exact))


def _grid_points(cells, rules):
    return sum(h.points for h in score_grid([cells[r * 5:(r + 1) * 5] for r in range(5)], rules))


def _expectimax(cells, pool, rules):
    """The mean final score over every order of the next cards from `pool`, each card
    placed in the empty cell where this mean is highest: by brute force, the hand rules
    scoring every full grid."""
    empty = [i for i, c in enumerate(cells) if c is None]
    if not empty:
        return _grid_points(cells, rules)
    total = 0.0
    for card in pool:
        rest = [c for c in pool if c != card]
        total += max(_expectimax(cells[:x] + [card] + cells[x + 1:], rest, rules) for x in empty)
    return total / len(pool)


@pytest.mark.parametrize("table, options, empty", [
    ("english", {}, (0, 12, 24)),                      # the last two cells never share a line
    ("english", {}, (22, 23, 24)),                     # ... always share a row
    ("american", {"diagonals": True}, (4, 12, 20)),    # ... share the diagonal
    ("english", {"joker": True}, (3, 8, 9)),           # a joker may come
])
def test_the_last_cells_are_valued_exactly(table, options, empty):
    """Three cells left: each choice's exact mean (the core's expectimax, the last two
    cells in closed form) against brute force over every order of the unseen cards."""
    rules = PokerRules.make(table, **options)
    cards = order_from_seed(31, rules)
    cells = [None] * 25
    filled = iter(cards)
    for i in range(25):
        if i not in empty:
            cells[i] = next(filled)
    card = next(filled)
    seen = [c for c in cells if c is not None] + [card]
    values = value_cells(cells, card, seen, 2, 0, rules, 10, 0.0, seed=1)
    assert all(v.exact and v.rollouts == 0 for v in values)
    assert [v.mean for v in values] == sorted((v.mean for v in values), reverse=True)
    pool = unseen_cards(rules, seen)
    assert not rules.joker or 52 in pool  # the joker may come: the exact end at four cells
    for v in values:
        placed = cells[:v.cell] + [card] + cells[v.cell + 1:]
        assert v.mean == pytest.approx(_expectimax(placed, pool, rules), abs=1e-9), v


@pytest.mark.parametrize("rules", [PokerRules.make("english"), PokerRules.make("swedish", rows_only=True),
                                   PokerRules.make("american", diagonals=True)], ids=lambda r: r.describe())
def test_cells_valued_as_one_are_alike(rules):
    """The rollouts value alike cells once and give each the same figures.  Check every
    such group against the hand rules: swapping the two cells' rows and their columns
    (rows only: their cells within the row) must leave the grid as it is and score every
    completion the same."""
    rng = random.Random(rules.describe())
    groups_seen = 0
    for trial in range(25):
        cards = rng.sample(range(52), 26)
        grid = [None] * 25
        for i, cell in enumerate(rng.sample(range(25), rng.randrange(0, 9))):
            grid[cell] = cards[i]
        card = cards[25]
        seen = [c for c in grid if c is not None] + [card]
        groups = {}
        for v in value_cells(grid, card, seen, 25 - len(seen), 0, rules, 30, 0.0, seed=trial):
            groups.setdefault((v.mean, v.stderr, v.rollouts), []).append(v.cell)
        for cells in (g for g in groups.values() if len(g) > 1):
            groups_seen += 1
            a = cells[0]
            for b in cells[1:]:
                rows, cols = {a // 5: b // 5, b // 5: a // 5}, {a % 5: b % 5, b % 5: a % 5}
                mirror = [rows.get(c // 5, c // 5) * 5 + c % 5 for c in range(25)]
                # swap the columns: whole ones, or (rows only: columns are not scored) in b's row alone
                mirror = [m if rules.rows_only and m // 5 != b // 5 else m - m % 5 + cols.get(m % 5, m % 5)
                          for m in mirror]
                assert mirror[a] == b and all(grid[mirror[c]] == grid[c] for c in range(25)), (grid, a, b)
                for _ in range(5):
                    full = list(grid)
                    full[a] = card
                    rest = [c for c in range(52) if c not in full]
                    rng.shuffle(rest)
                    full = [rest.pop() if c is None else c for c in full]
                    swapped = [None] * 25
                    for c in range(25):
                        swapped[mirror[c]] = full[c]
                    score = [sum(h.points for h in score_grid([g[r * 5:(r + 1) * 5] for r in range(5)], rules))
                             for g in (full, swapped)]
                    assert score[0] == score[1], (full, a, b)
    assert groups_seen > 0 or rules.diagonals


def test_halving_gives_the_best_choices_the_most_rollouts():
    """A budget of 40 rounds a choice, spread by successive halving: the choice made has
    more than 40 rollouts and no fewer than any other, and a choice dropped early has
    fewer than 40."""
    rules = PokerRules.make("american")
    cards = order_from_seed(4, rules)
    grid = [None] * 25
    for cell, card in zip((0, 6, 12, 13, 19), cards):
        grid[cell] = card
    values = value_cells(grid, cards[5], cards[:6], 19, 0, rules, 40, 0.0, seed=3)
    counts = [v.rollouts for v in values]
    assert counts[0] == max(counts) > 40 and min(counts) < 40


def test_cli_play_and_hint():
    out = patiens("poker", "play", "--seed", "5", "--rollouts", "5", "--json").json()
    assert out["player"] == "search" and out["optimum"] >= out["score"] and len(out["placement"]) == 25
    empty = " ".join(["--"] * 23)
    hint = patiens("poker", "hint", "--grid", f"AS KS {empty}", "--card", "QS", "--rollouts", "20", "--json").json()
    assert len(hint["moves"]) == 23 and hint["moves"][0]["expected_score"] >= hint["moves"][-1]["expected_score"]
    late = " ".join(card_str(c) for c in range(22)) + " -- -- --"  # three cells left: exact figures
    exact = patiens("poker", "hint", "--grid", late, "--card", "KS", "--json").json()
    assert exact["exact"] and not hint["exact"]
    assert len(exact["moves"]) == 3 and all(m["exact"] and m["stderr"] == 0 for m in exact["moves"])
    assert "exact" in patiens("poker", "hint", "--grid", late, "--card", "KS").out
    assert_one_line_error(patiens("poker", "hint", "--grid", f"AS KS {empty}", "--card", "AS"), "already")
    assert_one_line_error(patiens("poker", "hint", "--grid", "AS KS", "--card", "QS"), "25 cells")
