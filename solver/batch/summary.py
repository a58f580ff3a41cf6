"""Statistics of a batch's results, as numbers, as text, and as a plot."""
from __future__ import annotations

import math
import os
import statistics
from typing import Dict, List, Optional

from solver.batch.store import in_series_order
from solver.errors import DealError, OptionError
from solver.poker.hands import WIN_SCORES

BREAK_EVEN = 11        # Klondike: 11 cards home is the first score above the deck's 52
GOLF_HOLES = 9


def wilson(k: int, n: int, z: float = 1.96) -> Optional[tuple]:
    """The 95% Wilson score interval of a proportion k/n."""
    if n == 0:
        return None
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def quantiles(values: List[float]) -> Dict[str, float]:
    ordered = sorted(values)

    def q(p):
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))]

    return {"min": ordered[0], "p10": q(0.1), "p25": q(0.25), "median": statistics.median(ordered),
            "p75": q(0.75), "p90": q(0.9), "max": ordered[-1]}


def summarize(records: List[dict], bonus: int = 0, par: int = 45) -> dict:
    """The figures of a batch (records sorted into the series' order first)."""
    records = in_series_order(records)
    game = records[0]["game"] if records else None
    ok = [r for r in records if r.get("verdict") != "error"]
    out = {"game": game, "deals": len(records), "errors": len(records) - len(ok),
           "not_proven": sum(not r.get("proven") for r in ok),
           "error_examples": [(r["id"], r["error"]) for r in records if r.get("verdict") == "error"][:5]}
    if not ok:
        return out
    _check_one_batch(ok)
    # --first-win / --first-clear: each deal's search stopped at the first win, so its
    # score is one reached, not the optimum; the figures built on the optimum are left out.
    out["decide_only"] = any(r["rules"].get("first_win") or r["rules"].get("first_clear") for r in ok)
    scores = [r["score"] for r in ok]
    out["score"] = {"mean": statistics.mean(scores), **quantiles(scores),
                    "histogram": {str(k): scores.count(k) for k in sorted(set(scores))}}
    if any(r.get("player") for r in ok):  # (a CSV record has the column, empty, whoever played)
        out["real_play"] = real_play(ok)
    if game in ("klondike", "golf"):
        decided = [r for r in ok if r.get("solvable") is not None]
        wins = sum(bool(r["solvable"]) for r in decided)
        out["winnable"] = {"count": wins, "decided": len(decided), "unknown": len(ok) - len(decided),
                           "rate": wins / len(decided) if decided else None, "wilson95": wilson(wins, len(decided))}
    if game == "klondike" and not out["decide_only"]:
        vegas = [r["vegas_score"] for r in ok]
        balance, low, high = 0, 0, 0
        for v in vegas:
            balance += v
            low, high = min(low, balance), max(high, balance)
        at_least = sum(r["max_foundation"] >= BREAK_EVEN for r in ok)
        casino = [v + (bonus if r.get("solvable") else 0) for v, r in zip(vegas, ok)]
        out["vegas"] = {"expected_per_deal": statistics.mean(vegas),
                        "break_even_share": at_least / len(ok), "break_even_wilson95": wilson(at_least, len(ok)),
                        "cumulative_balance": balance, "cumulative_low": low, "cumulative_high": high,
                        "bonus": bonus, "casino_expected_per_deal": statistics.mean(casino),
                        "casino_expected_return_per_dollar": (statistics.mean(casino) + 52) / 52}
    if game == "golf" and not out["decide_only"]:
        games = [scores[i:i + GOLF_HOLES] for i in range(0, len(scores) - GOLF_HOLES + 1, GOLF_HOLES)]
        totals = [sum(g) for g in games]
        out["golf"] = {"par": par, "games": len(totals),
                       "mean_total": statistics.mean(totals) if totals else None,
                       "optimum_mean_total": _optimum_mean_total(ok) if "real_play" in out else None,
                       "at_or_under_par": sum(t <= par for t in totals),
                       "at_or_under_par_share": (sum(t <= par for t in totals) / len(totals)) if totals else None,
                       "perfect_games": sum(t <= 0 for t in totals)}
    if game == "poker":
        table = ok[0]["rules"]["table"]
        win = WIN_SCORES.get(table)
        out["poker"] = {"table": table, "win_score": win}
        if win is not None:
            k = sum(s >= win for s in scores)
            out["poker"].update(wins=k, win_share=k / len(scores), win_wilson95=wilson(k, len(scores)))
    return out


def _check_one_batch(records: List[dict]) -> None:
    """The figures read the records of one batch: one game, and a player's games or solves,
    not both (a file made by hand, or two files joined, may mix them)."""
    games = {r["game"] for r in records}
    if len(games) > 1:
        raise DealError(f"the results mix games ({', '.join(sorted(games))}): a file holds one batch")
    played = sum(bool(r.get("player")) for r in records)
    if 0 < played < len(records):
        raise DealError("the results mix a player's games with solves: a file holds one batch")


