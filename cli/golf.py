"""`patiens golf`: the minimal score of a Golf hole, nine-hole games, replays."""
from __future__ import annotations

from typing import List, Optional

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
    print_deal,
    print_json,
    read_text,
    search_summary,
    split_replay_args,
    threads_option,
)
from solver.errors import DealError
from solver.golf import GolfDeal, GolfRules, format_line, parse_line, play_game, replay, solve
from solver.golf.game import HOLES
from solver.golf.notation import explain as explain_moves
from solver.limits import stop_message
from solver.pysol import MAX_GAME_NUMBER

MOVES_HELP = ("Moves: S turns the next stock card onto the waste; a column number (1-7, more with --decks) plays "
              "that column's free card onto the waste.")


def rules_options(f):
    f = click.option("--decks", type=click.IntRange(1, 4), default=1, show_default=True,
                     help="Decks shuffled together; each deck adds 7 columns of 5 (2 decks: 14 columns, "
                          "one base card, 33 stock cards).")(f)
    f = click.option("--empty-waste", is_flag=True,
                     help="No base card: the first waste card is a free card of your choice (the stock gets the "
                          "card that would have been the base).")(f)
    f = click.option("--jokers", type=click.IntRange(0, 2), default=0, show_default=True,
                     help="Wild cards shuffled in (deck of 53 or 54): a joker may be played on anything and "
                          "anything on a joker; each joker adds one card to the stock.")(f)
    f = click.option("--king-on-ace-stop", is_flag=True,
                     help="A King may be played on an Ace, but then nothing on that King.")(f)
    f = click.option("--queen-on-king", is_flag=True, help="A Queen may be played on a King.")(f)
    f = click.option("--wrap", is_flag=True,
                     help="King and Ace are neighbours both ways (Putt Putt, Easy Golf). Default: basic rules, "
                          "nothing on a King, no wrap.")(f)
    return f


def rules_from(wrap, queen_on_king, king_on_ace_stop, jokers, empty_waste, decks) -> GolfRules:
    return GolfRules(wrap=wrap, queen_on_king=queen_on_king, king_on_ace_stop=king_on_ace_stop, jokers=jokers,
                     empty_waste=empty_waste, decks=decks)


def load_deal(deal_file: Optional[str], seed: Optional[int], pysol: Optional[int], rules: GolfRules) -> GolfDeal:
    kind = choose_source(deal_file, seed, pysol)
    if kind == "seed":
        return GolfDeal.from_seed(seed, rules)
    if kind == "pysol":
        return GolfDeal.from_pysol(pysol, rules)
    name = "standard input" if deal_file == "-" else deal_file
    return GolfDeal.parse(read_text(deal_file), rules, source=name)


@click.group(help="Golf: the minimal score of a hole (cleared: minus the stock left; else the cards left).")
def golf():
    pass


def score_text(result) -> str:
    if result.best_score <= 0:
        return f"{result.best_score} (tableau cleared with {result.stock_left} stock card(s) left)"
    return f"{result.best_score} ({result.cards_left} card(s) left on the tableau)"


@golf.command("solve", epilog=EXIT_CODES_HELP)
@click.argument("deal_file", metavar="[DEAL]", required=False)
@deal_source_options
@rules_options
@limit_options
@threads_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (for scripts).")
@click.option("--explain", is_flag=True, help="Print the line as numbered sentences.")
@click.option("--format", "fmt", type=click.Choice(["tokens", "bhs"]), default="tokens", show_default=True,
              help="How to print the line: our tokens, or black-hole-solver's sentences (which PySolFC reads).")
def solve_cmd(deal_file, seed, pysol, wrap, queen_on_king, king_on_ace_stop, jokers, empty_waste, decks, max_nodes,
              timeout, max_memory, threads, as_json, explain, fmt):
    """Find the minimal score of a hole, with a line of moves that achieves it.

    DEAL is a file in PySol layout text or JSON, or - for standard input; or use
    --seed N / --pysol N.
    """
    rules = rules_from(wrap, queen_on_king, king_on_ace_stop, jokers, empty_waste, decks)
    deal = load_deal(deal_file, seed, pysol, rules)
    result = solve(deal, make_limits(max_nodes, timeout, max_memory, threads))
    if as_json:
        out = result.to_json()
        if explain:
            out["explanation"] = result.sentences()
        if fmt == "bhs":
            out["bhs"] = result.bhs_lines()
        print_json(out)
    elif fmt == "bhs":
        click.echo("\n".join(result.bhs_lines()))
    else:
        click.echo(f"Golf, {deal.source or 'deal'}: {rules.describe()}")
        if result.solvable is True:
            click.echo("Clearable: yes")
        elif result.solvable is False:
            click.echo("Clearable: no (proven)")
        else:
            click.echo(f"Clearable: unknown ({stop_message(result.stop_reason)})")
        if result.impossible_reason:
            click.echo(f"Trivially impossible (a reshuffle is allowed): {result.impossible_reason}")
        proof = "proven minimum" if result.proven else "best found, NOT proven: " + stop_message(result.stop_reason)
        click.echo(f"Best score: {score_text(result)}; {proof}")
        click.echo(f"Line ({len(result.line)} moves): {format_line(result.line) or '(no move)'}")
        if explain:
            for i, sentence in enumerate(result.sentences(), 1):
                click.echo(f"{i:4d}. {sentence}")
        click.echo(search_summary(result.nodes, result.seconds, result.table_bytes, stop_message(result.stop_reason),
                                  result.threads))
    return exit_code_for(result.stop_reason, result.proven)


