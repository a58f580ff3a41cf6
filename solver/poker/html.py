"""A Poker Squares game as one web page to step through (the frame:
solver/html_page.py): the grid filling card by card, the card just turned beside it,
and the hands of the lines complete so far."""
from __future__ import annotations

from typing import List, Sequence, Tuple

from solver.html_page import Table
from solver.html_page import page as frame
from solver.poker.board import board_json, walk
from solver.poker.rules import PokerRules


def steps(order: Sequence[int], placement: Sequence[Tuple[int, int, int]], discarded: Sequence[int],
          rules: PokerRules) -> List[dict]:
    return [{"token": step.token, "text": step.text, "caption": step.caption(rules), "board": board_json(step, rules)}
            for step in walk(order, placement, discarded)]


def page(order, placement, discarded, rules: PokerRules, title: str) -> str:
    return frame(TABLE, title, rules.describe(), steps(order, placement, discarded, rules))


TABLE = Table(css="""
#layout { display: flex; gap: 32px; align-items: flex-start; }
#grid { display: grid; grid-template-columns: repeat(5, 64px); grid-auto-rows: 90px; gap: 8px; }
.cell { border: 1px dashed rgba(255,255,255,.35); border-radius: 6px; }
.cell.filled { border: none; }
.cell .card { width: 64px; height: 90px; }
#hand { min-width: 64px; }
#hands { font-size: .9em; line-height: 1.5; }
""", markup="""
  <div id="layout">
    <div id="grid"></div>
    <div><div class="pile" id="hand"><span class="label">turned</span></div></div>
    <div><div id="discarded"></div><div id="hands"></div></div>
  </div>
""", script="""
function drawBoard(b) {
  const grid = document.getElementById("grid");
  grid.replaceChildren(...b.grid.flatMap((row, r) => row.map((name, c) => {
    const cell = document.createElement("div");
    cell.className = "cell" + (name ? " filled" : "");
    cell.dataset.at = (r + 1) + " " + (c + 1);  // row, column
    if (name) cell.append(card(name));
    return cell;
  })));
  setPile("hand", b.card ? card(b.card) : null, b.card ? 1 : 0, "turned");
  const gone = document.getElementById("discarded");
  gone.dataset.cards = b.discarded.join(" ");
  gone.textContent = b.discarded.length ? "Discarded: " + b.discarded.join(" ") : "";
  document.getElementById("hands").replaceChildren(...b.hands.map(h => {
    const line = document.createElement("div");
    line.dataset.line = h.line;
    line.textContent = h.line + ": " + h.hand + " (" + (h.points >= 0 ? "+" : "") + h.points + ")";
    return line;
  }));
}
""")
