"""Search limits shared by every solver, and how a search ended."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from solver.errors import DealError

_UNITS = {"": 1, "B": 1, "K": 1 << 10, "KB": 1 << 10, "M": 1 << 20, "MB": 1 << 20, "G": 1 << 30, "GB": 1 << 30}

# Why a search stopped, as the core reports it; only the first two are exact.
PROVEN_REASONS = ("complete", "target")
STOP_MESSAGES = {
    "complete": "search complete",
    "target": "best possible value reached",
    "max-nodes": "stopped at the node limit (--max-nodes)",
    "timeout": "stopped at the time limit (--timeout)",
    "max-memory": "stopped: the visited-state table is full (--max-memory)",
    "interrupted": "interrupted (Ctrl-C)",
    "max-depth": "stopped: the line grew past the depth limit",
}


def stop_message(reason: str) -> str:
    return STOP_MESSAGES.get(reason, reason)


def parse_memory(text: str) -> int:
    """'512M', '1G', '300000000' -> bytes."""
    t = str(text).strip().upper().replace(" ", "")
    num = t.rstrip("KMGB")
    unit = t[len(num):]
    try:
        value = float(num)
    except ValueError:
        raise DealError(f"memory size {text!r} not understood (write e.g. 512M or 2G)") from None
    if unit not in _UNITS or value <= 0:
        raise DealError(f"memory size {text!r} not understood (write e.g. 512M or 2G)")
    return int(value * _UNITS[unit])


@dataclass(frozen=True)
class Limits:
    max_nodes: int = 0               # 0: none
    timeout: float = 0.0             # seconds, 0: none
    max_memory: int = 1 << 30        # bytes for the visited-state table
    # Search threads sharing the table (0: one per core, at most 4).  One thread finds the same
    # line every run; more find the same value sooner, by lines that may differ.
    threads: int = 1

    def __post_init__(self):
        if self.max_nodes < 0 or self.timeout < 0:
            raise DealError("limits cannot be negative")
        if self.threads < 0:
            raise DealError("--threads cannot be negative")
        if self.max_memory < 1 << 16:
            raise DealError("--max-memory must be at least 64K")

    @classmethod
    def make(cls, max_nodes: Optional[int] = None, timeout: Optional[float] = None,
             max_memory: Optional[str] = None, threads: int = 1) -> "Limits":
        return cls(max_nodes=max_nodes or 0, timeout=timeout or 0.0,
                   max_memory=parse_memory(max_memory) if max_memory else 1 << 30, threads=threads)

    def to_core(self) -> dict:
        return {"max_nodes": self.max_nodes, "timeout": self.timeout, "max_memory": self.max_memory,
                "threads": self.threads}
