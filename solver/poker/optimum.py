"""Solving Poker Squares with CP-SAT, and scoring grids."""
from __future__ import annotations

import math
import os
import threading
import time
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Callable, ClassVar, Dict, List, Optional, Sequence

from ortools.sat.python import cp_model

from solver.cards import PLAIN, CardStyle, card_str
from solver.errors import NothingFound
from solver.limits import Limits
from solver.poker.arrange import arrange_adjacent
from solver.poker.deal import check_cards, placement_token
from solver.poker.greedy import greedy_grid
from solver.poker.hands import WIN_SCORES
from solver.poker.model import PokerModel, transversals_apply
from solver.poker.rules import PokerRules
from solver.poker.score import Hand, grid_lines, score_grid
from solver.result import Result, Stats, StopReason


@dataclass
class PokerResult(Result):
    """The best grid found for a card order, its `value` (`score`) maximised; `bound`
    is CP-SAT's proven bound (no grid scores more).  `line` is the placement: (card,
    row, column) in the order turned, 0-based; `hands` the grid's lines scored by the
    hand rules alone."""
    game: ClassVar[str] = "poker"
    maximise: ClassVar[bool] = True
    cards: List[int] = field(default_factory=list)
    grid: List[List[int]] = field(default_factory=list)   # the cards, row by row
    hands: List[Hand] = field(default_factory=list)
    discarded: List[int] = field(default_factory=list)

    @property
    def score(self) -> int:
        return self.value

    @property
    def placement(self) -> List[tuple]:
        return self.line

    @property
    def tokens(self) -> List[str]:
        return [placement_token(*p) for p in self.line]

    @property
    def won(self) -> Optional[bool]:
        win = WIN_SCORES.get(self.rules.table_name)
        return None if win is None else self.score >= win

    def sentences(self) -> List[str]:
        return [f"Place {card_str(c)} in row {r + 1}, column {k + 1}." for c, r, k in self.line]

    def game_json(self) -> dict:
        return {"score": self.score, "grid": [[card_str(c) for c in row] for row in self.grid],
                "hands": [h.to_json() for h in self.hands],
                "placement": [{"card": card_str(c), "row": r + 1, "column": k + 1} for c, r, k in self.line],
                "discarded": [card_str(c) for c in self.discarded], "won": self.won,
                "cards": [card_str(c) for c in self.cards]}

    def heading(self) -> str:
        return f"Poker Squares, {self.source or 'order'}: {self.rules.describe()}"

    def verdict_lines(self, style: CardStyle = PLAIN) -> List[str]:
        lines = ["Order: " + " ".join(style.card(c) for c in self.cards), *grid_lines(self.grid, self.hands, style)]
        if self.discarded:
            lines.append("Discarded: " + " ".join(style.card(c) for c in self.discarded))
        if self.rules.adjacent:
            lines.append("Placement (in the order turned): " + ", ".join(self.tokens))
        proof = "proven optimal" if self.proven else f"NOT proven: no grid scores more than {self.bound}"
        win = WIN_SCORES.get(self.rules.table_name)
        verdict = "" if win is None else f"; the book's win ({win}) is {'reached' if self.won else 'missed'}"
        lines.append(f"Score {self.score} ({proof}){verdict}")
        return lines


class _Best(cp_model.CpSolverSolutionCallback):
    """Keeps the last (best) grid, so a stopped search still returns it."""

    def __init__(self, model: PokerModel):
        super().__init__()
        self.model = model
        self.grid = None
        self.objective = None

    def on_solution_callback(self):
        self.grid = self.model.grid_of(self.BooleanValue)
        self.objective = self.ObjectiveValue()


