"""Where a Poker Squares card order comes from.

An order is the cards in the order they are turned: 25 (30 with --discards 5).
Sources: a list of cards (``AS KD 10h ...``, commas allowed; ``JK`` is a joker),
a JSON list or {"cards": [...]}, the first cards of our shuffle (--seed; with
--joker the deck holds one joker), or of PySolFC's shuffle of a game number
(--pysol: the order its one-deck games deal cards from the talon).
"""
from __future__ import annotations

from typing import List

from solver import shuffle
from solver.cards import parse_card
from solver.errors import DealError, read_json_or_none
from solver.poker.rules import PokerRules
from solver.pysol import MAX_GAME_NUMBER, _PySolFCGame


def parse_order(text: str, rules: PokerRules) -> List[int]:
    obj = read_json_or_none(text)
    if obj is None:
        tokens = text.replace(",", " ").split()
    else:
        tokens = obj.get("cards") if isinstance(obj, dict) else obj
        if not isinstance(tokens, list):
            raise DealError("a JSON order is a list of cards or {\"cards\": [...]}")
    return [parse_card(str(t), jokers=rules.joker) for t in tokens]


def order_from_seed(seed: int, rules: PokerRules) -> List[int]:
    return shuffle.shuffled_deck(seed, jokers=1 if rules.joker else 0)[:rules.cards_turned]


def order_from_pysol(number: int, rules: PokerRules) -> List[int]:
    if rules.joker:
        raise DealError("PySolFC's one-deck shuffle has no joker")
    if not 1 <= number <= MAX_GAME_NUMBER:
        raise DealError(f"PySolFC game number {number} is out of range (1 to {MAX_GAME_NUMBER})")
    game = _PySolFCGame("klondike", number, 1)
    game.deal()
    return [_ours(c) for c in game.cards[:rules.cards_turned]]


def _ours(card) -> int:
    """A pysol-cards card as our card number."""
    return "CDHS".index(card.suit_s()) * 13 + card.rank - 1


