"""Figures every benchmark reports, and how they are written down."""
from __future__ import annotations

import json
import os
import platform
import statistics
import time
from typing import Dict, List, Sequence

HERE = os.path.dirname(os.path.abspath(__file__))
RESULTS = os.path.join(HERE, "results")
DEALS = os.path.join(os.path.dirname(HERE), "deals")


def quantile(values: Sequence[float], q: float) -> float:
    """Nearest-rank quantile (q in 0..1) of a non-empty list."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, int(round(q * len(ordered) + 0.5)) - 1))
    return ordered[index]


def time_summary(seconds: Sequence[float], nodes: Sequence[int]) -> Dict[str, float]:
    total = sum(seconds)
    return {
        "deals": len(seconds),
        "median_s": statistics.median(seconds),
        "p90_s": quantile(seconds, 0.9),
        "max_s": max(seconds),
        "total_s": total,
        "nodes_total": sum(nodes),
        "nodes_median": statistics.median(nodes),
        "nodes_per_second": (sum(nodes) / total) if total else 0.0,
    }


def machine() -> Dict[str, str]:
    return {"python": platform.python_version(), "machine": platform.machine(), "cpus": str(os.cpu_count()),
            "system": platform.platform(), "date": time.strftime("%Y-%m-%d %H:%M:%S")}


def load_jsonl(path: str) -> List[dict]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def speed_reference_ms() -> float:
    """How fast the machine is now: a fixed piece of work (the exact minimal score of
    Golf deals, seeds 1-40, basic rules, one thread), the least of three runs, in ms.
    A shared machine's speed changes from day to day and within a run (the same work
    took up to 1.7 times as long from one day to the next), so each result file
    records it, measured before and after, to scale figures of different runs by."""
    from solver.golf import GolfDeal, GolfRules, solve
    from solver.limits import Limits
    deals = [GolfDeal.from_seed(seed, GolfRules()) for seed in range(1, 41)]
    runs = []
    for _ in range(3):
        start = time.perf_counter()
        for deal in deals:
            solve(deal, limits=Limits(threads=1))
        runs.append((time.perf_counter() - start) * 1000)
    return min(runs)


def write_results(name: str, data: dict, table: str, speed_before_ms: float = None) -> None:
    """benchmarks/results/NAME.json (every figure) and NAME.md (the table); with the
    speed reference taken before the run, that and one taken now."""
    if speed_before_ms is not None:
        after = speed_reference_ms()
        data["speed_reference_ms"] = {"before": round(speed_before_ms, 1), "after": round(after, 1)}
        table += (f"\nSpeed reference (Golf, seeds 1-40, basic rules, one thread; least of 3 runs): "
                  f"{speed_before_ms:.0f} ms before, {after:.0f} ms after.\n")
    os.makedirs(RESULTS, exist_ok=True)
    with open(os.path.join(RESULTS, name + ".json"), "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
    with open(os.path.join(RESULTS, name + ".md"), "w", encoding="utf-8") as f:
        f.write(table)
    print(table)


def fmt_row(label: str, s: Dict[str, float], extra: str = "") -> str:
    return (f"| {label} | {s['deals']} | {s['median_s'] * 1000:.1f} | {s['p90_s'] * 1000:.1f} | "
            f"{s['max_s'] * 1000:.0f} | {s['nodes_median']:.0f} | {s['nodes_per_second'] / 1e6:.2f} | {extra} |")


TABLE_HEAD = ("| set | deals | median ms | p90 ms | max ms | median nodes | M nodes/s | notes |\n"
              "|---|---|---|---|---|---|---|---|")


def thread_label(name: str, threads: int):
    """(results key, row suffix) for a set searched on `threads` threads: one thread
    keeps the plain name, as in earlier results."""
    if threads == 1:
        return name, ""
    return f"{name}, {threads} threads", f", {threads} threads"
