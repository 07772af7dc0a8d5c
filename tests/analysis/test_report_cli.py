"""`worktrial report` and `worktrial compare` as a user runs them, on a store of synthetic jobs."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from worktrial.analysis.synthetic import Shape, synthetic_rows
from worktrial.store import Home, JobRow, Store, TrialRow

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def wt(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "worktrial.cli", *args], capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two small jobs (A, then B) over 3 families × 2 variants × 4 levels, 8 agents, 2 repeats."""
    root = tmp_path_factory.mktemp("home")
    store = Store(Home(root).ensure().db_url)
    for job, seed in (("jobA", 0), ("jobB", 1)):
        rows = synthetic_rows(job, Shape(families=3, variants=2, repeats=2), seed=seed)
        with store.engine.begin() as conn:
            conn.execute(JobRow.__table__.insert(), [{"id": job, "config": {}, "status": "finished"}])
            conn.execute(TrialRow.__table__.insert(), rows)
    return root


def test_report_defaults_to_the_latest_job_and_prints_tables(home: Path) -> None:
    res = wt("report", "--home", str(home), "--by", "industry", "--effort")
    assert res.returncode == 0, res.stderr
    assert "job jobB" in res.stdout and "95% CI" in res.stdout and "by industry" in res.stdout
    assert "harness × model" in res.stdout and "level − L0" in res.stdout and "effort and discovery" in res.stdout
    assert "infrastructure" in res.stderr  # the synthetic jobs have a few error trials
    plain = wt("report", "--home", str(home))
    assert "by " not in plain.stdout and "effort" not in plain.stdout
    assert plain.stdout.split("\n")[:12] == res.stdout.split("\n")[:12]  # the same headline either way


def test_report_json(home: Path) -> None:
    res = wt("report", "jobA", "--home", str(home), "--json", "--by", "tier")
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    assert data["jobs"] == ["jobA"] and data["settings"]["resamples"] == 10_000
    assert data["trials"] == 3 * 2 * 4 * 8 * 2
    head = {h["agent"]: h for h in data["headline"]}
    assert set(head) >= {"noop", "reference", "react:lab/alpha"}
    assert sum(h["errors"] for h in head.values()) == data["errors"]
    assert head["reference"]["ci_low"] <= head["reference"]["mean"] <= head["reference"]["ci_high"]
    assert data["breakdown"]["by"] == "tier" and {r["tier"] for r in data["breakdown"]["rows"]} == {"1", "2", "3"}
    assert data["variance"]["harnesses"] == ["planner", "react"]
    assert {d["level"] for d in data["level_deltas"]} == {"L1", "L2", "L3"}
    assert data["pass_k"][0]["pass_hat"]["1"] is not None
    assert len(data["matrix"]["columns"]) == 3 * 2 * 4


def test_report_pools_jobs_and_clusters(home: Path) -> None:
    res = wt("report", "jobA", "jobB", "--home", str(home), "--json", "--cluster", "family")
    data = json.loads(res.stdout)
    assert data["jobs"] == ["jobA", "jobB"] and data["settings"]["cluster"] == "family"
    assert data["trials"] == 2 * 3 * 2 * 4 * 8 * 2


def test_report_refuses_bad_input(home: Path, tmp_path: Path) -> None:
    res = wt("report", "--home", str(home), "--by", "colour")
    assert res.returncode == 2 and "cannot break down by 'colour'" in res.stderr, res.stderr
    res = wt("report", "nojob", "--home", str(home))
    assert res.returncode == 2 and "no job nojob" in res.stderr, res.stderr
    res = wt("report", "--home", str(tmp_path / "empty"))
    assert res.returncode == 2 and "no jobs" in res.stderr, (res.returncode, res.stdout, res.stderr)


def test_compare(home: Path) -> None:
    res = wt("compare", "jobA", "jobB", "--home", str(home), "--json")
    assert res.returncode == 0, res.stderr
    rows = json.loads(res.stdout)["rows"]
    scopes = {(r["scope"], r["name"]) for r in rows}
    assert ("overall", "all") in scopes and ("agent", "reference") in scopes and ("family", "fam0001") in scopes
    overall = next(r for r in rows if r["scope"] == "overall")
    assert overall["diff"] == pytest.approx(overall["mean_b"] - overall["mean_a"])
    assert 0 < overall["p_value"] <= 1 and overall["ci_low"] <= overall["diff"] <= overall["ci_high"]
    table = wt("compare", "jobA", "jobB", "--home", str(home))
    assert table.returncode == 0 and "Δ B − A" in table.stdout


