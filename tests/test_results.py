"""One result shape for the three games: the same JSON keys for the same things, one
list of stop reasons (the core's), one verdict renderer per game."""
from clihelp import patiens
from solver import _core
from solver.golf import GolfDeal, GolfRules
from solver.golf import solve as golf_solve
from solver.klondike import KlondikeDeal, make_rules
from solver.klondike import solve as klondike_solve
from solver.limits import Limits
from solver.poker import PokerRules, order_from_seed
from solver.poker import solve as poker_solve
from solver.result import StopReason

SHARED = {"game", "source", "rules", "proven", "stop_reason", "value", "maximise", "bound", "line", "stats"}
STATS = {"seconds", "nodes", "nodes_per_second", "table_bytes", "table_forgotten", "threads"}


def test_stop_reasons_are_the_cores():
    assert [r.value for r in StopReason] == list(_core.stop_reasons)
    assert {r for r in StopReason if r.proven} == {StopReason.COMPLETE, StopReason.TARGET}


def test_solve_json_shares_its_keys_across_games():
    outs = {game: patiens(game, "solve", "--seed", "5", "--json").json() for game in ("klondike", "golf", "poker")}
    for game, out in outs.items():
        assert SHARED <= set(out) and set(out["stats"]) == STATS, game
        assert out["game"] == game and out["source"] == "seed 5" and out["proven"] is True
    assert outs["klondike"]["value"] == outs["klondike"]["max_foundation"] and outs["klondike"]["maximise"]
    assert outs["golf"]["value"] == outs["golf"]["best_score"] and not outs["golf"]["maximise"]
    assert outs["poker"]["value"] == outs["poker"]["score"] == outs["poker"]["bound"]
    assert outs["poker"]["stats"]["nodes"] is None  # CP-SAT counts no nodes of ours


def test_the_value_views_and_the_proof_come_from_the_search():
    k = klondike_solve(KlondikeDeal.from_seed(1), make_rules("casino"), limits=Limits(max_nodes=100))
    assert (k.value, k.proven, k.stop_reason) == (k.max_foundation, False, StopReason.MAX_NODES) and k.bound is None
    g = golf_solve(GolfDeal.from_seed(3), GolfRules())
    assert g.value == g.best_score == g.bound and g.proven and g.stop_reason.proven
    p = poker_solve(order_from_seed(5, PokerRules()), PokerRules(), limits=Limits(threads=1), source="seed 5")
    assert p.value == p.score and p.line == p.placement and len(p.tokens) == 25 and p.source == "seed 5"


def test_each_result_renders_itself():
    g = golf_solve(GolfDeal.from_seed(3), GolfRules())
    lines = g.summary_lines()
    assert lines[0] == "Golf, seed 3: basic rules" and lines[-1].startswith("Search: ")
    assert any(line.startswith("Best score: ") for line in lines)
