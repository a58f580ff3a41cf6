"""What a user types that is wrong, odd or huge: one line and exit 2, checked before any
work; limits that mean what they say; files that cannot be deals refused at once."""
import json
import os
import subprocess
import sys
import tempfile

import pytest

from clihelp import PATIENS, assert_one_line_error, patiens

EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "deals", "examples")


@pytest.mark.parametrize("game", [["klondike", "solve", "--seed", "1"], ["golf", "solve", "--seed", "1"],
                                  ["golf", "game", "--seed", "1"]])
@pytest.mark.parametrize("option, value, words", [
    ("--max-nodes", "99999999999999999999999", ["--max-nodes", "range"]),
    ("--max-memory", "99999999999999999999G", ["--max-memory", "machine's memory"]),
    ("--max-memory", "1K", ["--max-memory", "least"]),
    ("--max-memory", "nanM", ["--max-memory", "not understood"]),
    ("--timeout", "nan", ["--timeout", "not nan"]),
    ("--timeout", "inf", ["--timeout", "not inf"]),
    ("--timeout", "-1", ["--timeout"]),
    ("--threads", "1000", ["--threads", "range"]),
])
def test_limits_out_of_range_are_one_line(game, option, value, words):
    assert_one_line_error(patiens(*game, option, value), *words)


def test_poker_limits_out_of_range_are_one_line():
    assert_one_line_error(patiens("poker", "solve", "--seed", "1", "--timeout", "nan"), "--timeout", "nan")
    assert_one_line_error(patiens("poker", "solve", "--seed", "1", "--workers", "99999999999"), "--workers")


def test_a_batch_with_a_bad_limit_starts_no_work(tmp_path):
    """The limit is refused before the first deal: no results file, no error records."""
    out = tmp_path / "b.jsonl"
    run = patiens("analyse", "klondike", "--seeds", "1-3", "--out", out, "--max-nodes", "99999999999999999999999")
    assert_one_line_error(run, "--max-nodes")
    assert not out.exists()


def test_passes_zero_is_refused_not_unlimited():
    assert_one_line_error(patiens("klondike", "solve", "--seed", "1", "--passes", "0"), "passes", "1..999")
    unlimited = patiens("klondike", "solve", "--seed", "1", "--passes", "unlimited", "--json").json()
    assert unlimited["rules"]["passes"] == "unlimited"


def test_replay_counts_moves_as_written():
    """DR1000 is one move of the text (the third), and draws past a stock's size are
    refused as written, before a list of that many draws is built."""
    run = patiens("klondike", "replay", "--seed", "1", "DR W5 DR40")
    assert run.code == 2 and "Illegal move 3 (DR40, draw 24 of 40): the stock is empty" in run.out
    out = patiens("klondike", "replay", "--seed", "1", "--json", "DR W5 DR40").json()
    assert (out["moves_played"], out["error_move"], out["error_token"]) == (2, 3, "DR40")
    assert_one_line_error(patiens("klondike", "replay", "--seed", "1", "DR W5 DR2 W1 DR2 WF DR99999999999999999999"),
                          "move 7", "at most DR52")
    golf = patiens("golf", "replay", "--seed", "3", "--json", "S S 1 4").json()
    assert (golf["moves_played"], golf["error_move"], golf["error_token"]) == (3, 4, "4")


def test_replay_explain_under_draw_three_says_cards_a_draw():
    run = patiens("klondike", "replay", "--seed", "1", "--mode", "vegas", "--explain", "DR2")
    assert run.code == 0 and "Draw from the stock 2 times (3 cards a draw)" in run.out


def test_golf_replay_explain():
    run = patiens("golf", "replay", "--seed", "3", "--explain", "S S 1")
    assert run.code == 0 and "1. Turn" in run.out and "3. Play" in run.out


def test_golf_game_range_names_what_was_typed():
    run = patiens("golf", "game", "--pysol", "99999999999999999999")
    assert_one_line_error(run, "--pysol", "99999999999999999999")
    assert "100000000000000000000" not in run.err


def test_a_binary_table_file_is_one_line(tmp_path):
    table = tmp_path / "t.json"
    table.write_bytes(bytes(range(256)))
    assert_one_line_error(patiens("poker", "solve", "--seed", "1", "--table-file", table), "not a text file")


def test_a_huge_deal_file_is_refused_at_once(tmp_path):
    big = tmp_path / "big.txt"
    big.write_bytes(b"AS " * 1_000_000)
    for game in ("klondike", "golf", "poker"):
        assert_one_line_error(patiens(game, "solve", big), "larger than 1 MB")
    assert_one_line_error(patiens("klondike", "solve", "/dev/zero"), "larger than 1 MB")


