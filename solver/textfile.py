"""Reading a user's text file (a deal, a card order, a scoring table): whole, UTF-8,
and refused at once past a size no such file reaches, so that a wrong file (a
300 MB log, /dev/zero, a picture) gets one clear line instead of minutes of parsing.
"""
from __future__ import annotations

import os
import sys

from solver.errors import DealError

# A Klondike deal is about 200 bytes and a scoring table less; a deal set (.jsonl)
# of a million deals is about 250 MB.
MAX_DEAL_BYTES = 1 << 20
MAX_SET_BYTES = 1 << 30


def read_text(path: str, limit: int = MAX_DEAL_BYTES, what: str = "a deal file") -> str:
    """The text of `path` (or of standard input for '-'), as UTF-8."""
    name = "standard input" if path == "-" else path
    try:
        if path == "-":
            data = sys.stdin.buffer.read(limit + 1)
        else:
            if os.path.isdir(path):
                raise DealError(f"{path} is a folder, not {what}")
            with open(path, "rb") as f:
                data = f.read(limit + 1)
    except FileNotFoundError:
        raise DealError(f"no such file: {path}") from None
    except PermissionError:
        raise DealError(f"cannot read {path}: permission denied") from None
    except (OSError, ValueError) as e:  # ValueError: a name with a NUL byte
        raise DealError(f"cannot read {name}: {getattr(e, 'strerror', None) or e}") from None
    if len(data) > limit:
        raise DealError(f"{name} is larger than {_size(limit)}: not {what}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise DealError(f"{name} is not a text file (not UTF-8): not {what}") from None


def _size(n: int) -> str:
    return f"{n >> 30} GB" if n >= 1 << 30 else f"{n >> 20} MB"
