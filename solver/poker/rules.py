"""Poker Squares options (RULES.md 3): the scoring table and the variants of the seeds."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from solver.errors import DealError
from solver.poker.hands import CATEGORIES, TABLES, load_table

SIZE = 5
PLACED = SIZE * SIZE


def neighbours(cell: Tuple[int, int]) -> List[Tuple[int, int]]:
    """The cells that touch `cell`, also diagonally."""
    r, c = cell
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < SIZE and 0 <= c + dc < SIZE]


@dataclass(frozen=True)
class PokerRules:
    table_name: str = "english"
    table: Dict[str, int] = field(default_factory=lambda: dict(TABLES["english"]))
    diagonals: bool = False       # the two long diagonals score as extra hands
    first_top_left: bool = False  # the first card goes in the top-left cell
    adjacent: bool = False        # each card after the first touches a placed card (also diagonally)
    joker: bool = False           # a wild card may be in the order
    discards: int = 0             # cards that may be discarded: 25 + discards cards are turned
    rows_only: bool = False       # Repeat Poker: rows score, columns do not

    def __post_init__(self):
        if self.discards not in (0, 5):
            raise DealError("--discards is 0 or 5 (the large Swedish form turns 30 cards and places 25)")
        if self.rows_only and self.diagonals:
            raise DealError("--rows-only and --diagonals do not go together (Repeat Poker scores rows only)")
        if sorted(self.table) != sorted(CATEGORIES):
            raise DealError("a scoring table needs points for every hand category")

    @classmethod
    def make(cls, table: str = "english", table_file: Optional[str] = None, **options) -> "PokerRules":
        name = f"custom ({table_file})" if table_file else table
        return cls(table_name=name, table=load_table(table, table_file), **options)

    @property
    def cards_turned(self) -> int:
        return PLACED + self.discards

    def lines(self):
        """The scored lines: (name, [(row, col), ...]) each."""
        out = [(f"row {r + 1}", [(r, c) for c in range(SIZE)]) for r in range(SIZE)]
        if not self.rows_only:
            out += [(f"column {c + 1}", [(r, c) for r in range(SIZE)]) for c in range(SIZE)]
        if self.diagonals:
            out += [("diagonal \\", [(i, i) for i in range(SIZE)]),
                    ("diagonal /", [(i, SIZE - 1 - i) for i in range(SIZE)])]
        return out

    def most_points(self) -> int:
        """No grid scores more: every line at the table's best hand."""
        return len(self.lines()) * max(self.table.values())

    def least_points(self) -> int:
        """No grid scores less: every line at the table's worst hand."""
        return len(self.lines()) * min(self.table.values())

    def to_json(self) -> dict:
        return {"table": self.table_name, "points": self.table, "diagonals": self.diagonals,
                "first_top_left": self.first_top_left, "adjacent": self.adjacent, "joker": self.joker,
                "discards": self.discards, "rows_only": self.rows_only}

    def describe(self) -> str:
        parts = [f"{self.table_name} table"]
        for flag, text in ((self.diagonals, "diagonals"), (self.first_top_left, "first card top left"),
                           (self.adjacent, "adjacent placement"), (self.joker, "joker"),
                           (self.rows_only, "rows only (Repeat Poker)")):
            if flag:
                parts.append(text)
        if self.discards:
            parts.append(f"{self.discards} discards of {self.cards_turned} cards")
        return ", ".join(parts)
