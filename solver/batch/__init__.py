"""Deal analysis at scale: batches, resumable results, statistics, plots."""
from solver.batch.jobs import Job, run_chunk
from solver.batch.runner import BatchOutcome, Interrupted, dask_executor, local_executor, run_batch
from solver.batch.specs import DealSpec, file_specs, parse_range, pysol_specs, seed_specs
from solver.batch.store import ResultsFile
from solver.batch.summary import format_summary, plot, summarize, wilson

__all__ = ["Job", "run_chunk", "BatchOutcome", "Interrupted", "run_batch", "local_executor", "dask_executor",
           "DealSpec", "seed_specs", "pysol_specs", "file_specs", "parse_range", "ResultsFile", "summarize",
           "format_summary", "plot", "wilson"]