@pytest.mark.parametrize("game, other, hint", [("klondike", "golf.txt", "Golf deal"),
                                               ("golf", "klondike.txt", "Klondike deal"),
                                               ("poker", "klondike.txt", "Klondike deal"),
                                               ("klondike", "poker-order.txt", "Poker Squares card order")])
def test_another_games_deal_is_named(game, other, hint):
    assert_one_line_error(patiens(game, "solve", os.path.join(EXAMPLES, other)), hint, f"patiens {other[:4]}")


def test_bhs_format_says_unsolved_or_intractable_without_moves():
    unsolved = patiens("golf", "solve", "--seed", "1", "--format", "bhs")
    assert unsolved.code == 0 and unsolved.out.split() == ["Unsolved!"]
    stopped = patiens("golf", "solve", "--seed", "1", "--format", "bhs", "--max-nodes", "1")
    assert stopped.code == 3 and stopped.out.split() == ["Intractable!"]


# --- batches ---------------------------------------------------------------------------


@pytest.mark.parametrize("out, words", [("/dev/full", ["not a regular file"]), ("nodir/x.jsonl", ["no such folder"]),
                                        (".", ["directory"])])
def test_results_file_must_be_a_regular_file(tmp_path, out, words):
    run = subprocess.run(PATIENS + ["analyse", "golf", "--seeds", "1-2", "--out", out, "--quiet"],
                         capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert all(w in run.stderr for w in words), run.stderr


def test_results_to_standard_output(tmp_path):
    run = patiens("analyse", "golf", "--seeds", "1-3", "--out", "-", "--quiet", "--json")
    records = [json.loads(line) for line in run.out.splitlines()]
    assert run.code == 0 and [r["id"] for r in sorted(records, key=lambda r: r["n"])] == ["seed:1", "seed:2", "seed:3"]
    assert json.loads(run.err)["deals"] == 3  # the summary went to standard error


@pytest.mark.parametrize("plot", ["plot.txt", "nodir/p.png"])
def test_plot_name_is_checked_before_the_batch(tmp_path, plot):
    out = tmp_path / "p.jsonl"
    run = subprocess.run(PATIENS + ["analyse", "golf", "--seeds", "1-2", "--out", str(out), "--plot", plot],
                         capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert run.returncode == 2 and "plot" in run.stderr and not out.exists()


@pytest.mark.parametrize("address, words", [("foo", ["not a scheduler address"]),
                                            ("tls://[::1", ["not a scheduler address"]),
                                            ("http://127.0.0.1:8786", ["web address"]),
                                            ("tcp://127.0.0.1:1", ["no Dask scheduler answers"])])
def test_scheduler_address_is_checked_at_once(tmp_path, address, words):
    run = patiens("analyse", "golf", "--seeds", "1-2", "--out", tmp_path / "d.jsonl", "--scheduler", address,
                  timeout=30)
    assert_one_line_error(run, *words)


def test_retry_unproven_redoes_the_deals_a_limit_stopped(tmp_path):
    out = tmp_path / "k.jsonl"
    args = ["analyse", "klondike", "--seeds", "1-4", "--out", out, "--quiet", "--json"]
    first = patiens(*args, "--max-nodes", "100").json()
    assert first["not_proven"] > 0
    again = patiens(*args)
    assert again.code == 0 and again.json()["not_proven"] == first["not_proven"]  # plain resume: nothing redone
    retried = patiens(*args, "--retry-unproven")
    assert retried.code == 0 and retried.json()["not_proven"] == 0
    assert patiens("analyse", "summarize", out, "--json").json()["not_proven"] == 0


def test_summarize_keeps_the_bonus_of_the_run(tmp_path):
    out = tmp_path / "k.jsonl"
    run = patiens("analyse", "klondike", "--seeds", "1-3", "--out", out, "--quiet", "--json", "--bonus", "500")
    stats = run.json()
    assert stats["vegas"]["bonus"] == 500
    assert patiens("analyse", "summarize", out, "--json").json() == stats
    assert patiens("analyse", "summarize", out, "--json", "--bonus", "0").json()["vegas"]["bonus"] == 0


def test_deals_folder_with_subfolders_binary_files_and_an_index(tmp_path):
    """A folder is every deal file under it; generate's index.jsonl describes its deals
    and is no deal; a file that is no text becomes that deal's error record."""
    folder = tmp_path / "deals"
    (folder / "more").mkdir(parents=True)
    klondike = open(os.path.join(EXAMPLES, "klondike.txt")).read()
    (folder / "a.txt").write_text(klondike)
    (folder / "more" / "b.txt").write_text(klondike)
    (folder / "index.jsonl").write_text('{"id": "seed:17", "file": "a.txt", "seed": 17}\n')
    (folder / "picture.png").write_bytes(bytes(range(256)))
    run = patiens("analyse", "klondike", "--deals", folder, "--out", tmp_path / "r.jsonl", "--quiet", "--json")
    stats = run.json()
    assert run.code == 0 and stats["deals"] == 3 and stats["errors"] == 1
    assert "picture.png" in stats["error_examples"][0][0] and "not a text file" in stats["error_examples"][0][1]


def test_the_repository_deal_folder_is_a_batch(tmp_path):
    run = patiens("analyse", "klondike", "--deals", os.path.join(EXAMPLES, "..", "klondike", "hard"), "--out",
                  tmp_path / "h.jsonl", "--quiet", "--json")
    assert run.code == 0 and run.json()["deals"] == 8 and run.json()["errors"] == 0


def test_two_runs_on_one_results_file(tmp_path):
    """The second run says the file is taken and stops; the first goes on."""
    out = tmp_path / "l.jsonl"
    args = ["analyse", "klondike", "--seeds", "1-400", "--mode", "standard", "--out", str(out), "--quiet",
            "--workers", "1"]
    first = subprocess.Popen(PATIENS + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        while not out.exists() or out.stat().st_size == 0:  # the first run holds the lock once it wrote
            assert first.poll() is None, first.communicate()
        second = patiens(*args)
        assert_one_line_error(second, "another run is writing")
    finally:
        first.kill()
        first.communicate()


# --- generate --------------------------------------------------------------------------


@pytest.mark.parametrize("args, words", [
    (["klondike", "--max-foundation-le", "5", "--max-foundation-ge", "10"], ["max_foundation_le 5"]),
    (["klondike", "--winnable", "--max-foundation-le", "40"], ["winnable"]),
    (["klondike", "--needs-worry-back", "--no-worry-back"], ["worry"]),
    (["klondike", "--winnable-under", "app", "--unwinnable-under", "app"], ["app"]),
    (["golf", "--clearable", "--score-ge", "3"], ["cleared"]),
    (["golf", "--score-ge", "99"], ["above 35"]),
    (["poker", "--optimum-ge", "100000"], ["above 300"]),
])
def test_generate_refuses_constraints_no_deal_meets(tmp_path, args, words):
    run = patiens("generate", *args, "--count", "2", "--out", tmp_path / "g", "--quiet")
    assert_one_line_error(run, "no deal can meet", *words)


def test_generate_budget_bounds_a_first_count_search(tmp_path):
    run = patiens("generate", "golf", "--count", "3", "--score-le", "-12", "--budget", "5", "--out", tmp_path / "g",
                  "--quiet", "--json")
    out = run.json()
    assert run.code == 3 and out["examined"] == 5 and out["found"] < 3
    assert "within the budget of 5 seeds" in run.err


# --- start-up and Ctrl-C --------------------------------------------------------------


def test_klondike_and_golf_commands_do_not_load_or_tools():
    """OR-Tools (and pandas under it) cost about a second to import: only Poker needs them."""
    code = ("import sys; from cli.main import cli; import click; ctx = click.Context(cli); "
            "[cli.get_command(ctx, name) for name in cli.list_commands(ctx)]; "
            "from solver.klondike import solve; from solver.golf import solve; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('ortools', 'pandas', 'matplotlib')))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            cwd=tempfile.gettempdir()).stdout  # the installed package, not the checkout
    assert loaded.strip() == "[]"


# (A string where a list belongs was read a letter at a time; a number was an internal error.)
@pytest.mark.parametrize("game, change, words", [
    ("klondike", lambda d: d.update(stock=" ".join(d["stock"])), ["'stock' must be a list of cards"]),
    ("klondike", lambda d: d.update(waste="AS"), ["'waste' must be a list of cards"]),
    ("klondike", lambda d: d.update(waste=["??"], stock=d["stock"][1:]), ["'waste'", "every waste card has been seen"]),
    ("klondike", lambda d: d.update(stock=[5] + d["stock"][1:]), ["a card is written as text", "not 5"]),
    ("klondike", lambda d: d["columns"][0].update(up=[None]), ["a card is written as text", "not null"]),
    ("golf", lambda d: d.update(stock=" ".join(d["stock"])), ["'stock' a list of cards"]),
    ("golf", lambda d: d.update(columns=[" ".join(col) for col in d["columns"]]), ["'stock' a list of cards"]),
    ("golf", lambda d: d.update(base=7), ["a card is written as text", "not 7"]),
])
def test_a_json_deal_of_the_wrong_shape_is_one_line(tmp_path, game, change, words):
    deal = patiens(game, "show", "--seed", "5", "--format", "json").json()
    change(deal)
    path = tmp_path / "d.json"
    path.write_text(json.dumps(deal))
    assert_one_line_error(patiens(game, "solve", path), *words)
