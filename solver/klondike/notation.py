"""Klondike move notation: compact tokens and readable sentences.

Tokens (columns are numbered 1-7 from the left):

    DR, DRn   draw from the stock once, or n times (each draw turns 1 or 3 cards)
    RD        turn the waste over to start the next pass (redeal)
    WF        waste top card to its foundation
    W3        waste top card to column 3
    3F        column 3's top card to its foundation
    35        move from column 3 to column 5 the run that fits there (in Klondike
              at most one run of a column fits a given column, so no count is needed)
    FH3       worry back: the top card of the hearts foundation to column 3

A line is the tokens separated by spaces, e.g. ``DR2 WF 63 7F DR W4 RD DR3 FS2``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum
from typing import Callable, Iterable, List, Optional, Sequence, Tuple

from solver.cards import SUITS, card_str
from solver.errors import DealError

NO_CARD = 255


class ActionKind(IntEnum):  # the same numbers as the C++ core's ActionKind
    DRAW = 0
    REDEAL = 1
    WASTE_TO_FOUNDATION = 2
    WASTE_TO_COLUMN = 3
    COLUMN_TO_FOUNDATION = 4
    COLUMN_TO_COLUMN = 5
    FOUNDATION_TO_COLUMN = 6


@dataclass(frozen=True)
class Action:
    """One action of a player.  `source`/`target` are 0-based columns, or a suit
    (0-3) for worry back.  `count` is the cards moved between columns (0 when
    parsed from a token: the run that fits).  `card`, `onto` and `turned_up` are
    filled in by the core when the action is played."""
    kind: ActionKind
    source: int = 0
    target: int = 0
    count: int = 1
    card: Optional[int] = None
    onto: Optional[int] = None
    turned_up: Optional[int] = None

    @classmethod
    def from_core(cls, t: Sequence[int]) -> "Action":
        kind, source, target, count, card, onto, turned = t
        opt = lambda c: None if c == NO_CARD else c  # noqa: E731
        return cls(ActionKind(kind), source, target, count, opt(card), opt(onto), opt(turned))

    def to_core(self) -> tuple:
        return (int(self.kind), self.source, self.target, self.count)

    @property
    def changes_foundations(self) -> int:
        if self.kind in (ActionKind.WASTE_TO_FOUNDATION, ActionKind.COLUMN_TO_FOUNDATION):
            return 1
        return -1 if self.kind == ActionKind.FOUNDATION_TO_COLUMN else 0

    def token(self) -> str:
        k = self.kind
        if k == ActionKind.DRAW:
            return "DR"
        if k == ActionKind.REDEAL:
            return "RD"
        if k == ActionKind.WASTE_TO_FOUNDATION:
            return "WF"
        if k == ActionKind.WASTE_TO_COLUMN:
            return f"W{self.target + 1}"
        if k == ActionKind.COLUMN_TO_FOUNDATION:
            return f"{self.source + 1}F"
        if k == ActionKind.COLUMN_TO_COLUMN:
            return f"{self.source + 1}{self.target + 1}"
        return f"F{SUITS[self.source]}{self.target + 1}"


def tokens_of(actions: Iterable[Action], draws: Callable[[int], str],
              others: Callable[[Action], List[str]]) -> List[str]:
    """A line's tokens in a notation: each run of n draws as draws(n), every other action
    as the tokens others(action) gives."""
    out: List[str] = []
    run = 0
    for a in actions:
        if a.kind == ActionKind.DRAW:
            run += 1
            continue
        if run:
            out.append(draws(run))
            run = 0
        out.extend(others(a))
    if run:
        out.append(draws(run))
    return out


def most_home(start: int, actions: Iterable[Action]) -> int:
    """The most cards home at once along a line that starts with `start` home."""
    home = best = start
    for a in actions:
        home += a.changes_foundations
        best = max(best, home)
    return best


def format_line(actions: Iterable[Action]) -> str:
    """Tokens separated by spaces, runs of draws written DRn."""
    return " ".join(tokens_of(actions, lambda n: "DR" if n == 1 else f"DR{n}", lambda a: [a.token()]))


_TOKEN = re.compile(r"^(?:DR([0-9]*)|RD|WF|W([1-7])|([1-7])F|([1-7])([1-7])|F([CDHS])([1-7]))$")
# No stock holds more than the deck, so a longer run of draws is refused as written,
# before a list of that many actions is built.
MAX_DRAWS = 52


def parse_moves(text: str) -> List[Tuple[str, List[Action]]]:
    """Each token as the user wrote it (spaces or commas between them), with its
    actions (DRn makes n).  Raises DealError naming a bad token by its place in the text."""
    moves: List[Tuple[str, List[Action]]] = []
    for i, token in enumerate(text.replace(",", " ").split(), 1):
        moves.append((token, _token_actions(i, token)))
    return moves


def parse_line(text: str) -> List[Action]:
    """The actions of a line of tokens."""
    return [a for _, actions in parse_moves(text) for a in actions]


def move_of_action(moves: List[Tuple[str, List[Action]]], action_index: int) -> Tuple[int, str, int]:
    """Where action `action_index` of a parsed line comes from: its token's place in
    the text (from 1), the token, and the action's place within the token (from 1)."""
    for number, (token, actions) in enumerate(moves, 1):
        if action_index < len(actions):
            return number, token, action_index + 1
        action_index -= len(actions)
    raise IndexError("no such action")


