"""The CP-SAT model of Poker Squares with a known card order.

Variables: x[i, r, c] = card i lies in cell (r, c); y[i, r] / z[i, c] = card i is in
row r / column c.  The lines are scored one of two ways:

  * claims, when the table allows it (hands.claims_are_exact): each line claims at
    most one category, and only one its rank and suit counts allow (two cards of a
    rank for a pair, five of a suit for a flush, ...).  A hand can claim its own
    category and some lower ones; when no lower one ever scores more, the best claim
    is the hand's true score.  This model is small, and its linear relaxation usable
    once the lines are told that they share cards (_share_cards);
  * categories, for any other table (non-monotone and negative ones): each line gets
    an exact one-hot category, every category defined both ways (if and only if), so
    the solver can never pretend a hand is another category.
In both, a joker in a line gets a rank and a suit chosen for that line alone, so the
optimum makes it the best card of each of its hands.

Symmetry breaking, only where the rules leave the symmetry whole:
  * without diagonals or adjacency, rows are interchangeable and so are columns: rows
    are kept in decreasing order of their points, rows of equal points in the order of
    their first card, and the same for columns.  Ordering by points, not by cards alone,
    is what makes the proofs fast: the last rows cannot hope for more than the rows
    above them, so a partial grid's bound falls early.
    With --first-top-left the first card's row and column stay first and the others are
    ordered; under --rows-only the columns score nothing and keep the card order;
  * when rows and columns both score, transposing the grid changes nothing: the rows
    together score at least what the columns do;
  * with adjacency only the grid's own rotations and reflections remain: the first
    card lies in a fundamental region of them.
A restricted problem (some cards fixed in their cells, for the tests' exhaustive
checks) gets no symmetry breaking.

Diagonals break the row and column symmetry, so the plain model of them has none, and
its proofs do not come within minutes.  The transversal form (transversals=True) keeps
it: permuting rows and columns changes no row or column hand, only which cells are the
diagonals'.  So the rows and columns are ordered as without diagonals, and the
diagonals are chosen among the cells: the main one is a permutation P (row r meets it
in column P(r)), and the other one P after an involution rho of the rows with one fixed
point (the centre, shared by both), the only way the two diagonals of a 5x5 grid can
fall once its rows and columns are shuffled.  Every grid has such a form, and each
form is a grid (grid_of places the rows and columns back).  Its bound falls far
faster, but it finds good grids late: optimum.py runs the plain model beside it, for
grids, and stops both once a bound meets a grid.
"""
from dataclasses import replace
from typing import Dict, List, NamedTuple, Sequence, Tuple

from ortools.sat.python import cp_model

from solver.cards import is_joker, rank_of, suit_of
from solver.poker.hands import CATEGORIES, ROYAL, STRAIGHTS, claims_are_exact
from solver.poker.rules import SIZE, PokerRules, neighbours

Cell = Tuple[int, int]

# FLUSH_CELLS[k]: the fewest cells that k of the twelve lines (rows, columns and the two
# diagonals) cover together, so a suit of n cards makes k flushes at most when
# FLUSH_CELLS[k] <= n (tests/test_poker_diagonals.py counts them over the grid again).
FLUSH_CELLS = [0, 5, 9, 12, 14, 16, 17, 19, 21, 23, 24, 25, 25]
# WINDOWS_APART[j]: the straight windows with no rank in common with window j.
WINDOWS_APART = [[k for k, other in enumerate(STRAIGHTS) if window.isdisjoint(other)] for window in STRAIGHTS]
# Rows and columns holding two cards of a rank with n cards on the grid, at most: two
# cards, one line; three, two (an L); four, four (a square).  A card lies in one row and
# one column, and a row and a column meet in one cell.
PAIR_LINES = {0: 0, 1: 0, 2: 1, 3: 2, 4: 4}
# Once three of them fill one line, the other lines holding two: none of three cards
# (another line meets that one in one cell), one of four (the fourth and one of the three).
PAIR_LINES_BESIDE_THREE = {3: 0, 4: 1}


