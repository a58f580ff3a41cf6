"""A/B timing of two builds of the C++ core on the same deals, taken in turn.

    python benchmarks/core_ab.py [--base HEAD] [--game golf|klondike] [--rules wrap]
                                 [--seeds 1-200 | --pysol 32000-32499 | --deal-list FILE]
                                 [--threads 1] [--reps 3] [--timeout 10] [--deals FILE]
                                 [--no-worry-back]

A whole benchmark run on a shared machine moves by 10-30% from one run to the next,
more than most changes to the core are worth.  So a change to the core is judged
here, deal by deal.  The core of --base (a git revision) and the core of the working
tree are each built as `pip wheel` builds it, both loaded into this one process
beside the installed package's Python code (`pip install -e .` makes that this
tree's), and handed the same deals in turn, the order swapped at every repetition.
Each deal keeps its least time per build.  Printed: each build's
median and total, the geometric mean of the per-deal time ratios (working tree over
base), and the node totals.  The two builds must agree on every deal's value: if they
do not, the deals are named and the exit status is 1.

--rules: for Golf a variant of benchmarks/golf.py (basic, wrap, jokers-2, ...), for
Klondike a mode (casino, vegas, app, standard).  Deals come from our own shuffle
(--seed N of the command line).  One search thread by default: the nodes are then the
same on every run and only the time per node differs, where two threads' node counts
change from run to run (by up to half on some Golf deals).
"""
from __future__ import annotations

import argparse
import importlib.util
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import zipfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from golf import VARIANTS  # noqa: E402
from solver.klondike.rules import PRESETS  # noqa: E402

BUILDS = ("base", "work")


class BuildError(Exception):
    pass


def source_tree(revision, dest):
    """The package's files at `revision` (None: the working tree, untracked files that git
    does not ignore included) copied under `dest`."""
    os.makedirs(dest)
    if revision is not None:
        archive = subprocess.run(["git", "archive", revision], cwd=ROOT, capture_output=True)
        if archive.returncode:
            raise BuildError(f"git cannot read revision {revision!r}: {archive.stderr.decode().strip()}")
        subprocess.run(["tar", "-x", "-C", dest], input=archive.stdout, check=True)
        return
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode()
    for path in filter(None, listed.split("\0")):
        if os.path.isfile(os.path.join(ROOT, path)):  # a file deleted but not yet committed is gone
            os.makedirs(os.path.join(dest, os.path.dirname(path)), exist_ok=True)
            shutil.copy2(os.path.join(ROOT, path), os.path.join(dest, path))


def build_core(revision, workdir, name):
    """Builds the package at `revision` as a wheel and returns the path of its core."""
    src, wheels = os.path.join(workdir, name + "-src"), os.path.join(workdir, name + "-wheel")
    source_tree(revision, src)
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", wheels, src],
                           capture_output=True, text=True)
    if built.returncode:
        raise BuildError(f"building the {name} core failed:\n{built.stdout[-2000:]}{built.stderr[-2000:]}")
    (wheel,) = [os.path.join(wheels, f) for f in os.listdir(wheels) if f.endswith(".whl")]
    with zipfile.ZipFile(wheel) as zf:
        (member,) = [m for m in zf.namelist() if m.startswith("solver/_core") and m.endswith(".so")]
        target = os.path.join(workdir, name, os.path.basename(member))
        os.makedirs(os.path.dirname(target))
        with zf.open(member) as f, open(target, "wb") as out:
            shutil.copyfileobj(f, out)
    return target


# --- both cores in this process, taken in turn ---------------------------------------

def load_core(name, path):
    """The extension at `path` as a module of its own (the bindings register no types, so
    two builds live side by side)."""
    spec = importlib.util.spec_from_file_location(f"core_ab_{name}._core", path)
    core = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(core)
    return core


def solver_for(game, rules_name, threads, timeout, worry_back=True, pysol=False):
    """(solve module whose `_core` picks the build, seed -> (value, proven, nodes, seconds));
    with `pysol`, the numbers are PySolFC's games (Klondike only)."""
    from solver.limits import Limits
    limits = Limits(timeout=timeout, threads=threads)
    if game == "golf":
        from solver.golf import GolfDeal, solve
        rules = VARIANTS[rules_name]

        def run(seed):
            r = solve(GolfDeal.from_seed(seed, rules), limits=limits)
            return r.best_score, r.proven, r.stats.nodes, r.stats.seconds
        return sys.modules["solver.golf.solve"], run
    from solver.klondike import KlondikeDeal, make_rules, solve
    rules = make_rules(rules_name, worry_back=worry_back)

    deal_of = KlondikeDeal.from_pysol_number if pysol else KlondikeDeal.from_seed

    def run(seed):
        r = solve(deal_of(seed), rules, limits=limits)
        return r.max_foundation, r.proven, r.stats.nodes, r.stats.seconds
    return sys.modules["solver.klondike.solve"], run


