"""Generating deals with a measured difficulty.

Each game has a measure: a picklable function from a seed to the deal's figures
(the solver's exact answer and effort, and how a simple player does on it) or to
None when the deal fails a constraint.  The driver runs it over seeds on an
executor and keeps the first --count deals that pass, or the --hardest N of a
search budget.  Hardness is measured, never guessed:

* Klondike: `difficulty` = 1 - (mean cards a greedy player gets home) / (the
  optimum), over --playouts games of the greedy player of players.cpp (cards home
  first, then moves that turn a card up, then waste to tableau, then draw; random
  among equals); also `player_fail_share` (share of its games not won) and the
  solver's `nodes`; with --search-plays N, also `search_loss_share`: the share of N
  games of the real game's search player (klondike/real.py, who does not see the
  hidden cards; each game with its own sampler seed) not won, and
  `search_mean_home`: what a strong player who cannot see gets home;
* Golf: `difficulty` = (mean score of random playouts - the optimum) / tableau size,
  the playouts playing a free card whenever one fits, else a stock card; also
  `player_fail_share` (share of playouts not clearing the tableau), `greedy_score`
  of the tallest-column-first player, and the solver's `nodes`;
* Poker: `gap` = optimum - the score of a greedy placement (each card to the cell
  where the grid's partial hands look best), and `difficulty` = gap / optimum.

The players are seeded from --measure-seed and the deal's seed, so a measure is
the same every time it is made with the same --measure-seed.
"""
from __future__ import annotations

import concurrent.futures as cf
from dataclasses import dataclass, field, replace
from typing import Callable, Dict, List, Optional, Sequence

from solver import _core
from solver.batch.runner import result_of
from solver.errors import OptionError
from solver.limits import Limits
from solver.poker.hands import WIN_SCORES

MEASURES = ("difficulty", "nodes", "fail-share", "gap", "search-loss")


def player_seed(measure_seed: int, deal_seed: int) -> int:
    return (measure_seed * 0x9E3779B1 + deal_seed * 0x85EBCA77 + 1) % (1 << 63)


@dataclass(frozen=True)
class KlondikeWanted:
    rules: object
    limits: Limits
    winnable: Optional[bool] = None
    max_foundation_le: Optional[int] = None
    max_foundation_ge: Optional[int] = None
    needs_worry_back: bool = False
    winnable_under: Sequence[str] = ()
    unwinnable_under: Sequence[str] = ()
    playouts: int = 100
    measure_seed: int = 1
    search_plays: int = 0  # games of the real game's search player a deal (0: none)

    game = "klondike"

    def __post_init__(self):
        """Constraints no deal can meet together are refused before any search."""
        le, ge = self.max_foundation_le, self.max_foundation_ge
        _check_range("max_foundation", le, ge, 0, 52)
        if self.winnable is True and le is not None and le < 52:
            _contradiction(f"a winnable deal takes all 52 cards home, above max_foundation_le {le}")
        if self.winnable is False and ge == 52:
            _contradiction("an unwinnable deal cannot take all 52 cards home (max_foundation_ge 52)")
        if self.needs_worry_back and not self.rules.worry_back:
            _contradiction("needs_worry_back asks for deals won with worry back, which these rules forbid")
        if self.needs_worry_back and (self.winnable is False or (le is not None and le < 52)):
            _contradiction("needs_worry_back asks for winnable deals")
        both = set(self.winnable_under) & set(self.unwinnable_under)
        if both:
            _contradiction(f"a deal cannot be both winnable and unwinnable under {', '.join(sorted(both))}")

    def measure(self, seed: int) -> Optional[dict]:
        from solver.klondike import KlondikeDeal, make_rules, solve
        deal = KlondikeDeal.from_seed(seed)
        r = solve(deal, self.rules, limits=self.limits)
        if not r.proven:
            return None
        if self.winnable is not None and r.solvable != self.winnable:
            return None
        if self.max_foundation_le is not None and r.max_foundation > self.max_foundation_le:
            return None
        if self.max_foundation_ge is not None and r.max_foundation < self.max_foundation_ge:
            return None
        checks = {}
        others = [(m, True) for m in self.winnable_under] + [(m, False) for m in self.unwinnable_under]
        if self.needs_worry_back:
            others.append(("no-worry-back", False))
        for mode, want in others:
            rules = (make_rules(self.rules.mode_name() or "casino", draw=self.rules.draw, passes=self.rules.passes,
                                worry_back=False) if mode == "no-worry-back" else make_rules(mode))
            other = solve(deal, rules, first_win=True, limits=self.limits)
            if other.solvable is None or other.solvable != want:
                return None
            checks[mode] = other.solvable
        play = _core.klondike_playouts(deal.to_core(), self.rules.to_core(), self.playouts,
                                       player_seed(self.measure_seed, seed))
        mean_home = sum(play["max_foundation"]) / max(1, self.playouts)
        searched = self._search_plays(deal, seed) if self.search_plays else {}
        return {**searched, "seed": seed, "solvable": r.solvable, "max_foundation": r.max_foundation,
                "vegas_score": r.vegas_score, "nodes": r.stats.nodes, "seconds": round(r.stats.seconds, 6),
                "player_wins": play["wins"], "player_fail_share": 1 - play["wins"] / max(1, self.playouts),
                "player_mean_home": round(mean_home, 3),
                "difficulty": round(1 - mean_home / r.max_foundation, 6) if r.max_foundation else 0.0,
                "also": checks, "line": r.tokens}

    def _search_plays(self, deal, seed: int) -> dict:
        from solver.klondike.real import play
        homes = [play(deal, self.rules, player="search", sampler_seed=player_seed(self.measure_seed + k, seed),
                      optimum=False).foundation for k in range(self.search_plays)]
        return {"search_loss_share": round(sum(h < 52 for h in homes) / len(homes), 6),
                "search_mean_home": round(sum(homes) / len(homes), 3)}

    def deal_text(self, seed: int, fmt: str) -> str:
        from solver.klondike import KlondikeDeal
        deal = KlondikeDeal.from_seed(seed)
        return deal.to_pysol() if fmt == "pysol" else _json(deal.to_json())


