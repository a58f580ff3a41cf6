"""Solving and replaying Klondike deals through the C++ core."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import ClassVar, List, Optional, Tuple

from solver import _core
from solver.cards import PLAIN, CardStyle
from solver.errors import DealError
from solver.klondike.deal import KlondikeDeal
from solver.klondike.ks_moves import parse_ks_moves, wrong_suit
from solver.klondike.notation import (
    Action,
    explain,
    format_line,
    most_home,
    move_of_action,
    parse_moves,
    vegas_score,
)
from solver.klondike.rules import KlondikeRules
from solver.limits import Limits
from solver.result import Result, Stats, StopReason

ALL_HOME = 52


@dataclass
class KlondikeResult(Result):
    """What a search found.

    `value` (`max_foundation`) is the most cards on the foundations at once over the
    best line found; `exact` says whether it is proven to be the maximum.  `solvable`
    is True when a line takes all 52 home, False when proven impossible, None when
    the search stopped before knowing.  With `question == "first-win"` the search
    only looks for a win, so `max_foundation` is then exact only for a won deal.
    `line` is the actions of the line; `start_foundation` the cards home at its start.
    """
    game: ClassVar[str] = "klondike"
    maximise: ClassVar[bool] = True
    question: str = "max-foundation"
    solvable: Optional[bool] = None
    exact: bool = False
    start_foundation: int = 0
    deal: Optional[KlondikeDeal] = field(default=None, repr=False)

    @property
    def max_foundation(self) -> int:
        return self.value

    @property
    def vegas_score(self) -> int:
        return vegas_score(self.max_foundation)

    @property
    def tokens(self) -> List[str]:
        return format_line(self.line).split()

    def sentences(self) -> List[str]:
        return explain(self.line, self.start_foundation, self.rules.draw)

    def tidied(self) -> "KlondikeResult":
        """The same result with its line less the moves it undoes for nothing (tidy.py):
        what the commands print.  (Not done by solve(): a batch needs no reader's line.)"""
        from solver.klondike.tidy import tidy
        return dataclasses.replace(self, line=tidy(self.deal, self.rules, self.line)) if self.deal else self

    def game_json(self) -> dict:
        return {"question": self.question, "solvable": self.solvable, "max_foundation": self.max_foundation,
                "max_foundation_exact": self.exact, "vegas_score": self.vegas_score}

    def verdict_lines(self, style: CardStyle = PLAIN) -> List[str]:
        lines = [self.decision_line("Winnable", "yes (all 52 cards home)", self.solvable)]
        if self.question == "first-win" and not self.solvable:
            lines.append(f"Most cards home seen: {self.max_foundation} (a lower bound: --first-win does not "
                         "search for the maximum)")
        else:
            exact = "proven maximum" if self.exact else "best found, " + self.proof
            lines.append(f"Max foundation: {self.max_foundation} cards ({exact}); Vegas score {self.vegas_score:+d}")
        lines.append(f"Line ({len(self.tokens)} tokens): {' '.join(self.tokens) or '(no move needed)'}")
        return lines


def solve(deal: KlondikeDeal, rules: KlondikeRules = KlondikeRules(), *, first_win: bool = False,
          limits: Limits = Limits()) -> KlondikeResult:
    """Search the deal: the maximum cards home (default), or only whether it can be won.
    Raises DealError for a position the core refuses, or one with unknown cards."""
    deal.require_every_card("solving")
    try:
        raw = _core.klondike_solve(deal.to_core(), rules.to_core(), first_win, **limits.to_core())
    except _core.PositionError as e:  # the core rechecks the position
        raise DealError(str(e)) from None
    best, proven = raw["best"], raw["proven"]
    won = best == ALL_HOME
    exact = won or (proven and not first_win)
    return KlondikeResult(
        source=deal.source, rules=rules, proven=proven, stop_reason=StopReason(raw["reason"]), value=best,
        bound=best if exact else None, line=[Action.from_core(t) for t in raw["actions"]],
        stats=Stats(raw["seconds"], raw["nodes"], raw["table_bytes"], raw["threads"], raw["table_forgotten"]),
        question="first-win" if first_win else "max-foundation", solvable=True if won else (False if proven else None),
        exact=exact, start_foundation=sum(deal.foundations), deal=deal)


@dataclass
class KlondikeReplay:
    """A line played out: the actions that were legal, and the first illegal one (if
    any), counted as the line's text counts it: `error_move` is the token's place
    (from 1), `error_token` the token, `error_within` the action's place inside it
    (DR40 is forty draws)."""
    rules: KlondikeRules
    actions: List[Action]
    position: KlondikeDeal
    foundation: int
    max_foundation: int
    moves: int                       # the line's tokens
    start_foundation: int            # the cards home before the line
    error: Optional[str] = None
    error_move: Optional[int] = None
    error_token: Optional[str] = None
    error_within: Optional[Tuple[int, int]] = None  # (action, of so many) inside a token of several

    @property
    def ok(self) -> bool:
        return self.error is None

    def sentences(self) -> List[str]:
        return explain(self.actions, self.start_foundation, self.rules.draw)

    def to_json(self) -> dict:
        return {"game": "klondike", "source": self.position.source, "rules": self.rules.to_json(), "legal": self.ok,
                "moves_played": self.moves if self.ok else self.error_move - 1, "error": self.error,
                "error_move": self.error_move, "error_token": self.error_token,
                "line": format_line(self.actions).split(), "value": self.max_foundation, "maximise": True,
                "foundation": self.foundation, "max_foundation": self.max_foundation,
                "vegas_score": vegas_score(self.foundation), "best_vegas_score": vegas_score(self.max_foundation),
                "position": self.position.to_json()}

    def summary_lines(self, style: CardStyle = PLAIN) -> List[str]:
        lines = [self.position.render(style),
                 f"Foundations: {self.foundation} cards, Vegas {vegas_score(self.foundation):+d} (most along the "
                 f"line: {self.max_foundation}, Vegas {vegas_score(self.max_foundation):+d})"]
        if not self.ok:
            part = f", draw {self.error_within[0]} of {self.error_within[1]}" if self.error_within else ""
            lines.append(f"Illegal move {self.error_move} ({self.error_token}{part}): {self.error}")
        return lines


def play_actions(deal: KlondikeDeal, rules: KlondikeRules, actions: List[Action]) -> dict:
    """The core's replay of actions: those played (cards filled in), the first error and
    where, the position reached.  DealError for a position the core refuses."""
    try:
        return _core.klondike_replay(deal.to_core(), rules.to_core(), [a.to_core() for a in actions])
    except _core.PositionError as e:
        raise DealError(str(e)) from None


def replay(deal: KlondikeDeal, rules: KlondikeRules, line: str, notation: str = "patiens") -> KlondikeReplay:
    """Play a line of tokens (notation.py; with notation "ks", Klondike-Solver's:
    ks_moves.py) from the deal.  Raises DealError for a token that is not one, or a
    position the core refuses."""
    deal.require_every_card("replaying")
    moves = parse_ks_moves(line) if notation == "ks" else parse_moves(line)
    actions = [a for _, acts in moves for a in acts]
    raw = play_actions(deal, rules, actions)
    if notation == "ks" and raw["error"] is None:
        # Its moves home name the suit too: a wrong one is an illegal move, played up to.
        wrong = wrong_suit(moves, [Action.from_core(t) for t in raw["actions"]])
        if wrong is not None:
            raw = dict(play_actions(deal, rules, actions[:wrong[0]]), error=wrong[1], error_index=wrong[0])
    done = [Action.from_core(t) for t in raw["actions"]]
    position = KlondikeDeal.from_core(raw["layout"], source=deal.source)
    played = KlondikeReplay(rules=rules, actions=done, position=position, foundation=raw["foundation"],
                            max_foundation=most_home(sum(deal.foundations), done), moves=len(moves),
                            start_foundation=sum(deal.foundations))
    if raw["error"] is not None:
        number, token, within = move_of_action(moves, raw["error_index"])
        several = len(moves[number - 1][1])
        played.error, played.error_move, played.error_token = raw["error"], number, token
        played.error_within = (within, several) if several > 1 else None
    return played


@dataclass
class Step:
    """One move of a line played out: its token, its sentences, the position after it."""
    token: str
    sentences: List[str]
    position: KlondikeDeal
    foundation: int


def walk(deal: KlondikeDeal, rules: KlondikeRules, tokens: List[str]) -> List[Step]:
    """The position after each token of a line, from the deal (the first step, with no
    token), to the first illegal token (left out)."""
    out = [Step("", [], deal, sum(deal.foundations))]
    for token in tokens:
        played = replay(out[-1].position, rules, token)
        if not played.ok:
            break
        out.append(Step(token, played.sentences(), played.position, played.foundation))
    return out
