"""Where a Poker Squares card order comes from.

An order is the cards in the order they are turned: 25 (30 with --discards 5).
Sources: a list of cards (``AS KD 10h ...``, commas allowed; ``JK`` is a joker),
a JSON list or {"cards": [...]}, the first cards of our shuffle (--seed; with
--joker the deck holds one joker), or of PySolFC's shuffle of a game number
(--pysol: the order its one-deck games deal cards from the talon).
"""
from __future__ import annotations

from typing import List, Sequence

from solver import shuffle
from solver.cards import card_str, is_joker, parse_card
from solver.errors import DealError, read_json_or_none
from solver.layout import wrong_game_hint
from solver.poker.rules import PokerRules
from solver.pysol import MAX_GAME_NUMBER, _PySolFCGame


def parse_order(text: str, rules: PokerRules) -> List[int]:
    """A card order's text (or JSON), checked against the rules (check_cards)."""
    try:
        obj = read_json_or_none(text)
        if obj is None:
            tokens = text.replace(",", " ").split()
        else:
            tokens = obj.get("cards") if isinstance(obj, dict) else obj
            if not isinstance(tokens, list):
                raise DealError("a JSON order is a list of cards or {\"cards\": [...]}")
        cards = [parse_card(str(t), jokers=rules.joker) for t in tokens]
        check_cards(cards, rules)
    except DealError as e:
        raise DealError(f"{e}{wrong_game_hint(text, 'poker')}") from None
    return cards


def check_cards(cards: Sequence[int], rules: PokerRules) -> None:
    need = rules.cards_turned
    if len(cards) != need:
        raise DealError(f"this game turns {need} cards, the order has {len(cards)}")
    real = [c for c in cards if not is_joker(c)]
    if len(set(real)) != len(real):
        dup = sorted({card_str(c) for c in real if real.count(c) > 1})
        raise DealError(f"duplicated card {' '.join(dup)} in the order")
    jokers = len(cards) - len(real)
    if jokers and not rules.joker:
        raise DealError("the order has a joker: add --joker")
    if jokers > 1:
        raise DealError("at most one joker")




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




def placement_token(card: int, row: int, column: int) -> str:
    """A card placed, as a line's token: "7D@23" is 7D in row 2, column 3 (0-based in)."""
    return f"{card_str(card)}@{row + 1}{column + 1}"
