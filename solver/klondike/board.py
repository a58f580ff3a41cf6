"""A Klondike position drawn as on the table: the stock, the waste's top cards and the
foundations on top, the columns downwards, face-down cards as backs (what a player
sees; `show --format pysol` writes every card)."""
from __future__ import annotations

from typing import List

from solver.cards import PLAIN, SUITS, CardStyle, make_card
from solver.klondike.deal import COLUMNS, KlondikeDeal

CELL = 5          # screen columns a card takes, its gap included
WASTE_SHOWN = 3   # the waste's top cards drawn (draw 3 fans three)


def board_lines(position: KlondikeDeal, style: CardStyle = PLAIN) -> List[str]:
    back = "\u2592\u2592" if style.symbols else "##"
    waste = " ".join(style.card(c) for c in position.waste[-WASTE_SHOWN:]) or "-"
    more = "... " if len(position.waste) > WASTE_SHOWN else ""
    home = "  ".join(style.card(make_card(s, n)) if n else f"{SUITS[s]}:-" for s, n in enumerate(position.foundations))
    top = f"Stock {len(position.stock):2d}   Waste {more}{waste}   Home {home} ({sum(position.foundations)})"
    if position.pass_number > 1:
        top += f"   pass {position.pass_number}"
    lines = [top, "".join(style.pad(str(i + 1), CELL) for i in range(COLUMNS)).rstrip()]
    height = max((len(c) for c in position.columns), default=0)
    for row in range(max(height, 1)):
        cells = []
        for col, down in zip(position.columns, position.face_down):
            if row >= len(col):
                cells.append(" " * CELL if col or row else style.pad("-", CELL))
            else:
                cells.append(style.pad(back if row < down else style.card(col[row]), CELL))
        lines.append("".join(cells).rstrip())
    return lines
