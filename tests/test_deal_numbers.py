"""Other tools' deal numbers and notation.  Klondike-Solver's game numbers
(solver/klondike/ks_numbers.py) and move notation (ks_moves.py) against the program
itself: the layouts below are what its `KlondikeSolver /G N /O 1` printed (github.com/
ShootMe/Klondike-Solver, built from its source; the stock from the next card drawn,
face-down cards in <>).  66 numbers were compared when the port was written: 0-59 and
1000, 99999, 1234567, 5000000, 123456789, 2**31 - 1."""
import pytest

from clihelp import assert_one_line_error, patiens
from referee import klondike as ref
from solver.cards import parse_cards
from solver.errors import DealError
from solver.klondike import KlondikeDeal, make_rules, replay, solve
from solver.klondike.ks_moves import format_ks


def referee_home(deal, rules, actions) -> int:
    """The independent referee's cards home at the end of a line of actions."""
    end, _ = ref.replay(ref.start(deal, rules.passes), [(int(a.kind), a.source, a.target, a.count) for a in actions],
                        rules.draw, rules.worry_back)
    return ref.home(end)

PRINTED = {
    1: """9D TC 2S QC KH 5S 9C AC QH QD 8S 6D 7C 9H JS QS 8C 5H TD 3D KC 7H 8D TH
4D
<3C> 4C
<9S> <7D> 6H
<AH> <7S> <2C> JD
<AD> <6S> <2H> <TS> AS
<4H> <8H> <2D> <KS> <JC> 5C
<3H> <4S> <3S> <5D> <JH> <6C> KD""",
    123456789: """TH 3S QD 7D 7H 4H 7C 4S 9S QC JH 2H AS 6H 2D 6C KD TS 8S AD 2S 2C 8D 6D
5D
<QH> 4D
<5C> <JD> QS
<AC> <KC> <KH> 9C
<TC> <6S> <TD> <5H> 7S
<4C> <9D> <8C> <JS> <5S> JC
<AH> <9H> <3C> <3D> <KS> <3H> 8H""",
    2**31 - 1: """AS KH 8C 3H 7D KS 8H AH 5C 4S 4C QH 4H 7S 5H 8D 6H 3C TS JH 2S AC 7C QD
5S
<6C> JC
<9C> <4D> 7H
<6D> <3S> <AD> 6S
<QS> <9S> <KC> <TH> 2H
<5D> <QC> <2C> <JS> <2D> 9H
<TC> <8S> <JD> <9D> <3D> <TD> KD""",
}


@pytest.mark.parametrize("number", sorted(PRINTED))
def test_deals_are_the_programs(number):
    stock, *columns = PRINTED[number].splitlines()
    printed = KlondikeDeal.parse("Talon: " + stock + "\n" + "\n".join(columns))
    deal = KlondikeDeal.from_ks_game(number)
    assert (deal.columns, deal.face_down, deal.stock) == (printed.columns, printed.face_down, printed.stock)
    assert deal.source == f"Klondike-Solver game {number}"


def test_the_command_line_takes_them():
    run = patiens("klondike", "show", "--ks-game", "1", "--format", "pysol")
    assert run.code == 0 and run.out.splitlines()[0] == "Talon: " + PRINTED[1].splitlines()[0]
    assert_one_line_error(patiens("klondike", "solve", "--ks-game", "1", "--seed", "2"), "--ks-game")
    assert_one_line_error(patiens("klondike", "solve", "--ks-game", str(2**31)), "--ks-game")
    with pytest.raises(DealError, match="run from 0"):
        KlondikeDeal.from_ks_game(-1)


# Klondike-Solver's own solutions (`KlondikeSolver /G N /O 2 /F /MVS`, draw 1 for game 5
# and `/DC 3` for game 3): they win under our standard rules, read in its notation.
THEIR_SOLUTIONS = {
    (5, 1): "DR4 W5 DR6 WC W2 DR1 W2 72 F7 7S F7 75 F7 7C F7 76 F7 57-3 F5 W5 72-4 F7 53-2 F5 73 37-4 F3 W3 37-2 F3 "
            "W6 DR5 WH DR2 W3 DR1 W4 W4 W5 W4 DR2 WS 57-2 F5 15 W1 W1 WH DR2 WH W6 61-4 F6 63 F6 31-3 43-4 F4 64 F6 "
            "6D F6 2D 2S 5D 5S F5 5C 2D 1D 65 F6 6H 4H 7H 23-5 F2 W2 WH W5 WC 3C 4C F4 3D 3C 73 7H 4H F4 4S 1S 1D "
            "3S 1C 3D DR1 WS 1D 3C 7S 1C 2S 3D 7H 1D 2H 3C 7S 1C 3H 5S 7D 1D 3C 5H 7S",
    (3, 3): "46 F4 43 F4 36-2 F3 DR4 W4 DR2 W2 DR2 NEW DR1 WH 6H 74 F7 62-3 F6 76 F7 73 F7 DR2 W6 WH 7H F7 DR1 W2 "
            "DR2 W3 DR2 NEW DR2 W6 16 DR1 W1 DR2 W5 WH DR1 NEW DR3 W1 DR1 W1 71 F7 75 F7 7C DR1 WC 67-5 F6 51-3 F5 "
            "NEW DR3 W1 H1 DR1 NEW DR1 W1 WD 2D 2C 1C 1H 23 2C 32-2 3H DR1 W1 41-3 F4 4C 3C F3 5C F5 7C 5C F5 6C F6 "
            "6C F6 64 F6 6S 1S 1D WS 1S 2D 1D 2S 1S 2D 1H 2S F2 3H DR1 WH WC 7H WH 1S WS WD 75 7H 57-2 F5 5D 1D 1S "
            "2D 1D 7S 1S 7D 1H 4D 7S",
}