def rank_counts(cards: Sequence[int]) -> List[int]:
    """How many cards of each rank (Ace first) the cards hold, jokers aside."""
    return [sum(1 for c in cards if not is_joker(c) and rank_of(c) == r) for r in range(1, 14)]


def most_full_houses(counts: Sequence[int]) -> int:
    """The most rows and columns that can be full houses at once, given how many cards
    of each rank the order holds.

    Each full house fills a line with three of a rank that no other full house has (two
    lines of three need five cards), and takes two of another rank from a line holding
    two of it.  So k full houses need k ranks of three or more cards, and k lines
    holding two of ranks other than their own; a rank whose three fill a full house
    keeps only PAIR_LINES_BESIDE_THREE such lines for the others.  The three-card ranks
    cost the fewest, so they go first."""
    spare = sum(PAIR_LINES[n] for n in counts)
    most = 0
    for k, n in enumerate(sorted(n for n in counts if n >= 3), start=1):
        spare -= PAIR_LINES[n] - PAIR_LINES_BESIDE_THREE[n]
        if k <= spare:
            most = k
    return most


def transversals_apply(rules: PokerRules) -> bool:
    """Whether the rows and columns stay interchangeable apart from the diagonals."""
    return not (rules.adjacent or rules.first_top_left or rules.rows_only)


class LineCounts(NamedTuple):
    """A line's claim variables by rank (two, three, four of it), by suit (all five) and
    by straight window, and its claim of a full house."""
    twos: Dict[int, cp_model.IntVar]
    threes: Dict[int, cp_model.IntVar]
    fours: Dict[int, cp_model.IntVar]
    flushes: Dict[int, cp_model.IntVar]
    windows: List[cp_model.IntVar]
    full_house: cp_model.IntVar


