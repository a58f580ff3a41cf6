"""Files with their inside fuzzed: JSON deals and Poker orders with any part replaced by
any JSON value, the hints' position texts with any token or line replaced, dropped or
doubled, and results files with any field of a record replaced.  A deal read writes
itself back and reads again the same, a results file is summed up, or the input is
refused in one line (exit 2 at the command line); never another exception (an internal
error).  The command-line fuzz (test_cli_fuzz.py) varies the options."""
import json
import os

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli.main import cli
from conftest import scaled
from solver.cards import card_str
from solver.errors import DealError
from solver.golf import GolfDeal, GolfRules
from solver.golf.real import GolfView
from solver.golf.real import parse_position as golf_position
from solver.klondike import KlondikeDeal, make_rules, solvitaire
from solver.klondike.real import KlondikeView, parse_position, seen_in
from solver.poker.deal import order_from_seed, parse_order
from solver.poker.rules import PokerRules

# The suite replays the same examples on every run (a failure is one to reproduce); the
# thorough profile explores new ones.
REPLAY = os.environ.get("HYPOTHESIS_PROFILE") != "thorough"

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=False) |
    st.sampled_from(["", "??", "AS", "10h", "JK", "-", "X", "klondike", "golf", "KC QD"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["up", "down", "C", "cards"]), inner,
                                                              max_size=3),
    max_leaves=8)


