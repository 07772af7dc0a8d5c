"""Deterministic generator of the committed data of the robot_cell family.

    python3 hidden/build_history.py            # rewrite every generated file (base + variant overlays)
    python3 hidden/build_history.py base       # only some variants

Writes (paths relative to the family folder), for each variant with the params of task.toml and its
variant.toml:
  <root>/workspace/data/picking.db             26 weeks of history (8 Sep 2025 - 8 Mar 2026): shift and
                                                station statistics, service per day, safety stops,
                                                maintenance log, SKU x month; order lines for 6 Mar 2026
  <root>/workspace/system/config/scheduler.json the shipped scheduler configuration
where <root> is the family folder for base and variants/<id> otherwise. Then it checks that the shipped
scheduler (workspace/system) writes exactly the plan that grader.original_plan() replicates, on the detail
day and on a generated production week.

The world model lives in grader.py so that the unseen weeks are drawn from the same distribution.
"""

import csv
import importlib.util
import json
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
FAMILY = HERE.parent


def _grader():
    spec = importlib.util.spec_from_file_location("_robot_cell_grader", HERE / "grader.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def variant_params(variant: str) -> dict:
    params = dict(tomllib.loads((FAMILY / "task.toml").read_text())["params"])
    vt = FAMILY / "variants" / variant / "variant.toml"
    if vt.is_file():
        params.update(tomllib.loads(vt.read_text()).get("params", {}))
    return params


def variants() -> list[str]:
    out = ["base"]
    out += sorted(p.name for p in (FAMILY / "variants").iterdir() if p.is_dir() and p.name != "base")
    return out


def _plan_from_system(system_dir: Path, db: Path, config: Path) -> tuple[dict, dict]:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, str(system_dir / "scheduler.py"), "--db", str(db), "--out", tmp,
                        "--config", str(config)], check=True, capture_output=True, text=True)
        assign = {}
        with open(Path(tmp) / "assignments.csv", newline="") as f:
            for r in csv.DictReader(f):
                assign[int(r["line_id"])] = (r["station_id"], int(r["seq"]))
        recipes = {}
        with open(Path(tmp) / "cell_plan.csv", newline="") as f:
            for r in csv.DictReader(f):
                recipes[(r["shift_id"], r["cell_id"])] = r
    return assign, recipes


def check_replica(g, variant: str, params: dict, root: Path) -> None:
    system = FAMILY / "workspace" / "system"
    config = root / "workspace" / "system" / "config" / "scheduler.json"
    with tempfile.TemporaryDirectory() as tmp:
        g.generate(Path(tmp), params, 424242, "production")
        for db in (Path(tmp) / "picking.db",):
            data = g.WeekData.from_db(db)
            want, _ = g.original_plan(data, params)
            got, recipes = _plan_from_system(system, db, config)
            if want != got:
                diff = sum(1 for k in set(want) | set(got) if want.get(k) != got.get(k))
                raise SystemExit(f"{variant}: shipped scheduler and grader replica differ on {diff} lines")
            speeds = {int(r["speed_pct"]) for r in recipes.values()}
            if speeds != {g.VALIDATED_SPEED}:
                raise SystemExit(f"{variant}: unexpected speeds {speeds}")
    print(f"{variant}: shipped scheduler == grader replica on a production week")


def main(argv: list[str]) -> int:
    g = _grader()
    for variant in argv or variants():
        params = variant_params(variant)
        root = FAMILY if variant == "base" else FAMILY / "variants" / variant
        cfg_dir = root / "workspace" / "system" / "config"
        cfg_dir.mkdir(parents=True, exist_ok=True)
        (cfg_dir / "scheduler.json").write_text(json.dumps(g.shipped_config(params), indent=2) + "\n")
        db = root / "workspace" / "data" / "picking.db"
        totals = g.build_history(db, params)
        print(f"{db.relative_to(FAMILY)}: {db.stat().st_size // 1024} KiB, {totals}")
        check_replica(g, variant, params, root)
        if variant != "base" and (root / "workspace" / "system" / "config" / "scheduler.json").read_text() == \
                (FAMILY / "workspace" / "system" / "config" / "scheduler.json").read_text():
            (root / "workspace" / "system" / "config" / "scheduler.json").unlink()
            shutil.rmtree(root / "workspace" / "system", ignore_errors=True) if not any(
                (root / "workspace" / "system").rglob("*.*")) else None
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
