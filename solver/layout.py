"""Lines of PySol layout text, as pysol-cards prints them and black-hole-solver reads them.

Every game's deal text is a few "Key: cards" lines (Talon:, Foundations:, ...)
and one line per column.  A column line may start with ':' as fc-solve writes
them; blank lines and '#' comments are skipped.
"""
from __future__ import annotations

from typing import Iterator, Optional, Tuple


def layout_lines(text: str) -> Iterator[Tuple[str, Optional[str], str]]:
    """(where, key, rest) per meaningful line: key is the lower-cased name before ':'
    for a header line, None for a column line (rest is then the column's cards)."""
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        where = f"line {number}"
        if line.startswith(":") or ":" not in line:
            yield where, None, line[1:] if line.startswith(":") else line
        else:
            head, _, rest = line.partition(":")
            yield where, head.strip().lower(), rest


GAME_COMMANDS = {"klondike": "Klondike deal", "golf": "Golf deal", "poker": "Poker Squares card order"}


def looks_like(text: str) -> Optional[str]:
    """The game a deal text was most likely written for ("klondike", "golf" or "poker"),
    or None: a hint for the user who gave one game's file to another game's command.
    Klondike columns hold face-down cards (<..>); Golf has 7 columns (per deck) of 5
    face-up cards and one base card; a Poker order is a bare list of 25 or 30 cards."""
    stripped = text.lstrip()
    if stripped.startswith("{"):
        import json
        try:
            game = json.loads(text).get("game")
        except (ValueError, AttributeError, RecursionError):
            return None
        return game if isinstance(game, str) and game in GAME_COMMANDS else None
    columns, headers = [], {}
    for _, key, rest in layout_lines(text):
        if key is None:
            columns.append(rest.split())
        else:
            headers[key] = rest.split()
    if any("<" in card for column in columns for card in column):
        return "klondike"
    base = headers.get("foundations", headers.get("base"))
    if ("talon" in headers and base is not None and len(base) == 1 and columns and len(columns) % 7 == 0
            and all(len(column) == 5 for column in columns)):
        return "golf"
    if not headers and sum(len(column) for column in columns) in (25, 30):
        return "poker"
    return None


def wrong_game_hint(text: str, game: str) -> str:
    """' (this looks like a Golf deal: ...)' when the text seems to be another game's, else ''."""
    other = looks_like(text)
    if other is None or other == game:
        return ""
    return f" (this looks like a {GAME_COMMANDS[other]}: try 'patiens {other} ...')"
