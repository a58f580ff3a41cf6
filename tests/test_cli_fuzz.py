"""The command line fuzzed: command lines built from each command's own options.

Every option of every command gets values of its type and the values that break
tools (huge, negative, zero, nan, inf, empty, unicode, a binary file, a folder,
/dev/full, /dev/zero, a file past any deal's size, a path in no folder).  Whatever
the line, `patiens` must end with a status that means something (0, 2, 3 or 130,
never 1: an internal error is a bug), print no traceback, give one line of error
for bad input, print JSON that parses when --json was given, and leave no process
behind.  The searches are kept short: a --timeout and --max-nodes are added where
the line has none that is valid, so each case takes about a second.
"""
import json
import os
import signal
import subprocess
import time

import click
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli.main import cli
from clihelp import PATIENS
from conftest import scaled

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(os.path.dirname(HERE), "deals", "examples")
ALLOWED_EXITS = {0, 2, 3, 130}


def leaf_commands():
    """(path, command) of every command that does work, e.g. (("klondike", "solve"), ...)."""
    out = []

    def walk(group, path):
        ctx = click.Context(group)
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            if isinstance(command, click.Group):
                walk(command, path + (name,))
            else:
                out.append((path + (name,), command))

    walk(cli, ())
    return out


COMMANDS = leaf_commands()


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """Files whose names the fuzz puts where a path goes."""
    d = tmp_path_factory.mktemp("fuzz")
    binary = d / "binary.bin"
    binary.write_bytes(bytes(range(256)) * 4)
    big = d / "big.txt"
    big.write_bytes(b"AS " * 400_000)  # past a deal file's 1 MB
    bad_json = d / "bad.json"
    bad_json.write_text('{"pair": "many", ')
    folder = d / "folder"
    folder.mkdir()
    (folder / "deal.txt").write_text(open(os.path.join(EXAMPLES, "klondike.txt")).read())
    (folder / "broken.txt").write_bytes(b"\xff\xfe")
    results = d / "results.jsonl"
    subprocess.run(PATIENS + ["analyse", "golf", "--seeds", "1-3", "--out", str(results), "--quiet"], check=True,
                   capture_output=True)
    return {
        "examples": [os.path.join(EXAMPLES, f) for f in sorted(os.listdir(EXAMPLES))],
        "special": ["/dev/null", "/dev/full", "/dev/zero", str(binary), str(big), str(bad_json), str(folder),
                    str(d / "nodir" / "x.txt"), "", "ünï😀.txt", "-"],
        "out": ["/dev/full", str(folder), str(d / "nodir" / "o.jsonl"), str(d / "plot.txt"), "/dev/stdout", ""],
        "valid_out": [str(d / "out.jsonl"), str(d / "out.csv"), "-", str(d / "fresh.jsonl")],
        "valid_plot": str(d / "plot.png"),
        "results": str(results),
        "generated": str(d / "generated"),
        "dir": str(d),
    }


# Wild values by what an option takes: the ones that break tools.
INTS = st.sampled_from(["0", "-1", "-99999999999999999999", "99999999999999999999999", str(2**63), str(2**64),
                        "1e3", "abc", "", "٣", "0x10"])
FLOATS = st.sampled_from(["nan", "inf", "-inf", "-1", "0", "1e308", "abc", "", "1e-300"])
MEMORY = st.sampled_from(["1K", "0", "-5M", "99999999999999999999G", "1.5Q", "nan", "12", "inf", "", "1e999M"])
RANGES = st.sampled_from(["", "a-b", "3-1", "0-99999999999", "-5", "1-10000000000", "18446744073709551615",
                          "18446744073709551616", "1,,2", "٣-٤", "1-2-3"])
TEXT = st.sampled_from(["", " ", "ünï😀", "AS KD", "AS " * 25, "JK " * 25, "DR99999999999999999999", "x" * 5000,
                        "S 1 2 3", "DR W5 DR2 W1", "1F 2F RD DR FH3", "Talon: AS", "DR" + "9" * 5000])
SCHEDULERS = st.sampled_from(["foo", "http://127.0.0.1:8786", "tcp://127.0.0.1:1", "", "tcp://:8786",
                              "tcp://127.0.0.1:99999", "tls://[::1", "127.0.0.1:1"])

