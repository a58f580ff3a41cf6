"""Running a batch: local processes by default, a Dask cluster on request.

Work goes through a concurrent.futures executor either way: a ProcessPoolExecutor,
or the Executor a dask.distributed Client hands out.  Deals travel in chunks so the
per-task overhead stays small; records are written as chunks finish, in whatever
order they finish (the summary sorts them back into the series).

A batch never waits on workers that are gone: local workers end themselves when
the run that started them dies (even by SIGKILL), a worker process that dies stops
the batch with what was done kept, and a Dask cluster left with no workers, or a
scheduler that went away, is noticed within seconds.
"""
from __future__ import annotations

import concurrent.futures as cf
import os
import signal
import socket
import sys
import threading
import time
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator, List, Optional
from urllib.parse import urlsplit

from solver.batch.jobs import Job, run_chunk
from solver.batch.specs import DealSpec
from solver.batch.store import ResultsFile
from solver.errors import MissingDependency, OptionError


class Interrupted(Exception):
    """Ctrl-C during a batch: what was finished is saved; a rerun resumes."""


class BatchStopped(Exception):
    """The workers are gone (killed, out of memory, a cluster emptied): what was
    finished is saved; a rerun resumes."""


@dataclass
class BatchOutcome:
    results: ResultsFile
    total: int          # deals asked for
    skipped: int        # already in the file
    done: int           # solved in this run


# How often a waiting batch looks at its workers, and how long a Dask cluster may
# stand without workers (one restarting, say) before the batch gives up on it.
POLL_SECONDS = 1.0
NO_WORKERS_GRACE = 10.0
# How long a scheduler address may take to answer the first connection.
CONNECT_SECONDS = 5.0


def _worker_init():
    # Workers leave Ctrl-C to the main process, which stops the batch cleanly; a
    # search interrupted inside a worker would otherwise be recorded as unproven.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_end_with_parent, args=(os.getppid(),), daemon=True).start()


def _end_with_parent(parent: int):
    """A worker whose run died (SIGKILL leaves no time to stop it) ends itself rather
    than wait on its pipe for good.  A process whose parent dies is handed to another
    at once (even while the dead parent waits to be reaped), so its parent changes.
    The searches release the GIL, so this thread runs while one is under way."""
    while os.getppid() == parent != 1:
        time.sleep(POLL_SECONDS / 2)
    os._exit(1)


@contextmanager
def local_executor(workers: int) -> Iterator[cf.Executor]:
    ex = cf.ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1, initializer=_worker_init)
    try:
        yield ex
    except BaseException:  # Ctrl-C or lost workers: what runs now would be thrown away
        _stop_now(ex)
        raise
    ex.shutdown(wait=True)


def _stop_now(ex: cf.ProcessPoolExecutor) -> None:
    """Shut the pool down without waiting for the chunks under way: their records
    would not be written anyway (a rerun does them)."""
    processes = list((getattr(ex, "_processes", None) or {}).values())
    ex.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.kill()
    for process in processes:
        process.join()


def check_scheduler_address(address: str) -> str:
    """A Dask scheduler's address as tcp://HOST:PORT (a bare HOST:PORT is taken as
    tcp), refused at once when it is no scheduler's form or nothing listens there."""
    text = address.strip()
    if "://" not in text:
        text = "tcp://" + text
    try:
        parts = urlsplit(text)
    except ValueError:  # an unclosed [ of an IPv6 host, for one
        raise OptionError(f"{address} is not a scheduler address (write tcp://HOST:8786)") from None
    if parts.scheme in ("http", "https"):
        raise OptionError(f"{address} is a web address: a Dask scheduler listens on tcp://HOST:8786 "
                          "(its dashboard, on http, is not the scheduler)")
    try:
        host, port = parts.hostname, parts.port
    except ValueError:
        host = port = None
    if parts.scheme not in ("tcp", "tls") or not host or not port or parts.path not in ("", "/"):
        raise OptionError(f"{address} is not a scheduler address (write tcp://HOST:8786)")
    shown = f"{parts.scheme}://[{host}]:{port}" if ":" in host else f"{parts.scheme}://{host}:{port}"
    try:
        socket.create_connection((host, port), timeout=CONNECT_SECONDS).close()
    except OSError as e:
        why = "no answer" if isinstance(e, socket.timeout) else (e.strerror or str(e))
        raise OptionError(f"no Dask scheduler answers at {shown} ({why})") from None
    return shown


class DaskPool:
    """The executor of a Dask client, with a look at the cluster's health."""

    def __init__(self, client):
        self.client = client
        self.executor = client.get_executor(pure=False)  # pure=False: no two chunks are one task
        self._empty_since: Optional[float] = None

    def submit(self, fn, *args):
        return self.executor.submit(fn, *args)

    def problem(self) -> Optional[str]:
        """Why the batch cannot go on (no workers for NO_WORKERS_GRACE seconds, the
        scheduler gone), or None."""
        if self.client.status not in ("running", "connecting"):
            return f"lost the Dask scheduler ({self.client.status})"
        try:
            workers = self.client.scheduler_info().get("workers", {})
        except Exception:  # noqa: BLE001 - any failure to ask is a lost scheduler
            return "lost the Dask scheduler"
        if workers:
            self._empty_since = None
            return None
        now = time.monotonic()
        self._empty_since = self._empty_since or now
        if now - self._empty_since >= NO_WORKERS_GRACE:
            return f"the Dask cluster has had no workers for {NO_WORKERS_GRACE:.0f} s"
        return None