@dataclass(frozen=True)
class GolfWanted:
    rules: object
    limits: Limits
    clearable: Optional[bool] = None
    score_le: Optional[int] = None
    score_ge: Optional[int] = None
    spare_stock_le: Optional[int] = None
    greedy_fails: bool = False
    playouts: int = 100
    measure_seed: int = 1

    game = "golf"

    def __post_init__(self):
        """Constraints no deal can meet together are refused before any search."""
        le, ge = self.score_le, self.score_ge
        _check_range("score", le, ge, -self.rules.stock_size, self.rules.tableau_size)
        if self.clearable is True and ge is not None and ge > 0:
            _contradiction(f"a cleared hole scores 0 or less, below score_ge {ge}")
        if self.clearable is False and (le is not None and le <= 0):
            _contradiction(f"a hole not cleared scores 1 or more, above score_le {le}")
        if self.clearable is False and (self.spare_stock_le is not None or self.greedy_fails):
            _contradiction("spare_stock_le and greedy_fails ask for clearable deals")

    def measure(self, seed: int) -> Optional[dict]:
        from solver.golf import GolfDeal, solve
        deal = GolfDeal.from_seed(seed, self.rules)
        r = solve(deal, self.rules, limits=self.limits)
        if not r.proven:
            return None
        if self.clearable is not None and bool(r.solvable) != self.clearable:
            return None
        if self.score_le is not None and r.best_score > self.score_le:
            return None
        if self.score_ge is not None and r.best_score < self.score_ge:
            return None
        if self.spare_stock_le is not None and not (r.solvable and r.stock_left <= self.spare_stock_le):
            return None
        core, rules = deal.to_core(), self.rules.to_core()
        greedy = _core.golf_playouts(core, rules, 1, 0, True)[0]
        if self.greedy_fails and (greedy <= 0 or not r.solvable):
            return None
        scores = _core.golf_playouts(core, rules, self.playouts, player_seed(self.measure_seed, seed))
        mean = sum(scores) / len(scores)
        return {"seed": seed, "solvable": r.solvable, "best_score": r.best_score, "nodes": r.stats.nodes,
                "seconds": round(r.stats.seconds, 6), "greedy_score": greedy,
                "player_fail_share": sum(s > 0 for s in scores) / len(scores),
                "player_mean_score": round(mean, 3),
                "difficulty": round((mean - r.best_score) / self.rules.tableau_size, 6), "line": r.tokens}

    def deal_text(self, seed: int, fmt: str) -> str:
        from solver.golf import GolfDeal
        deal = GolfDeal.from_seed(seed, self.rules)
        return deal.to_pysol() if fmt == "pysol" else _json(deal.to_json())


