"""Klondike deals and positions: where they come from and how they are written.

A position is the seven columns (bottom card first, the first `face_down[i]`
cards face down), the waste (bottom first), the stock (next card first), the
number of cards on each foundation, and how many times the waste has already
been turned over.  A fresh deal is a position with an empty waste and
foundations.

Text form: the PySol layout that pysol-cards prints and black-hole-solver
reads, with optional extra lines for positions part-way through a game::

    Talon: 4H AC 4D ...          the stock, next card first
    Waste: 9C 3D                 optional: bottom first, top last
    Foundations: C-2 H-A         optional: top card per suit (or '-')
    Pass: 2                      optional: the pass being played
    QH                           seven column lines, bottom card first,
    <7H> TS                      <..> marks a face-down card
    ...

A column line may start with ':' (as fc-solve writes them); ':' alone or '-'
is an empty column.  The JSON form carries the same fields.

A position as a player knows it (the real game) writes `<??>` for a face-down card
and `??` in the Talon line for a stock card it has not seen (JSON: "??"): the
deck less every card shown is the set those places hold.  Such a position is for
`klondike hint`; solving and replaying need every card.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional, Tuple

from solver import pysol, shuffle
from solver.cards import (
    DECK,
    PLAIN,
    RANKS,
    SUITS,
    CardStyle,
    card_str,
    cards_str,
    check_deck,
    is_red,
    make_card,
    parse_card,
    parse_rank,
    rank_of,
)
from solver.errors import DealError, read_json_or_none
from solver.klondike import solvitaire
from solver.layout import layout_lines, wrong_game_hint

COLUMNS = 7
UNKNOWN = -1  # a card whose place is known and identity is not (written ??)
_WASTE_SEEN = "?? marks a card not seen yet, but every waste card has been seen"  # (text and JSON alike)


@dataclass
class KlondikeDeal:
    columns: List[List[int]]
    face_down: List[int]
    stock: List[int]
    waste: List[int] = field(default_factory=list)
    foundations: List[int] = field(default_factory=lambda: [0, 0, 0, 0])
    pass_number: int = 1  # the pass through the stock being played (text "Pass:", JSON "pass")
    source: str = ""

    # --- where deals come from -------------------------------------------------

    @classmethod
    def from_order(cls, order: List[int], source: str = "") -> "KlondikeDeal":
        """Deal 52 cards in dealing order the usual way: row by row, left to right,
        each row starting one column further right; the last card of each column is
        face up; the other 24 cards form the stock, next card first."""
        columns: List[List[int]] = [[] for _ in range(COLUMNS)]
        it = iter(order)
        for row in range(COLUMNS):
            for col in range(row, COLUMNS):
                columns[col].append(next(it))
        return cls(columns=columns, face_down=list(range(COLUMNS)), stock=list(it), source=source)

    @classmethod
    def from_seed(cls, seed: int) -> "KlondikeDeal":
        return cls.from_order(shuffle.shuffled_deck(seed), source=f"seed {seed}")

    @classmethod
    def from_pysol_number(cls, number: int) -> "KlondikeDeal":
        deal = cls.parse(pysol.layout_text("klondike", number))
        deal.source = f"PySolFC game {number}"
        return deal

    @classmethod
    def from_ks_game(cls, number: int) -> "KlondikeDeal":
        """Klondike-Solver's game `number` (its /GAME N), dealt as it deals it."""
        from solver.klondike import ks_numbers
        return cls._numbered(ks_numbers, number, "Klondike-Solver")

    @classmethod
    def from_greenfelt(cls, number: int) -> "KlondikeDeal":
        """greenfelt.net's Klondike game `number`, as sigoden/klondike deals it."""
        from solver.klondike import greenfelt
        return cls._numbered(greenfelt, number, "greenfelt.net")

    @classmethod
    def _numbered(cls, tool, number: int, name: str) -> "KlondikeDeal":
        """Game `number` of another tool: its module gives MAX_GAME and layout(number)."""
        if not 0 <= number <= tool.MAX_GAME:
            raise DealError(f"{name}'s game numbers run from 0 to {tool.MAX_GAME}, not {number}")
        columns, face_down, stock = tool.layout(number)
        return cls(columns=columns, face_down=face_down, stock=stock, waste=[], foundations=[0, 0, 0, 0],
                   source=f"{name} game {number}")

    @classmethod
    def parse(cls, text: str, source: str = "") -> "KlondikeDeal":
        """A deal in PySol layout text or JSON (told apart by the first character).  Raises
        DealError naming the first thing wrong (with a hint when it is another game's)."""
        try:
            obj = read_json_or_none(text)
            deal = cls._parse_text(text) if obj is None else cls.from_json(obj)
        except DealError as e:
            raise DealError(f"{e}{wrong_game_hint(text, 'klondike')}") from None
        deal.source = source or deal.source
        return deal

    @classmethod
    def _parse_text(cls, text: str) -> "KlondikeDeal":
        stock: Optional[List[int]] = None
        waste: List[int] = []
        foundations = [0, 0, 0, 0]
        pass_number = 1
        columns: List[Tuple[str, List[int], int]] = []  # (where, cards, face-down count)
        for where, key, rest in layout_lines(text):
            if key is None:
                cards, down = _parse_column(rest, f"{where} (column {len(columns) + 1})")
                columns.append((where, cards, down))
            elif key in ("talon", "stock"):
                if stock is not None:
                    raise DealError(f"{where}: a second Talon line")
                stock = _plain_cards(rest, where, unknown_ok=True)
            elif key == "waste":
                waste = _plain_cards(rest, where)
            elif key == "foundations":
                foundations = _parse_foundations(rest, where)
            elif key == "pass":
                pass_number = _parse_int(rest, where, "pass number")
            else:
                raise DealError(f"{where}: unknown line {key + ':'!r} (expected Talon:, Waste:, Foundations:, "
                                "Pass: or a column)")
        if stock is None:
            raise DealError("no 'Talon:' line: the stock must be listed (next card first)")
        if len(columns) != COLUMNS:
            raise DealError(f"Klondike has 7 columns, the deal has {len(columns)} column lines")
        deal = cls(columns=[c for _, c, _ in columns], face_down=[d for _, _, d in columns], stock=stock,
                   waste=waste, foundations=foundations, pass_number=pass_number)
        deal.validate()
        return deal

    @classmethod
    def from_json(cls, obj) -> "KlondikeDeal":
        if not isinstance(obj, dict):
            raise DealError("a JSON deal is an object with 'columns' and 'stock'")
        if "tableau piles" in obj:  # Solvitaire's deal JSON
            deal = cls(**solvitaire.read(obj), source="")
            deal.validate()
            return deal
        game = obj.get("game", "klondike")
        if game != "klondike":
            raise DealError(f"this is a {game!r} deal, not a Klondike one")
        try:
            cols = obj["columns"]
            stock = [_json_card(c) for c in _json_list(obj["stock"], "stock")]
        except KeyError as e:
            raise DealError(f"the JSON deal lacks {e.args[0]!r}") from None
        waste = _json_list(obj.get("waste", []), "waste")
        if "??" in waste:
            raise DealError(f"the JSON deal's 'waste': {_WASTE_SEEN}")
        if not isinstance(cols, list) or len(cols) != COLUMNS:
            raise DealError("the JSON deal needs 'columns': a list of 7 columns")
        columns, face_down = [], []
        for i, col in enumerate(cols, 1):
            if not isinstance(col, dict):
                raise DealError(f"column {i}: write it as {{\"down\": [...], \"up\": [...]}}")
            down = [_json_card(c) for c in _json_list(col.get("down", []), f"column {i}'s down")]
            up = [_json_card(c) for c in _json_list(col.get("up", []), f"column {i}'s up")]
            columns.append(down + up)
            face_down.append(len(down))
        found = obj.get("foundations", {})
        if isinstance(found, dict):
            foundations = [0, 0, 0, 0]
            for suit, value in found.items():
                if suit.upper() not in SUITS:
                    raise DealError(f"unknown foundation suit {suit!r}")
                foundations[SUITS.index(suit.upper())] = (
                    value if isinstance(value, int) else (0 if value in ("-", "0") else parse_rank(str(value))))
        else:
            raise DealError("'foundations' is an object such as {\"C\": 3, \"H\": 1}")
        deal = cls(columns=columns, face_down=face_down, stock=stock,
                   waste=[parse_card(c) for c in waste], foundations=foundations,
                   pass_number=_json_int(obj.get("pass", 1), "pass"), source=obj.get("source", ""))
        deal.validate()
        return deal

    # --- checks -------------------------------------------------------------

    @property
    def unknown_count(self) -> int:
        """The places written ?? (a position as a player knows it)."""
        return sum(c == UNKNOWN for col in self.columns for c in col) + self.stock.count(UNKNOWN)

    def shown_cards(self) -> List[int]:
        """Every card the position shows: home, in the columns, the waste and the stock
        (the ?? places left out)."""
        every = self.home_cards() + [c for col in self.columns for c in col] + self.waste + self.stock
        return [c for c in every if c != UNKNOWN]

    def unseen_cards(self) -> List[int]:
        """The cards the ?? places hold between them: the deck less every card shown."""
        shown = set(self.shown_cards())
        return [c for c in DECK if c not in shown]

    def home_cards(self) -> List[int]:
        return [make_card(s, r) for s in range(4) for r in range(1, self.foundations[s] + 1)]

    def require_every_card(self, what: str) -> None:
        """Refuse a position with unknown cards for a question that needs them all."""
        if self.unknown_count:
            raise DealError(f"the position has {self.unknown_count} unknown card(s) (?? or <??>): {what} needs "
                            "every card; 'patiens klondike hint' weighs the hidden ones")

    def validate(self) -> None:
        """Every rule a real position obeys, each broken one named in one line."""
        for s, n in enumerate(self.foundations):
            if not 0 <= n <= 13:
                raise DealError(f"the {SUITS[s]} foundation cannot hold {n} cards")
        shown = self.shown_cards()
        for i, (col, down) in enumerate(zip(self.columns, self.face_down), 1):
            if UNKNOWN in col[down:]:
                raise DealError(f"column {i}: a face-up card is always known; only a face-down one can be <??>")
        unknown = self.unknown_count
        if not unknown:
            check_deck(shown, DECK, "deal")
        else:
            twice = sorted({c for c in shown if shown.count(c) > 1})
            if twice:
                raise DealError(f"duplicated card {cards_str(twice[:5])} in the position")
            if len(shown) + unknown != len(DECK):
                raise DealError(f"the position shows {len(shown)} cards and {unknown} unknown place(s) (??), "
                                f"which make {len(shown) + unknown}, not the deck's {len(DECK)}")
        for i, (col, down) in enumerate(zip(self.columns, self.face_down), 1):
            if col and down >= len(col):
                top = "<??>" if col[-1] == UNKNOWN else card_str(col[-1])  # (card_str would name a card for it)
                raise DealError(f"column {i}: its top card {top} is face down, "
                                "but a face-down card with nothing on it is turned up at once")
            for below, above in zip(col[down:], col[down + 1:]):
                if not (rank_of(below) == rank_of(above) + 1 and is_red(below) != is_red(above)):
                    raise DealError(f"column {i}: {card_str(above)} cannot lie on {card_str(below)} "
                                    "(face-up cards build down in alternate colours)")
        if not 1 <= self.pass_number <= 999:
            raise DealError(f"the pass number runs from 1 (the first pass) to 999, not {self.pass_number}")

    # --- how deals are written ------------------------------------------------

    def to_core(self) -> dict:
        if self.unknown_count:  # callers check first (require_every_card); this is the last guard
            raise ValueError("a position with unknown cards has no core form")
        return {"columns": self.columns, "face_down": self.face_down, "waste": self.waste,
                "stock": self.stock, "foundations": self.foundations, "redeals_done": self.pass_number - 1}

    @classmethod
    def from_core(cls, d: dict, source: str = "") -> "KlondikeDeal":
        return cls(columns=[list(c) for c in d["columns"]], face_down=list(d["face_down"]), stock=list(d["stock"]),
                   waste=list(d["waste"]), foundations=list(d["foundations"]),
                   pass_number=d["redeals_done"] + 1, source=source)

    def is_fresh(self) -> bool:
        return not self.waste and not any(self.foundations) and self.pass_number == 1

    def column_tokens(self, i: int) -> List[str]:
        down = self.face_down[i]
        return [f"<{_token(c)}>" if k < down else _token(c) for k, c in enumerate(self.columns[i])]

    def to_pysol(self) -> str:
        lines = [f"Talon: {_tokens(self.stock)}".rstrip()]
        if self.waste:
            lines.append(f"Waste: {cards_str(self.waste)}")
        if any(self.foundations):
            lines.append("Foundations: " + " ".join(
                f"{SUITS[s]}-{RANKS[n - 1]}" for s, n in enumerate(self.foundations) if n))
        if self.pass_number > 1:
            lines.append(f"Pass: {self.pass_number}")
        prefix = ": " if any(not col for col in self.columns) else ""
        for i in range(COLUMNS):
            lines.append((prefix + " ".join(self.column_tokens(i))).rstrip() or ":")
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict:
        return {
            "game": "klondike",
            "source": self.source,
            "stock": [_token(c) for c in self.stock],
            "waste": [card_str(c) for c in self.waste],
            "foundations": {SUITS[s]: n for s, n in enumerate(self.foundations)},
            "pass": self.pass_number,
            "columns": [{"down": [_token(c) for c in col[:d]], "up": [_token(c) for c in col[d:]]}
                        for col, d in zip(self.columns, self.face_down)],
        }

    def to_solvitaire(self) -> dict:
        """Solvitaire's deal JSON (solvitaire.py); DealError for a position it cannot hold."""
        return solvitaire.write(self)

    def render(self, style: CardStyle = PLAIN) -> str:
        """The position drawn as on the table (board.py), under its source."""
        from solver.klondike.board import board_lines
        return "\n".join(([f"Klondike, {self.source}"] if self.source else []) + board_lines(self, style))