def places(value, path=()):
    """Every place in a JSON value: the paths of its items, and the value itself."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from places(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from places(item, path + (i,))


def replaced(value, path, new):
    if not path:
        return new
    out = json.loads(json.dumps(value))
    holder = out
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = new
    return out


def mutate(deal: dict, data) -> dict:
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(list(places(deal))))
        deal = replaced(deal, path, data.draw(JSON_VALUES))
    return deal


def read_or_refuse(read, text: str, write=lambda deal: json.dumps(deal.to_json())) -> None:
    """A deal read is written back (`write`: as text) and read again to the same; a
    refusal is one line."""
    try:
        deal = read(text)
    except DealError as e:
        assert str(e) and "\n" not in str(e), str(e)
    else:
        assert write(read(write(deal))) == write(deal)


@settings(max_examples=scaled(300), derandomize=REPLAY)
@given(st.data())
def test_a_klondike_json_deal_with_any_part_replaced_reads_or_is_refused(data):
    text = json.dumps(mutate(KlondikeDeal.from_seed(5).to_json(), data))
    read_or_refuse(KlondikeDeal.parse, text)


@settings(max_examples=scaled(300), derandomize=REPLAY)
@given(st.data())
def test_a_golf_json_deal_with_any_part_replaced_reads_or_is_refused(data):
    text = json.dumps(mutate(GolfDeal.from_seed(3).to_json(), data))
    read_or_refuse(lambda t: GolfDeal.parse(t, GolfRules()), text)


@settings(max_examples=scaled(300), derandomize=REPLAY)
@given(st.data())
def test_a_poker_json_order_with_any_part_replaced_reads_or_is_refused(data):
    rules = PokerRules.make()
    order = {"cards": [card_str(c) for c in order_from_seed(4, rules)]}
    read_or_refuse(lambda t: parse_order(t, rules), json.dumps(mutate(order, data)),
                   write=lambda cards: json.dumps({"cards": [card_str(c) for c in cards]}))


@settings(max_examples=scaled(300), derandomize=REPLAY)
@given(st.data())
def test_a_solvitaire_json_deal_with_any_part_replaced_reads_or_is_refused(data):
    text = json.dumps(mutate(solvitaire.write(KlondikeDeal.from_seed(5)), data))
    read_or_refuse(KlondikeDeal.parse, text, write=lambda deal: json.dumps(solvitaire.write(deal)))


# --- texts: the hints' positions, deals and orders, any token or line replaced -------

TOKENS = st.sampled_from(["??", "<??>", "<AS>", "AS", "KH", "10d", "JK", "-", ":", "Talon:", "Waste:", "Pass: 2",
                          "Foundations: H-5", "<", "??>", "", "x"])


def mutate_text(text: str, data) -> str:
    lines = text.split("\n")
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(lines) - 1))
        tokens = lines[i].split(" ")
        how = data.draw(st.sampled_from(["token", "line", "drop", "twice"]))
        if how == "token":
            tokens[data.draw(st.integers(0, len(tokens) - 1))] = data.draw(TOKENS)
            lines[i] = " ".join(tokens)
        elif how == "line":
            lines[i] = " ".join(data.draw(st.lists(TOKENS, max_size=4)))
        elif how == "drop":
            del lines[i]
        else:
            lines.insert(i, lines[i])
        if not lines:
            lines = [""]
    return "\n".join(lines)


@settings(max_examples=scaled(300), derandomize=REPLAY)
@given(st.data())
def test_a_klondike_position_with_any_token_replaced_reads_or_is_refused(data):
    rules = make_rules("casino")
    deal = KlondikeDeal.from_seed(9)
    text = mutate_text(KlondikeView.of(deal, rules, seen_in(deal)).position.to_pysol(), data)
    read_or_refuse(lambda t: parse_position(t, rules), text, write=lambda view: view.position.to_pysol())


def golf_text(view) -> str:
    """A Golf view in the position format that golf hint reads."""
    talon = " ".join("??" if c is None else card_str(c) for c in view.stock)
    return "\n".join([f"Talon: {talon}", "Waste: " + " ".join(card_str(c) for c in view.waste)] +
                     [": " + " ".join(card_str(c) for c in col) for col in view.columns])


@settings(max_examples=scaled(300), derandomize=REPLAY)
@given(st.data())
def test_a_golf_position_with_any_token_replaced_reads_or_is_refused(data):
    text = golf_text(GolfView.of_deal(GolfDeal.from_seed(3)))
    read_or_refuse(lambda t: golf_position(t, GolfRules()), mutate_text(text, data),
                   write=golf_text)


@settings(max_examples=scaled(300), derandomize=REPLAY)
@given(st.data())
def test_a_golf_deal_text_with_any_token_replaced_reads_or_is_refused(data):
    text = mutate_text(GolfDeal.from_seed(3).to_pysol(), data)
    read_or_refuse(lambda t: GolfDeal.parse(t, GolfRules()), text, write=lambda deal: deal.to_pysol())


@settings(max_examples=scaled(300), derandomize=REPLAY)
@given(st.data())
def test_a_klondike_deal_text_with_any_token_replaced_reads_or_is_refused(data):
    text = mutate_text(KlondikeDeal.from_seed(5).to_pysol(), data)
    read_or_refuse(KlondikeDeal.parse, text, write=lambda deal: deal.to_pysol())


@settings(max_examples=scaled(300), derandomize=REPLAY)
@given(st.data())
def test_a_poker_order_text_with_any_token_replaced_reads_or_is_refused(data):
    rules = PokerRules.make()
    text = mutate_text(" ".join(card_str(c) for c in order_from_seed(4, rules)) + "\n", data)
    read_or_refuse(lambda t: parse_order(t, rules), text, write=lambda cards: " ".join(card_str(c) for c in cards))


# --- results files: any field of a record replaced ------------------------------------

@pytest.fixture(scope="module")
def result_lines(tmp_path_factory):
    """Record lines of three batches: Klondike, a Golf player's, Poker."""
    folder = tmp_path_factory.mktemp("results")
    lines = []
    for args in (["klondike", "--seeds", "1-2"], ["golf", "--seeds", "1-2", "--player", "greedy"],
                 ["poker", "--seeds", "1-2", "--timeout", "5"]):
        out = folder / f"{args[0]}.jsonl"
        assert CliRunner().invoke(cli, ["analyse", *args, "--out", str(out), "--quiet"]).exit_code == 0
        lines.append(out.read_text().splitlines())
    return lines


@settings(max_examples=scaled(300), derandomize=REPLAY,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.data())
def test_a_results_file_with_any_field_replaced_is_summed_up_or_refused(result_lines, tmp_path, data):
    lines = list(data.draw(st.sampled_from(result_lines)))
    which = data.draw(st.integers(0, 1))  # (a broken last line is cut off: the first is refused)
    lines[which] = json.dumps(mutate(json.loads(lines[which]), data))
    path = tmp_path / "r.jsonl"
    path.write_text("\n".join(lines) + "\n")
    run = CliRunner().invoke(cli, ["analyse", "summarize", str(path)])
    assert run.exit_code in (0, 2), (run.output, run.exception)