# Valid values, kept small so that an accepted line ends soon.
ORDER = "AS KD QC JH TS 9D 8C 7H 6S 5D 4C 3H 2S AD KC QH JS TD 9C 8H 7S 6D 5C 4H 3S"
VALID = {
    "seed": st.integers(0, 10**6).map(str), "pysol": st.integers(1, 40000).map(str),
    "ks_game": st.integers(0, 10**6).map(str), "greenfelt": st.integers(0, 2**32 - 1).map(str),
    "seeds": st.sampled_from(["1-3", "5", "1-2,4"]), "pysol_range": st.sampled_from(["1-2", "31999-32001"]),
    "max_nodes": st.sampled_from(["1", "1000", "50000"]), "timeout": st.sampled_from(["0.5", "2"]),
    "max_memory": st.sampled_from(["64K", "1M", "256M"]), "threads": st.sampled_from(["0", "1", "2", "14"]),
    "workers": st.sampled_from(["0", "1", "2"]), "chunk_size": st.sampled_from(["1", "5"]),
    "passes": st.sampled_from(["1", "3", "unlimited"]), "bonus": st.sampled_from(["0", "500"]),
    "count": st.sampled_from(["1", "2"]), "budget": st.sampled_from(["1", "4"]),
    "start": st.integers(0, 10**4).map(str),
    "measure_seed": st.integers(0, 99).map(str), "playouts": st.sampled_from(["1", "20"]),
    "max_foundation_le": st.integers(0, 52).map(str), "max_foundation_ge": st.integers(0, 52).map(str),
    "score_le": st.integers(-20, 40).map(str), "score_ge": st.integers(-20, 40).map(str),
    "spare_stock_le": st.integers(0, 5).map(str), "optimum_le": st.integers(0, 300).map(str),
    "optimum_ge": st.integers(0, 120).map(str), "gap_ge": st.integers(0, 60).map(str),
    "jokers": st.sampled_from(["0", "1", "2"]), "decks": st.sampled_from(["1", "2"]),
    "cards": st.just(ORDER), "grid_text": st.just(ORDER),
}


# The options that name the deal (the base line has one: a second is mostly a mistake).
SOURCES = {"seed", "pysol", "ks_game", "greenfelt", "cards", "grid_text", "seeds", "pysol_range", "deals"}


def valid_value(option: click.Option, files) -> st.SearchStrategy:
    name = option.name
    if name in VALID:
        return VALID[name]
    if isinstance(option.type, click.Choice):
        return st.sampled_from(list(option.type.choices))
    if name == "table_file":
        return st.just(os.path.join(EXAMPLES, "table.json"))
    if name == "deals":
        return st.sampled_from([EXAMPLES, os.path.join(EXAMPLES, "klondike.txt")])
    if name == "out":
        return st.sampled_from(files["valid_out"])
    if name == "plot":
        return st.just(files["valid_plot"])
    return TEXT


def wild_value(option: click.Option, files) -> st.SearchStrategy:
    name, kind = option.name, option.type
    if name in ("out", "plot"):
        return st.sampled_from(files["out"])
    if name == "scheduler":
        return SCHEDULERS
    if name in ("seeds", "pysol_range"):
        return RANGES
    if name in ("deals", "table_file"):
        return st.sampled_from(files["special"])
    if name == "timeout":
        return FLOATS
    if name == "max_memory":
        return MEMORY
    if isinstance(kind, click.Choice):
        return st.sampled_from(["", "nonsense", "ÜNI"])
    if isinstance(kind, (click.types.IntParamType, click.IntRange)):
        return INTS
    return TEXT


def base_line(path, files, draw) -> list:
    """A valid start for the command: its deal source and required options."""
    game = path[-1] if path[0] in ("analyse", "generate") else path[0]
    if path[0] == "analyse" and path[1] == "summarize":
        return [files["results"]]
    if path[0] == "analyse":
        return ["--seeds", draw(VALID["seeds"]), "--out", draw(st.sampled_from(files["valid_out"]))]
    if path[0] == "generate":
        return ["--out", files["generated"], "--count", "1"]
    source = draw(st.sampled_from(["seed", "file", "wild"]))
    if path[1] == "score":
        return ["--grid", ORDER] + (["--seed", draw(VALID["seed"])] if source == "seed" else [])
    if source == "seed":
        line = ["--seed", draw(VALID["seed"])]
    elif source == "file":
        line = [os.path.join(EXAMPLES, {"klondike": "klondike.txt", "golf": "golf.txt"}.get(game, "poker-order.txt"))]
    else:
        line = [draw(st.sampled_from(files["special"] + files["examples"]))]
    if path[1] == "replay":
        line.append(draw(TEXT | st.sampled_from(["DR W5 DR2 W1", "S S 1 1 3", "DR RD", "DR40"])))
    if path[1] == "game" and source != "seed":
        line = ["--seed", draw(VALID["seed"])] if source == "file" else line * draw(st.sampled_from([1, 9]))
    return line


