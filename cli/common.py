"""What every `patiens` command shares: exit codes, errors, deal sources, limits, output."""
from __future__ import annotations

import contextlib
import dataclasses
import functools
import json
import os
import sys
from typing import Callable, Iterator, Optional

import click

from solver.cards import PLAIN, CardStyle
from solver.errors import DealError, PatiensError
from solver.limits import MAX_NODES, MAX_THREADS, Limits, check_seconds, parse_memory
from solver.pysol import MAX_GAME_NUMBER
from solver.result import StopReason
from solver.textfile import read_text  # noqa: F401 - the commands read deal files through it

# Exit codes, the same for every command (the README lists them).
EXIT_OK = 0            # done; every answer printed is proven
EXIT_INTERNAL = 1      # a bug: please report it
EXIT_BAD_INPUT = 2     # bad deal, position, option or file
EXIT_NOT_PROVEN = 3    # a limit (--max-nodes, --timeout) ended the search first
EXIT_INTERRUPTED = 130 # Ctrl-C; the best result so far was still printed

# Worker processes (or CP-SAT workers) past a few per core only share the cores, and each
# process costs memory: more than this is a typing slip.
MAX_WORKERS = 256

EXIT_CODES_HELP = ("Exit status: 0 proven answer, 3 a limit stopped the search first (best so far printed, "
                   "not proven), 130 interrupted by Ctrl-C (best so far printed), 2 bad input, 1 internal error.")


class PatiensGroup(click.Group):
    """A click group whose errors are one line, never a traceback."""

    def main(self, *args, **kwargs):
        kwargs["standalone_mode"] = False
        try:
            rv = super().main(*args, **kwargs)
        except click.exceptions.Exit as e:
            sys.exit(e.exit_code)
        except click.ClickException as e:
            where = f"{e.ctx.command_path}: " if getattr(e, "ctx", None) else "patiens: "
            hint = " (see --help)" if isinstance(e, click.UsageError) else ""
            click.echo(f"{where}error: {_first_line(e.format_message())}{hint}", err=True)
            sys.exit(EXIT_BAD_INPUT)
        except click.exceptions.Abort:
            click.echo("patiens: interrupted", err=True)
            sys.exit(EXIT_INTERRUPTED)
        except PatiensError as e:
            click.echo(f"patiens: error: {e}", err=True)
            sys.exit(EXIT_BAD_INPUT)
        except KeyboardInterrupt:
            click.echo("patiens: interrupted", err=True)
            sys.exit(EXIT_INTERRUPTED)
        except BrokenPipeError:
            sys.exit(EXIT_OK)
        except Exception as e:  # noqa: BLE001 - the last line of defence
            if _caused_by_ctrl_c(e):  # e.g. a C extension's import failed on it
                click.echo("patiens: interrupted", err=True)
                sys.exit(EXIT_INTERRUPTED)
            click.echo(f"patiens: internal error: {type(e).__name__}: {e} (please report it)", err=True)
            sys.exit(EXIT_INTERNAL)
        sys.exit(rv if isinstance(rv, int) else EXIT_OK)


def _caused_by_ctrl_c(error: BaseException) -> bool:
    seen = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, KeyboardInterrupt):
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False


def _first_line(text: str) -> str:
    lines = [line for line in str(text).splitlines() if line.strip()]
    return lines[0] if lines else str(text)


class Seconds(click.ParamType):
    """A time limit: a positive, finite number of seconds (nan and inf are refused)."""
    name = "seconds"

    def convert(self, value, param, ctx):
        try:
            return check_seconds(float(value), "the limit")
        except (TypeError, ValueError) as e:
            self.fail(str(e) if isinstance(e, PatiensError) else f"{value!r} is not a number of seconds", param, ctx)


class MemorySize(click.ParamType):
    """A memory size: 512M, 2G, or bytes; at least 64K and at most this machine's memory."""
    name = "size"

    def convert(self, value, param, ctx):
        if isinstance(value, int):
            return value
        try:
            return parse_memory(value)
        except PatiensError as e:
            self.fail(str(e), param, ctx)


SECONDS = Seconds()
MEMORY_SIZE = MemorySize()


def deal_source_options(f: Callable) -> Callable:
    """--seed and --pysol; the command also takes an optional DEAL file argument."""
    f = click.option("--pysol", "pysol", type=click.IntRange(1, MAX_GAME_NUMBER), metavar="N",
                     help="PySolFC game number N (dealt exactly as PySolFC deals it).")(f)
    f = click.option("--seed", type=click.IntRange(0, 2**64 - 1), metavar="N",
                     help="Our documented shuffle with seed N (same deal on every machine; see docs/guide.md).")(f)
    return f


