"""What a memory budget costs: the hardest deals solved under smaller and smaller tables.

    python benchmarks/klondike_memory.py [--pysol 33960,33576,...] [--mode standard]
                                         [--budgets none,1G,256M,64M] [--timeout 200]
                                         [--threads 1]

A full table forgets the positions whose searches were smallest and the search goes on
(search.hpp, shared_table.hpp, docs/PROOFS.md E7): the answer stays proven, and the
positions forgotten are searched again where met.  Per deal and budget, on --threads
threads (one by default): the most cards home, whether it
is proven, nodes, seconds, positions forgotten and the table's peak size, beside the
same deal with no budget to speak of ("none": 16 GB).  The default deals are the
slowest PySolFC game numbers of 32000-33999 under standard rules (issue 38).  Writes
benchmarks/results/<--name>.{json,md}.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import machine, speed_reference_ms, write_results  # noqa: E402
from solver.klondike import KlondikeDeal, make_rules, solve  # noqa: E402
from solver.limits import Limits, parse_memory  # noqa: E402

DEALS = "32918,33960,33576,33443,32785,33526"
UNBOUNDED = 16 << 30


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pysol", default=DEALS, help="PySolFC game numbers, comma separated")
    ap.add_argument("--mode", default="standard")
    ap.add_argument("--budgets", default="none,1G,256M,64M")
    ap.add_argument("--timeout", type=float, default=200.0, help="seconds per solve (default 200)")
    ap.add_argument("--threads", type=int, default=1, help="search threads (default 1)")
    ap.add_argument("--name", default="klondike-memory")
    args = ap.parse_args()
    rules = make_rules(args.mode)
    budgets = [(b, UNBOUNDED if b == "none" else parse_memory(b)) for b in args.budgets.split(",")]
    speed = speed_reference_ms()
    rows = []
    for number in [int(n) for n in args.pysol.split(",")]:
        deal = KlondikeDeal.from_pysol_number(number)
        for label, memory in budgets:
            start = time.perf_counter()
            r = solve(deal, rules, limits=Limits(threads=args.threads, timeout=args.timeout, max_memory=memory))
            rows.append({"pysol": number, "budget": label, "best": r.max_foundation, "proven": r.proven,
                         "stop_reason": str(r.stop_reason.value), "nodes": r.stats.nodes,
                         "seconds": time.perf_counter() - start, "forgotten": r.stats.forgotten or 0,
                         "table_mb": r.stats.table_bytes / 2**20, "threads": r.stats.threads})
            print(rows[-1], flush=True)
    threads = "one thread" if args.threads == 1 else f"{args.threads} threads"
    table = (f"# Klondike under a memory budget\n\n{rules.describe()}; {threads}; each solve stopped after "
             f"{args.timeout:g} s.  \"none\": a 16 GB budget, never reached.\n\n"
             "| PySolFC game | budget | most cards home | proven | nodes | seconds | forgotten | table MB |\n"
             "|---|---|---|---|---|---|---|---|\n")
    for r in rows:
        table += (f"| {r['pysol']} | {r['budget']} | {r['best']} | {'yes' if r['proven'] else r['stop_reason']} | "
                  f"{r['nodes']:,} | {r['seconds']:.1f} | {r['forgotten']:,} | {r['table_mb']:.0f} |\n")
    write_results(args.name, {"machine": machine(), "rules": rules.describe(), "timeout": args.timeout,
                              "threads": args.threads, "rows": rows},
                  table, speed)


if __name__ == "__main__":
    main()
