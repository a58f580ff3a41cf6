"""`patiens klondike` as a user runs it: outputs, exit codes, bad input."""
import pytest

from clihelp import assert_one_line_error, patiens
from referee import klondike as ref
from solver.klondike import KlondikeDeal, make_rules, parse_line


def test_solve_json_fields_and_line_replays():
    run = patiens("klondike", "solve", "--seed", "1", "--json")
    assert run.code == 0
    out = run.json()
    for key in ("solvable", "max_foundation", "vegas_score", "proven", "line", "stats", "rules"):
        assert key in out
    assert out["vegas_score"] == 5 * out["max_foundation"] - 52 and out["proven"] is True
    deal = KlondikeDeal.from_seed(1)
    actions = [(int(a.kind), a.source, a.target, a.count) for a in parse_line(" ".join(out["line"]))]
    # count 0 means "the run that fits": let the referee find it
    start = ref.start(deal, 1)
    best = ref.home(start)
    pos = start
    for kind, s, t, _ in actions:
        for act, nxt in ref.successors(pos, 1, True):
            if act[:3] == (kind, s, t):
                pos = nxt
                break
        else:
            raise AssertionError(f"illegal {kind, s, t}")
        best = max(best, ref.home(pos))
    assert best == out["max_foundation"]


def test_solve_text_and_explain():
    run = patiens("klondike", "solve", "--seed", "1", "--explain")
    assert run.code == 0
    assert "Max foundation: 13 cards (proven maximum)" in run.out
    assert "Move AS from the waste to the foundation" in run.out


def test_limits_end_cleanly_not_proven():
    run = patiens("klondike", "solve", "--seed", "72", "--max-nodes", "20000", "--json")
    assert run.code == 3
    out = run.json()
    assert out["proven"] is False and out["stop_reason"] == "max-nodes" and out["line"]


@pytest.mark.parametrize("threads", ["1", "2"])
def test_a_full_table_forgets_and_the_answer_is_still_proven(threads):
    """Seed 72 needs a table of about 66 MB: under 8 MB the table forgets positions,
    on every thread asked for, and the search proves the same maximum (30) inside
    the budget."""
    run = patiens("klondike", "solve", "--seed", "72", "--max-memory", "8M", "--threads", threads, "--json")
    out = run.json()
    assert run.code == 0 and out["proven"] and out["max_foundation"] == 30
    assert out["stats"]["table_forgotten"] > 0 and out["stats"]["table_bytes"] <= 8 << 20
    assert out["stats"]["threads"] == int(threads)
    text = patiens("klondike", "solve", "--seed", "72", "--max-memory", "8M", "--threads", threads)
    assert text.code == 0 and "forgotten" in text.out


def test_a_tiny_table_ends_by_the_other_limits():
    """Under 1 MB forgetting makes the search slow: --max-nodes ends it, not proven."""
    run = patiens("klondike", "solve", "--seed", "72", "--max-memory", "1M", "--max-nodes", "3000000", "--json")
    out = run.json()
    assert run.code == 3 and out["stop_reason"] == "max-nodes" and not out["proven"]
    assert out["stats"]["table_bytes"] <= 1 << 20 and out["stats"]["table_forgotten"] > 0


def test_first_win():
    run = patiens("klondike", "solve", "--seed", "3", "--mode", "standard", "--first-win", "--json")
    assert run.code == 0 and run.json()["solvable"] is True


def test_show_round_trip_through_stdin():
    text = patiens("klondike", "show", "--pysol", "5", "--format", "pysol").out
    again = patiens("klondike", "show", "-", "--format", "pysol", stdin=text)
    assert again.code == 0 and again.out == text
    js = patiens("klondike", "show", "-", "--format", "json", stdin=text).out
    assert patiens("klondike", "show", "-", "--format", "pysol", stdin=js).out == text


def test_replay_reports_position_and_first_illegal_move():
    ok = patiens("klondike", "replay", "--seed", "1", "DR W5 DR2 W1 DR2 WF", "--json")
    assert ok.code == 0 and ok.json()["foundation"] == 1 and ok.json()["vegas_score"] == -47
    bad = patiens("klondike", "replay", "--seed", "1", "DR", "WF")
    assert bad.code == 2 and "Illegal move 2 (WF)" in bad.out


def test_help_states_the_worry_back_default():
    run = patiens("klondike", "solve", "--help")
    assert run.code == 0 and "worry-back" in run.out and "default: worry-back" in run.out.replace("\n", " ")


GOOD = KlondikeDeal.from_seed(7).to_pysol()