def choose_source(deal_file: Optional[str], seed: Optional[int], pysol: Optional[int],
                  numbered: Optional[tuple] = None) -> str:
    """Which one source the command was given: "file", "seed", "pysol" or "numbered"
    (another tool's game number, given as (its option, the number))."""
    sources = (("file", "a DEAL file", deal_file), ("seed", "--seed", seed), ("pysol", "--pysol", pysol),
               ("numbered", numbered and numbered[0], numbered and numbered[1]))
    given = [(kind, name) for kind, name, v in sources if v is not None]
    if len(given) > 1:
        raise DealError(f"give one deal source, not {' and '.join(name for _, name in given)}")
    if not given:
        raise DealError("no deal given: name a DEAL file (or - for standard input), --seed N or --pysol N")
    return given[0][0]


def position_in_play(position_file: Optional[str], whole_deal: bool, after: Optional[str],
                     in_progress: Callable[[], object], from_file: Callable[[], object]):
    """`hint`'s position: a game in progress (a deal and --after MOVES: `in_progress()`)
    or a POSITION file (`from_file()`); a whole deal named by option without --after,
    or nothing at all, is one clear error."""
    if after is not None:
        return in_progress()
    if whole_deal:
        raise DealError("--seed and --pysol name a whole deal: add --after \"MOVES\" (the moves played so far), "
                        "or give a POSITION file")
    if position_file is None:
        raise DealError("no position given: a POSITION file (or -), or --seed N --after \"MOVES\"")
    return from_file()


def split_replay_args(args, *sources):
    """`replay [DEAL] MOVES...`: without a deal source given by option (`sources`:
    --seed, --pysol and the game's others) the first word is the deal file.  Returns
    (deal file or None, the moves as one text)."""
    args = list(args)
    deal_file = None
    if all(source is None for source in sources):
        if not args:
            raise DealError("no deal given: name a DEAL file (or -), --seed N or --pysol N, then the moves")
        deal_file = args.pop(0)
    return deal_file, " ".join(args)


def rules_options(build: Callable[..., object], *options: Callable) -> Callable:
    """A decorator that adds a game's rule flags to a command, which then gets one
    argument, `rules`: `build(**flags)`, the flags by their parameter names."""
    def probe():
        pass

    for option in options:
        probe = option(probe)
    names = [param.name for param in probe.__click_params__]

    def decorator(f: Callable) -> Callable:
        @functools.wraps(f)
        def command(*args, **kwargs):
            flags = {name: kwargs.pop(name) for name in names}
            return f(*args, rules=build(**flags), **kwargs)

        for option in reversed(options):
            command = option(command)
        return command

    return decorator


def limit_options(f: Callable = None, *, threads: bool = False) -> Callable:
    """--max-nodes, --timeout and --max-memory (and --threads, where the command
    searches on threads); the command then gets `limits`, a Limits."""
    def decorator(f: Callable) -> Callable:
        @functools.wraps(f)
        def command(*args, max_nodes, timeout, max_memory, **kwargs):
            count = kwargs.pop("threads") if threads else 1
            return f(*args, limits=Limits.make(max_nodes, timeout, max_memory, count), **kwargs)

        if threads:
            command = threads_option(command)
        command = click.option("--max-memory", type=MEMORY_SIZE, metavar="SIZE", default="1G", show_default=True,
                               help="Memory for the table of visited states, its growth included (e.g. 256M, "
                                    "2G; at most this machine's memory).  A full table forgets the positions "
                                    "whose searches were smallest and the search goes on, still exact, only "
                                    "slower.")(command)
        command = timeout_option("Stop after this many seconds with the best line so far (not proven).")(command)
        return click.option("--max-nodes", type=click.IntRange(1, MAX_NODES), metavar="N",
                            help="Stop after N search nodes with the best line so far (not proven).")(command)

    return decorator(f) if f is not None else decorator


def timeout_option(help_text: str) -> Callable:
    return click.option("--timeout", type=SECONDS, metavar="SECONDS", help=help_text)


def threads_option(f: Callable) -> Callable:
    return click.option("--threads", type=click.IntRange(0, MAX_THREADS), default=0, show_default=True, metavar="N",
                        help=f"Search threads sharing one table (0: one per core, up to 4; at most {MAX_THREADS}).  "
                             "The answer is the same whatever N; with --threads 1 the line and the node count are "
                             "too, run after run.")(f)


