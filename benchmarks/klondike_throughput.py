"""Deals per CPU-second at scale: `patiens analyse klondike` over many seeds, as a user runs it.

    python benchmarks/klondike_throughput.py [--seeds 1-100000 | --pysol 32000-41999] [--mode casino] [--draw 3]
                                             [--first-win] [--timeout 10] [--workers 0]
                                             [--name NAME]

The command runs as a child process (all local workers, one search thread each), so
the CPU time counted is everything: start-up, the workers, the batch's bookkeeping and
the results file.  Reported: wall time, CPU time (user + system of the command and its
workers), deals per CPU-second, every deal's search time (median, p99, max), PAR2 (a
deal a limit stopped counts twice the --timeout), how many were proven, the peak
memory of one process, and the slowest deals.  Issue 38's targets for casino rules:
every deal proven, max <= 10 s, at least 60 deals per CPU-second; for draw 3 with
unlimited passes (--mode standard --draw 3 --first-win): every deal decided, max <= 10 s;
for PySolFC's games 32000-41999 under standard rules, first-win and max foundation:
every deal decided, p99 <= 1 s, max <= 10 s, and every game of PySolFC's list of
winnable games won (--solvable-list deals/klondike/pysolfc-solvable-32000-41999.txt:
the verdicts are then set against the list).  Writes
benchmarks/results/<--name>.{json,md}; the per-deal records stay in a temporary folder.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import machine, quantile, speed_reference_ms, write_results  # noqa: E402


def run_command(args, out_path):
    """Runs the batch; returns (wall seconds, CPU seconds, peak RSS in MB) of it and its workers."""
    command = [sys.executable, "-c", "import cli; cli.main()", "analyse", "klondike", *options(args),
               "--workers", str(args.workers), "--out", out_path, "--quiet"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, after.ru_maxrss / 1024


def options(args):
    """The command's options that say what is asked (the title shows them)."""
    deals = ["--pysol", args.pysol] if args.pysol else ["--seeds", args.seeds]
    return (deals + ["--mode", args.mode] + (["--draw", str(args.draw)] if args.draw else []) +
            (["--first-win"] if args.first_win else []) + ["--timeout", f"{args.timeout:g}"])


def summary_of(records, timeout):
    seconds = [r["seconds"] for r in records]
    proven = [r for r in records if r.get("proven")]
    par2 = [r["seconds"] if r.get("proven") else 2 * timeout for r in records]
    slowest = sorted(records, key=lambda r: -r["seconds"])[:20]
    return {
        "deals": len(records), "proven": len(proven), "errors": sum(1 for r in records if r.get("error")),
        "winnable": sum(1 for r in records if r.get("solvable")),
        "median_s": statistics.median(seconds), "p99_s": quantile(seconds, 0.99), "max_s": max(seconds),
        "search_s": sum(seconds), "par2_s": sum(par2), "nodes": sum(r.get("nodes") or 0 for r in records),
        "slowest": [{"id": r["id"], "seconds": r["seconds"], "proven": r.get("proven"), "score": r.get("score")}
                    for r in slowest],
    }


def read_game_list(path):
    """Game numbers from a text file: separated by white space, `#` starting a comment."""
    numbers = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            numbers.update(int(token) for token in line.split("#", 1)[0].split())
    return numbers


def against_list(records, listed):
    """Our verdicts on PySolFC games against a list of games known winnable: the listed
    ones must all be won; unlisted ones may go either way (the list claims nothing)."""
    out = {"listed": 0, "listed_won": 0, "listed_lost": [], "listed_undecided": [],
           "unlisted_won": [], "unlisted_lost": 0, "unlisted_undecided": []}
    for r in records:
        game = r["n"]
        verdict = "won" if r.get("solvable") else "lost" if r.get("proven") else "undecided"
        if game in listed:
            out["listed"] += 1
            if verdict == "won":
                out["listed_won"] += 1
            else:
                out[f"listed_{verdict}"].append(game)
        elif verdict == "lost":
            out["unlisted_lost"] += 1
        else:
            out[f"unlisted_{verdict}"].append(game)
    return out


def list_sentence(a):
    def games(numbers):
        return ", ".join(str(n) for n in sorted(numbers)) or "none"
    return (f"Against the list ({a['listed']:,} listed games in this range): {a['listed_won']:,} won, "
            f"lost: {games(a['listed_lost'])}, undecided: {games(a['listed_undecided'])}.  "
            f"Not listed: {len(a['unlisted_won'])} won ({games(a['unlisted_won'])}), "
            f"{a['unlisted_lost']:,} lost, undecided: {games(a['unlisted_undecided'])}.\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1-100000")
    ap.add_argument("--pysol", help="PySolFC game numbers instead of our seeds, e.g. 32000-41999")
    ap.add_argument("--mode", default="casino")
    ap.add_argument("--draw", type=int, choices=(1, 3), help="cards a draw (default from --mode)")
    ap.add_argument("--first-win", action="store_true", help="only decide winnability")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per deal (default 10)")
    ap.add_argument("--workers", type=int, default=0, help="local worker processes (0: one per core)")
    ap.add_argument("--name", default="klondike-throughput")
    ap.add_argument("--solvable-list", help="a file of PySolFC game numbers known winnable (with --pysol)")
    args = ap.parse_args()
    if args.solvable_list and not args.pysol:
        ap.error("--solvable-list goes with --pysol")
    speed = speed_reference_ms()
    with tempfile.TemporaryDirectory() as tmp:
        out_path = os.path.join(tmp, "deals.jsonl")
        wall, cpu, peak_mb = run_command(args, out_path)
        with open(out_path, encoding="utf-8") as f:
            records = [json.loads(line) for line in f if line.strip()]
    s = summary_of(records, args.timeout)
    data = {"machine": machine(), "command": options(args), "timeout_s": args.timeout,
            "workers": args.workers, "wall_s": wall, "cpu_s": cpu, "peak_rss_mb": peak_mb,
            "deals_per_cpu_s": s["deals"] / cpu, **s}
    workers = "one worker process a core" if args.workers == 0 else f"{args.workers} worker process(es)"
    slow = ", ".join(f"{d['id']} {d['seconds']:.2f} s" for d in s["slowest"][:8])
    table = (f"# Klondike at scale: `patiens analyse klondike {' '.join(options(args))}`\n\n"
             f"{machine()['cpus']} CPUs, {machine()['date']}; {workers}, one search thread each.  "
             "CPU: user + system time of the command and its workers, start-up and bookkeeping included.\n\n"
             "| deals | proven | winnable | wall s | CPU s | deals per CPU-s | search median ms | p99 ms | max s "
             "| PAR2 s | peak MB a process |\n|---|---|---|---|---|---|---|---|---|---|---|\n"
             f"| {s['deals']:,} | {s['proven']:,} | {s['winnable']:,} | {wall:.0f} | {cpu:.0f} | "
             f"{s['deals'] / cpu:.1f} | {s['median_s'] * 1000:.2f} | {s['p99_s'] * 1000:.1f} | {s['max_s']:.2f} | "
             f"{s['par2_s']:.0f} | {peak_mb:.0f} |\n\n"
             f"Search time alone: {s['search_s']:.0f} s ({s['deals'] / s['search_s']:.1f} deals per search-second); "
             f"{s['nodes'] / 1e9:.2f} G nodes.  Slowest: {slow}.\n")
    if args.solvable_list:
        data["against_list"] = against_list(records, read_game_list(args.solvable_list))
        data["solvable_list"] = args.solvable_list
        table += "\n" + list_sentence(data["against_list"])
    write_results(args.name, data, table, speed)


if __name__ == "__main__":
    main()
