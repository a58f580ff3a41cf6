"""`patiens generate`: deals that meet constraints, with a measured difficulty."""
from __future__ import annotations

import json
import os
import sys

import click

from cli import golf as golf_cli
from cli import klondike as klondike_cli
from cli import poker as poker_cli
from cli.common import EXIT_NOT_PROVEN, EXIT_OK, MAX_WORKERS, limit_options, print_json, timeout_option
from solver.batch.runner import BatchStopped, check_scheduler_address, dask_executor, local_executor
from solver.errors import OptionError
from solver.generate import SEED_LIMIT, GolfWanted, KlondikeWanted, PokerWanted, generate
from solver.klondike.rules import PRESETS
from solver.limits import Limits

HELP = """Seeds are tried from --start in order, --budget of them at most; the first
--count deals that meet the constraints are kept, or with --hardest the --count
hardest by --measure.  Constraints no deal can meet together are refused at once;
fewer than --count deals found within the budget is exit status 3.  The deals are
written to --out as files (PySol layout text or JSON) with index.jsonl listing each
deal's seed and figures; every deal is reproducible from its seed and the rules in
the index.  The players behind the difficulty measures are seeded by
--measure-seed: the same seed gives the same measure."""

HARDEST_BUDGET = 200
FIRST_BUDGET = 10_000
MAX_BUDGET = 10**9
MAX_PLAYOUTS = 10**6
SHOWN_FIGURES = ("max_foundation", "best_score", "optimum", "greedy_score", "gap", "difficulty", "player_fail_share",
                 "search_loss_share", "nodes")  # games per deal: the greedy player's are cheap, but not free



def search_options(measures):
    def deco(f):
        f = click.option("--quiet", is_flag=True, help="No progress bar.")(f)
        f = click.option("--json", "as_json", is_flag=True, help="Print the index as JSON.")(f)
        f = click.option("--scheduler", metavar="tcp://HOST:8786", help="Run on a Dask cluster.")(f)
        f = click.option("--workers", type=click.IntRange(0, MAX_WORKERS), default=0, show_default=True,
                         help="Local worker processes (0: one per core).")(f)
        f = click.option("--format", "fmt", type=click.Choice(["pysol", "json"]), default="pysol",
                         show_default=True, help="Deal files as PySol layout text or JSON.")(f)
        f = click.option("--measure-seed", type=click.IntRange(0, SEED_LIMIT - 1), default=1, show_default=True,
                         help="Seed of the measuring player.")(f)
        f = click.option("--measure", type=click.Choice(measures), default=measures[0], show_default=True,
                         help="What --hardest ranks by.")(f)
        f = click.option("--budget", type=click.IntRange(1, MAX_BUDGET), metavar="N",
                         help=f"Seeds to examine at most (default: {HARDEST_BUDGET} with --hardest, else "
                              f"{FIRST_BUDGET:,}).")(f)
        f = click.option("--hardest", is_flag=True, help="Keep the --count hardest of --budget seeds.")(f)
        f = click.option("--start", type=click.IntRange(0, SEED_LIMIT - 1), default=1, show_default=True,
                         help="First seed to try.")(f)
        f = click.option("--out", required=True, type=click.Path(file_okay=False), metavar="DIR",
                         help="Folder for the deal files and index.jsonl.")(f)
        f = click.option("--count", type=click.IntRange(1, MAX_BUDGET), default=10, show_default=True,
                         help="How many deals to keep.")(f)
        return f
    return deco


def run(wanted, *, count, out, start, hardest, budget, measure, measure_seed, fmt, workers, scheduler, as_json, quiet,
        extra=None):
    budget = budget or (HARDEST_BUDGET if hardest else FIRST_BUDGET)
    if os.path.exists(out) and not os.path.isdir(out):
        raise OptionError(f"--out {out} is a file, not a folder")
    if scheduler:
        check_scheduler_address(scheduler)
    executor = dask_executor(scheduler) if scheduler else local_executor(workers)
    bar = None
    if not quiet:
        from tqdm import tqdm
        bar = tqdm(total=budget, unit="seed", desc=f"generate {wanted.game}", file=sys.stderr)

    def progress(examined, found):
        if bar is not None:
            bar.n = examined
            bar.set_postfix(found=found)
            bar.refresh()

    try:
        with executor as ex:
            result = generate(wanted, start, count, hardest, budget, measure, ex, on_progress=progress)
    except BatchStopped as e:
        raise OptionError(f"generate stopped: {e}") from None
    finally:
        if bar is not None:
            bar.close()
    index = write_deals(wanted, result, out, fmt, measure_seed, extra)
    if as_json:
        print_json({"examined": result.examined, "found": len(index), "deals": index})
    else:
        click.echo(f"{len(index)} deal(s) kept of {result.examined} seeds examined; written to {out}/")
        for entry in index:
            figures = ", ".join(f"{k} {entry[k]}" for k in SHOWN_FIGURES if k in entry)
            click.echo(f"  seed {entry['seed']}: {figures}")
    if len(index) < count and not hardest:
        click.echo(f"patiens: only {len(index)} of {count} deals met the constraints within the budget of "
                   f"{budget:,} seeds (--budget)", err=True)
        return EXIT_NOT_PROVEN
    return EXIT_OK


