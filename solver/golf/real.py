"""The real game of Golf: the stock's order unknown, as people play it.

A player sees the columns, the waste and how many cards the stock holds; it knows
which cards those are (the deck less everything seen), not their order.  A GolfView
is exactly that knowledge: nothing in it, or in the players below, ever reads a card
the player has not seen (the tests play two deals that differ only there and check
the decisions are the same).

Players:
* `greedy`: plays a free card when one fits (the tallest column first), else turns a
  stock card: the classic rule of thumb, the baseline.
* `search`: at each real choice, samples stock orders consistent with what is known
  (`samples` of them, drawn uniformly with the documented shuffle, from a seed made of
  the sampler seed and the move number, so the same view and seed give the same
  worlds on any machine), solves every choice in every world with the exact core, and
  takes the choice with the least mean score (hindsight optimisation: each world is
  played as if its order were known after the choice, so the figures lean hopeful;
  the same worlds serve every choice, so their comparison does not).

The hole's score is the same as `solve`'s: the cards left, or minus the stock left
when the tableau is cleared.
"""
from __future__ import annotations

import itertools
import math
import statistics
import time
from dataclasses import dataclass, field, replace
from typing import Callable, List, Optional, Sequence, Tuple

from solver import _core
from solver.cards import card_str, is_joker, rank_of
from solver.errors import DealError, OptionError
from solver.golf.deal import GolfDeal
from solver.golf.notation import DRAW, GolfMove, format_line
from solver.golf.rules import GolfRules
from solver.golf.solve import replay_legal
from solver.limits import Limits
from solver.shuffle import SplitMix64, decision_seed, shuffled

# A world's solve is given this many nodes at most: a count, so that play is the same
# on any machine.  The search finds a world's best line within a tenth of its nodes as
# a rule (the rest prove it), so a world cut short still values the move well
# (benchmarks/results/history.md); it gives its best line found, a legal continuation.
WORLD_NODES = 20_000
DEFAULT_SAMPLES = 8


def _rank_code(card: int) -> int:
    return 0 if is_joker(card) else rank_of(card)  # Golf plays on ranks; a joker is 0


@dataclass(frozen=True)
class GolfView:
    """What the player knows.  `stock` is next card first, None where the card is not
    seen yet; `unseen` the cards those places hold, in sorted order (so that their
    true order cannot leak into anything made from them)."""
    rules: GolfRules
    columns: Tuple[Tuple[int, ...], ...]  # the cards left, bottom first
    waste: Tuple[int, ...]                # the waste pile, bottom first
    stopped: bool                         # the top is a King played on an Ace (king-on-ace-stop)
    stock: Tuple[Optional[int], ...]
    unseen: Tuple[int, ...]

    @classmethod
    def of_deal(cls, deal: GolfDeal, rules: Optional[GolfRules] = None) -> "GolfView":
        """The start of the hole as a player sees it: every stock card unseen."""
        return cls(rules=rules or deal.rules, columns=tuple(tuple(c) for c in deal.columns),
                   waste=() if deal.base is None else (deal.base,), stopped=False,
                   stock=(None,) * len(deal.stock), unseen=tuple(sorted(deal.stock)))

    @property
    def top(self) -> Optional[int]:
        return self.waste[-1] if self.waste else None

    @property
    def cards_left(self) -> int:
        return sum(len(c) for c in self.columns)

    @property
    def score(self) -> int:
        """The hole's score were it to end here."""
        return self.cards_left if self.cards_left else -len(self.stock)

    def core_layout(self, stock: Sequence[int]) -> dict:
        return {"columns": [[_rank_code(c) for c in col] for col in self.columns],
                "stock": [_rank_code(c) for c in stock],
                "base": None if self.top is None else _rank_code(self.top), "base_stopped": self.stopped}

    def moves(self) -> List[int]:
        """The legal moves: the columns whose free card fits, then DRAW if the stock has a card."""
        if not self.cards_left:
            return []
        layout = self.core_layout([c if c is not None else 1 for c in self.stock])  # (the stock plays no part)
        out = list(_core.golf_playable(layout, self.rules.to_core()))
        return out + ([DRAW] if self.stock else [])

    def after(self, move: int, drawn: Optional[int] = None) -> "GolfView":
        """The view after a move; a draw shows the next stock card, `drawn` (the card
        the world, or the table, turns up)."""
        if move == DRAW:
            card = self.stock[0] if self.stock[0] is not None else drawn
            if card is None:
                raise ValueError("a draw from an unseen stock needs the card it turns up")
            unseen = list(self.unseen)
            if self.stock[0] is None:
                unseen.remove(card)
            return replace(self, waste=self.waste + (card,), stopped=False, stock=self.stock[1:],
                           unseen=tuple(unseen))
        stopped = _core.golf_replay(self.core_layout([1] * len(self.stock)), self.rules.to_core(), [move])["stopped"]
        columns = list(self.columns)
        card = columns[move][-1]
        columns[move] = columns[move][:-1]
        return replace(self, columns=tuple(columns), waste=self.waste + (card,), stopped=stopped)

    def world(self, order: Sequence[int]) -> List[int]:
        """The stock with its unseen places filled in `order`."""
        fill = iter(order)
        return [c if c is not None else next(fill) for c in self.stock]

    def worlds(self, count: int, seed: int) -> List[List[int]]:
        """`count` stock orders drawn uniformly among those consistent with the view."""
        rng = SplitMix64(seed)
        return [self.world(shuffled(list(self.unseen), rng.next())) for _ in range(count)]

    def all_worlds(self) -> List[List[int]]:
        """Every order of the unseen cards (each distinct one once)."""
        return [self.world(order) for order in sorted(set(itertools.permutations(self.unseen)))]


