"""Lines without moves undone for nothing.  The search's line reaches its best
position, but on its way it may move a run and later straight back, or worry a card
back that only goes home again: legal, and noise to a reader.  Such a pair is taken
out when the line without it is still legal and still reaches as many cards home (the
core replays it: the rules decide, not this module)."""
from __future__ import annotations

from typing import List, Optional

from solver.klondike.deal import KlondikeDeal
from solver.klondike.notation import Action, ActionKind, most_home
from solver.klondike.rules import KlondikeRules
from solver.klondike.solve import play_actions

COL, HOME_TO_COL, COL_TO_HOME = ActionKind.COLUMN_TO_COLUMN, ActionKind.FOUNDATION_TO_COLUMN, \
    ActionKind.COLUMN_TO_FOUNDATION


def undoes(first: Action, later: Action) -> bool:
    """Whether `later` puts back what `first` did: a run moved back where it came from,
    a worried-back card sent home from there, a card sent home worried back there.  A
    move that turned a card up is never put back (the run may return onto that card)."""
    if first.turned_up is not None:
        return False
    if first.kind == COL and later.kind == COL:
        return (later.source, later.target, later.count, later.card) == (first.target, first.source, first.count,
                                                                          first.card)
    if first.kind == HOME_TO_COL and later.kind == COL_TO_HOME:
        return later.source == first.target and later.card == first.card
    if first.kind == COL_TO_HOME and later.kind == HOME_TO_COL:
        return later.target == first.source and later.card == first.card
    return False


def _replayed(deal: KlondikeDeal, rules: KlondikeRules, actions: List[Action]) -> Optional[List[Action]]:
    """The actions as the core plays them (cards filled in), or None where one is illegal."""
    raw = play_actions(deal, rules, actions)
    return None if raw["error"] is not None else [Action.from_core(t) for t in raw["actions"]]


def tidy(deal: KlondikeDeal, rules: KlondikeRules, actions: List[Action]) -> List[Action]:
    """`actions` (as played: cards filled in) less every pair of a move and its undoing
    whose removal keeps the line legal and its most cards home."""
    start = sum(deal.foundations)
    target = most_home(start, actions)
    changed = True
    while changed:
        changed = False
        for i, first in enumerate(actions):
            for j in range(i + 1, len(actions)):
                if not undoes(first, actions[j]):
                    continue
                shorter = _replayed(deal, rules, actions[:i] + actions[i + 1:j] + actions[j + 1:])
                if shorter is not None and most_home(start, shorter) == target:
                    actions, changed = shorter, True
                    break
            if changed:
                break
    return actions
