"""Klondike-Solver's game numbers (solver/klondike/ks_numbers.py) against the program
itself: the layouts below are what its `KlondikeSolver /G N /O 1` printed (github.com/
ShootMe/Klondike-Solver, built from its source; the stock from the next card drawn,
face-down cards in <>).  66 numbers were compared when the port was written: 0-59 and
1000, 99999, 1234567, 5000000, 123456789, 2**31 - 1."""
import pytest

from clihelp import assert_one_line_error, patiens
from solver.errors import DealError
from solver.klondike import KlondikeDeal

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
