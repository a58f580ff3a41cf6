"""Batches: the same results whatever the executor, resume after SIGKILL, errors, statistics."""
import json
import os
import re
import signal
import subprocess
import time

import pytest

from clihelp import PATIENS, assert_one_line_error, patiens
from solver.batch import Job, ResultsFile, dask_executor, file_specs, run_batch, seed_specs, summarize, wilson
from solver.golf import GolfRules
from solver.klondike import KlondikeDeal, make_rules
from solver.limits import Limits

# What must not depend on how a batch ran (seconds do).
STABLE = ("id", "n", "game", "rules", "verdict", "solvable", "score", "proven", "nodes", "stop_reason", "error",
          "max_foundation", "vegas_score", "best_score")


def stable(records):
    return {r["id"]: {k: r.get(k) for k in STABLE} for r in records}


def golf_job():
    return Job("golf", GolfRules(), Limits())


def test_same_results_with_one_or_two_workers_and_any_chunking(tmp_path):
    specs = seed_specs("1-12")
    a = run_batch(golf_job(), specs, str(tmp_path / "a.jsonl"), workers=1, chunk_size=5, progress=False)
    b = run_batch(golf_job(), specs, str(tmp_path / "b.jsonl"), workers=2, chunk_size=1, progress=False)
    assert a.done == b.done == 12
    assert stable(a.results.all()) == stable(b.results.all())


def test_dask_local_cluster_gives_the_same_results(tmp_path):
    distributed = pytest.importorskip("distributed")
    specs = seed_specs("1-10")
    local = run_batch(golf_job(), specs, str(tmp_path / "local.jsonl"), workers=2, progress=False)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cl:
        remote = run_batch(golf_job(), specs, str(tmp_path / "dask.jsonl"),
                           executor=dask_executor(cl.scheduler_address), chunk_size=3, progress=False)
    assert remote.done == 10
    assert stable(remote.results.all()) == stable(local.results.all())