class _Search:
    """One CP-SAT search in a thread of its own, so that Ctrl-C, or the other search of
    a pair, can stop it cleanly and keep its best grid."""

    def __init__(self, model: PokerModel, solver: cp_model.CpSolver):
        self.model, self.solver = model, solver
        self.best = _Best(model)
        self.status = None
        self.bound = math.inf  # the least bound reported while searching (we maximise)
        # (An ortools without this callback never calls it: the pair then stops only
        # when a search ends, which is slower but as exact.)
        solver.best_bound_callback = self._on_bound
        self.finished = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _on_bound(self, bound: float):
        self.bound = min(self.bound, bound)

    def _run(self):
        try:
            self.status = self.solver.Solve(self.model.m, self.best)
        finally:
            self.finished.set()

    def stop(self):
        try:
            self.solver.StopSearch()
        except RuntimeError:  # CP-SAT is not searching yet (or any more): the caller asks again
            pass

    def upper(self) -> int:
        """No grid scores more (either model's optimum bounds every grid)."""
        if self.status == cp_model.OPTIMAL:
            return round(self.solver.ObjectiveValue())
        bound = self.bound
        # CP-SAT stopped before its search (in presolve) reports a bound of 0, which
        # bounds nothing: its final bound counts only once it has a grid.
        if self.status == cp_model.FEASIBLE:
            bound = min(bound, self.solver.BestObjectiveBound())
        return int(bound) if math.isfinite(bound) else self.model.rules.most_points()


# The progress report of the solve under way (Limits.progress), for _run_searches.
_PROGRESS: ContextVar[Optional[Callable]] = ContextVar("poker_progress", default=None)
PROGRESS_AFTER, PROGRESS_EVERY = 2.0, 0.25  # seconds: a quick solve shows none


def _run_searches(searches: List[_Search], done=lambda: False) -> bool:
    """Runs the searches side by side until all end; Ctrl-C, or `done()` holding, stops
    them all.  True when Ctrl-C stopped them.  Reports progress (no node count: CP-SAT
    counts none of ours) when the solve asked for it."""
    for search in searches:
        search.thread.start()
    interrupted = stopping = False
    report, start, next_report = _PROGRESS.get(), time.perf_counter(), PROGRESS_AFTER
    while True:
        running = [search for search in searches if not search.finished.is_set()]
        if not running:
            break
        if report is not None and time.perf_counter() - start >= next_report:
            found = [s.best.objective for s in searches if s.best.objective is not None]
            next_report += PROGRESS_EVERY
            report(None, round(max(found)) if found else None, min(s.upper() for s in searches),
                   time.perf_counter() - start)
        # Wait on an Event, not on join(): a KeyboardInterrupt inside Thread.join() can
        # leave the thread marked stopped while it still runs (CPython 3.11).
        try:
            running[0].finished.wait(0.05)
        except KeyboardInterrupt:  # stop the search cleanly and keep the best grid
            interrupted = True
        stopping = stopping or interrupted or done()
        if stopping:
            for search in running:
                search.stop()
    for search in searches:
        search.thread.join()
        if search.status == cp_model.MODEL_INVALID:  # a bug, not a deal's fault: say so loudly
            raise RuntimeError(f"CP-SAT found the model invalid: {search.model.m.Validate()}")
    return interrupted


def _stop_reason(proven: bool, interrupted: bool) -> StopReason:
    return StopReason.COMPLETE if proven else (StopReason.INTERRUPTED if interrupted else StopReason.TIMEOUT)


def _nothing_found(interrupted: bool, bound) -> NothingFound:
    how = "interrupted" if interrupted else "stopped by --timeout"
    return NothingFound(f"the search was {how} before it found any grid", _stop_reason(False, interrupted), bound)


def solve(cards: Sequence[int], rules: PokerRules = PokerRules(), *, limits: Limits = Limits(threads=0),
          source: str = "", formulation: str = "auto", fixed: Dict[int, tuple] = None) -> PokerResult:
    """The best grid for the card order; proven when CP-SAT proves optimality.  Of the
    limits, `timeout` applies and `threads` is CP-SAT's workers (0: one per core).

    `fixed` (card index -> (row, col)) restricts the problem, for exhaustive checks.
    Raises DealError for an order the rules do not fit."""
    cards = list(cards)
    check_cards(cards, rules)
    watching = _PROGRESS.set(limits.progress)
    try:
        result = _solve(cards, rules, limits.timeout, limits.threads, formulation, fixed)
    finally:
        _PROGRESS.reset(watching)
    if result is not None:
        result.source = source
    return result


