"""Batch throughput: Klondike draw 1, one pass, over many deals on this machine.

    python benchmarks/analyse.py [--count 10000] [--scaling 400] [--timeout 10]

1. scaling: the first --scaling deals with 1 worker, 2 workers, and a Dask
   LocalCluster of 2 workers (deals per second each);
2. the whole --count batch with all local workers: wall time and deals per second.
Writes benchmarks/results/analyse.{json,md}.  Result files go to a temporary folder.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import machine, speed_reference_ms, write_results  # noqa: E402
from solver.batch import Job, dask_executor, run_batch, seed_specs, summarize  # noqa: E402
from solver.klondike import make_rules  # noqa: E402
from solver.limits import Limits  # noqa: E402


def timed(job, specs, path, **kw):
    start = time.perf_counter()
    outcome = run_batch(job, specs, path, progress=False, **kw)
    seconds = time.perf_counter() - start
    return seconds, outcome


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=10000)
    ap.add_argument("--scaling", type=int, default=400)
    ap.add_argument("--timeout", type=float, default=10.0)
    args = ap.parse_args()
    speed_before = speed_reference_ms()
    job = Job("klondike", make_rules("casino"), Limits(timeout=args.timeout))
    data = {"machine": machine(), "timeout_s": args.timeout, "scaling": {}}
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        specs = seed_specs(f"1-{args.scaling}")
        for label, kw in (("1 worker", dict(workers=1)), ("2 workers", dict(workers=2))):
            seconds, _ = timed(job, specs, os.path.join(tmp, label + ".jsonl"), **kw)
            data["scaling"][label] = {"deals": len(specs), "seconds": seconds, "deals_per_s": len(specs) / seconds}
            rows.append(f"| {label} | {len(specs)} | {seconds:.1f} | {len(specs) / seconds:.1f} |")
        try:
            from distributed import LocalCluster
            with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
                seconds, _ = timed(job, specs, os.path.join(tmp, "dask.jsonl"),
                                   executor=dask_executor(cluster.scheduler_address))
            data["scaling"]["dask LocalCluster, 2 workers"] = {"deals": len(specs), "seconds": seconds,
                                                                "deals_per_s": len(specs) / seconds}
            rows.append(f"| Dask LocalCluster, 2 workers | {len(specs)} | {seconds:.1f} | {len(specs) / seconds:.1f} |")
        except ImportError:
            rows.append("| Dask | - | - | not installed |")
        specs = seed_specs(f"1-{args.count}")
        seconds, outcome = timed(job, specs, os.path.join(tmp, "full.jsonl"))
        stats = summarize(outcome.results.all())
    data["full"] = {"deals": args.count, "seconds": seconds, "deals_per_s": args.count / seconds, "summary": stats}
    table = "\n".join([
        f"Batch throughput, Klondike draw 1 one pass (max foundation), {args.timeout:g} s limit per deal, "
        f"{machine()['cpus']} CPUs, {machine()['date']}", "",
        "| run | deals | seconds | deals/s |", "|---|---|---|---|", *rows,
        f"| whole batch, all local workers | {args.count} | {seconds:.0f} | {args.count / seconds:.1f} |", "",
        f"winnable {stats['winnable']['count']} of {stats['winnable']['decided']} decided, "
        f"{stats['not_proven']} not proven within {args.timeout:g} s, mean max foundation {stats['score']['mean']:.2f}",
    ])
    write_results("analyse", data, table + "\n", speed_before)


if __name__ == "__main__":
    main()