def test_sigkill_then_resume_loses_nothing(tmp_path):
    """Kill a run with SIGKILL part-way, leave a half-written line as a crash could,
    rerun: the records equal an uninterrupted run's, none lost, none doubled."""
    out = tmp_path / "killed.jsonl"
    args = ["analyse", "golf", "--seeds", "1-30", "--out", str(out), "--workers", "1", "--chunk-size", "1", "--quiet"]
    proc = subprocess.Popen(PATIENS + args, start_new_session=True, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.time() + 120
    while time.time() < deadline:
        if out.exists() and out.read_text().count("\n") >= 5:
            break
        time.sleep(0.02)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    before = out.read_text().count("\n")
    assert 5 <= before < 30
    with open(out, "a") as f:
        f.write('{"id": "seed:99", "n": 99, "ga')  # a record cut off mid-write
    resumed = patiens(*args)
    assert resumed.code == 0 and f"{30 - before} solved now, {before} already" in resumed.out
    lines = out.read_text().splitlines()
    assert len(lines) == 30 and len({json.loads(line)["id"] for line in lines}) == 30
    clean = run_batch(golf_job(), seed_specs("1-30"), str(tmp_path / "clean.jsonl"), workers=2, progress=False)
    assert stable(ResultsFile(str(out)).all()) == stable(clean.results.all())


def test_rerun_with_other_rules_is_refused(tmp_path):
    out = str(tmp_path / "r.jsonl")
    run_batch(golf_job(), seed_specs("1-2"), out, workers=1, progress=False)
    run = patiens("analyse", "golf", "--seeds", "1-2", "--out", out, "--wrap", "--quiet")
    assert run.code == 2 and "other rules" in run.err


def test_a_bad_deal_is_an_error_record_and_the_batch_goes_on(tmp_path):
    folder = tmp_path / "deals"
    folder.mkdir()
    for s in (1, 2):
        (folder / f"deal{s}.txt").write_text(KlondikeDeal.from_seed(s).to_pysol())
    (folder / "broken.txt").write_text("Talon: AS AS\n")
    out = str(tmp_path / "k.jsonl")
    job = Job("klondike", make_rules("casino"), Limits(max_nodes=200_000))
    outcome = run_batch(job, file_specs(str(folder)), out, workers=1, progress=False)
    records = {r["id"].rsplit("/", 1)[1]: r for r in outcome.results.all()}
    assert records["broken.txt"]["verdict"] == "error" and "7 columns" in records["broken.txt"]["error"]
    assert records["deal1.txt"]["verdict"] in ("won", "lost", "unknown") and records["deal1.txt"]["error"] is None
    assert summarize(outcome.results.all())["errors"] == 1


def test_csv_output_resumes_too(tmp_path):
    out = str(tmp_path / "g.csv")
    run_batch(golf_job(), seed_specs("1-4"), out, workers=1, progress=False)
    again = run_batch(golf_job(), seed_specs("1-6"), out, workers=1, progress=False)
    assert again.skipped == 4 and again.done == 2
    rows = ResultsFile(out).all()
    assert [r["n"] for r in rows] == [1, 2, 3, 4, 5, 6] and isinstance(rows[0]["score"], int)


def test_a_players_batch_in_csv_reads_back_as_the_players(tmp_path):
    out = tmp_path / "p.csv"
    run = patiens("analyse", "golf", "--seeds", "1-2", "--player", "greedy", "--out", out, "--quiet", "--json")
    again = patiens("analyse", "summarize", out, "--json")
    assert run.code == again.code == 0
    assert again.json()["real_play"] == run.json()["real_play"] and again.json()["real_play"]["player"] == "greedy"


def test_a_csv_file_of_fewer_columns_resumes_with_its_own(tmp_path):
    """A file begun by an earlier version, before the players' columns, keeps its header."""
    import csv
    out = str(tmp_path / "g.csv")
    run_batch(golf_job(), seed_specs("1-2"), out, workers=1, progress=False)
    with open(out, newline="") as f:
        rows = list(csv.reader(f))
    old = rows[0].index("player")
    with open(out, "w", newline="") as f:
        csv.writer(f, lineterminator="\r\n").writerows(row[:old] for row in rows)
    again = run_batch(golf_job(), seed_specs("1-3"), out, workers=1, progress=False)
    assert again.skipped == 2 and again.done == 1
    with open(out, newline="") as f:
        assert {len(row) for row in csv.reader(f)} == {old}
    assert [r["n"] for r in ResultsFile(out).all()] == [1, 2, 3]


@pytest.mark.parametrize("edit", [lambda r: r.pop("rules"), lambda r: r.update(score="x"),
                                  lambda r: r.update(game="chess"), lambda r: r.pop("vegas_score")])
def test_a_record_lacking_what_the_summary_reads_is_refused_in_one_line(tmp_path, edit):
    out = tmp_path / "k.jsonl"
    patiens("analyse", "klondike", "--seeds", "1-2", "--out", out, "--quiet")
    first, second = out.read_text().splitlines()
    record = json.loads(first)
    edit(record)
    out.write_text(json.dumps(record) + "\n" + second + "\n")  # (a broken last line would be cut off instead)
    assert_one_line_error(patiens("analyse", "summarize", out), "line 1", "not a results record")


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert abs(lo - 0.4038) < 1e-3 and abs(hi - 0.5962) < 1e-3
    assert wilson(0, 10)[0] == 0.0 and wilson(0, 0) is None


def klondike_record(n, home, won):
    return {"id": f"seed:{n}", "n": n, "game": "klondike", "rules": {}, "verdict": "won" if won else "lost",
            "solvable": won, "score": home, "max_foundation": home, "vegas_score": 5 * home - 52, "proven": True}


def test_klondike_figures():
    records = [klondike_record(1, 52, True), klondike_record(2, 10, False), klondike_record(3, 11, False),
               klondike_record(4, 3, False)]
    s = summarize(records, bonus=500)
    v = s["vegas"]
    assert v["expected_per_deal"] == (208 - 2 + 3 - 37) / 4
    assert v["break_even_share"] == 0.5
    assert v["cumulative_balance"] == 208 - 2 + 3 - 37 and v["cumulative_high"] == 209
    assert v["casino_expected_per_deal"] == (208 + 500 - 2 + 3 - 37) / 4
    assert s["winnable"]["count"] == 1 and s["winnable"]["decided"] == 4


def test_golf_nine_hole_totals():
    records = [{"id": f"seed:{n}", "n": n, "game": "golf", "rules": {}, "verdict": "x", "solvable": n % 2 == 0,
                "score": 5 if n <= 9 else -1, "proven": True} for n in range(1, 19)]
    g = summarize(records, par=45)["golf"]
    assert g["games"] == 2 and g["at_or_under_par"] == 2 and g["perfect_games"] == 1


def test_cli_batch_summary_plot_and_summarize(tmp_path):
    out, png = str(tmp_path / "p.jsonl"), str(tmp_path / "p.png")
    run = patiens("analyse", "golf", "--seeds", "1-9", "--out", out, "--plot", png, "--quiet", "--json")
    assert run.code == 0
    stats = run.json()
    assert stats["deals"] == 9 and stats["golf"]["games"] == 1 and os.path.getsize(png) > 5000
    again = patiens("analyse", "summarize", out, "--json")
    assert again.json() == stats


def test_first_clear_batch_gives_the_verdicts_and_no_totals(tmp_path):
    """analyse golf --first-clear: the same clearable count as the full batch; the
    scores are called what they are and no nine-hole totals are built on them; the
    two questions do not share a results file."""
    quick, full = str(tmp_path / "q.jsonl"), str(tmp_path / "f.jsonl")
    q = patiens("analyse", "golf", "--seeds", "1-18", "--wrap", "--first-clear", "--out", quick, "--quiet", "--json")
    f = patiens("analyse", "golf", "--seeds", "1-18", "--wrap", "--out", full, "--quiet", "--json")
    assert q.code == 0 and f.code == 0
    assert q.json()["winnable"] == f.json()["winnable"] and q.json()["decide_only"]
    assert "golf" not in q.json() and f.json()["golf"]["games"] == 2
    text = patiens("analyse", "summarize", quick).out
    assert "score reached (--first-clear: not the minimum)" in text and "nine-hole" not in text
    mixed = patiens("analyse", "golf", "--seeds", "1-18", "--wrap", "--out", quick, "--quiet")
    assert mixed.code == 2
    both = patiens("analyse", "golf", "--seeds", "1-3", "--first-clear", "--player", "greedy", "--out",
                   str(tmp_path / "x.jsonl"))
    assert both.code == 2 and "--first-clear" in both.err


def test_poker_batch(tmp_path):
    out = str(tmp_path / "poker.jsonl")
    run = patiens("analyse", "poker", "--seeds", "5-6", "--out", out, "--quiet", "--json", "--table", "american")
    stats = run.json()
    assert run.code == 0 and stats["deals"] == 2 and "win_share" in stats["poker"]


def test_workers_end_with_a_killed_run(tmp_path):
    """SIGKILL of the run alone (not its process group) leaves no time to stop its
    workers: they notice their parent is gone and end within seconds."""
    psutil = pytest.importorskip("psutil")
    out = tmp_path / "orphans.jsonl"
    args = ["analyse", "klondike", "--seeds", "1-2000", "--mode", "standard", "--out", str(out), "--workers", "2",
            "--quiet"]
    proc = subprocess.Popen(PATIENS + args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 60
        while not psutil.Process(proc.pid).children() and time.time() < deadline:
            time.sleep(0.05)
        workers = psutil.Process(proc.pid).children()
        assert workers
    finally:
        proc.kill()
        proc.wait()
    gone, alive = psutil.wait_procs(workers, timeout=10)
    for p in alive:
        p.kill()
    assert not alive


def test_a_dask_cluster_without_workers_is_noticed(tmp_path, monkeypatch):
    """Every worker of the cluster gone: the batch stops with what it has (BatchStopped)
    instead of waiting for good."""
    distributed = pytest.importorskip("distributed")
    from solver.batch import BatchStopped, runner
    monkeypatch.setattr(runner, "NO_WORKERS_GRACE", 1.0)
    job = Job("klondike", make_rules("standard"), Limits())
    out = str(tmp_path / "lost.jsonl")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as cl:
        with distributed.Client(cl) as client:
            def empty_the_cluster():
                time.sleep(1.0)
                cl.scale(0)

            import threading
            threading.Thread(target=empty_the_cluster, daemon=True).start()
            with pytest.raises(BatchStopped, match="no workers|lost"):
                run_batch(job, seed_specs("1-5000"), out, executor=dask_executor(client), chunk_size=1,
                          progress=False)
    kept = ResultsFile(out).all()  # what was done before is kept, whole, for a rerun to resume
    assert len(kept) < 5000 and all(r["game"] == "klondike" and r["error"] is None for r in kept)


def _embedded_steps(page_text: str) -> list:
    data = page_text.split('<script id="data" type="application/json">')[1].split("</script>")[0]
    return json.loads(data.replace("<\\/", "</"))["steps"]


@pytest.mark.parametrize("game,args,last_caption", [
    ("klondike", ["--seeds", "1-6"], "{score} cards home"),
    ("golf", ["--seeds", "1-4"], "score {score}"),
    ("poker", ["--seeds", "1-2", "--discards", "5"], "25 placed, {score} points so far"),
])
def test_the_html_report_links_each_deal_to_its_replay(tmp_path, game, args, last_caption):
    report = tmp_path / "report.html"
    run = patiens("analyse", game, *args, "--out", str(tmp_path / "r.jsonl"), "--html", str(report), "--quiet")
    assert run.code == 0, run.err
    records = {r["id"]: r for r in map(json.loads, (tmp_path / "r.jsonl").read_text().splitlines())}
    text = report.read_text()
    rows = re.findall(r'<tr data-id="([^"]+)"><td><a href="([^"]+)">', text)
    assert sorted(i for i, _ in rows) == sorted(records)
    bars = re.findall(r'data-score="(-?\d+)" data-count="(\d+)"', text)
    assert sum(int(n) for _, n in bars) == len(records)
    for deal_id, link in rows:
        steps = _embedded_steps((tmp_path / link).read_text())
        assert steps[-1]["caption"] == last_caption.format(score=records[deal_id]["score"])


def test_the_html_report_needs_a_folder_that_exists(tmp_path):
    run = patiens("analyse", "golf", "--seeds", "1-2", "--out", str(tmp_path / "r.jsonl"),
                  "--html", str(tmp_path / "no" / "r.html"))
    assert_one_line_error(run, "no such folder")
