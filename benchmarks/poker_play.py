"""Poker Squares, the real game: players who do not see ahead, against the optimum.

    python benchmarks/poker_play.py [--seeds 1-1000] [--tables english,american]
                                    [--players greedy,values,search] [--rollouts 50] [--workers 2]
                                    [--optimum-timeout 60] [--optimum-from benchmarks/results/poker-play.json]

Per table and player, over the same card orders: the mean score with its 95%
interval, the share reaching the book's win (200 American, 70 English) with its
Wilson interval, the mean as a share of the clairvoyant optimum's (CP-SAT, one worker,
--optimum-timeout seconds an order), and the seconds of decisions a game.  The search
player runs under a count budget (--rollouts rounds a card), so its games are the
same on any machine; the values player's start-up learning is not in its seconds.
--optimum-from takes each order's optimum from an earlier results file where it was
proven there (the optimum is a fact of the order), solving only the rest.  Writes
benchmarks/results/poker-play.{json,md}.
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import machine, quantile, speed_reference_ms, write_results  # noqa: E402
from solver.batch.specs import parse_range  # noqa: E402
from solver.batch.summary import mean_ci, wilson  # noqa: E402
from solver.limits import Limits  # noqa: E402
from solver.poker import PokerRules, order_from_seed, solve  # noqa: E402
from solver.poker.hands import WIN_SCORES  # noqa: E402
from solver.poker.real import play  # noqa: E402


def one_order(table: str, seed: int, players, rollouts: int, timeout: float, known) -> dict:
    rules = PokerRules.make(table)
    order = order_from_seed(seed, rules)
    if known is None:
        best = solve(order, rules, limits=Limits(timeout=timeout, threads=1))
        known = {"optimum": best.score, "proven": best.proven}
    out = {"seed": seed, "optimum": known["optimum"], "proven": known["proven"]}
    for name in players:
        game = play(order, rules, player=name, rollouts=rollouts, optimum=False)
        out[name] = {"score": game.score, "seconds": game.seconds}
    return out


def figures(rows, key, win) -> dict:
    scores = [r["optimum"] if key == "optimum" else r[key]["score"] for r in rows]
    won = sum(s >= win for s in scores)
    out = {"mean_score": statistics.mean(scores), "mean_ci95": mean_ci(scores), "won": won,
           "win_share": won / len(scores), "win_wilson95": wilson(won, len(scores))}
    if key != "optimum":
        secs = [r[key]["seconds"] for r in rows]
        out.update(share_of_optimum=out["mean_score"] / statistics.mean(r["optimum"] for r in rows),
                   seconds_median=statistics.median(secs), seconds_p90=quantile(secs, 0.9), seconds_max=max(secs))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1-1000")
    ap.add_argument("--tables", default="english,american")
    ap.add_argument("--players", default="greedy,values,search")
    ap.add_argument("--optimum-from", metavar="FILE.json")
    ap.add_argument("--rollouts", type=int, default=50)
    ap.add_argument("--optimum-timeout", type=float, default=60.0)
    ap.add_argument("--workers", type=int, default=os.cpu_count())
    ap.add_argument("--name", default="poker-play")
    args = ap.parse_args()
    seeds, players = parse_range(args.seeds), args.players.split(",")
    speed = speed_reference_ms()
    data = {"machine": machine(), "seeds": args.seeds, "rollouts": args.rollouts, "tables": {}}
    table = ["| table | who | orders | mean score (95% CI) | of the optimum | the book's win (95% CI) | "
             "seconds a game: median / p90 / max |", "|---|---|---|---|---|---|---|"]
    earlier = json.load(open(args.optimum_from)) if args.optimum_from else {"tables": {}}
    with cf.ProcessPoolExecutor(max_workers=args.workers) as ex:
        for name in args.tables.split(","):
            n = len(seeds)
            proven = {r["seed"]: {"optimum": r["optimum"], "proven": True}
                      for r in earlier["tables"].get(name, {}).get("orders", []) if r["proven"]}
            rows = list(ex.map(one_order, [name] * n, seeds, [players] * n, [args.rollouts] * n,
                               [args.optimum_timeout] * n, [proven.get(s) for s in seeds], chunksize=4))
            win = WIN_SCORES[name]
            result = {"optimum": figures(rows, "optimum", win)}
            result.update({p: figures(rows, p, win) for p in players})
            data["tables"][name] = {"figures": result, "orders": rows,
                                    "optimum_proven": sum(r["proven"] for r in rows)}
            for who, f in result.items():
                ci, w = f["mean_ci95"], f["win_wilson95"]
                share = f"{100 * f['share_of_optimum']:.1f}%" if who != "optimum" else "100%"
                secs = (f"{f['seconds_median']:.2f} / {f['seconds_p90']:.2f} / {f['seconds_max']:.2f}"
                        if who != "optimum" else "-")
                table.append(f"| {name} | {who} | {n} | {f['mean_score']:.1f} ({ci[0]:.1f}-{ci[1]:.1f}) | {share} | "
                             f"{100 * f['win_share']:.1f}% ({100 * w[0]:.1f}-{100 * w[1]:.1f}) | {secs} |")
            print("\n".join(table[-len(result):]), flush=True)
    text = (f"# Poker Squares, the real game (seeds {args.seeds}, search player {args.rollouts} rollout rounds "
            "a card)\n\n" + "\n".join(table) + "\n")
    write_results(args.name, data, text, speed_before_ms=speed)


if __name__ == "__main__":
    main()
