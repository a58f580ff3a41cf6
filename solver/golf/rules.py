"""Golf rule options (RULES.md 2), each one a variant named in the seed."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import List

from solver.errors import DealError

COLUMNS_PER_DECK = 7
COLUMN_HEIGHT = 5


@dataclass(frozen=True)
class GolfRules:
    wrap: bool = False              # K and A are neighbours both ways (Putt Putt, Easy Golf)
    queen_on_king: bool = False     # a Q may be played on a K
    king_on_ace_stop: bool = False  # a K may be played on an A, then nothing on that K
    jokers: int = 0                 # wild cards added to the deck
    empty_waste: bool = False       # no base card: the first waste card is a free card of your choice
    decks: int = 1                  # decks shuffled together: 7 columns of 5 per deck

    def __post_init__(self):
        if self.jokers not in (0, 1, 2):
            raise DealError(f"--jokers must be 0, 1 or 2, not {self.jokers}")
        if not 1 <= self.decks <= 4:
            raise DealError(f"--decks must be 1 to 4, not {self.decks}")
        if self.wrap and self.king_on_ace_stop:
            raise DealError("--king-on-ace-stop makes no sense with --wrap (with wrap a King on an Ace is an "
                            "ordinary move)")

    @property
    def columns(self) -> int:
        return COLUMNS_PER_DECK * self.decks

    @property
    def tableau_size(self) -> int:
        return self.columns * COLUMN_HEIGHT

    def deck(self) -> List[int]:
        """Every card of the game (a card number can repeat with several decks)."""
        return list(range(52)) * self.decks + [52, 53][:self.jokers]

    @property
    def stock_size(self) -> int:
        return len(self.deck()) - self.tableau_size - (0 if self.empty_waste else 1)

    def to_core(self) -> dict:
        return {"wrap": self.wrap, "queen_on_king": self.queen_on_king, "king_on_ace_stop": self.king_on_ace_stop}

    def to_json(self) -> dict:
        return asdict(self)

    def describe(self) -> str:
        parts = []
        if self.wrap:
            parts.append("wrap")
        if self.queen_on_king:
            parts.append("queen on king")
        if self.king_on_ace_stop:
            parts.append("king on ace, then stop")
        if self.jokers:
            parts.append(f"{self.jokers} joker{'s' if self.jokers > 1 else ''}")
        if self.empty_waste:
            parts.append("empty waste start")
        if self.decks > 1:
            parts.append(f"{self.decks} decks, {self.columns} columns")
        return ", ".join(parts) if parts else "basic rules"
