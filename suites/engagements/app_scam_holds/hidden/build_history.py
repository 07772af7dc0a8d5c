"""Deterministic generator of the committed historical data of the app_scam_holds family.

    python3 hidden/build_history.py            # rewrite every generated file (base + variant overlays)

Writes (paths relative to the family folder), for base and each variant overlay:
  workspace/data/payments.db                       Aug 2025 - Feb 2026 in-scope payments, decisions, outcomes
  workspace/system/config/hold_rules.csv           the shipped rule table
  workspace/system/config/trusted_payees.csv       the trusted payee list (base only; same everywhere)
  workspace/docs/mi/fraud_mi_pack_2026-02.md       Fraud Strategy's monthly MI pack, computed from the data
  workspace/docs/rules/rule_catalogue.md           the rule catalogue matching the shipped table

The world model lives in grader.py so that the unseen months are drawn from the same distribution.
"""

import importlib.util
import sqlite3
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FAMILY = HERE.parent

VARIANTS = {
    "base": {},
    "caution_lifted": {"own_account_fixed": True, "caution_until": "2026-01-01", "close_match_from": "2025-12-01"},
    "mule_emi": {"own_account_fixed": True, "mule_inst": "QFP", "mule_spread": "VLT"},
    "kestrel_v4": {"own_account_fixed": True, "kestrel_v4_from": "2026-01-13"},
}
MI_REMARK = {
    "base": "R06 (marketplace purchases, live 8 September) lifted the detection rate by more than anything "
            "since the engine went live. Remaining gap to target is mostly investment and romance cases.",
    "caution_lifted": "Reimbursement cost was higher in January and February; Finance reads it as a few large "
                      "individual claims. Detection rate stable.",
    "mule_emi": "Scam reports rose from November, mostly small advance-fee cases (rental deposits, tickets, "
                "job fees) paid to personal accounts. Detection rate dipped; no rule change proposed yet.",
    "kestrel_v4": "Holds fell in the second half of January and in February, in line with the usual post-"
                  "Christmas drop in payment volumes. Detection rate dipped; expected to recover.",
}


