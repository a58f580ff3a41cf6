"""Every command the README shows runs as written, from the repository's folder.

The README's `sh` blocks are read line by line; each `patiens` command runs (in a
scratch folder that sees the repository's deals/, so that what it writes stays out
of the checkout) and must end with status 0 and no traceback.  `pip install ... &&`
in front of a command is left to CI, which runs the install itself.
"""
import os
import re
import shlex
import socket
import subprocess

import pytest

from clihelp import PATIENS

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DASK_PORT = 8786


def readme_commands():
    text = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            line = re.split(r"\s+#\s", line)[0].strip()  # a comment after the command
            line = line.split("&&")[-1].strip()  # `pip install . && patiens ...`: CI installs
            if line.startswith("patiens "):
                commands.append(line)
    return commands


COMMANDS = readme_commands()


def test_the_readme_has_commands():
    assert len(COMMANDS) >= 20 and any("analyse summarize" in c for c in COMMANDS)


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    folder = tmp_path_factory.mktemp("readme")
    os.symlink(os.path.join(ROOT, "deals"), folder / "deals")
    return folder


@pytest.fixture(scope="module")
def dask_scheduler():
    """A Dask cluster where the README's example looks for one, if the port is free."""
    distributed = pytest.importorskip("distributed")
    with socket.socket() as probe:
        if probe.connect_ex(("127.0.0.1", DASK_PORT)) == 0:
            pytest.skip(f"port {DASK_PORT} is taken: the README's Dask example cannot get its own cluster")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  scheduler_port=DASK_PORT, host="127.0.0.1") as cluster:
        yield cluster


@pytest.mark.parametrize("command", COMMANDS)
def test_readme_command_runs_as_written(command, scratch, request):
    if "--scheduler" in command:
        request.getfixturevalue("dask_scheduler")
    args = shlex.split(command)[1:]
    run = subprocess.run(PATIENS + args, capture_output=True, text=True, cwd=scratch, timeout=600)
    assert run.returncode == 0, (command, run.returncode, run.stderr[-2000:])
    assert "Traceback" not in run.stderr + run.stdout, (command, run.stderr[-2000:])
