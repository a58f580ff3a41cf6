"""Which deals a batch covers: seed ranges, PySolFC number ranges, deal files.

A DealSpec is small and picklable, so it travels to any worker, a Dask one on
another machine included: a deal read from a file travels as its text.  A file
that cannot be read travels as the reason ("unreadable"), and becomes that deal's
error record: one bad file does not stop the batch.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import List, Union

from solver.errors import DealError, OptionError
from solver.pysol import MAX_GAME_NUMBER
from solver.textfile import MAX_SET_BYTES, read_text

SEED_LIMIT = 2**64          # seeds are 0 <= N < 2^64
INDEX_FILE = "index.jsonl"  # what `generate` writes beside its deal files: figures, not deals


@dataclass(frozen=True)
class DealSpec:
    id: str                  # "seed:17", "pysol:5", "file:deals/x.txt", "file:set.jsonl#seed-3"
    n: int                   # its place in the series (seed or game number, or file order)
    kind: str                # "seed", "pysol", "text" or "unreadable"
    payload: Union[int, str]  # the seed or game number, the deal's text, or why it cannot be read


def parse_range(text: str, lowest: int = 0, limit: int = SEED_LIMIT) -> List[int]:
    """'1-100', '7', '1-10,20-30' -> the numbers, in order (each lowest <= n < limit)."""
    numbers: List[int] = []
    for part in str(text).replace(" ", "").split(","):
        if not part:
            continue
        lo, dash, hi = part.partition("-")
        if not (lo.isascii() and lo.isdigit() and (not dash or hi.isascii() and hi.isdigit())) or len(part) > 45:
            raise OptionError(f"bad range {part!r} (write e.g. 1-1000 or 5,7,9-12)")
        a = int(lo)
        b = int(hi) if dash else a
        if b < a:
            raise OptionError(f"bad range {part!r}: the end comes before the start")
        if a < lowest or b >= limit:
            raise OptionError(f"bad range {part!r}: numbers run from {lowest} to {limit - 1}")
        if b - a >= 10_000_000:
            raise OptionError(f"range {part!r} is too long (10 million deals at most)")
        numbers.extend(range(a, b + 1))
    if not numbers:
        raise OptionError("the range is empty")
    if len(numbers) > 10_000_000:
        raise OptionError("the ranges are too long (10 million deals at most)")
    return numbers


def seed_specs(text: str) -> List[DealSpec]:
    return [DealSpec(f"seed:{s}", s, "seed", s) for s in parse_range(text)]


def pysol_specs(text: str) -> List[DealSpec]:
    return [DealSpec(f"pysol:{g}", g, "pysol", g) for g in parse_range(text, 1, MAX_GAME_NUMBER + 1)]


def file_specs(path: str) -> List[DealSpec]:
    """A folder (every deal file under it, subfolders included, in name order; a
    .jsonl inside is a deal set, except `generate`'s index.jsonl), a .jsonl set
    ({"id", "deal"} text or {"id", "seed"} per line), or a single deal file."""
    if os.path.isdir(path):
        specs: List[DealSpec] = []
        for file in _files_under(path):
            if os.path.basename(file) == INDEX_FILE:
                continue
            try:
                if not os.path.isfile(file):  # a pipe or a device would block the read
                    raise DealError(f"{file} is not a regular file")
                specs += _set_specs(file, len(specs)) if file.endswith(".jsonl") else [_file_spec(file, len(specs))]
            except DealError as e:
                specs.append(DealSpec(f"file:{file}", len(specs), "unreadable", str(e)))
        if not specs:
            raise DealError(f"{path} holds no deal files")
        return specs
    if not os.path.exists(path):
        raise DealError(f"no such file or folder: {path}")
    if path.endswith(".jsonl"):
        return _set_specs(path, 0)
    return [_file_spec(path, 0)]


def _files_under(folder: str) -> List[str]:
    out = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        out += [os.path.join(root, f) for f in sorted(files) if not f.startswith(".")]
    return out


def _file_spec(path: str, n: int) -> DealSpec:
    return DealSpec(f"file:{path}", n, "text", read_text(path))


def _set_specs(path: str, first: int) -> List[DealSpec]:
    specs = []
    for i, line in enumerate(read_text(path, MAX_SET_BYTES, "a deal set").splitlines()):
        if not line.strip():
            continue
        where = f"{path}, line {i + 1}"
        try:
            item = json.loads(line)
        except (ValueError, RecursionError):
            raise DealError(f"{where}: not JSON") from None
        if not isinstance(item, dict):
            raise DealError(f"{where}: give an object with 'deal' (text) or 'seed'")
        name = f"file:{path}#{item.get('id', i + 1)}"
        n = first + len(specs)
        if isinstance(item.get("deal"), str):
            specs.append(DealSpec(name, n, "text", item["deal"]))
        elif "seed" in item:
            seed = item["seed"]
            if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT:
                raise DealError(f"{where}: 'seed' must be a whole number from 0 to {SEED_LIMIT - 1}")
            specs.append(DealSpec(name, n, "seed", seed))
        else:
            raise DealError(f"{where}: give 'deal' (text) or 'seed'")
    return specs
