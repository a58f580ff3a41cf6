"""Poker Squares benchmark: proven optima over a fixed set of card orders.

    python benchmarks/poker.py [--seeds 1-200] [--timeout 60] [--cases english,american] [--name poker]

For each case (a table and variants) and seed: the optimum, whether CP-SAT proved
it, and the seconds.  Per case: median / p90 / max seconds, proven share, mean
score, the share reaching the book's win.  Writes benchmarks/results/NAME.{json,md}
(--name, default poker: give the variants' runs their own name).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import machine, quantile, speed_reference_ms, write_results  # noqa: E402
from solver.limits import Limits  # noqa: E402
from solver.poker import PokerRules, order_from_seed, solve  # noqa: E402

CASES = {
    "english": dict(table="english"),
    "american": dict(table="american"),
    "english-diagonals": dict(table="english", diagonals=True),
    "american-diagonals": dict(table="american", diagonals=True),
    "english-adjacent": dict(table="english", adjacent=True),
    "swedish-rows-only": dict(table="swedish", rows_only=True),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1-200")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--cases", default="english,american")
    ap.add_argument("--workers", type=int, default=0)
    ap.add_argument("--name", default="poker", help="results file name under benchmarks/results/")
    args = ap.parse_args()
    speed_before = speed_reference_ms()
    lo, hi = (int(x) for x in args.seeds.split("-"))
    data = {"machine": machine(), "seeds": args.seeds, "timeout_s": args.timeout, "cases": {}}
    lines = [f"Poker Squares, seeds {args.seeds}, {args.timeout:g} s limit, {machine()['cpus']} CPUs, "
             f"{machine()['date']}", "",
             "| case | orders | median s | p90 s | max s | proven | mean score | wins |",
             "|---|---|---|---|---|---|---|---|"]
    for name in args.cases.split(","):
        options = dict(CASES[name])
        rules = PokerRules.make(options.pop("table"), **options)
        rows = []
        for seed in range(lo, hi + 1):
            r = solve(order_from_seed(seed, rules), rules, limits=Limits(timeout=args.timeout, threads=args.workers))
            rows.append({"seed": seed, "score": r.score, "bound": r.bound, "proven": r.proven,
                         "seconds": r.stats.seconds, "won": r.won})
            print(name, seed, r.score, r.proven, round(r.stats.seconds, 2), flush=True)
        secs = [r["seconds"] for r in rows]
        s = {"orders": len(rows), "median_s": statistics.median(secs), "p90_s": quantile(secs, 0.9),
             "max_s": max(secs), "proven": sum(r["proven"] for r in rows),
             "mean_score": statistics.mean(r["score"] for r in rows),
             "wins": sum(bool(r["won"]) for r in rows)}
        data["cases"][name] = {"rules": rules.to_json(), "summary": s, "orders": rows}
        lines.append(f"| {name} | {s['orders']} | {s['median_s']:.2f} | {s['p90_s']:.2f} | {s['max_s']:.2f} | "
                     f"{s['proven']}/{s['orders']} | {s['mean_score']:.1f} | {s['wins']} |")
    write_results(args.name, data, "\n".join(lines) + "\n", speed_before)


if __name__ == "__main__":
    main()
