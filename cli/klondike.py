"""`patiens klondike`: solve, show and replay Klondike deals (Las Vegas form and relatives)."""
from __future__ import annotations

import functools
from typing import List, Optional

import click

from cli.common import (
    EXIT_BAD_INPUT,
    EXIT_CODES_HELP,
    EXIT_OK,
    PLAIN_OPTION,
    card_style,
    choose_source,
    deal_source_options,
    format_options,
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
from solver.klondike import KlondikeDeal, greenfelt, ks_numbers, make_rules, replay, solve
from solver.klondike.board import board_lines
from solver.klondike.ks_moves import format_ks
from solver.klondike.notation import format_line
from solver.klondike.real import (
    BANDIT_NODES,
    BANDIT_SAMPLES,
    DEFAULT_SAMPLES,
    HINT_SAMPLES,
    MAX_SAMPLES,
    OBJECTIVES,
    PLAYERS,
    ROLLOUT_SAMPLES,
    WORLD_NODES,
    hint,
    parse_position,
    play,
    position_after,
    view_after,
)
from solver.klondike.rules import PRESETS, UNSET
from solver.klondike.solve import walk

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


AFTER_OPTION = click.option("--after", metavar="MOVES",
                            help="Start from the position these moves reach (a line as 'replay' takes it).")


NOTATION_OPTION = click.option(
    "--notation", type=click.Choice(["patiens", "ks"]), default="patiens", show_default=True,
    help="The moves' notation: ours, or Klondike-Solver's (ks: DRn, NEW, Fc, XY, XY-n; see README).")


def write_html(path: Optional[str], deal: KlondikeDeal, rules, tokens, title: str) -> None:
    from solver.klondike.html import page
    write_page(path, lambda: page(deal, rules, list(tokens), title))


# Other tools' game numbers: option name -> (its words in errors, the deal maker).
NUMBERED = {
    "ks_game": ("--ks-game", KlondikeDeal.from_ks_game),
    "greenfelt": ("--greenfelt", KlondikeDeal.from_greenfelt),
}


def klondike_sources(f):
    """The deal sources of every game (deal_source_options), and other tools' game
    numbers, given to the command as `numbered`: (option name, number) or None."""
    @functools.wraps(f)
    def command(*args, **kwargs):
        given = [(name, number) for name in NUMBERED if (number := kwargs.pop(name)) is not None]
        if len(given) > 1:
            raise DealError(f"give one deal source, not {' and '.join(NUMBERED[n][0] for n, _ in given)}")
        return f(*args, numbered=given[0] if given else None, **kwargs)

    command = click.option("--greenfelt", type=click.IntRange(0, greenfelt.MAX_GAME), metavar="N",
                           help="greenfelt.net's Klondike game number N (greenfelt.net/klondike?game=N), dealt "
                                "as sigoden/klondike deals it.")(command)
    command = click.option("--ks-game", type=click.IntRange(0, ks_numbers.MAX_GAME), metavar="N",
                           help="Klondike-Solver's game number N (its /GAME N, the numbers of its published "
                                "study), dealt exactly as it deals them.")(command)
    return deal_source_options(command)


def load_deal(deal_file: Optional[str], seed: Optional[int], pysol: Optional[int],
              numbered: Optional[tuple] = None) -> KlondikeDeal:
    kind = choose_source(deal_file, seed, pysol, numbered and (NUMBERED[numbered[0]][0], numbered[1]))
    if kind == "seed":
        return KlondikeDeal.from_seed(seed)
    if kind == "pysol":
        return KlondikeDeal.from_pysol_number(pysol)
    if kind == "numbered":
        return NUMBERED[numbered[0]][1](numbered[1])
    name = "standard input" if deal_file == "-" else deal_file
    return KlondikeDeal.parse(read_text(deal_file), source=name)


@click.group(help="Klondike: Las Vegas form (draw 1, one pass, Vegas scoring) and its relatives.")
def klondike():
    pass


@klondike.command("solve", epilog=EXIT_CODES_HELP)
@click.argument("deal_file", metavar="[DEAL]", required=False)
@klondike_sources
@RULES_OPTIONS
@click.option("--first-win", is_flag=True,
              help="Only decide whether the deal can be won (stops at the first win; faster). The max "
                   "foundation count is then exact only for a won deal.")
@AFTER_OPTION
@board_options
@HTML_OPTION
@NOTATION_OPTION
@limit_options(threads=True)
@output_options
def solve_cmd(deal_file, seed, pysol, numbered, rules, first_win, after, board, every, plain, html_file, notation,
              limits, as_json, explain):
    """Solve a deal: can it be won, and the most cards that can reach the foundations.

    DEAL is a file in PySol layout text or JSON, or - for standard input; or use
    --seed N / --pysol N; with --after, the position a line of moves reaches from it.
    The answer comes with a line of moves that reaches it (see 'patiens klondike
    replay --help' for the notation).
    """
    deal = load_deal(deal_file, seed, pysol, numbered)
    if after is not None:
        deal = position_after(deal, rules, after)
    def describe(best, bound):
        return f"best {best} cards home (at the start: at most {bound})"

    with progress_line(limits, describe) as watched:
        result = solve(deal, rules, first_win=first_win, limits=watched).tidied()
    if board and not as_json:
        print_boards(frames(deal, rules, result.tokens, card_style(plain)), every)
    write_html(html_file, deal, rules, result.tokens,
               f"Klondike, {deal.source or 'a deal'}: the best line, {result.max_foundation} cards home")
    if notation == "ks":  # the line in Klondike-Solver's tokens too
        ks = format_ks(result.line)
        code = print_result(result, as_json, explain, extra={"line_ks": ks})
        if not as_json:
            click.echo(f"Klondike-Solver moves ({len(ks)} tokens): {' '.join(ks) or '(no move needed)'}")
        return code
    return print_result(result, as_json, explain)


@klondike.command("show")
@click.argument("deal_file", metavar="[DEAL]", required=False)
@klondike_sources
@format_options("solvitaire")
@PLAIN_OPTION
def show_cmd(deal_file, seed, pysol, numbered, fmt, plain):
    """Draw a deal as on the table (face-down cards as backs), or write it out as
    PySol layout text or JSON (every card)."""
    return print_deal(load_deal(deal_file, seed, pysol, numbered), fmt, card_style(plain))


@klondike.command("replay", epilog=MOVES_HELP)
@click.argument("args", nargs=-1, metavar="[DEAL] MOVES...")
@klondike_sources
@RULES_OPTIONS
@board_options
@HTML_OPTION
@NOTATION_OPTION
@output_options
def replay_cmd(args, seed, pysol, numbered, rules, board, every, plain, html_file, notation, as_json, explain):
    """Check a line of moves: print the position and score it reaches, or the first
    illegal move (--board: the table after every move too).  Exit status 0 when every
    move is legal, 2 otherwise."""
    deal_file, text = split_replay_args(args, seed, pysol, numbered)
    deal = load_deal(deal_file, seed, pysol, numbered)
    played = replay(deal, rules, text, notation)
    # The legal part of the line in our tokens, for the boards and the page.
    legal = (text.split()[:played.moves if played.ok else played.error_move - 1] if notation == "patiens"
             else format_line(played.actions).split())
    write_html(html_file, deal, rules, legal,
               f"Klondike, {deal.source or 'a deal'}: a line of {played.moves} moves"
               + ("" if played.ok else f", up to its illegal move {played.error_move}"))
    style = card_style(plain)
    if as_json:
        print_json(played.to_json())
    else:
        if explain:
            for i, sentence in enumerate(played.sentences(), 1):
                click.echo(f"{i:4d}. {sentence}")
        if board:
            print_boards(frames(deal, rules, legal, style), every)
        click.echo("\n".join(played.summary_lines(style)))
    return EXIT_OK if played.ok else EXIT_BAD_INPUT


@klondike.command("view", epilog=MOVES_HELP,
                  help="Step through a line on the table, a move at a time: the MOVES given, or without them the "
                       f"deal's best line (solved first).  {KEYS_HELP} (for a printout: replay --board).")
@click.argument("args", nargs=-1, metavar="[DEAL] [MOVES...]")
@klondike_sources
@RULES_OPTIONS
@PLAIN_OPTION
def view_cmd(args, seed, pysol, numbered, rules, plain):
    need_terminal("replay --board")
    deal_file, text = split_replay_args(args, seed, pysol, numbered)
    deal = load_deal(deal_file, seed, pysol, numbered)
    return view_line(f"Klondike, {deal.source or 'a deal'}", text, lambda: solve(deal, rules).tidied().tokens,
                     lambda tokens: frames(deal, rules, tokens, card_style(plain)))


def frames(deal: KlondikeDeal, rules, tokens, style) -> List[Frame]:
    """The table after each move of a line (up to its first illegal move)."""
    return [Frame(f"{step.foundation} cards home", board_lines(step.position, style), step.token,
                  " ".join(step.sentences)) for step in walk(deal, rules, tokens)]


def player_options(default: Optional[str], without: str = ""):
    """How a player of the real game chooses: --player, --samples, --sampler-seed,
    --objective, --world-nodes and --player-threads; the command gets them as `player`
    (None without --player) and `player_settings`, a dict for real.play."""
    def decorator(f):
        @functools.wraps(f)
        def command(*args, player, samples, sampler_seed, objective, world_nodes, player_threads, **kwargs):
            settings = {"samples": samples, "sampler_seed": sampler_seed, "objective": objective,
                        "max_nodes": world_nodes, "threads": player_threads}
            return f(*args, player=player, player_settings=settings, **kwargs)

        command = click.option("--player-threads", type=click.IntRange(1, 256), default=1, show_default=True,
                               metavar="N", help="Threads solving the search player's worlds (the game is the "
                                                 "same whatever N).")(command)
        command = click.option("--world-nodes", type=click.IntRange(100, 10**9), default=None, metavar="N",
                               help=f"Search nodes for each world's solve (a count: the same game on any "
                                    f"machine).  [default: {WORLD_NODES:,}; bandit {BANDIT_NODES:,}]")(command)
        command = world_options(command, samples=None)
        return click.option("--player", type=click.Choice(PLAYERS), default=default,
                            show_default=default is not None,
                            help="Play as a person does, the face-down and unseen stock cards hidden: greedy (a "
                                 "card home, else a move that turns a card up, else the waste to the tableau, "
                                 "else the stock), expert (the same moves weighed finer: the largest pile "
                                 "first, a column emptied only for a King, a card home early only when nothing "
                                 "needs it), rollout (the expert, taking another move where the expert's own "
                                 "games after it do clearly better in sampled worlds: no solver, no "
                                 "hindsight), search (samples the hidden cards and solves each move in "
                                 "each world), plans (the same, weighing whole plans: quiet moves, then one "
                                 "that commits or shows a card) or bandit (the plans, with the worlds handed "
                                 "to the plans that look best until one has --samples of them; with unlimited "
                                 f"passes it looks through the stock first){without}.")(command)
    return decorator


def world_options(f, samples: Optional[int] = DEFAULT_SAMPLES):
    """--samples, --sampler-seed and --objective: the worlds a player or a hint weighs
    (`samples` None: each player's own default, named in the help)."""
    f = click.option("--objective", type=click.Choice(OBJECTIVES), default="cards", show_default=True,
                     help="What a move is worth: the expected cards home (the Vegas game) or the chance to "
                          "win.")(f)
    f = click.option("--sampler-seed", type=click.IntRange(0, 2**64 - 1), default=1, show_default=True,
                     metavar="N", help="Seed of the sampled worlds: the same seed and counts play the same game "
                                       "on any machine.")(f)
    what = "Worlds (the hidden cards dealt at random) weighed at each choice."
    if samples is None:
        what = (f"{what[:-1]}; for bandit, the worlds the chosen plan is weighed in.  [default: "
                f"{DEFAULT_SAMPLES}; bandit {BANDIT_SAMPLES}; rollout {ROLLOUT_SAMPLES}]")
    return click.option("--samples", type=click.IntRange(1, MAX_SAMPLES), default=samples,
                        show_default=samples is not None, metavar="N", help=what)(f)


@klondike.command("play", epilog=EXIT_CODES_HELP)
@click.argument("deal_file", metavar="[DEAL]", required=False)
@klondike_sources
@RULES_OPTIONS
@player_options("rollout")
@HTML_OPTION
@limit_options(threads=True)
@output_options
def play_cmd(deal_file, seed, pysol, numbered, rules, player, player_settings, html_file, limits, as_json, explain):
    """Play a deal as a person does: the face-down cards and the stock not yet drawn
    unseen, every card once seen remembered.  Prints the line (klondike replay checks
    it), the cards home, and the most with every card known (the limits apply to that
    solve) with the difference: what the hidden cards cost."""
    deal = load_deal(deal_file, seed, pysol, numbered)
    game = play(deal, rules, player=player, limits=limits, **player_settings)
    write_html(html_file, deal, rules, game.tokens,
               f"Klondike, {deal.source or 'a deal'}: the {player} player's game, {game.foundation} cards home")
    if as_json:
        print_json(game.to_json())
    else:
        if explain:
            from solver.klondike.notation import explain as sentences
            for i, sentence in enumerate(sentences(game.line, sum(game.deal.foundations), rules.draw), 1):
                click.echo(f"{i:4d}. {sentence}")
        click.echo("\n".join(game.summary_lines()))
    return EXIT_OK


@klondike.command("hint", epilog=EXIT_CODES_HELP)
@click.argument("position_file", metavar="[POSITION]", required=False)
@klondike_sources
@AFTER_OPTION
@RULES_OPTIONS
@functools.partial(world_options, samples=HINT_SAMPLES)
@click.option("--world-nodes", type=click.IntRange(100, 10**9), default=WORLD_NODES, show_default=True, metavar="N",
              help="Search nodes for each world's solve.")
@click.option("--timeout", type=click.FloatRange(0.01, 10**6), metavar="SECONDS",
              help="Weigh worlds until then (at least one batch), and say how many.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (for scripts).")
def hint_cmd(position_file, seed, pysol, numbered, after, rules, samples, sampler_seed, objective, world_nodes, timeout,
             as_json):
    """Rank the moves of a position part-way through a game for a player who does not
    see the hidden cards: expected cards home (Vegas) and chance to win, with standard
    errors, over worlds consistent with what is known (every world, exactly, when at
    most 5 cards are hidden; then a proven verdict where there is one).

    POSITION (a file, or - for standard input) is the PySol layout of 'klondike
    show' with <??> for a face-down card and ?? in the Talon line for a stock card
    not seen yet; Waste:, Foundations: and Pass: lines give the rest.  Or a game in
    progress: --seed N / --pysol N (or a whole deal) and --after "MOVES", the moves
    played so far; the cards they showed are known, the rest hidden."""
    view = position_in_play(position_file, seed is not None or pysol is not None, after,
                            lambda: view_after(load_deal(position_file, seed, pysol, numbered), rules, after),
                            lambda: parse_position(read_text(position_file), rules, source=position_file))
    advice = hint(view, objective=objective, samples=samples, sampler_seed=sampler_seed, max_nodes=world_nodes,
                  timeout=timeout)
    if as_json:
        print_json(advice.to_json())
    else:
        click.echo("\n".join(advice.summary_lines()))
    return EXIT_OK
