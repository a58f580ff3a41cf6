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
    exit_code_for,
    limit_options,
    make_limits,
    output_options,
    print_deal,
    print_json,
    read_text,
    search_summary,
    split_replay_args,
    threads_option,
)
from solver.klondike import KlondikeDeal, format_line, make_rules, replay, solve, vegas_score
from solver.klondike.notation import explain, move_of_action, parse_moves
from solver.klondike.rules import PRESETS, UNSET
from solver.limits import stop_message

MOVES_HELP = """Moves are tokens separated by spaces (columns 1-7):
DR or DRn draw once or n times; RD turn the waste over (next pass);
WF waste to foundation; W3 waste to column 3; 3F column 3 to foundation;
35 the run of column 3 that fits onto column 5; FH3 worry back the hearts
foundation's top card to column 3."""


def rules_options(f):
    f = click.option("--worry-back/--no-worry-back", default=True, show_default=True,
                     help="Allow moving a foundation's top card back to the tableau (it gives back its "
                          "5 points until it goes up again). On by default, as the seed plays it.")(f)
    f = click.option("--passes", metavar="N|unlimited",
                     help="Passes through the stock (default from --mode: casino 1, vegas 3, app 1, standard "
                          "unlimited).")(f)
    f = click.option("--draw", type=click.Choice(["1", "3"]),
                     help="Cards turned per draw (default from --mode).")(f)
    f = click.option("--mode", type=click.Choice(list(PRESETS)), default="casino", show_default=True,
                     help="Rule preset: casino = draw 1, 1 pass; vegas = draw 3, 3 passes; app = draw 3, "
                          "1 pass; standard = draw 1, unlimited passes. --draw/--passes override it.")(f)
    return f


def rules_from(mode, draw, passes, worry_back):
    return make_rules(mode, draw=int(draw) if draw else None, passes=UNSET if passes is None else passes,
                      worry_back=worry_back)


def load_deal(deal_file: Optional[str], seed: Optional[int], pysol: Optional[int]) -> KlondikeDeal:
    kind = choose_source(deal_file, seed, pysol)
    if kind == "seed":
        return KlondikeDeal.from_seed(seed)
    if kind == "pysol":
        return KlondikeDeal.from_pysol(pysol)
    name = "standard input" if deal_file == "-" else deal_file
    return KlondikeDeal.parse(read_text(deal_file), source=name)


@click.group(help="Klondike: Las Vegas form (draw 1, one pass, Vegas scoring) and its relatives.")
def klondike():
    pass


@klondike.command(epilog=EXIT_CODES_HELP)
@click.argument("deal_file", metavar="[DEAL]", required=False)
@deal_source_options
@rules_options
@click.option("--first-win", is_flag=True,
              help="Only decide whether the deal can be won (stops at the first win; faster). The max "
                   "foundation count is then exact only for a won deal.")
@limit_options
@threads_option
@output_options
def solve_cmd(deal_file, seed, pysol, mode, draw, passes, worry_back, first_win, max_nodes, timeout, max_memory,
              threads, as_json, explain):
    """Solve a deal: can it be won, and the most cards that can reach the foundations.

    DEAL is a file in PySol layout text or JSON, or - for standard input; or use
    --seed N / --pysol N.  The answer comes with a line of moves that reaches it
    (see 'patiens klondike replay --help' for the notation).
    """
    deal = load_deal(deal_file, seed, pysol)
    rules = rules_from(mode, draw, passes, worry_back)
    result = solve(deal, rules, first_win=first_win, limits=make_limits(max_nodes, timeout, max_memory, threads))
    if as_json:
        out = result.to_json()
        if explain:
            out["explanation"] = result.sentences()
        print_json(out)
    else:
        click.echo(f"Klondike, {deal.source or 'deal'}: {rules.describe()}")
        proof = "proven" if result.proven else "NOT proven: " + stop_message(result.stop_reason)
        if result.solvable is True:
            click.echo("Winnable: yes (all 52 cards home)")
        elif result.solvable is False:
            click.echo("Winnable: no (proven)")
        else:
            click.echo(f"Winnable: unknown ({stop_message(result.stop_reason)})")
        if result.question == "first-win" and not result.solvable:
            click.echo(f"Most cards home seen: {result.max_foundation} (a lower bound: --first-win does not "
                       "search for the maximum)")
        else:
            exact = "proven maximum" if result.exact else "best found, " + proof
            click.echo(f"Max foundation: {result.max_foundation} cards ({exact}); "
                       f"Vegas score {result.vegas_score:+d}")
        click.echo(f"Line ({len(result.tokens)} tokens): {format_line(result.line) or '(no move needed)'}")
        if explain:
            for i, sentence in enumerate(result.sentences(), 1):
                click.echo(f"{i:4d}. {sentence}")
        click.echo(search_summary(result.nodes, result.seconds, result.table_bytes, stop_message(result.stop_reason),
                                  result.threads))
    return exit_code_for(result.stop_reason, result.proven)


solve_cmd.name = "solve"


@klondike.command()
@click.argument("deal_file", metavar="[DEAL]", required=False)
@deal_source_options
@FORMAT_OPTION
def show(deal_file, seed, pysol, fmt):
    """Print a deal readably, or write it out as PySol layout text or JSON."""
    deal = load_deal(deal_file, seed, pysol)
    return print_deal(deal, fmt)


@klondike.command("replay", epilog=MOVES_HELP)
@click.argument("args", nargs=-1, metavar="[DEAL] MOVES...")
@deal_source_options
@rules_options
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (for scripts).")
@click.option("--explain", is_flag=True, help="Print each move as a sentence.")
def replay_cmd(args, seed, pysol, mode, draw, passes, worry_back, as_json, explain):
    """Check a line of moves: print the position and score it reaches, or the first
    illegal move.  Exit status 0 when every move is legal, 2 otherwise."""
    deal_file, text = split_replay_args(args, seed, pysol)
    deal = load_deal(deal_file, seed, pysol)
    rules = rules_from(mode, draw, passes, worry_back)
    moves = parse_moves(text)
    played = replay(deal, rules, [a for _, actions in moves for a in actions])
    failed = None if played.ok else move_of_action(moves, played.error_index)
    if as_json:
        print_json({
            "legal": played.ok, "moves_played": len(moves) if played.ok else failed[0] - 1,
            "error": played.error, "error_move": failed and failed[0], "error_token": failed and failed[1],
            "foundation": played.foundation, "max_foundation": played.max_foundation,
            "vegas_score": vegas_score(played.foundation), "best_vegas_score": vegas_score(played.max_foundation),
            "position": played.position.to_json(), "rules": rules.to_json(),
        })
    else:
        if explain:
            for i, sentence in enumerate(explain_lines(played, deal, rules), 1):
                click.echo(f"{i:4d}. {sentence}")
        click.echo(played.position.render())
        click.echo(f"Foundations: {played.foundation} cards, Vegas {vegas_score(played.foundation):+d} "
                   f"(most along the line: {played.max_foundation}, Vegas {vegas_score(played.max_foundation):+d})")
        if failed:
            number, token, within = failed
            part = f", draw {within} of {len(moves[number - 1][1])}" if len(moves[number - 1][1]) > 1 else ""
            click.echo(f"Illegal move {number} ({token}{part}): {played.error}")
    return EXIT_OK if played.ok else EXIT_BAD_INPUT


def explain_lines(played, deal, rules):
    return explain(played.actions, sum(deal.foundations), rules.draw)