@pytest.mark.parametrize("game,draw", sorted(THEIR_SOLUTIONS))
def test_its_solutions_win_here(game, draw):
    played = replay(KlondikeDeal.from_ks_game(game), make_rules("standard", draw=draw), THEIR_SOLUTIONS[game, draw],
                    notation="ks")
    assert played.ok and played.foundation == 52
    referee = referee_home(KlondikeDeal.from_ks_game(game), make_rules("standard", draw=draw), played.actions)
    assert referee == 52


@pytest.mark.parametrize("mode", ["casino", "vegas", "standard"])
def test_our_lines_written_in_its_notation_replay_to_the_same(mode):
    rules = make_rules(mode)
    for seed in range(1, 11):
        deal = KlondikeDeal.from_seed(seed)
        result = solve(deal, rules, first_win=rules.unlimited)
        played = replay(deal, rules, " ".join(format_ks(result.line)), notation="ks")
        assert played.ok and played.max_foundation == result.max_foundation
        assert [a.to_core() for a in played.actions] == [a.to_core() for a in result.line]


def test_its_notation_is_checked():
    deal, rules = KlondikeDeal.from_ks_game(5), make_rules("standard")
    wrong = replay(deal, rules, THEIR_SOLUTIONS[5, 1].replace("WC", "WD", 1), notation="ks")
    assert not wrong.ok and wrong.error_move == 4 and "not D" in wrong.error and wrong.foundation == 0
    for bad in ("ZZ", "DR0", "W5-2", "CD", "33", "DR99"):
        with pytest.raises(DealError, match="move 2"):
            replay(deal, rules, "DR1 " + bad, notation="ks")
    run = patiens("klondike", "solve", "--ks-game", "5", "--mode", "standard", "--notation", "ks", "--json")
    assert run.code == 0 and replay(deal, rules, " ".join(run.json()["line_ks"]), notation="ks").foundation == 52
    text = patiens("klondike", "replay", "--ks-game", "5", "--mode", "standard", "--notation", "ks",
                   THEIR_SOLUTIONS[5, 1])
    assert text.code == 0 and "Foundations: 52 cards" in text.out


# greenfelt.net's game 283409412 as sigoden/klondike's test has it (klondike-common,
# board.rs, test_new_from_seed; the stock written from its bottom: the last card is
# drawn first; face-down cards before the bar).
GREENFELT_283409412 = {
    "stock": "4D AH 3D 8C 7H 8S 7S 5D 6H QC 3S 9D 9S 5C KS 8H 2S 2C JS TS 4S 8D 7D 6C",
    "columns": ["|KD", "QH|4H", "9H TC|QD", "6S JD 5H|3C", "QS AD KH JC|6D", "2H JH 3H AS 5S|TD",
                "4C TH 7C KC 2D 9C|AC"],
}


def test_greenfelt_numbers_deal_as_sigoden_klondike_does():
    deal = KlondikeDeal.from_greenfelt(283409412)
    want = GREENFELT_283409412
    assert deal.stock == parse_cards(want["stock"])[::-1]
    for column, down, text in zip(deal.columns, deal.face_down, want["columns"]):
        hidden, shown = text.split("|")
        assert column == parse_cards(hidden) + parse_cards(shown) and down == len(parse_cards(hidden))
    assert deal.source == "greenfelt.net game 283409412"
    run = patiens("klondike", "show", "--greenfelt", "283409412", "--json")
    assert run.code == 0 and run.json()["stock"][0] == "6C"
    assert_one_line_error(patiens("klondike", "solve", "--greenfelt", "1", "--ks-game", "1"), "--greenfelt")
    assert_one_line_error(patiens("klondike", "solve", "--greenfelt", str(2**32)), "--greenfelt")
