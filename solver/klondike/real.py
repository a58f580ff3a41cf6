"""The real game of Klondike: the face-down cards and the unseen stock cards hidden.

A player has perfect memory: every card that is or was face up (turned up in the
tableau, drawn to the waste, sent home) is known, in the place it was seen.  The
face-down tableau cards and the stock cards not drawn yet are not; which cards they
are between them is known (the deck less everything seen), not where each lies.  A
KlondikeView is exactly that knowledge: the position with UNKNOWN in the hidden
places.  The table (play() below) keeps the true position and shows the player its
view; nothing a player does reads a hidden card (the tests play two deals that differ
only in their hidden cards and check every decision is the same).

Players:
* `greedy`: a card home if it can, else a move that turns a card up, else a waste
  card onto the tableau, else a draw, else a redeal (players.cpp): the baseline.
* `expert`: the same kinds of move weighed finer (players.cpp): a card home at once
  only when no card could need it on the tableau, the run off the largest pile first,
  a column emptied only for a King that waits, a waste card first where a run off
  face-down cards can then go onto it.
* `rollout`: the expert, improved by looking ahead without hindsight.  At each choice
  it draws `samples` worlds and plays each action the expert would consider in every
  world, the expert going on from there (it never sees the world's hidden cards, so
  the figures are what the player itself would get); it takes the best action where
  it beats the expert's own choice by more than twice the standard error of their
  difference over the same worlds, else the expert's.
* `search`: hindsight optimisation.  At each real choice it draws `samples` worlds
  (the hidden cards dealt uniformly among the places, from a seed made of the sampler
  seed and the move number), solves every action in every world with the exact core
  (each solve capped by a node count, so the game is the same on any machine), and
  takes the action with the best mean.  Each world is solved as if its cards were
  known after the action, so the figures lean hopeful; the same worlds serve every
  action, so their comparison is fairer than the figures.  Safe cards home are
  played at once, and an action that brings back a position already met is not
  offered (a game cannot cycle).
* `plans`: the same weighing over plans instead of single actions (quiet moves that
  can be taken back and show nothing, then one move that commits or shows a card),
  as lonelybot's player does: in a world a quiet move costs nothing, so single
  actions tie on noise where plans differ.
* `bandit`: the plans again, but the worlds are handed out by a bandit (UCB1), a
  batch at a time, to the plans that look best so far, each world solved briefly
  (a thousand nodes), until one plan has been weighed in `samples` worlds: that plan
  is played.  Equal worlds for every plan pick the luckiest of many noisy means; the
  bandit spends its worlds where the choice is made (lonelybot's player).  With
  unlimited passes it first looks through the stock (draws to its end and turns the
  waste over, which costs nothing then), so that only the face-down cards are hidden.

Scores are Vegas: the cards on the foundations when the game ends.
"""
from __future__ import annotations

import itertools
import math
import statistics
import time
from dataclasses import dataclass, replace
from typing import Dict, List, Optional, Sequence, Set, Tuple

from solver import _core
from solver.cards import DECK
from solver.errors import DealError, OptionError, check_legal
from solver.klondike.deal import UNKNOWN, KlondikeDeal
from solver.klondike.notation import Action, ActionKind, format_line, parse_line, vegas_score
from solver.klondike.rules import KlondikeRules
from solver.limits import Limits
from solver.shuffle import SplitMix64, decision_seed, shuffled

ALL_HOME = 52
DEFAULT_SAMPLES = 10
# The bandit player: the worlds the chosen plan is weighed in (its --samples), the
# worlds handed out at a time, the nodes of each world's solve, and UCB1's constant.
BANDIT_SAMPLES = 100
# The rollout player: the worlds each choice is weighed in, and how sure it must be of
# a better action than the expert's (in standard errors of the paired difference).
ROLLOUT_SAMPLES = 100
ROLLOUT_SURE = 2.0
# The simple players' numbers in the core (players::KlondikePolicy).
GREEDY, EXPERT = 0, 1
BANDIT_BATCH = 10
BANDIT_NODES = 1_000
BANDIT_EXPLORATION = 0.5
HINT_SAMPLES = 40
MAX_SAMPLES = 10_000
# A world's solve is given this many nodes at most (a count: the same game on any
# machine).  Most mid-game positions are settled well within it; one that is not
# gives the best line found, a lower figure, the same for every action's worlds.
WORLD_NODES = 20_000
# Moves that only rearrange the tableau (see SearchPlayer.quiet_for), and how many in
# a row the search player makes at most.
SHUFFLES = (ActionKind.COLUMN_TO_COLUMN, ActionKind.FOUNDATION_TO_COLUMN)
QUIET_LIMIT = 20
TIE_PLAYOUTS = 4  # greedy games a world for breaking the search's ties
STOP_LIMIT = 100
# Once nothing is hidden, the search players play the solver's line, found within this.
ENDGAME_NODES = 2_000_000
# A game ends after this many actions (no sensible game is half as long).
MAX_ACTIONS = 3000
# Up to this many hidden cards a hint weighs every world (5! = 120): exact figures.
# (A position that shows every card is one world: the clairvoyant question.)
EXACT_UNKNOWN = 5


