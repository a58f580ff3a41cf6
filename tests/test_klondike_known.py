"""Klondike positions with answers worked out by hand (see each docstring)."""
import pytest

from referee import klondike as ref
from solver.cards import make_card, parse_cards
from solver.errors import DealError
from solver.klondike import KlondikeDeal, make_rules, replay, solve
from solver.klondike.rules import PRESETS
from solver.limits import Limits

ALL_RULES = [make_rules(mode, worry_back=wb) for mode in PRESETS for wb in (True, False)]


def check_line(deal, rules, result):
    """The printed line replays legally, by the referee, to exactly the claimed count."""
    start = ref.start(deal, rules.passes)
    actions = [(int(a.kind), a.source, a.target, a.count) for a in result.line]
    _, best = ref.replay(start, actions, rules.draw, rules.worry_back)
    assert best == result.max_foundation


def trivial_win() -> KlondikeDeal:
    """Stock A..6 of every suit in order, each going home as drawn; the tableau holds
    7..K so that every column digs down in order: won in any mode."""
    text = """Talon: AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S 5C 5D 5H 5S 6C 6D 6H 6S
7H
<8D> 7D
<9C> <8C> 7C
<KC> <QC> <JC> TC
<KD> <QD> <JD> <TD> 9D
<KH> <QH> <JH> <TH> <9H> 8H
<KS> <QS> <JS> <TS> <9S> <8S> 7S
"""
    return KlondikeDeal.parse(text)


def aces_under_kings() -> KlondikeDeal:
    """Every Ace lies under its own King, and on those Kings lies a Queen whose only two
    possible parents (the Kings of the other colour) are beneath it in the same column:
    column 5 is AC AS KS KC under QH, column 6 is AD AH KH KD under QC (then 2C on top).
    QH and QC can never move (no parent can ever be free, nothing can go home without an
    Ace), so no Ace ever comes out: nothing reaches the foundations, whatever the rules.
    The other 41 cards lie in plain order."""
    frozen = {4: parse_cards("AC AS KS KC QH"), 5: parse_cards("AD AH KH KD QC 2C")}
    rest = iter(c for c in range(52) if c not in frozen[4] + frozen[5])
    columns = [frozen.get(i) or [next(rest) for _ in range(i + 1)] for i in range(7)]
    return KlondikeDeal(columns=columns, face_down=list(range(7)), stock=list(rest))


def stock_only(order: str) -> KlondikeDeal:
    cards = parse_cards(order)
    return KlondikeDeal(columns=[[] for _ in range(7)], face_down=[0] * 7, stock=cards)


def full_order(first: str, suits: str) -> str:
    return first + " " + " ".join(f"{r}{s}" for s in suits for r in "A23456789TJQK")


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: r.describe())
def test_trivial_win(rules):
    deal = trivial_win()
    result = solve(deal, rules)
    assert result.solvable is True and result.max_foundation == 52 and result.vegas_score == 208
    assert result.proven
    check_line(deal, rules, result)


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: r.describe())
def test_aces_under_kings_is_zero(rules):
    result = solve(aces_under_kings(), rules)
    assert result.max_foundation == 0 and result.vegas_score == -52
    assert result.solvable is False and result.proven and result.line == []


def test_stock_in_order_is_won_by_drawing():
    deal = stock_only(" ".join(f"{r}{s}" for s in "CDHS" for r in "A23456789TJQK"))
    result = solve(deal, make_rules("casino"))
    assert result.solvable and result.max_foundation == 52
    check_line(deal, make_rules("casino"), result)


@pytest.mark.parametrize("worry_back, expected", [(False, 40), (True, 52)])
def test_buried_two_of_clubs_needs_worry_back(worry_back, expected):
    """Empty tableau, stock 2C 3C AC, then diamonds, hearts, spades A..K, then clubs 4..K.
    3C buries 2C.  Stock cards come in rising order, so no red 4 can ever be on the
    tableau (it would need a black 5 there first); without worry back 3C can never leave
    the waste, so clubs stop at the Ace: 1 + 39 = 40.  With worry back a chain KS QH JS ..
    4H comes down into an empty column, 3C goes on 4H, 2C is freed: 52."""
    order = "2C 3C AC " + " ".join(f"{r}{s}" for s in "DHS" for r in "A23456789TJQK") + " " + \
        " ".join(f"{r}C" for r in "456789TJQK")
    deal = stock_only(order)
    rules = make_rules("casino", worry_back=worry_back)
    result = solve(deal, rules)
    assert result.max_foundation == expected and result.proven
    check_line(deal, rules, result)


def seed_example_deal() -> KlondikeDeal:
    """A deal whose stock starts with club 2, heart 4, club Ace (RULES.md, Klondike)."""
    rest = [c for c in range(52) if c not in parse_cards("2C 4H AC")]
    return KlondikeDeal.from_order(rest[:28] + parse_cards("2C 4H AC") + rest[28:])