def write_deals(wanted, result, out, fmt, measure_seed, extra) -> list:
    """The deal files and index.jsonl in `out`; the index's entries."""
    try:
        os.makedirs(out, exist_ok=True)
        index = []
        for rec in result.found:
            name = f"{wanted.game}-seed-{rec['seed']}.{'txt' if fmt == 'pysol' else 'json'}"
            with open(os.path.join(out, name), "w", encoding="utf-8") as f:
                f.write(wanted.deal_text(rec["seed"], fmt))
            index.append({"id": f"seed:{rec['seed']}", "file": name, "game": wanted.game,
                          "rules": wanted.rules.to_json(), "measure_seed": measure_seed, **(extra or {}), **rec})
        with open(os.path.join(out, "index.jsonl"), "w", encoding="utf-8") as f:
            for entry in index:
                f.write(json.dumps(entry, separators=(",", ":")) + "\n")
    except OSError as e:
        raise OptionError(f"cannot write to {out}: {e.strerror or e}") from None
    return index


@click.group(help="Generate deals that meet constraints, with a measured difficulty.")
def generate_group():
    pass


@generate_group.command("klondike", epilog=HELP)
@search_options(["difficulty", "nodes", "fail-share", "search-loss"])
@klondike_cli.RULES_OPTIONS
@click.option("--winnable/--unwinnable", default=None, help="Keep only deals that can (or cannot) be won.")
@click.option("--max-foundation-le", type=click.IntRange(0, 52), metavar="N", help="Max foundation at most N.")
@click.option("--max-foundation-ge", type=click.IntRange(0, 52), metavar="N", help="Max foundation at least N.")
@click.option("--needs-worry-back", is_flag=True, help="Winnable with worry back, not without.")
@click.option("--winnable-under", multiple=True, type=click.Choice(list(PRESETS)),
              help="Also winnable under this mode (repeatable).")
@click.option("--unwinnable-under", multiple=True, type=click.Choice(list(PRESETS)),
              help="Not winnable under this mode (repeatable), e.g. winnable in casino but not in app.")
@click.option("--playouts", type=click.IntRange(1, MAX_PLAYOUTS), default=100, show_default=True,
              help="Games of the greedy player per deal.")
@click.option("--search-plays", type=click.IntRange(0, 1000), default=0, show_default=True, metavar="N",
              help="Also N games of the real game's search player per deal (it does not see the hidden cards; "
                   "a few seconds a game): search_loss_share, the share it loses, a person-like difficulty "
                   "(--measure search-loss ranks by it).")
@limit_options
def klondike_cmd(rules, winnable, max_foundation_le, max_foundation_ge, needs_worry_back, winnable_under,
                 unwinnable_under, playouts, search_plays, limits, measure_seed, **search):
    """Klondike deals: winnable or not, max foundation in a range, hard for a greedy player
    (or, with --search-plays, for a strong player who cannot see the hidden cards)."""
    if search["measure"] == "search-loss" and not search_plays:
        raise OptionError("--measure search-loss ranks by the search player's games: give --search-plays N")
    wanted = KlondikeWanted(rules=rules, limits=limits, winnable=winnable, max_foundation_le=max_foundation_le,
                            max_foundation_ge=max_foundation_ge, needs_worry_back=needs_worry_back,
                            winnable_under=tuple(winnable_under), unwinnable_under=tuple(unwinnable_under),
                            playouts=playouts, measure_seed=measure_seed, search_plays=search_plays)
    return run(wanted, measure_seed=measure_seed, extra={"playouts": playouts, "search_plays": search_plays},
               **search)


@generate_group.command("golf", epilog=HELP)
@search_options(["difficulty", "nodes", "fail-share"])
@golf_cli.RULES_OPTIONS
@click.option("--clearable/--not-clearable", default=None, help="Keep only deals whose tableau can (not) be cleared.")
@click.option("--score-le", type=int, metavar="S", help="Best score at most S.")
@click.option("--score-ge", type=int, metavar="S", help="Best score at least S.")
@click.option("--spare-stock-le", type=click.IntRange(0), metavar="K",
              help="Cleared, but with at most K stock cards to spare.")
@click.option("--greedy-fails", is_flag=True, help="Clearable, but the tallest-column-first player fails.")
@click.option("--playouts", type=click.IntRange(1, MAX_PLAYOUTS), default=100, show_default=True,
              help="Random playouts per deal.")
@limit_options
def golf_cmd(rules, clearable, score_le, score_ge, spare_stock_le, greedy_fails, playouts, limits, measure_seed,
             **search):
    """Golf deals: best score in a range, few spare stock cards, hard for a greedy player."""
    wanted = GolfWanted(rules=rules, limits=limits, clearable=clearable, score_le=score_le, score_ge=score_ge,
                        spare_stock_le=spare_stock_le, greedy_fails=greedy_fails, playouts=playouts,
                        measure_seed=measure_seed)
    return run(wanted, measure_seed=measure_seed, extra={"playouts": playouts}, **search)


@generate_group.command("poker", epilog=HELP)
@search_options(["gap", "difficulty"])
@poker_cli.RULES_OPTIONS
@click.option("--optimum-le", type=int, metavar="S", help="Optimum at most S.")
@click.option("--optimum-ge", type=int, metavar="S", help="Optimum at least S.")
@click.option("--below-win", is_flag=True, help="Even the optimum misses the book's win (200 American, 70 English).")
@click.option("--gap-ge", type=int, metavar="G", help="The greedy placement scores at least G below the optimum.")
@timeout_option("Per order: deals not proven within it are skipped.")
def poker_cmd(rules, optimum_le, optimum_ge, below_win, gap_ge, timeout, measure_seed, **search):
    """Poker Squares card orders: optimum in a range, a big gap between greedy and optimal play."""
    wanted = PokerWanted(rules=rules, limits=Limits(timeout=timeout or 0.0), optimum_le=optimum_le,
                         optimum_ge=optimum_ge, gap_ge=gap_ge, below_win=below_win, measure_seed=measure_seed)
    return run(wanted, measure_seed=measure_seed, **search)
