"""A Klondike line as one web page to step through (the frame: solver/html_page.py):
the stock, the waste's top three and the foundations on top, the columns below with
face-down cards as backs."""
from __future__ import annotations

from typing import List

from solver.cards import SUITS, card_str, make_card
from solver.html_page import Table, sentence
from solver.html_page import page as frame
from solver.klondike.deal import KlondikeDeal
from solver.klondike.rules import KlondikeRules
from solver.klondike.solve import walk


def board(position: KlondikeDeal) -> dict:
    """What the page draws of a position: the face-up cards (face-down ones only
    counted: the page shows what a player sees), the talon and the foundations' tops."""
    return {"columns": [[card_str(c) for c in col[down:]] for col, down in zip(position.columns, position.face_down)],
            "down": list(position.face_down), "waste": [card_str(c) for c in position.waste],
            "stock": len(position.stock), "home": list(position.foundations), "pass": position.pass_number,
            "tops": [card_str(make_card(s, n)) if n else None for s, n in enumerate(position.foundations)]}


def steps(deal: KlondikeDeal, rules: KlondikeRules, tokens: List[str]) -> List[dict]:
    """The deal, then the position after each token with the token's sentences; a line
    stops at its first illegal token (callers give legal lines)."""
    return [{"token": step.token, "text": " ".join(sentence(s) for s in step.sentences) or "The deal.",
             "caption": f"{step.foundation} cards home", "board": board(step.position)}
            for step in walk(deal, rules, tokens)]


def page(deal: KlondikeDeal, rules: KlondikeRules, tokens: List[str], title: str) -> str:
    return frame(TABLE, title, rules.describe(), steps(deal, rules, tokens))


TABLE = Table(css="""
#top, #columns { display: flex; gap: 12px; }
#top { margin-bottom: 18px; }
.column { width: 64px; min-height: 90px; border-radius: 6px; display: flex; flex-direction: column; }
.waste { width: 112px; display: flex; border: none; }
.waste .card:not(:first-child) { margin-left: -40px; }
.spacer { width: 40px; }
.column:empty { border: 1px dashed rgba(255,255,255,.35); height: 86px; }
.column .card:not(:first-child) { margin-top: -66px; }
""", markup="""
  <div id="top">
    <div class="pile stock" id="stock"><span class="label"></span></div>
    <div class="pile waste" id="waste"></div>
    <div class="spacer"></div>
""" + "".join(f'    <div class="pile foundation" data-suit="{s}"></div>\n' for s in SUITS) + """  </div>
  <div id="columns"></div>
""", script="""
function drawBoard(b) {
  setPile("stock", b.stock ? back() : null, b.stock, b.stock + " left" + (b.pass > 1 ? ", pass " + b.pass : ""));
  const waste = document.getElementById("waste");  // its top three drawn, every card in data-cards
  waste.dataset.cards = b.waste.join(" ");
  waste.replaceChildren(...b.waste.slice(-3).map(card));
  document.querySelectorAll(".foundation").forEach((pile, s) => {
    pile.dataset.count = b.home[s];
    pile.replaceChildren(...(b.tops[s] ? [card(b.tops[s])] : []));
  });
  document.getElementById("columns").replaceChildren(...b.columns.map((up, c) => {
    const col = document.createElement("div");
    col.className = "column";
    col.dataset.column = c + 1;
    col.dataset.down = b.down[c];
    for (let i = 0; i < b.down[c]; i++) col.append(back());
    up.forEach(name => col.append(card(name)));
    return col;
  }));
}
""")

