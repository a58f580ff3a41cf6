"""Deal analysis at scale: batches, resumable results, statistics, plots."""
from solver.batch.jobs import Job, run_chunk
from solver.batch.runner import (
    BatchOutcome,
    BatchStopped,
    Interrupted,
    check_scheduler_address,
    dask_executor,
    local_executor,
    run_batch,
)
from solver.batch.specs import DealSpec, file_specs, parse_range, pysol_specs, seed_specs
from solver.batch.store import ResultsFile
from solver.batch.summary import check_plot_path, format_summary, plot, summarize, wilson

__all__ = ["Job", "run_chunk", "BatchOutcome", "Interrupted", "BatchStopped", "run_batch", "local_executor",
           "dask_executor", "check_scheduler_address", "DealSpec", "seed_specs", "pysol_specs", "file_specs",
           "parse_range", "ResultsFile", "summarize", "format_summary", "plot", "check_plot_path", "wilson"]
