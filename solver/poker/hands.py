"""Poker hand categories and the scoring tables of Poker Squares (RULES.md 3).

A hand is five cards; its category is the highest of the standard poker order
that applies (straight flush > four of a kind > full house > flush > straight >
three of a kind > two pair > pair > nothing), a royal flush being the straight
flush T-J-Q-K-A.  Aces are high or low in straights (A-2-3-4-5 and T-J-Q-K-A),
with no wrap-around (Q-K-A-2-3 is not a straight).

A joker is wild: in each hand it stands for whatever card gives that hand the
most points under the table in use (so the same joker may be a different card in
its row and its column).  Five of a kind (four cards and a joker) counts as four
of a kind.
"""
from __future__ import annotations

import json
from collections import Counter
from typing import Dict, List, Sequence

from solver.cards import is_joker, rank_of, suit_of
from solver.errors import DealError
from solver.textfile import read_text

CATEGORIES = ["royal flush", "straight flush", "four of a kind", "full house", "flush", "straight",
              "three of a kind", "two pair", "pair", "nothing"]

# The ten straights by ranks (Ace = 1, also high).
STRAIGHTS = [frozenset([1, 2, 3, 4, 5])] + [frozenset(range(low, low + 5)) for low in range(2, 10)] + \
    [frozenset([10, 11, 12, 13, 1])]
ROYAL = STRAIGHTS[-1]

TABLES: Dict[str, Dict[str, int]] = {
    "english": dict(zip(CATEGORIES, [30, 30, 16, 10, 5, 12, 6, 3, 1, 0])),
    "american": dict(zip(CATEGORIES, [100, 75, 50, 25, 20, 15, 10, 5, 2, 0])),
    "swedish": dict(zip(CATEGORIES, [20, 20, 14, 12, 10, 8, 6, 4, 2, 0])),
    # The seed gives this one only as "pair 1 up to royal flush 9, max 79"; the steps
    # between are our reading.
    "swedish-low": dict(zip(CATEGORIES, [9, 8, 7, 6, 5, 4, 3, 2, 1, 0])),
}

# The score a game must reach to count as won, where the book gives one.
WIN_SCORES = {"american": 200, "english": 70}


def category_of_counts(ranks: Sequence[int], suits: Sequence[int]) -> str:
    """The category of five real cards given as ranks (1-13) and suits."""
    counts = sorted(Counter(ranks).values(), reverse=True)
    flush = len(set(suits)) == 1 and len(suits) == 5
    straight = counts[0] == 1 and frozenset(ranks) in STRAIGHTS
    if straight and flush:
        return "royal flush" if frozenset(ranks) == ROYAL else "straight flush"
    if counts[0] >= 4:
        return "four of a kind"
    if counts[:2] == [3, 2]:
        return "full house"
    if flush:
        return "flush"
    if straight:
        return "straight"
    if counts[0] == 3:
        return "three of a kind"
    if counts[:2] == [2, 2]:
        return "two pair"
    if counts[0] == 2:
        return "pair"
    return "nothing"


def category(cards: Sequence[int]) -> str:
    """The category of a hand of five real cards (no joker)."""
    if len(cards) != 5 or any(is_joker(c) for c in cards):
        raise ValueError("category() takes five real cards; use hand_points() with jokers")
    return category_of_counts([rank_of(c) for c in cards], [suit_of(c) for c in cards])


def hand_points(cards: Sequence[int], table: Dict[str, int]) -> tuple:
    """(points, category) of a hand under the table; a joker becomes the best card."""
    jokers = [c for c in cards if is_joker(c)]
    real = [c for c in cards if not is_joker(c)]
    if not jokers:
        cat = category(real)
        return table[cat], cat
    best = None
    for cat in _joker_categories([rank_of(c) for c in real], [suit_of(c) for c in real], len(jokers)):
        if best is None or table[cat] > best[0]:
            best = (table[cat], cat)
    return best


def _joker_categories(ranks: List[int], suits: List[int], jokers: int) -> set:
    """Every category the hand can take, the jokers being any cards (duplicates allowed)."""
    out = set()

    def fill(rs, ss, left):
        if left == 0:
            out.add(category_of_counts(rs, ss))
            return
        for r in range(1, 14):
            for s in range(4):
                fill(rs + [r], ss + [s], left - 1)

    fill(list(ranks), list(suits), jokers)
    return out


# What a hand of the first category can also claim in the claims model (model.py):
# its own features make these categories' conditions true too.
CLAIMABLE = {
    "royal flush": ["straight flush", "flush", "straight"],
    "straight flush": ["flush", "straight"],
    "four of a kind": ["three of a kind", "pair"],
    "full house": ["three of a kind", "two pair", "pair"],
    "three of a kind": ["pair"],
    "two pair": ["pair"],
}


def claims_are_exact(table: Dict[str, int]) -> bool:
    """True when no hand can claim a category worth more than its own, and nothing is
    worth less than "nothing": the best claim of a hand is then its true score."""
    floor = table["nothing"]
    if any(v < floor for v in table.values()):
        return False
    return all(table[own] >= table[other] for own, others in CLAIMABLE.items() for other in others)


MAX_POINTS = 10 ** 9  # per hand, either way


def load_table(name: str = "english", path: str = None) -> Dict[str, int]:
    """A named table, or a custom one from a JSON file of points per category.

    Custom tables may be non-monotone and negative (research point systems use
    integers from -128 to 127); any integers up to MAX_POINTS either way are accepted
    (larger ones could overflow CP-SAT's 64-bit sums).  Categories not given score 0;
    "royal flush" defaults to the straight flush's points."""
    if path is None:
        if name not in TABLES:
            raise DealError(f"unknown table {name!r} (choose from {', '.join(TABLES)}, or --table-file)")
        return dict(TABLES[name])
    text = read_text(path, what="a scoring table")
    try:
        raw = json.loads(text)
    except RecursionError:
        raise DealError(f"{path}: malformed JSON: nested too deeply") from None
    except json.JSONDecodeError as e:
        raise DealError(f"{path}: malformed JSON: {e.msg} at line {e.lineno}") from None
    if not isinstance(raw, dict):
        raise DealError(f"{path}: a table is a JSON object of points per category")
    table = {}
    for key, value in raw.items():
        name_ = str(key).strip().lower().replace("_", " ").replace("-", " ")
        name_ = {"high card": "nothing", "one pair": "pair", "quads": "four of a kind", "trips": "three of a kind",
                 "royal": "royal flush"}.get(name_, name_)
        if name_ not in CATEGORIES:
            raise DealError(f"{path}: unknown hand {key!r} (known: {', '.join(CATEGORIES)})")
        if not isinstance(value, int) or isinstance(value, bool):
            raise DealError(f"{path}: points for {key!r} must be an integer")
        if abs(value) > MAX_POINTS:
            raise DealError(f"{path}: points for {key!r} must lie between -{MAX_POINTS} and {MAX_POINTS}")
        table[name_] = value
    table.setdefault("royal flush", table.get("straight flush", 0))
    for cat in CATEGORIES:
        table.setdefault(cat, 0)
    return table