@dataclass(frozen=True)
class KlondikeView:
    """What the player knows: the position with UNKNOWN in its hidden places, and the
    cards those places hold, sorted (so their true order cannot leak through)."""
    position: KlondikeDeal
    rules: KlondikeRules
    unseen: Tuple[int, ...]

    @classmethod
    def of(cls, position: KlondikeDeal, rules: KlondikeRules, seen: Set[int]) -> "KlondikeView":
        """The true position as a player who has seen the cards `seen` knows it."""
        hide = lambda c: c if c in seen else UNKNOWN  # noqa: E731
        masked = replace(position, columns=[[hide(c) for c in col] for col in position.columns],
                         stock=[hide(c) for c in position.stock], waste=list(position.waste),
                         foundations=list(position.foundations), face_down=list(position.face_down))
        return cls(masked, rules, tuple(sorted(masked.unseen_cards())))

    @classmethod
    def of_position(cls, position: KlondikeDeal, rules: KlondikeRules) -> "KlondikeView":
        """A position read from a file: its ?? places are the hidden ones (a file that
        gives every card is a view with nothing hidden: the clairvoyant question)."""
        return cls(position, rules, tuple(sorted(position.unseen_cards())) if position.unknown_count else ())

    @property
    def home(self) -> int:
        return sum(self.position.foundations)

    @property
    def shown(self) -> Set[int]:
        """The cards the view shows: the deck less the hidden ones."""
        return set(DECK) - set(self.unseen)

    def known_key(self, position: KlondikeDeal) -> str:
        """The key of a position of one of this view's worlds, reached without showing a
        card, as the player will know it (the hidden cards hidden again)."""
        return position_key(KlondikeView.of(position, self.rules, self.shown).position)

    def world(self, fill: Sequence[int]) -> KlondikeDeal:
        """The position with its hidden places filled, in order (columns left to right,
        bottom first, then the stock), from `fill`."""
        cards = iter(fill)
        put = lambda c: next(cards) if c == UNKNOWN else c  # noqa: E731
        p = self.position
        return replace(p, columns=[[put(c) for c in col] for col in p.columns], stock=[put(c) for c in p.stock],
                       waste=list(p.waste), foundations=list(p.foundations), face_down=list(p.face_down))

    def worlds(self, count: int, seed: int) -> List[KlondikeDeal]:
        """`count` worlds drawn uniformly among those consistent with the view."""
        rng = SplitMix64(seed)
        return [self.world(shuffled(list(self.unseen), rng.next())) for _ in range(count)]

    def all_worlds(self) -> List[KlondikeDeal]:
        """Every world, each once."""
        return [self.world(order) for order in itertools.permutations(self.unseen)]

    def any_world(self) -> KlondikeDeal:
        """A world for what reads only the visible cards (the legal actions, the greedy
        player's choice): the hidden cards in sorted order, the same for every deal."""
        return self.world(self.unseen)

    def actions(self) -> List[Tuple[Action, bool]]:
        """The legal actions worth offering (a worry back that can serve nothing is not),
        each with whether it is a safe card home, in the greedy player's order of
        preference (home, a run off face-down cards, the waste to the tableau, a draw,
        a redeal, the rest): the order that breaks the search's ties."""
        raw = _core.klondike_actions(self.any_world().to_core(), self.rules.to_core())
        offered = [(5 if cls < 0 else cls, i, Action.from_core(t), kind == 1)
                   for i, (t, kind, cls) in enumerate(raw) if kind >= 0]
        return [(action, safe) for _, _, action, safe in sorted(offered, key=lambda x: x[:2])]

    def key_after(self, action: Action) -> Optional[str]:
        """The position after `action` as the player will know it, or None where the
        action shows a card not seen yet (then the position is new for certain)."""
        if action.kind == ActionKind.DRAW and self.position.stock and UNKNOWN in self.position.stock[:self.rules.draw]:
            return None
        raw = _core.klondike_replay(self.any_world().to_core(), self.rules.to_core(), [action.to_core()])
        if raw["actions"][0][6] != 255:  # a face-down card was turned up
            return None
        return self.known_key(KlondikeDeal.from_core(raw["layout"]))


def position_key(position: KlondikeDeal) -> str:
    """A position as the player knows it, for noticing one met before.  With unlimited
    passes the pass number is part of it: going round the stock again is how a player
    comes back to a move it put off (STOP_LIMIT ends the rounds that change nothing)."""
    return position.to_pysol()


def seen_in(position: KlondikeDeal) -> Set[int]:
    """The cards a player sees in a position of the true game: face up or home."""
    up = {c for col, down in zip(position.columns, position.face_down) for c in col[down:]}
    return up | set(position.waste) | set(position.home_cards())


# --- the players -------------------------------------------------------------

@dataclass
class ActionValue:
    """What an action is worth over the worlds: the mean most cards home (and its
    standard error), the share of worlds won, how many worlds."""
    action: Action
    mean: float
    stderr: float
    win_share: float
    worlds: int
    greedy_mean: Optional[float] = None  # cards home when the greedy player goes on from here (hints)

    def to_json(self) -> dict:
        out = {"move": self.action.token(), "expected_cards": round(self.mean, 4),
               "expected_vegas": round(5 * self.mean - 52, 4), "stderr": round(self.stderr, 4),
               "win_share": round(self.win_share, 4), "worlds": self.worlds}
        if self.greedy_mean is not None:
            out["greedy_cards"] = round(self.greedy_mean, 4)
        return out


