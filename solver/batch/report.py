"""A batch's report as a web page (`analyse --html FILE`): the summary, a histogram of
the scores, and a table with each deal's results, each linked to a page that replays
its line (written beside the report, in FILE's name with "-replays").

Every page is one file with nothing to fetch.  A deal's replay page is the one
`solve --html` writes (its positions from the rules), so it shows what `replay`
would; a deal whose record keeps no line (an older run's, or an error) gets none."""
from __future__ import annotations

import html
import os
import re
from typing import Dict, List, Optional

from solver.batch.jobs import Job
from solver.batch.specs import DealSpec
from solver.batch.store import in_series_order
from solver.batch.summary import format_summary, marker
from solver.html_page import write

MAX_REPLAYS = 2000   # replay pages written at most (each is tens of kB): the first deals of the series


def replays_folder(report_path: str) -> str:
    stem, _ = os.path.splitext(report_path)
    return stem + "-replays"


def write_report(path: str, job: Job, specs: List[DealSpec], records: List[dict], stats: dict) -> int:
    """Write the report and the replay pages of its deals; how many replays.
    OSError says why a file could not be written."""
    records = in_series_order(records)
    by_id = {s.id: s for s in specs}
    folder = replays_folder(path)
    links: Dict[str, str] = {}
    for record in records:
        if len(links) >= MAX_REPLAYS:
            break
        spec = by_id.get(record["id"])
        text = _replay_page(job, spec, record) if spec is not None else None
        if text is None:
            continue
        if not links:
            os.makedirs(folder, exist_ok=True)
        name = f"{len(links) + 1:05d}-{_file_name(record['id'])}.html"
        write(os.path.join(folder, name), text)
        links[record["id"]] = f"{os.path.basename(folder)}/{name}"
    write(path, report_page(job, records, stats, links))
    return len(links)


def _file_name(deal_id: str) -> str:
    return re.sub(r"[^A-Za-z0-9._]+", "-", deal_id).strip("-.")[:60] or "deal"


def _replay_page(job: Job, spec: DealSpec, record: dict) -> Optional[str]:
    """The replay page of one deal's line, or None where its record keeps none."""
    who = f"the {record['player']} player's" if record.get("player") else "the best"
    title = f"{job.game.capitalize()}, {record['id']}: {who} line, score {record.get('score')}"
    if record.get("verdict") == "error":
        return None
    if job.game == "poker":
        if not record.get("grid"):
            return None
        from solver.cards import parse_card
        from solver.poker.html import page
        order = job.deal_of(spec)
        cell = {parse_card(name, jokers=True): (r, c) for r, row in enumerate(record["grid"])
                for c, name in enumerate(row)}
        placement = [(card, *cell[card]) for card in order if card in cell]
        discarded = [card for card in order if card not in cell][:job.rules.discards]
        return page(order, placement, discarded, job.rules, title.replace(" line,", " grid,"))
    if record.get("line") is None:
        return None
    if job.game == "klondike":
        from solver.klondike.html import page
    else:
        from solver.golf.html import page
    return page(job.deal_of(spec), job.rules, list(record["line"]), title)


def report_page(job: Job, records: List[dict], stats: dict, links: Dict[str, str]) -> str:
    title = f"patiens analyse {job.game}: {len(records)} deals"
    rows = "\n".join(_row(r, links.get(r["id"])) for r in records)
    return _REPORT.format(title=html.escape(title), rules=html.escape(job.rules.describe()),
                          summary=html.escape(format_summary(stats)),
                          histogram=histogram_svg(records, stats.get("golf", {}).get("par", 45)), rows=rows,
                          replays=len(links))


def _row(record: dict, link: Optional[str]) -> str:
    name = html.escape(record["id"])
    cells = [f'<a href="{html.escape(link)}">{name}</a>' if link else name,
             html.escape(str(record.get("verdict", ""))), html.escape(str(record.get("score", ""))),
             "" if record.get("optimum") is None else html.escape(str(record["optimum"])),
             "yes" if record.get("proven") else "no",
             f"{record['nodes']:,}" if record.get("nodes") is not None else "",
             f"{record['seconds']:.3f}" if record.get("seconds") is not None else "",
             html.escape(record.get("error") or "")]
    return f'<tr data-id="{name}">' + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"


def histogram_svg(records: List[dict], par: int = 45) -> str:
    """The scores' histogram as an inline SVG: one bar a score, the marker line of
    summary.marker; each bar carries its score and count (data-score, data-count)."""
    ok = [r for r in records if r.get("verdict") != "error"]
    if not ok:
        return "<p>No results to draw: every deal is an error.</p>"
    scores = [r["score"] for r in ok]
    lo, hi = min(scores), max(scores)
    counts = {s: scores.count(s) for s in range(lo, hi + 1)}
    width, height, pad = 720, 240, 30
    bar = (width - 2 * pad) / len(counts)
    top = max(counts.values())
    parts = []
    for i, (score, n) in enumerate(counts.items()):
        h = (height - 2 * pad) * n / top
        x, y = pad + i * bar, height - pad - h
        parts.append(f'<rect class="bar" data-score="{score}" data-count="{n}" x="{x:.1f}" y="{y:.1f}" '
                     f'width="{max(bar - 1, 1):.1f}" height="{h:.1f}"><title>{score}: {n} deals</title></rect>')
    for score in sorted({lo, hi, (lo + hi) // 2}):
        x = pad + (score - lo + 0.5) * bar
        parts.append(f'<text x="{x:.1f}" y="{height - pad + 16}" text-anchor="middle">{score}</text>')
    line, text, xlabel = marker(ok, par)
    if line is not None and lo - 0.5 <= line <= hi + 0.5:
        x = pad + (line - lo + 0.5) * bar
        parts.append(f'<line class="marker" x1="{x:.1f}" x2="{x:.1f}" y1="{pad - 10}" y2="{height - pad}"/>'
                     f'<text class="marker" x="{x + 4:.1f}" y="{pad - 12}">{html.escape(text)}</text>')
    parts.append(f'<text x="{width / 2}" y="{height - 2}" text-anchor="middle">{html.escape(xlabel)}</text>')
    return (f'<svg id="histogram" width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
            + "".join(parts) + "</svg>")


_REPORT = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
body {{ font-family: sans-serif; margin: 1em 2em; color: #222; }}
h1 {{ font-size: 1.3em; }}
pre {{ background: #f4f4f4; padding: .8em; }}
#histogram .bar {{ fill: #4477aa; }}
#histogram text {{ font-size: 11px; fill: #333; }}
#histogram line.marker {{ stroke: #cc3311; stroke-width: 2; }}
#histogram text.marker {{ fill: #cc3311; }}
table {{ border-collapse: collapse; font-size: .9em; }}
td, th {{ padding: .15em .7em; border-bottom: 1px solid #ddd; text-align: left; }}
</style>
</head>
<body>
<h1>{title}</h1>
<p id="rules">{rules}</p>
<pre id="summary">{summary}</pre>
{histogram}
<h2>Each deal</h2>
<p>{replays} of the deals link to a page that replays their line (the records of an older run without
--lines or --html keep none).</p>
<table id="deals">
<tr><th>deal</th><th>verdict</th><th>score</th><th>optimum</th><th>proven</th><th>nodes</th><th>seconds</th>
<th>error</th></tr>
{rows}
</table>
</body>
</html>
"""
