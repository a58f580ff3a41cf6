"""`patiens analyse`: many deals in a batch, resumable, with statistics and a plot."""
from __future__ import annotations

import dataclasses
import json
import os

import click

from cli import golf as golf_cli
from cli import klondike as klondike_cli
from cli import poker as poker_cli
from cli.common import (
    EXIT_INTERRUPTED,
    EXIT_NOT_PROVEN,
    EXIT_OK,
    MAX_WORKERS,
    limit_options,
    timeout_option,
)
from solver.batch import (
    BatchStopped,
    Interrupted,
    Job,
    ResultsFile,
    check_plot_path,
    check_scheduler_address,
    dask_executor,
    file_specs,
    format_summary,
    plot,
    pysol_specs,
    run_batch,
    seed_specs,
    summarize,
)
from solver.batch.report import MAX_REPLAYS, replays_folder, write_report
from solver.batch.store import STDOUT
from solver.errors import DealError, OptionError
from solver.limits import Limits
from solver.poker.real import PLAYERS as POKER_PLAYERS

BATCH_HELP = """Results go to --out as JSON Lines (or CSV when the name ends in .csv), one
record per deal, written as each deal finishes; --out - writes them to standard
output (the summary then goes to standard error).  Rerunning the same command with
the same file skips the deals already there: an interrupted or killed run loses
nothing, and --retry-unproven also redoes the deals a limit left unproven.  One run
at a time writes a file.  A deal that cannot be read is recorded as an error and the
batch goes on.  Exit status: 0 done, 130 interrupted (rerun to resume), 3 stopped
because the workers were lost (rerun to resume), 2 bad input."""


MAX_BONUS = 10**9


def batch_options(f):
    f = click.option("--quiet", is_flag=True, help="No progress bar.")(f)
    f = click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")(f)
    f = click.option("--retry-unproven", is_flag=True,
                     help="Also redo the deals whose record in --out is not proven (a limit stopped them, or "
                          "an error), e.g. with a larger limit.")(f)
    f = click.option("--plot", type=click.Path(dir_okay=False), metavar="FILE.png",
                     help="A histogram of the best scores with the break-even / par / win line.")(f)
    f = click.option("--html", "html_file", type=click.Path(dir_okay=False), metavar="FILE.html",
                     help="Write a report page: the summary, a histogram and each deal's results, each linked to "
                          "a page replaying its line (in FILE-replays/, for the first "
                          f"{MAX_REPLAYS:,} deals; implies --lines).")(f)
    f = click.option("--lines", is_flag=True, help="Keep each deal's best line (or grid) in its record.")(f)
    f = click.option("--chunk-size", type=click.IntRange(1), metavar="N",
                     help="Deals per task (default: about 8 tasks per worker, at most 64 deals each).")(f)
    f = click.option("--scheduler", metavar="tcp://HOST:8786",
                     help="Run on a Dask distributed cluster (pip install 'patiens[dask]') instead of local "
                          "processes.")(f)
    f = click.option("--workers", type=click.IntRange(0, MAX_WORKERS), default=0, show_default=True,
                     help="Local worker processes (0: one per core).")(f)
    f = click.option("--out", "out", required=True, type=click.Path(dir_okay=False, allow_dash=True), metavar="FILE",
                     help="Results file (.jsonl, or .csv; - for standard output); an existing one is resumed.")(f)
    f = click.option("--deals", type=click.Path(), metavar="PATH",
                     help="A folder of deal files, a .jsonl deal set, or one deal file.")(f)
    f = click.option("--pysol", "pysol_range", metavar="RANGE", help="PySolFC game numbers, e.g. 1-1000.")(f)
    f = click.option("--seeds", metavar="RANGE", help="Seeds of our shuffle, e.g. 1-100000 or 1-10,50-60.")(f)
    return f


def specs_from(seeds, pysol_range, deals):
    given = [v for v in (seeds, pysol_range, deals) if v is not None]
    if len(given) != 1:
        raise DealError("give the deals one way: --seeds RANGE, --pysol RANGE or --deals PATH")
    if seeds is not None:
        return seed_specs(seeds)
    if pysol_range is not None:
        return pysol_specs(pysol_range)
    return file_specs(deals)


def run(job, seeds, pysol_range, deals, out, workers, scheduler, chunk_size, plot, html_file, as_json, quiet,
        retry_unproven):
    specs = specs_from(seeds, pysol_range, deals)
    if plot:
        check_plot_path(plot)
    if html_file:
        check_page_path(html_file)
        job = dataclasses.replace(job, lines=True)  # the replay pages need the lines
    if scheduler:
        check_scheduler_address(scheduler)
    executor = dask_executor(scheduler) if scheduler else None
    try:
        outcome = run_batch(job, specs, out, executor=executor, chunk_size=chunk_size, progress=not quiet,
                            workers=workers, retry_unproven=retry_unproven)
    except Interrupted as e:
        click.echo(f"patiens: {e}{_kept(out)}", err=True)
        return EXIT_INTERRUPTED
    except BatchStopped as e:
        click.echo(f"patiens: the batch stopped: {e}{_kept(out)}; rerun the same command to resume", err=True)
        return EXIT_NOT_PROVEN
    ids = {s.id for s in specs}
    records = [r for r in outcome.results.all() if r["id"] in ids]
    redone = "redone" if retry_unproven else "solved"
    code = report(records, plot, as_json, job.options, to_stderr=out == STDOUT,
                  note=f"{outcome.done} {redone} now, {outcome.skipped} already in {out}")
    if html_file:
        try:
            replays = write_report(html_file, job, specs, records, summarize(records, **job.options))
        except OSError as e:
            raise OptionError(f"cannot write the report {html_file}: {e.strerror or e}") from None
        if not as_json:
            click.echo(f"report: {html_file} ({replays} replay page(s) in {replays_folder(html_file)})",
                       err=out == STDOUT)
    return code


