"""Klondike-Solver's move notation (its /MOVES output), read and written, so that its
solutions replay here and ours can be read by its users.  Its tokens, beside ours:

    Klondike-Solver   patiens   the move
    DRn               DRn       draw n times (n draws of three under draw 3)
    NEW               RD        turn the waste over into a new stock
    Fc                -         turn up column c's top card (here part of the move before)
    Wc / WS           Wc / WF   the waste's top to column c / to its foundation (S: its suit)
    cS                cF        column c's top card to its foundation (S: its suit)
    ab / ab-n         ab        column a's run (of n cards) onto column b
    Sc                FSc       the top card of suit S's foundation back to column c

Suits are C, D, S, H; a foundation's letter must be the card's suit (the replay checks).
"""
from __future__ import annotations

import re
from typing import Iterable, List, Optional, Tuple

from solver.cards import SUITS, suit_of
from solver.errors import DealError
from solver.klondike.notation import MAX_DRAWS, Action, ActionKind, tokens_of

_TOKEN = re.compile(r"^(?:DR([0-9]+)|NEW|F([1-7])|([1-7WCDSH])([1-7CDSH])(?:-([0-9]{1,2}))?)$")
_COLUMNS = "1234567"


def format_ks(actions: Iterable[Action]) -> List[str]:
    """A line of played actions (their cards filled in) as Klondike-Solver's tokens."""
    return tokens_of(actions, lambda n: f"DR{n}", _tokens)


def _tokens(a: Action) -> List[str]:
    k = a.kind
    if k == ActionKind.REDEAL:
        return ["NEW"]
    if k == ActionKind.WASTE_TO_FOUNDATION:
        return ["W" + SUITS[suit_of(a.card)]]
    if k == ActionKind.WASTE_TO_COLUMN:
        return [f"W{a.target + 1}"]
    if k == ActionKind.FOUNDATION_TO_COLUMN:
        return [f"{SUITS[a.source]}{a.target + 1}"]
    move = (f"{a.source + 1}{SUITS[suit_of(a.card)]}" if k == ActionKind.COLUMN_TO_FOUNDATION
            else f"{a.source + 1}{a.target + 1}" + (f"-{a.count}" if a.count > 1 else ""))
    return [move] + ([f"F{a.source + 1}"] if a.turned_up is not None else [])  # (its own token for the turn)


def parse_ks_moves(text: str) -> List[Tuple[str, List[Action]]]:
    """Each token with its actions (as notation.parse_moves gives ours).  Raises
    DealError naming a token that is not one by its place in the text."""
    return [(token, _actions(i, token)) for i, token in enumerate(text.replace(",", " ").split(), 1)]


def _actions(i: int, token: str) -> List[Action]:
    t = token.upper()
    m = _TOKEN.match(t)
    if not m:
        raise DealError(f"move {i}: {token!r} is not a Klondike-Solver move (DRn, NEW, Fc, XY or XY-n)")
    draws, flip, x, y, count = m.groups()
    if t == "NEW":
        return [Action(ActionKind.REDEAL)]
    if draws is not None:
        if not 1 <= int(draws) <= MAX_DRAWS:
            raise DealError(f"move {i}: {token!r} must draw 1 to {MAX_DRAWS} times")
        return [Action(ActionKind.DRAW)] * int(draws)
    if flip:
        return []  # a face-down card is turned up by the move that bares it
    if count is not None and not (x in _COLUMNS and y in _COLUMNS):
        raise DealError(f"move {i}: {token!r}: only a move between columns has a card count")
    if x in _COLUMNS and y in _COLUMNS:
        if x == y or int(count or 1) < 1:
            raise DealError(f"move {i}: {token!r} moves no card")
        return [Action(ActionKind.COLUMN_TO_COLUMN, int(x) - 1, int(y) - 1, int(count or 1))]
    if x == "W":
        return [Action(ActionKind.WASTE_TO_COLUMN, 0, int(y) - 1) if y in _COLUMNS
                else Action(ActionKind.WASTE_TO_FOUNDATION)]
    if x in _COLUMNS:
        return [Action(ActionKind.COLUMN_TO_FOUNDATION, int(x) - 1)]
    if y in _COLUMNS:
        return [Action(ActionKind.FOUNDATION_TO_COLUMN, SUITS.index(x), int(y) - 1)]
    raise DealError(f"move {i}: {token!r} moves from a foundation to a foundation")


def wrong_suit(moves: List[Tuple[str, List[Action]]], played: List[Action]) -> Optional[Tuple[int, str]]:
    """The first move home whose foundation letter is not its card's suit, as (the
    action's index in the line, why), or None."""
    index = 0
    for token, actions in moves:
        for _ in actions:
            if index >= len(played):
                return None
            a = played[index]
            if a.kind in (ActionKind.WASTE_TO_FOUNDATION, ActionKind.COLUMN_TO_FOUNDATION):
                letter = token.upper()[1]
                if SUITS[suit_of(a.card)] != letter:
                    return index, f"the card going home is {SUITS[suit_of(a.card)]}, not {letter}"
            index += 1
    return None