def _optimum_mean_total(records: List[dict]) -> Optional[float]:
    best = [r["optimum"] for r in records]
    totals = [sum(best[i:i + GOLF_HOLES]) for i in range(0, len(best) - GOLF_HOLES + 1, GOLF_HOLES)]
    return statistics.mean(totals) if totals else None


def real_play(records: List[dict]) -> dict:
    """A player's results (`score`) beside the clairvoyant optimum of the same deals:
    means with 95% intervals, the shares of success (Golf: cleared; Poker: the book's
    win) with Wilson intervals, and the mean value of information (what not seeing the
    hidden cards cost)."""
    played = [r["score"] for r in records]
    best = [r["optimum"] for r in records]
    cost = [r["value_of_information"] for r in records]
    game = records[0]["game"]
    if game == "golf":
        success, word = (lambda score: score <= 0), "cleared"
    elif game == "klondike":
        success, word = (lambda score: score == 52), "won"
    else:
        win = WIN_SCORES.get(records[0]["rules"]["table"])
        success, word = (lambda score: win is not None and score >= win), "won"
    done, could = sum(map(success, played)), sum(map(success, best))
    n = len(records)
    extra = {}
    if game == "klondike":  # the Vegas game: $52 a deck, $5 a card home
        vegas = [5 * s - 52 for s in played]
        extra = {"mean_vegas": statistics.mean(vegas), "mean_vegas_ci95": mean_ci(vegas)}
    return {"player": records[0]["player"], "deals": n, "success": word, **extra,
            "mean_score": statistics.mean(played), "mean_score_ci95": mean_ci(played),
            "optimum_mean_score": statistics.mean(best), "optimum_mean_score_ci95": mean_ci(best),
            "succeeded": done, "success_share": done / n, "success_wilson95": wilson(done, n),
            "optimum_succeeded": could, "optimum_success_share": could / n,
            "optimum_success_wilson95": wilson(could, n),
            "mean_value_of_information": statistics.mean(cost), "value_of_information_ci95": mean_ci(cost)}


def mean_ci(values: List[float], z: float = 1.96) -> Optional[tuple]:
    """The 95% normal interval of a mean."""
    if len(values) < 2:
        return None
    m, half = statistics.mean(values), z * statistics.stdev(values) / math.sqrt(len(values))
    return m - half, m + half


def _pct(x) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _ci(ci) -> str:
    return "" if not ci else f" (95% CI {ci[0]:.2f} - {ci[1]:.2f})"


def _interval(ci) -> str:
    return "" if not ci else f" (95% CI {_pct(ci[0])} - {_pct(ci[1])})"


