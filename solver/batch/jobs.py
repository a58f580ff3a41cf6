"""One deal of a batch: load it, solve it, make its record.

A job holds a game's rules and limits and turns a DealSpec into a record (a
plain dict, one line of the results file).  Jobs are picklable: they run in
worker processes or on Dask workers.  A deal that cannot be read becomes an error
record with the reason; the batch goes on.
"""
from __future__ import annotations

import traceback
from dataclasses import dataclass, field, replace
from typing import List, Optional

from solver.batch.specs import DealSpec
from solver.errors import DealError, PatiensError
from solver.limits import Limits


@dataclass(frozen=True)
class Job:
    game: str
    rules: object           # KlondikeRules, GolfRules or PokerRules
    limits: Limits
    first_win: bool = False  # only decide winnability (Klondike's --first-win, Golf's --first-clear)
    lines: bool = False      # keep each deal's best line in its record
    poker_workers: int = 1   # CP-SAT workers per Poker deal (processes already run in parallel)
    # What shapes the summary but not the solve (Klondike's bonus, Golf's par): kept in
    # each record, so that `analyse summarize` finds it again.
    options: dict = field(default_factory=dict)
    # The real game: a player who does not see the hidden cards plays each deal (its
    # name, samples and sampler seed), beside the clairvoyant optimum.  None: solve only.
    player: Optional[dict] = None

    def rules_json(self) -> dict:
        out = self.rules.to_json()
        if self.first_win:
            out["first_clear" if self.game == "golf" else "first_win"] = True
        if self.player:
            out["player"] = self.player  # another question: a rerun must ask the same
        return out

    def run(self, spec: DealSpec) -> dict:
        base = {"id": spec.id, "n": spec.n, "game": self.game, "rules": self.rules_json()}
        if self.options:
            base["options"] = self.options
        try:
            base.update(getattr(self, "_" + self.game)(spec))
            base["error"] = None
        except PatiensError as e:  # a deal that cannot be read
            base.update(verdict="error", error=str(e), proven=False)
        except Exception as e:  # noqa: BLE001 - a bug on one deal must not stop the batch
            last = traceback.format_exc().strip().splitlines()[-1]
            base.update(verdict="error", error=f"internal error: {type(e).__name__}: {e} ({last})", proven=False)
        return base

    def deal_of(self, spec: DealSpec):
        """The deal a spec names (Poker: the card order), dealt for the job's rules."""
        if spec.kind == "unreadable":
            raise DealError(spec.payload)
        if self.game == "klondike":
            from solver.klondike import KlondikeDeal
            return {"seed": KlondikeDeal.from_seed, "pysol": KlondikeDeal.from_pysol_number,
                    "text": KlondikeDeal.parse}[spec.kind](spec.payload)
        if self.game == "golf":
            from solver.golf import GolfDeal
            return {"seed": GolfDeal.from_seed, "pysol": GolfDeal.from_pysol_number,
                    "text": GolfDeal.parse}[spec.kind](spec.payload, self.rules)
        from solver.poker import order_from_pysol, order_from_seed, parse_order
        return {"seed": order_from_seed, "pysol": order_from_pysol,
                "text": parse_order}[spec.kind](spec.payload, self.rules)

    def _klondike(self, spec: DealSpec) -> dict:
        from solver.klondike import solve
        deal = self.deal_of(spec)
        if self.player:
            return self._klondike_played(deal)
        r = solve(deal, self.rules, first_win=self.first_win, limits=self.limits)
        return self._record(r, verdict={True: "won", False: "lost", None: "unknown"}[r.solvable],
                            solvable=r.solvable, max_foundation=r.max_foundation, vegas_score=r.vegas_score,
                            exact=r.exact)

    def _golf(self, spec: DealSpec) -> dict:
        from solver.golf import solve
        deal = self.deal_of(spec)
        if self.player:
            return self._golf_played(deal)
        r = solve(deal, self.rules, first_clear=self.first_win, limits=self.limits)
        return self._record(r, verdict={True: "cleared", False: "not cleared", None: "unknown"}[r.solvable],
                            solvable=r.solvable, best_score=r.best_score, cards_left=r.cards_left,
                            stock_left=r.stock_left, impossible_reason=r.impossible_reason)

    def _poker(self, spec: DealSpec) -> dict:
        from solver.cards import card_str
        from solver.poker import solve
        order = self.deal_of(spec)
        if self.player:
            return self._poker_played(order, spec)
        r = solve(order, self.rules, limits=replace(self.limits, threads=self.poker_workers))
        out = self._record(r, verdict={True: "won", False: "lost", None: "-"}[r.won], bound=r.bound, won=r.won)
        if self.lines:
            out["grid"] = [[card_str(c) for c in row] for row in r.grid]
        return out

    def _golf_played(self, deal) -> dict:
        from solver.golf.real import play
        hole = play(deal, self.rules, limits=self.limits, **self.player)
        out = {"verdict": "cleared" if hole.cleared else "not cleared", "solvable": hole.optimum <= 0,
               "score": hole.score, "player": hole.player, "optimum": hole.optimum, "proven": hole.optimum_proven,
               "value_of_information": hole.cost_of_not_knowing, "decisions": hole.decisions}
        if self.lines:
            out["line"] = hole.tokens
        return out

    def _klondike_played(self, deal) -> dict:
        from solver.klondike.notation import vegas_score
        from solver.klondike.real import play
        game = play(deal, self.rules, limits=self.limits, **self.player)
        # max_foundation, vegas_score and solvable stay the clairvoyant figures (the
        # summary's perfect-play lines); score is the player's cards home.
        out = {"verdict": "won" if game.won else "lost", "score": game.foundation, "player": game.player,
               "player_vegas_score": vegas_score(game.foundation), "optimum": game.optimum,
               "proven": game.optimum_proven, "solvable": game.optimum == 52 if game.optimum_proven else None,
               "max_foundation": game.optimum, "vegas_score": vegas_score(game.optimum),
               "value_of_information": game.cost_of_not_knowing, "decisions": game.decisions}
        if self.lines:
            out["line"] = game.tokens
        return out

    def _poker_played(self, order, spec) -> dict:
        from solver.cards import card_str
        from solver.poker.real import play
        game = play(order, self.rules, limits=replace(self.limits, threads=self.poker_workers), source=spec.id,
                    **self.player)
        out = {"verdict": {True: "won", False: "lost", None: "-"}[game.won], "score": game.score, "won": game.won,
               "player": game.player, "optimum": game.optimum, "proven": game.optimum_proven,
               "value_of_information": game.cost_of_not_knowing, "seconds": round(game.seconds, 6)}
        if self.lines:
            out["grid"] = [[card_str(c) for c in row] for row in game.grid]
        return out

    def _record(self, r, **fields) -> dict:
        """A deal's record: what every game reports, then the game's own `fields`."""
        out = {"score": r.value, "proven": r.proven, "stop_reason": str(r.stop_reason), "nodes": r.stats.nodes,
               "seconds": round(r.stats.seconds, 6), **fields}
        if self.lines:
            out["line"] = r.tokens
        return out


def run_chunk(job: Job, specs: List[DealSpec]) -> List[dict]:
    """What a worker runs: a few deals at a time, to keep per-task overhead small."""
    return [job.run(spec) for spec in specs]
