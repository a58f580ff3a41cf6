"""`patiens golf`: the minimal score of a Golf hole, nine-hole games, replays."""
from __future__ import annotations

from typing import List, Optional

import click

from cli.common import (
    EXIT_BAD_INPUT,
    EXIT_CODES_HELP,
    EXIT_OK,
    FORMAT_OPTION,
    PLAIN_OPTION,
    card_style,
    choose_source,
    deal_source_options,
    exit_code_for,
    limit_options,
    output_options,
    position_in_play,
    print_deal,
    print_json,
    print_result,
    progress_line,
    read_text,
    rules_options,
    split_replay_args,
)
from cli.viewer import (
    HTML_OPTION,
    KEYS_HELP,
    Frame,
    board_options,
    need_terminal,
    print_boards,
    view_line,
    write_page,
)
from solver.errors import DealError
from solver.golf import GolfDeal, GolfRules, play_game, replay, solve
from solver.golf.board import board_lines, position_after, walk
from solver.golf.game import HOLES
from solver.golf.real import DEFAULT_SAMPLES, PLAYERS, hint, parse_position, play, play_holes, view_after
from solver.pysol import MAX_GAME_NUMBER

MAX_SAMPLES = 100_000
MOVES_HELP = ("Moves: S turns the next stock card onto the waste; a column number (1-7, more with --decks) plays "
              "that column's free card onto the waste.")

RULES_OPTIONS = rules_options(
    GolfRules,
    click.option("--wrap", is_flag=True,
                 help="King and Ace are neighbours both ways (Putt Putt, Easy Golf). Default: basic rules, nothing "
                      "on a King, no wrap."),
    click.option("--queen-on-king", is_flag=True, help="A Queen may be played on a King."),
    click.option("--king-on-ace-stop", is_flag=True,
                 help="A King may be played on an Ace, but then nothing on that King."),
    click.option("--jokers", type=click.IntRange(0, 2), default=0, show_default=True,
                 help="Wild cards shuffled in (deck of 53 or 54): a joker may be played on anything and anything on "
                      "a joker; each joker adds one card to the stock."),
    click.option("--empty-waste", is_flag=True,
                 help="No base card: the first waste card is a free card of your choice (the stock gets the card "
                      "that would have been the base)."),
    click.option("--decks", type=click.IntRange(1, 4), default=1, show_default=True,
                 help="Decks shuffled together; each deck adds 7 columns of 5 (2 decks: 14 columns, one base card, "
                      "33 stock cards)."),
)


def load_deal(deal_file: Optional[str], seed: Optional[int], pysol: Optional[int], rules: GolfRules) -> GolfDeal:
    kind = choose_source(deal_file, seed, pysol)
    if kind == "seed":
        return GolfDeal.from_seed(seed, rules)
    if kind == "pysol":
        return GolfDeal.from_pysol_number(pysol, rules)
    name = "standard input" if deal_file == "-" else deal_file
    return GolfDeal.parse(read_text(deal_file), rules, source=name)


@click.group(help="Golf: the minimal score of a hole (cleared: minus the stock left; else the cards left).")
def golf():
    pass


AFTER_OPTION = click.option("--after", metavar="MOVES",
                            help="Start from the position these moves reach (a line as 'replay' takes it).")


@golf.command("solve", epilog=EXIT_CODES_HELP)
@click.argument("deal_file", metavar="[DEAL]", required=False)
@deal_source_options
@RULES_OPTIONS
@AFTER_OPTION
@board_options
@HTML_OPTION
@limit_options(threads=True)
@output_options
@click.option("--format", "fmt", type=click.Choice(["tokens", "bhs"]), default="tokens", show_default=True,
              help="How to print the line: our tokens, or black-hole-solver's output (Solved! and the moves, "
                   "Unsolved! or Intractable!), which PySolFC reads.")
@click.option("--first-clear", is_flag=True,
              help="Only decide whether the tableau can be cleared, as black-hole-solver does (stops at the first "
                   "clear found; much faster).  The score printed is then the one that line reaches, not the "
                   "minimum.")
def solve_cmd(deal_file, seed, pysol, rules, after, board, every, plain, html_file, limits, as_json, explain, fmt,
              first_clear):
    """Find the minimal score of a hole, with a line of moves that achieves it.

    DEAL is a file in PySol layout text or JSON, or - for standard input; or use
    --seed N / --pysol N; with --after, the position a line of moves reaches from it.
    """
    deal = load_deal(deal_file, seed, pysol, rules)
    if after is not None:
        deal = position_after(deal, rules, after)
    # (The search's value is minus the score: its bound is the least score possible.)
    with progress_line(limits, lambda best, bound: f"best score {-best} (at the start: at least {-bound})") as watched:
        result = solve(deal, rules, first_clear=first_clear, limits=watched)
    if board and not as_json:
        print_boards(frames(deal, rules, result.tokens, card_style(plain)), every)
    which = "the first clear found" if first_clear and result.solvable else "the best line"
    write_html(html_file, deal, rules, result.tokens,
               f"Golf, {deal.source or 'a deal'}: {which}, score {result.best_score}")
    if fmt == "bhs" and not as_json:
        click.echo("\n".join(result.bhs_lines()))
        return exit_code_for(result)
    return print_result(result, as_json, explain, extra={"bhs": result.bhs_lines()} if fmt == "bhs" else None)


