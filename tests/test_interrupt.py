"""Ctrl-C (SIGINT) ends a search cleanly: the best so far, marked not proven, exit 130."""
import json
import signal
import subprocess
import sys
import tempfile
import time

import pytest

from clihelp import PATIENS


def _hear_ctrl_c():
    # A shell starts background jobs with SIGINT ignored, and Python then never turns it
    # into KeyboardInterrupt: give the child the default, whatever ran the tests.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupt(args, after=1.5, when=None):
    """Run patiens, then send Ctrl-C after `after` seconds, or once `when()` holds."""
    p = subprocess.Popen(PATIENS + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         cwd=tempfile.gettempdir(), preexec_fn=_hear_ctrl_c)
    time.sleep(after)
    while when is not None and not when() and p.poll() is None:
        time.sleep(0.005)
    p.send_signal(signal.SIGINT)
    try:
        out, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:  # a failed test must not leave the search running
            p.kill()
            p.communicate()
    return p.returncode, out, err


def test_klondike_solve_interrupted():
    # PySolFC 33960's maximum under standard rules: 565 M nodes, about 160 s on one thread.
    code, out, err = interrupt(["klondike", "solve", "--pysol", "33960", "--mode", "standard", "--json"])
    assert code == 130, err
    result = json.loads(out)
    assert result["proven"] is False and result["stop_reason"] == "interrupted" and result["line"]
    assert "Traceback" not in err


def test_poker_solve_interrupted():
    code, out, err = interrupt(["poker", "solve", "--seed", "2", "--diagonals", "--json"], after=3)
    assert code == 130, err
    result = json.loads(out)
    assert result["proven"] is False and result["stop_reason"] == "interrupted" and len(result["grid"]) == 5


def test_batch_interrupted_then_resumed(tmp_path):
    out = tmp_path / "b.jsonl"
    total = 500  # seconds of work for one worker: Ctrl-C comes with the first results written
    args = ["analyse", "golf", "--wrap", "--seeds", f"1-{total}", "--out", str(out), "--workers", "1",
            "--chunk-size", "1", "--quiet"]
    code, _, err = interrupt(args, after=0, when=lambda: out.exists() and out.stat().st_size > 0)
    assert code == 130 and "resume" in err and "Traceback" not in err
    done = sum(1 for _ in open(out))
    assert 0 < done < total
    p = subprocess.run(PATIENS + args, capture_output=True, text=True, cwd=tempfile.gettempdir())
    assert p.returncode == 0 and f"{total - done} solved now, {done} already" in p.stdout
    assert sum(1 for _ in open(out)) == total


@pytest.mark.parametrize("after", [0.0, 0.03, 0.1, 0.3])
def test_ctrl_c_at_any_moment_is_one_line(after):
    """Ctrl-C while the command starts (imports, reading the deal) or searches: one line
    at most, no traceback, exit 130 (or death by the signal itself, before Python has
    its handler).  Before the first line of the package runs, the signal meets Python's
    own handling, which the package cannot change; see _python_window."""
    code, out, err = interrupt(["klondike", "solve", "--pysol", "33960", "--mode", "standard"], after=after)
    if _python_window(code, err):
        return
    assert code in (130, -signal.SIGINT), (code, err)
    assert "Traceback" not in err and len([line for line in err.splitlines() if line.strip()]) <= 1, err


def _python_window(code, err):
    """The outcomes of a Ctrl-C that lands while Python itself starts, before any code of
    ours: each names only Python's frames and ends with Python's KeyboardInterrupt."""
    if not err.strip().endswith("KeyboardInterrupt") or "/cli/" in err or "/solver/" in err:
        return False
    return ((code == -signal.SIGINT and "Traceback" in err)  # while it finds the package
            or (code == 1 and "init_import_site" in err)  # a fatal error while it reads site-packages
            or (code == 1 and err.strip() == "KeyboardInterrupt")  # while it sets sys.path, before any frame
            # dropped in an import lock's callback while the console script imports `re`:
            # Python reports it and goes on, and the command runs to its end
            or (code == 0 and "Exception ignored in: <function _get_module_lock" in err))


def test_ctrl_c_dropped_in_a_callback_is_sent_again(monkeypatch):
    """Ctrl-C that lands in code whose exceptions Python drops (here a weakref callback,
    as the import machinery's are) is not lost: the hook main() installs sends the
    signal again, and it interrupts the code that follows."""
    import weakref

    import cli

    class Thing:
        pass

    def callback(_):
        raise KeyboardInterrupt  # what cli._ctrl_c raises when the signal lands here

    monkeypatch.setattr(sys, "unraisablehook", cli._unraisable)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        thing = Thing()
        ref = weakref.ref(thing, callback)
        with pytest.raises(KeyboardInterrupt):
            del thing  # the callback runs, its KeyboardInterrupt is dropped, the hook sends SIGINT
            for _ in range(10_000):  # handled between these calls, as soon as the thread has run
                time.sleep(0.001)
        assert ref() is None
    finally:
        signal.signal(signal.SIGINT, previous)
