"""An independent Klondike referee for the tests, written from RULES.md alone.

It shares nothing with the C++ core but the card numbering.  It is slow and
plain on purpose: primitive actions only (one draw at a time), no pruning, no
automatic moves, no bound.  `replay` checks a line the solver printed;
`brute_force_max` explores every reachable position (a set of full positions
stops cycles) and returns the most cards ever on the foundations.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, List, Optional, Tuple

RED_SUITS = (1, 2)  # D H


def suit(c: int) -> int:
    return c // 13


def rank(c: int) -> int:
    return c % 13 + 1


def red(c: int) -> bool:
    return suit(c) in RED_SUITS


def builds_on(card: int, target: int) -> bool:
    """card may lie on target in the tableau: one rank lower, other colour."""
    return rank(target) == rank(card) + 1 and red(target) != red(card)


@dataclass(frozen=True)
class Pos:
    cols: Tuple[Tuple[int, ...], ...]   # bottom first
    down: Tuple[int, ...]               # face-down count per column
    waste: Tuple[int, ...]              # bottom first
    stock: Tuple[int, ...]              # next card first
    found: Tuple[int, ...]              # cards home per suit
    redeals_left: int                   # -1: unlimited


def start(deal, passes: Optional[int]) -> Pos:
    """From a KlondikeDeal (or anything with the same fields)."""
    left = -1 if passes is None else passes - deal.pass_number
    return Pos(tuple(tuple(c) for c in deal.columns), tuple(deal.face_down), tuple(deal.waste),
               tuple(deal.stock), tuple(deal.foundations), left)


def _flip(cols, down, i):
    """Turn up the top card of column i if it is face down."""
    if cols[i] and down[i] == len(cols[i]):
        down = down[:i] + (down[i] - 1,) + down[i + 1:]
    return down


def _set(t, i, v):
    return t[:i] + (v,) + t[i + 1:]


def fits(p: Pos, card: int, col: int) -> bool:
    target = p.cols[col]
    return rank(card) == 13 if not target else builds_on(card, target[-1])


def goes_home(p: Pos, card: int) -> bool:
    return p.found[suit(card)] == rank(card) - 1


def successors(p: Pos, draw: int, worry_back: bool) -> Iterator[Tuple[tuple, Pos]]:
    """Every legal primitive action: (kind, source, target, count) and the position after it.
    Kinds: 0 draw, 1 redeal, 2 waste home, 3 waste to column, 4 column home, 5 column to
    column, 6 foundation to column (worry back)."""
    if p.stock:
        n = min(draw, len(p.stock))
        # the drawn cards are turned one by one: the last of them ends on top
        yield (0, 0, 0, 0), Pos(p.cols, p.down, p.waste + p.stock[:n], p.stock[n:], p.found, p.redeals_left)
    elif p.waste and p.redeals_left != 0:
        left = p.redeals_left - 1 if p.redeals_left > 0 else -1
        yield (1, 0, 0, 0), Pos(p.cols, p.down, (), p.waste, p.found, left)
    if p.waste:
        w = p.waste[-1]
        rest = p.waste[:-1]
        if goes_home(p, w):
            yield (2, 0, 0, 0), Pos(p.cols, p.down, rest, p.stock, _set(p.found, suit(w), rank(w)), p.redeals_left)
        for j in range(7):
            if fits(p, w, j):
                yield (3, 0, j, 0), Pos(_set(p.cols, j, p.cols[j] + (w,)), p.down, rest, p.stock, p.found,
                                        p.redeals_left)
    for i in range(7):
        col = p.cols[i]
        if not col:
            continue
        top = col[-1]
        if goes_home(p, top):
            cols = _set(p.cols, i, col[:-1])
            yield (4, i, 0, 0), Pos(cols, _flip(cols, p.down, i), p.waste, p.stock,
                                    _set(p.found, suit(top), rank(top)), p.redeals_left)
        for start_idx in range(p.down[i], len(col)):
            run = col[start_idx:]
            for j in range(7):
                if j != i and fits(p, run[0], j):
                    cols = _set(_set(p.cols, i, col[:start_idx]), j, p.cols[j] + run)
                    yield (5, i, j, len(run)), Pos(cols, _flip(cols, p.down, i), p.waste, p.stock, p.found,
                                                   p.redeals_left)
    if worry_back:
        for s in range(4):
            n = p.found[s]
            if n == 0:
                continue
            card = s * 13 + n - 1
            for j in range(7):
                if fits(p, card, j):
                    yield (6, s, j, 0), Pos(_set(p.cols, j, p.cols[j] + (card,)), p.down, p.waste, p.stock,
                                            _set(p.found, s, n - 1), p.redeals_left)


def home(p: Pos) -> int:
    return sum(p.found)


class TooBig(Exception):
    """The position has too many reachable positions for exhaustive play here."""


def brute_force_max(p: Pos, draw: int, worry_back: bool, limit: int = 2_000_000) -> int:
    """The most cards home in any position reachable from p (every action tried)."""
    seen = {p}
    stack = [p]
    best = home(p)
    while stack:
        q = stack.pop()
        best = max(best, home(q))
        if best == 52:
            return 52
        for _, nxt in successors(q, draw, worry_back):
            if nxt not in seen:
                seen.add(nxt)
                if len(seen) > limit:
                    raise TooBig(f"more than {limit} positions")
                stack.append(nxt)
    return best


def replay(p: Pos, actions: List[tuple], draw: int, worry_back: bool) -> Tuple[Pos, int]:
    """Play the actions (kind, source, target, count), each required to be legal; returns
    the final position and the most cards home along the way."""
    best = home(p)
    for n, action in enumerate(actions):
        kind, source, target, count = action
        for act, nxt in successors(p, draw, worry_back):
            same = act[:3] == (kind, source, target) and (kind != 5 or act[3] == count)
            if same:
                p = nxt
                break
        else:
            raise AssertionError(f"action {n} {action} is illegal")
        best = max(best, home(p))
    return p, best
