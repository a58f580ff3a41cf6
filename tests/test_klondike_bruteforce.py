"""The solver against exhaustive play on small end-game positions (hypothesis).

Each position keeps 7 to 10 cards out of the foundations: one at least in each
of the seven columns (face down except the top), the others spread over the
columns, the waste and the stock.  (With empty columns and worry back, whole
foundations can come down in chains, and exhaustive play in Python would not end.)  The referee tries
every primitive action, with no pruning and no bound; the solver must agree on
the most cards home, and its line must replay to exactly that.
"""
import random

import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st

from conftest import scaled
from referee import klondike as ref
from solver.cards import is_red, make_card, rank_of, suit_of
from solver.klondike import KlondikeDeal, KlondikeRules, solve
from solver.limits import Limits
from test_klondike_known import check_line
from test_klondike_tries import solve_in_tries


def out_of_foundations(draw, fewest, most):
    """`fewest` to `most` cards still out of the foundations (the highest of their suits),
    shuffled; the foundations hold the rest.  Returns (foundations, cards)."""
    n = draw(st.integers(fewest, most))
    cuts = sorted(draw(st.lists(st.integers(0, n), min_size=3, max_size=3)))
    left = [b - a for a, b in zip([0] + cuts, cuts + [n])]  # cards still out, per suit
    if max(left) > 13:
        reject()
    cards = draw(st.permutations([make_card(s, r) for s in range(4) for r in range(14 - left[s], 14)]))
    return [13 - k for k in left], list(cards)


def cards_out(draw):
    """7 to 10 cards out of the foundations, split into the talon and the table."""
    foundations, cards = out_of_foundations(draw, 7, 10)
    n_talon = draw(st.integers(0, len(cards) - 7))
    return foundations, cards[:n_talon], cards[n_talon:]


def deal_and_rules(draw, columns, face_down, talon, foundations):
    n_waste = draw(st.integers(0, len(talon)))
    deal = KlondikeDeal(columns=columns, face_down=face_down, waste=talon[:n_waste], stock=talon[n_waste:],
                        foundations=foundations)
    rules = KlondikeRules(draw=draw(st.sampled_from([1, 3])), passes=draw(st.sampled_from([1, 2, 3, None])),
                          worry_back=draw(st.booleans()))
    return deal, rules


@st.composite
def endgames(draw):
    foundations, talon, table = cards_out(draw)
    extra = sorted(draw(st.lists(st.integers(0, len(table) - 7), min_size=6, max_size=6)))
    bounds = [0] + [cut + i + 1 for i, cut in enumerate(extra)] + [len(table)]
    columns = [list(table[a:b]) for a, b in zip(bounds, bounds[1:])]
    face_down = [max(0, len(c) - 1) for c in columns]
    return deal_and_rules(draw, columns, face_down, talon, foundations)


def agrees_with_exhaustive_play(case, limit, threads=1, restart_nodes=None):
    deal, rules = case
    deal.validate()
    if restart_nodes is None:
        result = solve(deal, rules, limits=Limits(threads=threads))
    else:
        result = solve_in_tries(deal, rules, restart_nodes)
        result.solvable = result.max_foundation == 52
    start = ref.start(deal, rules.passes)
    assert result.proven
    try:
        expected = ref.brute_force_max(start, rules.draw, rules.worry_back, limit=limit)
    except ref.TooBig:
        reject()
    assert result.max_foundation == expected
    check_line(deal, rules, result)
    assert result.solvable == (result.max_foundation == 52)


@settings(max_examples=scaled(80))  # (and the plain search on whole games: test_klondike_plain.py)
@given(endgames())
def test_solver_matches_exhaustive_play(case):
    agrees_with_exhaustive_play(case, limit=150_000)