def format_summary(s: dict) -> str:
    lines = [f"{s['deals']} {s['game'] or ''} deals; {s['errors']} error(s); {s.get('not_proven', 0)} not proven "
             "within the limits"]
    for deal_id, error in s.get("error_examples", []):
        lines.append(f"  error: {deal_id}: {error}")
    if "score" not in s:
        return "\n".join(lines)
    sc = s["score"]
    label = {"klondike": "max foundation", "golf": "best score", "poker": "optimum"}.get(s["game"], "score")
    if "real_play" in s:
        label = f"score as played by {s['real_play']['player']}"
    if s.get("decide_only"):
        label = {"klondike": "most cards home seen (--first-win: a lower bound on lost deals)",
                 "golf": "score reached (--first-clear: not the minimum)"}.get(s["game"], label)
    lines.append(f"{label}: mean {sc['mean']:.2f}, median {sc['median']}, p10 {sc['p10']}, p90 {sc['p90']}, "
                 f"min {sc['min']}, max {sc['max']}")
    if "winnable" in s:
        w = s["winnable"]
        word = "winnable" if s["game"] == "klondike" else "clearable"
        lines.append(f"{word}: {w['count']} of {w['decided']} = {_pct(w['rate'])}{_interval(w['wilson95'])}"
                     + (f"; {w['unknown']} unknown" if w["unknown"] else ""))
    if "vegas" in s:
        v = s["vegas"]
        lines.append(f"Vegas, perfect play: {v['expected_per_deal']:+.2f} per deal; at or above break-even "
                     f"({BREAK_EVEN} cards): {_pct(v['break_even_share'])}{_interval(v['break_even_wilson95'])}")
        lines.append(f"cumulative balance over the series: {v['cumulative_balance']:+d} (low {v['cumulative_low']:+d}, "
                     f"high {v['cumulative_high']:+d})")
        bonus = f", ${v['bonus']} for a full solve" if v["bonus"] else ""
        lines.append(f"historic casino game ($52 a deck, $5 a card{bonus}): {v['casino_expected_per_deal']:+.2f} "
                     f"per deal, {v['casino_expected_return_per_dollar']:.3f} returned per dollar staked")
    if "real_play" in s:
        p = s["real_play"]
        lines.append(f"played by {p['player']} (hidden cards unseen): mean score {p['mean_score']:.2f}"
                     f"{_ci(p['mean_score_ci95'])}, {p['success']} {_pct(p['success_share'])}"
                     f"{_interval(p['success_wilson95'])}"
                     + (f"; Vegas {p['mean_vegas']:+.2f} a deal{_ci(p['mean_vegas_ci95'])}"
                        if "mean_vegas" in p else ""))
        lines.append(f"with everything seen (the optimum): mean {p['optimum_mean_score']:.2f}"
                     f"{_ci(p['optimum_mean_score_ci95'])}, {p['success']} {_pct(p['optimum_success_share'])}"
                     f"{_interval(p['optimum_success_wilson95'])}; the value of information: "
                     f"{p['mean_value_of_information']:.2f}{_ci(p['value_of_information_ci95'])} a deal")
    if "golf" in s:
        g = s["golf"]
        if g["games"]:
            lines.append(f"nine-hole games: {g['games']}, mean total {g['mean_total']:.1f}, at or under par "
                         f"{g['par']}: {g['at_or_under_par']} ({_pct(g['at_or_under_par_share'])}), "
                         f"perfect: {g['perfect_games']}")
            if g.get("optimum_mean_total") is not None:
                lines.append(f"  the same holes with everything seen: mean total {g['optimum_mean_total']:.1f}")
        else:
            lines.append("nine-hole games: none (fewer than nine deals)")
    if "poker" in s and s["poker"].get("win_score") is not None:
        p = s["poker"]
        lines.append(f"reaching the book's win ({p['win_score']}, {p['table']}): {p['wins']} = "
                     f"{_pct(p['win_share'])}{_interval(p['win_wilson95'])}")
    return "\n".join(lines)


# What matplotlib writes (its savefig formats), so that a plot's name is checked before
# the batch rather than after it.
PLOT_FORMATS = ("png", "pdf", "svg", "svgz", "ps", "eps", "jpg", "jpeg", "tif", "tiff", "webp", "pgf")


def check_plot_path(path: str) -> None:
    """A plot file name matplotlib can write, in a folder that exists."""
    ext = os.path.splitext(path)[1].lower().lstrip(".")
    if ext not in PLOT_FORMATS:
        raise OptionError(f"plot {path}: name the picture's format by its ending ({', '.join(PLOT_FORMATS[:4])}, ...)")
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise OptionError(f"plot {path}: no such folder {folder}")
    if os.path.isdir(path):
        raise OptionError(f"plot {path} is a folder")


def marker(ok: List[dict], par: int = 45) -> tuple:
    """The line a histogram of a batch's scores marks (the break-even, par or the
    book's win; None without one), its words, and the scores' axis title."""
    game = ok[0]["game"]
    if game == "klondike":
        return BREAK_EVEN - 0.5, f"break-even: {BREAK_EVEN} cards (Vegas +3)", "most cards on the foundations"
    if game == "golf":
        return par / GOLF_HOLES, f"par a hole ({par}/9)", "best score of the hole (lower is better)"
    win = WIN_SCORES.get(ok[0]["rules"]["table"])
    return (win, f"the book's win ({win})", "optimal score") if win else (None, "", "optimal score")


def plot(records: List[dict], path: str, par: int = 45) -> None:
    """A histogram of the best scores with the break-even / par / win line marked."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ok = [r for r in records if r.get("verdict") != "error"]
    if not ok:
        raise OptionError("no results to plot: every deal is an error")
    game = ok[0]["game"]
    scores = [r["score"] for r in ok]
    fig, ax = plt.subplots(figsize=(9, 5), dpi=110)
    lo, hi = min(scores), max(scores)
    ax.hist(scores, bins=range(lo, hi + 2), align="left", color="#4477aa", edgecolor="white")
    line, text, xlabel = marker(ok, par)
    if line is not None:
        ax.axvline(line, color="#cc3311", linewidth=2)
        ax.text(line, ax.get_ylim()[1] * 0.95, "  " + text, color="#cc3311", va="top")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("deals")
    ax.set_title(f"{game}: {len(ok)} deals, perfect play ({sum(not r.get('proven') for r in ok)} not proven)")
    fig.tight_layout()
    try:
        fig.savefig(path)
    except OSError as e:
        raise OptionError(f"cannot write the plot {path}: {e.strerror or e}") from None
    finally:
        plt.close(fig)
