"""An independent Golf referee for the tests, written from RULES.md alone.

Cards are handled as the deal's card numbers (jokers 52 and 53); a position is
(column heights, cards turned from the stock, waste top).  `min_score` tries every
sequence of moves (memoised on the position; no bound, no pruning) and returns
the best score of the hole; `replay` checks a printed line.
"""
from __future__ import annotations

import sys
from functools import lru_cache
from typing import List, Optional, Tuple

# The exhaustive play recurses once per move; set at import, not during a test (where
# hypothesis warns that it cannot restore it).
sys.setrecursionlimit(10000)

STOPPED_KING = "stopped-K"


def rank(card: int) -> Optional[int]:
    return None if card >= 52 else card % 13 + 1


def may_play(top, card: int, wrap: bool, queen_on_king: bool, king_on_ace_stop: bool) -> bool:
    """May `card` go onto waste top `top` (a card number, None for an empty waste,
    or STOPPED_KING)?"""
    if top is None:
        return True
    if card >= 52 or (top != STOPPED_KING and top >= 52):
        return True  # jokers are wild both ways
    if top == STOPPED_KING:
        return False
    a, b = rank(top), rank(card)
    if wrap:
        return (a - b) % 13 in (1, 12)
    if a == 13:
        return queen_on_king and b == 12
    if a == 1 and b == 13:
        return king_on_ace_stop
    return abs(a - b) == 1


def new_top(top, card: int, king_on_ace_stop: bool):
    if king_on_ace_stop and card < 52 and rank(card) == 13 and top is not None and top != STOPPED_KING \
            and top < 52 and rank(top) == 1:
        return STOPPED_KING
    return card


def min_score(columns: List[List[int]], stock: List[int], base, wrap=False, queen_on_king=False,
              king_on_ace_stop=False) -> int:
    """The best score of the hole: minus the stock left when the tableau is cleared,
    else the cards left."""
    cols = tuple(tuple(c) for c in columns)
    stock = tuple(stock)

    @lru_cache(maxsize=None)
    def best(heights: Tuple[int, ...], turned: int, top) -> int:
        left = sum(heights)
        if left == 0:
            return -(len(stock) - turned)
        score = left  # stopping here (or being stuck)
        for c, h in enumerate(heights):
            if h and may_play(top, cols[c][h - 1], wrap, queen_on_king, king_on_ace_stop):
                nxt = heights[:c] + (h - 1,) + heights[c + 1:]
                score = min(score, best(nxt, turned, new_top(top, cols[c][h - 1], king_on_ace_stop)))
        if turned < len(stock):
            score = min(score, best(heights, turned + 1, stock[turned]))
        return score

    return best(tuple(len(c) for c in cols), 0, base)


def replay(columns: List[List[int]], stock: List[int], base, moves: List[int], wrap=False, queen_on_king=False,
           king_on_ace_stop=False) -> int:
    """Play the moves (a column index, or -1 to turn a stock card), each required to
    be legal; returns the score reached."""
    heights = [len(c) for c in columns]
    turned, top = 0, base
    for n, m in enumerate(moves):
        assert sum(heights) > 0, f"move {n}: the hole is already over"
        if m == -1:
            assert turned < len(stock), f"move {n}: the stock is empty"
            top = stock[turned]
            turned += 1
        else:
            assert heights[m] > 0, f"move {n}: column {m} is empty"
            card = columns[m][heights[m] - 1]
            assert may_play(top, card, wrap, queen_on_king, king_on_ace_stop), f"move {n}: card does not fit"
            top = new_top(top, card, king_on_ace_stop)
            heights[m] -= 1
    left = sum(heights)
    return left if left else -(len(stock) - turned)
