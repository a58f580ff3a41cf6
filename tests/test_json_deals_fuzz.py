"""JSON deals and Poker orders with any part replaced by any JSON value: reading one
gives a deal that writes itself back to the same JSON, or raises DealError in one line
(exit 2 at the command line), never another exception (an internal error).  The
command-line fuzz (test_cli_fuzz.py) varies the options; this varies a deal file's
inside."""
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.cards import card_str
from solver.errors import DealError
from solver.golf import GolfDeal, GolfRules
from solver.klondike import KlondikeDeal
from solver.poker.deal import order_from_seed, parse_order
from solver.poker.rules import PokerRules

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=False) |
    st.sampled_from(["", "??", "AS", "10h", "JK", "-", "X", "klondike", "golf", "KC QD"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["up", "down", "C", "cards"]), inner,
                                                              max_size=3),
    max_leaves=8)


def places(value, path=()):
    """Every place in a JSON value: the paths of its items, and the value itself."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from places(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from places(item, path + (i,))


def replaced(value, path, new):
    if not path:
        return new
    out = json.loads(json.dumps(value))
    holder = out
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = new
    return out


def mutate(deal: dict, data) -> dict:
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(list(places(deal))))
        deal = replaced(deal, path, data.draw(JSON_VALUES))
    return deal


def read_or_refuse(read, text: str, write=lambda deal: deal.to_json()) -> None:
    """A deal read writes itself back to the same JSON; a refusal is one line."""
    try:
        deal = read(text)
    except DealError as e:
        assert str(e) and "\n" not in str(e), str(e)
    else:
        assert write(read(json.dumps(write(deal)))) == write(deal)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_a_klondike_json_deal_with_any_part_replaced_reads_or_is_refused(data):
    text = json.dumps(mutate(KlondikeDeal.from_seed(5).to_json(), data))
    read_or_refuse(KlondikeDeal.parse, text)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_a_golf_json_deal_with_any_part_replaced_reads_or_is_refused(data):
    text = json.dumps(mutate(GolfDeal.from_seed(3).to_json(), data))
    read_or_refuse(lambda t: GolfDeal.parse(t, GolfRules()), text)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_a_poker_json_order_with_any_part_replaced_reads_or_is_refused(data):
    rules = PokerRules.make()
    order = {"cards": [card_str(c) for c in order_from_seed(4, rules)]}
    read_or_refuse(lambda t: parse_order(t, rules), json.dumps(mutate(order, data)),
                   write=lambda cards: {"cards": [card_str(c) for c in cards]})
