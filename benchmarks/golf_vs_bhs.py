"""Golf against black-hole-solver, deal by deal, in CPU time on one thread.

    python benchmarks/golf_vs_bhs.py --bhs-build DIR --bhs-source DIR [--seeds 1-200]
                                     [--variants wrap,basic,queen-on-king] [--repeat 3]

black-hole-solver (github.com/shlomif/black-hole-solitaire, its c-solver built with
cmake) answers "can the tableau be cleared?" and stops at the first clear; patiens
answers that with --first-clear, and by default proves the minimal score (the most
stock left at a clear), a larger search.  --bhs-build is the folder holding
libblack_hole_solver.so, --bhs-source the c-solver folder (its include/).  The
script compiles bhs_time.c (beside it) against them, times each deal's solve through
the library (reading the board, set-up and run; the least of --repeat), and times
ours in-process the same way (the whole `solve()` call, Python included).  The verdicts
must agree on every deal (exit 1 otherwise).  Writes results/golf-vs-bhs.{json,md}.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import HERE, machine, quantile, speed_reference_ms, write_results  # noqa: E402
from solver.batch.specs import parse_range  # noqa: E402
from solver.golf import GolfDeal, GolfRules, solve  # noqa: E402
from solver.limits import Limits  # noqa: E402

# The variants both programs play, with black-hole-solver's options for them.
VARIANTS = {
    "wrap": (GolfRules(wrap=True), ["--wrap"]),
    "basic": (GolfRules(), []),
    "queen-on-king": (GolfRules(queen_on_king=True), ["--queens-on-kings"]),
}


def build_timer(build: str, source: str, folder: str) -> str:
    exe = os.path.join(folder, "bhs_time")
    subprocess.run(["gcc", "-O2", "-o", exe, os.path.join(HERE, "bhs_time.c"), "-I", os.path.join(source, "include"),
                    "-L", build, "-lblack_hole_solver", f"-Wl,-rpath,{os.path.abspath(build)}"], check=True)
    return exe


def time_bhs(exe: str, options: list, files: list, repeat: int) -> list:
    """(cleared, states, cpu seconds) per file."""
    out = subprocess.run([exe, *options, "--repeat", str(repeat), *files], check=True, capture_output=True,
                         text=True).stdout.split("\n")
    rows = [line.split() for line in out if line.strip()]
    return [(r[1] == "cleared", int(r[2]), float(r[3]) / 1000) for r in rows]


def time_ours(deal: GolfDeal, first_clear: bool, repeat: int):
    """(cleared, nodes, least cpu seconds) of our solve, one thread."""
    least, result = None, None
    for _ in range(repeat):
        start = time.process_time()
        result = solve(deal, first_clear=first_clear, limits=Limits(threads=1))
        took = time.process_time() - start
        least = took if least is None else min(least, took)
    assert result.proven
    return bool(result.solvable), result.stats.nodes, least


def figures(rows: list) -> dict:
    seconds = [r[2] for r in rows]
    return {"deals": len(rows), "cleared": sum(r[0] for r in rows), "median_ms": statistics.median(seconds) * 1000,
            "p90_ms": quantile(seconds, 0.9) * 1000, "max_ms": max(seconds) * 1000, "total_ms": sum(seconds) * 1000,
            "median_positions": statistics.median(r[1] for r in rows)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bhs-build", required=True, help="the folder with libblack_hole_solver.so")
    ap.add_argument("--bhs-source", required=True, help="black-hole-solver's c-solver folder (for include/)")
    ap.add_argument("--seeds", default="1-200")
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--repeat", type=int, default=3, help="solves of each deal, the least CPU time kept (default 3)")
    args = ap.parse_args()
    seeds = parse_range(args.seeds)
    speed_before = speed_reference_ms()
    data = {"machine": machine(), "seeds": args.seeds, "repeat": args.repeat, "variants": {}}
    table = [f"# Golf: patiens against black-hole-solver ({len(seeds)} deals, seeds {args.seeds}; one thread, "
             f"CPU time, least of {args.repeat} solves a deal)", "",
             "| variant | solver: question | cleared | median ms | p90 ms | max ms | total ms | median positions |",
             "|---|---|---|---|---|---|---|---|"]
    disagreements = []
    with tempfile.TemporaryDirectory() as folder:
        exe = build_timer(args.bhs_build, args.bhs_source, folder)
        for name in args.variants.split(","):
            rules, options = VARIANTS[name]
            deals = [GolfDeal.from_seed(seed, rules) for seed in seeds]
            files = []
            for seed, deal in zip(seeds, deals):
                path = os.path.join(folder, f"{name}-{seed}.txt")
                with open(path, "w", encoding="utf-8") as f:
                    f.write(deal.to_pysol())
                files.append(path)
            runs = {"black-hole-solver: can it be cleared?": time_bhs(exe, options, files, args.repeat),
                    "patiens --first-clear: can it be cleared?": [time_ours(d, True, args.repeat) for d in deals],
                    "patiens: the proven minimal score": [time_ours(d, False, args.repeat) for d in deals]}
            verdicts = [[r[0] for r in rows] for rows in runs.values()]
            disagreements += [(name, seed) for seed, *v in zip(seeds, *verdicts) if len(set(v)) > 1]
            data["variants"][name] = {}
            for label, rows in runs.items():
                f = figures(rows)
                data["variants"][name][label] = dict(f, per_deal=[[s, *r] for s, r in zip(seeds, rows)])
                table.append(f"| {name} | {label} | {f['cleared']} | {f['median_ms']:.2f} | {f['p90_ms']:.2f} | "
                             f"{f['max_ms']:.0f} | {f['total_ms']:.0f} | {f['median_positions']:.0f} |")
    data["disagreements"] = disagreements
    table += ["", "Positions: black-hole-solver's states checked, our search's nodes.  Verdicts disagree on "
              f"{len(disagreements)} deal(s){': ' + str(disagreements) if disagreements else ''}."]
    write_results("golf-vs-bhs", data, "\n".join(table) + "\n", speed_before)
    sys.exit(1 if disagreements else 0)


if __name__ == "__main__":
    main()
