"""The warranty_refunds story shared by its calibration solutions: the policies of the fixes and the installers
of the production code in delivery/ (the extended triage rules, the customer replies and the dashboard).

Talking to people, waiting, history queries and file edits come from the kit (worktrial_kit). The production
code copied from delivery/ stands alone: the production run never sees /solution.
"""

from pathlib import Path

import worktrial_kit as kit

DELIVERY = Path(__file__).resolve().parent / "delivery"
SYSTEM = kit.workspace() / "system"
CONFIG = SYSTEM / "config"


def install_rules(policy_extra: dict) -> None:
    """Replace rules.py by the extended engine and merge `policy_extra` into triage_policy.json; the job then
    skips repair-centre intake placeholders when it picks a claim's report."""
    kit.write_text(SYSTEM / "rules.py", (DELIVERY / "rules.py").read_text(encoding="utf-8"))
    kit.update_json(CONFIG / "triage_policy.json", **policy_extra)
    kit.insert_once(SYSTEM / "triage.py", '        reports[r["claim_id"]] = dict(r)',
                    "        if rules.is_placeholder(dict(r), ctx_policy):\n            continue\n",
                    before=True, marker="rules.is_placeholder")
    kit.insert_once(SYSTEM / "triage.py", "    reports = {}\n",
                    "    ctx_policy = rules.load_policy(HERE / \"config\")\n", before=True, marker="ctx_policy = ")


REPORTS_HOOK = (
    "    try:  # the decisions must go out even if the customer e-mails fail\n"
    "        import replies\n"
    "        n_replies = replies.write_replies(rows, out / \"replies\", args.db)\n"
    "        print(f\"replies: {n_replies} customer e-mails in {out / 'replies'}\")\n"
    "    except Exception as exc:  # noqa: BLE001\n"
    "        print(f\"replies step failed: {exc}\", file=sys.stderr)\n"
    "    try:\n"
    "        import dashboard\n"
    "        page = dashboard.write_dashboard(args.db, out / \"dashboard\", args.month)\n"
    "        print(f\"dashboard: {page}\")\n"
    "    except Exception as exc:  # noqa: BLE001\n"
    "        print(f\"dashboard step failed: {exc}\", file=sys.stderr)\n"
)


def install_replies_and_dashboard() -> None:
    for name in ("replies.py", "dashboard.py"):
        kit.write_text(SYSTEM / name, (DELIVERY / name).read_text(encoding="utf-8"))
    kit.insert_once(SYSTEM / "triage.py", "    counts = Counter(r[\"decision\"] for r in rows)\n", REPORTS_HOOK,
                    before=True, marker="import replies")


# ----------------------------------------------------------------------------- policies of the fixes

DW4_VENT = {
    "id": "DW4-VENT", "model": "DW4", "plant": "K", "build_week_before": 2536, "codes": ["X02"],
    "component_rx": "main.*(board|pcb)|(board|pcb).*main", "decision": "approve",
    "basis": "Product Engineering (I. Vandermeer): door-vent condensation on the main board, "
             "DW-4 built before week 36/2025; CR-2026-04",
}
FR6_LOT = {
    "id": "FR6-ARVENT-RELAY", "model": "FR6", "plant": "K", "build_weeks": [2519, 2520, 2521, 2522, 2523, 2526, 2527],
    "codes": ["N00"], "decision": "approve",
    "basis": "Supplier quality Kolsby (M. Dobrowski): Arvent start-relay lot, 8D SQ-8D-2025-031; CR-2026-04",
}
WESTHOLM_SPELLING = {"code_normalise": True}   # Westholm's tablets: 'x-02', 'X-02', 'x 02' are v3 codes
DELIVERY_START = {"warranty_start": "delivery_date"}   # published terms s.3.1: 24 months from delivery
BALT_DOMESTIC = {"domestic_markets": ["NORD", "BALT"]}   # market addendum 2025/1: Baltic programme builds
EASTMERE_INTAKE = {"intake_report_rx": r"-P(RE|\d)?$"}   # FixFlow 4.2 intake placeholders are not reports
SOUTHGATE_V2 = {
    "rc_id": "RC-S", "from_report_date": "2026-01-19", "technicians": ["D. Okoro", "L. Fairweather"],
    "map": {"X01": "E21", "E21": "X01", "X03": "E10", "E10": "X03"},
    "basis": "Claims Systems (F. Haddad): ServiceDesk 9 loaded the 2019 v2 code list; CR-2026-04",
}
SOUTHGATE_V2_MILLBROOK = {   # Millbrook joins ServiceDesk 9 on 2 March (Claims Systems; not in the history)
    **SOUTHGATE_V2, "from_report_date": "2026-03-02", "technicians": ["P. Santos"],
}
TARNOWO_LINE2 = {   # Tarnowo's line 2 numbers units from 50001; the register carries line 1 only (plant, M. Dobrowski)
    "line2_serials": [{"plant": "T", "from_build_week": 2540, "seq_from": 50001, "seq_to": 51000},
                      {"plant": "T", "from_build_week": 2602, "seq_from": 60001, "seq_to": 61000}],
}
