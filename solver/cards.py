"""Cards as small integers, shared with the C++ core.

card = suit * 13 + (rank - 1), suits C D H S = 0..3, ranks A..K = 1..13.
Jokers (Golf and Poker Squares only) are 52 and 53.  Input accepts `AS`,
`TD`, `10d`, `qh` and `JK` for a joker; output always writes `T` and upper case.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Iterable, List

from solver.errors import DealError

SUITS = "CDHS"
RANKS = "A23456789TJQK"
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
JOKER = 52
JOKER2 = 53
DECK = list(range(52))


def suit_of(card: int) -> int:
    return card // 13


def rank_of(card: int) -> int:
    return card % 13 + 1


def make_card(suit: int, rank: int) -> int:
    return suit * 13 + rank - 1


def is_joker(card: int) -> bool:
    return card >= 52


def is_red(card: int) -> bool:
    return suit_of(card) in (1, 2)


def parse_rank(text: str) -> int:
    t = text.strip().upper()
    if t == "10":
        return 10
    if len(t) == 1 and t in RANKS:
        return RANKS.index(t) + 1
    if t.isdigit() and 1 <= int(t) <= 13:
        return int(t)
    raise DealError(f"unknown rank {text!r}")


# Suit symbols as cards are printed (black and white forms alike), read as the letters.
SUIT_SYMBOLS = {"\u2663": "C", "\u2667": "C", "\u2666": "D", "\u2662": "D", "\u2665": "H", "\u2661": "H",
                "\u2660": "S", "\u2664": "S"}


def parse_card(text: str, jokers: bool = False) -> int:
    """'AS', 'TD', '10d', 'qh', '6\u2663', '10\u2665' -> card number; 'JK' (or 'JOKER') when
    jokers are allowed."""
    if not isinstance(text, str):  # a JSON deal may hold anything
        raise DealError(f"a card is written as text such as 'AS', not {json.dumps(text, default=repr)}")
    t = text.strip().upper()
    if t and t[-1] in SUIT_SYMBOLS:
        t = t[:-1] + SUIT_SYMBOLS[t[-1]]
    if t in ("JK", "JOKER", "JO", "*"):
        if not jokers:
            raise DealError(f"a joker ({text!r}) is not part of this game")
        return JOKER
    if len(t) < 2 or t[-1] not in SUITS:
        raise DealError(f"unknown card {text!r} (write rank then suit, e.g. AS, TD, 10d, 6\u2663)")
    rank_text = t[:-1]
    if rank_text == "10":
        rank = 10
    elif len(rank_text) == 1 and rank_text in RANKS:
        rank = RANKS.index(rank_text) + 1
    else:
        raise DealError(f"unknown rank in card {text!r}")
    return make_card(SUITS.index(t[-1]), rank)


def card_str(card: int) -> str:
    if is_joker(card):
        return "JK"
    return RANKS[rank_of(card) - 1] + SUITS[suit_of(card)]


@dataclass(frozen=True)
class CardStyle:
    """How a picture writes a card: letters (AS, TD), or suit symbols (A\u2660, 10\u2666),
    with red and black in a terminal's colours."""
    symbols: bool = False
    color: bool = False

    def card(self, card: int) -> str:
        if not self.symbols or is_joker(card):
            return card_str(card)
        rank = RANKS[rank_of(card) - 1].replace("T", "10")
        text = rank + SYMBOLS[suit_of(card)]
        return RED + text + RESET if self.color and is_red(card) else text

    def width(self, text: str) -> int:
        """The columns a card's text takes on the screen (colour codes take none)."""
        return len(text) - (len(RED) + len(RESET) if text.startswith(RED) else 0)

    def pad(self, text: str, width: int) -> str:
        return text + " " * max(0, width - self.width(text))


PLAIN = CardStyle()
RED, RESET = "\033[31m", "\033[0m"  # a terminal's red, and back to its colour
SYMBOLS = ("\u2663", "\u2666", "\u2665", "\u2660")  # C D H S


def card_name(card: int) -> str:
    """'QH' -> 'Q of hearts', for sentences."""
    if is_joker(card):
        return "joker"
    return f"{RANKS[rank_of(card) - 1]} of {SUIT_NAMES[SUITS[suit_of(card)]]}"


def cards_str(cards: Iterable[int]) -> str:
    return " ".join(card_str(c) for c in cards)


def parse_cards(text: str, jokers: bool = False) -> List[int]:
    return [parse_card(t, jokers) for t in text.replace(",", " ").split()]


def check_deck(cards: Iterable[int], expected: Iterable[int], what: str) -> None:
    """Raise a DealError naming duplicated, missing or surplus cards."""
    seen: dict = {}
    for c in cards:
        seen[c] = seen.get(c, 0) + 1
    want: dict = {}
    for c in expected:
        want[c] = want.get(c, 0) + 1
    dup = sorted(c for c, n in seen.items() if n > want.get(c, 0) and c in want)
    extra = sorted(c for c in seen if c not in want)
    missing = sorted(c for c, n in want.items() if seen.get(c, 0) < n)
    total, expected_total = sum(seen.values()), sum(want.values())
    if dup:
        raise DealError(f"duplicated card {cards_str(dup[:5])} in the {what}")
    if extra:
        raise DealError(f"card {cards_str(extra[:5])} does not belong in the {what}")
    if missing or total != expected_total:
        msg = f"the {what} has {total} cards, it needs {expected_total}"
        if missing:
            msg += f" (missing: {cards_str(missing[:8])}{' ...' if len(missing) > 8 else ''})"
        raise DealError(msg)
