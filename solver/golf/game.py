"""A game of Golf: nine holes, each solved to its minimal score."""
from __future__ import annotations

from dataclasses import dataclass
from typing import List

from solver.golf.deal import GolfDeal
from solver.golf.solve import GolfResult, solve
from solver.limits import Limits

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

    def to_json(self) -> dict:
        return {"game": "golf", "holes": [dict(hole=h.hole, **h.result.to_json()) for h in self.holes],
                "total": self.total, "par": self.par, "under_par": self.total <= self.par,
                "perfect": self.total <= 0, "proven": self.proven}


def play_game(deals: List[GolfDeal], par: int = PAR, limits: Limits = Limits()) -> GolfGame:
    return GolfGame([HoleResult(i + 1, d, solve(d, limits)) for i, d in enumerate(deals)], par)
