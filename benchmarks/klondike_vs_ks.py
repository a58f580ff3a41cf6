"""Our verdicts against Klondike-Solver's on its own game numbers.

    python benchmarks/klondike_vs_ks.py --ks PATH/KlondikeSolver [--games 1-100] [--draw 1]
                                        [--states 3000000] [--timeout 60]

Klondike-Solver (github.com/ShootMe/Klondike-Solver: build it with its Makefile) plays
draw 1 or 3 with unlimited passes and foundation cards coming back, our `standard`
rules.  Per game: its verdict in its fast mode (solved, impossible, or unknown past
--states), ours (`--first-win`, one thread, --timeout seconds), and the time of each.
A game it solves that we call lost, or one it calls impossible that we win, is a
disagreement: listed, and the run exits 1.  Writes benchmarks/results/<--name>.{json,md}.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import machine, write_results  # noqa: E402
from solver.batch.specs import parse_range  # noqa: E402
from solver.klondike import KlondikeDeal, make_rules, solve  # noqa: E402
from solver.limits import Limits  # noqa: E402


def theirs(ks: str, game: int, draw: int, states: int, timeout: float) -> tuple:
    start = time.perf_counter()
    try:
        out = subprocess.run([ks, "/G", str(game), "/DC", str(draw), "/O", "2", "/F", "/S", str(states)],
                             capture_output=True, text=True, timeout=timeout).stdout
    except subprocess.TimeoutExpired:
        return "unknown", timeout
    seconds = time.perf_counter() - start
    if re.search(r"^(Minimal solution|Solved) in", out, re.M):
        return "won", seconds
    return ("lost" if re.search(r"^Impossible", out, re.M) else "unknown"), seconds


def ours(game: int, draw: int, timeout: float) -> tuple:
    r = solve(KlondikeDeal.from_ks_game(game), make_rules("standard", draw=draw), first_win=True,
              limits=Limits(threads=1, timeout=timeout))
    return ("won" if r.solvable else "lost" if r.solvable is False else "unknown"), r.stats.seconds


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ks", required=True, help="the KlondikeSolver program")
    ap.add_argument("--games", default="1-100")
    ap.add_argument("--draw", type=int, default=1, choices=[1, 3])
    ap.add_argument("--states", type=int, default=3_000_000)
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--name", default="klondike-vs-ks")
    args = ap.parse_args()
    rows = []
    for game in parse_range(args.games):
        their, their_s = theirs(args.ks, game, args.draw, args.states, args.timeout)
        our, our_s = ours(game, args.draw, args.timeout)
        rows.append({"game": game, "ks": their, "ks_seconds": their_s, "ours": our, "our_seconds": our_s})
        print(rows[-1], flush=True)
    bad = [r for r in rows if {r["ks"], r["ours"]} == {"won", "lost"}]
    count = lambda who, what: sum(r[who] == what for r in rows)  # noqa: E731
    table = (f"# Klondike: our verdicts against Klondike-Solver's\n\nIts game numbers {args.games}, draw {args.draw}, "
             f"unlimited passes (our `standard`).  Klondike-Solver in its fast mode, stopped past {args.states:,} "
             f"states; ours `--first-win` on one thread; each stopped after {args.timeout:g} s.\n\n"
             "| | won | lost | unknown | total seconds |\n|---|---|---|---|---|\n"
             f"| Klondike-Solver | {count('ks', 'won')} | {count('ks', 'lost')} | {count('ks', 'unknown')} | "
             f"{sum(r['ks_seconds'] for r in rows):.1f} |\n"
             f"| patiens | {count('ours', 'won')} | {count('ours', 'lost')} | {count('ours', 'unknown')} | "
             f"{sum(r['our_seconds'] for r in rows):.1f} |\n\n"
             f"Disagreements (one says won, the other lost): {len(bad)}"
             + "".join(f"\n* game {r['game']}: Klondike-Solver {r['ks']}, patiens {r['ours']}" for r in bad) + "\n")
    unknown_to_ks = [r["game"] for r in rows if r["ks"] == "unknown"]
    if unknown_to_ks:
        table += ("\nGames Klondike-Solver left unknown, with our verdict: "
                  + ", ".join(f"{r['game']} ({r['ours']})" for r in rows if r["ks"] == "unknown") + "\n")
    write_results(args.name, {"machine": machine(), "games": args.games, "draw": args.draw, "states": args.states,
                              "rows": rows}, table)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
