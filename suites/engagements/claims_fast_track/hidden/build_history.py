"""Deterministic generator of the committed history of the claims_fast_track family.

    python3 hidden/build_history.py            # rewrite every generated file (base + variant overlays)

Writes, for the base variant and every variant whose world differs (variants/<id>/variant.toml params or its
own rule book), workspace/data/claims.db: February and March 2026 as the shipped fast-track job decided them
(claims, storm_events), with what happened next (outcomes: the queue, what was paid, the handlers' and the
counter-fraud team's outcome, and the post-payment audit's findings).
"""

import importlib.util
import json
import sys
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
FAMILY = HERE.parent
sys.path.insert(0, str(HERE))

import _claims_fast_track_world as world  # noqa: E402
import grader  # noqa: E402

WORLD_PARAMS = [
    "dup_rate_history", "hw25_excess", "hw25_eow_excess", "cf_capacity", "repair_scheme", "web_ring", "web_ring_lift",
]  # fmt: skip


def _shipped(system: Path):
    spec = importlib.util.spec_from_file_location("_claims_fast_track_shipped", system / "fast_track.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def outcomes(claims: list[dict], rules: dict, params: dict, shipped) -> list[dict]:
    storms = [(a, b, d) for _n, a, b, ds in world.STORMS["history"] for d in ds]
    dups = grader.duplicates(claims)
    cap = int(world._p(params, "cf_capacity", 6))
    used: dict[str, int] = {}
    rows = []
    for c in claims:
        queue, paid, _reason = shipped.decide(c, rules, storms)
        cid = c["claim_id"]
        is_fraud, is_dup = world.fraud(c, "history", params), cid in dups
        owed = world.entitlement(c, params)
        u = world.keyed_uniform(world.SECRET, "catch", cid)
        r = {"claim_id": cid, "decision": "settle" if queue == "settle" else "refer", "queue": queue}
        if queue == "settle":
            r.update(paid_amount=f"{paid:.2f}", outcome="closed")
            applied = shipped.excess(rules, c["wording"], c["peril"])
            true = world.true_excess(params, c["wording"], c["peril"])
            if is_dup or world.direct_repair(c, params, "history"):  # the repairer's invoice pays the loss again
                r.update(audit_finding="duplicate_payment", audit_amount=f"{paid:.2f}")
            elif is_fraud and world.keyed_uniform(world.SECRET, "audit", cid) < 0.7:
                r.update(audit_finding="fraud_confirmed", audit_amount=f"{paid:.2f}")
            elif true > applied:
                r.update(audit_finding="excess_underapplied", audit_amount=f"{true - applied:.2f}")
        elif queue == "counter_fraud":
            used[c["notified"]] = used.get(c["notified"], 0) + 1
            if used[c["notified"]] <= cap:
                caught = is_fraud and u < 0.9
                r.update(outcome="cf_confirmed_fraud" if caught else "cf_cleared",
                         paid_amount="0.00" if caught else f"{owed:.2f}")  # fmt: skip
            else:
                caught = is_fraud and u < 0.35
                r.update(outcome="cf_released_unreviewed", paid_amount="0.00" if caught else f"{owed:.2f}")
        else:
            spot = 0.9 if (world.storm_of(c, "history") or ("", True))[1] is False else 0.4
            caught = (is_fraud and u < spot) or is_dup
            r.update(
                outcome="declined" if caught else "paid_by_handler", paid_amount="0.00" if caught else f"{owed:.2f}"
            )
        rows.append(r)
    return rows


def build(target: Path, params: dict, system: Path) -> None:
    rules = json.loads((system / "config" / "rules.json").read_text())
    claims = world.simulate(params, "history", "history")
    world.write_db(
        target / "data" / "claims.db",
        claims,
        world.STORMS["history"],
        outcomes(claims, rules, params, _shipped(system)),
    )
    print("wrote", target / "data" / "claims.db")


def main() -> None:
    base = tomllib.loads((FAMILY / "task.toml").read_text())["params"]
    build(FAMILY / "workspace", base, FAMILY / "workspace" / "system")
    for vt in sorted((FAMILY / "variants").glob("*/variant.toml")):
        vp = tomllib.loads(vt.read_text()).get("params", {})
        own_rules = (vt.parent / "workspace" / "system" / "config" / "rules.json").exists()
        if not own_rules and not any(k in vp and vp[k] != base.get(k) for k in WORLD_PARAMS):
            continue
        system = FAMILY / "workspace" / "system"
        if own_rules:  # the variant's own rule book next to the shipped job
            import shutil
            import tempfile

            tmp = Path(tempfile.mkdtemp())
            shutil.copytree(system, tmp / "system")
            shutil.copy(vt.parent / "workspace" / "system" / "config" / "rules.json", tmp / "system" / "config")
            system = tmp / "system"
        build(vt.parent / "workspace", {**base, **vp}, system)


if __name__ == "__main__":
    main()
