"""`patiens poker`: proven optimal Poker Squares grids, and scoring a player's grid."""
from __future__ import annotations

from typing import List, Optional, Tuple

import click

from cli.common import (
    EXIT_CODES_HELP,
    EXIT_OK,
    MAX_WORKERS,
    PLAIN_OPTION,
    SECONDS,
    card_style,
    exit_code_for,
    print_json,
    print_result,
    progress_line,
    read_text,
    rules_options,
    timeout_option,
)
from cli.viewer import (
    HTML_OPTION,
    KEYS_HELP,
    Frame,
    board_options,
    need_terminal,
    print_boards,
    step_through,
    write_page,
)
from solver.cards import card_str, parse_card
from solver.errors import DealError
from solver.limits import Limits
from solver.poker import TABLES, PokerRules, order_from_pysol, order_from_seed, parse_order, score_grid
from solver.poker.board import board_lines, walk
from solver.poker.real import DEFAULT_SECONDS, PLAYERS, hint, parse_partial_grid, play
from solver.poker.rules import SIZE
from solver.pysol import MAX_GAME_NUMBER

MAX_ROLLOUTS = 10**7


def rules_from(table, table_file, diagonals, first_top_left, adjacent, joker, discards, rows_only) -> PokerRules:
    return PokerRules.make(table, table_file, diagonals=diagonals, first_top_left=first_top_left,
                           adjacent=adjacent, joker=joker, discards=int(discards), rows_only=rows_only)


RULES_OPTIONS = rules_options(
    rules_from,
    click.option("--table", type=click.Choice(list(TABLES)), default="english", show_default=True,
                 help="Scoring table (points for royal flush .. pair)."),
    click.option("--table-file", type=click.Path(dir_okay=False), metavar="FILE",
                 help="A custom table: JSON of points per hand (e.g. {\"pair\": 1, \"flush\": -3}); any integers, "
                      "non-monotone and negative ones too; missing hands score 0."),
    click.option("--diagonals", is_flag=True, help="The two long diagonals score as extra hands."),
    click.option("--first-top-left", is_flag=True, help="The first card goes in the top-left cell."),
    click.option("--adjacent", is_flag=True,
                 help="Each card after the first must touch (also diagonally) a card already placed: the order then "
                      "matters, and the answer's placement order obeys it."),
    click.option("--joker", is_flag=True,
                 help="A wild card (JK) may be in the order; in each hand it is the card that scores most."),
    click.option("--discards", type=click.Choice(["0", "5"]), default="0", show_default=True,
                 help="The large Swedish form: 30 cards are turned and 5 of them may be discarded."),
    click.option("--rows-only", is_flag=True, help="Repeat Poker: rows score, columns do not."),
)


def order_options(f):
    f = click.option("--pysol", type=click.IntRange(1, MAX_GAME_NUMBER), metavar="N",
                     help="The first cards of PySolFC's shuffle of game N.")(f)
    f = click.option("--seed", type=click.IntRange(0, 2**64 - 1), metavar="N",
                     help="The first cards of our documented shuffle with seed N (see docs/guide.md).")(f)
    f = click.option("--cards", metavar="\"AS KD ...\"", help="The card order, first card first.")(f)
    return f


def load_order(order_file: Optional[str], cards: Optional[str], seed: Optional[int], pysol: Optional[int],
               rules: PokerRules) -> Tuple[List[int], str]:
    """The card order and where it came from."""
    given = [name for name, v in (("an ORDER file", order_file), ("--cards", cards), ("--seed", seed),
                                  ("--pysol", pysol)) if v is not None]
    if len(given) != 1:
        raise DealError("give the card order one way: an ORDER file (or -), --cards, --seed N or --pysol N")
    if seed is not None:
        return order_from_seed(seed, rules), f"seed {seed}"
    if pysol is not None:
        return order_from_pysol(pysol, rules), f"PySolFC game {pysol}"
    if cards is not None:
        return parse_order(cards, rules), "--cards"
    return parse_order(read_text(order_file), rules), "standard input" if order_file == "-" else order_file


def solve_order(order, rules, timeout, workers: int = 0, source: str = ""):
    """The optimum, with a progress line on a terminal for a long solve."""
    from solver.poker import solve  # loads OR-Tools

    def describe(best, bound):
        return f"best grid {'none yet' if best is None else best}, none above {bound}"

    with progress_line(Limits(timeout=timeout or 0.0, threads=workers), describe) as limits:
        return solve(order, rules, limits=limits, source=source)


WORKERS_OPTION = click.option("--workers", type=click.IntRange(0, MAX_WORKERS), default=0, show_default=True,
                              help="CP-SAT workers (0: one per core; 1: the same grid run after run).")


