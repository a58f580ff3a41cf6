"""Our own documented shuffle, identical on every machine and Python version.

`--seed N` deals are made like this (the README says the same):

1. The deck starts in order: clubs A..K, diamonds A..K, hearts A..K, spades A..K
   (card numbers 0..51), then any jokers (52, 53).
2. A SplitMix64 generator is seeded with N (0 <= N < 2**64).
3. Fisher-Yates from the end: for i = n-1 down to 1, j = uniform(0..i), swap
   cards i and j.  uniform(0..i) takes 64-bit outputs x and rejects those with
   x >= 2**64 - (2**64 mod (i+1)), then returns x mod (i+1): no modulo bias.
4. The shuffled list is the dealing order: card 0 is dealt first.

Python's own `random` is not used: its algorithms may change between versions.
"""
from __future__ import annotations

from typing import List

from solver.errors import DealError

_MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed: int):
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def uniform(self, n: int) -> int:
        """An integer in [0, n) without bias."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n


def decision_seed(sampler_seed: int, step: int) -> int:
    """The seed of a real-game player's sampled worlds at a move: the sampler seed and
    the move number, nothing else (so nothing the player has not seen)."""
    return SplitMix64(sampler_seed * 0x9E3779B97F4A7C15 + step).next()


def check_seed(seed: int) -> int:
    if not 0 <= seed < (1 << 64):
        raise DealError(f"seed {seed} is out of range (0 to 2**64-1)")
    return seed


def shuffled(cards: List[int], seed: int) -> List[int]:
    """The cards in dealing order for `--seed seed`."""
    rng = SplitMix64(check_seed(seed))
    deck = list(cards)
    for i in range(len(deck) - 1, 0, -1):
        j = rng.uniform(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def shuffled_deck(seed: int, jokers: int = 0, decks: int = 1) -> List[int]:
    """`decks` full decks (and jokers) shuffled by `seed`, in dealing order."""
    return shuffled(list(range(52)) * decks + [52, 53][:jokers], seed)
