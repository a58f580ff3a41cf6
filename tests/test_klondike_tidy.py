"""Printed lines lose the moves they undo for nothing (solver/klondike/tidy.py), and
keep being legal lines to the same most cards home: the referee replays them."""
import pytest

from clihelp import patiens
from referee import klondike as ref
from solver import _core
from solver.klondike import KlondikeDeal, make_rules, solve
from solver.klondike.notation import Action, ActionKind
from solver.klondike.tidy import _replayed, tidy, undoes


def referee_peak(deal, rules, actions):
    state = ref.start(deal, rules.passes)
    best = ref.home(state)
    for a in actions:
        state, _ = ref.replay(state, [(int(a.kind), a.source, a.target, a.count)], rules.draw, rules.worry_back)
        best = max(best, ref.home(state))
    return best


@pytest.mark.parametrize("mode", ["casino", "vegas", "standard"])
def test_tidied_lines_replay_to_the_same_result(mode):
    rules, shorter = make_rules(mode), 0
    for seed in range(1, 31):
        deal = KlondikeDeal.from_seed(seed)
        result = solve(deal, rules, first_win=rules.unlimited)
        tidied = result.tidied()
        assert len(tidied.line) <= len(result.line)
        assert referee_peak(deal, rules, tidied.line) == result.max_foundation
        assert not any(undoes(a, b) for i, a in enumerate(tidied.line) for b in tidied.line[i + 1:i + 2])
        shorter += len(tidied.line) < len(result.line)
    assert shorter > 0  # (on 28-52% of the lines of seeds 1-100)


def test_a_move_and_its_undoing_put_into_a_line_go():
    """Somewhere along seed 72's line, a run moved to another column and straight back:
    tidy takes the pair out again."""
    deal, rules = KlondikeDeal.from_seed(72), make_rules("casino")
    line = solve(deal, rules).line
    for k in range(len(line)):
        position = _core.klondike_replay(deal.to_core(), rules.to_core(), [a.to_core() for a in line[:k]])["layout"]
        for t, _kind, _cls in _core.klondike_actions(position, rules.to_core()):
            there = Action.from_core(t)
            if there.kind != ActionKind.COLUMN_TO_COLUMN or there.turned_up is not None:
                continue
            back = Action(ActionKind.COLUMN_TO_COLUMN, there.target, there.source, there.count)
            padded = _replayed(deal, rules, line[:k] + [there, back] + line[k:])
            if padded is not None and undoes(padded[k], padded[k + 1]):
                assert len(padded) == len(line) + 2
                assert len(tidy(deal, rules, padded)) <= len(line)
                return
    pytest.fail("no run could move and come back along the line")


def test_the_printed_line_is_the_tidied_one():
    run = patiens("klondike", "solve", "--seed", "2", "--mode", "vegas", "--threads", "1", "--json")
    deal, rules = KlondikeDeal.from_seed(2), make_rules("vegas")
    assert run.json()["line"] == solve(deal, rules).tidied().tokens


def test_a_move_that_turned_a_card_up_is_never_undone():
    """Standard seed 28's line moves a run off a face-down card onto that card's twin,
    and the run comes back onto the card now turned up: the same columns and count as
    an undoing, but the card stays turned up, so tidy must leave the pair alone."""
    there = Action(ActionKind.COLUMN_TO_COLUMN, 4, 1, 2, card=45, onto=20, turned_up=33)
    back = Action(ActionKind.COLUMN_TO_COLUMN, 1, 4, 2, card=45, onto=33)
    assert not undoes(there, back)
    assert undoes(Action(ActionKind.COLUMN_TO_COLUMN, 4, 1, 2, card=45, onto=20), back)