@st.composite
def endgames_with_runs(draw):
    """Like endgames, but the columns' face-up parts are runs of one to four cards, so
    positions where a column's top lies on a face-up card (or a King stands alone) are
    there from the start: the solver sends such a top home at once under worry back."""
    foundations, talon, table = cards_out(draw)
    runs = []  # greedy: each card extends a run it fits on, else starts one
    for card in table:
        fitting = [run for run in runs if len(run) < 4 and rank_of(run[-1]) == rank_of(card) + 1
                   and is_red(run[-1]) != is_red(card)]
        if fitting and draw(st.integers(0, 3)):  # mostly join
            fitting[0].append(card)
        else:
            runs.append([card])
    if len(runs) < 7:
        reject()
    tops, spare = runs[:7], [c for run in runs[7:] for c in run]
    columns = [[] for _ in range(7)]
    for card in spare:  # the rest lie face down under the runs
        columns[draw(st.integers(0, 6))].append(card)
    face_down = [len(c) for c in columns]
    columns = [c + run for c, run in zip(columns, tops)]
    return deal_and_rules(draw, columns, face_down, talon, foundations)


@settings(max_examples=scaled(100))
@given(endgames_with_runs())
def test_solver_matches_exhaustive_play_with_runs(case):
    # Runs make bigger position spaces: a lower limit keeps the rejected cases cheap.
    agrees_with_exhaustive_play(case, limit=40_000)


@settings(max_examples=scaled(60))
@given(endgames_with_runs())
def test_two_threads_match_exhaustive_play_with_runs(case):
    # The threads share one table, whose done marks also let a pending position go once
    # the free position of its cards is done (search.hpp, free_key): exact there too.
    agrees_with_exhaustive_play(case, limit=40_000, threads=2)


@settings(max_examples=scaled(60))
@given(endgames_with_runs(), st.integers(1, 12))
def test_tries_stopped_every_few_nodes_match_exhaustive_play(case, restart_nodes):
    # Runs move back and forth between twins: many searches rest on positions still on
    # the path, which a stopped try must forget with them.
    agrees_with_exhaustive_play(case, limit=40_000, restart_nodes=restart_nodes)


@settings(max_examples=scaled(60))
@given(endgames_with_runs(), st.integers(1, 12))
def test_first_win_tries_stopped_every_few_nodes_match_exhaustive_play(case, restart_nodes):
    deal, rules = case
    deal.validate()
    result = solve_in_tries(deal, rules, restart_nodes, first_win=True)
    try:
        expected = ref.brute_force_max(ref.start(deal, rules.passes), rules.draw, rules.worry_back, limit=40_000)
    except ref.TooBig:
        reject()
    assert result.proven and (result.max_foundation == 52) == (expected == 52)
    check_line(deal, rules, result)


@st.composite
def last_pass_endgames(draw):
    """One card in each column and a long talon (5 to 9 cards) in its last pass, so that
    draws bury cards: the bound's step-by-step reading of the stock is exercised (three a
    draw leaves cards under a top that can leave)."""
    foundations, cards = out_of_foundations(draw, 12, 16)
    columns = [[card] for card in cards[:7]]
    talon = cards[7:]
    n_waste = draw(st.integers(0, 2))
    deal = KlondikeDeal(columns=columns, face_down=[0] * 7, waste=talon[:n_waste], stock=talon[n_waste:],
                        foundations=foundations)
    return deal, KlondikeRules(draw=draw(st.sampled_from([1, 3])), passes=1, worry_back=draw(st.booleans()))


@settings(max_examples=scaled(80))
@given(last_pass_endgames())
def test_solver_matches_exhaustive_play_in_the_last_pass(case):
    agrees_with_exhaustive_play(case, limit=60_000)