def output_options(f: Callable) -> Callable:
    f = click.option("--explain", is_flag=True, help="Print the line as numbered sentences.")(f)
    f = click.option("--json", "as_json", is_flag=True, help="Print one JSON object (for scripts).")(f)
    return f


def print_json(obj) -> None:
    click.echo(json.dumps(obj, indent=2))


def format_options(*extra: str) -> Callable:
    """--format text|pysol|json (and the `extra` formats of a game), and --json (as every
    command has) for --format json."""
    return functools.partial(_format_options, extra=extra)


def _format_options(f: Callable, extra=()) -> Callable:
    @functools.wraps(f)
    def command(*args, fmt, as_json, **kwargs):
        if as_json and fmt not in ("text", "json"):
            raise click.UsageError(f"--json and --format {fmt} ask for two formats: give one")
        return f(*args, fmt="json" if as_json else fmt, **kwargs)

    command = click.option("--json", "as_json", is_flag=True, help="The same as --format json (for scripts).")(command)
    return click.option(
        "--format", "fmt", type=click.Choice(["text", "pysol", "json", *extra]), default="text", show_default=True,
        help="text: a readable picture; pysol: PySol layout text (reads back in, as pysol-cards prints it); "
             "json" + "".join(f"; {name}: {name.capitalize()}'s deal JSON" for name in extra) + ".")(command)


FORMAT_OPTION = format_options()


PLAIN_OPTION = click.option("--plain", is_flag=True,
                            help="Cards as letters (AS, TD), no colour: the default when the output is not a "
                                 "terminal.  On a terminal cards show suit symbols, red and black (NO_COLOR: "
                                 "no colour).")


def card_style(plain: bool) -> CardStyle:
    """Suit symbols (and red and black unless NO_COLOR is set) on a terminal; letters
    when the output goes to a file or a pipe, or with --plain."""
    if plain or not sys.stdout.isatty():
        return PLAIN
    return CardStyle(symbols=True, color="NO_COLOR" not in os.environ)


def print_deal(deal, fmt: str, style: CardStyle = PLAIN) -> int:
    """`show`: any game's deal as a picture, PySol layout text or JSON."""
    if fmt == "pysol":
        click.echo(deal.to_pysol(), nl=False)
    elif fmt == "json":
        print_json(deal.to_json())
    elif fmt == "solvitaire":
        print_json(deal.to_solvitaire())
    else:
        click.echo(deal.render(style))
    return EXIT_OK


def exit_code_for(result) -> int:
    """0 for a proven answer, 3 for one a limit stopped, 130 for one Ctrl-C stopped."""
    if result.stop_reason == StopReason.INTERRUPTED:
        return EXIT_INTERRUPTED
    return EXIT_OK if result.proven else EXIT_NOT_PROVEN


def print_result(result, as_json: bool, explain: bool = False, extra: Optional[dict] = None,
                 style: CardStyle = PLAIN) -> int:
    """A solve's answer: its JSON (with `extra` keys), or its summary (cards in `style`,
    the line as sentences before the search's figures); the exit status it calls for."""
    if as_json:
        out = result.to_json()
        if explain:
            out["explanation"] = result.sentences()
        out.update(extra or {})
        print_json(out)
    else:
        lines = result.summary_lines(style)
        if explain:
            lines[-1:-1] = [f"{i:4d}. {sentence}" for i, sentence in enumerate(result.sentences(), 1)]
        click.echo("\n".join(lines))
    return exit_code_for(result)


@contextlib.contextmanager
def progress_line(limits: Limits, describe: Callable[[int, int], str], stream=None) -> Iterator[Limits]:
    """`limits` with a progress report for one long search: a line on stderr, written
    over in place every quarter second from the second second on (nodes, the best
    value so far and the start's bound in `describe`'s words, seconds), wiped when the
    search ends.  Only when stderr is a terminal: piped, it would fill a log."""
    stream = stream or sys.stderr
    if not stream.isatty():
        yield limits
        return
    shown = [0]

    def report(nodes: Optional[int], best: int, bound: int, seconds: float) -> None:
        counted = "" if nodes is None else f"{nodes:,} nodes, "  # (CP-SAT counts no nodes of ours)
        text = f"searching: {counted}{describe(best, bound)}, {seconds:.1f} s"
        stream.write("\r" + text.ljust(shown[0]))
        stream.flush()
        shown[0] = max(shown[0], len(text))

    try:
        yield dataclasses.replace(limits, progress=report)
    finally:
        if shown[0]:
            stream.write("\r" + " " * shown[0] + "\r")
            stream.flush()
