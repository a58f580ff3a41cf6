"""The real game of Golf: players who do not see the stock's order, against the optimum.

    python benchmarks/golf_play.py [--seeds 1-2000] [--variants basic,wrap,...]
                                   [--players greedy,search] [--samples 8] [--workers 2]

Per variant and player, over the same deals: the share of holes cleared and the mean
score, each with its 95% interval, beside the clairvoyant optimum of the same deals
(the exact minimal score with the order known), the mean value of information (the
player's score less the optimum), and the CPU seconds a hole takes (the player's own
choices; the optimum's solve apart).  The search player runs under a count budget
(--samples worlds per choice, a node count per world), so its games are the same on
any machine.  Deals spread over --workers processes.  Writes
benchmarks/results/golf-play.{json,md}.
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
from golf import VARIANTS  # noqa: E402
from solver.batch.specs import parse_range  # noqa: E402
from solver.batch.summary import mean_ci, wilson  # noqa: E402
from solver.golf import GolfDeal, solve  # noqa: E402
from solver.golf.real import WORLD_NODES, play  # noqa: E402
from solver.limits import Limits  # noqa: E402


def one_deal(variant: str, seed: int, players, samples: int) -> dict:
    rules = VARIANTS[variant]
    deal = GolfDeal.from_seed(seed, rules)
    best = solve(deal, rules, limits=Limits(threads=1))
    out = {"seed": seed, "optimum": best.best_score, "proven": best.proven}
    for name in players:
        start = time.process_time()
        hole = play(deal, rules, player=name, samples=samples, optimum=False)
        out[name] = {"score": hole.score, "cpu": time.process_time() - start, "decisions": hole.decisions}
    return out


def figures(rows, key) -> dict:
    scores = [r[key]["score"] if key != "optimum" else r["optimum"] for r in rows]
    cleared = sum(s <= 0 for s in scores)
    n = len(scores)
    out = {"mean_score": statistics.mean(scores), "mean_ci95": mean_ci(scores), "cleared": cleared,
           "clear_share": cleared / n, "clear_wilson95": wilson(cleared, n)}
    if key != "optimum":
        cpu = [r[key]["cpu"] for r in rows]
        cost = [r[key]["score"] - r["optimum"] for r in rows]
        out.update(cpu_median_s=statistics.median(cpu), cpu_p90_s=quantile(cpu, 0.9), cpu_max_s=max(cpu),
                   value_of_information=statistics.mean(cost))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1-2000")
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--players", default="greedy,search")
    ap.add_argument("--samples", type=int, default=8)
    ap.add_argument("--workers", type=int, default=os.cpu_count())
    ap.add_argument("--name", default="golf-play")
    args = ap.parse_args()
    seeds, players = parse_range(args.seeds), args.players.split(",")
    speed = speed_reference_ms()
    data = {"machine": machine(), "seeds": args.seeds, "samples": args.samples, "world_nodes": WORLD_NODES,
            "variants": {}}
    table = ["| variant | who | deals | cleared (95% CI) | mean score (95% CI) | value of information | "
             "CPU s a hole: median / p90 / max |", "|---|---|---|---|---|---|---|"]
    with cf.ProcessPoolExecutor(max_workers=args.workers) as ex:
        for variant in args.variants.split(","):
            rows = list(ex.map(one_deal, [variant] * len(seeds), seeds, [players] * len(seeds),
                               [args.samples] * len(seeds), chunksize=8))
            result = {"optimum": figures(rows, "optimum")}
            result.update({p: figures(rows, p) for p in players})
            data["variants"][variant] = {"figures": result, "deals": rows}
            for who, f in result.items():
                ci, clear = f["mean_ci95"], f["clear_wilson95"]
                cpu = (f"{f['cpu_median_s']:.2f} / {f['cpu_p90_s']:.2f} / {f['cpu_max_s']:.2f}"
                       if who != "optimum" else "-")
                voi = f"{f['value_of_information']:.2f}" if who != "optimum" else "-"
                table.append(f"| {variant} | {who} | {len(rows)} | {100 * f['clear_share']:.1f}% ({100 * clear[0]:.1f}"
                             f"-{100 * clear[1]:.1f}) | {f['mean_score']:.2f} ({ci[0]:.2f}-{ci[1]:.2f}) | {voi} | "
                             f"{cpu} |")
            # Written after every variant: a long run stopped part-way keeps what it did.
            text = (f"# Golf, the real game (seeds {args.seeds}, search player {args.samples} samples a choice, "
                    f"{WORLD_NODES:,} nodes a world)\n\n" + "\n".join(table) + "\n")
            write_results(args.name, data, text, speed_before_ms=speed)


if __name__ == "__main__":
    main()
