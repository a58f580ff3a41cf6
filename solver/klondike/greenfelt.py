"""greenfelt.net's Klondike game numbers (greenfelt.net/klondike?game=N), as the
sigoden/klondike solver deals them (github.com/sigoden/klondike, klondike-common's
Board::new_from_seed, which says it matches the site; its test's game 283409412 is in
tests/test_deal_numbers.py):

1. Park-Miller's generator: x -> x * 16807 mod (2^31 - 1), from x = N.
2. The deck starts clubs A..K, diamonds A..K, hearts A..K, spades A..K; 7 rounds of:
   for j = 0..51, swap cards j and (next x) mod 52.
3. The deck is turned 24 cards to the left, then cards are swapped into the columns'
   places (swaps() below), and dealt column by column: column c takes the next c
   cards, the last face up; the 24 left make the stock, the last of them drawn first.
"""
from __future__ import annotations

from typing import List, Tuple

from solver.cards import make_card

MAX_GAME = 2**32 - 1  # its numbers are 32-bit unsigned
_SUIT = (0, 1, 2, 3)  # its starting deck is clubs, diamonds, hearts, spades: ours


def _swaps() -> List[Tuple[int, int]]:
    """The swaps that move the turned deck's cards into the columns' places."""
    out, orig = [], 27
    for i in range(7):
        pos = (i + 1) * (i + 2) // 2 - 1
        for j in range(6 - i, -1, -1):
            if j >= i:
                out.append((pos, orig))
            orig -= 1
            pos += 6 - j + 1
    return out


def layout(game: int):
    """(columns bottom first, face-down counts, stock next card first)."""
    x = game
    deck = [make_card(_SUIT[i // 13], i % 13 + 1) for i in range(52)]
    for _ in range(7):
        for j in range(52):
            x = x * 16807 % 0x7FFFFFFF
            k = x % 52
            deck[j], deck[k] = deck[k], deck[j]
    deck = deck[24:] + deck[:24]
    for a, b in _swaps():
        deck[a], deck[b] = deck[b], deck[a]
    columns, m = [], 0
    for c in range(1, 8):
        columns.append(deck[m:m + c])
        m += c
    return columns, [c - 1 for c in range(1, 8)], deck[m:][::-1]