@click.group(help="Poker Squares: with the card order known, the proven optimal 5x5 grid (OR-Tools CP-SAT).")
def poker():
    pass


@poker.command("solve", epilog=EXIT_CODES_HELP)
@click.argument("order_file", metavar="[ORDER]", required=False)
@order_options
@RULES_OPTIONS
@timeout_option("Stop with the best grid so far and CP-SAT's proven bound (not proven).")
@WORKERS_OPTION
@board_options
@HTML_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (for scripts).")
def solve_cmd(order_file, cards, seed, pysol, rules, timeout, workers, board, every, plain, html_file, as_json):
    """The best placement of a known card order, proven optimal by CP-SAT.

    ORDER is a file (or - for standard input) listing the cards in the order
    they are turned; or use --cards, --seed N or --pysol N.  --board and --html
    show the grid filling in the order the cards are turned.
    """
    order, source = load_order(order_file, cards, seed, pysol, rules)
    result = solve_order(order, rules, timeout, workers, source)
    style = card_style(plain)
    if board and not as_json:
        print_boards(frames(order, result.placement, result.discarded, rules, style), every)
    write_html(html_file, order, result.placement, result.discarded, rules,
               f"Poker Squares, {source}: the best grid, {result.score} points")
    return print_result(result, as_json, style=style)


@poker.command("view", help="Step through the best grid of a card order, a card at a time, as the cards are "
                            f"turned (solved first).  {KEYS_HELP} (for a printout: solve --board).")
@click.argument("order_file", metavar="[ORDER]", required=False)
@order_options
@RULES_OPTIONS
@timeout_option("Stop the solve with the best grid so far (not proven).")
@WORKERS_OPTION
@PLAIN_OPTION
def view_cmd(order_file, cards, seed, pysol, rules, timeout, workers, plain):
    need_terminal("solve --board")
    order, source = load_order(order_file, cards, seed, pysol, rules)
    result = solve_order(order, rules, timeout, workers, source)
    proof = "" if result.proven else ", not proven"
    return step_through(f"Poker Squares, {source}, the best grid ({result.score}{proof})",
                        frames(order, result.placement, result.discarded, rules, card_style(plain)),
                        start="The empty grid.")


def frames(order, placement, discarded, rules: PokerRules, style) -> List[Frame]:
    """The grid after each card turned."""
    return [Frame(step.caption(rules), board_lines(step, rules, style), step.token, step.text)
            for step in walk(order, placement, discarded)]


def write_html(path, order, placement, discarded, rules: PokerRules, title: str) -> None:
    from solver.poker.html import page
    write_page(path, lambda: page(order, placement, discarded, rules, title))


@poker.command("play", epilog=EXIT_CODES_HELP)
@click.argument("order_file", metavar="[ORDER]", required=False)
@order_options
@RULES_OPTIONS
@click.option("--player", type=click.Choice(PLAYERS), default="search", show_default=True,
              help="greedy: each card where the partial hands look best; values: where the lines gain the most "
                   "worth learned for the table by self-play at start-up (a few seconds, once); search: every "
                   "cell tried by rollouts of the unseen cards, played out by the values player; the last five "
                   "cells weighed exactly.")
@click.option("--rollouts", type=click.IntRange(1, MAX_ROLLOUTS), metavar="N",
              help="Rollout rounds a card, as if spread evenly over the choices (successive halving gives the "
                   "best few more); a count: the same game on any machine.  Without it, --time-per-game.")
@click.option("--time-per-game", type=SECONDS, default=DEFAULT_SECONDS, show_default=True, metavar="SECONDS",
              help="The search player's decision time for the whole game (the published competitions' 30 s); "
                   "the exact weighing of the last five cells takes what it takes, about half a second.")
@click.option("--sampler-seed", type=click.IntRange(0, 2**64 - 1), default=1, show_default=True, metavar="N",
              help="Seed of the rollouts' deals.")
@timeout_option("Time limit for the optimum of the same order (the comparison).")
@HTML_OPTION
@PLAIN_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (for scripts).")
def play_cmd(order_file, cards, seed, pysol, rules, player, rollouts, time_per_game, sampler_seed, timeout,
             html_file, plain, as_json):
    """Play a card order as a person does: each card placed before the next is seen.
    Prints the grid, its score, the proven optimum of the same order and the gap."""
    order, source = load_order(order_file, cards, seed, pysol, rules)
    played = play(order, rules, player=player, rollouts=rollouts, seconds_per_game=time_per_game,
                  sampler_seed=sampler_seed, source=source, limits=Limits(timeout=timeout or 0.0, threads=0))
    write_html(html_file, order, played.placement, played.discarded, rules,
               f"Poker Squares, {source}: the {player} player's grid, {played.score} points")
    if as_json:
        print_json(played.to_json())
    else:
        click.echo("\n".join(played.summary_lines(card_style(plain))))
    return EXIT_OK


