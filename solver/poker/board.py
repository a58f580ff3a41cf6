"""A Poker Squares game drawn card by card: the grid after each card of the order is
placed (or discarded), as text for a terminal and as steps for the web page.  The
placement comes from a solve or a player; the lines complete so far are scored by the
hand rules alone (score.py)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple

from solver.cards import PLAIN, CardStyle, card_str
from solver.errors import DealError
from solver.poker.deal import placement_token
from solver.poker.rules import SIZE, PokerRules
from solver.poker.score import complete_hands, grid_lines

Grid = List[List[Optional[int]]]


@dataclass
class PokerStep:
    token: str      # "7D@23" (row 2, column 3), "7D discarded", "" for the start
    text: str       # the move in words
    card: Optional[int]
    grid: Grid
    discarded: List[int]

    def points(self, rules: PokerRules) -> int:
        return sum(h.points for h in complete_hands(self.grid, rules))

    def caption(self, rules: PokerRules) -> str:
        placed = sum(c is not None for row in self.grid for c in row)
        return f"{placed} placed, {self.points(rules)} points so far"


def walk(order: Sequence[int], placement: Sequence[Tuple[int, int, int]], discarded: Sequence[int]) -> List[PokerStep]:
    """The empty grid, then the grid after each card of the order: placed where the
    placement ((card, row, column), 0-based) puts it, or discarded.  Raises DealError
    for a placement that does not fit the order (a bookkeeping check: the placement's
    legality is the solver's and the tests')."""
    cards = list(placement)
    steps = [PokerStep("", "The empty grid.", None, [[None] * SIZE for _ in range(SIZE)], [])]
    left_to_discard = list(discarded)
    for card in order:
        grid = [row[:] for row in steps[-1].grid]
        gone = list(steps[-1].discarded)
        if cards and cards[0][0] == card:
            _, r, c = cards.pop(0)
            if grid[r][c] is not None:
                raise DealError(f"the placement puts {card_str(card)} on a full cell")
            grid[r][c] = card
            steps.append(PokerStep(placement_token(card, r, c),
                                   f"Place {card_str(card)} in row {r + 1}, column {c + 1}.", card, grid, gone))
        elif card in left_to_discard:
            left_to_discard.remove(card)
            steps.append(PokerStep(f"{card_str(card)}-", f"Discard {card_str(card)}.", card, grid, gone + [card]))
        else:
            break  # the order goes on past the cards played (with discards: the cards not turned)
    if cards:
        raise DealError(f"the placement does not follow the order at {card_str(cards[0][0])}")
    return steps


def board_lines(step: PokerStep, rules: PokerRules, style: CardStyle = PLAIN) -> List[str]:
    lines = grid_lines(step.grid, complete_hands(step.grid, rules), style)
    if step.discarded:
        lines.append("Discarded: " + " ".join(style.card(c) for c in step.discarded))
    return lines


def board_json(step: PokerStep, rules: PokerRules) -> dict:
    """What the web page draws: the grid (None for an empty cell), the card just
    turned, the discards and the complete lines' hands."""
    return {"grid": [[card_str(c) if c is not None else None for c in row] for row in step.grid],
            "card": card_str(step.card) if step.card is not None else None,
            "discarded": [card_str(c) for c in step.discarded],
            "hands": [{"line": h.line, "hand": h.category, "points": h.points}
                      for h in complete_hands(step.grid, rules)]}
