"""Solvitaire's deal JSON (solver/klondike/solvitaire.py), read and written."""
import json

import pytest

from clihelp import assert_one_line_error, patiens
from solver.errors import DealError
from solver.klondike import KlondikeDeal, make_rules, replay

# Solvitaire's own preset resources/deal-presets/klondikeSM1.json (github.com/
# thecharlesblake/Solvitaire): Klondike-Solver's game 1, which its converter wrote.
SM1 = """{"tableau piles":[["4D"],["3C","4C"],["9S","7D","6H"],["AH","7S","2C","JD"],["AD","6S","2H","10S","AS"],
["4H","8H","2D","KS","JC","5C"],["3H","4S","3S","5D","JH","6C","KD"]],
"stock": ["10H","8D","7H","KC","3D","10D","5H","8C","QS","JS","9H","7C","6D","8S","QD","QH","AC","9C","5S","KH",
"QC","2S","10C","9D"]}"""


def same(a: KlondikeDeal, b: KlondikeDeal) -> bool:
    return (a.columns, a.face_down, a.stock, a.waste, a.foundations) == (b.columns, b.face_down, b.stock, b.waste,
                                                                       b.foundations)


def test_its_preset_is_klondike_solvers_game_1():
    assert same(KlondikeDeal.parse(SM1), KlondikeDeal.from_ks_game(1))


@pytest.mark.parametrize("seed", range(1, 6))
def test_written_and_read_back(seed, tmp_path):
    deal = KlondikeDeal.from_seed(seed)
    assert same(KlondikeDeal.parse(json.dumps(deal.to_solvitaire())), deal)
    # A position with cards home and a waste, each pile's top alone face up.
    later = replay(deal, make_rules("casino"), "DR5").position
    assert same(KlondikeDeal.parse(json.dumps(later.to_solvitaire())), later)
    path = tmp_path / "deal.json"
    run = patiens("klondike", "show", "--seed", str(seed), "--format", "solvitaire")
    path.write_text(run.out)
    assert run.code == 0 and same(KlondikeDeal.parse(path.read_text()), deal)


def test_positions_it_cannot_hold_are_refused(tmp_path):
    deal = KlondikeDeal.from_seed(72)
    run_on = replay(deal, make_rules("casino"), "1F DR7 WF 52").position  # a run of two face up in column 2
    with pytest.raises(DealError, match="face-up cards"):
        run_on.to_solvitaire()
    path = tmp_path / "position.txt"
    path.write_text(run_on.to_pysol())
    assert_one_line_error(patiens("klondike", "show", str(path), "--format", "solvitaire"), "Solvitaire")


@pytest.mark.parametrize("text,words", [
    ('{"tableau piles": [["4D"]], "stock": []}', "7 lists"),
    (SM1.replace('"4D"', '"1X"'), "not a Solvitaire card"),
    (SM1.replace('"stock"', '"stack"'), "unknown key"),
    (SM1.replace(']]', '],["KD"]]', 1), "7 lists"),
])
def test_bad_solvitaire_deals_are_one_line(text, words, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(text)
    assert_one_line_error(patiens("klondike", "solve", str(path)), words)