@poker.command("hint", epilog=EXIT_CODES_HELP)
@click.option("--grid", "grid_text", required=True, metavar="\"AS -- ...\"",
              help="The grid so far: 25 cells row by row, -- for an empty one.")
@click.option("--card", "card_text", required=True, metavar="XX", help="The card in hand.")
@click.option("--discarded", metavar="\"AS KD ...\"", default="", help="Cards discarded so far (--discards 5).")
@RULES_OPTIONS
@click.option("--rollouts", type=click.IntRange(1, MAX_ROLLOUTS), default=2000, show_default=True, metavar="N",
              help="Rollout rounds, as if spread evenly over the choices (successive halving gives the best "
                   "few more).")
@click.option("--sampler-seed", type=click.IntRange(0, 2**64 - 1), default=1, show_default=True, metavar="N",
              help="Seed of the rollouts' deals.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (for scripts).")
def hint_cmd(grid_text, card_text, discarded, rules, rollouts, sampler_seed, as_json):
    """Rank the cells for the card in hand by the expected final score: estimated by
    rollouts, or exact with five empty cells or fewer (four with a joker in play) and no
    discards left."""
    grid = parse_partial_grid(grid_text, rules)
    advice = hint(grid, parse_card(card_text, jokers=rules.joker), rules,
                  [parse_card(t, jokers=rules.joker) for t in discarded.replace(",", " ").split()],
                  rollouts=rollouts, sampler_seed=sampler_seed)
    if as_json:
        print_json(advice.to_json())
    else:
        click.echo("\n".join(advice.summary_lines()))
    return EXIT_OK


def parse_grid(text: str, rules: PokerRules) -> List[List[int]]:
    tokens = text.replace(",", " ").replace("|", " ").split()
    if len(tokens) != SIZE * SIZE:
        raise DealError(f"a grid is 25 cards, row by row; this one has {len(tokens)}")
    cards = [parse_card(t, jokers=rules.joker) for t in tokens]
    real = [c for c in cards if c < 52]
    if len(set(real)) != len(real):
        raise DealError("the grid has a card twice")
    return [cards[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)]


@poker.command("score", epilog=EXIT_CODES_HELP)
@click.argument("grid_file", metavar="[GRID]", required=False)
@click.option("--grid", "grid_text", metavar="\"AS KD ...\"", help="The grid's 25 cards, row by row.")
@order_options
@RULES_OPTIONS
@timeout_option("Time limit for finding the optimum (with an order).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (for scripts).")
def score_cmd(grid_file, grid_text, cards, seed, pysol, rules, timeout, as_json):
    """Score a player's grid (GRID file, - for standard input, or --grid).

    With the card order known (--cards, --seed or --pysol) it also finds the
    optimum and shows the gap: "you scored 180, the best was 232"."""
    if (grid_file is None) == (grid_text is None):
        raise DealError("give the grid one way: a GRID file (or -), or --grid")
    grid = parse_grid(grid_text if grid_text is not None else read_text(grid_file), rules)
    hands = score_grid(grid, rules)
    total = sum(h.points for h in hands)
    best = None
    if any(v is not None for v in (cards, seed, pysol)):
        order, source = load_order(None, cards, seed, pysol, rules)
        placed = {c for row in grid for c in row}
        missing = [card_str(c) for c in order if c not in placed]
        if len(missing) != rules.discards:
            raise DealError(f"the grid does not hold the order's cards (not placed: {' '.join(missing)})")
        best = solve_order(order, rules, timeout, source=source)
    if as_json:
        out = {"game": "poker", "rules": rules.to_json(), "value": total, "maximise": True, "score": total,
               "hands": [h.to_json() for h in hands]}
        if best:
            out.update({"best": best.score, "best_proven": best.proven, "gap": best.score - total,
                        "best_grid": [[card_str(c) for c in row] for row in best.grid]})
        print_json(out)
    else:
        for h in hands:
            click.echo(f"  {h.line}: {' '.join(card_str(c) for c in h.cards)}  {h.category} ({h.points:+d})")
        click.echo(f"Score {total}")
        if best:
            qualifier = "" if best.proven else " (not proven)"
            click.echo(f"You scored {total}, the best was {best.score}{qualifier}: a gap of {best.score - total}.")
    return EXIT_OK if best is None else exit_code_for(best)