@st.composite
def command_lines(draw, files):
    path, command = draw(st.sampled_from(COMMANDS))
    args = list(path) + base_line(path, files, draw)
    given = set()
    for param in command.params:
        if isinstance(param, click.Argument) or param.name == "help" or param.opts[0] in args:
            continue
        if draw(st.integers(0, 3)) != 0:  # about a quarter of the options
            continue
        if param.name in SOURCES and draw(st.integers(0, 4)) != 0:  # the line has its deal already
            continue
        flag = param.opts[0]
        if param.is_flag:
            on = draw(st.booleans())
            args.append(param.secondary_opts[0] if param.secondary_opts and not on else flag)
        else:  # mostly valid: a wild value breaks the line at once, and hides the rest of it
            wild = draw(st.integers(0, 4)) == 0
            args += [flag, draw(wild_value(param, files) if wild else valid_value(param, files))]
        given.add(param.name)
    return args, len(path), command, given


def bounded(args, depth, command, given):
    """The line with a time and node limit where it can take one and has none, so that
    no case searches for long (a limit the fuzz gave, valid or not, stays: the last
    occurrence of an option wins, and these go first)."""
    names = {p.name for p in command.params}
    extra = []
    if "timeout" in names:
        extra += ["--timeout", "3"]
    if "max_nodes" in names:
        extra += ["--max-nodes", "50000"]
    if "quiet" in names:
        extra.append("--quiet")
    if "budget" in names and "budget" not in given:
        extra += ["--budget", "6"]
    return args[:depth] + extra + args[depth:]


def run_case(args, cwd):
    process = subprocess.Popen(PATIENS + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                               cwd=cwd, start_new_session=True)
    try:
        out, err = process.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise AssertionError(f"hung: {args}")
    left = _left_running(process.pid)
    return process.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), left


def _left_running(group: int) -> bool:
    """Whether any process of the case's process group is still alive a moment after
    it ended (workers that outlive their run)."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return False
        time.sleep(0.1)
    os.killpg(group, signal.SIGKILL)
    return True


def check(args, code, out, err, left):
    shown = " ".join(args)
    assert code in ALLOWED_EXITS, (shown, code, err[-2000:])
    assert "Traceback" not in err + out, (shown, err[-3000:])
    assert not left, f"a process outlived: {shown}"
    if code == 2:
        lines = [line for line in err.splitlines() if line.strip()]
        assert len(lines) == 1 or (args[:2] in (["klondike", "replay"], ["golf", "replay"])), (shown, err)
    if "--json" in args and out.strip():
        if "-" in args and args[args.index("-") - 1] == "--out":
            for line in out.splitlines():
                if line.strip():
                    json.loads(line)
        else:
            json.loads(out)


@pytest.mark.parametrize("seed", [0])
def test_fuzz_the_command_line(files, seed):
    # Derandomized: CI meets the same cases every run (HYPOTHESIS_PROFILE=thorough
    # runs ten times as many).
    @settings(max_examples=scaled(60), derandomize=os.environ.get("HYPOTHESIS_PROFILE") != "thorough", deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(case=command_lines(files))
    def fuzz(case):
        args = bounded(*case)
        code, out, err, left = run_case(args, files["dir"])
        check(args, code, out, err, left)

    fuzz()


def test_every_command_is_fuzzed():
    """The harness finds every command that does work (a new one is fuzzed too)."""
    paths = {" ".join(path) for path, _ in COMMANDS}
    assert {"klondike solve", "klondike replay", "golf game", "poker score", "analyse klondike",
            "analyse summarize", "generate poker"} <= paths