@dataclass(frozen=True)
class PokerWanted:
    rules: object
    limits: Limits
    optimum_le: Optional[int] = None
    optimum_ge: Optional[int] = None
    gap_ge: Optional[int] = None
    below_win: bool = False
    measure_seed: int = 1  # the greedy placement is deterministic; kept for the common interface

    game = "poker"

    def __post_init__(self):
        """Constraints no order can meet together are refused before any search."""
        le, ge = self.optimum_le, self.optimum_ge
        most, least = self.rules.most_points(), self.rules.least_points()
        _check_range("optimum", le, ge, least, most)
        win = WIN_SCORES.get(self.rules.table_name)
        if self.below_win and (win is None or (ge is not None and ge >= win)):
            _contradiction("below_win needs the book's win of the table (american or english), above optimum_ge"
                           if win is not None else f"the {self.rules.table_name} table has no book's win")
        if self.gap_ge is not None and self.gap_ge > most - least:
            _contradiction(f"no gap exceeds {most - least} under this table (gap_ge {self.gap_ge})")

    def measure(self, seed: int) -> Optional[dict]:
        from solver.cards import card_str
        from solver.poker import order_from_seed, solve
        order = order_from_seed(seed, self.rules)
        r = solve(order, self.rules, limits=replace(self.limits, threads=1))
        if not r.proven:
            return None
        if self.optimum_le is not None and r.score > self.optimum_le:
            return None
        if self.optimum_ge is not None and r.score < self.optimum_ge:
            return None
        if self.below_win and r.won is not False:
            return None
        greedy = greedy_poker(order, self.rules)
        gap = r.score - greedy
        if self.gap_ge is not None and gap < self.gap_ge:
            return None
        return {"seed": seed, "optimum": r.score, "greedy_score": greedy, "gap": gap,
                "difficulty": round(gap / r.score, 6) if r.score > 0 else 0.0, "seconds": round(r.stats.seconds, 6),
                "order": [card_str(c) for c in order], "grid": [[card_str(c) for c in row] for row in r.grid]}

    def deal_text(self, seed: int, fmt: str) -> str:
        from solver.cards import card_str
        from solver.poker import order_from_seed
        order = order_from_seed(seed, self.rules)
        return " ".join(card_str(c) for c in order) + "\n" if fmt == "pysol" else _json(
            {"game": "poker", "cards": [card_str(c) for c in order]})


def _check_range(name: str, le: Optional[int], ge: Optional[int], least: int, most: int) -> None:
    """`name`_le and `name`_ge against each other and against the values a deal can have."""
    if le is not None and ge is not None and le < ge:
        _contradiction(f"{name}_le {le} is below {name}_ge {ge}")
    if ge is not None and ge > most:
        _contradiction(f"no deal's {name} is above {most} under these rules ({name}_ge {ge})")
    if le is not None and le < least:
        _contradiction(f"no deal's {name} is below {least} under these rules ({name}_le {le})")


def _contradiction(why: str):
    raise OptionError(f"no deal can meet these constraints: {why}")


def greedy_poker(order: Sequence[int], rules) -> int:
    """The score of the greedy placement (solver/poker/greedy.py)."""
    from solver.poker.greedy import greedy_grid
    from solver.poker.score import score_grid
    return sum(h.points for h in score_grid(greedy_grid(order, rules), rules))


def _json(obj) -> str:
    import json
    return json.dumps(obj, indent=1) + "\n"


def _measure_chunk(wanted, seeds: List[int]) -> List[Optional[dict]]:
    return [wanted.measure(s) for s in seeds]


@dataclass
class Generated:
    found: List[dict] = field(default_factory=list)
    examined: int = 0


# Seeds are 0 <= N < 2^64.
SEED_LIMIT = 2**64


def generate(wanted, start: int, count: int, hardest: bool, budget: int, measure: str, executor: cf.Executor,
             chunk: int = 4, on_progress: Callable[[int, int], None] = lambda examined, found: None) -> Generated:
    """Seeds from `start`, `budget` of them at most: the first `count` that pass, or
    the `count` hardest by `measure`.  Seeds are examined in order, chunk by chunk, a
    few chunks ahead, so a run stops soon after it has enough and its answer never
    depends on how many workers ran it."""
    out = Generated()
    limit = min(start + budget, SEED_LIMIT)
    pending: Dict[int, cf.Future] = {}
    next_seed = start
    window = 8 * max(1, getattr(executor, "_max_workers", 2))
    while True:
        while len(pending) < window and next_seed < limit:
            end = min(next_seed + chunk, limit)
            pending[next_seed] = executor.submit(_measure_chunk, wanted, list(range(next_seed, end)))
            next_seed = end
        if not pending:
            break
        # chunks are taken in seed order, so "the first count" never depends on which
        # worker finished first
        for rec in result_of(pending.pop(min(pending)), executor):
            out.examined += 1
            if rec is not None:
                out.found.append(rec)
        on_progress(out.examined, len(out.found))
        if not hardest and len(out.found) >= count:
            for f in pending.values():
                f.cancel()
            out.found = out.found[:count]
            return out
    if hardest:
        key = {"fail-share": "player_fail_share", "search-loss": "search_loss_share"}.get(measure, measure)
        out.found.sort(key=lambda rec: (-rec.get(key, 0), rec["seed"]))
        out.found = out.found[:count]
    return out
