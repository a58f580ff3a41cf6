"""The results file of a batch: JSON Lines (or CSV), one whole record per line.

Each record is written with a single write() of the complete line, so a run
killed at any moment leaves at most one half-written last line; opening the file
again detects it and cuts it off, and that deal is simply done again.  Records
already there are never redone: that is what makes a rerun resume.

A writer holds an exclusive lock on the file (flock) from before it reads the
records until it is done, so a second run on the same file stops at once instead
of solving every deal again and writing each twice.  Only a regular file (or a new
one) can be resumed and locked; "-" streams the records to standard output.
"""
from __future__ import annotations

import csv
import io
import json
import os
import stat
import sys
from typing import Dict, List, Optional

from solver.errors import DealError, OptionError

CSV_FIELDS = ["id", "n", "game", "verdict", "solvable", "score", "proven", "stop_reason", "nodes", "seconds",
              "max_foundation", "vegas_score", "best_score", "cards_left", "stock_left", "bound", "won", "error",
              "rules", "options", "player", "optimum", "value_of_information", "player_vegas_score", "decisions"]
STDOUT = "-"
_JSON_FIELDS = ("rules", "options")  # dicts, written into one CSV cell as JSON


class ResultsFile:
    """The records of a results file, keyed by deal id (a later line of the same id
    wins: a deal done again).  `writer`: lock the file for appending."""

    def __init__(self, path: str, writer: bool = False):
        self.path = path
        self.csv = path.lower().endswith(".csv")
        self.records: Dict[str, dict] = {}
        self.last: Optional[dict] = None  # the file's last record
        self.repaired = False
        self._fd = None
        self._header_due = False
        # A CSV file's columns: its own header's where it has one (a file begun by an
        # earlier version, with fewer columns, gets rows of its own columns).
        self._fields = CSV_FIELDS
        if path == STDOUT:
            if not writer:
                raise OptionError("results are read from a file, not from '-'")
            self._fd = sys.stdout.fileno()
            self._header_due = self.csv
            return
        check_results_path(path, must_exist=not writer)
        if writer:
            self._lock()
        try:
            self._load()
        except BaseException:
            self.close()
            raise

    # --- reading ---------------------------------------------------------------------

    def _load(self) -> None:
        with open(self.path, "rb") as f:
            data = f.read()
        lines = data.split(b"\n")  # the last piece follows the last newline: empty, or cut off
        keep = offset = 0
        header = None
        for number, raw in enumerate(lines[:-1], 1):
            offset += len(raw) + 1
            text = raw.decode("utf-8", errors="replace").strip()
            if not text:
                keep = offset
                continue
            try:
                if self.csv and header is None:
                    header = next(csv.reader([text]))
                    self._fields = header
                    keep = offset
                    continue
                record = _from_csv(dict(zip(header, next(csv.reader([text]))))) if self.csv else json.loads(text)
                if not well_formed(record):
                    raise TypeError
            except (ValueError, KeyError, TypeError, IndexError, StopIteration, RecursionError):
                if number == len(lines) - 1:  # the last line, broken: cut it off and redo that deal
                    break
                raise DealError(f"{self.path}, line {number}: not a results record (is it the right file?)") from None
            self.records[record["id"]] = record
            self.last = record
            keep = offset
        if self.csv and header is None:
            self._header_due = True
        if keep != len(data) and self._fd is not None:  # (a reader leaves the cut-off line to the next writer)
            os.ftruncate(self._fd, keep)
            self.repaired = True

    def check_rules(self, game: str, rules: dict) -> None:
        """A rerun must ask the same question as the run that made the file."""
        for record in self.records.values():
            if record.get("game") != game or record.get("rules") != rules:
                raise OptionError(f"{self.path} holds results for other rules or another game "
                                  f"({record.get('game')}: {record.get('rules')}); use another output file")
            break

    @property
    def done(self) -> set:
        """The deals with a record."""
        return set(self.records)

    @property
    def settled(self) -> set:
        """The deals whose record is proven (a rerun with --retry-unproven redoes the others)."""
        return {i for i, r in self.records.items() if r.get("proven") and r.get("verdict") != "error"}

    def all(self) -> List[dict]:
        return in_series_order(self.records.values())

    # --- writing ---------------------------------------------------------------------

    def _lock(self) -> None:
        self._fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            import fcntl
        except ImportError:  # no flock on this system: a second writer is not detected
            return
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(self._fd)
            self._fd = None
            raise OptionError(f"another run is writing {self.path}: wait for it to end, or use another file") from None

    def append(self, record: dict) -> None:
        if self._fd is None:
            raise RuntimeError("the results file is not open for writing")
        if self._header_due:
            os.write(self._fd, (",".join(self._fields) + "\r\n").encode())
            self._header_due = False
        os.write(self._fd, self._line(record))  # one write: a whole line or nothing
        self.records[record["id"]] = record
        self.last = record

    def _line(self, record: dict) -> bytes:
        if not self.csv:
            return (json.dumps(record, separators=(",", ":")) + "\n").encode()
        buf = io.StringIO()
        row = {k: record.get(k) for k in self._fields}
        for key in _JSON_FIELDS:
            if key in row:
                row[key] = json.dumps(record.get(key), separators=(",", ":"))
        csv.DictWriter(buf, fieldnames=self._fields).writerow(row)
        return buf.getvalue().encode()

    def close(self) -> None:
        if self._fd is None:
            return
        if self.path != STDOUT:
            os.fsync(self._fd)
            os.close(self._fd)  # (and with it the lock)
        self._fd = None