def _solve(cards, rules, timeout, workers, formulation, fixed) -> Optional[PokerResult]:
    start = time.perf_counter()
    try:
        if rules.adjacent and not fixed and not rules.diagonals:  # diagonals: the cells matter
            return _solve_adjacent(cards, rules, timeout, workers, formulation)
        if rules.diagonals and not fixed and transversals_apply(rules):
            return _solve_diagonals(cards, rules, timeout, workers, formulation)
        return _solve_model(cards, rules, timeout, workers, formulation, fixed)
    except NothingFound as stopped:
        if fixed:  # the greedy grid may not keep the fixed cells
            raise
        return _greedy_result(cards, rules, stopped, time.perf_counter() - start)


def _greedy_result(cards, rules, stopped: NothingFound, seconds: float) -> PokerResult:
    """A search stopped before CP-SAT found any grid still answers with a legal grid:
    the greedy placement (greedy.py), with the bound the search had proved."""
    grid = greedy_grid(cards, rules)
    index = {c: i for i, c in enumerate(cards)}
    index_grid = [[index[c] for c in row] for row in grid]
    bound = rules.most_points() if stopped.bound is None else stopped.bound
    result = _result(cards, rules, index_grid, bound=bound, proven=False, reason=StopReason(stopped.reason),
                     seconds=seconds)
    if result.bound <= result.score:  # the bound came down to the greedy grid: it is optimal
        result.proven, result.stop_reason = True, StopReason.COMPLETE
    return result