def world_values(view: KlondikeView, plans: List[List[Action]], worlds: List[KlondikeDeal], objective: str,
                 max_nodes: int = WORLD_NODES, threads: int = 1, playouts: int = 0,
                 policy: int = GREEDY) -> List[List[float]]:
    """For each plan (a list of actions) and world: the most cards home the solver finds
    after the plan (with the objective "win" it looks only for a win: a lost world's
    figure is the most it saw); with `playouts`, instead the mean cards home of that
    many games of the greedy (or the expert) player after the plan (no hindsight: what
    a player who sees nothing more gets)."""
    if not plans:
        return []
    return core_values(view, plans, [w.to_core() for w in worlds], objective, max_nodes, threads, playouts, policy)


def core_values(view: KlondikeView, plans: List[List[Action]], worlds: List[dict], objective: str,
                max_nodes: int = WORLD_NODES, threads: int = 1, playouts: int = 0,
                policy: int = GREEDY) -> List[List[float]]:
    """world_values for worlds already in the core's form (a player that weighs many plans
    on the same worlds converts them once)."""
    raw = _core.klondike_plan_values(worlds, view.rules.to_core(), [[a.to_core() for a in plan] for plan in plans],
                                     objective == "win", max_nodes, threads, playouts, policy)
    return [[v / playouts for v in row] for row in raw] if playouts else raw


def rank_values(actions: List[Action], homes: List[List[int]], objective: str) -> List[ActionValue]:
    """The actions' figures, best first: by the mean cards home (objective "cards") or
    by the share won, then the cards ("win"); ties keep the order of `actions`."""
    values = []
    for i, (action, row) in enumerate(zip(actions, homes)):
        mean = statistics.mean(row)
        err = statistics.stdev(row) / math.sqrt(len(row)) if len(row) > 1 else 0.0
        values.append((i, ActionValue(action, mean, err, sum(h == ALL_HOME for h in row) / len(row), len(row))))
    if objective == "win":
        values.sort(key=lambda iv: (-iv[1].win_share, -iv[1].mean, iv[0]))
    else:
        values.sort(key=lambda iv: (-iv[1].mean, -iv[1].win_share, iv[0]))
    return [v for _, v in values]


@dataclass
class Decision:
    """A player's choice: the action, or None to end the game; `plan`, the actions to
    play from here on (the action first), where the player chose several at once."""
    action: Optional[Action]
    deliberated: bool = False  # the search weighed worlds for it
    plan: Optional[List[Action]] = None


class GreedyPlayer:
    """A simple player of the core's (players.cpp): its choice reads only what a person
    sees, so any world of the view gives it."""
    name = "greedy"
    policy = GREEDY

    def __init__(self, sampler_seed: int = 1):
        self.sampler_seed = sampler_seed
        self.progress = True  # something besides drawing since the last redeal

    def own_choice(self, view: KlondikeView, step: int, world: Optional[dict] = None) -> Optional[Action]:
        """The core's choice, from `world` (the view's any_world in the core's form)."""
        raw = _core.klondike_player_action(world or view.any_world().to_core(), view.rules.to_core(),
                                           decision_seed(self.sampler_seed, step), self.progress, self.policy)
        return None if raw is None else Action.from_core(raw[0])

    def choose(self, view: KlondikeView, step: int, met: Set[str]) -> Decision:
        return self.chosen(self.own_choice(view, step))

    def chosen(self, action: Optional[Action], deliberated: bool = False) -> Decision:
        """The decision, the progress since the last redeal noted (the player stops at a
        redeal with nothing but draws since the last)."""
        if action is not None:
            self.progress = action.kind != ActionKind.REDEAL and (self.progress or action.kind != ActionKind.DRAW)
        return Decision(action, deliberated)


class ExpertPlayer(GreedyPlayer):
    name = "expert"
    policy = EXPERT


class RolloutPlayer(ExpertPlayer):
    """The expert, taking another action where the expert's own games after it, in the
    same sampled worlds, do clearly better (see the module's docstring)."""
    name = "rollout"

    def __init__(self, samples: int = ROLLOUT_SAMPLES, sampler_seed: int = 1, objective: str = "cards",
                 threads: int = 1):
        super().__init__(sampler_seed)
        self.samples, self.objective, self.threads = samples, objective, threads

    def choose(self, view: KlondikeView, step: int, met: Set[str]) -> Decision:
        look = look_through_stock(view)
        if look:
            return Decision(look[0], plan=look)
        safe = next((action for action, is_safe in view.actions() if is_safe), None)
        if safe is not None:
            return self.chosen(safe)
        world = view.any_world().to_core()
        own = self.own_choice(view, step, world)
        if own is None:
            return self.chosen(None)
        raw = _core.klondike_expert_scores(world, view.rules.to_core())
        # A move back to a position met before is not offered: a game cannot cycle.
        offered = [a for a in (Action.from_core(t) for t, _ in raw) if a == own or view.key_after(a) not in met]
        if len(offered) <= 1:
            return self.chosen(own)
        worlds = view.worlds(self.samples, decision_seed(self.sampler_seed, step))
        figures = world_values(view, [[a] for a in offered], worlds, self.objective, threads=self.threads,
                               playouts=1, policy=EXPERT)
        if self.objective == "win":
            figures = [[float(h == ALL_HOME) for h in row] for row in figures]
        mine = figures[offered.index(own)]
        best = max(range(len(offered)), key=lambda i: (statistics.mean(figures[i]), -i))
        return self.chosen(offered[best] if clearly_better(figures[best], mine) else own, True)