@st.composite
def endgames_with_twin_runs(draw):
    """Two columns hold runs that face each other twin by twin (KC QD JS against KS QH
    JC, say), each on the column's face-down cards: positions whose tails can be
    swapped between the twins, which share a key (klondike.cpp, twin_swap_key).  The
    other cards out hold the five other columns (one at least each, face down but for
    the top) and the talon.  Without worry back: with it, exhaustive play of these
    positions passes any limit (the swaps under worry back are tested below)."""
    depth = draw(st.integers(2, 3))
    top = draw(st.integers(12, 13)) if depth == 2 else 13
    black_first = draw(st.booleans())
    # Level i holds both twins of rank top - i, the colours alternating.
    levels = [(top - i, black_first != (i % 2 == 1)) for i in range(depth)]
    suits = {True: (0, 3), False: (1, 2)}  # black: clubs and spades
    lowest = {s: 14 for s in range(4)}
    for rank, black in levels:
        for s in suits[black]:
            lowest[s] = min(lowest[s], rank)
    for s in range(4):  # some lower cards of each suit are out too
        lowest[s] -= draw(st.integers(0, 2))
    runs = [[], []]
    for rank, black in levels:
        pair = [make_card(s, rank) for s in suits[black]]
        first = draw(st.integers(0, 1))
        runs[0].append(pair[first])
        runs[1].append(pair[1 - first])
    in_runs = set(runs[0] + runs[1])
    others = [make_card(s, r) for s in range(4) for r in range(lowest[s], 14) if make_card(s, r) not in in_runs]
    if not 5 <= len(others) <= 8:
        reject()
    others = list(draw(st.permutations(others)))
    n_talon = draw(st.integers(0, len(others) - 5))
    talon, table = others[:n_talon], others[n_talon:]
    order = draw(st.permutations(range(7)))
    with_runs, rest = order[:2], order[2:]
    columns = [[] for _ in range(7)]
    for k, card in zip(rest, table):  # one card in each of the other five columns
        columns[k].append(card)
    for card in table[5:]:
        columns[draw(st.sampled_from(order))].insert(0, card)
    face_down = [max(0, len(c) - 1) for c in columns]
    for k, run in zip(with_runs, runs):
        face_down[k] = len(columns[k])  # the run lies on the column's cards, all face down
        columns[k] = columns[k] + run
    deal, rules = deal_and_rules(draw, columns, face_down, talon, foundations=[lowest[s] - 1 for s in range(4)])
    return deal, KlondikeRules(draw=rules.draw, passes=rules.passes, worry_back=False)


@settings(max_examples=scaled(60))
@given(endgames_with_twin_runs())
def test_solver_matches_exhaustive_play_with_twin_runs(case):
    agrees_with_exhaustive_play(case, limit=60_000)


def twin(card):
    """The other card of the same rank and colour (C <-> S, D <-> H)."""
    return make_card(3 - suit_of(card), rank_of(card))


@st.composite
def endgames_with_a_twin_deadlock(draw):
    """A column where a face-down Queen y has its twin x above it and, under it, one of
    their Kings and the Jacks of both their suits: y can never leave (the bound's pinned
    twins, PROOFS.md K8).  Most cases then break one condition of the pattern (a card
    under y changes places with one elsewhere, or x goes under y): those near misses must
    not be taken for deadlocks.  The other cards out (the Queens and Kings of the other
    colour, a Ten or two) fill the other six columns, one card each at least, and the
    talon."""
    y = make_card(draw(st.integers(0, 3)), 12)
    x = twin(y)
    jack_y, jack_x = make_card(suit_of(y), 11), make_card(suit_of(x), 11)
    kings = [make_card(s, 13) for s in range(4) if is_red(make_card(s, 13)) != is_red(y)]
    king = draw(st.sampled_from(kings))
    under = list(draw(st.permutations([jack_y, jack_x, king])))
    tens = draw(st.lists(st.sampled_from(range(4)), unique=True, min_size=1, max_size=2))
    lowest = {s: 11 if s in (suit_of(y), suit_of(x)) else 12 for s in range(4)}
    for s in tens:
        lowest[s] = 10 if lowest[s] == 11 else 11
    pattern = under + [y, x]
    others = [make_card(s, r) for s in range(4) for r in range(lowest[s], 14) if make_card(s, r) not in pattern]
    others = list(draw(st.permutations(others)))
    n_talon = draw(st.integers(0, len(others) - 6))
    talon, table = others[:n_talon], others[n_talon:]
    columns = [pattern] + [[card] for card in table[:6]]
    for card in table[6:]:
        columns[draw(st.integers(1, 6))].insert(0, card)
    face_down = [len(c) - 1 for c in columns]
    broken = draw(st.sampled_from([None, king, jack_y, jack_x, x]))
    if broken == x:  # x goes under y
        i = draw(st.integers(0, 2))
        pattern[i], pattern[4] = pattern[4], pattern[i]
    elif broken is not None:  # the card leaves the pattern for another column's place
        c = draw(st.integers(1, 6))
        i, j = pattern.index(broken), draw(st.integers(0, len(columns[c]) - 1))
        pattern[i], columns[c][j] = columns[c][j], pattern[i]
    return deal_and_rules(draw, columns, face_down, talon, foundations=[lowest[s] - 1 for s in range(4)])