def seed_range(text):
    lo, _, hi = text.partition("-")
    return range(int(lo), int(hi or lo) + 1)


def compare(args, cores):
    """Every deal on both builds in turn, the order swapped at each repetition (and from one
    deal to the next), in one process: two processes differed by up to 10% with the
    same core (the core each ran on, or where its memory lay)."""
    pysol = bool(args.pysol or args.deal_list)
    module, run = solver_for(args.game, args.rules, args.threads, args.timeout, not args.no_worry_back, pysol)
    if args.deal_list:
        with open(args.deal_list) as f:
            seeds = [int(line) for line in f if line.strip()]
    else:
        seeds = list(seed_range(args.pysol or args.seeds))
    least = {name: {} for name in BUILDS}
    nodes = {name: 0 for name in BUILDS}
    deal_nodes = {name: {} for name in BUILDS}
    disagree = []
    for i, seed in enumerate(seeds):
        answers = {}
        for rep in range(args.reps):
            for name in (BUILDS if (i + rep) % 2 == 0 else BUILDS[::-1]):
                module._core = cores[name]
                value, proven, n, seconds = run(seed)
                answers.setdefault(name, (value, proven))
                if rep == 0:
                    nodes[name] += n
                    deal_nodes[name][seed] = n
                least[name][seed] = min(seconds, least[name].get(seed, math.inf))
        if answers["base"] != answers["work"]:
            disagree.append(f"seed {seed}: base {answers['base']}, work {answers['work']} (value, proven)")
    ratios = [least["work"][s] / least["base"][s] for s in seeds]
    source = (f"PySolFC games from {args.deal_list}" if args.deal_list else
              f"PySolFC games {args.pysol}" if args.pysol else f"seeds {args.seeds}")
    print(f"{args.game} {args.rules}, {source}, {args.threads} thread(s), least of {args.reps} per deal, "
          f"base {args.base}")
    print(f"{'':6}{'median ms':>11}{'total s':>10}{'nodes':>14}")
    for name in BUILDS:
        times = list(least[name].values())
        print(f"{name:6}{statistics.median(times) * 1e3:11.2f}{sum(times):10.3f}{nodes[name]:14,}")
    geo = math.exp(statistics.fmean(math.log(r) for r in ratios))
    print(f"work/base per deal: geometric mean {geo:.3f}, faster on {sum(r < 1 for r in ratios)} of {len(ratios)}")
    for line in disagree:
        print("DISAGREE " + line)
    if args.deals:
        with open(args.deals, "w") as out:
            out.write("seed\tbase_s\twork_s\tratio\tbase_nodes\twork_nodes\n")
            for s, r in zip(seeds, ratios):
                out.write(f"{s}\t{least['base'][s]:.6f}\t{least['work'][s]:.6f}\t{r:.3f}\t"
                          f"{deal_nodes['base'][s]}\t{deal_nodes['work'][s]}\n")
    return 1 if disagree else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default="HEAD", help="git revision whose core is the base (default HEAD)")
    ap.add_argument("--game", choices=("golf", "klondike"), default="golf")
    ap.add_argument("--rules", default=None, help="Golf variant (default wrap) or Klondike mode (default casino)")
    ap.add_argument("--seeds", default="1-200", help="seed range, e.g. 1-200 (default)")
    ap.add_argument("--pysol", metavar="RANGE", help="Klondike: PySolFC game numbers instead, e.g. 32000-32499")
    ap.add_argument("--deal-list", metavar="FILE", help="Klondike: PySolFC game numbers from a file, one a line")
    ap.add_argument("--no-worry-back", action="store_true", help="Klondike without worry back")
    ap.add_argument("--threads", type=int, default=1, help="search threads (default 1)")
    ap.add_argument("--reps", type=int, default=3,
                    help="solves of each deal per build, the least time kept (default 3)")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per solve (default 10)")
    ap.add_argument("--deals", metavar="FILE", help="also write each deal's times, ratio and nodes there (TSV)")
    args = ap.parse_args()
    if args.rules is None:
        args.rules = "wrap" if args.game == "golf" else "casino"
    if (args.pysol or args.deal_list) and args.game != "klondike":
        ap.error("--pysol and --deal-list are Klondike deals: add --game klondike")
    known = list(VARIANTS) if args.game == "golf" else list(PRESETS)
    if args.rules not in known:
        ap.error(f"--rules {args.rules!r} is not a {args.game} rule set: one of {', '.join(known)}")
    print(f"building the cores of {args.base} and of the working tree...", file=sys.stderr, flush=True)
    try:
        with tempfile.TemporaryDirectory(prefix="core-ab-") as workdir:
            revisions = {"base": args.base, "work": None}
            with ThreadPoolExecutor(len(BUILDS)) as pool:  # the two builds side by side
                cores = dict(zip(BUILDS, pool.map(lambda n: build_core(revisions[n], workdir, n), BUILDS)))
            return compare(args, {name: load_core(name, path) for name, path in cores.items()})
    except BuildError as e:
        print(f"core_ab: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