def solve_world(view: GolfView, stock: Sequence[int], max_nodes: int = WORLD_NODES) -> int:
    """The least final score from the view, were the stock `stock`."""
    if not view.cards_left:
        return -len(stock)
    raw = _core.golf_solve(view.core_layout(stock), view.rules.to_core(), max_nodes=max_nodes, timeout=0.0,
                           max_memory=1 << 27, threads=1)
    return -raw["best"]


@dataclass
class MoveValue:
    """What a move is worth over the sampled worlds: the mean final score (and its
    standard error), the share of worlds cleared, how many worlds."""
    move: int
    mean: float
    stderr: float
    clear_share: float
    worlds: int
    scores: List[int] = field(default_factory=list, repr=False)

    def to_json(self, view: GolfView) -> dict:
        return {"move": "S" if self.move == DRAW else str(self.move + 1), "card": _move_card(view, self.move),
                "expected_score": round(self.mean, 4), "stderr": round(self.stderr, 4),
                "clear_share": round(self.clear_share, 4), "worlds": self.worlds}


def _move_card(view: GolfView, move: int) -> Optional[str]:
    if move == DRAW:
        return None if view.stock[0] is None else card_str(view.stock[0])
    return card_str(view.columns[move][-1])


def value_moves(view: GolfView, worlds: List[List[int]], max_nodes: int = WORLD_NODES) -> List[MoveValue]:
    """Every legal move scored in every world (the same worlds for all), best first."""
    values = []
    for move in view.moves():
        scores = []
        for stock in worlds:
            drawn = stock[0] if move == DRAW else None
            rest = stock[1:] if move == DRAW else stock
            scores.append(solve_world(view.after(move, drawn), rest, max_nodes))
        mean = statistics.mean(scores)
        err = statistics.stdev(scores) / math.sqrt(len(scores)) if len(scores) > 1 else 0.0
        values.append(MoveValue(move, mean, err, sum(s <= 0 for s in scores) / len(scores), len(scores), scores))
    return sorted(values, key=lambda v: (v.mean, _greedy_rank(view, v.move)))


