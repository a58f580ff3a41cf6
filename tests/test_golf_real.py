"""The real game of Golf: players that see only what a person sees."""
import itertools
import math
import statistics

import pytest

from clihelp import assert_one_line_error, patiens
from referee import golf as ref
from solver.cards import card_str, parse_cards
from solver.golf import GolfDeal, GolfRules
from solver.golf.notation import DRAW
from solver.golf.real import GolfView, hint, parse_position, play
from solver.shuffle import decision_seed

RULES = [GolfRules(), GolfRules(wrap=True), GolfRules(jokers=2), GolfRules(king_on_ace_stop=True),
         GolfRules(empty_waste=True), GolfRules(queen_on_king=True)]


def replayed(hole) -> int:
    """The referee's score of a played line (it checks every move)."""
    deal, r = hole.deal, hole.rules
    return ref.replay(deal.columns, deal.stock, deal.base, [m.column for m in hole.line], wrap=r.wrap,
                      queen_on_king=r.queen_on_king, king_on_ace_stop=r.king_on_ace_stop)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.describe())
@pytest.mark.parametrize("player", ["greedy", "search"])
def test_played_lines_replay_to_their_score(rules, player):
    for seed in (1, 2):
        hole = play(GolfDeal.from_seed(seed, rules), rules, player=player, samples=3)
        assert replayed(hole) == hole.score
        assert hole.optimum_proven and hole.optimum <= hole.score  # the order known is never worse


def first_difference(a, b) -> int:
    return next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))


@pytest.mark.parametrize("seed", [3, 8])
def test_no_look_at_the_unseen_stock(seed):
    """Two deals alike in everything the player sees until its k-th stock card, the
    rest of the stock in another order: the same decisions until that card is turned."""
    deal = GolfDeal.from_seed(seed)
    a = play(deal, player="search", samples=4, optimum=False)
    draws = [i for i, m in enumerate(a.line) if m.column == DRAW]
    k = len(draws) // 2  # the player has seen k stock cards when it makes its draws[k]-th move
    twin = GolfDeal(columns=deal.columns, stock=deal.stock[:k] + deal.stock[k:][::-1], base=deal.base,
                    rules=deal.rules)
    b = play(twin, player="search", samples=4, optimum=False)
    assert [m.column for m in a.line[:draws[k] + 1]] == [m.column for m in b.line[:draws[k] + 1]]
    assert first_difference([m.card for m in a.line], [m.card for m in b.line]) >= draws[k]


def test_same_seed_same_game_and_another_seed_may_differ():
    deal = GolfDeal.from_seed(11)
    one = play(deal, player="search", samples=4, sampler_seed=7, optimum=False)
    assert play(deal, player="search", samples=4, sampler_seed=7, optimum=False).tokens == one.tokens


def test_the_sampler_is_uniform():
    """Three unseen cards: six orders, each drawn a sixth of the time (chi-square, 5
    degrees of freedom, below the 0.1% point)."""
    view = parse_position(position_text(), GolfRules())
    counts = {}
    for step in range(200):
        for world in view.worlds(30, decision_seed(5, step)):
            counts[tuple(world)] = counts.get(tuple(world), 0) + 1
    assert len(counts) == 6
    expected = 6000 / 6
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi2 < 20.52, counts


# Two columns left of a basic hole, the waste's top 7H; three stock cards unseen: 4D, 7C
# and 9H (the deck less what the position shows).  6C and 8C both fit on 7H.
POSITION = """Talon: ?? ?? ??
Waste: {waste}
: 5C 6C
: 8C
:
:
:
:
:
"""


def position_text():
    shown = set(parse_cards("5C 6C 8C 4D 7C 9H 7H"))
    waste = [c for c in range(52) if c not in shown] + parse_cards("7H")
    return POSITION.format(waste=" ".join(card_str(c) for c in waste))


def test_a_hint_with_few_unseen_cards_is_exact():
    """Every order of the three unseen cards weighed: each move's figures are the mean,
    over the six orders, of the referee's exhaustive best score after the move."""
    view = parse_position(position_text(), GolfRules())
    assert sorted(card_str(c) for c in view.unseen) == ["4D", "7C", "9H"]
    advice = hint(view)
    assert advice.exact and {v.move for v in advice.values} == set(view.moves())
    for v in advice.values:
        scores = []
        for order in itertools.permutations(view.unseen):
            nxt = view.after(v.move, order[0] if v.move == DRAW else None)
            rest = list(order[1:] if v.move == DRAW else order)
            top = ref.STOPPED_KING if nxt.stopped else nxt.top
            scores.append(ref.min_score([list(c) for c in nxt.columns], rest, top))
        assert math.isclose(v.mean, statistics.mean(scores)) and v.worlds == 6
    assert advice.values[0].mean == min(v.mean for v in advice.values)


def test_positions_that_cannot_be_are_one_line(tmp_path):
    bad = tmp_path / "p.txt"
    bad.write_text(position_text().replace("Talon: ?? ?? ??", "Talon: ?? ??"))
    assert_one_line_error(patiens("golf", "hint", bad), "unaccounted")
    bad.write_text(position_text().replace(": 8C", ": 8C 5C"))
    assert_one_line_error(patiens("golf", "hint", bad), "duplicated", "5C")
    bad.write_text(position_text().replace(": 8C", ": 8C ??"))  # a column's card is always seen
    assert_one_line_error(patiens("golf", "hint", bad), "line 4", "?? stands for a stock card")


def test_cli_play_and_hint(tmp_path):
    out = patiens("golf", "play", "--seed", "3", "--samples", "3", "--json").json()
    assert out["player"] == "search" and out["optimum"] <= out["score"]
    assert out["value_of_information"] == out["score"] - out["optimum"]
    again = patiens("golf", "replay", "--seed", "3", "--json", " ".join(out["line"])).json()
    assert again["legal"] and again["score"] == out["score"]
    position = tmp_path / "p.txt"
    position.write_text(position_text())
    advice = patiens("golf", "hint", position, "--json").json()
    assert advice["exact"] and advice["unknown"] == 3 and advice["moves"]
    text = patiens("golf", "hint", position)
    assert text.code == 0 and "exact" in text.out and "expected score" in text.out


def test_the_view_starts_with_every_stock_card_unseen():
    deal = GolfDeal.from_seed(4)
    view = GolfView.of_deal(deal)
    assert view.stock == (None,) * 16 and sorted(view.unseen) == sorted(deal.stock) and view.top == deal.base
