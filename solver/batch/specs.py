"""Which deals a batch covers: seed ranges, PySolFC number ranges, deal files.

A DealSpec is small and picklable, so it travels to any worker, a Dask one on
another machine included: a deal read from a file travels as its text.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import List, Union

from solver.errors import DealError


@dataclass(frozen=True)
class DealSpec:
    id: str                  # "seed:17", "pysol:5", "file:deals/x.txt", "file:set.jsonl#seed-3"
    n: int                   # its place in the series (seed or game number, or file order)
    kind: str                # "seed", "pysol" or "text"
    payload: Union[int, str]


def parse_range(text: str) -> List[int]:
    """'1-100', '7', '1-10,20-30' -> the numbers, in order."""
    numbers: List[int] = []
    for part in str(text).replace(" ", "").split(","):
        if not part:
            continue
        lo, dash, hi = part.partition("-")
        try:
            a = int(lo)
            b = int(hi) if dash else a
        except ValueError:
            raise DealError(f"bad range {part!r} (write e.g. 1-1000 or 5,7,9-12)") from None
        if b < a:
            raise DealError(f"bad range {part!r}: the end comes before the start")
        if b - a > 10_000_000:
            raise DealError(f"range {part!r} is too long (10 million deals at most)")
        numbers.extend(range(a, b + 1))
    if not numbers:
        raise DealError("the range is empty")
    return numbers


def seed_specs(text: str) -> List[DealSpec]:
    return [DealSpec(f"seed:{s}", s, "seed", s) for s in parse_range(text)]


def pysol_specs(text: str) -> List[DealSpec]:
    return [DealSpec(f"pysol:{g}", g, "pysol", g) for g in parse_range(text)]


def file_specs(path: str) -> List[DealSpec]:
    """A folder (one deal per file), a .jsonl set ({"id", "deal"} text or {"id", "seed"}
    per line), or a single deal file."""
    if os.path.isdir(path):
        names = sorted(f for f in os.listdir(path) if not f.startswith("."))
        return [DealSpec(f"file:{os.path.join(path, f)}", i, "text", _read(os.path.join(path, f)))
                for i, f in enumerate(names)]
    if not os.path.exists(path):
        raise DealError(f"no such file or folder: {path}")
    if path.endswith(".jsonl"):
        specs = []
        for i, line in enumerate(_read(path).splitlines()):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError:
                raise DealError(f"{path}, line {i + 1}: not JSON") from None
            name = f"file:{path}#{item.get('id', i + 1)}"
            if "deal" in item:
                specs.append(DealSpec(name, i, "text", item["deal"]))
            elif "seed" in item:
                specs.append(DealSpec(name, i, "seed", int(item["seed"])))
            else:
                raise DealError(f"{path}, line {i + 1}: give 'deal' (text) or 'seed'")
        return specs
    return [DealSpec(f"file:{path}", 0, "text", _read(path))]


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise DealError(f"cannot read {path}: {e}") from None
