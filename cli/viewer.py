"""Seeing a line, for every game: the boards printed along it (--board, --every), the
web page (--html), and the terminal step-through (`view`: one screen per step, the
heading, the board, the move in words, and keys to move on, back, to a move by
number, to either end, or out)."""
from __future__ import annotations

import contextlib
import os
import select
import sys
from dataclasses import dataclass
from typing import Callable, Iterator, List, Optional

import click

from cli.common import EXIT_OK, PLAIN_OPTION
from solver.errors import DealError

# What a terminal sends for each key (read one key at a time by _read_key).
KEYS = {
    "next": ("\x1b[C", "n", " ", "l"), "back": ("\x1b[D", "p", "b", "h"),
    "first": ("\x1b[H", "\x1b[1~", "\x1bOH", "0"), "last": ("\x1b[F", "\x1b[4~", "\x1bOF", "$"),
    "jump": ("g",), "quit": ("q", "Q", "\x03", "\x04"),
}
KEYS_HELP = ("Keys: right arrow, n or space: on a move; left arrow, p or b: back; g: go to a move by its number; "
             "Home or 0: the start; End or $: the last move; q: quit.  Needs a terminal")


@dataclass
class Frame:
    caption: str        # after "move k of n, " in the heading (e.g. "30 cards home")
    board: List[str]    # the board's lines
    token: str = ""     # the move ("" for the start)
    text: str = ""      # the move in words


def need_terminal(printout: str) -> None:
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise DealError(f"view needs a terminal to read keys from; for a printout use {printout}")


def view_line(title: str, text: str, best_line: Callable[[], List[str]],
              frames_of: Callable[[List[str]], List[Frame]]) -> int:
    """`view [DEAL] [MOVES...]`: step through the line given (up to its first illegal
    move), or without one through the best line (best_line() solves for it)."""
    if text.strip():
        tokens, what = text.replace(",", " ").split(), "the line given"
    else:
        tokens, what = best_line(), "its best line"
    frames = frames_of(tokens)
    if len(frames) <= len(tokens):
        what += f" (up to its illegal move {len(frames)})"
    return step_through(f"{title}, {what}", frames)


@contextlib.contextmanager
def key_mode() -> Iterator[Callable[[], str]]:
    """The terminal reads keys one by one, unechoed, for as long as the viewer runs, and
    yields the function that reads the next key.  Set once, not per key: a terminal's
    mode set again throws away the keys typed before it (a quick typist's, or a test's)."""
    import termios
    import tty
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    tty.setcbreak(fd, termios.TCSANOW)
    try:
        yield lambda: _read_key(fd)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def _read_key(fd: int) -> str:
    """One key: a character, or a whole escape sequence (an arrow, Home, End)."""
    key = os.read(fd, 1)
    if key == b"\x1b":
        while select.select([fd], [], [], 0.05)[0]:
            key += os.read(fd, 1)
            if key[-1:].isalpha() or key[-1:] == b"~":
                break
    return key.decode("utf-8", "replace")


def step_through(title: str, frames: List[Frame], start: str = "The deal.") -> int:
    """Show frames[k] from k = 0 and follow the keys until q."""
    with key_mode() as read_key:
        return _follow_keys(title, frames, start, read_key)


def _follow_keys(title: str, frames: List[Frame], start: str, read_key: Callable[[], str]) -> int:
    last, k = len(frames) - 1, 0
    while True:
        frame = frames[k]
        click.clear()
        click.echo(f"{title}: move {k} of {last}, {frame.caption}")
        click.echo("\n".join(frame.board))
        click.echo("\n" + (f"Move {k} ({frame.token}): {frame.text}" if k else start))
        click.echo("\n[right/n] on  [left/p] back  [g] go to move  [Home/0] start  [End/$] last  [q] quit")
        key = read_key()
        if key in KEYS["quit"]:
            return EXIT_OK
        if key in KEYS["next"]:
            k = min(k + 1, last)
        elif key in KEYS["back"]:
            k = max(k - 1, 0)
        elif key in KEYS["first"]:
            k = 0
        elif key in KEYS["last"]:
            k = last
        elif key in KEYS["jump"]:
            k = _ask_move(last, k)


def _ask_move(last: int, current: int) -> int:
    """A move number typed in (echoed, Enter to end), in the terminal's usual mode for the
    while; a bad number keeps the current move."""
    import termios
    fd = sys.stdin.fileno()
    raw = termios.tcgetattr(fd)
    cooked = list(raw)
    cooked[3] |= termios.ECHO | termios.ICANON
    termios.tcsetattr(fd, termios.TCSANOW, cooked)
    try:
        click.echo(f"Go to move (0-{last}): ", nl=False)
        text = sys.stdin.readline().strip()
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, raw)
    return int(text) if text.isdigit() and int(text) <= last else current


def board_options(f):
    """--board, --every and --plain: the table drawn along a line."""
    f = PLAIN_OPTION(f)
    f = click.option("--every", type=click.IntRange(1, 10**6), default=1, show_default=True, metavar="N",
                     help="With --board: every N moves.")(f)
    return click.option("--board", is_flag=True, help="Draw the table after every move (or every N moves).")(f)


HTML_OPTION = click.option("--html", "html_file", type=click.Path(dir_okay=False, writable=True), metavar="FILE",
                           help="Also write the line as a web page to step through (one file, nothing to fetch; "
                                "arrow keys step, FILE#move=N opens at move N).")


def write_page(path: Optional[str], make: Callable[[], str]) -> None:
    """Write the page `make` builds to `path` (nothing without a path)."""
    if path is None:
        return
    from solver.html_page import write
    text = make()
    try:
        write(path, text)
    except OSError as e:
        raise click.UsageError(f"cannot write the page {path}: {e.strerror or e}") from None


def print_boards(frames: List[Frame], every: int) -> None:
    """The board after every `every` moves of a line (frames[0] is the start) and
    after its last move."""
    moves = len(frames) - 1
    for n in sorted(set(range(every, moves + 1, every)) | ({moves} if moves else set())):
        click.echo(f"After move {n} ({frames[n].token}):")
        click.echo("\n".join(frames[n].board) + "\n")