def _greedy_rank(view: GolfView, move: int) -> tuple:
    """The greedy player's preference: a play before a draw, the tallest column first."""
    return (1, 0, 0) if move == DRAW else (0, -len(view.columns[move]), move)


def greedy_choice(view: GolfView, moves: List[int], step: int) -> int:
    return min(moves, key=lambda m: _greedy_rank(view, m))


def search_choice(samples: int, sampler_seed: int, max_nodes: int = WORLD_NODES) -> Callable:
    def choose(view: GolfView, moves: List[int], step: int) -> int:
        worlds = view.worlds(samples, decision_seed(sampler_seed, step))
        return value_moves(view, worlds, max_nodes)[0].move
    return choose


PLAYERS = ("greedy", "search")


def make_player(name: str, samples: int = DEFAULT_SAMPLES, sampler_seed: int = 1,
                max_nodes: int = WORLD_NODES) -> Callable:
    if name == "greedy":
        return greedy_choice
    if name == "search":
        if samples < 1:
            raise OptionError("samples must be at least 1")
        return search_choice(samples, sampler_seed, max_nodes)
    raise OptionError(f"unknown player {name!r} (choose from {', '.join(PLAYERS)})")


@dataclass
class PlayedHole:
    """A hole played by a player who saw only what a person sees: its moves (a line
    `golf replay` checks), its score, and the clairvoyant optimum of the same deal."""
    player: str
    deal: GolfDeal
    rules: GolfRules
    line: List[GolfMove]
    score: int
    optimum: Optional[int] = None       # the proven minimal score (None: not asked)
    optimum_proven: bool = False
    decisions: int = 0                  # moves that were a real choice
    seconds: float = 0.0                # the player's time (the optimum's solve not counted)

    @property
    def tokens(self) -> List[str]:
        return format_line(self.line).split()

    @property
    def cleared(self) -> bool:
        return self.score <= 0

    @property
    def cost_of_not_knowing(self) -> Optional[int]:
        """The score given away to the unknown order: the player's less the optimum's."""
        return None if self.optimum is None else self.score - self.optimum

    def to_json(self) -> dict:
        return {"game": "golf", "source": self.deal.source, "rules": self.rules.to_json(), "player": self.player,
                "line": self.tokens, "value": self.score, "maximise": False, "score": self.score,
                "cleared": self.cleared, "decisions": self.decisions, "optimum": self.optimum,
                "optimum_proven": self.optimum_proven, "value_of_information": self.cost_of_not_knowing,
                "seconds": round(self.seconds, 3)}

    def summary_lines(self) -> List[str]:
        lines = [f"Golf, {self.deal.source or 'deal'}: {self.rules.describe()}; played by {self.player} "
                 "(the stock's order unknown)",
                 f"Line ({len(self.line)} moves): {' '.join(self.tokens) or '(no move)'}",
                 f"Score {self.score}" + (" (cleared)" if self.cleared else "")]
        if self.optimum is not None:
            proof = "proven" if self.optimum_proven else "not proven"
            lines.append(f"Best possible with the order known: {self.optimum} ({proof}); the unknown order cost "
                         f"{self.cost_of_not_knowing} point(s)")
        return lines


def play(deal: GolfDeal, rules: Optional[GolfRules] = None, *, player: str = "greedy",
         samples: int = DEFAULT_SAMPLES, sampler_seed: int = 1, optimum: bool = True,
         limits: Limits = Limits()) -> PlayedHole:
    """Play the hole as a person would: the player chooses from its view; the table (this
    function) turns up the true stock cards.  With `optimum`, the deal is also solved
    with the order known, for the comparison."""
    from solver.golf.solve import solve
    rules = rules or deal.rules
    choose = make_player(player, samples, sampler_seed)
    view = GolfView.of_deal(deal, rules)
    stock = list(deal.stock)  # the table's: the player never reads it
    line: List[GolfMove] = []
    decisions = 0
    start = time.perf_counter()
    for step in itertools.count():
        moves = view.moves()
        if not moves:
            break
        if len(moves) > 1:
            decisions += 1
            move = choose(view, moves, step)
        else:
            move = moves[0]
        if move == DRAW:
            card = stock.pop(0)
            view = view.after(DRAW, card)
        else:
            card = view.columns[move][-1]
            view = view.after(move)
        line.append(GolfMove(move, card))
    hole = PlayedHole(player=player, deal=deal, rules=rules, line=line, score=view.score, decisions=decisions,
                      seconds=time.perf_counter() - start)
    if optimum:
        best = solve(deal, rules, limits=limits)
        hole.optimum, hole.optimum_proven = best.best_score, best.proven
    return hole


