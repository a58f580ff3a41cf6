"""The progress line of a long single solve: on stderr, only when it is a terminal,
written over in place and wiped at the end.  The searches run into a --timeout (a deal
that takes far longer on any machine), so a report is due whatever the speed."""
import io
import os
import pty
import subprocess

from cli.common import progress_line
from clihelp import PATIENS, patiens
from solver.limits import Limits

# 33960's maximum: 565 M nodes, about 160 s; the reports start at 2 s, so a busy machine
# has 4 s to give one
LONG = ["--pysol", "33960", "--mode", "standard", "--threads", "1", "--timeout", "6"]


def stderr_on_a_terminal(args):
    """(exit code, stdout, what a terminal on stderr received)."""
    master, slave = pty.openpty()
    process = subprocess.Popen(PATIENS + args, stdout=subprocess.PIPE, stderr=slave, stdin=subprocess.DEVNULL)
    os.close(slave)
    out = process.communicate(timeout=120)[0].decode()
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the other end is closed
            break
        if not chunk:
            break
        seen += chunk
    os.close(master)
    return process.returncode, out, seen.decode()


def test_a_long_solve_shows_its_progress_on_a_terminal():
    code, out, err = stderr_on_a_terminal(["klondike", "solve", *LONG])
    assert code == 3 and "NOT proven" in out
    reports = [r for r in err.split("\r") if r.strip()]
    assert reports and all(r.startswith("searching: ") and " nodes, best " in r for r in reports)
    assert "(at the start: at most " in reports[-1]
    assert err.endswith("\r") and not err.rstrip("\r").split("\r")[-1].strip()  # wiped at the end


def test_a_long_poker_solve_shows_its_progress_too():
    """CP-SAT far from a proof at 5 s on any machine (bound 320 against a best near 160
    at 8 s here): its best grid and bound, with no node count."""
    code, out, err = stderr_on_a_terminal(["poker", "solve", "--seed", "3", "--table", "american", "--diagonals",
                                           "--discards", "5", "--workers", "1", "--timeout", "5"])
    assert code == 3 and "NOT proven" in out
    reports = [r for r in err.split("\r") if r.strip()]
    assert reports and all(r.startswith("searching: best grid ") and ", none above " in r for r in reports)
    assert "nodes" not in err


def test_no_progress_when_stderr_is_not_a_terminal():
    run = patiens("klondike", "solve", *LONG)
    assert run.code == 3 and "searching" not in run.err


class FakeTerminal(io.StringIO):
    def isatty(self):
        return True


def test_the_progress_line_is_written_over_and_wiped():
    stream = FakeTerminal()
    with progress_line(Limits(), lambda best, bound: f"best {best} of {bound}", stream) as limits:
        limits.progress(1234567, 10, 52, 2.5)
        limits.progress(99, 11, 52, 2.75)
    shown = stream.getvalue().split("\r")
    assert shown[1] == "searching: 1,234,567 nodes, best 10 of 52, 2.5 s"
    assert shown[2].rstrip() == "searching: 99 nodes, best 11 of 52, 2.8 s" and len(shown[2]) == len(shown[1])
    assert shown[3].strip() == "" and shown[4] == ""
    piped = io.StringIO()
    with progress_line(Limits(), str, piped) as limits:
        assert limits.progress is None
