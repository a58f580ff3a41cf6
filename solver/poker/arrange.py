"""Rearranging a grid so its cards, placed in the order turned, each touch an earlier one.

Permuting rows, permuting columns and transposing keep every line's five cards, so
they keep the score.  Adjacency (each card after the first touches a card placed
before it, also diagonally) is the one rule they change.  So when the best grid of
the game without adjacency can be rearranged to obey it, that grid's score is the
optimum with adjacency too: the rule only takes grids away.
"""
from __future__ import annotations

import itertools
from typing import List, Optional

from solver.poker.rules import SIZE, neighbours

IndexGrid = List[List[int]]  # card indexes (the order turned), row by row


def adjacency_ok(placement: List[tuple]) -> bool:
    """Each card after the first touches (also diagonally) one placed before it;
    `placement` is (card, row, col) in the order placed."""
    seen = set()
    for n, (_, r, c) in enumerate(placement):
        if n and not any(q in seen for q in neighbours((r, c))):
            return False
        seen.add((r, c))
    return True


def _rows_touch(order: List[int], row_of: dict) -> bool:
    """Adjacency seen through the rows alone (a necessary condition): each card after
    the first has an earlier one in its own row or a neighbouring one."""
    return all(any(abs(row_of[i] - row_of[j]) <= 1 for j in order[:n]) for n, i in enumerate(order) if n)


def arrange_adjacent(grid: IndexGrid, first_top_left: bool = False, transpose: bool = True) -> Optional[IndexGrid]:
    """The grid rearranged (rows, columns, and transposed when `transpose`: not when only
    rows score) so the cards, placed in index order, each touch an earlier one; None
    when no rearrangement does.  With `first_top_left` the smallest index must end up
    top left.

    Rows are chosen first: a row order fails as soon as some card has no earlier card
    in a neighbouring row, which cuts most of the 2 x 120 x 120 candidates early."""
    order = sorted(i for row in grid for i in row)
    for flip in (False, True) if transpose else (False,):
        cells = [list(line) for line in (zip(*grid) if flip else grid)]
        at = {i: (r, c) for r, line in enumerate(cells) for c, i in enumerate(line)}
        first_r, first_c = at[order[0]]
        for rows in itertools.permutations(range(SIZE)):  # rows[r]: where row r goes
            if first_top_left and rows[first_r] != 0:
                continue
            row_of = {i: rows[r] for i, (r, _) in at.items()}
            if not _rows_touch(order, row_of):
                continue
            for cols in itertools.permutations(range(SIZE)):
                if first_top_left and cols[first_c] != 0:
                    continue
                where = {i: (rows[r], cols[c]) for i, (r, c) in at.items()}
                if adjacency_ok([(i, *where[i]) for i in order]):
                    out = [[-1] * SIZE for _ in range(SIZE)]
                    for i, (r, c) in where.items():
                        out[r][c] = i
                    return out
    return None
