"""Golf: known answers, public facts, exhaustive cross-checks, variants."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import scaled
from referee import golf as ref
from solver.cards import parse_card, parse_cards
from solver.errors import DealError
from solver.golf import GolfDeal, GolfRules, play_game, replay, solve
from solver.limits import Limits

VARIANTS = [GolfRules(), GolfRules(wrap=True), GolfRules(queen_on_king=True), GolfRules(king_on_ace_stop=True),
            GolfRules(jokers=1), GolfRules(jokers=2), GolfRules(empty_waste=True),
            GolfRules(wrap=True, queen_on_king=True, jokers=1), GolfRules(queen_on_king=True, king_on_ace_stop=True,
                                                                          empty_waste=True),
            GolfRules(queen_on_king=True, king_on_ace_stop=True, jokers=2)]

# Two decks: up to eight cards of a rank, which the bound's counts by rank must take.
TWO_DECKS = [GolfRules(decks=2), GolfRules(decks=2, wrap=True, jokers=2)]


def ref_kwargs(rules):
    return dict(wrap=rules.wrap, queen_on_king=rules.queen_on_king, king_on_ace_stop=rules.king_on_ace_stop)


def check(deal, result):
    """The line replays (referee) to exactly the claimed score, and the score is minimal."""
    kw = ref_kwargs(deal.rules)
    assert ref.replay(deal.columns, deal.stock, deal.base, [m.column for m in result.line], **kw) == result.best_score
    assert ref.min_score(deal.columns, deal.stock, deal.base, **kw) == result.best_score


def seed_example(rules=GolfRules()):
    """RULES.md 2: base 9H; 8D from the left column, 7C from the middle one, 8S from the
    right one; then a King is turned from the stock and the three Queens stay under
    three Kings: 6 cards, score 6."""
    columns = [parse_cards("QC KC 8D"), parse_cards("QD KD 7C"), parse_cards("QH KH 8S")]
    return GolfDeal(columns=columns, stock=[parse_card("KS")], base=parse_card("9H"), rules=rules)


@pytest.mark.parametrize("rules", [GolfRules(), GolfRules(wrap=True), GolfRules(queen_on_king=True)],
                         ids=lambda r: r.describe())
def test_seed_example_scores_six(rules):
    deal = seed_example(rules)
    result = solve(deal)
    assert result.best_score == 6 and result.cards_left == 6 and result.proven and result.solvable is False
    check(deal, result)
    assert [m.token() for m in result.line[:3]] == ["1", "2", "3"] or sorted(
        m.column for m in result.line[:3]) == [0, 1, 2]


def test_pysolfc_games_1_to_20_with_wrap():
    """black-hole-solver's test boards: PySolFC Golf games 1-20; with wrap all of them
    can be cleared except game 11."""
    rules = GolfRules(wrap=True)
    for number in range(1, 21):
        result = solve(GolfDeal.from_pysol_number(number, rules))
        assert result.proven
        assert result.solvable is (number != 11), number


@pytest.mark.parametrize("seed", [1, 2, 3, 9])
def test_full_deals_match_the_referee(seed):
    deal = GolfDeal.from_seed(seed)
    check(deal, solve(deal))


@st.composite
def small_deals(draw):
    rules = draw(st.sampled_from(VARIANTS + TWO_DECKS))
    deck = rules.deck()
    cards = draw(st.permutations(deck))
    ncols = draw(st.integers(2, 4))
    heights = [draw(st.integers(0, 4)) for _ in range(ncols)]
    n_stock = draw(st.integers(0, 6))
    it = iter(cards)
    columns = [[next(it) for _ in range(h)] for h in heights]
    stock = [next(it) for _ in range(n_stock)]
    base = None if rules.empty_waste else next(it)
    columns += [[] for _ in range(rules.columns - ncols)]
    return GolfDeal(columns=columns, stock=stock, base=base, rules=rules)


@settings(max_examples=scaled(300))
@given(small_deals())
def test_small_deals_match_exhaustive_play(deal):
    check(deal, solve(deal))


def check_first_clear(deal, threads=1):
    """--first-clear decides what the exhaustive referee decides: a clear exists (and
    its line replays to exactly the clear it claims, never better than the minimum)
    or none does (proven)."""
    kw = ref_kwargs(deal.rules)
    result = solve(deal, first_clear=True, limits=Limits(threads=threads))
    assert result.proven and result.question == "first-clear" and not result.exact and result.bound is None
    assert ref.replay(deal.columns, deal.stock, deal.base, [m.column for m in result.line], **kw) == result.best_score
    best = ref.min_score(deal.columns, deal.stock, deal.base, **kw)
    assert result.solvable is (best <= 0)
    assert result.best_score >= best


@settings(max_examples=scaled(300))
@given(small_deals(), st.sampled_from([1, 2]))
def test_first_clear_matches_exhaustive_play(deal, threads):
    check_first_clear(deal, threads)


@pytest.mark.parametrize("rules", VARIANTS[:7], ids=lambda r: r.describe())
def test_first_clear_agrees_with_the_minimum_on_whole_deals(rules):
    """On whole deals the verdict is the full solve's, found in no more nodes (one thread: the same
    count on every machine)."""
    for seed in range(1, 16):
        deal = GolfDeal.from_seed(seed, rules)
        full, quick = solve(deal), solve(deal, first_clear=True)
        assert full.proven and quick.proven
        assert quick.solvable is full.solvable, seed
        assert quick.best_score >= full.best_score
        assert quick.stats.nodes <= full.stats.nodes + 1000, seed


@st.composite
def wide_positions(draw):
    """Few cards spread over all seven columns, with a longer stock: the positions the
    search meets late in a hole, where its bound cuts most."""
    rules = draw(st.sampled_from(VARIANTS))
    cards = iter(draw(st.permutations(rules.deck())))
    heights = draw(st.lists(st.integers(0, 3), min_size=7, max_size=7).filter(lambda h: 5 <= sum(h) <= 11))
    columns = [[next(cards) for _ in range(h)] for h in heights]
    stock = [next(cards) for _ in range(draw(st.integers(0, 9)))]
    base = None if rules.empty_waste else next(cards)
    return GolfDeal(columns=columns, stock=stock, base=base, rules=rules)


@settings(max_examples=scaled(2000))
@given(wide_positions())
def test_wide_positions_match_exhaustive_play(deal):
    check(deal, solve(deal))


@settings(max_examples=scaled(300))
@given(st.one_of(small_deals(), wide_positions()), st.integers(1, 400), st.sampled_from([1, 2]))
def test_searches_cut_short_print_lines_that_replay(deal, max_nodes, threads):
    """A node limit may stop the beam (the quick line the search starts from and tries
    first) or the search after it, on one thread or two: the line printed still replays
    to exactly its score, and a proof is still right."""
    result = solve(deal, limits=Limits(max_nodes=max_nodes, threads=threads))
    kw = ref_kwargs(deal.rules)
    assert ref.replay(deal.columns, deal.stock, deal.base, [m.column for m in result.line], **kw) == result.best_score
    if result.proven:
        assert ref.min_score(deal.columns, deal.stock, deal.base, **kw) == result.best_score


def test_jokers_are_wild():
    """Base QS: KD goes on it, then nothing may follow a King.  The stock's joker comes
    up, 9C goes on the joker, and 5H is no neighbour of 9: one card left."""
    columns = [parse_cards("5H 9C"), parse_cards("KD")]
    deal = GolfDeal(columns=columns + [[]] * 5, stock=[52], base=parse_card("QS"), rules=GolfRules(jokers=1))
    result = solve(deal)
    assert result.best_score == 1
    check(deal, result)


def test_a_joker_in_the_tableau_bridges_a_gap():
    """Base 2C; free cards 9D (on the joker) and then the joker: 2C, joker, 9D: cleared."""
    columns = [parse_cards("9D") + [52]]
    deal = GolfDeal(columns=columns + [[]] * 6, stock=parse_cards("KH"), base=parse_card("2C"),
                    rules=GolfRules(jokers=1))
    result = solve(deal)
    assert result.best_score == -1  # cleared with the KH still in the stock
    check(deal, result)


def test_two_aces_share_the_one_two_they_fit_on():
    """Base 3D: 2H and then AC follow it, 4C from the stock takes 3S.  AD fits only on
    a 2 (no 2 is in the stock, none on the waste), and the one 2 took AC: one card
    left.  Each card played lands on a card of its own, which is what the solver's
    bound counts (a matching of cards to the cards they fit on)."""
    columns = [parse_cards("AC"), parse_cards("AD"), parse_cards("3S 2H")]
    deal = GolfDeal(columns=columns + [[]] * 4, stock=parse_cards("4C"), base=parse_card("3D"), rules=GolfRules())
    result = solve(deal)
    assert result.best_score == 1 and result.proven
    check(deal, result)


def test_empty_waste_start_picks_any_free_card():
    columns = [parse_cards("3C 2D"), parse_cards("9S")]
    deal = GolfDeal(columns=columns + [[]] * 5, stock=parse_cards("8H"), base=None, rules=GolfRules(empty_waste=True))
    result = solve(deal)
    assert result.best_score == 0  # 2D, 3C, then turn 8H, 9S: cleared with no stock left
    check(deal, result)


def test_king_on_ace_stops():
    columns = [parse_cards("QD KC")]
    deal = GolfDeal(columns=columns + [[]] * 6, stock=[], base=parse_card("AH"),
                    rules=GolfRules(king_on_ace_stop=True, queen_on_king=True))
    result = solve(deal)
    assert result.best_score == 1  # KC goes on AH, but then QD may not follow onto that King
    check(deal, result)


def test_king_on_ace_stop_keeps_an_ace_top_apart():
    """Within a chain the search keys a position by which free cards fit on the waste's
    top, not by the top itself; under --king-on-ace-stop a King played on an Ace stops,
    so an Ace top must not share a key with another top that takes the same cards.
    Here 2S, AS, 2H and the joker, played from the base AH in two orders, leave the same
    columns with the joker or AS on top; both take only the two free Kings, but a King
    on AS stops, and the clear needs KH on the joker, then QC, KC, QD.  (Found by random
    search against the referee while the Ace shared the key.)"""
    columns = [parse_cards("QD QC KH"), parse_cards("KC 2H 2S"), [parse_card("JK", jokers=True)], parse_cards("AS")]
    deal = GolfDeal(columns=columns + [[]] * 3, stock=[], base=parse_card("AH"),
                    rules=GolfRules(king_on_ace_stop=True, queen_on_king=True, jokers=2))
    result = solve(deal)
    assert result.best_score == 0  # cleared
    check(deal, result)


def test_trivially_impossible_is_reported():
    """Basic rules: every Queen lies under a King of its column and no Queen is in the
    stock or the base.  A King can only be played on a Queen, so none of them, nor
    anything under them, can ever be played."""
    columns = [parse_cards("QC KC 2C 3C 4C"), parse_cards("QD KD 2D 3D 4D"), parse_cards("QH KH 2H 3H 4H"),
               parse_cards("QS KS 2S 3S 4S"), parse_cards("5C 6C 7C 8C 9C"), parse_cards("5D 6D 7D 8D 9D"),
               parse_cards("5H 6H 7H 8H 9H")]
    rest = [c for c in range(52) if c not in [x for col in columns for x in col]]
    deal = GolfDeal(columns=columns, stock=rest[1:], base=rest[0], rules=GolfRules())
    deal.validate()
    result = solve(deal)
    assert result.solvable is False and result.impossible_reason
    assert "QC" in result.impossible_reason and "KS" in result.impossible_reason
    assert result.best_score >= 8 and result.proven


def test_replay_and_bad_move():
    deal = seed_example()
    played = replay(deal, None, "1 2 3 S")
    assert played.ok and played.score == 6
    bad = replay(deal, None, "2")
    assert not bad.ok and (bad.error_move, bad.error_token) == (1, "2")


def test_nine_holes_total():
    deals = [GolfDeal.from_seed(s) for s in range(1, 10)]
    game = play_game(deals)
    assert game.total == sum(solve(d).best_score for d in deals)
    assert game.to_json()["under_par"] == (game.total <= 45)


def test_text_and_json_round_trip():
    for rules in (GolfRules(), GolfRules(jokers=2), GolfRules(empty_waste=True), GolfRules(decks=2)):
        deal = GolfDeal.from_seed(7, rules)
        again = GolfDeal.parse(deal.to_pysol(), rules)
        assert again.to_core() == deal.to_core() and again.base == deal.base
        import json
        again = GolfDeal.parse(json.dumps(deal.to_json()), rules)
        assert again.to_core() == deal.to_core()


def test_pysol_golf_matches_pysol_cards_text():
    from solver import pysol
    deal = GolfDeal.from_pysol_number(1)
    assert deal.to_pysol() == pysol.layout_text("golf", 1)


def test_two_decks_layout():
    deal = GolfDeal.from_seed(1, GolfRules(decks=2))
    assert len(deal.columns) == 14 and all(len(c) == 5 for c in deal.columns) and len(deal.stock) == 33


def test_wrap_with_king_on_ace_stop_is_refused():
    with pytest.raises(DealError, match="king-on-ace-stop"):
        GolfRules(wrap=True, king_on_ace_stop=True)
