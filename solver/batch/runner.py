"""Running a batch: local processes by default, a Dask cluster on request.

Work goes through a concurrent.futures executor either way: a ProcessPoolExecutor,
or the Executor a dask.distributed Client hands out.  Deals travel in chunks so the
per-task overhead stays small; records are written as chunks finish, in whatever
order they finish (the summary sorts them back into the series).
"""
from __future__ import annotations

import concurrent.futures as cf
import os
import signal
import sys
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator, List, Optional

from solver.batch.jobs import Job, run_chunk
from solver.batch.specs import DealSpec
from solver.batch.store import ResultsFile


class Interrupted(Exception):
    """Ctrl-C during a batch: what was finished is saved; a rerun resumes."""


@dataclass
class BatchOutcome:
    results: ResultsFile
    total: int          # deals asked for
    skipped: int        # already in the file
    done: int           # solved in this run


def _ignore_sigint():
    # Workers leave Ctrl-C to the main process, which stops the batch cleanly; a
    # search interrupted inside a worker would otherwise be recorded as unproven.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def local_executor(workers: int) -> Iterator[cf.Executor]:
    with cf.ProcessPoolExecutor(max_workers=workers or os.cpu_count(), initializer=_ignore_sigint) as ex:
        yield ex


@contextmanager
def dask_executor(address) -> Iterator[cf.Executor]:
    """A Dask scheduler address (tcp://host:8786), or a Client/LocalCluster object."""
    try:
        from dask.distributed import Client
    except ImportError:
        from solver.errors import DealError
        raise DealError("--scheduler needs Dask: pip install 'patiens[dask]'") from None
    client = Client(address) if isinstance(address, str) or not hasattr(address, "get_executor") else address
    try:
        # pure=False: two chunks are never the same task, whatever their arguments
        yield client.get_executor(pure=False)
    finally:
        if client is not address:
            client.close()


def chunk_size_for(n: int, workers: int) -> int:
    """About eight chunks per worker, between 1 and 64 deals each."""
    return max(1, min(64, n // max(1, 8 * workers)))


def run_batch(job: Job, specs: List[DealSpec], out_path: str, executor=None, chunk_size: Optional[int] = None,
              progress: bool = True, workers: int = 0) -> BatchOutcome:
    results = ResultsFile(out_path)
    results.check_rules(job.game, job.rules_json())
    todo = [s for s in specs if s.id not in results.done]
    skipped = len(specs) - len(todo)
    size = chunk_size or chunk_size_for(len(todo), workers or os.cpu_count() or 1)
    chunks = [todo[i:i + size] for i in range(0, len(todo), size)]
    bar = _progress(len(specs), skipped, job.game, progress)
    done = 0
    context = executor if executor is not None else local_executor(workers)
    try:
        with context as ex:
            futures = [ex.submit(run_chunk, job, chunk) for chunk in chunks]
            try:
                for future in cf.as_completed(futures):
                    for record in future.result():
                        results.append(record)
                        done += 1
                        bar.update(1)
            except KeyboardInterrupt:
                for f in futures:
                    f.cancel()
                raise Interrupted(f"interrupted after {done} deals; rerun the same command to resume") from None
    finally:
        bar.close()
        results.close()
    return BatchOutcome(results=results, total=len(specs), skipped=skipped, done=done)


class _NoBar:
    def update(self, n):
        pass

    def close(self):
        pass


def _progress(total: int, initial: int, game: str, enabled: bool):
    if not enabled:
        return _NoBar()
    from tqdm import tqdm
    return tqdm(total=total, initial=initial, unit="deal", desc=game, file=sys.stderr, dynamic_ncols=True,
                smoothing=0.05)