@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")
def test_html_report_renders_every_plot_in_chromium(home: Path, tmp_path: Path) -> None:
    playwright = pytest.importorskip("playwright.sync_api")
    out = tmp_path / "report.html"
    res = wt("report", "jobA", "--home", str(home), "--html", str(out), "--by", "industry")
    assert res.returncode == 0, res.stderr
    html = out.read_text(encoding="utf-8")
    # Self-contained: nothing is fetched (no scripts, stylesheets or images from anywhere else).
    assert not re.search(r"<(script|link)\b", html)
    assert all(src.startswith("data:") for src in re.findall(r'<img[^>]*\ssrc="([^"]*)"', html))
    expected = {
        "fig-score",
        "fig-cost-score",
        "fig-spend-score",
        "fig-heatmap",
        "fig-levels",
        "fig-breakdown",
        "fig-discovery",
        "fig-pass-k",
        "fig-variance",
    }
    assert set(re.findall(r'<figure id="([^"]+)"', html)) == expected
    shot = tmp_path / "report.png"
    requests: list[str] = []
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            page.on("request", lambda r: requests.append(r.url))
            page.goto(out.as_uri())
            page.wait_for_load_state("load")
            figures = page.locator("figure")
            assert figures.count() == len(expected)
            for i in range(figures.count()):
                fig = figures.nth(i)
                assert fig.locator("figcaption").inner_text().strip()
                img = fig.locator("img, svg").first
                box = img.bounding_box()
                assert box is not None and box["width"] > 50 and box["height"] > 50, fig.get_attribute("id")
                natural = img.evaluate("e => e.naturalWidth || e.getBoundingClientRect().width")
                assert natural > 0, fig.get_attribute("id")
            page.screenshot(path=str(shot), full_page=True)
        finally:
            browser.close()
    assert all(u.startswith(("file:", "data:")) for u in requests), requests
    from PIL import Image, ImageStat

    with Image.open(shot) as im:
        grey = im.convert("L")
        assert grey.size[0] >= 1000 and grey.size[1] > 2000
        assert ImageStat.Stat(grey).stddev[0] > 10  # not a blank page
        assert len(grey.getcolors(maxcolors=1 << 16) or range(1 << 16)) > 50


@pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
def test_run_and_report_print_the_same_headline(tiny_suite: Path, tmp_path: Path) -> None:
    home = str(tmp_path / "home")
    run = wt(
        "run",
        "--suite",
        str(tiny_suite),
        "--home",
        home,
        "--task",
        "tiny/base",
        "--level",
        "L3",
        "--agent",
        "reference",
        "--agent",
        "noop",
        "--agent",
        "shortcut:guess",
        "--repeats",
        "2",
    )
    assert run.returncode == 0, run.stderr
    headline = run.stdout.rstrip()
    assert "reference" in headline and "shortcut:guess" in headline and "95% CI" in headline
    job = re.search(r"job (\S+)", headline)
    assert job is not None
    for args in ((), (job.group(1),)):  # the latest job, and the job named
        rep = wt("report", *args, "--home", home)
        assert rep.returncode == 0, rep.stderr
        assert rep.stdout.startswith(headline + "\n"), rep.stdout


def test_html_report_links_every_trial_to_the_viewer_when_asked(home: Path, tmp_path: Path) -> None:
    plain, linked = tmp_path / "plain.html", tmp_path / "linked.html"
    assert wt("report", "jobA", "--home", str(home), "--html", str(plain)).returncode == 0
    res = wt("report", "jobA", "--home", str(home), "--html", str(linked), "--viewer", "http://wt.example:8000/")
    assert res.returncode == 0, res.stderr
    assert "<h2>Trials</h2>" not in plain.read_text(encoding="utf-8")
    page = linked.read_text(encoding="utf-8")
    hrefs = re.findall(r'<a href="http://wt\.example:8000/trials/([^"]+)">', page)
    trials = [t.id for t in Store(Home(home).db_url).trials("jobA")]
    assert sorted(hrefs) == sorted(trials) and len(trials) > 1
