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