@golf.command()
@click.argument("deal_file", metavar="[DEAL]", required=False)
@deal_source_options
@rules_options
@FORMAT_OPTION
def show(deal_file, seed, pysol, wrap, queen_on_king, king_on_ace_stop, jokers, empty_waste, decks, fmt):
    """Print a deal readably, or write it out as PySol layout text or JSON."""
    rules = rules_from(wrap, queen_on_king, king_on_ace_stop, jokers, empty_waste, decks)
    deal = load_deal(deal_file, seed, pysol, rules)
    return print_deal(deal, fmt)


@golf.command("replay", epilog=MOVES_HELP)
@click.argument("args", nargs=-1, metavar="[DEAL] MOVES...")
@deal_source_options
@rules_options
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (for scripts).")
@click.option("--explain", is_flag=True, help="Print each move as a sentence.")
def replay_cmd(args, seed, pysol, wrap, queen_on_king, king_on_ace_stop, jokers, empty_waste, decks, as_json,
               explain):
    """Check a line of moves: print the score it reaches, or the first illegal move.
    Exit status 0 when every move is legal, 2 otherwise."""
    rules = rules_from(wrap, queen_on_king, king_on_ace_stop, jokers, empty_waste, decks)
    deal_file, moves = split_replay_args(args, seed, pysol)
    deal = load_deal(deal_file, seed, pysol, rules)
    moves = moves.replace(",", " ")
    played = replay(deal, parse_line(moves, rules.columns))
    if as_json:
        failed = None if played.ok else played.error_index + 1  # each token is one move
        print_json({"legal": played.ok, "moves_played": len(played.moves), "error": played.error,
                    "error_move": failed, "error_token": failed and moves.split()[failed - 1],
                    "score": played.score,
                    "cards_left": played.cards_left, "stock_left": played.stock_left, "rules": rules.to_json()})
    else:
        if explain:
            for i, sentence in enumerate(explain_moves(deal, played.moves), 1):
                click.echo(f"{i:4d}. {sentence}")
        click.echo(f"Score {played.score}: {played.cards_left} card(s) left on the tableau, "
                   f"{played.stock_left} in the stock")
        if not played.ok:
            number = played.error_index + 1
            click.echo(f"Illegal move {number} ({moves.split()[number - 1]}): {played.error}")
    return EXIT_OK if played.ok else EXIT_BAD_INPUT


@golf.command(epilog=EXIT_CODES_HELP)
@click.argument("deal_files", nargs=-1, metavar="[DEAL...]")
@click.option("--seed", type=click.IntRange(0, 2**64 - HOLES), metavar="N", help="Nine holes: seeds N to N+8.")
@click.option("--pysol", type=click.IntRange(1, MAX_GAME_NUMBER - HOLES + 1), metavar="N",
              help="Nine holes: PySolFC Golf games N to N+8.")
@rules_options
@click.option("--par", type=click.Choice(["45", "36"]), default="45", show_default=True,
              help="Par for nine holes: 45, or 36 (4 a hole).")
@limit_options
@threads_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (for scripts).")
def game(deal_files, seed, pysol, wrap, queen_on_king, king_on_ace_stop, jokers, empty_waste, decks, par, max_nodes,
         timeout, max_memory, threads, as_json):
    """Play a nine-hole game with perfect play: each hole's best score and the total.

    Give --seed N or --pysol N (nine consecutive deals), or nine DEAL files.
    Limits apply to each hole."""
    rules = rules_from(wrap, queen_on_king, king_on_ace_stop, jokers, empty_waste, decks)
    deals = nine_deals(deal_files, seed, pysol, rules)
    result = play_game(deals, int(par), make_limits(max_nodes, timeout, max_memory, threads))
    if as_json:
        print_json(result.to_json())
    else:
        click.echo(f"Golf, nine holes: {rules.describe()}; par {par}")
        for h in result.holes:
            flag = "" if h.result.proven else "  (not proven)"
            click.echo(f"  hole {h.hole} ({h.deal.source}): {h.result.best_score:+d}{flag}")
        click.echo(f"Total {result.total}: {result.verdict}")
    reasons = [h.result.stop_reason for h in result.holes]
    return exit_code_for("interrupted" if "interrupted" in reasons else "complete", result.proven)


def nine_deals(deal_files, seed, pysol, rules) -> List[GolfDeal]:
    given = sum(x is not None and x != () for x in (deal_files or None, seed, pysol))
    if given != 1:
        raise DealError("give nine DEAL files, --seed N or --pysol N (one of them)")
    if seed is not None:
        return [GolfDeal.from_seed(seed + i, rules) for i in range(HOLES)]
    if pysol is not None:
        return [GolfDeal.from_pysol(pysol + i, rules) for i in range(HOLES)]
    if len(deal_files) != HOLES:
        raise DealError(f"a game is nine holes: give nine deal files, not {len(deal_files)}")
    return [load_deal(f, None, None, rules) for f in deal_files]

