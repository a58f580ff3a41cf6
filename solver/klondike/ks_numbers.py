"""Klondike-Solver's game numbers (github.com/ShootMe/Klondike-Solver, `/GAME N`), the
numbers of the largest published study of Klondike deals, so that a user can look up a
deal of that study here.  Dealt as its Solitaire::Shuffle1 and ResetGame deal them:

1. Its generator (Random.cpp): three 32-bit signed integers, stepped by
   CalculateNext(), seeded by SetSeed(N) (1,000 steps in all); Next1() is the value
   after a step, less its sign bit.
2. The deck starts as card values 0..51, value v being rank v % 13 + 1 of suit v // 13,
   its suits in the order clubs, diamonds, spades, hearts; then 269 times: k = Next1()
   % 52, j = Next1() % 52, swap cards k and j.
3. Dealt by rows: row r gives column r its face-up card, then one face-down card to each
   column to its right; cards 28..51 make the stock, card 28 drawn first.

Checked against the program itself (tests/test_ks_numbers.py holds layouts it printed).
"""
from __future__ import annotations

from typing import List

from solver.cards import make_card

MAX_GAME = 2**31 - 1  # its numbers are C ints read by atoi
_SUIT = (0, 1, 3, 2)  # its clubs, diamonds, spades, hearts in our order (C D H S)


def _i32(x: int) -> int:
    x &= 0xFFFFFFFF
    return x - (1 << 32) if x & 0x80000000 else x


class _Random:
    """Random.cpp's generator, its int arithmetic wrapping as the program's does."""

    def __init__(self, seed: int):
        self.mix, self.twist, self.value = 51651237, 895213268, _i32(seed)
        for _ in range(50):
            self._step()
        seed = _i32(seed)
        seed ^= seed >> 15  # (an int: the shift keeps the sign)
        self.value = _i32(0x9417B3AF ^ seed)
        for _ in range(950):
            self._step()

    def _step(self) -> None:
        value, mix, twist = self.value, self.mix, self.twist
        y = _i32(value ^ _i32(twist - mix) ^ value)
        y = _i32(y ^ twist ^ value ^ mix)
        mix = _i32(mix ^ twist ^ value)
        value = _i32(value ^ _i32(twist - mix))
        twist = _i32(twist ^ value ^ y)
        value = _i32(value ^ _i32(twist << 7) ^ (mix >> 16) ^ _i32(y << 8))
        self.value, self.mix, self.twist = value, mix, twist

    def next1(self) -> int:
        self._step()
        return self.value & 0x7FFFFFFF


def dealt_cards(game: int) -> List[int]:
    """The 52 cards in Klondike-Solver's dealing order (our card numbers)."""
    rng = _Random(game)
    values = list(range(52))
    for _ in range(269):
        k = rng.next1() % 52
        j = rng.next1() % 52
        values[k], values[j] = values[j], values[k]
    return [make_card(_SUIT[v // 13], v % 13 + 1) for v in values]


def layout(game: int):
    """(columns bottom first, face-down counts, stock next card first)."""
    cards = dealt_cards(game)
    columns: List[List[int]] = [[] for _ in range(7)]
    i = 0
    for row in range(7):
        columns[row].append(cards[i])  # face up: the column's last card
        i += 1
        for col in range(row + 1, 7):
            columns[col].append(cards[i])
            i += 1
    return columns, list(range(7)), cards[28:]