class PokerModel:
    def __init__(self, cards: Sequence[int], rules: PokerRules, formulation: str = "auto",
                 fixed: Dict[int, Cell] = None, transversals: bool = False):
        self.cards = list(cards)
        self.real = [i for i, c in enumerate(self.cards) if not is_joker(c)]  # card indexes
        self.jokers = [i for i, c in enumerate(self.cards) if is_joker(c)]
        if transversals and not (rules.diagonals and transversals_apply(rules) and not fixed):
            raise ValueError("the transversal form is for diagonals without adjacency, a first cell or fixed cards")
        self.transversals = transversals
        if transversals:  # the rows and columns as without diagonals; the diagonals added below
            rules = replace(rules, diagonals=False)
        self.rules = rules
        self.fixed = fixed or {}
        self.m = cp_model.CpModel()
        self.cells = [(r, c) for r in range(SIZE) for c in range(SIZE)]
        self._place()
        if formulation == "auto":
            formulation = "claims" if claims_are_exact(rules.table) else "categories"
        self.formulation = formulation
        lines = [(name, self._members(name, cells)) for name, cells in rules.lines()]
        score = self._claim if formulation == "claims" else self._hand
        self.line_counts: Dict[str, LineCounts] = {}  # claims: each line's, for _share_cards
        # (window, suit) -> the indexes of its five cards, for each straight flush the
        # order holds (none with a joker, which could complete any)
        self.held_straight_flushes = {} if self.jokers else self._held_straight_flushes()
        self.straight_flushes: Dict[Tuple[int, int], list] = {}  # (window, suit): each line's claim
        self.line_points = {name: score(name, members) for name, members in lines}
        if transversals:
            self._transversal_diagonals(score)
        if formulation == "claims":
            self._share_cards()
        self._break_symmetry()
        self.objective = sum(self.line_points.values())
        self.m.Maximize(self.objective)
        if rules.adjacent:
            self._adjacency()

    # --- where the cards go -------------------------------------------------------

    def _place(self):
        m, n = self.m, len(self.cards)
        self.x = {(i, r, c): m.NewBoolVar(f"x{i}_{r}{c}") for i in range(n) for r, c in self.cells}
        self.y = {(i, r): m.NewBoolVar(f"y{i}_{r}") for i in range(n) for r in range(SIZE)}
        self.z = {(i, c): m.NewBoolVar(f"z{i}_{c}") for i in range(n) for c in range(SIZE)}
        self.placed = []
        for i in range(n):
            placed = sum(self.x[i, r, c] for r, c in self.cells)
            if self.rules.discards:
                m.Add(placed <= 1)
            else:
                m.Add(placed == 1)
            self.placed.append(placed)
            for r in range(SIZE):
                m.Add(self.y[i, r] == sum(self.x[i, r, c] for c in range(SIZE)))
            for c in range(SIZE):
                m.Add(self.z[i, c] == sum(self.x[i, r, c] for r in range(SIZE)))
        for r, c in self.cells:
            m.AddExactlyOne(self.x[i, r, c] for i in range(n))
        for r in range(SIZE):  # redundant, but it helps propagation
            m.Add(sum(self.y[i, r] for i in range(n)) == SIZE)
            m.Add(sum(self.z[i, r] for i in range(n)) == SIZE)
        if self.rules.first_top_left:
            m.Add(self.x[0, 0, 0] == 1)
        for i, (r, c) in self.fixed.items():
            m.Add(self.x[i, r, c] == 1)

    def _members(self, name: str, cells: List[Cell]):
        """For each card, a 0/1 expression: the card lies in this line."""
        if name.startswith("row"):
            r = cells[0][0]
            return [self.y[i, r] for i in range(len(self.cards))]
        if name.startswith("column"):
            c = cells[0][1]
            return [self.z[i, c] for i in range(len(self.cards))]
        return [sum(self.x[i, r, c] for r, c in cells) for i in range(len(self.cards))]

    # --- what a line scores: claims ------------------------------------------------------

    def _jokers_as(self, name, members):
        """The joker(s) in this line become a rank and a suit chosen for this line alone:
        counts by rank and by suit to add to the line's real cards."""
        m, jokers = self.m, self.jokers
        j_in = sum(members[i] for i in jokers)
        jr = {r: m.NewIntVar(0, len(jokers), f"{name}_jr{r}") for r in range(1, 14)}
        js = {s: m.NewIntVar(0, len(jokers), f"{name}_js{s}") for s in range(4)}
        m.Add(sum(jr.values()) == j_in)
        m.Add(sum(js.values()) == j_in)
        return jr, js

    def _claim(self, name, members):
        """A line claims at most one category, and only one its counts allow.  A joker
        counts as the rank and suit the line chooses for it: the best claim over those
        choices is the hand's score with the joker as its best card."""
        m = self.m
        real = self.real
        cnt = {r: sum(members[i] for i in real if rank_of(self.cards[i]) == r) for r in range(1, 14)}
        scnt = {s: sum(members[i] for i in real if suit_of(self.cards[i]) == s) for s in range(4)}
        if self.jokers:
            jr, js = self._jokers_as(name, members)
            cnt = {r: cnt[r] + jr[r] for r in cnt}
            scnt = {s: scnt[s] + js[s] for s in scnt}
        g2 = {r: m.NewBoolVar(f"{name}_g2_{r}") for r in cnt}
        g3 = {r: m.NewBoolVar(f"{name}_g3_{r}") for r in cnt}
        g4 = {r: m.NewBoolVar(f"{name}_g4_{r}") for r in cnt}
        for r in cnt:
            m.Add(2 * g2[r] <= cnt[r])
            m.Add(3 * g3[r] <= cnt[r])
            m.Add(4 * g4[r] <= cnt[r])
            # Three of a rank are two of it too (and four three): claimed so, a line of
            # three spends its rank's lines holding two (_share_cards), as on the grid.
            # Unclaimed, the relaxation gave that line's share to other lines' pairs.
            m.Add(g3[r] <= g2[r])
            m.Add(g4[r] <= g3[r])
        fl = {s: m.NewBoolVar(f"{name}_fl{s}") for s in scnt}
        for s in scnt:
            m.Add(SIZE * fl[s] <= scnt[s])
        w = []
        for j, window in enumerate(STRAIGHTS):
            v = m.NewBoolVar(f"{name}_w{j}")
            for r in window:
                m.Add(v <= cnt[r])
            m.Add(SIZE * v <= sum(cnt[r] for r in window))  # the window's ranks hold all five cards
            w.append(v)
        # Redundant for whole numbers, but they tighten the linear relaxation.
        m.Add(sum(w) <= 1)
        m.Add(sum(fl.values()) <= 1)
        m.Add(sum(g2.values()) <= 2)
        m.Add(sum(g3.values()) <= 1)
        m.Add(sum(g4.values()) <= 1)
        nothing = self.rules.table["nothing"]
        claim = {c: m.NewBoolVar(f"{name}_{c}") for c in CATEGORIES if c != "nothing"}
        self.line_counts[name] = LineCounts(g2, g3, g4, fl, w, claim["full house"])
        m.AddAtMostOne(claim.values())
        flush, straight = sum(fl.values()), sum(w)
        m.Add(claim["royal flush"] <= flush)
        m.Add(claim["royal flush"] <= w[-1])
        m.Add(claim["straight flush"] <= flush)
        m.Add(claim["straight flush"] <= straight)
        # A straight flush is five given cards.  Claimed through a flush and a straight
        # alone, the linear relaxation may take both from different cards: it put four
        # straight flushes into orders that hold none.  So each straight flush the cards
        # hold is claimed by name (most orders hold none or one).
        if not self.jokers:  # (a joker could complete any window: no bound by name then)
            sf, royal = [], []
            for (j, s), held in self.held_straight_flushes.items():
                v = m.NewBoolVar(f"{name}_sf{j}_{s}")
                for i in held:
                    m.Add(v <= members[i])
                sf.append(v)
                self.straight_flushes.setdefault((j, s), []).append(v)
                if STRAIGHTS[j] == ROYAL:
                    royal.append(v)
            m.Add(claim["royal flush"] <= sum(royal))
            m.Add(claim["straight flush"] <= sum(sf))
        m.Add(claim["flush"] <= flush)
        m.Add(claim["straight"] <= straight)
        m.Add(claim["four of a kind"] <= sum(g4.values()))
        m.Add(claim["full house"] <= sum(g3.values()))
        m.Add(2 * claim["full house"] <= sum(g2.values()))
        m.Add(claim["three of a kind"] <= sum(g3.values()))
        m.Add(2 * claim["two pair"] <= sum(g2.values()))
        m.Add(claim["pair"] <= sum(g2.values()))
        return self._points(name, nothing + sum((self.rules.table[c] - nothing) * v for c, v in claim.items()))

    def _points(self, name, expr):
        """A line's points as a variable of its own, its domain the table's values (one
        claim or category at most, so the line scores one of them), not a plain sum in
        every constraint that reads them.  Orders run both ways in turn, against the
        plain sum: English 0.80 and 0.78 of the time (geometric mean of the ratios, seeds
        1-30 and 31-90), American 0.86 and 0.85.  The variable is what pays, not its
        holes: one over the whole range from the least to the most points read 1.03 and
        1.00 against this one.  Not in the transversal form of the diagonals: one worker
        there took more than 90 s, against 3 s, to prove that no grid beats an American
        order's optimum (seed 12)."""
        if self.transversals:
            return expr
        values = sorted({self.rules.table[c] for c in CATEGORIES})
        points = self.m.NewIntVarFromDomain(cp_model.Domain.FromValues(values), f"{name}_points")
        self.m.Add(points == expr)
        return points

    def _held_straight_flushes(self) -> Dict[Tuple[int, int], List[int]]:
        held = {}
        for j, window in enumerate(STRAIGHTS):
            for s in range(4):
                cards = [i for i, c in enumerate(self.cards) if suit_of(c) == s and rank_of(c) in window]
                if len(cards) == SIZE:
                    held[j, s] = cards
        return held

    def _share_cards(self):
        """Lines share cards: how many lines can claim a rank or a suit at once.

        Each line alone, the linear relaxation spreads every card over every line (a
        fifth of it in each row) and so lets all ten lines claim the same two Kings.  On
        the grid, a card lies in one row and one column, and two lines meet in one cell
        at most.  These bounds hold for every grid, so they cut no solution; they took
        the relaxation's first bound on English orders from 300 (every line a straight
        flush) to about 120, and the median time on 200 orders by 28% (English) and 43%
        (American).
        """
        m = self.m
        for same_cards in self.straight_flushes.values():  # five given cards fill one line
            m.Add(sum(same_cards) <= 1)
        if self.jokers or self.rules.rows_only:  # a joker adds to any rank and suit it likes
            return
        self._lines_meet()
        # Rows and columns: the cards of a rank (or suit) on the grid are cells of a
        # bipartite graph, rows on one side, columns on the other.
        lines = [v for name, v in self.line_counts.items() if name.startswith(("row", "column"))]
        sides = [[v for name, v in self.line_counts.items() if name.startswith(side)] for side in ("row", "column")]
        # With diagonals, all twelve lines: two cells lie in one common line at most, so
        # each pair of cards of a rank is in one line at most, and three or four of a
        # rank fill one line at most (two such lines would share two cells).  Without
        # these the diagonals' relaxation claimed pairs and trips the rows and columns
        # already used: the transversal form's bound after 30 s fell from 95 to 87 and
        # from 96 to 86 with them (English seeds 3 and 4, grids of 85 and 81 known).
        every = list(self.line_counts.values()) if len(self.line_counts) > len(lines) else []
        counts = rank_counts(self.cards)  # one deck: four at most
        for r, n in enumerate(counts, start=1):
            if every:
                m.Add(sum(v.twos[r] for v in every) <= n * (n - 1) // 2)
                m.Add(sum(v.threes[r] for v in every) <= (1 if n >= 3 else 0))
                m.Add(sum(v.fours[r] for v in every) <= (1 if n >= 4 else 0))
                # The pairs of them, counted whole: a line holding k of them holds
                # k(k-1)/2 of the n(n-1)/2 pairs, that is 1, 3 and 6 for two, three and
                # four (a pair's claim, three's and four's on top).  Counting only the
                # lines holding two let a line of three and the lines of an L beside it
                # all claim pairs: one order (English seed 4) took 90 s to prove, 10 s now
                # (16 s without the first bound above, which this one implies).
                m.Add(sum(v.twos[r] + 2 * v.threes[r] + 3 * v.fours[r] for v in every) <= n * (n - 1) // 2)
            twos = sum(v.twos[r] for v in lines)
            threes = sum(v.threes[r] for v in lines)
            m.Add(twos <= PAIR_LINES[n])
            for side in sides:  # rows share no card, nor do columns: two cards each
                m.Add(sum(v.twos[r] for v in side) <= n // 2)
            m.Add(threes <= (1 if n >= 3 else 0))  # two lines of three need five cards
            m.Add(sum(v.fours[r] for v in lines) <= (1 if n >= 4 else 0))
            if n >= 3:  # a line of three: itself and PAIR_LINES_BESIDE_THREE hold two
                m.Add(twos + (PAIR_LINES[n] - 1 - PAIR_LINES_BESIDE_THREE[n]) * threes <= PAIR_LINES[n])
        m.Add(sum(v.full_house for v in lines) <= most_full_houses(counts))
        for s in range(4):
            n = sum(1 for c in self.cards if suit_of(c) == s)
            # R rows and C columns all of one suit hold 5R + 5C - RC cards of it.
            most = max(R + C for R in range(SIZE + 1) for C in range(SIZE + 1) if 5 * (R + C) - R * C <= n)
            m.Add(sum(v.flushes[s] for v in lines) <= most)
            if every:  # a diagonal shares a cell with each row and column: three lines take 12 cards
                m.Add(sum(v.flushes[s] for v in every) <= max(k for k, cells in enumerate(FLUSH_CELLS) if cells <= n))

    def _lines_meet(self):
        """Two lines that meet (a row and a column, or either and a diagonal) share a card:
        they cannot be flushes of two suits, nor straights of two windows with no rank in
        common.  The relaxation missed it: three flush columns of three suits leave no
        row a flush, where it claimed flushes both ways."""
        m = self.m
        names = list(self.line_counts)
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                if a.split()[0] == b.split()[0] != "diagonal":  # two rows, or two columns
                    continue
                for x, y in ((a, b), (b, a)):
                    la, lb = self.line_counts[x], self.line_counts[y]
                    for s, f in la.flushes.items():
                        m.Add(f + sum(g for t, g in lb.flushes.items() if t != s) <= 1)
                    for j, v in enumerate(la.windows):
                        if WINDOWS_APART[j]:
                            m.Add(v + sum(lb.windows[k] for k in WINDOWS_APART[j]) <= 1)

    # --- what a line scores: categories ---------------------------------------------------

    def _and(self, lits, name):
        v = self.m.NewBoolVar(name)
        self.m.AddBoolAnd(lits).OnlyEnforceIf(v)
        self.m.AddBoolOr([lit.Not() for lit in lits] + [v])
        return v

    def _hand(self, name: str, members) -> cp_model.LinearExpr:
        m = self.m
        real, jokers = self.real, self.jokers
        ranks = {r: [members[i] for i in real if rank_of(self.cards[i]) == r] for r in range(1, 14)}
        suits = {s: [members[i] for i in real if suit_of(self.cards[i]) == s] for s in range(4)}
        top = 4
        if jokers:
            top = 4 + len(jokers)
            jr, js = self._jokers_as(name, members)
            for r in ranks:
                ranks[r] = ranks[r] + [jr[r]]
            for s in suits:
                suits[s] = suits[s] + [js[s]]
        # b[r][k]: exactly k cards of rank r in the line
        b = {}
        for r in range(1, 14):
            b[r] = [m.NewBoolVar(f"{name}_n{r}_{k}") for k in range(top + 1)]
            m.AddExactlyOne(b[r])
            m.Add(sum(k * b[r][k] for k in range(top + 1)) == sum(ranks[r]))
        flush_by_suit = []
        for s in range(4):
            f = m.NewBoolVar(f"{name}_f{s}")
            count = sum(suits[s])
            m.Add(count == SIZE).OnlyEnforceIf(f)
            m.Add(count <= SIZE - 1).OnlyEnforceIf(f.Not())
            flush_by_suit.append(f)
        windows = [self._and([b[r][0].Not() for r in sorted(w)], f"{name}_w{j}") for j, w in enumerate(STRAIGHTS)]
        royal = windows[STRAIGHTS.index(ROYAL)]
        bool_sum = lambda lits, tag: self._exact_bool(sum(lits), tag)  # noqa: E731
        fl = bool_sum(flush_by_suit, f"{name}_fl")
        st = bool_sum(windows, f"{name}_st")
        has4 = bool_sum([b[r][k] for r in b for k in range(4, top + 1)], f"{name}_4")
        has3 = bool_sum([b[r][3] for r in b], f"{name}_3")
        pairs = sum(b[r][2] for r in b)
        p1, p2 = m.NewBoolVar(f"{name}_p1"), m.NewBoolVar(f"{name}_p2")
        m.Add(pairs == p1 + 2 * p2)
        m.AddAtMostOne([p1, p2])
        full_house = self._and([has3, p1], f"{name}_FH")
        cat = {
            "royal flush": self._and([royal, fl], f"{name}_RF"),
            "straight flush": self._and([st, fl, royal.Not()], f"{name}_SF"),
            "four of a kind": has4,
            "full house": full_house,
            "flush": self._and([fl, st.Not(), has4.Not(), full_house.Not()], f"{name}_FL"),
            "straight": self._and([st, fl.Not()], f"{name}_ST"),
            "three of a kind": self._and([has3, p1.Not(), fl.Not()], f"{name}_3K"),
            "two pair": self._and([p2, fl.Not()], f"{name}_2P"),
            "pair": self._and([p1, has3.Not(), fl.Not()], f"{name}_1P"),
            "nothing": m.NewBoolVar(f"{name}_NO"),
        }
        # The nine definitions exclude one another; "nothing" is whatever is left.
        m.AddExactlyOne(cat.values())
        return self._points(name, sum(self.rules.table[c] * cat[c] for c in CATEGORIES))

    def _exact_bool(self, expr, name):
        """A bool equal to a 0/1 linear expression."""
        v = self.m.NewBoolVar(name)
        self.m.Add(expr == v)
        return v

    # --- symmetry and adjacency ---------------------------------------------------------

    def _precede(self, var, k: int, only_if=None):
        """Line k-1 holds a lower card (in the order) than any of line k; var is y or z."""
        for i in range(len(self.cards)):
            clause = [var[j, k - 1] for j in range(i)] + [var[i, k].Not()]
            self.m.AddBoolOr(clause + ([only_if.Not()] if only_if is not None else []))

    def _sort_lines(self, var, points, first: int):
        """Lines first.. in decreasing points; of equal points, by their first card."""
        for k in range(first + 1, SIZE):
            tie = self.m.NewBoolVar(f"tie{k}")
            self.m.Add(points[k - 1] == points[k]).OnlyEnforceIf(tie)
            self.m.Add(points[k - 1] > points[k]).OnlyEnforceIf(tie.Not())
            # The same order once more, unconditional: the two enforced constraints above
            # stay out of the linear relaxation, this one goes in (and the lower-bound
            # search lives on it).  Time per order, run in turn: English 0.93 and 0.94,
            # American 0.89 and 0.89 (geometric mean of the ratios, seeds 1-30, 31-90).
            self.m.Add(points[k - 1] >= points[k])
            self._precede(var, k, only_if=tie)

    def _break_symmetry(self):
        rules = self.rules
        if self.fixed:
            return
        if rules.adjacent:
            if not rules.first_top_left and not rules.discards:
                # the grid's rotations and reflections (only reflections keep rows rows)
                region = [(r, c) for r in range(3) for c in range(3) if rules.rows_only or c >= r]
                self.m.AddBoolOr([self.x[0, r, c] for r, c in region])
            return
        if rules.diagonals:
            return
        first = 1 if rules.first_top_left else 0  # the first card's row and column stay first
        rows = [self.line_points[f"row {r + 1}"] for r in range(SIZE)]
        self._sort_lines(self.y, rows, first)
        if rules.rows_only:
            for k in range(first + 1, SIZE):
                self._precede(self.z, k)
            return
        columns = [self.line_points[f"column {c + 1}"] for c in range(SIZE)]
        self._sort_lines(self.z, columns, first)
        self.m.Add(sum(rows) >= sum(columns))

    def _adjacency(self):
        """Each card after the first placed one lies next to (also diagonally) a card
        placed before it.  Cards are placed in the order they are turned."""
        m, n = self.m, len(self.cards)
        for i in range(1, n):
            earlier = m.NewBoolVar(f"earlier{i}")  # some card before i is placed
            m.Add(sum(self.placed[:i]) >= 1).OnlyEnforceIf(earlier)
            m.Add(sum(self.placed[:i]) == 0).OnlyEnforceIf(earlier.Not())
            for r, c in self.cells:
                touching = [self.x[j, q, p] for q, p in neighbours((r, c)) for j in range(i)]
                m.AddBoolOr(touching).OnlyEnforceIf([self.x[i, r, c], earlier])

    # --- diagonals as transversals ----------------------------------------------------------

    def _transversal_diagonals(self, score):
        """The diagonals as cells of the ordered rows and columns (see the module's
        docstring): P[r, c] main, Q[r, c] = P[rho(r), c] the other, rho an involution."""
        m, n, lines = self.m, len(self.cards), range(SIZE)
        self.P = {(r, c): m.NewBoolVar(f"P{r}{c}") for r in lines for c in lines}
        self.rho = {(r, k): m.NewBoolVar(f"rho{r}{k}") for r in lines for k in lines}
        Q = {(r, c): m.NewBoolVar(f"Q{r}{c}") for r in lines for c in lines}
        for a in lines:
            for D in (self.P, Q, self.rho):
                m.AddExactlyOne(D[a, b] for b in lines)
                m.AddExactlyOne(D[b, a] for b in lines)
            for b in lines:
                if b > a:
                    m.Add(self.rho[a, b] == self.rho[b, a])
        m.Add(sum(self.rho[r, r] for r in lines) == 1)
        for r in lines:  # Q[r, c] = OR over k of (rho[r, k] and P[k, c]): one k at most
            for c in lines:
                m.Add(Q[r, c] == sum(self._and([self.rho[r, k], self.P[k, c]], f"Q{r}{c}_{k}") for k in lines))

        def members(D, name):
            # on[i, r, c]: card i lies in cell (r, c) and the diagonal takes that cell
            on = {(i, r, c): m.NewBoolVar(f"{name}{i}_{r}{c}") for i in range(n) for r in lines for c in lines}
            for (i, r, c), v in on.items():
                m.AddImplication(v, self.x[i, r, c])
                m.AddImplication(v, D[r, c])
            for r in lines:
                for c in lines:
                    m.Add(sum(on[i, r, c] for i in range(n)) == D[r, c])
            return [sum(on[i, r, c] for r in lines for c in lines) for i in range(n)]

        main = score("diagonal \\", members(self.P, "d"))
        other = score("diagonal /", members(Q, "a"))
        m.Add(main >= other)  # reversing the columns swaps the diagonals
        self.line_points["diagonal \\"] = main
        self.line_points["diagonal /"] = other

    def _placed_back(self, value):
        """Where the ordered rows and columns go so that the chosen cells are the
        diagonals: the fixed point of rho in the middle, its two pairs at the ends."""
        lines = range(SIZE)
        P = {r: c for r in lines for c in lines if value(self.P[r, c])}
        rho = {r: k for r in lines for k in lines if value(self.rho[r, k])}
        row_at = {r: SIZE // 2 for r in lines if rho[r] == r}
        pairs = [(r, rho[r]) for r in lines if rho[r] > r]
        for (a, b), k in zip(pairs, range(SIZE // 2)):
            row_at[a], row_at[b] = k, SIZE - 1 - k
        col_at = {P[r]: row_at[r] for r in lines}  # the main diagonal's cell of row r
        return row_at, col_at

    # --- reading a solution -------------------------------------------------------------

    def grid_of(self, value) -> List[List[int]]:
        """The grid (rows of card indexes, -1 for none) from a value function."""
        grid = [[-1] * SIZE for _ in range(SIZE)]
        row_at, col_at = self._placed_back(value) if self.transversals else ({r: r for r in range(SIZE)},) * 2
        for (i, r, c), v in self.x.items():
            if value(v):
                grid[row_at[r]][col_at[c]] = i
        return grid
