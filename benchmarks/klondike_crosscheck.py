"""The search against a search with no pruning at all, on positions reached in play.

    python benchmarks/klondike_crosscheck.py [--seeds 1-2000] [--modes casino,standard=1-500,...]
                                             [--cap 100000] [--per-deal 3] [--workers 2]

The default solve (macro talon moves, safe automatic moves, the pending-move rule, the
twin and swap keys, dominance ranks, the bound) must find the same most-cards-home as
`plain_max` (solver/core/klondike_plain.cpp): every legal action one at a time, a
position known again only when equal in every detail, no bound.  Whole deals are far
too large for the plain search, so each deal is played from the start by a random
player (a greedy move or a random legal one, half and half, seeded by the deal) and the
check runs on positions of that game: from the end backwards, every few moves, as far
back as the plain search still covers its position within --cap positions, --per-deal
of them spread over that stretch.  Any disagreement is listed with its position (the
layout in the core's form) and the run exits 1.  Writes
benchmarks/results/<--name>.{json,md}.
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import machine, write_results  # noqa: E402
from solver import _core  # noqa: E402
from solver.batch.specs import parse_range  # noqa: E402
from solver.klondike import KlondikeDeal, make_rules  # noqa: E402

MODES = {
    "casino": make_rules("casino"),
    "casino-no-worry": make_rules("casino", worry_back=False),
    "vegas": make_rules("vegas"),
    "app": make_rules("app"),
    "standard": make_rules("standard"),
    "standard-no-worry": make_rules("standard", worry_back=False),
    "standard3": make_rules("standard", draw=3),
}
MAX_MOVES = 300      # a random game's length at most (with unlimited passes it may go round)
STRIDE = 4           # positions checked: every STRIDE-th of the game, from its end
SOLVE_NODES = 50_000_000


def random_game(layout: dict, rules: dict, seed: int) -> list:
    """The positions of one game by a random player: at each turn the greedy player's
    move or any legal one, by a coin."""
    rng = random.Random(seed)
    positions = [layout]
    for _ in range(MAX_MOVES):
        legal = [a for a, _kind, _cls in _core.klondike_actions(layout, rules)]
        if not legal:
            break
        greedy = _core.klondike_player_action(layout, rules, rng.getrandbits(32), True) if rng.random() < 0.5 else None
        action = (greedy[0] if greedy is not None else rng.choice(legal))[:4]
        layout = _core.klondike_replay(layout, rules, [action])["layout"]
        positions.append(layout)
    return positions


def compare(layout: dict, rules: dict, cap: int):
    """(plain, search) outcomes of one position; None where the plain search gave up."""
    plain = _core.klondike_plain_max(layout, rules, cap)
    if not plain["complete"]:
        return None
    search = _core.klondike_solve(layout, rules, False, SOLVE_NODES, 0.0, 1 << 30, 1)
    return plain, search


def one_deal(mode: str, seed: int, cap: int, per_deal: int) -> dict:
    rules = MODES[mode].to_core()
    positions = random_game(KlondikeDeal.from_seed(seed).to_core(), rules, seed * 7919 + 17)
    covered = []  # (move number, plain, search), from the end backwards
    for k in range(len(positions) - 1, -1, -STRIDE):
        outcome = compare(positions[k], rules, cap)
        if outcome is None:
            break
        covered.append((k, *outcome))
    # --per-deal of them, spread from the deepest covered one to the end.
    if len(covered) > per_deal:
        covered = [covered[round(i * (len(covered) - 1) / max(per_deal - 1, 1))] for i in range(per_deal)]
    rows = []
    for k, plain, search in covered:
        rows.append({"seed": seed, "move": k, "home": sum(positions[k]["foundations"]), "plain": plain["best"],
                     "search": search["best"],
                     "proven": search["proven"], "plain_positions": plain["positions"], "nodes": search["nodes"],
                     "layout": positions[k] if plain["best"] != search["best"] or not search["proven"] else None})
    return {"seed": seed, "mode": mode, "game_moves": len(positions) - 1, "rows": rows}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1-200")
    ap.add_argument("--modes", default="casino", help="rule sets, each with its own seeds as NAME=RANGE if wanted")
    ap.add_argument("--cap", type=int, default=100_000, help="positions the plain search may see (default 100000)")
    ap.add_argument("--per-deal", type=int, default=3)
    ap.add_argument("--workers", type=int, default=os.cpu_count())
    ap.add_argument("--name", default="klondike-crosscheck")
    args = ap.parse_args()
    modes = [m.partition("=") for m in args.modes.split(",")]
    start = time.perf_counter()
    data = {"machine": machine(), "modes_asked": args.modes, "seeds": args.seeds, "cap": args.cap,
            "per_deal": args.per_deal, "modes": {}}
    table = ("| rules | seeds | positions checked | deals with none | plain positions (median / max) | "
             "cards home differ from the position's | disagreements | not proven |\n"
             "|---|---|---|---|---|---|---|---|\n")
    bad = []
    with cf.ProcessPoolExecutor(args.workers) as pool:
        for mode, _, own in modes:
            seeds = parse_range(own or args.seeds)
            deals = list(pool.map(one_deal, [mode] * len(seeds), seeds, [args.cap] * len(seeds),
                                  [args.per_deal] * len(seeds), chunksize=4))
            rows = [r for d in deals for r in d["rows"]]
            wrong = [r for r in rows if r["plain"] != r["search"]]
            unproven = [r for r in rows if not r["proven"]]
            bad += [dict(r, mode=mode) for r in wrong + unproven]
            sizes = sorted(r["plain_positions"] for r in rows) or [0]
            # How many checked positions were not simply "nothing more goes home".
            gaining = sum(r["plain"] > r["home"] for r in rows)
            fields = ["seed", "move", "home", "plain", "search", "plain_positions"]
            data["modes"][mode] = {"rules": MODES[mode].describe(), "deals": len(seeds), "positions": len(rows),
                                   "deals_without": sum(not d["rows"] for d in deals),
                                   "plain_positions_median": sizes[len(sizes) // 2], "plain_positions_max": sizes[-1],
                                   "positions_gaining": gaining, "disagreements": len(wrong),
                                   "not_proven": len(unproven), "row_fields": fields,
                                   "rows": [[r[f] for f in fields] for r in rows]}
            table += (f"| {mode} ({MODES[mode].describe()}) | {own or args.seeds} | {len(rows)} | "
                      f"{data['modes'][mode]['deals_without']} | {sizes[len(sizes) // 2]} / {sizes[-1]} | {gaining} | "
                      f"{len(wrong)} | {len(unproven)} |\n")
    data["seconds"] = time.perf_counter() - start
    table = ("# Klondike: the search against a search with no pruning\n\n"
             f"On each deal a random player's game, and up to {args.per_deal} of its positions "
             f"checked, as early in the game as the plain search covers within {args.cap:,} positions.  "
             "\"Cards home differ\": positions where the most cards home is more than the position already has "
             "(the check had something to find).  "
             f"{data['seconds'] / 60:.1f} minutes on {args.workers} processes.\n\n" + table)
    if bad:
        table += "\n## Disagreements and unproven positions\n\n" + "".join(
            f"* {b['mode']} seed {b['seed']} move {b['move']}: plain {b['plain']}, search {b['search']}, "
            f"proven {b['proven']}; layout {b['layout']}\n" for b in bad)
    write_results(args.name, data, table)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
