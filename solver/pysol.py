"""PySolFC game numbers, reproduced exactly with the pysol-cards package.

PySolFC deals games 1..31999 with the Microsoft-compatible LCRandom31 and
32000 and up with the Mersenne Twister.  pysol-cards switches generator at
`<= 32000` instead of `< 32000`, so game 32000 would come out wrong; we choose
the generator ourselves and let pysol-cards do the rest (layout and printing).
"""
from __future__ import annotations

from pysol_cards.cards import CardRenderer, createCards, ms_rearrange
from pysol_cards.deal_game import Game
from pysol_cards.random import LCRandom31, MTRandom
from pysol_cards.random_base import RandomBase

from solver.errors import DealError

PYSOLFC_MS_LIMIT = 32000  # PySolFC: numbers below this use LCRandom31
MAX_GAME_NUMBER = 10**20 - 1


class _PySolFCGame(Game):
    def deal(self):
        cards = createCards(self.get_num_decks(), self.max_rank)
        if self.game_num < PYSOLFC_MS_LIMIT:
            rng = LCRandom31()
            rng.setSeed(self.game_num)
            cards = rng.shuffle(ms_rearrange(cards))
        else:
            rng = MTRandom()
            rng.setSeed(self.game_num)
            cards = rng.shuffle(cards)
        cards.reverse()
        self.new_cards(cards)


def layout_text(game: str, number: int) -> str:
    """The PySol layout text of PySolFC game `number` of `game` ('klondike', 'golf')."""
    if not 1 <= number <= MAX_GAME_NUMBER:
        raise DealError(f"PySolFC game number {number} is out of range (1 to {MAX_GAME_NUMBER})")
    return _PySolFCGame(game, number, RandomBase.DEALS_PYSOLFC).calc_layout_string(CardRenderer(True))
