"""Our hand categories against eval7, an independent evaluator, on all 2,598,960 hands."""
import itertools

import eval7

from solver.cards import RANKS, SUITS, card_str
from solver.poker.hands import category

EVAL7_NAMES = {
    "royal flush": "Straight Flush", "straight flush": "Straight Flush", "four of a kind": "Quads",
    "full house": "Full House", "flush": "Flush", "straight": "Straight", "three of a kind": "Trips",
    "two pair": "Two Pair", "pair": "Pair", "nothing": "High Card",
}


def test_every_five_card_hand():
    theirs = [eval7.Card(r + s.lower()) for s in SUITS for r in RANKS]  # same order as our card numbers
    counts = {}
    for hand in itertools.combinations(range(52), 5):
        ours = category(hand)
        expected = eval7.handtype(eval7.evaluate([theirs[c] for c in hand]))
        assert EVAL7_NAMES[ours] == expected, (" ".join(card_str(c) for c in hand), ours, expected)
        counts[ours] = counts.get(ours, 0) + 1
    # the textbook counts, royal flushes apart from the other straight flushes
    assert counts == {"royal flush": 4, "straight flush": 36, "four of a kind": 624, "full house": 3744,
                      "flush": 5108, "straight": 10200, "three of a kind": 54912, "two pair": 123552,
                      "pair": 1098240, "nothing": 1302540}
