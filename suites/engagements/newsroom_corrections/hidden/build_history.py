"""Deterministic generator of the committed historical data of the newsroom_corrections family.

    python3 hidden/build_history.py            # rewrite every generated file (base + variant overlays)

Writes (paths relative to the family folder):
  workspace/data/intake_history.db                     eight weeks (5 Jan - 1 Mar 2026) under the base truth
  workspace/docs/reports/corrections_dashboard_2026-02.md    the dashboard, from that history
  variants/<id>/workspace/data/intake_history.db       the same weeks under each variant's truth
  variants/<id>/workspace/docs/reports/...             and its dashboard

History is decided by the shipped job itself (workspace/system/triage.py with the variant's shipped
config/rules.json; before the variant's `rules_deployed` day, with the rules it replaced) and its outcomes
follow the variant's truth, so what a worker finds in them is what the staff of that variant know.
Parameters are read from task.toml and variants/<id>/variant.toml.
"""

import importlib.util
import json
import sqlite3
import sys
import tomllib
from datetime import date, timedelta
from pathlib import Path

HERE = Path(__file__).resolve().parent
FAMILY = HERE.parent
sys.path.insert(0, str(HERE))


def _load(name: str, path: Path) -> object:
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def _params(variant: str) -> dict:
    params = dict(tomllib.loads((FAMILY / "task.toml").read_text(encoding="utf-8")).get("params", {}))
    vt = FAMILY / "variants" / variant / "variant.toml"
    if vt.is_file():
        params.update(tomllib.loads(vt.read_text(encoding="utf-8")).get("params", {}))
    return params


def _rules(variant: str) -> dict:
    own = FAMILY / "variants" / variant / "workspace" / "system" / "config" / "rules.json"
    path = own if own.is_file() else FAMILY / "workspace" / "system" / "config" / "rules.json"
    return json.loads(path.read_text(encoding="utf-8"))


def main() -> int:
    job = _load("shipped_triage", FAMILY / "workspace" / "system" / "triage.py")
    hist = _load("_newsroom_corrections_history", HERE / "_newsroom_corrections_history.py")
    variants = ["base", *sorted(p.name for p in (FAMILY / "variants").iterdir() if p.is_dir() and p.name != "base")]
    for variant in variants:
        params, rules = _params(variant), _rules(variant)

        changed = str(params.get("rules_deployed", "") or "")
        before = _rules("base") | {"fast_lane_first": False}  # TRG-2025-12 as the other variants run it

        def decide(
            conn: sqlite3.Connection,
            first: str,
            last: str,
            rules: dict = rules,
            changed: str = changed,
            before: dict = before,
        ) -> tuple:
            if not changed or changed <= first:
                return job.run(conn, json.loads(json.dumps(rules)), first, last)
            day = (date.fromisoformat(changed) - timedelta(days=1)).isoformat()
            old_rows, old_feed = job.run(conn, json.loads(json.dumps(before)), first, day)
            new_rows, new_feed = job.run(conn, json.loads(json.dumps(rules)), changed, last)
            return old_rows + new_rows, old_feed + new_feed

        root = FAMILY / "workspace" if variant == "base" else FAMILY / "variants" / variant / "workspace"
        path = root / "data" / "intake_history.db"
        totals = hist.build_history(path, params, decide)
        report = root / "docs" / "reports" / "corrections_dashboard_2026-02.md"
        report.parent.mkdir(parents=True, exist_ok=True)
        report.write_text(hist.dashboard(path, str(params.get("dashboard_note", ""))), encoding="utf-8")
        print(
            f"{path.relative_to(FAMILY)}: {path.stat().st_size // 1024} KiB, {totals['items']} items, "
            f"GBP {totals['cost']:,.0f} {totals['by_cost']}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
