"""Scoring a full grid with the hand rules alone (hands.py): the referee of every grid
the solver or a player makes, with no solver in it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Sequence

from solver.cards import PLAIN, CardStyle, card_str
from solver.errors import DealError
from solver.poker.hands import hand_points
from solver.poker.rules import PokerRules


@dataclass
class Hand:
    line: str
    cards: List[int]
    category: str
    points: int

    def to_json(self) -> dict:
        return {"line": self.line, "cards": [card_str(c) for c in self.cards], "hand": self.category,
                "points": self.points}


def score_grid(grid: Sequence[Sequence[Optional[int]]], rules: PokerRules) -> List[Hand]:
    """Every scored line of a full grid of cards, evaluated with the hand rules alone."""
    for name, cells in rules.lines():
        if any(grid[r][c] is None for r, c in cells):
            raise DealError(f"the grid is not full: {name} has an empty cell")
    return complete_hands(grid, rules)


def grid_lines(grid: Sequence[Sequence[Optional[int]]], hands: Sequence[Hand], style: CardStyle = PLAIN) -> List[str]:
    """A scored grid for people: its rows with their hands, then every other line's
    hand (a grid being filled: its empty cells as "--", the lines complete so far)."""
    def cell(card: Optional[int]) -> str:
        text = "--" if card is None else style.card(card)
        return " " * max(0, 5 - style.width(text)) + text

    by_line = {h.line: h for h in hands}
    lines = ["       " + "".join(f"{c + 1:>5}" for c in range(len(grid))) + "   row hand"]
    for r, row in enumerate(grid):
        h = by_line.get(f"row {r + 1}")
        hand = f"   {h.category} ({h.points:+d})" if h else ""
        lines.append(f"  row {r + 1}" + "".join(cell(c) for c in row) + hand)
    lines += [f"  {h.line}: {' '.join(style.card(c) for c in h.cards)}  {h.category} ({h.points:+d})"
              for h in hands if not h.line.startswith("row")]
    return lines


def complete_hands(grid: Sequence[Sequence[Optional[int]]], rules: PokerRules) -> List[Hand]:
    """The scored lines of a grid being filled that are complete (score_grid's, for
    those alone)."""
    hands = []
    for name, cells in rules.lines():
        cards = [grid[r][c] for r, c in cells]
        if all(c is not None for c in cards):
            points, cat = hand_points(cards, rules.table)
            hands.append(Hand(name, cards, cat, points))
    return hands