def _token_actions(i: int, token: str) -> List[Action]:
    m = _TOKEN.match(token.upper())
    if not m:
        raise DealError(f"move {i}: unknown token {token!r} (see 'patiens klondike replay --help')")
    t = token.upper()
    if t.startswith("DR"):
        digits = m.group(1)
        if len(digits) > 3 or int(digits or 1) > MAX_DRAWS:
            raise DealError(f"move {i}: {token!r} draws more often than a stock has cards (at most DR{MAX_DRAWS})")
        n = int(digits or 1)
        if n < 1:
            raise DealError(f"move {i}: {token!r} draws no card")
        return [Action(ActionKind.DRAW)] * n
    if t == "RD":
        return [Action(ActionKind.REDEAL)]
    if t == "WF":
        return [Action(ActionKind.WASTE_TO_FOUNDATION)]
    if m.group(2):
        return [Action(ActionKind.WASTE_TO_COLUMN, target=int(m.group(2)) - 1)]
    if m.group(3):
        return [Action(ActionKind.COLUMN_TO_FOUNDATION, source=int(m.group(3)) - 1)]
    if m.group(4):
        a, b = int(m.group(4)) - 1, int(m.group(5)) - 1
        if a == b:
            raise DealError(f"move {i}: {token!r} moves a column onto itself")
        return [Action(ActionKind.COLUMN_TO_COLUMN, source=a, target=b, count=0)]
    return [Action(ActionKind.FOUNDATION_TO_COLUMN, source=SUITS.index(m.group(6)), target=int(m.group(7)) - 1)]


def _destination(a: Action) -> str:
    if a.onto is None:
        return f"to the empty column {a.target + 1}"
    return f"onto {card_str(a.onto)} in column {a.target + 1}"


def _turned(a: Action) -> str:
    return f", turning up {card_str(a.turned_up)}" if a.turned_up is not None else ""


def explain(actions: Sequence[Action], start_foundation: int = 0, draw: int = 1) -> List[str]:
    """One sentence per action (draws in a row make one sentence), with the running
    foundation count and Vegas score after every change to the foundations."""
    sentences: List[str] = []
    home = start_foundation
    passes = 1
    i = 0
    while i < len(actions):
        a = actions[i]
        if a.kind == ActionKind.DRAW:
            j = i
            while j < len(actions) and actions[j].kind == ActionKind.DRAW:
                j += 1
            n, top = j - i, actions[j - 1].card
            what = "once" if n == 1 else f"{n} times"
            unit = "" if draw == 1 else f" ({draw} cards a draw)"
            sentences.append(f"Draw from the stock {what}{unit}: {card_str(top)} is on top of the waste.")
            i = j
            continue
        k = a.kind
        card = card_str(a.card) if a.card is not None else "?"
        if k == ActionKind.REDEAL:
            passes += 1
            text = f"Turn the waste over to start pass {passes}."
        elif k == ActionKind.WASTE_TO_FOUNDATION:
            text = f"Move {card} from the waste to the foundation"
        elif k == ActionKind.WASTE_TO_COLUMN:
            text = f"Move {card} from the waste {_destination(a)}."
        elif k == ActionKind.COLUMN_TO_FOUNDATION:
            text = f"Move {card} from column {a.source + 1} to the foundation{_turned(a)}"
        elif k == ActionKind.COLUMN_TO_COLUMN:
            what = card if a.count == 1 else f"{card} and the {a.count - 1} card{'s' if a.count > 2 else ''} on it"
            text = f"Move {what} from column {a.source + 1} {_destination(a)}{_turned(a)}."
        else:
            text = f"Worry back {card} from the foundation {_destination(a)}"
        if a.changes_foundations:
            home += a.changes_foundations
            text += f" ({home} home, Vegas {vegas_score(home):+d})."
        sentences.append(text)
        i += 1
    return sentences


def vegas_score(cards_home: int) -> int:
    """-52 for the deck, +5 for every card on the foundations."""
    return 5 * cards_home - 52
