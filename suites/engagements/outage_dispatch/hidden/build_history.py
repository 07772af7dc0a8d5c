"""Deterministic generator of the committed history of the outage_dispatch family.

    python3 hidden/build_history.py            # rewrite every generated file (base + variant overlays)

Writes, for the base variant and every variant whose world differs (variants/<id>/variant.toml params):
  workspace/data/network.db         four storms (Nov 2025 - Feb 2026) as the shipped dispatcher planned them,
                                    with what happened (restorations: switching waits, re-trips, hand-backs,
                                    the customers the smart meters confirmed)
  workspace/data/psr_register.csv   the priority services register extract
  workspace/system/config/skills_matrix.csv   the 2024 crew skills matrix the dispatcher reads

The world model lives in hidden/_outage_dispatch_world.py so that the unseen storm comes from the same world.
"""

import importlib.util
import json
import random
import sqlite3
import sys
import tempfile
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
FAMILY = HERE.parent
sys.path.insert(0, str(HERE))

import _outage_dispatch_world as world  # noqa: E402
import grader  # noqa: E402
from _outage_dispatch_sim import execute  # noqa: E402
from _outage_dispatch_world import Traffic  # noqa: E402

WORLD_PARAMS = [
    "stale_feeders",
    "reconfig_date",
    "lapsed_crews",
    "lapse_date",
    "retrip_depot",
    "switching_desks",
    "inflated_lv",
    "inflated_from",
    "psr_bad_depot",
    "psr_moved",
    "night_crews",
    "retrip_fixed",
    "hv_hours_limit",
    "crew_rest_min",
    "patrol_minutes",
    "new_app_sections",
]


def _shipped(system: Path):
    spec = importlib.util.spec_from_file_location("_outage_dispatch_shipped", system / "dispatch.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _stamp(m: int, day0) -> str:
    from datetime import timedelta

    return (day0 + timedelta(minutes=m)).strftime("%Y-%m-%dT%H:%M")


def build(params: dict, ws: Path, system: Path, rules_file: Path | None = None) -> None:
    shipped = _shipped(system)
    rules = shipped.load_rules() if rules_file is None else json.loads(rules_file.read_text())
    net_now = world.network(params)
    all_outages, restorations = [], []
    world.write_csv(
        FAMILY / "workspace" / "system" / "config" / "skills_matrix.csv",
        ["crew_id", "depot", "hv_switching", "lv_jointing", "source"],
        [
            {
                "crew_id": c["crew_id"],
                "depot": c["depot"],
                "hv_switching": "Y" if world.matrix_hv(c["crew_id"]) else "N",
                "lv_jointing": "Y",
                "source": "skills matrix issue 2024-09",
            }
            for c in world.crews(params, "history")
        ],
    )
    old, _cur = world.psr_truth(params, net_now)
    for name, start, days, n in grader.HISTORY_STORMS:
        p = grader.history_params(params, start)
        net = world.network(p)
        t = Traffic("outage_dispatch", "history", name)
        rows = world.storm_outages(
            t, net, start, n, days=days, new_share=0.0, hv_share=0.34, held_share=0.02, prefix=name.split("-")[-1][:3]
        )
        for r in rows:
            r["storm"] = name
        register = world.authorisations(p, "history")
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "network.db"
            world.write_network_db(db, net, world.crews(p, "history"), register, rows)
            world.write_psr_old(Path(tmp) / "psr_register.csv", old, str(world._p(p, "psr_bad_depot", "")))
            conn = sqlite3.connect(db)
            try:
                plan, _, _ = shipped.plan_storm(conn, Path(tmp), name, rules)
            finally:
                conn.close()
        rng = random.Random(f"outage_dispatch/history/patrol/{name}")
        day0 = __import__("datetime").datetime.fromisoformat(start)
        prows = []
        for i, r in enumerate(plan):
            prows.append(
                {
                    "outage_id": r["outage_id"],
                    "crew_id": r["crew_id"],
                    "seq": (r["seq"], i),
                    "t_dispatch": grader.minute_of(r["dispatch_at"], day0),
                    "patrol": r["patrol"] == "yes" or rng.random() < 0.3,
                }
            )
        outs = {
            o["outage_id"]: dict(
                o,
                t_reported=grader.minute_of(o["reported_at"], day0),
                share=o["customers_reported"] / max(1, net["by_id"][o["section_id"]]["customers_gis"]),
            )
            for o in rows
        }
        crew_map = {c["crew_id"]: c for c in world.crews(p, "history")}
        mopup = (days + 1) * 1440 + 720
        result = execute(prows, outs, crew_map, register, net, p, day0, mopup, int(world._p(p, "switching_desks", 2)))
        disp = {r["outage_id"]: r for r in prows}
        for oid, o in outs.items():
            res = result["restorations"].get(oid)
            if o["status"] != "OPEN" or res is None:
                continue
            restorations.append(
                {
                    "outage_id": oid,
                    "crew_id": res["crew"],
                    "dispatched_at": _stamp(disp[oid]["t_dispatch"], day0),
                    "arrived_at": _stamp(res.get("arrived", disp[oid]["t_dispatch"]), day0),
                    "switching_wait_min": res.get("wait", 0),
                    "patrolled": int(bool(res.get("patrolled"))),
                    "restored_at": _stamp(min(res.get("final", res["restored"]), mopup), day0),
                    "retripped": int(bool(res.get("retripped"))),
                    "handed_back": (
                        ("switching refused: hours on duty" if res.get("hours_limit") else "no HV authorisation")
                        if res.get("handed_back")
                        else ""
                    ),
                    "customers_confirmed": world.true_customers(o, net),
                }
            )
        all_outages += rows
    world.write_network_db(
        ws / "data" / "network.db",
        net_now,
        world.crews(params, "history"),
        world.authorisations(params, "history"),
        all_outages,
        restorations,
    )
    world.write_psr_old(ws / "data" / "psr_register.csv", old, str(world._p(params, "psr_bad_depot", "")))


def _task_params() -> dict:
    return tomllib.loads((FAMILY / "task.toml").read_text())["params"]


def main() -> int:
    base = _task_params()
    build(base, FAMILY / "workspace", FAMILY / "workspace" / "system")
    print("workspace/data/network.db")
    for vdir in sorted((FAMILY / "variants").iterdir()):
        vt = vdir / "variant.toml"
        if not vt.is_file() or vdir.name == "base":
            continue
        vp = {**base, **tomllib.loads(vt.read_text()).get("params", {})}
        rules = vdir / "workspace" / "system" / "config" / "rules.json"
        if all(vp.get(k) == base.get(k) for k in WORLD_PARAMS) and not rules.is_file():
            continue
        build(vp, vdir / "workspace", FAMILY / "workspace" / "system", rules if rules.is_file() else None)
        print(f"variants/{vdir.name}/workspace/data/network.db")
    return 0


if __name__ == "__main__":
    sys.exit(main())