def view_after(deal: GolfDeal, rules: Optional[GolfRules], line: str) -> GolfView:
    """The position a line of moves reaches from the deal, as the player who played it
    knows it: the cards it turned seen, the rest of the stock unseen.  Raises
    DealError naming the first illegal move."""
    played = replay_legal(deal, rules, line)
    view = GolfView.of_deal(deal, played.rules)
    for move in played.moves:
        view = view.after(move.column, drawn=move.card)
    return view


def parse_position(text: str, rules: GolfRules) -> GolfView:
    """A position part-way through a hole, as a player knows it: the PySol Golf layout
    with a `Waste:` line (the pile, bottom first; its top is the card played on) in place
    of `Foundations:`, and `??` in the `Talon:` line for each stock card not seen yet.
    The unseen cards are the deck less every card the position shows.  Raises DealError
    for a position that cannot be (a card twice, counts that do not add up)."""
    from solver.cards import check_deck
    from solver.golf.deal import _cards
    from solver.layout import layout_lines
    stock: Optional[List[Optional[int]]] = None
    waste: Optional[List[int]] = None
    columns: List[List[int]] = []
    jokers = rules.jokers > 0
    for where, key, rest in layout_lines(text):
        if key not in ("talon", "stock") and "??" in rest.split():
            raise DealError(f"{where}: ?? stands for a stock card not seen yet; the columns' cards and the waste "
                            "are always seen")
        if key is None:
            columns.append(_cards(rest, where, jokers))
        elif key in ("talon", "stock"):
            stock = [None if t == "??" else _cards(t, where, jokers)[0] for t in rest.split()]
        elif key in ("waste", "foundations", "base"):
            waste = _cards(rest.replace("-", " "), where, jokers)
        else:
            raise DealError(f"{where}: unknown line {key + ':'!r} (expected Talon:, Waste: or a column)")
    if stock is None:
        raise DealError("no 'Talon:' line: give the stock, ?? for each card not seen yet")
    if waste is None:
        raise DealError("no 'Waste:' line: give the waste pile, bottom first (or '-' before the first card)")
    if len(columns) != rules.columns:
        raise DealError(f"this Golf game has {rules.columns} columns, the position has {len(columns)}")
    seen = [c for col in columns for c in col] + waste + [c for c in stock if c is not None]
    deck = rules.deck()
    unseen = list(deck)
    for card in seen:
        if card in unseen:
            unseen.remove(card)
        elif is_joker(card) and any(is_joker(u) for u in unseen):
            unseen.remove(next(u for u in unseen if is_joker(u)))
        else:
            check_deck(seen, deck, "position")  # names the card shown twice, or not in the deck
    missing = stock.count(None)
    if len(unseen) != missing:
        raise DealError(f"the position shows {len(seen)} cards and {missing} unseen stock places, but the deck "
                        f"has {len(deck)} cards: {len(unseen)} are unaccounted for")
    if not rules.empty_waste and not waste:
        raise DealError("the waste is empty: give its base card (or use --empty-waste)")
    stopped = len(waste) >= 2 and rules.king_on_ace_stop and rank_of(waste[-1]) == 13 and rank_of(waste[-2]) == 1 \
        and not is_joker(waste[-1]) and not is_joker(waste[-2])
    return GolfView(rules=rules, columns=tuple(tuple(c) for c in columns), waste=tuple(waste), stopped=stopped,
                    stock=tuple(stock), unseen=tuple(sorted(unseen)))