def test_seed_draw3_example():
    """Draw 3: the group shows 2C, 4H, AC with AC on top.  AC goes home (-47); 4H is
    then on top and 2C stays locked under it."""
    deal = seed_example_deal()
    assert deal.stock[:3] == parse_cards("2C 4H AC")
    rules = make_rules("vegas")
    played = replay(deal, rules, "DR WF")
    assert played.ok and played.foundation == 1
    assert played.position.waste == parse_cards("2C 4H")  # 4H on top, 2C under it
    locked = replay(deal, rules, "DR WF WF")
    assert not locked.ok and (locked.error_move, locked.error_token) == (3, "WF") and "4H" in locked.error


def test_draw3_turns_three_cards():
    deal = seed_example_deal()
    played = replay(deal, make_rules("vegas"), "DR")
    assert played.actions[0].count == 3 and played.actions[0].card == make_card(0, 1)


def test_worry_back_off_refuses_worry_back():
    deal = trivial_win()
    played = replay(deal, make_rules(worry_back=False), "DR WF FC1")
    assert not played.ok and "worry back is off" in played.error


def test_one_pass_refuses_redeal():
    deal = trivial_win()
    played = replay(deal, make_rules("casino"), "DR24 RD")
    assert not played.ok and "pass" in played.error


def test_bad_positions_are_named():
    with pytest.raises(DealError, match="face down"):
        KlondikeDeal.parse(trivial_win().to_pysol().replace("\n7H\n", "\n<7H>\n"))
    with pytest.raises(DealError, match="duplicated card AC"):
        KlondikeDeal.parse(trivial_win().to_pysol().replace("AD", "AC", 1))


def test_a_playable_waste_card_may_have_to_wait():
    """Seed 137 (casino), after 56 actions of a best line.  6S on the waste could go home
    once 5S (column 6) is home, but then 5S could never come back down: the way on is
    5S home, worried back onto 6D, 4D onto it (turning up 5C), 4D onto 5C, 5S home again,
    and only then 6S and 5H from the waste, 5C and 4D onto 6D (turning up 8S), 8S onto
    9H, JC onto QH, 6H home: 15.  Sending the waste's 6S home at once stops at 14: the
    waste keeps a card out of the way without a place in the tableau, which home does
    not (a column's top lying on a face-up card may go home at once: it can always come
    back to the same place)."""
    text = """Talon:
Waste: 3D QD 8D 2C KH JS 4C TH 7D 7C 9C 5H 6S
Foundations: C-A D-2 H-4 S-4
: QS JD TS 9D 8C 7H 6C 5D
: KD QC JH TC 9H
: <KS> TD
: KC QH
:
: 9S 8H 7S 6D 5S
: <3C> <6H> <JC> <8S> <5C> 4D
"""
    deal = KlondikeDeal.parse(text)
    rules = make_rules("casino")
    witness = replay(deal, rules, "6F FS6 76 67 6F WF WF 76 72 74 7F")
    assert witness.ok and witness.max_foundation == 15
    start = ref.start(deal, rules.passes)
    actions = [(int(a.kind), a.source, a.target, a.count) for a in witness.actions]
    assert ref.replay(start, actions, rules.draw, rules.worry_back)[1] == 15
    result = solve(deal, rules)
    assert result.proven and result.max_foundation == 15
    check_line(deal, rules, result)


WORRY_CHAIN = """Talon: 6C TH 6S 8C
Waste: QD 3C 6H KS 4D TC JS JH 3S JD
Foundations: H-4 S-A
Pass: 2
4C 3D
KC QH
<KD> 2D
<5S> 5H 4S
<7S> <9C> <5C> <AC> TS 9H 8S 7H
<2C> <7D> <AD> <QS> <8D> TD 9S 8H 7C 6D
<9D> <KH> <QC> <2S> <JC> 5D
"""


@pytest.mark.parametrize("where_3d", ["on 4C", "on 4S"])
def test_a_use_may_need_two_worries(where_3d):
    """From a random walk (draw 1, 2 passes, in the second).  2D must go onto 3S to turn
    up KD, and 3S lies on 4H on 5C; but 3S, 4H and 4S go home at once as safe moves
    (each could come back where it lay).  Bringing 3S back down takes two worries before
    it has a place: 4S off it, and 4H onto 5C; whichever comes first, the next move is
    the other, not a use of the first.  A search that let only a use follow a worry
    found 13 where 3D lay on 4C, and 16 where it lay on 4S (the twin; one move turns
    either position into the other, so both have the same answer): 16."""
    text = WORRY_CHAIN if where_3d == "on 4C" else \
        WORRY_CHAIN.replace("\n4C 3D\n", "\n4C\n").replace("5H 4S\n", "5H 4S 3D\n")
    deal = KlondikeDeal.parse(text)
    rules = make_rules(draw=1, passes=2, worry_back=True)
    result = solve(deal, rules)
    assert result.proven and result.max_foundation == 16
    check_line(deal, rules, result)


TWO_KINGS = """Foundations: S-K H-K C-7
Talon:
Waste: 6D 5D 4D 3D 2D AD JC
9D
TC
8D
9C
<8C> <QC> TD
<KC> <QD> JD
<KD> 7D
"""


