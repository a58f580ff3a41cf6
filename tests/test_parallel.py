"""The search on several threads (solver/core/parallel.hpp): the same value as one
thread, lines that replay (referee) to it, and limits that still stop it cleanly.

Which line the threads report may change from run to run, so these tests compare
values and replay lines; they never expect a particular line."""
import pytest

from referee import golf as golf_ref
from referee import klondike as klondike_ref
from solver import _core
from solver.errors import OptionError
from solver.golf import GolfDeal, GolfRules
from solver.golf import solve as golf_solve
from solver.klondike import KlondikeDeal, make_rules
from solver.klondike import solve as klondike_solve
from solver.limits import Limits

GOLF_VARIANTS = [GolfRules(), GolfRules(wrap=True), GolfRules(queen_on_king=True), GolfRules(king_on_ace_stop=True),
                 GolfRules(jokers=1), GolfRules(jokers=2), GolfRules(empty_waste=True),
                 GolfRules(wrap=True, queen_on_king=True, jokers=1)]


def golf_line_score(deal, result):
    r = deal.rules
    return golf_ref.replay(deal.columns, deal.stock, deal.base, [m.column for m in result.line], wrap=r.wrap,
                           queen_on_king=r.queen_on_king, king_on_ace_stop=r.king_on_ace_stop)


def klondike_line_count(deal, rules, result):
    start = klondike_ref.start(deal, rules.passes)
    actions = [(int(a.kind), a.source, a.target, a.count) for a in result.line]
    return klondike_ref.replay(start, actions, rules.draw, rules.worry_back)[1]


@pytest.mark.parametrize("rules", GOLF_VARIANTS, ids=lambda r: r.describe())
def test_golf_threads_find_the_same_minimum(rules):
    for seed in range(1, 21):
        deal = GolfDeal.from_seed(seed, rules)
        one = golf_solve(deal, limits=Limits(threads=1))
        for threads in (2, 4):
            many = golf_solve(deal, limits=Limits(threads=threads))
            assert many.proven and many.best_score == one.best_score, (seed, threads)
            assert golf_line_score(deal, many) == many.best_score


@pytest.mark.parametrize("mode, seeds", [("casino", range(1, 13)), ("vegas", range(1, 7)), ("standard", range(1, 7))])
def test_klondike_threads_find_the_same_maximum(mode, seeds):
    rules = make_rules(mode)
    for seed in seeds:
        deal = KlondikeDeal.from_seed(seed)
        one = klondike_solve(deal, rules, limits=Limits(threads=1, timeout=30))
        assert one.proven, seed
        for threads in (2, 4):
            many = klondike_solve(deal, rules, limits=Limits(threads=threads, timeout=30))
            assert many.proven and many.max_foundation == one.max_foundation, (seed, threads)
            assert klondike_line_count(deal, rules, many) == many.max_foundation


def test_klondike_first_win_on_threads():
    rules = make_rules("standard")
    for seed in range(1, 9):
        deal = KlondikeDeal.from_seed(seed)
        one = klondike_solve(deal, rules, first_win=True, limits=Limits(threads=1, timeout=30))
        many = klondike_solve(deal, rules, first_win=True, limits=Limits(threads=2, timeout=30))
        assert many.solvable == one.solvable and many.proven
        if many.solvable:
            assert klondike_line_count(deal, rules, many) == 52


def test_threads_really_search():
    """Asked for two threads, the search runs on two; asked for one, on one."""
    deal = KlondikeDeal.from_seed(1)
    result = klondike_solve(deal, make_rules("casino"), limits=Limits(threads=2))
    assert result.stats.threads == 2 and result.proven
    assert klondike_solve(deal, make_rules("casino"), limits=Limits(threads=1)).stats.threads == 1


# Seed 3984, casino: 6.7 M nodes, about 2 s and 109 MB of table for one thread (the
# largest search of casino seeds 1-5000 since the tails on twins share a key).
HARD = KlondikeDeal.from_seed(3984)


def test_node_limit_on_threads():
    result = klondike_solve(HARD, make_rules("casino"), limits=Limits(threads=2, max_nodes=20_000))
    assert not result.proven and result.stop_reason == "max-nodes"
    assert 20_000 <= result.stats.nodes <= 20_000 * 5 // 4  # the threads overshoot by a quarter at most
    assert klondike_line_count(HARD, make_rules("casino"), result) == result.max_foundation
    tiny = klondike_solve(HARD, make_rules("casino"), limits=Limits(threads=4, max_nodes=3))
    assert tiny.stop_reason == "max-nodes" and 3 <= tiny.stats.nodes <= 3 + 4  # a node each at most past it


def test_memory_limit_on_threads():
    """A budget far too small for the table: the threads' table grows while it may,
    then forgets positions, the threads stopped each time, until the node limit."""
    limits = Limits(threads=2, max_memory=1 << 20, max_nodes=2_000_000)
    result = klondike_solve(HARD, make_rules("casino"), limits=limits)
    assert not result.proven and result.stop_reason == "max-nodes" and result.stats.forgotten > 0
    assert result.stats.table_bytes <= 1 << 20
    assert klondike_line_count(HARD, make_rules("casino"), result) == result.max_foundation


