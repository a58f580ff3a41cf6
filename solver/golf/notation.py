"""Golf move notation.

Tokens: ``S`` turns the next stock card onto the waste; a column number (``3``,
or ``12`` with several decks) plays that column's free card onto the waste.
A line is the tokens separated by spaces, e.g. ``S 3 6 2 S S 7``.

The same line can be written in black-hole-solver's sentences, which PySolFC
reads: ``Deal talon`` and ``Move a card from stack 2 to the foundations``
(stacks counted from 0), each followed by ``Info: Card moved is 8H``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional

from solver.cards import card_str
from solver.errors import DealError

DRAW = -1


@dataclass(frozen=True)
class GolfMove:
    column: int                  # 0-based column, or DRAW
    card: Optional[int] = None   # the card that went onto the waste (filled in from the deal)

    @property
    def is_draw(self) -> bool:
        return self.column == DRAW

    def token(self) -> str:
        return "S" if self.is_draw else str(self.column + 1)


def parse_line(text: str, columns: int) -> List[GolfMove]:
    moves = []
    for i, token in enumerate(text.replace(",", " ").split(), 1):
        t = token.upper()
        if t in ("S", "D", "DR"):
            moves.append(GolfMove(DRAW))
        elif t.isascii() and t.isdigit() and len(t) <= 3 and 1 <= int(t) <= columns:
            moves.append(GolfMove(int(t) - 1))
        else:
            raise DealError(f"move {i}: unknown token {token!r} (S turns a stock card, 1-{columns} plays a column)")
    return moves


def name_cards(deal, moves: List[GolfMove]) -> List[GolfMove]:
    """Attach to each move the card it moves (bookkeeping of positions, not rules)."""
    heights = [len(c) for c in deal.columns]
    pos = 0
    named = []
    for m in moves:
        if m.is_draw:
            card = deal.stock[pos] if pos < len(deal.stock) else None
            pos += 1
        else:
            heights[m.column] -= 1
            card = deal.columns[m.column][heights[m.column]] if heights[m.column] >= 0 else None
        named.append(GolfMove(m.column, card))
    return named


def format_line(moves: List[GolfMove]) -> str:
    return " ".join(m.token() for m in moves)


def explain(deal, moves: List[GolfMove]) -> List[str]:
    """One sentence per move, with the cards left after each play."""
    left = sum(len(c) for c in deal.columns)
    stock = len(deal.stock)
    top = deal.base
    out = []
    for m in moves:
        card = card_str(m.card) if m.card is not None else "?"
        if m.is_draw:
            stock -= 1
            out.append(f"Turn {card} from the stock onto the waste ({stock} left in the stock).")
        else:
            left -= 1
            onto = f"onto {card_str(top)}" if top is not None else "to start the waste"
            end = "the tableau is clear!" if left == 0 else f"{left} left on the tableau"
            out.append(f"Play {card} from column {m.column + 1} {onto} ({end}).")
        top = m.card
    return out


def black_hole_solver_lines(moves: List[GolfMove]) -> List[str]:
    """The line as black-hole-solver prints it (stacks from 0), for PySolFC."""
    out = []
    for m in moves:
        out.append("Deal talon" if m.is_draw else f"Move a card from stack {m.column} to the foundations")
        out += ["", f"Info: Card moved is {card_str(m.card)}" if m.card is not None else "Info:", "", ""]
    return out
