"""A game of Golf: nine holes, each solved to its minimal score."""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional

from solver.cards import PLAIN, CardStyle
from solver.golf.deal import GolfDeal
from solver.golf.rules import GolfRules
from solver.golf.solve import GolfResult, solve
from solver.limits import Limits
from solver.result import StopReason

HOLES = 9
PAR = 45          # the seed's par for nine holes
PAR_PER_HOLE_4 = 36  # the other count: 4 a hole


@dataclass
class HoleResult:
    hole: int
    deal: GolfDeal
    result: GolfResult


@dataclass
class GolfGame:
    holes: List[HoleResult]
    par: int

    @property
    def total(self) -> int:
        return sum(h.result.best_score for h in self.holes)

    @property
    def proven(self) -> bool:
        return all(h.result.proven for h in self.holes)

    @property
    def verdict(self) -> str:
        if self.total <= 0:
            return "perfect (0 or lower)"
        return "at or under par" if self.total <= self.par else "over par"

    @property
    def stop_reason(self) -> StopReason:
        """Why the game's answer is or is not proven: Ctrl-C if it stopped a hole, else
        the first limit that stopped one, else complete."""
        reasons = [h.result.stop_reason for h in self.holes]
        if StopReason.INTERRUPTED in reasons:
            return StopReason.INTERRUPTED
        return next((r for r in reasons if not r.proven), StopReason.COMPLETE)

    def to_json(self) -> dict:
        return {"game": "golf", "holes": [dict(hole=h.hole, **h.result.to_json()) for h in self.holes],
                "value": self.total, "maximise": False, "total": self.total, "par": self.par,
                "under_par": self.total <= self.par,
                "perfect": self.total <= 0, "proven": self.proven, "stop_reason": str(self.stop_reason)}

    def summary_lines(self, style: CardStyle = PLAIN) -> List[str]:
        """(As every result's: `style` would draw cards; the holes' figures draw none.)"""
        rules = self.holes[0].result.rules.describe() if self.holes else ""
        lines = [f"Golf, nine holes: {rules}; par {self.par}"]
        for h in self.holes:
            flag = "" if h.result.proven else "  (not proven)"
            lines.append(f"  hole {h.hole} ({h.deal.source}): {h.result.best_score:+d}{flag}")
        lines.append(f"Total {self.total}: {self.verdict}")
        return lines


def play_game(deals: List[GolfDeal], rules: Optional[GolfRules] = None, *, par: int = PAR,
              limits: Limits = Limits()) -> GolfGame:
    """Each hole solved to its minimal score (under `rules`, or as it was dealt)."""
    return GolfGame([HoleResult(i + 1, d, solve(d, rules, limits=limits)) for i, d in enumerate(deals)], par)
