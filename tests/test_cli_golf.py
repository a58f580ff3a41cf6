"""`patiens golf` as a user runs it."""
import pytest

from clihelp import assert_one_line_error, patiens
from referee import golf as ref
from solver.golf import GolfDeal, GolfRules, parse_line


def test_solve_json_fields_and_line_replays():
    out = patiens("golf", "solve", "--pysol", "2", "--wrap", "--json").json()
    for key in ("solvable", "best_score", "cards_left", "stock_left", "proven", "line", "stats", "rules"):
        assert key in out
    deal = GolfDeal.from_pysol_number(2, GolfRules(wrap=True))
    moves = [m.column for m in parse_line(" ".join(out["line"]), 7)]
    assert ref.replay(deal.columns, deal.stock, deal.base, moves, wrap=True) == out["best_score"]
    assert out["proven"] and out["solvable"] and out["stock_left"] == -out["best_score"]


def test_first_clear_decides_only():
    """--first-clear answers what black-hole-solver answers: its verdict is the full
    solve's, its line replays to the score it prints, which is not called the minimum."""
    for number in (2, 11):
        quick = patiens("golf", "solve", "--pysol", str(number), "--wrap", "--first-clear", "--json")
        full = patiens("golf", "solve", "--pysol", str(number), "--wrap", "--json").json()
        out = quick.json()
        assert quick.code == 0 and out["question"] == "first-clear" and out["proven"]
        assert out["solvable"] is full["solvable"] and not out["best_score_exact"] and full["best_score_exact"]
        assert out["best_score"] >= full["best_score"]
        deal = GolfDeal.from_pysol_number(number, GolfRules(wrap=True))
        moves = [m.column for m in parse_line(" ".join(out["line"]), 7)]
        assert ref.replay(deal.columns, deal.stock, deal.base, moves, wrap=True) == out["best_score"]
    text = patiens("golf", "solve", "--pysol", "2", "--wrap", "--first-clear").out
    assert "Score reached:" in text and "not look for the minimum" in text and "proven minimum" not in text


def test_bhs_format_is_black_hole_solver_like():
    run = patiens("golf", "solve", "--pysol", "1", "--wrap", "--format", "bhs")
    assert run.code == 0
    lines = run.out.splitlines()
    assert lines[0] == "Solved!"
    moves = [line for line in lines if line.startswith(("Deal talon", "Move a card from stack"))]
    assert moves and all(line == "Deal talon" or line.endswith("to the foundations") for line in moves)
    assert any(line.startswith("Info: Card moved is ") for line in lines)


def test_game_of_nine_holes():
    out = patiens("golf", "game", "--seed", "1", "--json").json()
    assert len(out["holes"]) == 9 and out["total"] == sum(h["best_score"] for h in out["holes"])
    assert out["par"] == 45 and out["proven"]
    text = patiens("golf", "game", "--seed", "1", "--par", "36")
    assert text.code == 0 and "par 36" in text.out and "Total" in text.out


def test_show_round_trip():
    text = patiens("golf", "show", "--pysol", "3", "--format", "pysol").out
    again = patiens("golf", "show", "-", "--format", "pysol", stdin=text)
    assert again.code == 0 and again.out == text


def test_limits():
    run = patiens("golf", "solve", "--seed", "4", "--wrap", "--max-nodes", "50", "--json")
    assert run.code == 3 and run.json()["proven"] is False


GOOD = GolfDeal.from_seed(7).to_pysol()