def _solve_diagonals(cards, rules, timeout, workers, formulation) -> PokerResult:
    """The plain model of the diagonals finds good grids soon but never proves them; the
    transversal form (model.py) lowers the bound far faster but finds grids late.  So
    both search side by side, half the workers each, until the bound of either meets
    the best grid of either (proven) or the limit: sooner, and with better grids, than
    the two in turn."""
    total = workers or os.cpu_count() or 1
    if total < 2:
        return _solve_diagonals_in_turn(cards, rules, timeout, formulation)
    start = time.perf_counter()
    plain = _Search(PokerModel(cards, rules, formulation=formulation),
                    _solver(timeout, total // 2, lb_tree=False))
    form = _Search(PokerModel(cards, rules, formulation=formulation, transversals=True),
                   _solver(timeout, total - total // 2, lb_tree=True, merge_cliques=True))
    pair = [plain, form]

    def settled() -> bool:
        found = [s.best.objective for s in pair if s.best.objective is not None]
        return any(s.status == cp_model.OPTIMAL for s in pair) or bool(found) and min(
            s.bound for s in pair) <= max(found)

    interrupted = _run_searches(pair, done=settled)
    seconds = time.perf_counter() - start
    bound = min(s.upper() for s in pair)
    found = [_result(cards, rules, s.best.grid, bound=bound, proven=False, reason=StopReason.TIMEOUT, seconds=seconds)
             for s in pair if s.best.grid is not None]
    if not found:
        raise _nothing_found(interrupted, bound)
    best = max(found, key=lambda r: r.score)
    best.proven = bound <= best.score
    best.bound = max(bound, best.score)
    best.stop_reason = _stop_reason(best.proven, interrupted)
    return best


# With one worker, the two searches of the diagonals take turns: the plain model looks
# for a grid this share of the time limit (or this long without one) before the
# transversal form looks for a better grid or the proof that none is.
DIAGONAL_GRID_SHARE = 0.15
DIAGONAL_GRID_SECONDS = 10.0
# But a short limit leaves it half the limit up to this much, so that a first grid comes.
DIAGONAL_FIRST_GRID_SECONDS = 1.0


def _solve_diagonals_in_turn(cards, rules, timeout, formulation) -> PokerResult:
    start = time.perf_counter()
    grid_seconds = (max(timeout * DIAGONAL_GRID_SHARE, min(timeout / 2, DIAGONAL_FIRST_GRID_SECONDS)) if timeout
                    else DIAGONAL_GRID_SECONDS)
    first = _solve_model(cards, rules, grid_seconds, 1, formulation)
    if first.proven or first.stop_reason == StopReason.INTERRUPTED:
        return first
    left = max(timeout - (time.perf_counter() - start), 0.1) if timeout else 0.0
    try:
        better = _solve_model(cards, rules, left, 1, formulation, lower=first.score + 1, transversals=True)
    except NothingFound as stopped:  # neither a better grid nor the proof: the bound learnt
        bound = first.bound if stopped.bound is None else min(first.bound, stopped.bound)
        first.bound, first.stop_reason = max(bound, first.score), StopReason(stopped.reason)
    else:
        if better is None:  # no grid beats the first one: it is optimal
            first.bound, first.proven, first.stop_reason = first.score, True, StopReason.COMPLETE
        else:  # a better grid; the bounds of both searches hold
            better.bound = max(better.score, min(first.bound, better.bound))
            first = better
    if first.bound <= first.score:  # the bounds met the grid just as a limit came
        first.proven, first.stop_reason = True, StopReason.COMPLETE
    first.stats.seconds = time.perf_counter() - start
    return first


# How many more optimal grids of the game without adjacency to try rearranging before
# the adjacency model runs: a handful usually suffices when any does.
OTHER_OPTIMA = 20


def _solve_adjacent(cards, rules, timeout, workers, formulation) -> PokerResult:
    """Adjacency only takes grids away, so the game without it bounds the game with it,
    and its proofs are far quicker (rows and columns stay interchangeable there).  When
    one of its optimal grids can be rearranged to obey adjacency (arrange.py), that is
    the optimum; when none can, the optimum is lower; otherwise (too many optima, or a
    limit) the adjacency model runs, with the bound learnt."""
    start = time.perf_counter()
    free_rules = replace(rules, adjacent=False)
    index = {c: i for i, c in enumerate(cards)}

    def left() -> float:
        return timeout - (time.perf_counter() - start) if timeout else 0.0

    def arranged(result):
        grid = [[index[c] for c in row] for row in result.grid]
        return grid, arrange_adjacent(grid, rules.first_top_left, transpose=not rules.rows_only)

    free = _solve_model(cards, free_rules, timeout, workers, formulation)
    upper, interrupted = free.bound, free.stop_reason == StopReason.INTERRUPTED
    first_grid, found = arranged(free)
    tried = [first_grid]
    if found is None and free.proven:
        for _ in range(OTHER_OPTIMA):
            if timeout and left() <= 0:
                break
            try:
                other = _solve_model(cards, free_rules, left(), workers, formulation, lower=free.score,
                                     exclude=tried, first_only=True)
            except NothingFound as stopped:  # a limit came first
                interrupted = stopped.reason == "interrupted"
                break
            if other is None:  # no optimal grid rearranges: adjacency costs a point at least
                upper = free.score - 1
                break
            if other.stop_reason == StopReason.INTERRUPTED:
                interrupted = True
                break
            grid, found = arranged(other)
            if found is not None:
                break
            tried.append(grid)
    if found is not None:  # the optimum when the free game's is proven; else what the limit left
        return _result(cards, rules, found, bound=upper, proven=free.proven and not interrupted,
                       reason=StopReason.INTERRUPTED if interrupted else free.stop_reason,
                       seconds=time.perf_counter() - start)
    spent = interrupted or free.stop_reason != StopReason.COMPLETE or (timeout and left() <= 0)
    # With the limit spent, a legal grid is all that is wanted now (a second at most).
    result = _solve_model(cards, rules, 1.0 if spent else left(), workers, formulation, upper=upper)
    result.stats.seconds = time.perf_counter() - start
    if interrupted:
        result.stop_reason, result.proven = StopReason.INTERRUPTED, False
    return result


def _solve_model(cards, rules, timeout, workers, formulation, fixed=None, upper=None, lower=None,
                 exclude=(), first_only=False, transversals=False) -> Optional[PokerResult]:
    """One CP-SAT search.  `upper`: a bound on the score known beforehand; `lower`, with
    `exclude` (grids of card indexes) and `first_only`: any other grid scoring that much.
    None when CP-SAT proves there is no grid at all."""
    start = time.perf_counter()
    model = PokerModel(cards, rules, formulation=formulation, fixed=fixed, transversals=transversals)
    if upper is not None:
        model.m.Add(model.objective <= upper)
    if lower is not None:
        model.m.Add(model.objective >= lower)
    for grid in exclude:
        model.m.AddBoolOr([model.x[i, r, c].Not() for r, row in enumerate(grid) for c, i in enumerate(row)])
    # CP-SAT's lower-bound tree search closes these bounds faster.  It is no help when
    # any grid scoring enough will do, nor for Repeat Poker (solved at once either way),
    # nor for the plain model of diagonals, where the grid found matters: it found worse
    # ones there.
    lb_tree = not (first_only or (rules.diagonals and not transversals) or rules.rows_only)
    search = _Search(model, _solver(timeout, workers, lb_tree, first_only, merge_cliques=transversals))
    interrupted = _run_searches([search])
    seconds = time.perf_counter() - start
    if search.best.grid is None:
        if search.status == cp_model.INFEASIBLE:
            return None
        raise _nothing_found(interrupted, search.upper())
    proven = search.status == cp_model.OPTIMAL
    return _result(cards, rules, search.best.grid, bound=None if proven else search.upper(), proven=proven,
                   reason=_stop_reason(proven, interrupted), seconds=seconds)


def _solver(timeout, workers, lb_tree, first_only=False, merge_cliques=False) -> cp_model.CpSolver:
    """CP-SAT with our settings: `workers` threads (0: all cores), the lower-bound tree
    search or not, `timeout` seconds (0: none), at-most-one constraints merged into
    larger cliques in presolve or not (see below)."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers or 0   # 0: all cores
    solver.parameters.optimize_with_lb_tree_search = lb_tree
    # No probing in presolve: the clauses it derives (thousands of binary ones) make each
    # node of the search dearer than they save.
    solver.parameters.cp_model_probing_level = 0
    # One pass of presolve, not three: the search runs faster on the less rewritten model.
    solver.parameters.max_presolve_iterations = 1
    # Nor are the at-most-one constraints merged into larger cliques, but in the
    # transversal form of the diagonals, whose proofs need them.
    if not merge_cliques:
        solver.parameters.merge_at_most_one_work_limit = 0
    if lb_tree and (workers or os.cpu_count()) == 2:
        # On two threads CP-SAT runs the tree search beside large-neighbourhood search,
        # whose grids the tree search beats anyway.  A second complete search with quick
        # restarts helps it more.
        solver.parameters.num_full_subsolvers = 2
        solver.parameters.subsolvers.extend(["default_lp", "quick_restart"])
    solver.parameters.catch_sigint_signal = False  # Ctrl-C is ours: see _run_searches
    if timeout:
        solver.parameters.max_time_in_seconds = timeout
    solver.parameters.stop_after_first_solution = first_only
    return solver


def _result(cards, rules, index_grid, bound, proven, reason, seconds) -> PokerResult:
    """The result for a grid of card indexes, scored with the hand rules alone; `bound`
    (None when proven) is what no grid can beat."""
    grid = [[cards[i] for i in row] for row in index_grid]
    hands = score_grid(grid, rules)
    score = sum(h.points for h in hands)
    bound = score if proven or bound is None else max(bound, score)
    placed_at = {i: (r, c) for r, row in enumerate(index_grid) for c, i in enumerate(row)}
    placement = [(cards[i], *placed_at[i]) for i in range(len(cards)) if i in placed_at]
    discarded = [cards[i] for i in range(len(cards)) if i not in placed_at]
    return PokerResult(source="", rules=rules, proven=proven, stop_reason=reason, value=score, bound=bound,
                       line=placement, stats=Stats(seconds), cards=cards, grid=grid, hands=hands, discarded=discarded)