def look_through_stock(view: KlondikeView) -> List[Action]:
    """With unlimited passes, while stock cards are unseen at the start of a pass: the
    draws to the end of the stock and the redeal (every stock card seen, the position as
    it was)."""
    p = view.position
    if not view.rules.unlimited or UNKNOWN not in p.stock or p.waste:
        return []
    return [Action(ActionKind.DRAW)] * -(-len(p.stock) // view.rules.draw) + [Action(ActionKind.REDEAL)]


def clearly_better(figures: List[float], than: List[float]) -> bool:
    """The mean of the paired differences (the same worlds) is above ROLLOUT_SURE
    standard errors."""
    gains = [a - b for a, b in zip(figures, than)]
    mean = statistics.mean(gains)
    if len(gains) < 2 or mean <= 0:
        return False
    return mean > ROLLOUT_SURE * statistics.stdev(gains) / math.sqrt(len(gains))


class SearchPlayer:
    name = "search"

    def __init__(self, samples: int = DEFAULT_SAMPLES, sampler_seed: int = 1, objective: str = "cards",
                 max_nodes: int = WORLD_NODES, threads: int = 1):
        self.samples, self.sampler_seed, self.objective = samples, sampler_seed, objective
        self.max_nodes, self.threads = max_nodes, threads
        self._progress: Optional[tuple] = None
        self._quiet = 0
        self._most_home = 0

    def quiet_for(self, view: KlondikeView) -> int:
        """Moves since the last that made progress (more cards home than ever before, a
        card turned up, a card out of the talon, or with limited passes a draw or a
        redeal, which cannot be taken back): the search values moving a run back and
        forth as much as anything once every world is settled, so past QUIET_LIMIT such
        moves only the others are offered, and past STOP_LIMIT the game ends."""
        p = view.position
        self._most_home = max(self._most_home, view.home)
        talon = len(p.stock) + len(p.waste)
        mark = (self._most_home, sum(p.face_down), talon) + (() if view.rules.unlimited else (len(p.stock),
                                                                                               p.pass_number))
        self._quiet = self._quiet + 1 if mark == self._progress else 0
        self._progress = mark
        return self._quiet

    def choose(self, view: KlondikeView, step: int, met: Set[str]) -> Decision:
        legal = view.actions()
        safe = next((action for action, is_safe in legal if is_safe), None)
        if safe is not None:
            return Decision(safe)
        if not view.unseen:
            return self.play_out(view)
        quiet = self.quiet_for(view)
        if quiet >= STOP_LIMIT:
            return Decision(None)  # going round without progress (unlimited passes): the game is over
        return self.weigh(view, [action for action, _ in legal], step, met, quiet)

    def weigh(self, view: KlondikeView, legal: List[Action], step: int, met: Set[str], quiet: int) -> Decision:
        """The choice among the legal moves, weighed over sampled worlds."""
        keyed = [(a, view.key_after(a)) for a in legal]
        fresh = [a for a, key in keyed if key not in met]
        if quiet >= QUIET_LIMIT:  # no more shuffling of runs: move on or stop
            shows = {a for a, key in keyed if key is None}
            fresh = [a for a in fresh if a.kind not in SHUFFLES or a in shows]
        if len(fresh) <= 1:
            return Decision(fresh[0] if fresh else None)
        worlds = view.worlds(self.samples, decision_seed(self.sampler_seed, step))
        homes = world_values(view, [[a] for a in fresh], worlds, self.objective, self.max_nodes, self.threads)
        ranked = rank_values(fresh, homes, self.objective)
        if nothing_to_gain(view, ranked[0]):
            return Decision(None, True)
        return Decision(self.break_tie(view, ranked, worlds), True)

    def break_tie(self, view: KlondikeView, ranked: List[ActionValue], worlds: List[KlondikeDeal]) -> Action:
        """Among the moves tied for best, the one after which the greedy player does best
        in the same worlds.  Hindsight ties often: a world's solver can make any move
        later, so putting off the work (drawing round and round, with unlimited passes)
        looks as good as doing it; a player who sees nothing more tells them apart."""
        tied = [v.action for v in ranked if (v.mean, v.win_share) == (ranked[0].mean, ranked[0].win_share)]
        if len(tied) == 1:
            return tied[0]
        played = world_values(view, [[a] for a in tied], worlds, self.objective, threads=self.threads,
                              playouts=TIE_PLAYOUTS)
        means = [statistics.mean(row) for row in played]
        return tied[means.index(max(means))]

    def play_out(self, view: KlondikeView) -> Decision:
        """Nothing is hidden any more: the solver's best line is the plan (a node cap
        keeps it a count; past it, the best line found)."""
        from solver.klondike.solve import solve
        best = solve(view.position, view.rules, limits=Limits(max_nodes=ENDGAME_NODES))
        if not best.line or best.max_foundation <= view.home:
            return Decision(None, True)
        line = best.line[:_peak(best.line, view.home)]
        return Decision(line[0], True, plan=line)


def nothing_to_gain(view: KlondikeView, best: ActionValue) -> bool:
    """No world gains a card or wins after the best move: stop while the cards are home."""
    return best.mean <= view.home and best.win_share == 0


def _peak(line: List[Action], home: int) -> int:
    """How many actions of a line take it to its most cards home (the rest is given back)."""
    best, at = home, 0
    for i, action in enumerate(line, 1):
        home += action.changes_foundations
        if home > best:
            best, at = home, i
    return at


class PlanPlayer(SearchPlayer):
    """Hindsight optimisation over plans rather than single moves: a plan is a path of
    quiet moves (that show nothing and can be taken back) ending in one move that
    shows a card or cannot be taken back.  In a world a quiet move costs nothing (the
    solver can take it back), so single moves tie on noise; plans compare what
    matters, the commitments."""
    name = "plans"

    def weigh(self, view: KlondikeView, legal: List[Action], step: int, met: Set[str], quiet: int) -> Decision:
        options = plans(view, met)
        if len(options) <= 1:
            return Decision(options[0][0] if options else None, plan=options[0] if options else None)
        chosen = self.weigh_plans(view, options, step)
        return Decision(None, True) if chosen is None else Decision(chosen[0], True, plan=chosen)

    def weigh_plans(self, view: KlondikeView, options: List[List[Action]], step: int) -> Optional[List[Action]]:
        """The plan to play (of two or more), or None where none gains anything: the
        same worlds for every plan."""
        worlds = view.worlds(self.samples, decision_seed(self.sampler_seed, step))
        homes = world_values(view, options, worlds, self.objective, self.max_nodes, self.threads)
        best = rank_values([p[-1] for p in options], homes, self.objective)[0]
        if nothing_to_gain(view, best):
            return None
        return next(p for p in options if p[-1] is best.action)


MAX_QUIET_STATES = 24
# With unlimited passes and the stock seen, going round the stock is quiet too, and the
# positions round it are many more.
MAX_ROUND_STATES = 64


def _quiet(action: Action, before: KlondikeDeal, after: KlondikeDeal) -> bool:
    """A move that can be taken back: a run moved off a face-up card (or a King off an
    otherwise empty column), or a card worried back (it can go home again)."""
    if action.kind == ActionKind.FOUNDATION_TO_COLUMN:
        return True
    if action.kind != ActionKind.COLUMN_TO_COLUMN:
        return False
    source = after.columns[action.source]
    return bool(source) or before.columns[action.source][0] % 13 == 12  # a King left an empty column


def plans(view: KlondikeView, met: Set[str]) -> List[List[Action]]:
    """The view's plans: every move that shows a card or commits (a card from the waste,
    a draw, a redeal, a card home), from the position or after quiet moves (a run moved
    between face-up cards, a card worried back), the quiet positions explored breadth
    first up to MAX_QUIET_STATES.  With unlimited passes and no stock card hidden, a
    draw and a redeal are quiet as well (going round the stock comes back to where it
    was and shows nothing), and never end a plan: else a plan that only draws would
    value the position as it is, as high as the best plan, and the player would go
    round the stock for ever; plans whose ends differ only by going round are one
    (_round_key).  Plans that end in a position met before are left out."""
    rules = view.rules
    start = view.any_world()
    round_is_quiet = rules.unlimited and UNKNOWN not in view.position.stock
    most_states = MAX_ROUND_STATES if round_is_quiet else MAX_QUIET_STATES
    explored = {view.known_key(start)}
    queue = [(start, [])]
    out: List[List[Action]] = []
    ends: Set[str] = set()
    draw_shows = UNKNOWN in view.position.stock[:rules.draw]  # quiet moves leave the stock as it is
    while queue:
        position, path = queue.pop(0)
        raw = _core.klondike_actions(position.to_core(), rules.to_core())
        for t, kind, cls in raw:
            if kind < 0:
                continue
            action = Action.from_core(t)
            if path and kind == 1:
                out.append(path + [action])  # a safe card home after quiet moves
                continue
            after_raw = _core.klondike_replay(position.to_core(), rules.to_core(), [action.to_core()])
            done = Action.from_core(after_raw["actions"][0])
            after = KlondikeDeal.from_core(after_raw["layout"])
            shows = done.turned_up is not None or (action.kind == ActionKind.DRAW and draw_shows)
            if shows:
                out.append(path + [action])
                continue
            k = view.known_key(after)
            rounds = round_is_quiet and action.kind in (ActionKind.DRAW, ActionKind.REDEAL)
            if (rounds or _quiet(action, position, after)) and len(explored) < most_states:
                if k not in explored:
                    explored.add(k)
                    queue.append((after, path + [action]))
            elif not rounds and k not in met and k not in explored:
                end = _round_key(view, after, k) if round_is_quiet else k
                if end not in ends:
                    ends.add(end)
                    out.append(path + [action])
    return out


def _round_key(view: KlondikeView, position: KlondikeDeal, key: str) -> str:
    """With unlimited passes, the positions that differ only in where the talon is split
    into waste and stock, at a split that going round the stock reaches (a whole number
    of draws from the start of a pass, or the stock empty), are one: each comes back to
    the others by quiet draws and redeals.  Their key, the talon as one pile; any other
    position keeps its own `key`."""
    if position.stock and len(position.waste) % view.rules.draw:
        return key
    whole = replace(position, waste=[], stock=position.waste + position.stock, pass_number=1)
    return view.known_key(whole)


class BanditPlayer(PlanPlayer):
    """The plans weighed by a bandit (see the module's docstring).  Each plan's k-th
    batch is the same k-th set of worlds, so two plans are compared on the same deals
    of the hidden cards.  The reward is a win (objective "win"; while no world is won,
    the cards home count instead) or the share of the cards home ("cards")."""
    name = "bandit"

    def choose(self, view: KlondikeView, step: int, met: Set[str]) -> Decision:
        look = look_through_stock(view)
        return Decision(look[0], plan=look) if look else super().choose(view, step, met)

    def weigh_plans(self, view: KlondikeView, options: List[List[Action]], step: int) -> Optional[List[Action]]:
        n = len(options)
        wins, cards, played = [0] * n, [0.0] * n, [0] * n
        base = decision_seed(self.sampler_seed, step)
        batches: Dict[int, list] = {}  # the k-th batch of worlds, drawn once for every plan

        def reward(i: int, by_wins: bool) -> float:
            return wins[i] / played[i] if by_wins else cards[i] / (ALL_HOME * played[i])

        while True:
            by_wins = self.objective == "win" and any(wins)
            log_total = math.log(sum(played)) if any(played) else 0.0
            pick = max(range(n), key=lambda i: math.inf if not played[i] else
                       reward(i, by_wins) + BANDIT_EXPLORATION * math.sqrt(log_total / played[i]))
            k = played[pick] // BANDIT_BATCH
            if k not in batches:
                batches[k] = [w.to_core() for w in view.worlds(BANDIT_BATCH, base + k)]
            homes = core_values(view, [options[pick]], batches[k], self.objective, self.max_nodes, self.threads)[0]
            wins[pick] += sum(h == ALL_HOME for h in homes)
            cards[pick] += sum(homes)
            played[pick] += len(homes)
            if played[pick] >= self.samples:
                break
        if cards[pick] / played[pick] <= view.home and not wins[pick]:
            return None  # nothing to gain (as nothing_to_gain says)
        return options[pick]


PLAYERS = ("greedy", "expert", "rollout", "search", "plans", "bandit")
OBJECTIVES = ("cards", "win")


def make_player(name: str, samples: Optional[int] = None, sampler_seed: int = 1, objective: str = "cards",
                max_nodes: Optional[int] = None, threads: int = 1):
    """A player by name.  `samples` and `max_nodes` None: the player's own defaults
    (search and plans DEFAULT_SAMPLES worlds a choice at WORLD_NODES nodes; bandit
    BANDIT_SAMPLES worlds for the chosen plan at BANDIT_NODES; rollout ROLLOUT_SAMPLES
    worlds a choice, no solves)."""
    if objective not in OBJECTIVES:
        raise OptionError(f"unknown objective {objective!r} (choose from {', '.join(OBJECTIVES)})")
    if name in ("greedy", "expert"):
        return (GreedyPlayer if name == "greedy" else ExpertPlayer)(sampler_seed)
    if name == "rollout":
        samples = samples or ROLLOUT_SAMPLES
        if not 1 <= samples <= MAX_SAMPLES:
            raise OptionError(f"samples must be 1 to {MAX_SAMPLES}")
        return RolloutPlayer(samples, sampler_seed, objective, threads)
    if name in ("search", "plans", "bandit"):
        bandit = name == "bandit"
        samples = samples or (BANDIT_SAMPLES if bandit else DEFAULT_SAMPLES)
        if not 1 <= samples <= MAX_SAMPLES:
            raise OptionError(f"samples must be 1 to {MAX_SAMPLES}")
        kind = {"search": SearchPlayer, "plans": PlanPlayer, "bandit": BanditPlayer}[name]
        return kind(samples, sampler_seed, objective, max_nodes or (BANDIT_NODES if bandit else WORLD_NODES),
                    threads)
    raise OptionError(f"unknown player {name!r} (choose from {', '.join(PLAYERS)})")


# --- a game played -----------------------------------------------------------

@dataclass
class PlayedKlondike:
    """A deal played by a player who saw only what a person sees: its line (which
    `klondike replay` checks), the cards home at the end, and the clairvoyant optimum."""
    player: str
    deal: KlondikeDeal
    rules: KlondikeRules
    line: List[Action]
    foundation: int                     # cards home when the game ended: the Vegas result
    optimum: Optional[int] = None       # the most cards home with every card known
    optimum_proven: bool = False
    decisions: int = 0                  # choices the search weighed worlds for
    seconds: float = 0.0                # the player's time (the optimum's solve not counted)

    @property
    def won(self) -> bool:
        return self.foundation == ALL_HOME

    @property
    def tokens(self) -> List[str]:
        return format_line(self.line).split()

    @property
    def cost_of_not_knowing(self) -> Optional[int]:
        """The cards given away to the hidden cards: the optimum's less the player's."""
        return None if self.optimum is None else self.optimum - self.foundation

    def to_json(self) -> dict:
        return {"game": "klondike", "source": self.deal.source, "rules": self.rules.to_json(),
                "player": self.player, "line": self.tokens, "value": self.foundation, "maximise": True,
                "foundation": self.foundation, "vegas_score": vegas_score(self.foundation), "won": self.won,
                "decisions": self.decisions, "optimum": self.optimum, "optimum_proven": self.optimum_proven,
                "optimum_vegas_score": None if self.optimum is None else vegas_score(self.optimum),
                "value_of_information": self.cost_of_not_knowing, "seconds": round(self.seconds, 3)}

    def summary_lines(self) -> List[str]:
        lines = [f"Klondike, {self.deal.source or 'deal'}: {self.rules.describe()}; played by {self.player} "
                 "(face-down and unseen stock cards hidden)",
                 f"Line ({len(self.tokens)} tokens): {' '.join(self.tokens) or '(no move)'}",
                 f"Cards home: {self.foundation}" + (" (won)" if self.won else "") +
                 f"; Vegas {vegas_score(self.foundation):+d}"]
        if self.optimum is not None:
            proof = "proven" if self.optimum_proven else "not proven"
            lines.append(f"Most possible with every card known: {self.optimum} ({proof}), Vegas "
                         f"{vegas_score(self.optimum):+d}; the hidden cards cost {self.cost_of_not_knowing} card(s)")
        return lines


def play(deal: KlondikeDeal, rules: KlondikeRules, *, player: str = "rollout", samples: Optional[int] = None,
         sampler_seed: int = 1, objective: str = "cards", max_nodes: Optional[int] = None, threads: int = 1,
         optimum: bool = True, limits: Limits = Limits(),
         trace: Optional[List[Tuple[str, Optional[str]]]] = None) -> PlayedKlondike:
    """Play the deal as a person would: the player chooses from its view; the table
    (this function) keeps the true position and turns up its cards.  With `optimum`
    the deal is also solved with every card known, for the comparison.  `trace`, a
    list, gets each step's view (as text) and the action chosen (None: the end)."""
    from solver.klondike.solve import solve
    deal.require_every_card("playing")
    chooser = make_player(player, samples, sampler_seed, objective, max_nodes, threads)
    position = deal
    seen = seen_in(position)
    met: Set[str] = set()
    line: List[Action] = []
    decisions = 0
    start = time.perf_counter()
    for step in range(MAX_ACTIONS):
        view = KlondikeView.of(position, rules, seen)
        met.add(position_key(view.position))
        if view.home == ALL_HOME:
            break
        decision = chooser.choose(view, step, met)
        decisions += decision.deliberated
        if trace is not None:
            trace.append((view.position.to_pysol(), decision.action and " ".join(
                a.token() for a in (decision.plan or [decision.action]))))
        if decision.action is None:
            break
        for action in decision.plan or [decision.action]:
            raw = _core.klondike_replay(position.to_core(), rules.to_core(), [action.to_core()])
            if raw["error"] is not None:
                raise RuntimeError(f"internal error: the {player} player chose an illegal move: {raw['error']}")
            line.append(Action.from_core(raw["actions"][0]))
            position = KlondikeDeal.from_core(raw["layout"], source=deal.source)
            seen |= seen_in(position)
            met.add(position_key(KlondikeView.of(position, rules, seen).position))
    played = PlayedKlondike(player=player, deal=deal, rules=rules, line=line, foundation=sum(position.foundations),
                            decisions=decisions, seconds=time.perf_counter() - start)
    if optimum:
        best = solve(deal, rules, limits=limits)
        played.optimum, played.optimum_proven = best.max_foundation, best.exact
    return played


# --- hints -------------------------------------------------------------------

@dataclass
class KlondikeHint:
    """The actions of a position ranked over worlds consistent with what the player
    knows (every world when few cards are hidden: exact; else sampled: estimates).
    `most_home` is the most cards any world lets home (proven: no play does better);
    `won_line` a line that wins in every world (proven: it wins whatever the hidden
    cards are), found by trying one world's winning line in all of them."""
    view: KlondikeView
    values: List[ActionValue]
    objective: str
    exact: bool
    worlds: int
    most_home: Optional[int] = None
    most_home_proven: bool = False
    worlds_won: Optional[int] = None    # worlds winnable with their cards known (proven, with most_home)
    won_line: Optional[List[Action]] = None
    safe: Optional[Action] = None       # a safe card home: the move, whatever the figures

    @property
    def verdict(self) -> str:
        if self.won_line is not None:
            return "won whatever the hidden cards are (this line wins in every world)"
        if self.most_home_proven and self.most_home is not None:
            if self.most_home < ALL_HOME:
                return f"lost whatever the hidden cards are: at most {self.most_home} cards can reach home (proven)"
            if self.worlds_won == self.worlds:
                return ("every world can be won with its cards known (proven), but no one line found wins them "
                        "all: the way to win depends on the hidden cards")
            return f"{self.worlds_won} of the {self.worlds} worlds can be won with their cards known (proven)"
        return "estimates: the hidden cards are too many to weigh every world"

    def to_json(self) -> dict:
        return {"game": "klondike", "source": self.view.position.source, "rules": self.view.rules.to_json(),
                "objective": self.objective,
                "exact": self.exact, "worlds": self.worlds, "unknown": len(self.view.unseen),
                "cards_home": self.view.home, "verdict": self.verdict,
                "won_whatever_hidden": self.won_line is not None,
                "won_line": None if self.won_line is None else format_line(self.won_line).split(),
                "most_home": self.most_home, "most_home_proven": self.most_home_proven,
                "worlds_won": self.worlds_won,
                "safe_move": None if self.safe is None else self.safe.token(),
                "moves": [v.to_json() for v in self.values]}

    def summary_lines(self) -> List[str]:
        how = (f"every one of the {self.worlds} worlds weighed: exact" if self.exact else
               f"{self.worlds} sampled worlds: estimates")
        lines = [f"Klondike position, {len(self.view.unseen)} card(s) hidden, {self.view.home} home; {how}",
                 f"Verdict: {self.verdict}"]
        if self.won_line is not None:
            lines.append(f"Winning line: {format_line(self.won_line)}")
        if self.safe is not None:
            lines.append(f"Play {self.safe.token()} first: a card home that can never hurt")
        if self.values:
            lines.append("Each move's figures take the hidden cards as known after it (hindsight), so they lean "
                         "hopeful; their order is what counts.  The last figure is the other side: what the "
                         "greedy player gets home after the move, no hindsight.")
        for i, v in enumerate(self.values, 1):
            err = "" if self.exact else f" +- {v.stderr:.2f}"
            lines.append(f"{i:3d}. {v.action.token():4s} expected cards home {v.mean:.2f}{err} (Vegas "
                         f"{5 * v.mean - 52:+.1f}), won in {100 * v.win_share:.0f}% of worlds; "
                         f"{v.greedy_mean:.1f} home if the greedy player goes on")
        if not self.values and self.safe is None:
            lines.append(f"No move: the game is over ({self.view.home} cards home)")
        return lines


def hint(view: KlondikeView, *, objective: str = "cards", samples: int = HINT_SAMPLES, sampler_seed: int = 1,
         max_nodes: int = WORLD_NODES, threads: int = 1, timeout: Optional[float] = None) -> KlondikeHint:
    """Rank the position's actions for a player who does not see the hidden cards:
    over every world when at most EXACT_UNKNOWN cards are hidden (exact, and proven
    verdicts where there are some), else over `samples` sampled worlds, weighed in
    batches until `timeout` seconds (at least one batch)."""
    if objective not in OBJECTIVES:
        raise OptionError(f"unknown objective {objective!r} (choose from {', '.join(OBJECTIVES)})")
    exact = len(view.unseen) <= EXACT_UNKNOWN
    worlds = view.all_worlds() if exact else view.worlds(samples, decision_seed(sampler_seed, 0))
    legal = view.actions()
    safe = next((a for a, is_safe in legal if is_safe), None)
    actions = [a for a, _ in legal]
    homes: List[List[float]] = [[] for _ in actions]
    played: List[List[float]] = [[] for _ in actions]
    start = time.monotonic()
    done = 0
    for first in range(0, len(worlds), HINT_BATCH):
        if done and timeout is not None and time.monotonic() - start > timeout:
            break
        batch = worlds[first:first + HINT_BATCH]
        plans = [[a] for a in actions]
        for row, more in zip(homes, world_values(view, plans, batch, objective, max_nodes, threads)):
            row.extend(more)
        for row, more in zip(played, world_values(view, plans, batch, objective, threads=threads,
                                                  playouts=HINT_PLAYOUTS)):
            row.extend(more)
        done += len(batch)
    values = rank_values(actions, homes, objective)
    for value in values:
        row = played[next(i for i, a in enumerate(actions) if a is value.action)]
        value.greedy_mean = statistics.mean(row)
    advice = KlondikeHint(view, values, objective, exact and done == len(worlds), done, safe=safe)
    if advice.exact:
        _prove(advice, worlds)
    return advice


HINT_BATCH = 8
HINT_PLAYOUTS = 4  # greedy games a world, for a hint's no-hindsight figure
PROOF_NODES = 2_000_000  # per world, for a hint's proven verdicts (a world not settled: no verdict)
PROOF_LINES = 16         # winning lines tried in every world, for "won whatever the hidden cards are"


def _prove(advice: KlondikeHint, worlds: List[KlondikeDeal]) -> None:
    """Fill in what every world together proves: the most cards home (each world solved
    to the end), and a line that wins in all of them, if one world's winning line does."""
    from solver.klondike.solve import replay, solve
    rules = advice.view.rules
    results = [solve(w, rules, limits=Limits(max_nodes=PROOF_NODES)) for w in worlds]
    advice.most_home = max(r.max_foundation for r in results)
    advice.most_home_proven = all(r.exact for r in results)
    advice.worlds_won = sum(bool(r.solvable) for r in results)
    tried: Set[str] = set()
    for r in results:  # each world's winning line, tried in every world
        text = format_line(r.line)
        if not r.solvable or text in tried or len(tried) >= PROOF_LINES:
            continue
        tried.add(text)
        if all(replay(w, rules, text).foundation == ALL_HOME for w in worlds):
            advice.won_line = r.line
            return


def position_after(deal: KlondikeDeal, rules: KlondikeRules, line: str) -> KlondikeDeal:
    """The position a line of moves reaches from the deal (every card known).  Raises
    DealError naming the first illegal move."""
    from solver.klondike.solve import replay
    played = check_legal(replay(deal, rules, line))
    position = played.position
    position.source = f"{deal.source or 'the deal'} after {played.moves} move(s)"
    return position


def view_after(deal: KlondikeDeal, rules: KlondikeRules, line: str) -> KlondikeView:
    """The position a line of moves reaches from the deal, as the player who played
    them knows it: every card seen along the way remembered, the rest hidden."""
    end = position_after(deal, rules, line)  # checks the line first, with its own errors
    position, seen = deal, seen_in(deal)
    for action in parse_line(line):
        raw = _core.klondike_replay(position.to_core(), rules.to_core(), [action.to_core()])
        position = KlondikeDeal.from_core(raw["layout"])
        seen |= seen_in(position)
    return KlondikeView.of(end, rules, seen)


def parse_position(text: str, rules: KlondikeRules, source: str = "") -> KlondikeView:
    """A position as a player knows it (see deal.py: <??> and ?? for hidden cards).
    Raises DealError for a position that cannot be."""
    position = KlondikeDeal.parse(text, source)
    if position.pass_number > 1 and rules.passes and position.pass_number > rules.passes:
        raise DealError(f"the position is in pass {position.pass_number}, but the rules allow {rules.passes}")
    return KlondikeView.of_position(position, rules)
