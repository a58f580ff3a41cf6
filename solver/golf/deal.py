"""Golf deals: sources and formats.

Layout: 7 columns of 5 face-up cards per deck, dealt row by row (card i of the
dealing order goes to column i mod 7), then the waste's base card (none with
--empty-waste), then the stock, next card first.  Jokers are shuffled in with the
rest, so each joker adds one card to the stock.

Text form: the PySol layout that pysol-cards prints and black-hole-solver reads::

    Talon: 8H 2C JH ...      the stock, next card first
    Foundations: TH          the waste's base card ('-' with an empty waste)
    JD 5H KH AS 4H           the columns, bottom card first, free card last
    ...

A joker is written JK.  The JSON form carries the same fields.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional

from solver import pysol, shuffle
from solver.cards import PLAIN, CardStyle, card_str, cards_str, check_deck, is_joker, parse_card, rank_of
from solver.errors import DealError, read_json_or_none
from solver.golf.rules import GolfRules
from solver.layout import layout_lines, wrong_game_hint


@dataclass
class GolfDeal:
    columns: List[List[int]]
    stock: List[int]
    base: Optional[int]
    source: str = ""
    rules: GolfRules = field(default_factory=GolfRules, repr=False)
    # A position reached in play (solve --after): its base is a King played on an Ace
    # under king-on-ace-stop, which takes nothing.
    base_stopped: bool = False

    @classmethod
    def from_order(cls, order: List[int], rules: GolfRules, source: str = "") -> "GolfDeal":
        n = rules.tableau_size
        columns = [order[c:n:rules.columns] for c in range(rules.columns)]
        rest = order[n:]
        base = None if rules.empty_waste else rest.pop(0)
        return cls(columns=columns, stock=rest, base=base, source=source, rules=rules)

    @classmethod
    def from_seed(cls, seed: int, rules: GolfRules = GolfRules()) -> "GolfDeal":
        return cls.from_order(shuffle.shuffled_deck(seed, rules.jokers, rules.decks), rules, source=f"seed {seed}")

    @classmethod
    def from_pysol_number(cls, number: int, rules: GolfRules = GolfRules()) -> "GolfDeal":
        if rules.decks != 1 or rules.jokers:
            raise DealError("PySolFC Golf games have one deck and no jokers")
        deal = cls.parse(pysol.layout_text("golf", number), GolfRules())
        if rules.empty_waste:  # the base card is then simply the next stock card
            deal.stock.insert(0, deal.base)
            deal.base = None
        deal.rules = rules
        deal.source = f"PySolFC game {number}"
        return deal

    @classmethod
    def parse(cls, text: str, rules: GolfRules = GolfRules(), source: str = "") -> "GolfDeal":
        try:
            obj = read_json_or_none(text)
            deal = cls._parse_text(text, rules) if obj is None else cls.from_json(obj, rules)
        except DealError as e:
            raise DealError(f"{e}{wrong_game_hint(text, 'golf')}") from None
        deal.source = source or deal.source
        return deal

    @classmethod
    def _parse_text(cls, text: str, rules: GolfRules) -> "GolfDeal":
        jokers = rules.jokers > 0
        stock, base, seen_base = None, None, False
        columns: List[List[int]] = []
        for where, key, rest in layout_lines(text):
            if key is None:
                columns.append(_cards(rest, where, jokers))
            elif key in ("talon", "stock"):
                stock = _cards(rest, where, jokers)
            elif key in ("foundations", "waste", "base"):
                cards = _cards(rest.replace("-", " "), where, jokers)
                if len(cards) > 1:
                    raise DealError(f"{where}: the waste's base is one card (or '-'), not {len(cards)}")
                base, seen_base = (cards[0] if cards else None), True
            else:
                raise DealError(f"{where}: unknown line {key + ':'!r} (expected Talon:, Foundations: or a column)")
        if stock is None:
            raise DealError("no 'Talon:' line: the stock must be listed (next card first)")
        if not seen_base:
            raise DealError("no 'Foundations:' line: give the waste's base card, or '-' for an empty waste")
        deal = cls(columns=columns, stock=stock, base=base, rules=rules)
        deal.validate()
        return deal

    @classmethod
    def from_json(cls, obj, rules: GolfRules) -> "GolfDeal":
        if not isinstance(obj, dict):
            raise DealError("a JSON Golf deal is an object with 'columns', 'stock' and 'base'")
        if obj.get("game", "golf") != "golf":
            raise DealError(f"this is a {obj.get('game')!r} deal, not a Golf one")
        jokers = rules.jokers > 0
        shape = "'columns' is a list of lists of cards and 'stock' a list of cards"
        try:
            if not isinstance(obj["stock"], list) or not all(isinstance(col, list) for col in obj["columns"]):
                raise DealError(shape)  # (a string would be read a letter at a time)
            columns = [[parse_card(c, jokers) for c in col] for col in obj["columns"]]
            stock = [parse_card(c, jokers) for c in obj["stock"]]
        except KeyError as e:
            raise DealError(f"the JSON deal lacks {e.args[0]!r}") from None
        except TypeError:
            raise DealError(shape) from None
        base = obj.get("base")
        deal = cls(columns=columns, stock=stock, base=None if base in (None, "-") else parse_card(base, jokers),
                   source=obj.get("source", ""), rules=rules)
        deal.validate()
        return deal

    def validate(self) -> None:
        rules = self.rules
        if len(self.columns) != rules.columns:
            raise DealError(f"this Golf game has {rules.columns} columns, the deal has {len(self.columns)}")
        for i, col in enumerate(self.columns, 1):
            if len(col) > 15:
                raise DealError(f"column {i} has {len(col)} cards; a Golf column holds at most 15")
        if rules.empty_waste and self.base is not None:
            raise DealError("--empty-waste: the deal must have no base card (write 'Foundations: -')")
        if not rules.empty_waste and self.base is None:
            raise DealError("the deal has no base card for the waste: use --empty-waste, or give one")
        jokers = [c for c in self.all_cards() if is_joker(c)]
        if len(jokers) > rules.jokers:
            raise DealError(f"the deal has {len(jokers)} joker(s); say --jokers {len(jokers)}")
        normalized = [52 + i for i in range(len(jokers))]
        cards = [c for c in self.all_cards() if not is_joker(c)] + normalized
        check_deck(cards, rules.deck(), "deal")

    def all_cards(self) -> List[int]:
        return [c for col in self.columns for c in col] + self.stock + ([self.base] if self.base is not None else [])

    # --- output ---------------------------------------------------------------

    def to_core(self) -> dict:
        code = lambda c: 0 if is_joker(c) else rank_of(c)  # noqa: E731 - Golf plays on ranks only
        return {"columns": [[code(c) for c in col] for col in self.columns], "stock": [code(c) for c in self.stock],
                "base": None if self.base is None else code(self.base), "base_stopped": self.base_stopped}

    def to_pysol(self) -> str:
        lines = [f"Talon: {cards_str(self.stock)}".rstrip(),
                 f"Foundations: {card_str(self.base) if self.base is not None else '-'}"]
        lines += [(": " if not col else "") + cards_str(col) for col in self.columns]
        return "\n".join(line.rstrip() for line in lines) + "\n"

    def to_json(self) -> dict:
        return {"game": "golf", "source": self.source, "rules": self.rules.to_json(),
                "stock": [card_str(c) for c in self.stock],
                "base": card_str(self.base) if self.base is not None else None,
                "columns": [[card_str(c) for c in col] for col in self.columns]}

    def render(self, style: CardStyle = PLAIN) -> str:
        lines = [f"Golf, {self.source}" if self.source else "Golf deal",
                 f"Waste base: {card_str(self.base) if self.base is not None else '(empty)'}",
                 f"Stock ({len(self.stock)}, next first): {cards_str(self.stock) or '(empty)'}"]
        height = max((len(c) for c in self.columns), default=0)
        lines.append("      " + " ".join(f"{i + 1:>3}" for i in range(len(self.columns))))
        for row in range(height):
            cells = [" " * (3 - style.width(style.card(col[row]))) + style.card(col[row]) if row < len(col)
                     else "   " for col in self.columns]
            lines.append(f"row {row + 1} " + " ".join(cells))
        lines.append("(the last card of each column is free)")
        return "\n".join(lines)


def _cards(text: str, where: str, jokers: bool) -> List[int]:
    try:
        return [parse_card(t, jokers) for t in text.split()]
    except DealError as e:
        raise DealError(f"{where}: {e}") from None

