"""`patiens klondike`: solve, show and replay Klondike deals (Las Vegas form and relatives)."""
from __future__ import annotations

from typing import Optional

import click

from cli.common import (
    EXIT_BAD_INPUT,
    EXIT_CODES_HELP,
    EXIT_OK,
    FORMAT_OPTION,
    choose_source,
    deal_source_options,
    limit_options,
    output_options,
    print_deal,
    print_json,
    print_result,
    read_text,
    rules_options,
    split_replay_args,
)
from solver.klondike import KlondikeDeal, make_rules, replay, solve
from solver.klondike.rules import PRESETS, UNSET

MOVES_HELP = """Moves are tokens separated by spaces (columns 1-7):
DR or DRn draw once or n times; RD turn the waste over (next pass);
WF waste to foundation; W3 waste to column 3; 3F column 3 to foundation;
35 the run of column 3 that fits onto column 5; FH3 worry back the hearts
foundation's top card to column 3."""


def rules_from(mode, draw, passes, worry_back):
    return make_rules(mode, draw=int(draw) if draw else None, passes=UNSET if passes is None else passes,
                      worry_back=worry_back)


RULES_OPTIONS = rules_options(
    rules_from,
    click.option("--mode", type=click.Choice(list(PRESETS)), default="casino", show_default=True,
                 help="Rule preset: casino = draw 1, 1 pass; vegas = draw 3, 3 passes; app = draw 3, 1 pass; "
                      "standard = draw 1, unlimited passes. --draw/--passes override it."),
    click.option("--draw", type=click.Choice(["1", "3"]), help="Cards turned per draw (default from --mode)."),
    click.option("--passes", metavar="N|unlimited",
                 help="Passes through the stock (default from --mode: casino 1, vegas 3, app 1, standard "
                      "unlimited)."),
    click.option("--worry-back/--no-worry-back", default=True, show_default=True,
                 help="Allow moving a foundation's top card back to the tableau (it gives back its 5 points until "
                      "it goes up again). On by default, as the seed plays it."),
)


def load_deal(deal_file: Optional[str], seed: Optional[int], pysol: Optional[int]) -> KlondikeDeal:
    kind = choose_source(deal_file, seed, pysol)
    if kind == "seed":
        return KlondikeDeal.from_seed(seed)
    if kind == "pysol":
        return KlondikeDeal.from_pysol_number(pysol)
    name = "standard input" if deal_file == "-" else deal_file
    return KlondikeDeal.parse(read_text(deal_file), source=name)


@click.group(help="Klondike: Las Vegas form (draw 1, one pass, Vegas scoring) and its relatives.")
def klondike():
    pass


@klondike.command("solve", epilog=EXIT_CODES_HELP)
@click.argument("deal_file", metavar="[DEAL]", required=False)
@deal_source_options
@RULES_OPTIONS
@click.option("--first-win", is_flag=True,
              help="Only decide whether the deal can be won (stops at the first win; faster). The max "
                   "foundation count is then exact only for a won deal.")
@limit_options(threads=True)
@output_options
def solve_cmd(deal_file, seed, pysol, rules, first_win, limits, as_json, explain):
    """Solve a deal: can it be won, and the most cards that can reach the foundations.

    DEAL is a file in PySol layout text or JSON, or - for standard input; or use
    --seed N / --pysol N.  The answer comes with a line of moves that reaches it
    (see 'patiens klondike replay --help' for the notation).
    """
    result = solve(load_deal(deal_file, seed, pysol), rules, first_win=first_win, limits=limits)
    return print_result(result, as_json, explain)


@klondike.command("show")
@click.argument("deal_file", metavar="[DEAL]", required=False)
@deal_source_options
@FORMAT_OPTION
def show_cmd(deal_file, seed, pysol, fmt):
    """Print a deal readably, or write it out as PySol layout text or JSON."""
    return print_deal(load_deal(deal_file, seed, pysol), fmt)


@klondike.command("replay", epilog=MOVES_HELP)
@click.argument("args", nargs=-1, metavar="[DEAL] MOVES...")
@deal_source_options
@RULES_OPTIONS
@output_options
def replay_cmd(args, seed, pysol, rules, as_json, explain):
    """Check a line of moves: print the position and score it reaches, or the first
    illegal move.  Exit status 0 when every move is legal, 2 otherwise."""
    deal_file, text = split_replay_args(args, seed, pysol)
    played = replay(load_deal(deal_file, seed, pysol), rules, text)
    if as_json:
        print_json(played.to_json())
    else:
        if explain:
            for i, sentence in enumerate(played.sentences(), 1):
                click.echo(f"{i:4d}. {sentence}")
        click.echo("\n".join(played.summary_lines()))
    return EXIT_OK if played.ok else EXIT_BAD_INPUT