@pytest.mark.parametrize("text, words", [
    ("this is not a deal\n", ["line 1"]),
    (GOOD.replace("Talon: ", "Talon: XQ "), ["unknown card"]),
    (GOOD.replace("Talon: ", "Talon: 1S "), ["unknown rank"]),
    (GOOD.replace("Talon: ", "Talon: ZS "), ["unknown rank"]),
    ("\n".join(GOOD.splitlines()[:-1]) + "\n", ["7 columns"]),
    (GOOD.replace("Talon: " + GOOD.split()[1] + " ", "Talon: "), ["51 cards", "missing"]),
    (GOOD.replace("Talon: ", "Talon: " + GOOD.split()[2] + " "), ["duplicated"]),
    (GOOD.replace("Talon: " + GOOD.split()[1], "Talon: <" + GOOD.split()[1] + ">"), ["face down"]),
    (GOOD.splitlines()[0] + "\n<" + GOOD.splitlines()[1] + ">\n" + "\n".join(GOOD.splitlines()[2:]) + "\n",
     ["face down"]),
    ("{not json", ["json"]),
    ('{"game": "golf"}', ["golf"]),
    ("", ["empty"]),
])
def test_bad_deals_get_one_clear_line(text, words):
    assert_one_line_error(patiens("klondike", "solve", "-", stdin=text), *words)


def test_53_cards_is_named():
    text = GOOD.replace("\n", " AS\n", 1)  # one more card on the talon line (a duplicate: 53 cards)
    assert_one_line_error(patiens("klondike", "solve", "-", stdin=text), "duplicated")


def test_bad_options_and_sources():
    assert_one_line_error(patiens("klondike", "solve", "--seed", "1", "--frobnicate"), "no such option")
    assert_one_line_error(patiens("klondike", "solve", "--seed", "1", "--draw", "2"), "draw")
    assert_one_line_error(patiens("klondike", "solve", "--seed", "1", "--passes", "many"), "passes")
    assert_one_line_error(patiens("klondike", "solve"), "no deal")
    assert_one_line_error(patiens("klondike", "solve", "--seed", "1", "--pysol", "2"), "one deal source")
    assert_one_line_error(patiens("klondike", "solve", "/no/such/file"), "no such file")
    assert_one_line_error(patiens("klondike", "solve", "--seed", "1", "--max-memory", "lots"), "memory")
    assert_one_line_error(patiens("klondike", "replay", "--seed", "1", "DR Q9"), "unknown token")


def test_rules_reach_the_solver():
    rules = make_rules("vegas", worry_back=False)
    out = patiens("klondike", "solve", "--seed", "2", "--mode", "vegas", "--no-worry-back", "--json").json()
    assert out["rules"] == rules.to_json()


def test_the_board_is_drawn_as_on_the_table():
    """show: the columns downwards, the face-down cards as backs, letters when piped;
    replay --board: the table after every N moves, the last one the replay's own."""
    shown = patiens("klondike", "show", "--seed", "1")
    assert shown.code == 0 and "\033[" not in shown.out and shown.out.count("##") == 21
    assert "1    2    3    4    5    6    7" in shown.out
    run = patiens("klondike", "replay", "--seed", "1", "DR W5 DR2 W1 DR2", "--board", "--every", "2")
    assert run.code == 0, run.err
    blocks = run.out.split("After move ")[1:]
    assert [b.split(" ")[0] for b in blocks] == ["2", "4", "5"]
    last_board = blocks[-1].split("\n", 1)[1].strip().split("\n\n")[0]
    assert last_board in run.out.split("Klondike, seed 1\n", 1)[1]


def test_a_terminal_gets_suit_symbols_and_colours():
    """On a terminal (a pty here) cards show suit symbols, hearts and diamonds in red;
    NO_COLOR keeps the symbols without the colour; --plain keeps letters."""
    import os
    import pty
    import subprocess

    from clihelp import PATIENS

    def on_a_terminal(*args, env=None):
        leader, follower = pty.openpty()
        cmd = PATIENS + ["klondike", "show", "--seed", "1", *args]
        p = subprocess.run(cmd, stdout=follower, stderr=subprocess.PIPE, env=env, timeout=60)
        os.close(follower)
        out = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        os.close(leader)
        assert p.returncode == 0, p.stderr
        return out.decode()

    colourful = on_a_terminal()
    assert "7\u2666" in colourful and "\033[31m" in colourful
    plain_env = dict(os.environ, NO_COLOR="1")
    no_colour = on_a_terminal(env=plain_env)
    assert "7\u2666" in no_colour and "\033[" not in no_colour
    assert "7D" in on_a_terminal("--plain")
