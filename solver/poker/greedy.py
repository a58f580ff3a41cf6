"""The greedy placement: each card, in the order turned, to the cell where the grid's
partial hands look best.  It is the baseline player of `generate poker`'s gap, and the
grid a stopped search returns when CP-SAT found none: every rule of the variant is
kept (first card top left, adjacency), the cards past the 25th are the discards."""
from __future__ import annotations

from collections import Counter
from typing import Dict, List, Optional, Sequence

from solver.cards import is_joker, rank_of, suit_of
from solver.poker.rules import PLACED, SIZE, PokerRules, neighbours

Grid = List[List[Optional[int]]]


def greedy_grid(order: Sequence[int], rules: PokerRules) -> Grid:
    """The greedy player's full grid of cards, row by row."""
    grid: Grid = [[None] * SIZE for _ in range(SIZE)]
    placed: List[tuple] = []
    for card in order[:PLACED]:
        r, c = greedy_cell(grid, card, rules, placed)
        grid[r][c] = card
        placed.append((r, c))
    return grid


def greedy_cell(grid: Grid, card: int, rules: PokerRules, placed: Sequence[tuple]) -> tuple:
    """Where the greedy player puts `card`: the legal cell (first top left, adjacency)
    where the grid's partial hands look best.  It sees the grid and the card, nothing
    else."""
    lines = rules.lines()
    best, best_cell = None, None
    for r in range(SIZE):
        for c in range(SIZE):
            if grid[r][c] is not None:
                continue
            if rules.first_top_left and not placed and (r, c) != (0, 0):
                continue
            if rules.adjacent and placed and not any(q in placed for q in neighbours((r, c))):
                continue
            grid[r][c] = card
            value = sum(promise(grid, cells, rules.table) for _, cells in lines)
            grid[r][c] = None
            if best is None or value > best:
                best, best_cell = value, (r, c)
    return best_cell


def promise(grid: Grid, cells, table: Dict[str, int]) -> float:
    """How promising a line is: the best of what its cards already make (pairs and
    better) and what they can still become (a flush or a straight while they allow
    it), the latter weighted by how far along it is.  Throwing unrelated cards
    together kills both chances, so the greedy player keeps them apart."""
    cards = [grid[r][c] for r, c in cells if grid[r][c] is not None]
    real = [c for c in cards if not is_joker(c)]
    if not real:
        return 0.0
    k = len(cards)
    counts = sorted(Counter(rank_of(c) for c in real).values(), reverse=True)
    made = 0.0
    if counts[0] >= 4:
        made = table["four of a kind"]
    elif counts[:2] == [3, 2]:
        made = table["full house"]
    elif counts[0] == 3:
        made = table["three of a kind"]
    elif counts[:2] == [2, 2]:
        made = table["two pair"]
    elif counts[0] == 2:
        made = table["pair"]
    weight = (k / 5) ** 2
    chances = [made]
    if len({suit_of(c) for c in real}) == 1:
        chances.append(table["flush"] * weight)
    ranks = {rank_of(c) for c in real}
    if len(ranks) == len(real) and (max(ranks) - min(ranks) <= 4 or max((r if r > 1 else 14) for r in ranks)
                                    - min((r if r > 1 else 14) for r in ranks) <= 4):
        chances.append(table["straight"] * weight)
    return max(chances)
