"""What every solver returns, in one shape for the three games.

A search ends for one of the StopReasons (the C++ core's, by name; a test checks
the two lists agree).  Only COMPLETE and TARGET prove the answer.

A Result holds the best value found under the name `value`, in the game's own
direction, said once by `Result.maximise`: Klondike counts cards home and Poker
points (more is better), Golf counts the hole's score (less is better).  Each game's
result keeps its familiar name as a view of it (`max_foundation`, `best_score`,
`score`).  `bound` is what no answer can beat, where the search knows one; `line`
is the answer's moves (Poker: the placement), written as `tokens`; `stats` is the
search's effort.  A result renders itself: `to_json()` for scripts (the same
keys for every game, then the game's own) and `summary_lines()` for people.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar, Dict, List, Optional

from solver.cards import PLAIN, CardStyle


class StopReason(str, Enum):
    COMPLETE = "complete"        # the whole reachable space was covered: the answer is exact
    TARGET = "target"            # the best value possible was reached: exact as well
    MAX_NODES = "max-nodes"
    TIMEOUT = "timeout"
    MAX_MEMORY = "max-memory"
    INTERRUPTED = "interrupted"  # Ctrl-C
    MAX_DEPTH = "max-depth"

    @property
    def proven(self) -> bool:
        return self in (StopReason.COMPLETE, StopReason.TARGET)

    @property
    def message(self) -> str:
        return _STOP_MESSAGES[self]

    def __str__(self) -> str:
        return self.value


_STOP_MESSAGES = {
    StopReason.COMPLETE: "search complete",
    StopReason.TARGET: "the value sought was reached",
    StopReason.MAX_NODES: "stopped at the node limit (--max-nodes)",
    StopReason.TIMEOUT: "stopped at the time limit (--timeout)",
    StopReason.MAX_MEMORY: "stopped: the visited-state table is full (--max-memory)",
    StopReason.INTERRUPTED: "interrupted (Ctrl-C)",
    StopReason.MAX_DEPTH: "stopped: the line grew past the depth limit",
}


@dataclass
class Stats:
    """A search's effort.  None where a solver has no such count (CP-SAT counts no
    nodes and has no table of ours)."""
    seconds: float
    nodes: Optional[int] = None
    table_bytes: Optional[int] = None
    threads: Optional[int] = None  # search threads (Poker: CP-SAT workers)
    # Positions the full table forgot to stay within --max-memory (searched again where
    # met again; the answer stays exact).
    forgotten: Optional[int] = None

    def to_json(self) -> dict:
        rate = round(self.nodes / self.seconds) if self.nodes is not None and self.seconds > 0 else None
        return {"seconds": round(self.seconds, 6), "nodes": self.nodes, "nodes_per_second": rate,
                "table_bytes": self.table_bytes, "table_forgotten": self.forgotten, "threads": self.threads}

    def summary(self, stop: StopReason) -> str:
        parts = [f"{self.seconds:.3f} s"]
        if self.nodes is not None:
            parts.insert(0, f"{self.nodes:,} nodes in")
            if self.threads and self.threads > 1:
                parts.append(f"on {self.threads} threads")
            if self.seconds > 0 and self.nodes > 1000:
                parts[-1] += f", {self.nodes / self.seconds / 1e6:.1f}M nodes/s"
        if self.table_bytes is not None:
            parts[-1] += f", table {self.table_bytes / 2**20:.1f} MB"
        if self.forgotten:
            parts[-1] += f" (full: {self.forgotten:,} positions forgotten and searched again where met)"
        return f"Search: {' '.join(parts)}; {stop.message}"


@dataclass
class Result:
    """The common part of every game's result (see the module docstring)."""
    game: ClassVar[str]
    maximise: ClassVar[bool]
    source: str
    rules: Any
    proven: bool
    stop_reason: StopReason
    value: Optional[int]          # the best value found; None: stopped before any
    bound: Optional[int]          # no answer beats it (None: the search knows none)
    line: list                    # the answer's moves, as the game's own objects
    stats: Stats = field(default_factory=lambda: Stats(0.0))

    @property
    def tokens(self) -> List[str]:
        """The line in the game's notation, a token a move."""
        raise NotImplementedError

    def to_json(self) -> Dict[str, Any]:
        out = {"game": self.game, "source": self.source, "rules": self.rules.to_json(), "proven": self.proven,
               "stop_reason": str(self.stop_reason), "value": self.value, "maximise": self.maximise,
               "bound": self.bound, "line": self.tokens, "stats": self.stats.to_json()}
        out.update(self.game_json())
        return out

    def game_json(self) -> Dict[str, Any]:
        """The game's own fields, after the shared ones."""
        return {}

    def summary_lines(self, style: CardStyle = PLAIN) -> List[str]:
        """The result for people: a heading, the verdict, the line, the search (cards
        drawn in `style`, where the verdict draws any)."""
        return [self.heading(), *self.verdict_lines(style), self.stats.summary(self.stop_reason)]

    def heading(self) -> str:
        return f"{self.game.capitalize()}, {self.source or 'deal'}: {self.rules.describe()}"

    def verdict_lines(self, style: CardStyle = PLAIN) -> List[str]:
        return []

    def decision_line(self, question: str, yes: str, solvable: Optional[bool]) -> str:
        """The answer to a yes/no question ("Winnable", "Clearable") for people."""
        if solvable is True:
            return f"{question}: {yes}"
        if solvable is False:
            return f"{question}: no (proven)"
        return f"{question}: unknown ({self.stop_reason.message})"

    @property
    def proof(self) -> str:
        """'proven', or why not."""
        return "proven" if self.proven else "NOT proven: " + self.stop_reason.message
