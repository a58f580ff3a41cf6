"""Klondike benchmark: the solver over a fixed deal set, one row per rule set.

    python benchmarks/klondike.py [--set deals/klondike/seeds-1-200.jsonl] [--timeout 10]
                                  [--modes casino,vegas,app,standard] [--threads 1,2] [--pyksolve]

Per deal: nodes, seconds, max foundation, won, proven.  Per rule set: median /
p90 / max seconds, nodes per second, winnable count, mean max foundation,
deals not proven within the time limit; each rule set once per search thread
count of --threads (the deals one after another, each on that many threads).  With --pyksolve, pyksolve (a wrapper of
Klondike-Solver, `pip install .[bench]`) answers "winnable?" for the same deals in
the one mode it plays (draw 1, unlimited passes, worry back allowed) beside our
--first-win search, and the ratio of the medians is reported.
Writes benchmarks/results/klondike.json and klondike.md.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from dataclasses import replace

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import (  # noqa: E402,E501
    DEALS,
    TABLE_HEAD,
    fmt_row,
    load_jsonl,
    machine,
    speed_reference_ms,
    thread_label,
    time_summary,
    write_results,
)
from solver.klondike import KlondikeDeal, make_rules, solve  # noqa: E402
from solver.limits import Limits  # noqa: E402


def run_mode(deals, rules, limits, first_win=False):
    rows = []
    for item in deals:
        r = solve(item["deal"], rules, first_win=first_win, limits=limits)
        rows.append({"id": item["id"], "nodes": r.stats.nodes, "seconds": r.stats.seconds,
                     "max_foundation": r.max_foundation, "won": bool(r.solvable), "solvable": r.solvable,
                     "proven": r.proven, "stop": str(r.stop_reason)})
    return rows


def summarize(rows):
    s = time_summary([r["seconds"] for r in rows], [r["nodes"] for r in rows])
    s["winnable"] = sum(r["won"] for r in rows)
    s["not_proven"] = sum(not r["proven"] for r in rows)
    s["mean_max_foundation"] = statistics.mean(r["max_foundation"] for r in rows)
    return s


def pyksolve_rows(deals, max_states):
    import pyksolve.solver as ks
    rows = []
    for item in deals:
        s = ks.Solitaire()
        # Klondike-Solver's LoadPysol refuses texts under 211 characters: pad with blanks.
        if not s.load_pysol(item["deal"].to_pysol() + " " * 16):
            raise RuntimeError(f"pyksolve could not read {item['id']}")
        s.reset_game(1)
        t = time.perf_counter()
        result = s.solve_fast(max_closed_count=max_states)
        seconds = time.perf_counter() - t
        rows.append({"id": item["id"], "seconds": seconds, "result": result.name,
                     "solvable": {1: True, -1: True, 0: False}.get(result.value)})
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", default=os.path.join(DEALS, "klondike", "seeds-1-200.jsonl"))
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per deal (default 10)")
    ap.add_argument("--modes", default="casino,vegas,app,standard")
    ap.add_argument("--threads", default="1,2", help="search thread counts, one row each (default 1,2)")
    ap.add_argument("--no-worry-back", action="store_true")
    ap.add_argument("--pyksolve", action="store_true", help="compare with pyksolve (draw 1, unlimited passes)")
    ap.add_argument("--pyksolve-states", type=int, default=5_000_000)
    ap.add_argument("--limit", type=int, default=0, help="only the first N deals")
    ap.add_argument("--name", default="klondike")
    args = ap.parse_args()
    speed_before = speed_reference_ms()

    deals = [{"id": d["id"], "deal": KlondikeDeal.parse(d["deal"])} for d in load_jsonl(args.set)]
    if args.limit:
        deals = deals[:args.limit]
    limits = Limits(timeout=args.timeout)
    data = {"machine": machine(), "set": os.path.relpath(args.set), "timeout_s": args.timeout, "modes": {}}
    lines = [f"Klondike, {len(deals)} deals of {os.path.basename(args.set)}, {args.timeout:g} s limit per deal, "
             f"{machine()['cpus']} CPUs, {machine()['date']}", "", TABLE_HEAD]
    # Each mode on every thread count in turn: a machine slowing down or speeding up
    # part way through shows in all of them alike.
    for mode in args.modes.split(","):
        rules = make_rules(mode, worry_back=not args.no_worry_back)
        for threads in map(int, args.threads.split(",")):
            rows = run_mode(deals, rules, replace(limits, threads=threads))
            s = summarize(rows)
            key, label = thread_label(mode, threads)
            data["modes"][key] = {"rules": rules.to_json(), "threads": threads, "summary": s, "deals": rows}
            lines.append(fmt_row(f"{mode} max foundation ({rules.describe()}){label}", s,
                                 f"winnable {s['winnable']}, mean max foundation {s['mean_max_foundation']:.2f}, "
                                 f"not proven {s['not_proven']}"))
    if args.pyksolve:
        rules = make_rules("standard")
        ours = run_mode(deals, rules, limits, first_win=True)
        theirs = pyksolve_rows(deals, args.pyksolve_states)
        so = summarize(ours)
        st = {"deals": len(theirs), "median_s": statistics.median(r["seconds"] for r in theirs),
              "max_s": max(r["seconds"] for r in theirs)}
        agree = sum(a["solvable"] == b["solvable"] for a, b in zip(ours, theirs))
        disagree = [(a["id"], a["solvable"], b["result"])
                    for a, b in zip(ours, theirs) if a["solvable"] != b["solvable"]]
        ratio = st["median_s"] / so["median_s"] if so["median_s"] else float("inf")
        data["pyksolve"] = {"ours_first_win": {"summary": so, "deals": ours},
                            "pyksolve": {"summary": st, "deals": theirs},
                            "agree": agree, "differ": disagree, "median_ratio": ratio}
        lines.append(fmt_row("standard first-win (ours)", so,
                             f"winnable {so['winnable']}, not proven {so['not_proven']}"))
        lines.append(f"| standard solve_fast (pyksolve) | {st['deals']} | {st['median_s'] * 1000:.1f} | | "
                     f"{st['max_s'] * 1000:.0f} | | | median ratio pyksolve/ours = {ratio:.0f}x |")
        lines += ["", f"Same verdict on {agree} of {len(deals)} deals; the others (ours, pyksolve): {disagree}"]
    write_results(args.name, data, "\n".join(lines) + "\n", speed_before)


if __name__ == "__main__":
    main()