def check_page_path(path: str) -> None:
    """A report page in a folder that exists (checked before the batch, not after)."""
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise OptionError(f"--html {path}: no such folder {folder}")
    if os.path.isdir(path):
        raise OptionError(f"--html {path} is a folder")


def _kept(out: str) -> str:
    return "" if out == STDOUT else f" (results so far are in {out})"


def report(records, plot_path, as_json, options, note="", to_stderr=False):
    stats = summarize(records, **options)
    if plot_path:
        plot(records, plot_path, par=options.get("par", 45))
    if as_json:
        click.echo(json.dumps(stats, indent=2), err=to_stderr)
    else:
        if note:
            click.echo(note, err=to_stderr)
        click.echo(format_summary(stats), err=to_stderr)
        if plot_path:
            click.echo(f"plot: {plot_path}", err=to_stderr)
    return EXIT_OK


@click.group(help="Deal analysis at scale: a batch of deals, solved in parallel, with statistics.")
def analyse():
    pass


@analyse.command("klondike", epilog=BATCH_HELP)
@batch_options
@klondike_cli.RULES_OPTIONS
@click.option("--first-win", is_flag=True, help="Only decide winnability (faster; max foundation then a lower "
                                               "bound on lost deals).")
@click.option("--bonus", type=click.IntRange(0, MAX_BONUS), default=0, show_default=True,
              help="The historic casino bonus for a full solve (e.g. 500), in the expected-value figures.")
@klondike_cli.player_options(None, ", beside the optimum with every card known; without it, perfect play")
@limit_options
def klondike_cmd(rules, first_win, bonus, player, player_settings, limits, lines, **batch):
    """Klondike over many deals: winnable rate, max foundation, Vegas figures; with
    --player, the real game's figures beside them."""
    if player is not None and first_win:
        raise OptionError("--player plays each deal to the end and compares it with the maximum: leave out "
                          "--first-win")
    played = None if player is None else {"player": player, **player_settings}
    job = Job("klondike", rules, limits, first_win=first_win, lines=lines, options={"bonus": bonus}, player=played)
    return run(job, **batch)


@analyse.command("golf", epilog=BATCH_HELP)
@batch_options
@golf_cli.RULES_OPTIONS
@click.option("--par", type=click.Choice(["45", "36"]), default="45", show_default=True,
              help="Par of nine holes (consecutive deals make a game).")
@click.option("--first-clear", is_flag=True, help="Only decide whether each deal can be cleared (much faster; the "
                                                 "scores are then those of the first clear found, not the minimum).")
@golf_cli.player_options(None, ", beside the optimum with the order known; without it, perfect play")
@limit_options
def golf_cmd(rules, par, first_clear, player, samples, sampler_seed, limits, lines, **batch):
    """Golf over many deals: minimal scores, clearable rate, nine-hole totals against par."""
    if player is not None and first_clear:
        raise OptionError("--player plays each deal to the end and compares it with the minimum: leave out "
                          "--first-clear")
    played = None if player is None else {"player": player, "samples": samples, "sampler_seed": sampler_seed}
    job = Job("golf", rules, limits, first_win=first_clear, lines=lines, options={"par": int(par)}, player=played)
    return run(job, **batch)


@analyse.command("poker", epilog=BATCH_HELP)
@batch_options
@poker_cli.RULES_OPTIONS
@timeout_option("Per deal: stop with the best grid and CP-SAT's bound (not proven).")
@click.option("--player", type=click.Choice(POKER_PLAYERS),
              help="Place each order card by card without seeing ahead (greedy, values or search), beside the optimum "
                   "with the order known: the real game's figures and the value of information.")
@click.option("--rollouts", type=click.IntRange(1, 10**7), default=50, show_default=True, metavar="N",
              help="With --player search: rollout rounds a card, as if spread evenly over the choices "
                   "(a count: the same games on any machine).")
@click.option("--sampler-seed", type=click.IntRange(0, 2**64 - 1), default=1, show_default=True, metavar="N",
              help="With --player search: seed of the rollouts' deals.")
def poker_cmd(rules, timeout, player, rollouts, sampler_seed, lines, **batch):
    """Poker Squares over many card orders: optima and the share reaching the book's win."""
    played = None if player is None else {"player": player, "rollouts": rollouts, "sampler_seed": sampler_seed}
    job = Job("poker", rules, Limits(timeout=timeout or 0.0), lines=lines, player=played)
    return run(job, **batch)


@analyse.command("summarize")
@click.argument("results", type=click.Path(dir_okay=False))
@click.option("--plot", type=click.Path(dir_okay=False), metavar="FILE.png", help="Draw the histogram too.")
@click.option("--bonus", type=click.IntRange(0, MAX_BONUS), metavar="N",
              help="Klondike: casino bonus (default: the one the run used).")
@click.option("--par", type=click.Choice(["45", "36"]), help="Golf: par (default: the one the run used).")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
def summarize_cmd(results, plot, bonus, par, as_json):
    """Recompute the summary (and plot) from a results file."""
    if plot:
        check_plot_path(plot)
    stored = ResultsFile(results)
    if not stored.records:
        raise DealError(f"{results} holds no results")
    options = dict((stored.last or {}).get("options") or {})
    if bonus is not None:
        options["bonus"] = bonus
    if par is not None:
        options["par"] = int(par)
    return report(stored.all(), plot, as_json, options)