@settings(max_examples=scaled(30))
@given(endgames_with_a_twin_deadlock())
def test_solver_matches_exhaustive_play_with_a_twin_deadlock(case):
    agrees_with_exhaustive_play(case, limit=150_000)


@st.composite
def endgames_with_twins_pinned_in_turn(draw):
    """Two columns where a face-down Queen has its twin above it and one of their Kings
    and the Jack of its own suit under it.  In the first, the Jack of the twin's suit
    lies under the Queen too, so it is pinned at once; in the second, the Jack of the
    twin's suit lies under the first column's Queen, so the second is pinned only once
    the first is (PROOFS.md K8, pinned twins: each pin can show more).  Most cases
    break one condition (a card changes places with one elsewhere, or a twin goes under
    its Queen): those near misses must not be taken for pins.  The other Kings and three
    or four Tens fill the other columns, one card each at least, and the talon."""
    first = make_card(draw(st.integers(0, 3)), 12)
    second = make_card(draw(st.sampled_from([s for s in range(4) if is_red(make_card(s, 12)) != is_red(first)])), 12)
    jack = lambda card: make_card(suit_of(card), 11)  # noqa: E731
    king_first = make_card(suit_of(second), 13)  # a King of the other colour: a parent
    king_second = make_card(suit_of(first), 13)
    first_column = list(draw(st.permutations([king_first, jack(first), jack(twin(first)), jack(twin(second))])))
    first_column += [first, twin(first)]
    second_column = list(draw(st.permutations([king_second, jack(second)]))) + [second, twin(second)]
    tens = draw(st.lists(st.sampled_from(range(4)), unique=True, min_size=3, max_size=4))
    lowest = {s: 10 if s in tens else 11 for s in range(4)}
    placed = first_column + second_column
    others = [make_card(s, r) for s in range(4) for r in range(lowest[s], 14) if make_card(s, r) not in placed]
    others = list(draw(st.permutations(others)))
    n_talon = draw(st.integers(0, len(others) - 5))
    talon, table = others[:n_talon], others[n_talon:]
    columns = [first_column, second_column] + [[card] for card in table[:5]]
    for card in table[5:]:
        columns[draw(st.integers(2, 6))].insert(0, card)
    broken = draw(st.sampled_from([None, None, king_first, jack(first), jack(twin(first)), jack(twin(second)),
                                   king_second, jack(second), twin(first), twin(second)]))
    pattern = first_column if broken in first_column else second_column
    if broken in (twin(first), twin(second)):  # the twin goes under its Queen
        i = draw(st.integers(0, len(pattern) - 3))
        pattern[i], pattern[-1] = pattern[-1], pattern[i]
    elif broken is not None:  # the card leaves for another column's place
        c = draw(st.integers(2, 6))
        i, j = pattern.index(broken), draw(st.integers(0, len(columns[c]) - 1))
        pattern[i], columns[c][j] = columns[c][j], pattern[i]
    face_down = [len(c) - 1 for c in columns]
    return deal_and_rules(draw, columns, face_down, talon, foundations=[lowest[s] - 1 for s in range(4)])


@settings(max_examples=scaled(20))
@given(endgames_with_twins_pinned_in_turn())
def test_solver_matches_exhaustive_play_with_twins_pinned_in_turn(case):
    agrees_with_exhaustive_play(case, limit=150_000)


