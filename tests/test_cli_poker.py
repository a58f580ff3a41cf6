"""`patiens poker` as a user runs it."""
import json

import pytest

from clihelp import assert_one_line_error, patiens
from solver.cards import parse_card
from solver.poker import PokerRules, adjacency_ok, score_grid


def test_solve_json():
    out = patiens("poker", "solve", "--seed", "5", "--json").json()
    for key in ("score", "proven", "grid", "hands", "bound", "stats", "rules"):
        assert key in out
    assert out["proven"] and out["bound"] == out["score"]
    grid = [[parse_card(c) for c in row] for row in out["grid"]]
    assert sum(h.points for h in score_grid(grid, PokerRules.make("english"))) == out["score"]


def test_solve_text_draws_the_grid():
    run = patiens("poker", "solve", "--seed", "5", "--table", "american")
    assert run.code == 0 and "row 1" in run.out and "column 5" in run.out and "proven optimal" in run.out


def test_score_shows_the_gap():
    best = patiens("poker", "solve", "--seed", "5", "--json").json()
    cards = [c for row in best["grid"] for c in row]
    worse = cards[1:] + cards[:1]  # the same cards, shifted: a worse grid
    out = patiens("poker", "score", "--grid", " ".join(worse), "--seed", "5", "--json").json()
    assert out["best"] == best["score"] and out["gap"] == best["score"] - out["score"] >= 0
    text = patiens("poker", "score", "--grid", " ".join(worse), "--seed", "5")
    assert f"the best was {best['score']}" in text.out


def test_custom_table_file_and_cards(tmp_path):
    table = tmp_path / "table.json"
    table.write_text(json.dumps({"pair": -3, "two pair": 9, "flush": 40, "straight": -10}))
    cards = "AS KD QC JH TS 9D 8C 7H 6S 5D 4C 3H 2S AD KC QH JS TD 9C 8H 7S 6D 5C 4H 3S"
    out = patiens("poker", "solve", "--cards", cards, "--table-file", str(table), "--json").json()
    assert out["proven"] and out["rules"]["points"]["pair"] == -3


@pytest.mark.parametrize("variant", [["--diagonals"], [], ["--adjacent"], ["--joker", "--discards", "5"]])
def test_a_timeout_still_brings_a_grid_as_json(variant):
    """Whatever the machine's speed, a stopped search prints JSON with a legal grid:
    CP-SAT's best, or the greedy placement when CP-SAT had none yet; its score is the
    grid's own, and the bound is one no grid beats (exit 3), or the grid is proven (0)."""
    rules = PokerRules.make("english", diagonals="--diagonals" in variant, adjacent="--adjacent" in variant,
                            joker="--joker" in variant, discards=5 if "--discards" in variant else 0)
    run = patiens("poker", "solve", "--seed", "2", "--timeout", "0.01", *variant, "--json")
    out = run.json()
    assert run.code == (0 if out["proven"] else 3)
    grid = [[parse_card(c) for c in row] for row in out["grid"]]
    assert sum(h.points for h in score_grid(grid, rules)) == out["score"] <= out["bound"]
    placed = [(parse_card(p["card"]), p["row"] - 1, p["column"] - 1) for p in out["placement"]]
    assert len(placed) == 25 and (not rules.adjacent or adjacency_ok(placed))
    assert out["stop_reason"] == ("complete" if out["proven"] else "timeout")


@pytest.mark.parametrize("args, words", [
    (["--cards", "AS KD"], ["25 cards"]),
    (["--cards", "AS " * 25], ["duplicated"]),
    (["--cards", "XX " * 25], ["unknown card"]),
    (["--seed", "1", "--table", "german"], ["table"]),
    (["--seed", "1", "--discards", "3"], ["discards"]),
    (["--seed", "1", "--rows-only", "--diagonals"], ["rows-only"]),
    (["--seed", "1", "--pysol", "1"], ["one way"]),
    (["--seed", "1", "--table-file", "/no/such.json"], ["no such file"]),
])
def test_bad_input(args, words):
    assert_one_line_error(patiens("poker", "solve", *args), *words)


def test_points_too_large_for_the_solver(tmp_path):
    """Points that could overflow CP-SAT's sums are refused up front (CP-SAT used to call
    the model invalid, which read as a timeout)."""
    table = tmp_path / "huge.json"
    table.write_text(json.dumps({"pair": 10 ** 18}))
    assert_one_line_error(patiens("poker", "solve", "--seed", "1", "--table-file", str(table)), "pair", "between")


def test_bad_grid():
    assert_one_line_error(patiens("poker", "score", "--grid", "AS KD"), "25 cards")


def test_boards_fill_the_grid_in_the_order_turned():
    run = patiens("poker", "solve", "--seed", "1", "--board", "--every", "5", "--workers", "1")
    assert run.code == 0
    heads = [line for line in run.out.splitlines() if line.startswith("After move ")]
    assert [h.split(" (")[0] for h in heads] == [f"After move {n}" for n in (5, 10, 15, 20, 25)]
    first = run.out.split("After move 5")[1].split("After move 10")[0]
    assert sum(line.count("--") for line in first.splitlines() if line.startswith("  row")) == 20
