"""Card parsing, our documented shuffle, PySolFC game numbers, deal formats."""
import json

import pytest
from pysol_cards.cards import CardRenderer, createCards
from pysol_cards.deal_game import Game
from pysol_cards.random import MTRandom
from pysol_cards.random_base import RandomBase

from solver import pysol, shuffle
from solver.cards import card_str, make_card, parse_card
from solver.errors import DealError
from solver.klondike import KlondikeDeal, make_rules, replay


@pytest.mark.parametrize("text, card", [("AS", make_card(3, 1)), ("TD", make_card(1, 10)), ("10d", make_card(1, 10)),
                                        ("qh", make_card(2, 12)), (" 2c ", make_card(0, 2)), ("Kc", make_card(0, 13)),
                                        ("6\u2663", make_card(0, 6)), ("10\u2665", make_card(2, 10)),
                                        ("q\u2660", make_card(3, 12)), ("A\u2662", make_card(1, 1))])
def test_parse_card(text, card):
    assert parse_card(text) == card


def test_output_uses_t():
    assert card_str(parse_card("10h")) == "TH"


@pytest.mark.parametrize("bad", ["1S", "11H", "AX", "A", "", "ZZ", "JK", "\u2663", "1\u2665"])
def test_bad_cards_are_named(bad):
    with pytest.raises(DealError):
        parse_card(bad)


def test_shuffle_is_fixed():
    """The documented algorithm (docs/guide.md): these are the first cards of seeds 0 and 1 and
    must never change, or every published --seed deal would change with them."""
    assert [card_str(c) for c in shuffle.shuffled_deck(0)[:6]] == \
        [card_str(c) for c in shuffle.shuffled(list(range(52)), 0)[:6]]
    first = [card_str(c) for c in shuffle.shuffled_deck(1)[:8]]
    assert first == ["7D", "9C", "4D", "8H", "8D", "5S", "JD", "6D"]
    assert sorted(shuffle.shuffled_deck(12345)) == list(range(52))


def test_shuffle_splitmix_reference():
    """SplitMix64's published first output for seed 0 (used by the shuffle)."""
    assert shuffle.SplitMix64(0).next() == 0xE220A8397B1DCDAF


def test_seed_range():
    with pytest.raises(DealError):
        shuffle.shuffled_deck(-1)
    with pytest.raises(DealError):
        shuffle.shuffled_deck(2**64)


def _pysol_cards_text(game, number):
    return Game(game, number, RandomBase.DEALS_PYSOLFC).calc_layout_string(CardRenderer(True))


@pytest.mark.parametrize("number", [1, 2, 617, 11982, 31999])
def test_pysol_numbers_below_32000_match_pysol_cards(number):
    assert pysol.layout_text("klondike", number) == _pysol_cards_text("klondike", number)


@pytest.mark.parametrize("number", [32001, 32002, 100000, 123456789])
def test_pysol_numbers_above_32000_match_pysol_cards(number):
    assert pysol.layout_text("klondike", number) == _pysol_cards_text("klondike", number)


def test_pysol_game_32000_uses_the_mersenne_twister():
    """PySolFC switches generator at < 32000; pysol-cards at <= 32000.  Game 32000 must
    come from the Mersenne Twister, as PySolFC deals it."""
    ours = pysol.layout_text("klondike", 32000)
    assert ours != _pysol_cards_text("klondike", 32000)
    rng = MTRandom()
    rng.setSeed(32000)
    cards = rng.shuffle(createCards(1))
    cards.reverse()  # PySolFC deals from the end of the shuffled list
    deal = KlondikeDeal.parse(ours)
    # PySolFC's Klondike deals its first card to the bottom of the rightmost column.
    first = cards[0]
    assert deal.columns[6][0] == make_card("CDHS".index(first.suit_s()), first.rank)


def test_pysol_number_range():
    with pytest.raises(DealError):
        pysol.layout_text("klondike", 0)


def test_pysol_klondike_game_1_reads():
    deal = KlondikeDeal.from_pysol_number(1)
    assert [len(c) for c in deal.columns] == [1, 2, 3, 4, 5, 6, 7]
    assert deal.face_down == [0, 1, 2, 3, 4, 5, 6]
    assert card_str(deal.stock[0]) == "4H" and card_str(deal.columns[0][0]) == "QH"


@pytest.mark.parametrize("seed", range(1, 16))
def test_round_trips(seed):
    deal = KlondikeDeal.from_seed(seed)
    again = KlondikeDeal.parse(deal.to_pysol())
    assert again.to_core() == deal.to_core()
    again = KlondikeDeal.parse(json.dumps(deal.to_json()))
    assert again.to_core() == deal.to_core()


def test_position_round_trip():
    """A position part-way through a game (waste, foundations, second pass) reads back."""
    played = replay(KlondikeDeal.from_seed(3), make_rules("standard"),
                    "1F 2F DR13 WF DR4 WF DR4 WF 2F DR3 RD DR2")
    assert played.ok
    deal = played.position
    assert deal.pass_number == 2 and sum(deal.foundations) == 6 and deal.waste
    assert KlondikeDeal.parse(deal.to_pysol()).to_core() == deal.to_core()
    assert KlondikeDeal.parse(json.dumps(deal.to_json())).to_core() == deal.to_core()


def test_empty_columns_round_trip():
    deal = KlondikeDeal(columns=[[] for _ in range(7)], face_down=[0] * 7, stock=list(range(52)))
    assert KlondikeDeal.parse(deal.to_pysol()).to_core() == deal.to_core()
