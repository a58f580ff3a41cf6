"""Solving and replaying Klondike deals through the C++ core."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional

from solver import _core
from solver.errors import DealError
from solver.klondike.deal import KlondikeDeal
from solver.klondike.notation import Action, explain, format_line, vegas_score
from solver.klondike.rules import KlondikeRules
from solver.limits import PROVEN_REASONS, Limits

ALL_HOME = 52


@dataclass
class KlondikeResult:
    """What a search found.

    `max_foundation` is the most cards on the foundations at once over the best
    line found; `exact` says whether it is proven to be the maximum.  `solvable`
    is True when a line takes all 52 home, False when proven impossible, None when
    the search stopped before knowing.  With `question == "first-win"` the search
    only looks for a win, so `max_foundation` is then exact only for a won deal.
    """
    rules: KlondikeRules
    question: str
    solvable: Optional[bool]
    max_foundation: int
    exact: bool
    proven: bool
    stop_reason: str
    line: List[Action]
    nodes: int
    seconds: float
    table_bytes: int
    start_foundation: int = 0
    threads: int = 1  # threads that searched
    deal: Optional[KlondikeDeal] = field(default=None, repr=False)

    @property
    def vegas_score(self) -> int:
        return vegas_score(self.max_foundation)

    @property
    def tokens(self) -> List[str]:
        return format_line(self.line).split()

    def sentences(self) -> List[str]:
        return explain(self.line, self.start_foundation, self.rules.draw)

    def to_json(self) -> dict:
        return {
            "game": "klondike",
            "source": self.deal.source if self.deal else "",
            "question": self.question,
            "solvable": self.solvable,
            "max_foundation": self.max_foundation,
            "max_foundation_exact": self.exact,
            "vegas_score": self.vegas_score,
            "proven": self.proven,
            "stop_reason": self.stop_reason,
            "line": self.tokens,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "nodes_per_second": round(self.nodes / self.seconds) if self.seconds > 0 else None,
            "table_bytes": self.table_bytes,
            "threads": self.threads,
            "rules": self.rules.to_json(),
        }


def solve(deal: KlondikeDeal, rules: KlondikeRules = KlondikeRules(), first_win: bool = False,
          limits: Limits = Limits()) -> KlondikeResult:
    """Search the deal: the maximum cards home (default), or only whether it can be won."""
    try:
        raw = _core.klondike_solve(deal.to_core(), rules.to_core(), first_win, **limits.to_core())
    except ValueError as e:  # the core rechecks the position
        raise DealError(str(e)) from None
    complete = raw["reason"] in PROVEN_REASONS
    best = raw["best"]
    won = best == ALL_HOME
    solvable = True if won else (False if complete else None)
    exact = won or (complete and not first_win)
    return KlondikeResult(
        rules=rules, question="first-win" if first_win else "max-foundation", solvable=solvable,
        max_foundation=best, exact=exact, proven=exact if not first_win else (solvable is not None),
        stop_reason=raw["reason"], line=[Action.from_core(t) for t in raw["actions"]], nodes=raw["nodes"],
        seconds=raw["seconds"], table_bytes=raw["table_bytes"], start_foundation=sum(deal.foundations),
        threads=raw["threads"], deal=deal)


@dataclass
class Replay:
    """A line played out: the actions that were legal, the first illegal one (if any)."""
    actions: List[Action]
    error: Optional[str]
    error_index: int
    position: KlondikeDeal
    foundation: int
    max_foundation: int

    @property
    def ok(self) -> bool:
        return self.error is None


def replay(deal: KlondikeDeal, rules: KlondikeRules, actions: List[Action]) -> Replay:
    try:
        raw = _core.klondike_replay(deal.to_core(), rules.to_core(), [a.to_core() for a in actions])
    except ValueError as e:
        raise DealError(str(e)) from None
    done = [Action.from_core(t) for t in raw["actions"]]
    home = best = sum(deal.foundations)
    for a in done:
        home += a.changes_foundations
        best = max(best, home)
    return Replay(actions=done, error=raw["error"], error_index=raw["error_index"],
                  position=KlondikeDeal.from_core(raw["layout"], source=deal.source), foundation=raw["foundation"],
                  max_foundation=best)