def check_results_path(path: str, must_exist: bool = False) -> None:
    """A results file must be a regular file (or a new one in an existing folder):
    reading /dev/full or a pipe to resume it would never end."""
    if path == STDOUT:
        return
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        if must_exist:
            raise DealError(f"no such file: {path}") from None
        folder = os.path.dirname(path) or "."
        if not os.path.isdir(folder):
            raise OptionError(f"cannot write {path}: no such folder {folder}") from None
        if not os.access(folder, os.W_OK):
            raise OptionError(f"cannot write {path}: the folder {folder} is not writable") from None
        return
    except OSError as e:
        raise OptionError(f"cannot use {path}: {e.strerror}") from None
    if stat.S_ISDIR(mode):
        raise OptionError(f"{path} is a folder, not a results file")
    if not stat.S_ISREG(mode):
        raise OptionError(f"{path} is not a regular file: results go to a file (or - for standard output)")


# What the summary reads from each record of a game besides its id, game, rules and
# score, and from each record of a player's games (analyse --player).
_GAME_FIELDS = {"klondike": ("max_foundation", "vegas_score"), "golf": (), "poker": ()}
_PLAYER_FIELDS = ("optimum", "value_of_information")
_OPTIONS = ("bonus", "par")  # a batch's options, which the summary takes (Klondike's, Golf's)
# The types the summary and the report take for granted, where a record has the field
# (only these: a file written by an earlier version still resumes).
_FIELD_TYPES = {"n": int, "nodes": (int, float), "seconds": (int, float), "error": str, "options": dict,
                "player": str}


def _is(value, kind) -> bool:
    """isinstance, where True and False are no numbers."""
    return isinstance(value, kind) and (kind is bool or not isinstance(value, bool))


def in_series_order(records) -> List[dict]:
    """Records in the order of their series (n, then id)."""
    return sorted(records, key=lambda r: (r.get("n") or 0, r["id"]))


def well_formed(record) -> bool:
    """Whether a line read back holds what a results record holds (else the file is not
    one of ours, or was edited by hand, and is refused in one line)."""
    if not isinstance(record, dict) or not isinstance(record.get("id"), str):
        return False
    if not all(record.get(key) is None or _is(record[key], kind) for key, kind in _FIELD_TYPES.items()):
        return False
    if not all(k in _OPTIONS and _is(v, int) for k, v in (record.get("options") or {}).items()):
        return False
    if record.get("verdict") == "error":
        return "error" in record
    rules = record.get("rules")
    if record.get("game") not in _GAME_FIELDS or not isinstance(rules, dict):
        return False
    if record["game"] == "poker" and not isinstance(rules.get("table"), str):
        return False
    fields = ("score",) + _GAME_FIELDS[record["game"]] + (_PLAYER_FIELDS if record.get("player") else ())
    return all(_is(record.get(f), int) for f in fields)  # (whole numbers: the summary prints them so)


def _from_csv(row: dict) -> dict:
    """A CSV row back as a record (numbers and booleans restored)."""
    out = {}
    for key, value in row.items():
        if key in _JSON_FIELDS:
            out[key] = json.loads(value) if value else None
        elif value in ("", None):
            out[key] = None
        elif value in ("True", "False"):
            out[key] = value == "True"
        else:
            try:
                out[key] = int(value)
            except ValueError:
                try:
                    out[key] = float(value)
                except ValueError:
                    out[key] = value
    return out
