"""Solving and replaying Golf deals through the C++ core."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, List, Optional

from solver import _core
from solver.cards import PLAIN, CardStyle, card_str
from solver.errors import DealError, check_legal
from solver.golf.deal import GolfDeal
from solver.golf.notation import GolfMove, black_hole_solver_lines, explain, format_line, name_cards, parse_line
from solver.golf.rules import GolfRules
from solver.limits import Limits
from solver.result import Result, Stats, StopReason


@dataclass
class GolfResult(Result):
    """The minimal score of a hole: cleared, minus the stock left; else the cards left.
    Its `value` (`best_score`) is minimised.

    `solvable` is True when the tableau can be cleared, False when proven that it
    cannot, None when the search stopped first.  `impossible_reason` explains a deal
    that a cheap analysis already shows cannot be cleared (the seed allows a
    reshuffle of those).  `line` is the moves of the line.  With `question ==
    "first-clear"` the search only looks for a clear: `best_score` is then a score
    reached (the first clear found, or the fewest cards left seen), not the minimum,
    and `proven` proves the verdict only."""
    game: ClassVar[str] = "golf"
    maximise: ClassVar[bool] = False
    question: str = "min-score"
    solvable: Optional[bool] = None
    impossible_reason: Optional[str] = None
    deal: Optional[GolfDeal] = field(default=None, repr=False)

    @property
    def best_score(self) -> int:
        return self.value

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

    @property
    def exact(self) -> bool:
        """Whether `best_score` is proven to be the minimum."""
        return self.proven and self.question == "min-score"

    def game_json(self) -> dict:
        return {"question": self.question, "solvable": self.solvable, "best_score": self.best_score,
                "best_score_exact": self.exact, "cards_left": self.cards_left, "stock_left": self.stock_left,
                "impossible_reason": self.impossible_reason}

    def verdict_lines(self, style: CardStyle = PLAIN) -> List[str]:
        lines = [self.decision_line("Clearable", "yes", self.solvable)]
        if self.impossible_reason:
            lines.append(f"Trivially impossible (a reshuffle is allowed): {self.impossible_reason}")
        cleared = self.best_score <= 0
        score = (f"{self.best_score} (tableau cleared with {self.stock_left} stock card(s) left)" if cleared
                 else f"{self.best_score} ({self.cards_left} card(s) left on the tableau)")
        if self.question == "first-clear":
            proof = "the first clear found; --first-clear does not look for the minimum" if cleared else \
                "the fewest cards left seen; --first-clear does not look for the minimum"
            lines.append(f"Score reached: {score}; {proof}")
        else:
            proof = "proven minimum" if self.proven else "best found, " + self.proof
            lines.append(f"Best score: {score}; {proof}")
        lines.append(f"Line ({len(self.line)} moves): {' '.join(self.tokens) or '(no move)'}")
        return lines


def _reason(deal: GolfDeal, dead) -> Optional[str]:
    if not dead:
        return None
    names = ", ".join(f"{card_str(deal.columns[c][i])} (column {c + 1})" for c, i in dead[:12])
    more = f" and {len(dead) - 12} more" if len(dead) > 12 else ""
    return (f"{len(dead)} card(s) can never be played: {names}{more}. Each needs a neighbouring rank on the waste, "
            "and every such card is in the stock no more, lies under it, or can never be played itself")


def solve(deal: GolfDeal, rules: Optional[GolfRules] = None, *, first_clear: bool = False,
          limits: Limits = Limits()) -> GolfResult:
    """The minimal score of the hole under `rules` (by default the rules it was dealt
    under; the deal's deck must be the rules' deck), or with `first_clear` only
    whether the tableau can be cleared.  Raises DealError for a deal the rules do not
    fit, or a position the core refuses."""
    rules = _rules_for(deal, rules)
    try:
        raw = _core.golf_solve(deal.to_core(), rules.to_core(), first_clear, **limits.to_core())
    except _core.PositionError as e:
        raise DealError(str(e)) from None
    proven = raw["proven"]
    score = -raw["best"]
    dead = [tuple(d) for d in raw["dead"]]
    solvable = True if score <= 0 else (False if proven or dead else None)
    exact = proven and not first_clear
    return GolfResult(source=deal.source, rules=rules, proven=proven, stop_reason=StopReason(raw["reason"]),
                      value=score, bound=score if exact else None,
                      question="first-clear" if first_clear else "min-score",
                      line=name_cards(deal, [GolfMove(m) for m in raw["moves"]]),
                      stats=Stats(raw["seconds"], raw["nodes"], raw["table_bytes"], raw["threads"],
                                  raw["table_forgotten"]),
                      solvable=solvable, impossible_reason=_reason(deal, dead), deal=deal)


def _rules_for(deal: GolfDeal, rules: Optional[GolfRules]) -> GolfRules:
    """The rules to play the deal by: how it was dealt (jokers, decks, base card) must
    be the same; how cards play (wrap, queen on king, ...) may differ."""
    if rules is None:
        return deal.rules
    dealt = (deal.rules.jokers, deal.rules.decks, deal.rules.empty_waste)
    if (rules.jokers, rules.decks, rules.empty_waste) != dealt:
        raise DealError("the deal was dealt for other rules (jokers, decks or empty waste differ)")
    return rules


@dataclass
class GolfReplay:
    """A line played out: the moves that were legal, and the first illegal one (if
    any) as the line's text counts it (each token is one move)."""
    rules: GolfRules
    moves: List[GolfMove]
    score: int
    cards_left: int
    stock_left: int
    heights: List[int]
    tokens: List[str]
    deal: GolfDeal = field(repr=False)
    error: Optional[str] = None
    error_move: Optional[int] = None

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def error_token(self) -> Optional[str]:
        return None if self.ok else self.tokens[self.error_move - 1]

    def sentences(self) -> List[str]:
        return explain(self.deal, self.moves)

    def to_json(self) -> dict:
        return {"game": "golf", "source": self.deal.source, "rules": self.rules.to_json(), "legal": self.ok,
                "moves_played": len(self.moves), "error": self.error, "error_move": self.error_move,
                "error_token": self.error_token, "line": [m.token() for m in self.moves], "value": self.score,
                "maximise": False, "score": self.score, "cards_left": self.cards_left,
                "stock_left": self.stock_left}

    def summary_lines(self) -> List[str]:
        lines = [f"Score {self.score}: {self.cards_left} card(s) left on the tableau, {self.stock_left} in the stock"]
        if not self.ok:
            lines.append(f"Illegal move {self.error_move} ({self.error_token}): {self.error}")
        return lines


def replay(deal: GolfDeal, rules: Optional[GolfRules], line: str) -> GolfReplay:
    """Play a line of tokens (notation.py) from the deal.  Raises DealError for a token
    that is not one, or a position the core refuses."""
    rules = _rules_for(deal, rules)
    tokens = line.replace(",", " ").split()
    moves = parse_line(line, rules.columns)
    try:
        raw = _core.golf_replay(deal.to_core(), rules.to_core(), [m.column for m in moves])
    except _core.PositionError as e:
        raise DealError(str(e)) from None
    played = moves if raw["error"] is None else moves[:raw["error_index"]]
    return GolfReplay(rules=rules, moves=name_cards(deal, played), score=raw["score"], cards_left=raw["cards_left"],
                      stock_left=raw["stock_left"], heights=raw["heights"], tokens=tokens, deal=deal,
                      error=raw["error"], error_move=None if raw["error"] is None else raw["error_index"] + 1)


def replay_legal(deal: GolfDeal, rules: Optional[GolfRules], line: str) -> GolfReplay:
    """replay, for a line that must be legal (--after): DealError names its first illegal move."""
    return check_legal(replay(deal, rules, line))