@st.composite
def swapped_tails(draw):
    """A position of a real deal, reached by random play (the referee's actions, mostly
    building on the tableau so that runs grow), in which two twins both lie face up with
    a run on each, and the same position with those two runs swapped."""
    rules = KlondikeRules(draw=draw(st.sampled_from([1, 3])), passes=draw(st.sampled_from([1, 3, None])),
                          worry_back=draw(st.booleans()))
    rng = random.Random(draw(st.integers(0, 2**32)))
    p = ref.start(KlondikeDeal.from_seed(draw(st.integers(1, 10**6))), rules.passes)
    for _ in range(400):
        moves = list(ref.successors(p, rules.draw, rules.worry_back))
        if not moves:
            break
        building = [m for m in moves if m[0][0] in (3, 5)]
        p = rng.choice(building if building and rng.random() < 0.7 else moves)[1]
        covered = {col[j]: (i, j) for i, col in enumerate(p.cols) for j in range(p.down[i], len(col) - 1)}
        pairs = [(covered[c], covered[twin(c)]) for c in covered if twin(c) in covered and c < twin(c)]
        if pairs and rng.random() < 0.3:
            (i, j), (k, m) = rng.choice(pairs)
            cols = list(p.cols)
            cols[i], cols[k] = p.cols[i][:j + 1] + p.cols[k][m + 1:], p.cols[k][:m + 1] + p.cols[i][j + 1:]
            q = ref.Pos(tuple(cols), p.down, p.waste, p.stock, p.found, p.redeals_left)
            return [deal_of(pos, rules) for pos in (p, q)], rules
    reject()


def deal_of(p, rules):
    done = 0 if p.redeals_left < 0 else rules.passes - 1 - p.redeals_left
    return KlondikeDeal(columns=[list(c) for c in p.cols], face_down=list(p.down), stock=list(p.stock),
                        waste=list(p.waste), foundations=list(p.found), pass_number=done + 1)


@settings(max_examples=scaled(40))
@given(swapped_tails())
def test_tails_swapped_between_twins_reach_as_many_cards_home(case):
    """The key that tails on twins share rests on this: the two positions reach the same
    most cards home (with or without worry back, every mode).  Each is solved from its
    own position, and each line replays to its count.  (Checked outside the tests
    against the engine from before that key: 998 such pairs, 649 of them not won, all
    equal, both engines.)"""
    deals, rules = case
    results = [solve(deal, rules, limits=Limits(threads=1, max_nodes=300_000)) for deal in deals]
    if not all(r.proven for r in results):
        reject()
    assert results[0].max_foundation == results[1].max_foundation
    for deal, result in zip(deals, results):
        check_line(deal, rules, result)


@st.composite
def draw_one_endgames(draw):
    """More cards out (18 to 30) and a fuller talon than above: too big for exhaustive
    play, but the searches under different passes can be compared (below)."""
    foundations, cards = out_of_foundations(draw, 18, 30)
    n_talon = draw(st.integers(3, len(cards) - 7))
    talon, table = cards[:n_talon], cards[n_talon:]
    runs = []
    for card in table:
        fitting = [run for run in runs if rank_of(run[-1]) == rank_of(card) + 1 and is_red(run[-1]) != is_red(card)]
        if fitting and draw(st.booleans()):
            fitting[0].append(card)
        else:
            runs.append([card])
    if len(runs) < 7:
        reject()
    columns = [[] for _ in range(7)]
    for card in [c for run in runs[7:] for c in run]:
        columns[draw(st.integers(0, 6))].append(card)
    face_down = [len(c) for c in columns]
    columns = [c + run for c, run in zip(columns, runs[:7])]
    n_waste = draw(st.integers(0, len(talon)))
    return KlondikeDeal(columns=columns, face_down=face_down, waste=talon[:n_waste], stock=talon[n_waste:],
                        foundations=foundations)


@pytest.mark.parametrize("worry_back", [True, False])
@settings(max_examples=scaled(400))
@given(deal=draw_one_endgames())
def test_more_passes_never_bring_fewer_cards_home(deal, worry_back):
    # Unlimited passes with draw 1 search under rules of their own (a talon card laid on
    # the tableau waits for its use, PROOFS.md K7), one and three passes without them:
    # every line of fewer passes is a line of more.
    deal.validate()
    best = {}
    for passes in (1, 3, None):
        rules = KlondikeRules(draw=1, passes=passes, worry_back=worry_back)
        result = solve(deal, rules, limits=Limits(threads=1, max_nodes=2_000_000))
        if not result.proven:
            reject()
        check_line(deal, rules, result)
        best[passes] = result.max_foundation
    assert best[1] <= best[3] <= best[None]