def _grader():
    spec = importlib.util.spec_from_file_location("_app_scam_holds_grader", HERE / "grader.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def mi_pack(db: Path, variant: str) -> str:
    conn = sqlite3.connect(db)
    q = conn.execute
    rows = []
    for (month,) in q("SELECT DISTINCT substr(created_at,1,7) FROM payments ORDER BY 1"):
        pays = q("SELECT count(*) FROM payments WHERE substr(created_at,1,7)=?", (month,)).fetchone()[0]
        holds = q("SELECT count(*) FROM hold_decisions d JOIN payments p USING (payment_id) "
                  "WHERE d.decision='HOLD' AND substr(p.created_at,1,7)=?", (month,)).fetchone()[0]
        detected = q("SELECT count(*) FROM hold_outcomes o JOIN payments p USING (payment_id) "
                     "WHERE substr(p.created_at,1,7)=? AND (o.outcome='cancelled_scam' OR p.payment_id IN "
                     "(SELECT payment_id FROM scam_reports))", (month,)).fetchone()[0]
        missed = q("SELECT count(*) FROM scam_reports r JOIN payments p USING (payment_id) "
                   "WHERE substr(p.created_at,1,7)=? AND r.payment_id NOT IN "
                   "(SELECT payment_id FROM hold_decisions WHERE decision='HOLD')", (month,)).fetchone()[0]
        reimb = q("SELECT coalesce(sum(pellbrook_cost_gbp),0) FROM scam_reports r JOIN payments p "
                  "USING (payment_id) WHERE substr(p.created_at,1,7)=?", (month,)).fetchone()[0]
        comp = q("SELECT count(*), coalesce(sum(compensation_gbp),0) FROM complaints c JOIN payments p "
                 "USING (payment_id) WHERE substr(p.created_at,1,7)=?", (month,)).fetchone()
        rate = detected / (detected + missed) if detected + missed else 0.0
        rows.append((month, pays, holds, holds / pays, detected, missed, rate, reimb, comp[0]))
    typ = q("SELECT typology, count(*) FROM (SELECT o.typology AS typology FROM hold_outcomes o JOIN payments p "
            "USING (payment_id) WHERE o.outcome='cancelled_scam' AND p.created_at >= '2025-11-01' "
            "UNION ALL SELECT r.typology FROM scam_reports r JOIN payments p USING (payment_id) "
            "WHERE p.created_at >= '2025-11-01') GROUP BY typology ORDER BY 2 DESC").fetchall()
    conn.close()
    last, first = rows[-1], rows[0]
    out = [
        "# Fraud Strategy - monthly MI pack, February 2026",
        "",
        "Prepared by Fraud Strategy (I. Marchetti) for the Executive Risk Committee. Source: payments hub "
        "decision log, Fraud Operations hold outcomes, scam claims register. Extract of 1 March 2026.",
        "",
        "## Headline",
        "",
        f"- **Detection rate {last[6]:.0%}** in February (target 75%; August {first[6]:.0%}).",
        f"- {last[2]} payments held in February, hold rate {last[3]:.1%} (appetite: 20% of in-scope payments).",
        f"- {MI_REMARK[variant]}",
        "",
        "## Monthly trend",
        "",
        "| Month | In-scope payments | Holds | Hold rate | Scams detected | Scams missed | Detection rate | "
        "Reimbursement cost (GBP) | Hold complaints |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for m, pays, holds, hr, det, mis, rate, reimb, nc in rows:
        out.append(f"| {m} | {pays:,} | {holds} | {hr:.1%} | {det} | {mis} | {rate:.0%} | {reimb:,.0f} | {nc} |")
    out += [
        "",
        "Definitions: *scams detected* = held payments that turned out to be scams (cancelled on the call, or "
        "released at the customer's insistence and later claimed); *scams missed* = scam claims on payments "
        "that were not held; *detection rate* = detected / (detected + missed), by number of cases, as agreed "
        "with ExCo in 2024. Recent months are incomplete: claims arrive up to several weeks after the payment.",
        "",
        "## Cases by typology, November - February (number of cases)",
        "",
        "| Typology | Cases |",
        "|---|---|",
    ]
    for t, n in typ:
        out.append(f"| {t or 'not recorded'} | {n} |")
    out += ["", "Reimbursement cost is Finance's figure (Pellbrook's share under the ARC code) and is reported for "
                "information; the committee's KPIs are the detection rate and the hold rate.", ""]
    return "\n".join(out)


CATALOGUE_HEAD = """# Hold rule catalogue

Owner: Fraud Strategy (I. Marchetti). Maintained with `system/config/hold_rules.csv`; changes through the
Fraud Rules Change Board under FRM-09. The engine tries enabled rules by increasing priority; the first
matching rule decides (HOLD, or ALLOW = release without looking further); no match = release.

| Rule | Priority | Action | Condition | Since | Change | Why |
|---|---|---|---|---|---|---|
"""
CATALOGUE_TAIL = """
## Related lists
- `system/config/trusted_payees.csv`: payees released by R02 (utilities, councils, tax, large retailers and
  regulated investment platforms). Additions need an FRCB change like any rule.

## Performance
Monthly figures per rule are in the MI pack (`docs/mi/`). Rules are reviewed against the detection rate
(target 75%) and the hold rate (appetite 20%).
"""


def catalogue(rows: list[dict]) -> str:
    lines = [CATALOGUE_HEAD.rstrip("\n")]
    for r in sorted(rows, key=lambda r: r["priority"]):
        cond = r["condition"].replace("|", "\\|")
        lines.append(f"| {r['rule_id']} {r['name']} | {r['priority']} | {r['action']} | `{cond}` | {r['since']} | "
                     f"{r['change_ref']} | {r['notes']} |")
    return "\n".join(lines) + "\n" + CATALOGUE_TAIL


def main() -> int:
    g = _grader()
    for variant, params in VARIANTS.items():
        root = FAMILY / "workspace" if variant == "base" else FAMILY / "variants" / variant / "workspace"
        db = root / "data" / "payments.db"
        g.build_history(db, params)
        (root / "system" / "config").mkdir(parents=True, exist_ok=True)
        (root / "system" / "config" / "hold_rules.csv").write_text(g.rules_csv(params), encoding="utf-8")
        (root / "docs" / "mi").mkdir(parents=True, exist_ok=True)
        (root / "docs" / "mi" / "fraud_mi_pack_2026-02.md").write_text(mi_pack(db, variant), encoding="utf-8")
        (root / "docs" / "rules").mkdir(parents=True, exist_ok=True)
        (root / "docs" / "rules" / "rule_catalogue.md").write_text(catalogue(g.legacy_rule_rows(params)),
                                                                 encoding="utf-8")
        print(f"{db.relative_to(FAMILY)}: {db.stat().st_size // 1024} KiB")
    (FAMILY / "workspace" / "system" / "config" / "trusted_payees.csv").write_text(g.trusted_csv(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