@pytest.mark.parametrize("threads", [2, 8])
def test_the_threads_forget_and_go_on_under_a_budget_too_small_to_split(threads):
    """Under 1 MB or less the threads' table can never split (the split alone would
    take more), so each growth past its one shard is given up with that shard frozen,
    and the table forgets, thousands of times, each time with every thread stopped.
    The threads go on to the one-thread maximum, proven, inside the budget, on every
    thread.  A thread that finishes a position while the shard is frozen must still
    clear its busy flag there: one left behind keeps its position for good, and under
    128 KB (4,096 slots) such flags filled the table within 5 M nodes."""
    rules = make_rules("casino")
    for seed, budget, best in ((56, 256 << 10, 8), (72, 1 << 20, 30)):
        deal = KlondikeDeal.from_seed(seed)
        result = klondike_solve(deal, rules, limits=Limits(threads=threads, max_memory=budget))
        assert result.proven and result.max_foundation == best and result.stats.threads == threads
        assert result.stats.forgotten > 0 and result.stats.table_bytes <= budget
        assert klondike_line_count(deal, rules, result) == best
    tiny_budget = Limits(threads=threads, max_memory=128 << 10, max_nodes=5_000_000)
    tiny = klondike_solve(KlondikeDeal.from_seed(72), rules, limits=tiny_budget)
    assert tiny.stop_reason == "max-nodes" and tiny.stats.forgotten > 0 and tiny.stats.table_bytes <= 128 << 10


def test_a_table_split_into_shards_keeps_every_state():
    """Seed 3984 outgrows kSplitSlots (search.hpp): the one-thread table is split into
    shards by the cards home and the talon midway.  The search must expand exactly the
    states it expanded with a table never split (7,177,420 nodes, counted with the
    split turned off on the engine of 2026-12-07) and prove the same maximum as two
    threads with a line that replays to it.  Under a budget that allows the split but
    not much more, the full table forgets positions, searches them again where met,
    and proves the same maximum inside the budget."""
    rules = make_rules("casino")
    # Counted without the maximum's tries (search.hpp, Restarts), which change the order.
    plain = _core.klondike_solve(HARD.to_core(), rules.to_core(), False, threads=1, restart_nodes=0)
    assert plain["proven"] and plain["nodes"] == 7_177_420
    assert plain["table_bytes"] > 16 << 20  # split: the one shard stops at 2^20 slots of 16 bytes
    result = klondike_solve(HARD, rules, limits=Limits(threads=1))
    threads = klondike_solve(HARD, rules, limits=Limits(threads=2))
    assert result.proven and threads.proven and threads.max_foundation == result.max_foundation == plain["best"] == 19
    assert klondike_line_count(HARD, rules, result) == result.max_foundation
    tight = klondike_solve(HARD, rules, limits=Limits(threads=1, max_memory=60 << 20))
    assert tight.proven and tight.max_foundation == 19 and 48 << 20 <= tight.stats.table_bytes <= 60 << 20
    assert tight.stats.forgotten > 0 and tight.stats.nodes > result.stats.nodes
    assert klondike_line_count(HARD, rules, tight) == 19


@pytest.mark.parametrize("threads", [1, 2])
def test_a_budget_is_used_not_a_quarter_of_it(threads):
    """Seed 72 needs a table of about 66 MB.  Its one shard would stop at 32 MB under a
    72 MB budget (doubling it needs 96 MB at once), so the table splits before it grows
    past what it could still split from, and each shard grows alone: the proof fits."""
    deal, rules = KlondikeDeal.from_seed(72), make_rules("casino")
    result = klondike_solve(deal, rules, limits=Limits(threads=threads, max_memory=72 << 20))
    assert result.proven and result.max_foundation == 30 and result.stats.table_bytes <= 72 << 20
    assert klondike_line_count(deal, rules, result) == 30


def test_a_table_without_clusters_splits_under_its_budget_too():
    """Golf has no locality: its table shards by its keys when the budget binds, the
    answer unchanged, the nodes too (nothing was forgotten)."""
    deal = GolfDeal.from_seed(5, GolfRules(wrap=True))
    free = golf_solve(deal, limits=Limits(threads=1))
    tight = golf_solve(deal, limits=Limits(threads=1, max_memory=200 << 10))
    assert free.proven and tight.proven and tight.stats.table_bytes <= 200 << 10 < free.stats.table_bytes
    assert (tight.best_score, tight.stats.nodes) == (free.best_score, free.stats.nodes)


@pytest.mark.parametrize("threads", [2, 8])
def test_the_threads_table_splits_and_grows_its_shards_while_they_search(threads):
    """The threads' table (shared_table.hpp) is split like the one-thread table, and
    each shard then grows while the other threads go on using it.  Eight threads on
    the test machine's few cores are often stopped midway through a growth, so the
    others meet frozen slots and full small shards.  The answer stays the one-thread
    maximum, proven; under budgets below what the search needs (40 and 60 MB of its
    109) the table takes most of them and then forgets positions, the threads going
    on inside them, to the same maximum, proven."""
    rules = make_rules("casino")
    result = klondike_solve(HARD, rules, limits=Limits(threads=threads))
    assert result.proven and result.max_foundation == 19
    assert result.stats.table_bytes > 16 << 20  # split: the one shard stops at 2^20 slots of 16 bytes
    assert klondike_line_count(HARD, rules, result) == 19
    for budget in (40 << 20, 60 << 20):
        tight = klondike_solve(HARD, rules, limits=Limits(threads=threads, max_memory=budget))
        assert tight.proven and tight.max_foundation == 19 and tight.stats.forgotten > 0
        assert budget * 4 // 5 <= tight.stats.table_bytes <= budget
        assert klondike_line_count(HARD, rules, tight) == 19


def test_timeout_on_threads():
    result = klondike_solve(HARD, make_rules("casino"), limits=Limits(threads=2, timeout=0.02))
    assert not result.proven and result.stop_reason == "timeout"
    assert klondike_line_count(HARD, make_rules("casino"), result) == result.max_foundation


@pytest.mark.parametrize("threads", [-1, 15, 1000])
def test_threads_out_of_range_are_refused(threads):
    with pytest.raises(OptionError, match="threads"):
        Limits(threads=threads)
