"""Solvitaire's deal JSON for Klondike (github.com/thecharlesblake/Solvitaire: its
deal_parser.cpp and resources/deal-presets/klondikeSM1.json), read and written:

    {"tableau piles": [["4D"], ["3C", "4C"], ...], "stock": [..., "9D"], "waste": [...],
     "foundations": ["AC", "2C", "AH"]}

Piles bottom first, only their top card face up (Solvitaire's Klondike turns the tops
up itself: a pile cannot say that more of its cards lie face up); the stock's *last*
card is drawn first, the waste's last card is its top; "foundations" lists every card
home.  Ranks are A (or 1), 2-10, J, Q, K (or 11-13); suits C, D, H, S."""
from __future__ import annotations

import re
from typing import List

from solver.cards import RANKS, SUITS, make_card, rank_of, suit_of
from solver.errors import DealError

_CARD = re.compile(r"^(10|1[1-3]|[1-9]|[AJQK])([CDHS])$", re.I)
_NAMED = {"A": 1, "J": 11, "Q": 12, "K": 13}
KEYS = {"tableau piles", "stock", "waste", "foundations"}


def card_text(card: int) -> str:
    rank = rank_of(card)
    return ("10" if rank == 10 else RANKS[rank - 1]) + SUITS[suit_of(card)]


def parse_card(text, where: str) -> int:
    m = _CARD.match(text) if isinstance(text, str) else None
    if not m:
        raise DealError(f"{where}: {text!r} is not a Solvitaire card (A, 2-10, J, Q, K and C, D, H, S)")
    rank = m.group(1).upper()
    return make_card(SUITS.index(m.group(2).upper()), _NAMED.get(rank) or int(rank))


def _cards(obj, key: str) -> List[int]:
    value = obj.get(key, [])
    if not isinstance(value, list):
        raise DealError(f"Solvitaire deal: {key!r} must be a list of cards")
    return [parse_card(c, f"{key} card {i}") for i, c in enumerate(value, 1)]


def read(obj: dict) -> dict:
    """The parts of a KlondikeDeal (columns, face_down, stock next first, waste,
    foundations) from Solvitaire's JSON object."""
    unknown = set(obj) - KEYS
    if unknown:
        raise DealError(f"Solvitaire deal: unknown key {sorted(unknown)[0]!r} (Klondike has {', '.join(sorted(KEYS))})")
    piles = obj.get("tableau piles")
    if not isinstance(piles, list) or len(piles) != 7 or not all(isinstance(p, list) for p in piles):
        raise DealError("Solvitaire deal: 'tableau piles' must be 7 lists of cards")
    columns = [[parse_card(c, f"tableau pile {i} card {j}") for j, c in enumerate(pile, 1)]
               for i, pile in enumerate(piles, 1)]
    foundations = [0, 0, 0, 0]
    for card in sorted(_cards(obj, "foundations"), key=lambda c: (suit_of(c), rank_of(c))):
        if rank_of(card) != foundations[suit_of(card)] + 1:
            raise DealError(f"Solvitaire deal: the foundations lack the cards under {card_text(card)}")
        foundations[suit_of(card)] += 1
    return {"columns": columns, "face_down": [max(len(c) - 1, 0) for c in columns],
            "stock": _cards(obj, "stock")[::-1], "waste": _cards(obj, "waste"), "foundations": foundations}


def write(deal) -> dict:
    """Solvitaire's JSON object of a position it can express (DealError otherwise)."""
    for i, (col, down) in enumerate(zip(deal.columns, deal.face_down), 1):
        if len(col) - down > 1:
            raise DealError(f"column {i} has {len(col) - down} face-up cards: Solvitaire's deal JSON turns up only "
                            "each pile's top card, so it cannot hold this position")
    if deal.pass_number > 1:
        raise DealError("Solvitaire's deal JSON has no pass number: it cannot hold a position after a redeal")
    return {"tableau piles": [[card_text(c) for c in col] for col in deal.columns],
            "stock": [card_text(c) for c in deal.stock[::-1]], "waste": [card_text(c) for c in deal.waste],
            "foundations": [card_text(make_card(s, r)) for s in range(4) for r in range(1, deal.foundations[s] + 1)]}