@pytest.mark.parametrize("text, words", [
    ("nonsense here\n", ["line 1"]),
    (GOOD.replace("Talon: ", "Talon: QX "), ["unknown card"]),
    (GOOD.replace("Foundations: ", "Foundations: 2C 3C "), ["one card"]),
    (GOOD.replace("Talon: " + GOOD.split()[1] + " ", "Talon: "), ["51 cards", "missing"]),
    (GOOD.replace("Talon: ", "Talon: " + GOOD.split()[2] + " "), ["duplicated"]),
    (GOOD.replace("Talon: ", "Talon: JK "), ["joker"]),
    ("\n".join(GOOD.splitlines()[:-1]) + "\n", ["7 columns"]),
    (GOOD.replace("Foundations:", "Foundationz:"), ["unknown line"]),
])
def test_bad_deals(text, words):
    assert_one_line_error(patiens("golf", "solve", "-", stdin=text), *words)


def test_bad_options():
    assert_one_line_error(patiens("golf", "solve", "--seed", "1", "--wrap", "--king-on-ace-stop"), "king-on-ace-stop")
    assert_one_line_error(patiens("golf", "solve", "--seed", "1", "--jokers", "3"), "jokers")
    assert_one_line_error(patiens("golf", "solve", "--pysol", "1", "--jokers", "1"), "pysolfc")
    assert_one_line_error(patiens("golf", "game", "--seed", "1", "--pysol", "1"), "one of them")
    assert_one_line_error(patiens("golf", "replay", "--seed", "1", "1 Z"), "unknown token")


def test_threads_option():
    """One thread: the same line and node count every run; more: the same score."""
    one = [patiens("golf", "solve", "--seed", "5", "--wrap", "--threads", "1", "--json").json() for _ in range(2)]
    assert one[0]["line"] == one[1]["line"] and one[0]["stats"]["nodes"] == one[1]["stats"]["nodes"]
    assert one[0]["stats"]["threads"] == 1
    two = patiens("golf", "solve", "--seed", "5", "--wrap", "--threads", "2", "--json").json()
    assert two["best_score"] == one[0]["best_score"] and two["proven"]
    text = patiens("golf", "solve", "--seed", "5", "--wrap", "--threads", "2").out
    assert "Search:" in text
    assert_one_line_error(patiens("golf", "solve", "--seed", "5", "--threads", "-1"), "--threads")


def test_solve_after_a_line_continues_it():
    """From the position the first 10 moves of a best line reach, the best is the
    same, and the two lines together replay (by the referee) to it from the deal."""
    best = patiens("golf", "solve", "--seed", "1", "--json").json()
    start = " ".join(best["line"][:10])
    out = patiens("golf", "solve", "--seed", "1", "--after", start, "--json").json()
    assert out["proven"] and out["best_score"] == best["best_score"] and out["source"] == "seed 1 after 10 moves"
    deal = GolfDeal.from_seed(1)
    moves = [m.column for m in parse_line(start + " " + " ".join(out["line"]), 7)]
    assert ref.replay(deal.columns, deal.stock, deal.base, moves) == out["best_score"]
    assert_one_line_error(patiens("golf", "solve", "--seed", "1", "--after", "S 1"), "move 2 (1) is illegal")


def test_hint_for_a_hole_in_progress_knows_only_the_cards_turned():
    out = patiens("golf", "hint", "--seed", "1", "--after", "S 4 3 6 2 S 2", "--json", "--samples", "8").json()
    deal = GolfDeal.from_seed(1)
    assert out["unknown"] == len(deal.stock) - 2 and out["moves"]
    assert_one_line_error(patiens("golf", "hint", "--seed", "1"), "--after")


def test_boards_along_a_line():
    run = patiens("golf", "replay", "--seed", "1", "S 4 3", "--board")
    assert run.code == 0
    boards = [b for b in run.out.split("After move ") if b.strip()]
    assert [b.splitlines()[0] for b in boards[:3]] == ["1 (S):", "2 (4):", "3 (3):"]
    assert "Stock 15   Waste 6C (4)   Tableau 33   score 33" in boards[2]
    run = patiens("golf", "solve", "--seed", "1", "--board", "--every", "20")
    assert [line for line in run.out.splitlines() if line.startswith("After move ")] == \
        ["After move 20 (3):", "After move 40 (6):", "After move 43 (4):"]
