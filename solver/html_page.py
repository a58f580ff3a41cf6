"""A line of play as one web page to step through, for any game: the page's frame
(title, rules, the buttons, the slider, the move in words, the arrow keys and the
address `page.html#move=37`) is here; each game gives its table's style, its empty
table and a script function `drawBoard(board)` that draws one step's board.

The page is one file with nothing to fetch (its style, script and every position are
inside it), so it opens from a disk or a mail.  The positions come from the rules, in
Python (each game's replay), not from the page's script, which only draws them: what
the page shows is what `replay` says.

A step is a dict: "token" (the move, "" for the deal), "text" (the move in words),
"caption" (what the counter adds, e.g. "30 cards home") and "board" (the game's)."""
from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from typing import List


@dataclass(frozen=True)
class Table:
    """A game's part of the page."""
    css: str       # the style of its table
    markup: str    # the table's fixed elements (inside <main id="table">)
    script: str    # defines drawBoard(board); may use card(name), back() and setPile(...)


def sentence(text: str) -> str:
    """A move's words as a sentence: a capital first, a full stop last."""
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def page(table: Table, title: str, rules: str, steps: List[dict]) -> str:
    data = {"title": title, "rules": rules, "steps": steps}
    # (Inside a script element "</" would end it early: JSON allows "<\/".)
    embedded = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    parts = {"__TITLE__": html.escape(title), "__CSS__": table.css, "__TABLE__": table.markup,
             "__BOARD_SCRIPT__": table.script, "__DATA__": embedded}
    # One pass: what is put in is not searched again (a title may hold "__DATA__").
    return re.sub("|".join(parts), lambda m: parts[m.group(0)], _FRAME)


def write(path: str, text: str) -> None:
    """Write a page; OSError says why it could not be written."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


_FRAME = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>__TITLE__</title>
<style>
body { font-family: sans-serif; background: #1d5e2e; color: #f4f4f4; margin: 1em 2em; }
h1 { font-size: 1.2em; margin: 0 0 .2em; }
#rules { margin: 0 0 .8em; opacity: .85; }
.card { width: 60px; height: 86px; border-radius: 6px; background: #fff; color: #111; border: 2px solid #333;
        font-size: 18px; font-weight: bold; padding: 2px 4px; box-sizing: border-box; flex: none; }
.card.red { color: #c0141c; }
.card.joker { color: #6a1b9a; }
.card.back { background: repeating-linear-gradient(45deg, #2a4d9c, #2a4d9c 5px, #3a63bd 5px, #3a63bd 10px); }
.pile { width: 64px; min-height: 90px; border-radius: 6px; border: 1px dashed rgba(255,255,255,.35);
        position: relative; }
.pile .label { position: absolute; bottom: -1.3em; width: 100%; text-align: center; font-size: .75em; }
#controls { margin: 1.5em 0 .5em; display: flex; gap: .5em; align-items: center; }
button { font-size: 1em; padding: .2em .7em; }
#slider { flex: 1; max-width: 480px; }
#move { min-height: 2.5em; font-size: 1.05em; }
__CSS__
</style>
</head>
<body>
<h1 id="title"></h1>
<p id="rules"></p>
<main id="table" data-step="0">
__TABLE__
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
  el.dataset.card = name;
  if (name === "JK") {
    el.className = "card joker";
    el.textContent = "JK";
    return el;
  }
  el.className = "card" + ("DH".includes(name[1]) ? " red" : "");
  el.textContent = (name[0] === "T" ? "10" : name[0]) + SYMBOLS[name[1]];
  return el;
}
function back() {
  const el = document.createElement("div");
  el.className = "card back";
  return el;
}
// A pile (an element with a .label inside): its top card (or none), count and label.
function setPile(id, top, count, label) {
  const pile = document.getElementById(id);
  pile.dataset.count = count;
  pile.querySelectorAll(".card").forEach(e => e.remove());
  if (top) pile.prepend(top);
  pile.querySelector(".label").textContent = label;
  return pile;
}
__BOARD_SCRIPT__
function draw() {
  const s = data.steps[step];
  document.getElementById("table").dataset.step = step;
  drawBoard(s.board);
  document.getElementById("slider").value = step;
  document.getElementById("counter").textContent = "move " + step + " of " + last + (s.caption ? ", " + s.caption : "");
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
