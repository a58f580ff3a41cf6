"""The real game of Klondike: players who do not see the hidden cards, against the optimum.

    python benchmarks/klondike_play.py [--seeds 1001-1100] [--modes casino,vegas,standard3]
                                       [--players greedy,search,plans,bandit] [--samples N]
                                       [--world-nodes N] [--objective cards|win] [--workers 2]

Per rule set and player, over the same deals: the share won and the mean cards home,
each with its 95% interval, the mean Vegas result ($52 a deck, $5 a card), beside
the clairvoyant optimum of the same deals (the exact most cards home with every card
known), the mean value of information (the optimum's cards less the player's), the
CPU seconds a game takes (the player's own choices; the optimum's solve apart) and
the deals where the player lost the most cards against the optimum.  The search
players run under a count budget (--samples worlds per choice, a node count per
world; left out, each player's own defaults), so their games are the same on any
machine.  Deals spread over --workers
processes.  Writes benchmarks/results/<--name>.{json,md}.
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import machine, quantile, speed_reference_ms, write_results  # noqa: E402
from solver.batch.specs import parse_range  # noqa: E402
from solver.batch.summary import mean_ci, wilson  # noqa: E402
from solver.klondike import KlondikeDeal, make_rules, solve  # noqa: E402
from solver.klondike.real import BANDIT_NODES, BANDIT_SAMPLES, DEFAULT_SAMPLES, WORLD_NODES, play  # noqa: E402
from solver.limits import Limits  # noqa: E402

# name: the rules (the published figures' rule sets: casino and vegas; draw 3 with
# unlimited passes, the thoughtful-solitaire papers' game)
MODES = {"casino": make_rules("casino"), "vegas": make_rules("vegas"),
         "standard3": make_rules("standard", draw=3)}
OPTIMUM_NODES = 20_000_000  # the clairvoyant solve's cap (a deal past it is marked not proven)


def one_deal(mode: str, seed: int, players, samples, world_nodes, objective: str) -> dict:
    rules = MODES[mode]
    deal = KlondikeDeal.from_seed(seed)
    best = solve(deal, rules, first_win=rules.unlimited, limits=Limits(max_nodes=OPTIMUM_NODES, threads=1))
    out = {"seed": seed, "optimum": best.max_foundation, "proven": best.exact or bool(best.solvable)}
    for name in players:
        start = time.process_time()
        game = play(deal, rules, player=name, samples=samples, max_nodes=world_nodes, objective=objective,
                    optimum=False)
        out[name] = {"home": game.foundation, "cpu": time.process_time() - start, "decisions": game.decisions}
    return out


def figures(rows, key) -> dict:
    homes = [r[key]["home"] if key != "optimum" else r["optimum"] for r in rows]
    won = sum(h == 52 for h in homes)
    n = len(homes)
    vegas = [5 * h - 52 for h in homes]
    out = {"mean_home": statistics.mean(homes), "mean_home_ci95": mean_ci(homes), "won": won,
           "win_share": won / n, "win_wilson95": wilson(won, n), "mean_vegas": statistics.mean(vegas),
           "mean_vegas_ci95": mean_ci(vegas)}
    if key != "optimum":
        cpu = [r[key]["cpu"] for r in rows]
        cost = [r["optimum"] - r[key]["home"] for r in rows]
        out.update(cpu_median_s=statistics.median(cpu), cpu_p90_s=quantile(cpu, 0.9), cpu_max_s=max(cpu),
                   value_of_information=statistics.mean(cost))
    return out


def settings(args) -> str:
    """The search players' budgets, as the heading states them."""
    if args.samples or args.world_nodes:
        return f"search players {args.samples or 'default'} worlds, {args.world_nodes or 'default'} nodes a world"
    return (f"search and plans {DEFAULT_SAMPLES} worlds a choice at {WORLD_NODES:,} nodes a world, bandit "
            f"{BANDIT_SAMPLES} worlds for the chosen plan at {BANDIT_NODES:,}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1001-1100")
    ap.add_argument("--modes", default="casino")
    ap.add_argument("--players", default="greedy,search,plans")
    ap.add_argument("--samples", type=int, default=None)
    ap.add_argument("--world-nodes", type=int, default=None)
    ap.add_argument("--objective", default="cards", choices=("cards", "win"))
    ap.add_argument("--workers", type=int, default=os.cpu_count())
    ap.add_argument("--name", default="klondike-play")
    args = ap.parse_args()
    seeds, players = parse_range(args.seeds), args.players.split(",")
    speed = speed_reference_ms()
    data = {"machine": machine(), "seeds": args.seeds, "samples": args.samples, "world_nodes": args.world_nodes,
            "objective": args.objective, "modes": {}}
    table = ["| rules | who | deals | won (95% CI) | cards home (95% CI) | Vegas a deal (95% CI) | "
             "value of information | CPU s a game: median / p90 / max |", "|---|---|---|---|---|---|---|---|"]
    losses = []
    with cf.ProcessPoolExecutor(max_workers=args.workers) as ex:
        for mode in args.modes.split(","):
            n = len(seeds)
            rows = list(ex.map(one_deal, [mode] * n, seeds, [players] * n, [args.samples] * n,
                               [args.world_nodes] * n, [args.objective] * n, chunksize=4))
            result = {"optimum": figures(rows, "optimum")}
            result.update({p: figures(rows, p) for p in players})
            data["modes"][mode] = {"rules": MODES[mode].to_json(), "figures": result, "deals": rows}
            for who, f in result.items():
                home, won, vegas = f["mean_home_ci95"], f["win_wilson95"], f["mean_vegas_ci95"]
                cpu = (f"{f['cpu_median_s']:.2f} / {f['cpu_p90_s']:.2f} / {f['cpu_max_s']:.2f}"
                       if who != "optimum" else "-")
                voi = f"{f['value_of_information']:.2f}" if who != "optimum" else "-"
                table.append(f"| {mode} | {who} | {n} | {100 * f['win_share']:.1f}% ({100 * won[0]:.1f}-"
                             f"{100 * won[1]:.1f}) | {f['mean_home']:.2f} ({home[0]:.2f}-{home[1]:.2f}) | "
                             f"{f['mean_vegas']:+.1f} ({vegas[0]:+.1f} - {vegas[1]:+.1f}) | {voi} | {cpu} |")
            print("\n".join(table[-len(result):]), flush=True)
            best = next((p for p in ("bandit", "search") if p in players), players[-1])
            worst = sorted(rows, key=lambda r: r[best]["home"] - r["optimum"])[:10]
            losses.append(f"\n## {mode}: the deals where {best} lost the most cards against the optimum\n\n"
                          "| seed | optimum | " + " | ".join(players) + " |\n|---|---|" + "---|" * len(players) + "\n"
                          + "\n".join(f"| {r['seed']} | {r['optimum']} | " +
                                      " | ".join(str(r[p]["home"]) for p in players) + " |" for r in worst))
    text = (f"# Klondike, the real game (seeds {args.seeds}; {settings(args)}; objective {args.objective})\n\n"
            + "\n".join(table) + "\n" + "\n".join(losses) + "\n")
    write_results(args.name, data, text, speed_before_ms=speed)


if __name__ == "__main__":
    main()
