"""Solving and replaying Golf deals through the C++ core."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional

from solver import _core
from solver.cards import card_str
from solver.errors import DealError
from solver.golf.deal import GolfDeal
from solver.golf.notation import GolfMove, black_hole_solver_lines, explain, format_line, name_cards
from solver.golf.rules import GolfRules
from solver.limits import PROVEN_REASONS, Limits


@dataclass
class GolfResult:
    """The minimal score of a hole: cleared, minus the stock left; else the cards left.

    `solvable` is True when the tableau can be cleared, False when proven that it
    cannot, None when the search stopped first.  `impossible_reason` explains a deal
    that a cheap analysis already shows cannot be cleared (the seed allows a
    reshuffle of those)."""
    rules: GolfRules
    solvable: Optional[bool]
    best_score: int
    proven: bool
    stop_reason: str
    line: List[GolfMove]
    nodes: int
    seconds: float
    table_bytes: int
    impossible_reason: Optional[str] = None
    threads: int = 1  # threads that searched
    deal: Optional[GolfDeal] = field(default=None, repr=False)

    # A score of 0 or less is only possible by clearing the tableau.
    @property
    def cards_left(self) -> int:
        return max(self.best_score, 0)

    @property
    def stock_left(self) -> int:
        return max(-self.best_score, 0)

    @property
    def tokens(self) -> List[str]:
        return format_line(self.line).split()

    def sentences(self) -> List[str]:
        return explain(self.deal, self.line)

    def bhs_lines(self) -> List[str]:
        """The answer as black-hole-solver writes it: "Solved!" and the moves of a clear;
        "Unsolved!" alone when no line clears (a reader such as PySolFC takes any moves
        it sees for a solution); "Intractable!" when a limit stopped the search first."""
        if self.solvable:
            return ["Solved!"] + black_hole_solver_lines(self.line)
        return ["Unsolved!" if self.solvable is False else "Intractable!"]

    def to_json(self) -> dict:
        return {
            "game": "golf",
            "source": self.deal.source if self.deal else "",
            "solvable": self.solvable,
            "best_score": self.best_score,
            "cards_left": self.cards_left,
            "stock_left": self.stock_left,
            "proven": self.proven,
            "stop_reason": self.stop_reason,
            "impossible_reason": self.impossible_reason,
            "line": self.tokens,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "table_bytes": self.table_bytes,
            "threads": self.threads,
            "rules": self.rules.to_json(),
        }


def _reason(deal: GolfDeal, dead) -> Optional[str]:
    if not dead:
        return None
    names = ", ".join(f"{card_str(deal.columns[c][i])} (column {c + 1})" for c, i in dead[:12])
    more = f" and {len(dead) - 12} more" if len(dead) > 12 else ""
    return (f"{len(dead)} card(s) can never be played: {names}{more}. Each needs a neighbouring rank on the waste, "
            "and every such card is in the stock no more, lies under it, or can never be played itself")


def solve(deal: GolfDeal, limits: Limits = Limits()) -> GolfResult:
    rules = deal.rules
    try:
        raw = _core.golf_solve(deal.to_core(), rules.to_core(), **limits.to_core())
    except ValueError as e:
        raise DealError(str(e)) from None
    proven = raw["reason"] in PROVEN_REASONS
    score = -raw["best"]
    solvable = True if score <= 0 else (False if proven else None)
    dead = [tuple(d) for d in raw["dead"]]
    if dead:
        solvable = False
    line = name_cards(deal, [GolfMove(m) for m in raw["moves"]])
    return GolfResult(rules=rules, solvable=solvable, best_score=score, proven=proven, stop_reason=raw["reason"],
                      line=line, nodes=raw["nodes"], seconds=raw["seconds"], table_bytes=raw["table_bytes"],
                      impossible_reason=_reason(deal, dead), threads=raw["threads"], deal=deal)


@dataclass
class GolfReplay:
    moves: List[GolfMove]
    error: Optional[str]
    error_index: int
    score: int
    cards_left: int
    stock_left: int
    heights: List[int]

    @property
    def ok(self) -> bool:
        return self.error is None


def replay(deal: GolfDeal, moves: List[GolfMove]) -> GolfReplay:
    try:
        raw = _core.golf_replay(deal.to_core(), deal.rules.to_core(), [m.column for m in moves])
    except ValueError as e:
        raise DealError(str(e)) from None
    played = moves if raw["error"] is None else moves[:raw["error_index"]]
    return GolfReplay(moves=name_cards(deal, played), error=raw["error"], error_index=raw["error_index"],
                      score=raw["score"], cards_left=raw["cards_left"], stock_left=raw["stock_left"],
                      heights=raw["heights"])