@contextmanager
def dask_executor(address) -> Iterator[DaskPool]:
    """A Dask scheduler address (tcp://host:8786), or a Client/LocalCluster object."""
    try:
        from dask.distributed import Client
    except ImportError:
        raise MissingDependency("--scheduler needs Dask: pip install 'patiens[dask]'") from None
    if isinstance(address, str):
        address = check_scheduler_address(address)
    own = isinstance(address, str) or not hasattr(address, "get_executor")
    try:
        client = Client(address, timeout=CONNECT_SECONDS * 2) if own else address
    except (OSError, TimeoutError) as e:
        raise OptionError(f"cannot connect to the Dask scheduler at {address}: {e}") from None
    try:
        yield DaskPool(client)
    finally:
        if own:
            client.close()


def chunk_size_for(n: int, workers: int) -> int:
    """About eight chunks per worker, between 1 and 64 deals each."""
    return max(1, min(64, n // max(1, 8 * workers)))


def run_batch(job: Job, specs: List[DealSpec], out_path: str, executor=None, chunk_size: Optional[int] = None,
              progress: bool = True, workers: int = 0, retry_unproven: bool = False) -> BatchOutcome:
    """Solve the deals of `specs` not yet in the results file (with `retry_unproven`,
    also those whose record is not proven), writing each record as it comes.  The
    `executor`, where given, is a context such as dask_executor's (default: a
    local_executor of `workers` processes)."""
    results = ResultsFile(out_path, writer=True)
    bar = None
    try:
        results.check_rules(job.game, job.rules_json())
        have = results.settled if retry_unproven else results.done
        todo = [s for s in specs if s.id not in have]
        skipped = len(specs) - len(todo)
        workers = workers or os.cpu_count() or 1
        size = chunk_size or chunk_size_for(len(todo), workers)
        chunks = [todo[i:i + size] for i in range(0, len(todo), size)]
        bar = _progress(len(specs), skipped, job.game, progress)
        done = 0
        if chunks:
            context = executor if executor is not None else local_executor(min(workers, len(chunks)))
            with context as ex:
                for records in _finished_chunks(ex, job, chunks):
                    for record in records:
                        results.append(record)
                        done += 1
                        bar.update(1)
    except KeyboardInterrupt:
        raise Interrupted("interrupted; rerun the same command to resume") from None
    finally:
        if bar is not None:
            bar.close()
        results.close()
    return BatchOutcome(results=results, total=len(specs), skipped=skipped, done=done)


def _finished_chunks(ex, job: Job, chunks: List[List[DealSpec]]) -> Iterator[List[dict]]:
    """Each chunk's records as it finishes; BatchStopped when the workers are gone."""
    futures = [ex.submit(run_chunk, job, chunk) for chunk in chunks]
    pending = set(futures)
    try:
        while pending:
            finished, pending = cf.wait(pending, timeout=POLL_SECONDS, return_when=cf.FIRST_COMPLETED)
            for future in finished:
                yield _records(future, ex)
            why = ex.problem() if hasattr(ex, "problem") else None
            if why:
                raise BatchStopped(f"{why}; {len(pending)} of {len(futures)} task(s) unfinished")
    finally:
        # The tasks not started are dropped.  A local pool's own shutdown does that from
        # its manager thread (local_executor); a future cancelled from this thread can
        # race that thread, which, finding a worker killed, marks every task it holds
        # lost and fails on one already cancelled (CPython 3.11: an InvalidStateError
        # traceback after Ctrl-C).
        if not isinstance(ex, cf.ProcessPoolExecutor):
            for future in pending:
                future.cancel()


def _records(future: cf.Future, ex):
    """A finished task's result.  A job never raises (a deal's failure is its record), so
    a task that does was lost by the workers or the cluster: the batch stops."""
    try:
        return future.result()
    except BrokenProcessPool:
        raise BatchStopped("a worker process died (killed, or out of memory?)") from None
    except (Exception, cf.CancelledError) as e:  # noqa: BLE001 - whatever the executor makes of a lost task
        why = ex.problem() if hasattr(ex, "problem") else None
        raise BatchStopped(why or f"a task was lost ({type(e).__name__}: {e})") from None


def result_of(future: cf.Future, ex):
    """A future's result, waited for while the workers last (BatchStopped if not)."""
    while not cf.wait([future], timeout=POLL_SECONDS).done:
        why = ex.problem() if hasattr(ex, "problem") else None
        if why:
            raise BatchStopped(why)
    return _records(future, ex)


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
