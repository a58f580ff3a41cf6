"""A Golf hole drawn along a line: the position after each move (the columns, the
waste and the stock), as text for a terminal and as steps for the web page.

The moves are checked by the core's replay first; the positions are then only
bookkeeping of legal moves (GolfView.after), so no rule is written twice."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import List, Optional

from solver.cards import PLAIN, CardStyle, card_str
from solver.golf.deal import GolfDeal
from solver.golf.notation import explain
from solver.golf.real import GolfView
from solver.golf.rules import GolfRules
from solver.golf.solve import replay, replay_legal

CELL = 4  # screen columns a card takes, its gap included


@dataclass
class GolfStep:
    token: str                # "" for the deal
    sentence: str             # the move in words ("" for the deal)
    view: GolfView            # the position, the stock's order known


def known_view(deal: GolfDeal, rules: Optional[GolfRules] = None) -> GolfView:
    """The deal as a position whose stock order is known (the clairvoyant table)."""
    view = GolfView.of_deal(deal, rules)
    return replace(view, stock=tuple(deal.stock), unseen=())


def walk(deal: GolfDeal, rules: Optional[GolfRules], tokens: List[str]) -> List[GolfStep]:
    """The deal, then the position after each token, up to the first illegal one (left
    out)."""
    played = replay(deal, rules, " ".join(tokens))
    steps = [GolfStep("", "", known_view(deal, played.rules))]
    for move, sentence in zip(played.moves, explain(deal, played.moves)):
        steps.append(GolfStep(move.token(), sentence, steps[-1].view.after(move.column)))
    return steps


def position_after(deal: GolfDeal, rules: Optional[GolfRules], tokens: str) -> GolfDeal:
    """The position a legal line reaches, as a deal to solve from (the waste's top as
    its base).  Raises DealError naming the first illegal move."""
    played = replay_legal(deal, rules, tokens)
    view = walk(deal, played.rules, tokens.replace(",", " ").split())[-1].view
    return GolfDeal(columns=[list(c) for c in view.columns], stock=list(view.stock), base=view.top,
                    source=f"{deal.source or 'the deal'} after {len(played.moves)} moves", rules=deal.rules,
                    base_stopped=view.stopped)


def board_lines(view: GolfView, style: CardStyle = PLAIN) -> List[str]:
    """The table: the stock (face down: only counted), the waste's top, the columns
    downwards (every card face up; the last of each is free)."""
    top = style.card(view.top) if view.top is not None else "-"
    stopped = " (stopped: nothing on it)" if view.stopped else ""
    lines = [f"Stock {len(view.stock):2d}   Waste {top}{stopped} ({len(view.waste)})   "
             f"Tableau {view.cards_left}   score {view.score}",
             "".join(str(i + 1).rjust(CELL - 1) + " " for i in range(len(view.columns))).rstrip()]
    height = max((len(c) for c in view.columns), default=0)
    for row in range(max(height, 1)):
        cells = []
        for col in view.columns:
            if row < len(col):
                text = style.card(col[row])  # right-aligned under its number: "10" is wider
                cells.append(" " * max(0, CELL - 1 - style.width(text)) + text + " ")
            else:
                cells.append(" " * CELL if col or row else "  - ")
        lines.append("".join(cells).rstrip())
    return lines


def board_json(view: GolfView) -> dict:
    """What the web page draws: the columns, the waste (every card), the stock count."""
    return {"columns": [[card_str(c) for c in col] for col in view.columns],
            "waste": [card_str(c) for c in view.waste], "stock": len(view.stock), "stopped": view.stopped,
            "score": view.score}

