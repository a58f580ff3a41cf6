"""A Klondike line as one web page to step through: the deal drawn as cards, the
position after each move, the move in words beside it.  The page is one file with
nothing to fetch (its style, script and every position are inside it), so it opens
from a disk or a mail.  Buttons and the arrow keys step; the address picks the step
(`page.html#move=37`: the position after move 37, the deal at 0).

The positions come from the rules (replay, move by move), not from the page's script,
which only draws them: what the page shows is what `klondike replay` says."""
from __future__ import annotations

import html
import json
from typing import List

from solver.cards import RANKS, SUITS, card_str
from solver.klondike.deal import KlondikeDeal
from solver.klondike.rules import KlondikeRules
from solver.klondike.solve import walk


def board(position: KlondikeDeal) -> dict:
    """What the page draws of a position: the face-up cards (face-down ones only
    counted: the page shows what a player sees), the talon and the foundations."""
    return {"columns": [[card_str(c) for c in col[down:]] for col, down in zip(position.columns, position.face_down)],
            "down": list(position.face_down), "waste": [card_str(c) for c in position.waste],
            "stock": len(position.stock), "home": list(position.foundations), "pass": position.pass_number}


def steps(deal: KlondikeDeal, rules: KlondikeRules, tokens: List[str]) -> List[dict]:
    """The deal, then the position after each token with the token's sentences; a line
    stops at its first illegal token (callers give legal lines)."""
    return [{"token": step.token, "text": " ".join(_sentence(s) for s in step.sentences) or "The deal.",
             "board": board(step.position), "home": step.foundation} for step in walk(deal, rules, tokens)]


def _sentence(text: str) -> str:
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def page(deal: KlondikeDeal, rules: KlondikeRules, tokens: List[str], title: str) -> str:
    data = {"title": title, "rules": rules.describe(), "steps": steps(deal, rules, tokens),
            "ranks": RANKS, "suits": SUITS}
    # (Inside a script element "</" would end it early: JSON allows "<\/".)
    embedded = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    return _TEMPLATE.replace("__TITLE__", html.escape(title)).replace("__DATA__", embedded)


_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>__TITLE__</title>
<style>
body { font-family: sans-serif; background: #1d5e2e; color: #f4f4f4; margin: 1em 2em; }
h1 { font-size: 1.2em; margin: 0 0 .2em; }
#rules { margin: 0 0 .8em; opacity: .85; }
#top, #columns { display: flex; gap: 12px; }
#top { margin-bottom: 18px; }
.pile, .column { width: 64px; min-height: 90px; border-radius: 6px; }
.pile { border: 1px dashed rgba(255,255,255,.35); position: relative; }
.pile .label { position: absolute; bottom: -1.3em; width: 100%; text-align: center; font-size: .75em; }
.waste { width: 112px; display: flex; }
.waste .card:not(:first-child) { margin-left: -40px; }
.spacer { width: 40px; }
.column { display: flex; flex-direction: column; }
.column:empty { border: 1px dashed rgba(255,255,255,.35); height: 86px; }
.column .card:not(:first-child) { margin-top: -66px; }
.card { width: 60px; height: 86px; border-radius: 6px; background: #fff; color: #111; border: 2px solid #333;
        font-size: 18px; font-weight: bold; padding: 2px 4px; box-sizing: border-box; flex: none; }
.card.red { color: #c0141c; }
.card.back { background: repeating-linear-gradient(45deg, #2a4d9c, #2a4d9c 5px, #3a63bd 5px, #3a63bd 10px); }
#controls { margin: 1.5em 0 .5em; display: flex; gap: .5em; align-items: center; }
button { font-size: 1em; padding: .2em .7em; }
#slider { flex: 1; max-width: 480px; }
#move { min-height: 2.5em; font-size: 1.05em; }
</style>
</head>
<body>
<h1 id="title"></h1>
<p id="rules"></p>
<main id="table" data-step="0">
  <div id="top">
    <div class="pile stock" id="stock"><span class="label"></span></div>
    <div class="pile waste" id="waste"></div>
    <div class="spacer"></div>
    <div class="pile foundation" data-suit="C"></div>
    <div class="pile foundation" data-suit="D"></div>
    <div class="pile foundation" data-suit="H"></div>
    <div class="pile foundation" data-suit="S"></div>
  </div>
  <div id="columns"></div>
</main>
<div id="controls">
  <button id="first" title="The deal (Home)">|&#x25C0;</button>
  <button id="prev" title="Back a move (left arrow)">&#x25C0;</button>
  <button id="next" title="On a move (right arrow)">&#x25B6;</button>
  <button id="last" title="The last move (End)">&#x25B6;|</button>
  <input id="slider" type="range" min="0" value="0">
  <span id="counter"></span>
</div>
<p id="move"></p>
<script id="data" type="application/json">__DATA__</script>
<script>
"use strict";
const data = JSON.parse(document.getElementById("data").textContent);
const SYMBOLS = {C: "\\u2663", D: "\\u2666", H: "\\u2665", S: "\\u2660"};
const last = data.steps.length - 1;
let step = 0;

function card(name) {
  const el = document.createElement("div");
  el.className = "card" + ("DH".includes(name[1]) ? " red" : "");
  el.dataset.card = name;
  el.textContent = (name[0] === "T" ? "10" : name[0]) + SYMBOLS[name[1]];
  return el;
}
function back() {
  const el = document.createElement("div");
  el.className = "card back";
  return el;
}
function draw() {
  const s = data.steps[step], b = s.board;
  document.getElementById("table").dataset.step = step;
  const stock = document.getElementById("stock");
  stock.dataset.count = b.stock;
  stock.querySelectorAll(".card").forEach(e => e.remove());
  if (b.stock) stock.prepend(back());
  stock.querySelector(".label").textContent = b.stock + " left" + (b.pass > 1 ? ", pass " + b.pass : "");
  const waste = document.getElementById("waste");  // its top three drawn, every card in data-cards
  waste.dataset.cards = b.waste.join(" ");
  waste.replaceChildren(...b.waste.slice(-3).map(card));
  document.querySelectorAll(".foundation").forEach((pile, s) => {
    const n = b.home[s];
    pile.dataset.count = n;
    pile.replaceChildren(...(n ? [card(data.ranks[n - 1] + data.suits[s])] : []));
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
  document.getElementById("slider").value = step;
  document.getElementById("counter").textContent = "move " + step + " of " + last + ", " + s.home + " cards home";
  document.getElementById("move").textContent = step ? "Move " + step + " (" + s.token + "): " + s.text : s.text;
}
function go(k) {
  step = Math.max(0, Math.min(last, k));
  history.replaceState(null, "", "#move=" + step);
  draw();
}
function fromAddress() {
  const m = /move=(\\d+)/.exec(location.hash);
  step = m ? Math.max(0, Math.min(last, parseInt(m[1], 10))) : 0;
  draw();
}
document.getElementById("title").textContent = data.title;
document.getElementById("rules").textContent = data.rules;
document.getElementById("slider").max = last;
document.getElementById("first").onclick = () => go(0);
document.getElementById("prev").onclick = () => go(step - 1);
document.getElementById("next").onclick = () => go(step + 1);
document.getElementById("last").onclick = () => go(last);
document.getElementById("slider").oninput = e => go(parseInt(e.target.value, 10));
document.addEventListener("keydown", e => {
  const to = {ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: last}[e.key];
  if (to !== undefined) { e.preventDefault(); go(to); }
});
window.addEventListener("hashchange", fromAddress);
fromAddress();
</script>
</body>
</html>
"""
