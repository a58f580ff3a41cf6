"""A good grid found quickly, to start CP-SAT from.

CP-SAT proves an optimum faster when it holds a good grid from the start: every
branch that cannot beat it is cut at once (the optimal grid given in advance more
than halves the median proof).  Simulated annealing over swaps of two cards finds
one in a tenth of a second; it is deterministic (a fixed number of swaps, a fixed
random seed), so the same order always gets the same grid.  The grid is scored with
the hand rules alone (hands.hand_points), so its score is a true lower bound on the
optimum; the model gets it as a hint and as a floor on the objective.

`canonical` rearranges the grid (rows, columns, transposition) into the one form the
model's symmetry breaking keeps, so that the hint is a solution of the model.
"""
import math
import random
from typing import List, Sequence, Tuple

from solver.poker.hands import hand_points
from solver.poker.rules import SIZE, PokerRules

IndexGrid = List[List[int]]

SWAPS = 30000
HOT, COLD = 2.0, 0.1  # temperatures, in table points, at the first and the last swap


def good_grid(cards: Sequence[int], rules: PokerRules, swaps: int = SWAPS, seed: int = 1) -> Tuple[int, IndexGrid]:
    """(score, grid of card indexes) of a good grid of all the cards (no discards)."""
    lines = [[r * SIZE + c for r, c in cells] for _, cells in rules.lines()]
    cells = SIZE * SIZE
    # Swapping cells a and b changes the lines that hold exactly one of them.
    touched = [[k for k, line in enumerate(lines) if (a in line) != (b in line)]
               for a in range(cells) for b in range(cells)]
    points = {}

    def score_of(k):  # a hand, keyed by its set of card indexes, is scored once
        key = 0
        for x in lines[k]:
            key |= 1 << grid[x]
        p = points.get(key)
        if p is None:
            p = points[key] = hand_points([cards[grid[x]] for x in lines[k]], rules.table)[0]
        return p

    rng = random.Random(seed)
    randrange, uniform = rng.randrange, rng.random
    grid = list(range(cells))
    fixed = 1 if rules.first_top_left else 0  # the first card stays in the top-left cell
    rest = grid[fixed:]
    rng.shuffle(rest)
    grid[fixed:] = rest
    line_points = [score_of(k) for k in range(len(lines))]
    score = best = sum(line_points)
    best_grid = grid[:]
    cool = (COLD / HOT) ** (1 / swaps)
    temperature = HOT
    for _ in range(swaps):
        temperature *= cool
        a, b = randrange(fixed, cells), randrange(fixed, cells)
        lines_changed = touched[a * cells + b]
        if not lines_changed:
            continue
        grid[a], grid[b] = grid[b], grid[a]
        new = [score_of(k) for k in lines_changed]
        delta = sum(new) - sum(line_points[k] for k in lines_changed)
        if delta >= 0 or uniform() < math.exp(delta / temperature):
            for k, p in zip(lines_changed, new):
                line_points[k] = p
            score += delta
            if score > best:
                best, best_grid = score, grid[:]
        else:
            grid[a], grid[b] = grid[b], grid[a]
    return best, [best_grid[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)]


def canonical(grid: IndexGrid, cards: Sequence[int], rules: PokerRules) -> IndexGrid:
    """The same grid as the model's symmetry breaking orders it (model._break_symmetry):
    rows and columns, from the second on under --first-top-left, by decreasing points,
    equal points by their lowest card index; the transpose when the columns score more
    than the rows.  Only where the model keeps that order (PokerModel.lines_ordered:
    rows and columns both score, no diagonals, no adjacency)."""
    def points(line):
        return hand_points([cards[i] for i in line], rules.table)[0]

    def columns(g):
        return [[g[r][c] for r in range(SIZE)] for c in range(SIZE)]

    first = 1 if rules.first_top_left else 0

    def order(lines):
        return lines[:first] + sorted(lines[first:], key=lambda line: (-points(line), min(line)))

    g = [list(row) for row in grid]
    if sum(map(points, columns(g))) > sum(map(points, g)):
        g = columns(g)
    return columns(order(columns(order(g))))  # the rows in order, then the columns