# Up to this many unseen stock cards, a hint weighs every order of them (5! = 120), and
# its figures are exact expectations rather than estimates.
EXACT_UNSEEN = 5


@dataclass
class GolfHint:
    """The moves of a position, ranked by the mean final score over worlds (stock orders
    consistent with the view), each solved with the order known after the move; exact
    when every order was weighed."""
    view: GolfView
    values: List[MoveValue]
    exact: bool

    def to_json(self) -> dict:
        return {"game": "golf", "rules": self.view.rules.to_json(), "exact": self.exact,
                "unknown": len(self.view.unseen), "moves": [v.to_json(self.view) for v in self.values]}

    def summary_lines(self) -> List[str]:
        how = ("every order of the unseen stock weighed: exact" if self.exact else
               f"{self.values[0].worlds if self.values else 0} sampled orders of the unseen stock: estimates")
        lines = [f"Golf position, {len(self.view.unseen)} stock card(s) unseen; {how}",
                 "Each move's figures take the order as known after it (hindsight), so they lean hopeful; "
                 "their order is what counts."]
        for i, v in enumerate(self.values, 1):
            card = _move_card(self.view, v.move)
            what = "turn a stock card" if v.move == DRAW else f"play {card} from column {v.move + 1}"
            err = "" if self.exact else f" +- {v.stderr:.2f}"
            lines.append(f"{i:3d}. {what}: expected score {v.mean:.2f}{err}, cleared in {100 * v.clear_share:.0f}%")
        if not self.values:
            lines.append("No move: the hole is over (score {})".format(self.view.score))
        return lines


def hint(view: GolfView, samples: int = 64, sampler_seed: int = 1, max_nodes: int = WORLD_NODES) -> GolfHint:
    exact = len(view.unseen) <= EXACT_UNSEEN
    worlds = view.all_worlds() if exact else view.worlds(samples, decision_seed(sampler_seed, 0))
    return GolfHint(view, value_moves(view, worlds, max_nodes) if view.moves() else [], exact)


@dataclass
class PlayedGame:
    """Nine holes played by a player, against par and against the clairvoyant total."""
    holes: List[PlayedHole]
    par: int

    @property
    def total(self) -> int:
        return sum(h.score for h in self.holes)

    @property
    def optimum_total(self) -> int:
        return sum(h.optimum for h in self.holes)

    def to_json(self) -> dict:
        return {"game": "golf", "player": self.holes[0].player, "holes": [h.to_json() for h in self.holes],
                "value": self.total, "maximise": False, "total": self.total, "par": self.par,
                "under_par": self.total <= self.par,
                "optimum_total": self.optimum_total, "value_of_information": self.total - self.optimum_total}

    def summary_lines(self) -> List[str]:
        first = self.holes[0]
        lines = [f"Golf, nine holes: {first.rules.describe()}; par {self.par}; played by {first.player} "
                 "(the stock's order unknown)"]
        for i, h in enumerate(self.holes, 1):
            lines.append(f"  hole {i} ({h.deal.source}): {h.score:+d} (with the order known: {h.optimum:+d})")
        verdict = "at or under par" if self.total <= self.par else "over par"
        lines.append(f"Total {self.total}: {verdict}; with the order known {self.optimum_total} "
                     f"(the unknown order cost {self.total - self.optimum_total})")
        return lines


def play_holes(deals: Sequence[GolfDeal], rules: Optional[GolfRules] = None, *, par: int, player: str,
               samples: int = DEFAULT_SAMPLES, sampler_seed: int = 1, limits: Limits = Limits()) -> PlayedGame:
    """A game of holes played as a person plays them."""
    return PlayedGame([play(d, rules, player=player, samples=samples, sampler_seed=sampler_seed, limits=limits)
                       for d in deals], par)