@golf.command("show")
@click.argument("deal_file", metavar="[DEAL]", required=False)
@deal_source_options
@RULES_OPTIONS
@FORMAT_OPTION
@PLAIN_OPTION
def show_cmd(deal_file, seed, pysol, rules, fmt, plain):
    """Print a deal readably, or write it out as PySol layout text or JSON."""
    return print_deal(load_deal(deal_file, seed, pysol, rules), fmt, card_style(plain))


@golf.command("replay", epilog=MOVES_HELP)
@click.argument("args", nargs=-1, metavar="[DEAL] MOVES...")
@deal_source_options
@RULES_OPTIONS
@board_options
@HTML_OPTION
@output_options
def replay_cmd(args, seed, pysol, rules, board, every, plain, html_file, as_json, explain):
    """Check a line of moves: print the score it reaches, or the first illegal move
    (--board: the table after every move too).  Exit status 0 when every move is
    legal, 2 otherwise."""
    deal_file, text = split_replay_args(args, seed, pysol)
    deal = load_deal(deal_file, seed, pysol, rules)
    played = replay(deal, rules, text)
    legal = [m.token() for m in played.moves]
    write_html(html_file, deal, rules, legal,
               f"Golf, {deal.source or 'a deal'}: a line of {len(played.tokens)} moves"
               + ("" if played.ok else f", up to its illegal move {played.error_move}"))
    if as_json:
        print_json(played.to_json())
    else:
        if explain:
            for i, sentence in enumerate(played.sentences(), 1):
                click.echo(f"{i:4d}. {sentence}")
        if board:
            print_boards(frames(deal, rules, legal, card_style(plain)), every)
        click.echo("\n".join(played.summary_lines()))
    return EXIT_OK if played.ok else EXIT_BAD_INPUT


@golf.command("view", epilog=MOVES_HELP,
              help="Step through a line on the table, a move at a time: the MOVES given, or without them the "
                   f"hole's best line (solved first).  {KEYS_HELP} (for a printout: replay --board).")
@click.argument("args", nargs=-1, metavar="[DEAL] [MOVES...]")
@deal_source_options
@RULES_OPTIONS
@PLAIN_OPTION
def view_cmd(args, seed, pysol, rules, plain):
    need_terminal("replay --board")
    deal_file, text = split_replay_args(args, seed, pysol)
    deal = load_deal(deal_file, seed, pysol, rules)
    return view_line(f"Golf, {deal.source or 'a deal'}", text, lambda: solve(deal, rules).tokens,
                     lambda tokens: frames(deal, rules, tokens, card_style(plain)))


def frames(deal: GolfDeal, rules: GolfRules, tokens: List[str], style) -> List[Frame]:
    """The table after each move of a line (up to its first illegal move)."""
    return [Frame(f"score {step.view.score}", board_lines(step.view, style), step.token, step.sentence)
            for step in walk(deal, rules, tokens)]


def write_html(path: Optional[str], deal: GolfDeal, rules: GolfRules, tokens: List[str], title: str) -> None:
    from solver.golf.html import page
    write_page(path, lambda: page(deal, rules, tokens, title))


def player_options(default: Optional[str], without: str = ""):
    """--player (default `default`; `without` says what no player means), --samples and
    --sampler-seed: how a player of the real game chooses."""
    def decorator(f):
        f = click.option("--sampler-seed", type=click.IntRange(0, 2**64 - 1), default=1, show_default=True,
                         metavar="N", help="Seed of the search player's sampled stock orders: the same seed and "
                                           "--samples play the same game on any machine.")(f)
        f = click.option("--samples", type=click.IntRange(1, MAX_SAMPLES), default=DEFAULT_SAMPLES,
                         show_default=True, metavar="N",
                         help="Stock orders the search player weighs at each choice.")(f)
        return click.option("--player", type=click.Choice(PLAYERS), default=default, show_default=default is not None,
                            help="Play as a person does, the stock's order unknown: greedy (a free card when one "
                                 "fits, the tallest column first, else the stock) or search (samples the unseen "
                                 f"stock orders and solves each choice in each){without}.")(f)
    return decorator