def _token(card: int) -> str:
    return "??" if card == UNKNOWN else card_str(card)


def _tokens(cards: List[int]) -> str:
    return " ".join(_token(c) for c in cards)


def _json_int(value, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise DealError(f"the JSON deal's {what!r} must be a whole number")
    return value


def _parse_int(text: str, where: str, what: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise DealError(f"{where}: {what} must be a number, not {text.strip()!r}") from None


def _plain_cards(text: str, where: str, unknown_ok: bool = False) -> List[int]:
    cards = []
    for token in text.split():
        if token.startswith("<"):
            raise DealError(f"{where}: {token} is marked face down, but talon cards are written plain")
        if token == "??" and not unknown_ok:
            raise DealError(f"{where}: {_WASTE_SEEN}")
        cards.append(_card(token, where))
    return cards


def _card(token: str, where: str) -> int:
    if token == "??":
        return UNKNOWN
    try:
        return parse_card(token)
    except DealError as e:
        raise DealError(f"{where}: {e}") from None


def _json_card(text) -> int:
    return UNKNOWN if text == "??" else parse_card(text)


def _json_list(value, what: str) -> list:
    if not isinstance(value, list):  # (a string would be read a letter at a time)
        raise DealError(f"the JSON deal's {what!r} must be a list of cards")
    return value


def _parse_column(text: str, where: str) -> Tuple[List[int], int]:
    tokens = text.split()
    if tokens in (["-"], []):
        return [], 0
    cards, down, seen_up = [], 0, False
    for token in tokens:
        if token.startswith("<") and token.endswith(">"):
            if seen_up:
                raise DealError(f"{where}: the face-down card {token} lies on a face-up card")
            down += 1
            cards.append(_card(token[1:-1], where))
        else:
            seen_up = True
            cards.append(_card(token, where))
    return cards, down


def _parse_foundations(text: str, where: str) -> List[int]:
    found = [0, 0, 0, 0]
    for token in text.split():
        if token == "-":
            continue
        suit, dash, rank = token.partition("-")
        if not dash:  # "5H": the top card
            card = _card(token, where)
            suit, rank = SUITS[card // 13], RANKS[card % 13]
        if suit.upper() not in SUITS:
            raise DealError(f"{where}: unknown foundation {token!r} (write e.g. H-5)")
        found[SUITS.index(suit.upper())] = 0 if rank == "0" else _rank(rank, where)
    return found


def _rank(text: str, where: str) -> int:
    try:
        return parse_rank(text)
    except DealError as e:
        raise DealError(f"{where}: {e}") from None
