"""The results file of a batch: JSON Lines (or CSV), one whole record per line.

Each record is written with a single write() of the complete line, so a run
killed at any moment leaves at most one half-written last line; opening the file
again detects it and cuts it off, and that deal is simply done again.  Records
already there are never redone: that is what makes a rerun resume.
"""
from __future__ import annotations

import csv
import io
import json
import os
from typing import Dict, List

from solver.errors import DealError

CSV_FIELDS = ["id", "n", "game", "verdict", "solvable", "score", "proven", "stop_reason", "nodes", "seconds",
              "max_foundation", "vegas_score", "best_score", "cards_left", "stock_left", "bound", "won", "error",
              "rules"]


class ResultsFile:
    def __init__(self, path: str):
        self.path = path
        self.csv = path.lower().endswith(".csv")
        self.records: Dict[str, dict] = {}
        self.repaired = False
        self._load()
        self._fd = None

    # --- reading ---------------------------------------------------------------------

    def _load(self) -> None:
        if not os.path.exists(self.path):
            return
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
                    keep = offset
                    continue
                record = _from_csv(dict(zip(header, next(csv.reader([text]))))) if self.csv else json.loads(text)
                record["id"]
            except (json.JSONDecodeError, KeyError, TypeError, StopIteration):
                if number == len(lines) - 1:  # the last line, broken: cut it off and redo that deal
                    break
                raise DealError(f"{self.path}, line {number}: not a results record (is it the right file?)") from None
            self.records[record["id"]] = record
            keep = offset
        if keep != len(data):
            with open(self.path, "r+b") as f:
                f.truncate(keep)
            self.repaired = True

    def check_rules(self, game: str, rules: dict) -> None:
        """A rerun must ask the same question as the run that made the file."""
        for record in self.records.values():
            if record.get("game") != game or record.get("rules") != rules:
                raise DealError(f"{self.path} holds results for other rules or another game "
                                f"({record.get('game')}: {record.get('rules')}); use another output file")
            break

    @property
    def done(self) -> set:
        return set(self.records)

    def all(self) -> List[dict]:
        return sorted(self.records.values(), key=lambda r: (r.get("n", 0), r["id"]))

    # --- writing ---------------------------------------------------------------------

    def append(self, record: dict) -> None:
        if self._fd is None:
            new = not os.path.exists(self.path) or os.path.getsize(self.path) == 0
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            if new and self.csv:
                os.write(self._fd, (",".join(CSV_FIELDS) + "\r\n").encode())
        os.write(self._fd, self._line(record))  # one write: a whole line or nothing
        self.records[record["id"]] = record

    def _line(self, record: dict) -> bytes:
        if not self.csv:
            return (json.dumps(record, separators=(",", ":")) + "\n").encode()
        buf = io.StringIO()
        row = {k: record.get(k) for k in CSV_FIELDS}
        row["rules"] = json.dumps(record.get("rules"), separators=(",", ":"))
        csv.DictWriter(buf, fieldnames=CSV_FIELDS).writerow(row)
        return buf.getvalue().encode()

    def close(self) -> None:
        if self._fd is not None:
            os.fsync(self._fd)
            os.close(self._fd)
            self._fd = None


def _from_csv(row: dict) -> dict:
    """A CSV row back as a record (numbers and booleans restored)."""
    out = {}
    for key, value in row.items():
        if key == "rules":
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
