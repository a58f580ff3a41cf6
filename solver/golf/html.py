"""A Golf line as one web page to step through (the frame: solver/html_page.py): the
stock and the waste on top, the columns below, every tableau card face up."""
from __future__ import annotations

from typing import List, Optional

from solver.golf.board import board_json, walk
from solver.golf.deal import GolfDeal
from solver.golf.rules import GolfRules
from solver.html_page import Table, sentence
from solver.html_page import page as frame


def steps(deal: GolfDeal, rules: Optional[GolfRules], tokens: List[str]) -> List[dict]:
    return [{"token": step.token, "text": sentence(step.sentence) or "The deal.",
             "caption": f"score {step.view.score}", "board": board_json(step.view)}
            for step in walk(deal, rules, tokens)]


def page(deal: GolfDeal, rules: Optional[GolfRules], tokens: List[str], title: str) -> str:
    return frame(TABLE, title, (rules or deal.rules).describe(), steps(deal, rules, tokens))


TABLE = Table(css="""
#top, #columns { display: flex; gap: 12px; }
#top { margin-bottom: 24px; }
.column { width: 64px; min-height: 90px; display: flex; flex-direction: column; }
.column:empty { border: 1px dashed rgba(255,255,255,.35); border-radius: 6px; height: 86px; }
.column .card:not(:first-child) { margin-top: -62px; }
.waste.stopped .card { opacity: .6; }
""", markup="""
  <div id="top">
    <div class="pile stock" id="stock"><span class="label"></span></div>
    <div class="pile waste" id="waste"><span class="label"></span></div>
  </div>
  <div id="columns"></div>
""", script="""
function drawBoard(b) {
  setPile("stock", b.stock ? back() : null, b.stock, b.stock + " left");
  const top = b.waste.length ? card(b.waste[b.waste.length - 1]) : null;  // every card in data-cards
  const waste = setPile("waste", top, b.waste.length, b.waste.length + " played" + (b.stopped ? ", stopped" : ""));
  waste.dataset.cards = b.waste.join(" ");
  waste.classList.toggle("stopped", b.stopped);
  document.getElementById("columns").replaceChildren(...b.columns.map((cards, c) => {
    const col = document.createElement("div");
    col.className = "column";
    col.dataset.column = c + 1;
    cards.forEach(name => col.append(card(name)));
    return col;
  }));
}
""")
