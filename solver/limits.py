"""Search limits shared by every solver (how a search ended: solver/result.py)."""
from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from typing import Callable, Optional

from solver import _core
from solver.errors import OptionError

_UNITS = {"": 1, "B": 1, "K": 1 << 10, "KB": 1 << 10, "M": 1 << 20, "MB": 1 << 20, "G": 1 << 30, "GB": 1 << 30,
          "T": 1 << 40, "TB": 1 << 40}

# The ranges a limit may take.  The core counts nodes in 64 bits; a timeout past
# MAX_TIMEOUT (about 31 years) is no limit anyone means; a search thread takes one
# busy flag of the shared table's word (shared_table.hpp), so there are MAX_THREADS.
MAX_NODES = 2**63 - 1
MAX_TIMEOUT = 1e9
MIN_MEMORY = 1 << 16
MAX_THREADS = _core.max_threads
DEFAULT_MEMORY = 1 << 30

def physical_memory() -> Optional[int]:
    """This machine's memory in bytes, where the system tells."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        return None


def format_bytes(n: int) -> str:
    for unit, size in (("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)):
        if n >= size:
            return f"{n / size:.4g}{unit}"
    return f"{n}B"


def parse_memory(text: str) -> int:
    """'512M', '1G', '300000000' -> bytes, between MIN_MEMORY and this machine's memory."""
    t = str(text).strip().upper().replace(" ", "")
    num = t.rstrip("KMGTB")
    unit = t[len(num):]
    try:
        value = float(num)
    except ValueError:
        value = math.nan
    if unit not in _UNITS or not math.isfinite(value) or value <= 0:
        raise OptionError(f"memory size {text!r} not understood (write e.g. 512M or 2G)")
    return check_memory(int(value * _UNITS[unit]), f"memory size {text}")


def check_memory(max_memory: int, name: str = "max_memory") -> int:
    if max_memory < MIN_MEMORY:
        raise OptionError(f"{name} is less than the least table ({format_bytes(MIN_MEMORY)})")
    machine = physical_memory()
    if machine and max_memory > machine:
        raise OptionError(f"{name} is more than this machine's memory ({format_bytes(machine)})")
    return max_memory


def check_seconds(seconds: float, name: str = "timeout") -> float:
    """A positive, finite number of seconds, at most MAX_TIMEOUT (0 is refused: the
    caller's "no limit" is None)."""
    if not isinstance(seconds, (int, float)) or not math.isfinite(seconds) or not 0 < seconds <= MAX_TIMEOUT:
        raise OptionError(f"{name} must be a number of seconds above 0 and at most {MAX_TIMEOUT:.0e}, "
                          f"not {seconds}")
    return float(seconds)


@dataclass(frozen=True)
class Limits:
    max_nodes: int = 0               # 0: none
    timeout: float = 0.0             # seconds, 0: none
    max_memory: int = DEFAULT_MEMORY  # bytes the visited-state table may take, its growth included
    # Search threads sharing the table (0: one per core, at most 4; Poker: CP-SAT's workers, 0:
    # one per core).  One thread finds the same line every run; more find the same value
    # sooner, by lines that may differ.
    threads: int = 1
    # Called now and then during a long search (Klondike and Golf) with (nodes, best
    # value so far, the start's bound, seconds), e.g. cli's progress line on stderr.
    progress: Optional[Callable[[int, int, int, float], None]] = field(default=None, compare=False)

    def __post_init__(self):
        if not 0 <= self.max_nodes <= MAX_NODES:
            raise OptionError(f"max_nodes must be between 1 and {MAX_NODES} (0: no limit)")
        if self.timeout:
            check_seconds(self.timeout)
        if not 0 <= self.threads <= MAX_THREADS:
            raise OptionError(f"threads must be between 0 (one per core) and {MAX_THREADS}")
        if self.max_memory != DEFAULT_MEMORY:
            check_memory(self.max_memory)

    @classmethod
    def make(cls, max_nodes: Optional[int] = None, timeout: Optional[float] = None,
             max_memory: Optional[str] = None, threads: int = 1) -> "Limits":
        memory = max_memory if isinstance(max_memory, int) else (parse_memory(max_memory) if max_memory
                                                                 else DEFAULT_MEMORY)
        return cls(max_nodes=max_nodes or 0, timeout=timeout or 0.0, max_memory=memory, threads=threads)

    def to_core(self) -> dict:
        return {"max_nodes": self.max_nodes, "timeout": self.timeout, "max_memory": self.max_memory,
                "threads": self.threads, "progress": self.progress}