@golf.command("play", epilog=EXIT_CODES_HELP)
@click.argument("deal_file", metavar="[DEAL]", required=False)
@deal_source_options
@RULES_OPTIONS
@player_options("search")
@HTML_OPTION
@limit_options(threads=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (for scripts).")
def play_cmd(deal_file, seed, pysol, rules, player, samples, sampler_seed, html_file, limits, as_json):
    """Play a hole as a person does: the stock's order unknown, only the cards turned
    so far seen.  Prints the line (golf replay checks it), the score, and the best
    score with the order known (the limits apply to that solve)."""
    deal = load_deal(deal_file, seed, pysol, rules)
    hole = play(deal, rules, player=player, samples=samples, sampler_seed=sampler_seed, limits=limits)
    write_html(html_file, deal, rules, hole.tokens,
               f"Golf, {deal.source or 'a deal'}: the {player} player's hole, score {hole.score}")
    if as_json:
        print_json(hole.to_json())
    else:
        click.echo("\n".join(hole.summary_lines()))
    return EXIT_OK


@golf.command("hint", epilog=EXIT_CODES_HELP)
@click.argument("position_file", metavar="[POSITION]", required=False)
@deal_source_options
@AFTER_OPTION
@RULES_OPTIONS
@click.option("--samples", type=click.IntRange(1, MAX_SAMPLES), default=64, show_default=True, metavar="N",
              help="Stock orders to weigh (every order, exactly, when few cards are unseen).")
@click.option("--sampler-seed", type=click.IntRange(0, 2**64 - 1), default=1, show_default=True, metavar="N",
              help="Seed of the sampled orders.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (for scripts).")
def hint_cmd(position_file, seed, pysol, after, rules, samples, sampler_seed, as_json):
    """Rank the moves of a position part-way through a hole by their expected score.

    POSITION (a file, or - for standard input) is the PySol Golf layout with a
    'Waste:' line (the pile, bottom first) and ?? in the 'Talon:' line for each stock
    card not seen yet.  Or a hole in progress: --seed N / --pysol N (or a whole deal)
    and --after "MOVES", the moves played so far; the cards they turned are known,
    the rest of the stock unseen."""
    view = position_in_play(position_file, seed is not None or pysol is not None, after,
                            lambda: view_after(load_deal(position_file, seed, pysol, rules), rules, after),
                            lambda: parse_position(read_text(position_file), rules))
    advice = hint(view, samples, sampler_seed)
    if as_json:
        print_json(advice.to_json())
    else:
        click.echo("\n".join(advice.summary_lines()))
    return EXIT_OK


@golf.command("game", epilog=EXIT_CODES_HELP)
@click.argument("deal_files", nargs=-1, metavar="[DEAL...]")
@click.option("--seed", type=click.IntRange(0, 2**64 - HOLES), metavar="N", help="Nine holes: seeds N to N+8.")
@click.option("--pysol", type=click.IntRange(1, MAX_GAME_NUMBER - HOLES + 1), metavar="N",
              help="Nine holes: PySolFC Golf games N to N+8.")
@RULES_OPTIONS
@click.option("--par", type=click.Choice(["45", "36"]), default="45", show_default=True,
              help="Par for nine holes: 45, or 36 (4 a hole).")
@player_options(None, "; without it, perfect play")
@limit_options(threads=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (for scripts).")
def game_cmd(deal_files, seed, pysol, rules, par, player, samples, sampler_seed, limits, as_json):
    """Play a nine-hole game: each hole's best score and the total (perfect play), or
    with --player as a person plays, beside the best with the order known.

    Give --seed N or --pysol N (nine consecutive deals), or nine DEAL files.
    Limits apply to each hole's solve."""
    deals = nine_deals(deal_files, seed, pysol, rules)
    if player is None:
        return print_result(play_game(deals, rules, par=int(par), limits=limits), as_json)
    game = play_holes(deals, rules, par=int(par), player=player, samples=samples, sampler_seed=sampler_seed,
                      limits=limits)
    if as_json:
        print_json(game.to_json())
    else:
        click.echo("\n".join(game.summary_lines()))
    return EXIT_OK


def nine_deals(deal_files, seed, pysol, rules) -> List[GolfDeal]:
    given = sum(x is not None and x != () for x in (deal_files or None, seed, pysol))
    if given != 1:
        raise DealError("give nine DEAL files, --seed N or --pysol N (one of them)")
    if seed is not None:
        return [GolfDeal.from_seed(seed + i, rules) for i in range(HOLES)]
    if pysol is not None:
        return [GolfDeal.from_pysol_number(pysol + i, rules) for i in range(HOLES)]
    if len(deal_files) != HOLES:
        raise DealError(f"a game is nine holes: give nine deal files, not {len(deal_files)}")
    return [load_deal(f, None, None, rules) for f in deal_files]

