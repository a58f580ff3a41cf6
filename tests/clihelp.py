"""Run the installed `patiens` command as a user would."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from typing import Optional

# The console script installed beside this Python (the one `pip install .` made).
PATIENS = [shutil.which("patiens", path=os.path.dirname(sys.executable)) or "patiens"]


@dataclass
class Run:
    code: int
    out: str
    err: str

    def json(self):
        return json.loads(self.out)


def patiens(*args: str, stdin: Optional[str] = None, timeout: float = 300) -> Run:
    # Run outside the checkout, so the installed package is the one imported.
    p = subprocess.run(PATIENS + [str(a) for a in args], input=stdin, capture_output=True, text=True,
                       timeout=timeout, cwd=tempfile.gettempdir())
    return Run(p.returncode, p.stdout, p.stderr)


def assert_one_line_error(run: Run, *words: str) -> None:
    """Bad input: exit 2, one line on stderr naming the problem, no traceback."""
    assert run.code == 2, (run.code, run.out, run.err)
    lines = [line for line in run.err.splitlines() if line.strip()]
    assert len(lines) == 1, run.err
    assert "Traceback" not in run.err + run.out
    for w in words:
        assert w.lower() in lines[0].lower(), (w, lines[0])