def test_a_worry_may_need_a_column_emptied_after_it():
    """Built by hand (casino rules).  JC, the waste's top, covers the diamonds; it can
    only go onto QH, and QH only comes down once KH is off it, onto a black King:
    KS, worried into a column of its own.  So both Kings need an emptied column: 9D
    onto TC empties column 1 for KH, then TC (with 9D) onto JD empties column 2 for
    KS, QH goes onto KS, JC onto QH, and every card goes home: 52.  A column can be
    emptied only for a King that comes at once, and the second emptying comes after
    a worry back that it does not serve: a search that let only a worry, or a use,
    follow a worry said "33, proven" (nothing playable here, so 33 is the start)."""
    won_beyond_a_witness(TWO_KINGS, "casino", "12 FH1 26 FS2 FH2 W2", 33)


def won_beyond_a_witness(text, mode, witness_line, witness_home):
    """The solver wins the position (proven, its line checked); the witness line, legal,
    gets `witness_home` cards home on the way.  Returns the deal."""
    deal = KlondikeDeal.parse(text)
    rules = make_rules(mode)
    witness = replay(deal, rules, witness_line)
    assert witness.ok and witness.max_foundation == witness_home
    result = solve(deal, rules)
    assert result.proven and result.max_foundation == 52
    check_line(deal, rules, result)
    return deal


SEVEN_FROM_THE_TALON = """Foundations: S-3 H-7 C-5 D-5
Talon: 7C 6S 9S TS JS QS 8H 9H TH JH QH 8C 9C TC JC QC 7D 9D TD JD QD
<7S> <6C> <6D> <4S> 5S
8D
8S
KC
KD
KS
KH
"""


def test_a_worry_may_wait_for_a_talon_card_laid_after_it():
    """Built by hand (standard rules: draw 1, unlimited passes).  5S lies on 4S, 6D,
    6C and 7S, and can only leave for 6H: 6D is under it, and 7S, the other black 7,
    too.  So 6H must come back from home onto 7C, which comes from the talon onto 8D;
    and 6H is the hearts' top only once 7H is worried back onto 8S.  Laying a talon card
    waits for its use here (TalonPending), and the use, 6H worried, needs 7H worried
    first: a search that offered no talon card after a worry said "26, proven".  With
    one pass (casino) the same deal is won, and more passes never lose a line."""
    deal = won_beyond_a_witness(SEVEN_FROM_THE_TALON, "standard", "DR W2 FH3 FH2 12 1F 2F 1F 1F 2F 3F 2F DR WF 1F", 27)
    casino = solve(deal, make_rules("casino"))
    assert casino.proven and casino.max_foundation == 52


def test_a_pinned_twin_decides_a_deal_at_its_start():
    """PySolFC game 39607 (standard rules): column 7 is AD JC 3S KH QC QS KS, all face
    down but KS.  QC can only leave for KH (under it) or KD, and QS, above it, must
    leave first: onto KD, as neither can go home (JC and 3S lie under QC).  So QC never
    leaves, nor anything under it: no diamond goes home, no club above the ten, no spade
    above the two (PROOFS.md K8, pinned twins).  The bound sees it at the start: the
    deal is proven lost in a single node, and its maximum, 24, in a few thousand (more
    than 98 M nodes, 30 s, did not decide it without the rule)."""
    deal, rules = KlondikeDeal.from_pysol_number(39607), make_rules("standard")
    lost = solve(deal, rules, first_win=True)
    assert lost.proven and lost.solvable is False and lost.stats.nodes <= 10
    best = solve(deal, rules, limits=Limits(max_nodes=1_000_000))
    assert best.proven and best.max_foundation == 24
    check_line(deal, rules, best)


def test_a_twin_pinned_by_what_the_bound_knows_gives_the_maximum_at_the_start():
    """PySolFC game 34090 (standard rules).  Column 6 is 8S 4S 3D 8C 7D 6C, all face down
    but 6C: 7D can go only onto 8C or 8S or home after 3D, all three under it, so no
    diamond above the two ever goes home (the bound knew that much).  Column 7 is 2H KC
    JC TH 2S TD 2D, all face down but 2D: TD lies above its twin TH, so it must leave
    first, and neither can go home (2H lies under TH, and the diamonds stop at the two);
    JC, one of their parents, lies under TH, so TD can only come to lie on JS, and TH
    has nowhere to go (PROOFS.md K8, pinned twins: here what stops TD is not under TH).
    So no heart above the ace goes home (2H is under TH): at most AC-7C (8C is under
    7D), AD 2D, AH and AS-3S (4S is under 7D), 13 cards, and that is the maximum.  The
    bound says 13 at the start, so the search ends at the first line with 13 (20 k
    nodes; 5.8 M before the pin, when the bound said 25)."""
    deal, rules = KlondikeDeal.from_pysol_number(34090), make_rules("standard")
    lost = solve(deal, rules, first_win=True)
    assert lost.proven and lost.solvable is False and lost.stats.nodes <= 10
    best = solve(deal, rules, limits=Limits(max_nodes=1_000_000))
    assert best.proven and best.max_foundation == 13 and best.stats.nodes < 200_000
    check_line(deal, rules, best)
