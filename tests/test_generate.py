"""Generated deals: their figures re-solve, and the measure is deterministic."""
import json
import os

import pytest

from clihelp import patiens
from solver.generate import GolfWanted, KlondikeWanted, greedy_poker
from solver.golf import GolfDeal, GolfRules
from solver.golf import solve as solve_golf
from solver.klondike import KlondikeDeal, make_rules
from solver.klondike import solve as solve_klondike
from solver.limits import Limits
from solver.poker import PokerRules, order_from_seed
from solver.poker import solve as solve_poker

DEALS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "deals")


def index(game):
    with open(os.path.join(DEALS, game, "hard", "index.jsonl")) as f:
        return [json.loads(line) for line in f]


def read_deal(game, entry):
    with open(os.path.join(DEALS, game, "hard", entry["file"])) as f:
        return f.read()


@pytest.mark.parametrize("entry", index("klondike")[:3], ids=lambda e: e["id"])
def test_curated_klondike_deals_resolve_to_their_figures(entry):
    deal = KlondikeDeal.parse(read_deal("klondike", entry))
    assert deal.to_core() == KlondikeDeal.from_seed(entry["seed"]).to_core()
    rules = make_rules(entry["rules"]["mode"], worry_back=entry["rules"]["worry_back"])
    r = solve_klondike(deal, rules)
    assert (r.max_foundation, r.solvable, r.stats.nodes) == (entry["max_foundation"], entry["solvable"], entry["nodes"])


@pytest.mark.parametrize("entry", index("golf")[:4], ids=lambda e: e["id"])
def test_curated_golf_deals_resolve_to_their_figures(entry):
    rules = GolfRules(**entry["rules"])
    deal = GolfDeal.parse(read_deal("golf", entry), rules)
    r = solve_golf(deal)
    assert (r.best_score, r.stats.nodes) == (entry["best_score"], entry["nodes"])
    again = GolfWanted(rules=rules, limits=Limits(), playouts=entry["playouts"], measure_seed=entry["measure_seed"])
    figures = again.measure(entry["seed"])
    for key in ("greedy_score", "difficulty", "player_fail_share"):
        assert figures[key] == entry[key]


def test_curated_poker_orders_resolve_to_their_figures():
    entry = index("poker")[-1]
    rules = PokerRules.make(entry["rules"]["table"])
    order = order_from_seed(entry["seed"], rules)
    assert " ".join(entry["order"]) == read_deal("poker", entry).strip()
    assert solve_poker(order, rules).score == entry["optimum"]
    assert greedy_poker(order, rules) == entry["greedy_score"]


def test_the_measure_is_deterministic_for_a_measure_seed():
    a = KlondikeWanted(rules=make_rules(), limits=Limits(), playouts=40, measure_seed=7).measure(15)
    b = KlondikeWanted(rules=make_rules(), limits=Limits(), playouts=40, measure_seed=7).measure(15)
    c = KlondikeWanted(rules=make_rules(), limits=Limits(), playouts=40, measure_seed=8).measure(15)
    a.pop("seconds"), b.pop("seconds")
    assert a == b
    assert (a["player_mean_home"], a["player_wins"]) != (c["player_mean_home"], c["player_wins"])


def test_constraints_hold_and_files_reload(tmp_path):
    out = tmp_path / "gen"
    run = patiens("generate", "klondike", "--count", "3", "--unwinnable", "--max-foundation-le", "10",
                  "--max-nodes", "2000000", "--out", str(out), "--quiet", "--json")
    assert run.code == 0
    deals = run.json()["deals"]
    assert len(deals) == 3
    for entry in deals:
        assert entry["solvable"] is False and entry["max_foundation"] <= 10
        deal = KlondikeDeal.parse((out / entry["file"]).read_text())
        assert solve_klondike(deal, make_rules()).max_foundation == entry["max_foundation"]


def test_golf_greedy_fails_and_json_files(tmp_path):
    out = tmp_path / "g"
    run = patiens("generate", "golf", "--count", "2", "--clearable", "--greedy-fails", "--format", "json",
                  "--out", str(out), "--quiet", "--json")
    for entry in run.json()["deals"]:
        assert entry["solvable"] and entry["greedy_score"] > 0
        deal = GolfDeal.parse((out / entry["file"]).read_text())
        assert solve_golf(deal).best_score == entry["best_score"]


def test_needs_worry_back_means_it():
    """Seed 372 in standard Klondike (draw 1, unlimited passes) is won only with worry back."""
    wanted = KlondikeWanted(rules=make_rules("standard"), limits=Limits(max_nodes=5_000_000), winnable=True,
                            needs_worry_back=True, playouts=5)
    rec = wanted.measure(372)
    assert rec is not None and rec["solvable"] and rec["also"] == {"no-worry-back": False}
    plain = solve_klondike(KlondikeDeal.from_seed(372), make_rules("standard", worry_back=False), first_win=True)
    assert plain.solvable is False and plain.proven
    assert wanted.measure(1) is None  # seed 1 is lost with or without worry back


def test_the_search_players_loss_share_is_its_own_games():
    """--search-plays: the real game's search player plays the deal with its own sampler
    seeds; the loss share and mean are those games' figures, the same every time."""
    from solver.generate import player_seed
    from solver.klondike.real import play
    rules = make_rules("casino")
    wanted = KlondikeWanted(rules=rules, limits=Limits(), search_plays=2, measure_seed=3)
    record = wanted.measure(5)
    homes = [play(KlondikeDeal.from_seed(5), rules, player="search", sampler_seed=player_seed(3 + k, 5),
                  optimum=False).foundation for k in range(2)]
    assert record["search_mean_home"] == pytest.approx(sum(homes) / 2)
    assert record["search_loss_share"] == sum(h < 52 for h in homes) / 2
    assert record["search_mean_home"] <= record["max_foundation"]
    again = wanted.measure(5)
    again.pop("seconds"), record.pop("seconds")
    assert again == record
