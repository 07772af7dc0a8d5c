"""Writes every instance's inputs (the claims exports, the recoveries register, earned premium, the reserving policy,
last year's report, e-mails) and its reference outputs.

Deterministic: the same code writes the same bytes. Run with a Python that has python-docx and openpyxl:

    python hidden/build_inputs.py

The generator decides every claim as it really happened (`_claims_reserving_model.py`) and writes the exports the
way the client's systems produced them, faults included. It then runs hidden/solutions/reference.py on the written
files (handing it the staff's answers directly, `KNOWN`) and asserts that the reference, reading only the files,
arrives at the generator's triangles and its figures at the valuation date.
"""

from __future__ import annotations

import csv
import io
import json
import random
import shutil
import subprocess
import sys
import tempfile
from datetime import date, timedelta
from pathlib import Path

import openpyxl

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parents[4] / "src"))
import _claims_reserving_docs as docs
import _claims_reserving_model as model
from _claims_reserving_issues import issues_for, mails_for

FAMILY = Path(__file__).resolve().parent.parent
M = model

INSTANCES: dict[str, dict] = {
    "base": {
        "seed": 11,
        "claims": {"motor": 380, "household": 300},
        "reopen_rate": 0.025,
        "large": {"motor": [1, 0, 1, 1, 0, 1, 1, 0, 1, 1], "household": [0, 1, 0, 0, 0, 0, 1, 0, 0, 0]},
        "strengthening": {"classes": ["household"], "day": date(2025, 6, 12), "share": 0.30},
        "cap": 250_000,
        "old_cap": 200_000,
        "elr": {"motor": 0.72, "household": 0.66},
        "tails": {"motor": 1.010, "household": 1.000},
        "bf_years": 3,
        "periods": 5,
        "years": M.YEARS,
        "policy_version": "2026.1",
        "policy_date": "19 March 2026",
        "hard": False,
    },
    "q4_review": {
        "seed": 29,
        "claims": {"motor": 520, "household": 410},
        "reopen_rate": 0.03,
        "large": {"motor": [1, 1, 2, 1, 1, 1, 2, 1, 1, 1], "household": [0, 1, 0, 0, 1, 0, 0, 1, 0, 0]},
        "strengthening": {"classes": ["household"], "day": date(2025, 6, 12), "share": 0.35},
        "cap": 250_000,
        "old_cap": 200_000,
        "elr": {"motor": 0.72, "household": 0.66},
        "tails": {"motor": 1.010, "household": 1.000},
        "bf_years": 3,
        "periods": 5,
        "years": M.YEARS,
        "policy_version": "2026.1",
        "policy_date": "19 March 2026",
        "hard": True,
        "post_settlement": {"ay": 2019, "on": "2027-01-08", "uplift": 0.55},
        "elr_revision": {"motor": 0.64, "years": [2024, 2025, 2026], "approved": "10 December 2026"},
        "premium_correction": {"cls": "household", "ay": 2026, "share": 0.12},
        "rebasing": {"classes": ["motor"], "year": 2026, "share": 0.18, "from": "1 March 2026"},
        # a motor injury claim of 2023 first notified on 6 January 2027, after the extract: in no input, Owain has it
        "late_large_loss": {"cls": "motor", "ay": 2023, "claim": "MV-2023-00626", "incurred": 1_375_000.0},
    },
}
CLASS_LABELS = {"motor": ["MOTOR", "PRIVATE MOTOR", "Motor"], "household": ["HOUSEHOLD", "HOME", "Household"]}
LOB = {"motor": ["Motor", "MOT", "Private Car"], "household": ["Household", "HH", "Home Buildings & Contents"]}


def write_csv(path: Path, header: list[str], rows: list[list], encoding: str = "utf-8") -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(header)
    w.writerows(rows)
    path.write_bytes(buf.getvalue().encode(encoding))


def legacy_amount(x: float, rng: random.Random) -> str:
    if x < 0 and rng.random() < 0.5:
        return f"({-x:,.2f})"
    return f"{x:,.2f}" if rng.random() < 0.7 else f"{x:.2f}"


def legacy_date(d: date, rng: random.Random) -> str:
    r = rng.random()
    if r < 0.85:
        return d.strftime("%d/%m/%Y")
    if r < 0.95:
        return d.strftime("%d-%b-%Y")
    return d.strftime("%d.%m.%y")


LEGACY_CODE = {"PAY": "PAY", "RES": "RESV", "REV": "PAYREV"}
NEW_TYPE = {"PAY": "PAYMENT", "RES": "RESERVE_MOVEMENT", "REV": "PAYMENT_REVERSAL", "REC": "RECOVERY"}


def write_legacy(path: Path, claims: list[model.Claim], inst: dict, rng: random.Random) -> None:
    """The legacy system's history up to 30 June 2025: no recoveries (kept by the recoveries team), dd/mm/yyyy
    dates, amounts with thousands separators, a repeated block of late 2021 (the 2021 file appended twice)."""
    rows = []
    for c in claims:
        label = rng.choice(CLASS_LABELS[c.cls])
        for t in c.txns:
            if t.day >= model.MIGRATION or t.kind == "REC":
                continue
            amount = t.amount if t.kind != "REV" else -t.amount
            note = t.note if inst["hard"] is False or t.note != "CASE RESERVE REVIEW" else ""
            if t.reopen and not note:
                note = "REOPENED"
            rows.append(
                (
                    t.day,
                    [
                        c.claim_id,
                        label,
                        legacy_date(c.accident, rng),
                        legacy_date(t.day, rng),
                        LEGACY_CODE[t.kind],
                        legacy_amount(amount, rng),
                        note,
                        t.ref,
                    ],
                )
            )
    rows.sort(key=lambda r: (r[0], r[1][7]))
    body = [r for _, r in rows]
    repeat = [r for d, r in rows if date(2021, 10, 1) <= d <= date(2021, 12, 31)]
    body += [["CLAIM_NO", "CLASS", "LOSS_DATE", "TRANS_DATE", "TRANS_CODE", "AMOUNT", "NARRATIVE", "TRANS_REF"]]
    body += repeat
    write_csv(
        path,
        ["CLAIM_NO", "CLASS", "LOSS_DATE", "TRANS_DATE", "TRANS_CODE", "AMOUNT", "NARRATIVE", "TRANS_REF"],
        body,
        encoding="cp1252",
    )


def write_new_system(path: Path, claims: list[model.Claim], inst: dict, story: dict, rng: random.Random) -> None:
    """The new system's extract of 4 January 2027: its own transactions from 1 July 2025 (to the extract date, so a
    few after the valuation date), the migrated history of the claims open at migration (posted on 1 July 2025, the
    transaction's own date in another column), reopened claims under a new number with the reopening date as date of
    loss, recoveries as negative amounts, and one batch loaded twice."""
    header = [
        "txn_id",
        "claim_ref",
        "linked_claim",
        "line_of_business",
        "date_of_loss",
        "posting_date",
        "original_txn_date",
        "txn_type",
        "amount_gbp",
        "source",
        "note",
    ]
    rows = []
    rec_refs = story["recovery_refs"]
    post = story.get("post")
    for c in claims:
        lob = rng.choice(LOB[c.cls])
        open_at_migration = model.outstanding(c, model.MIGRATION - timedelta(days=1)) > 0
        for t in c.txns:
            amount = t.amount if t.kind in ("PAY", "RES") else -t.amount
            note = t.note if not (inst["hard"] and t.note == "CASE RESERVE REVIEW") else ""
            if t.kind == "REC":
                note = f"{t.recovery_type.upper()} {rec_refs[t.ref]}"
            if t.day < model.MIGRATION:
                if not open_at_migration or t.kind == "REC":
                    continue
                rows.append(
                    [
                        t.ref,
                        c.claim_id,
                        "",
                        lob,
                        c.accident.isoformat(),
                        model.MIGRATION.isoformat(),
                        t.day.strftime("%d/%m/%Y"),
                        NEW_TYPE[t.kind],
                        f"{amount:.2f}",
                        "MIGRATION",
                        note,
                    ]
                )
                continue
            ref, linked, loss = c.claim_id, "", c.accident.isoformat()
            if t.reopen and c.reopened_on and c.reopened_on >= model.MIGRATION:
                ref, linked, loss = c.claim_id + "-R1", c.claim_id, c.reopened_on.isoformat()
            rows.append(
                [
                    t.ref,
                    ref,
                    linked,
                    lob,
                    loss,
                    t.day.isoformat(),
                    "",
                    NEW_TYPE[t.kind],
                    f"{amount:.2f}",
                    "CLAIMS",
                    note,
                ]
            )
    if post:
        last = max(
            (r for r in rows if r[1] == post["claim"] and r[5] <= model.VALUATION.isoformat()),
            key=lambda r: (r[5], r[0]),
        )
        last[10] = f"MEDIATION LISTED {post['settled_on'][8:10]}/{post['settled_on'][5:7]}/{post['settled_on'][:4]}"
    rows.sort(key=lambda r: (r[5], r[0]))
    batch = "2026-03-13"
    again = [r for r in rows if r[5] == batch and r[9] == "CLAIMS"]
    at = max(i for i, r in enumerate(rows) if r[5] <= "2026-03-16") + 1
    rows[at:at] = [list(r) for r in again]
    write_csv(path, header, rows)


def write_recoveries(path: Path, claims: list[model.Claim], story: dict, rng: random.Random) -> None:
    """The recoveries team's register: every salvage and subrogation receipt, with the claims-system reference
    for those received after the migration (which are in the new system too), and recoveries still pursued."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Recoveries"
    ws.append(["Recoveries register - salvage and subrogation", None, None, None, None, None, None])
    ws.append(
        [
            "Recovery ref",
            "Claim number",
            "Type",
            "Status",
            "Date received",
            "Amount received (GBP)",
            "Claims system txn",
        ]
    )
    entries = []
    for c in claims:
        for t in c.txns:
            if t.kind == "REC":
                entries.append((t.day, c.claim_id, t))
    entries.sort(key=lambda e: (e[0], e[2].ref))
    refs = {}
    for k, (_, _, t) in enumerate(entries, start=1):
        refs[t.ref] = f"RC{k:05d}"
    story["recovery_refs"] = refs
    for day, cid, t in entries:
        received: object = day if rng.random() < 0.8 else day.strftime("%d %b %Y")
        claim_no = cid if rng.random() < 0.85 else cid.lower().replace("-", " ")
        ws.append(
            [
                refs[t.ref],
                claim_no,
                t.recovery_type,
                "Received",
                received,
                t.amount,
                t.ref if day >= model.MIGRATION else None,
            ]
        )
    pursued = [c for c in claims if c.cls == "motor" and not c.large][:9]
    for k, c in enumerate(pursued):
        ws.append(
            [
                f"RP{k + 1:04d}",
                c.claim_id,
                "Subrogation",
                "Pursuing - not received",
                None,
                round(rng.uniform(800, 9000), 2),
                None,
            ]
        )
    for row in ws.iter_rows(min_row=3, min_col=5, max_col=5):
        for cell in row:
            if isinstance(cell.value, date):
                cell.number_format = "dd/mm/yyyy"
    docs.save_xlsx(wb, path)


def earned_premium(inst: dict, rng: random.Random) -> dict[tuple[str, int], float]:
    mean = {"motor": 4_650.0, "household": 4_100.0}
    ep = {}
    for cls in model.CLASSES:
        for ay in model.YEARS:
            n = inst["claims"][cls] * (1 + 0.03 * (ay - 2017))
            ep[(cls, ay)] = round(n * mean[cls] / 0.69 * rng.uniform(0.93, 1.07), -3)
    return ep


def write_premium(path: Path, ep: dict, rng: random.Random) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "EP final"
    ws.append(["Earned premium by accident year - FINAL (Finance, 7 January 2027)"])
    ws.append(
        [
            "Class",
            "Accident year",
            "Gross written premium",
            "Gross earned premium",
            "Reinsurance earned",
            "Net earned premium",
        ]
    )
    for (cls, ay), gep in sorted(ep.items()):
        gwp = round(gep * rng.uniform(1.0, 1.06), -3)
        ri = round(gep * 0.18, -3)
        ws.append([cls.capitalize(), ay, gwp, gep, ri, gep - ri])
    draft = wb.create_sheet("EP draft Oct-26")
    draft.append(["DRAFT - projected to year end, superseded by the final sheet"])
    draft.append(["Class", "Accident year", "Gross earned premium (projected)"])
    for (cls, ay), gep in sorted(ep.items()):
        if ay >= 2025:
            draft.append([cls.capitalize(), ay, round(gep * (1.06 if ay == 2026 else 1.0), -3)])
    docs.save_xlsx(wb, path)


def last_year(truth: dict, rng: random.Random) -> dict:
    """Last year's results as reported: about this year's incurred, with an IBNR that shrinks with age."""
    share = {
        "motor": [0.2, 0.07, 0.03, 0.012, 0.006, 0.003, 0.002, 0.001, 0.001],
        "household": [0.12, 0.02, 0.006, 0.002, 0.001, 0.0, 0.0, 0.0, 0.0],
    }
    last: dict = {}
    for (cls, ay), v in truth["valuation"].items():
        if ay > 2025:
            continue
        ult = v["incurred"] * rng.uniform(0.97, 1.03)
        ibnr = ult * share[cls][2025 - ay] * rng.uniform(0.8, 1.2)
        last.setdefault(cls, {})[ay] = (round(ult, -2), round(ibnr, -2), "BF" if ay >= 2024 else "CL")
    return last


def staff_facts(inst: dict, story: dict) -> dict:
    if not inst["hard"]:
        return {}
    post = story["post"]
    rev = inst["elr_revision"]
    corr = story["premium_correction"]
    return {
        "premium_correction": {corr["cls"]: {str(corr["ay"]): corr["amount"]}},
        "strengthening": {"classes": inst["strengthening"]["classes"], "year": inst["strengthening"]["day"].year},
        "rebasing": {"classes": inst["rebasing"]["classes"], "year": inst["rebasing"]["year"]},
        "post_settlement": {"claim": post["claim"], "amount": post["amount"]},
        "elr_revision": {"motor": rev["motor"], "years": rev["years"]},
        "late_large_loss": dict(inst["late_large_loss"]),
    }


RUN = (
    "import json, runpy, sys; runpy.run_path(sys.argv[1], init_globals={'KNOWN': json.loads(sys.argv[2])}, "
    "run_name='__main__')"
)


def build(name: str, inst: dict) -> None:
    root = FAMILY if name == "base" else FAMILY / "variants" / name
    inp = root / "workspace" / "input"
    if inp.exists():
        shutil.rmtree(inp)
    (inp / "claims").mkdir(parents=True)
    claims, story = model.simulate(inst)
    if story.get("post"):
        c = next(c for c in claims if c.claim_id == story["post"]["claim"])
        inc = model.paid_to(c, model.VALUATION) + model.outstanding(c, model.VALUATION)
        story["post"]["amount"] = round(inc * (1 + inst["post_settlement"]["uplift"]), -3)
        story["large_open"] = sorted(
            (c.claim_id, model.paid_to(c, model.VALUATION), model.outstanding(c, model.VALUATION))
            for c in claims
            if c.large and model.outstanding(c, model.VALUATION) > 0
        )
    rng = random.Random(inst["seed"] + 1)
    write_recoveries(inp / "claims" / "recoveries_register.xlsx", claims, story, rng)
    write_legacy(inp / "claims" / "legacy_claims_history_to_2025-06-30.csv", claims, inst, rng)
    write_new_system(inp / "claims" / "claimsys_transactions_extract_2027-01-04.csv", claims, inst, story, rng)
    ep = earned_premium(inst, rng)
    write_premium(inp / "earned_premium_by_accident_year.xlsx", ep, rng)
    if inst.get("premium_correction"):  # Finance's correction after the final sheet: in no input, only Nadia has it
        corr = inst["premium_correction"]
        story["premium_correction"] = {
            "cls": corr["cls"],
            "ay": corr["ay"],
            "amount": round(ep[(corr["cls"], corr["ay"])] * (1 - corr["share"]), -3),
        }
    docs.write_pdf(
        inp / "reserving_policy_2026.pdf", f"{docs.COMPANY}: Claims Reserving Policy", docs.policy_blocks(inst)
    )
    truth = model.true_triangles(claims, inst["cap"])
    last = last_year(truth, random.Random(inst["seed"] + 2))
    docs.write_report(inp / "reserving_report_2025.docx", inst, last)
    docs.write_emails(inp / "emails", mails_for(inst, story))
    ref = root / "hidden" / "reference"
    if ref.exists():
        shutil.rmtree(ref)
    ref.mkdir(parents=True)
    (ref / "issues.json").write_text(json.dumps(issues_for(inst, story), indent=2) + "\n", encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp)
        shutil.copytree(inp, ws / "input")
        (ws / "output").mkdir()
        script = str(FAMILY / "hidden/solutions/reference.py")
        subprocess.run([sys.executable, "-c", RUN, script, json.dumps(staff_facts(inst, story))], cwd=ws, check=True)
        for f in ("triangles.csv", "reserves.json", "note_to_reserving_committee.md"):
            shutil.copy(ws / "output" / f, ref / f)
    bad = []
    with open(ref / "triangles.csv", newline="", encoding="utf-8") as f:
        got = {(r["class"], int(r["accident_year"]), int(r["development_year"])): r for r in csv.DictReader(f)}
    for key, (p, i) in truth["triangles"].items():
        r = got.get(key)
        if r is None:
            bad.append(f"{key} missing")
        elif abs(float(r["cumulative_paid"]) - p) > 0.02 or abs(float(r["cumulative_incurred"]) - i) > 0.02:
            bad.append(f"{key}: generator {p} {i}, reference {r['cumulative_paid']} {r['cumulative_incurred']}")
    res = json.loads((ref / "reserves.json").read_text(encoding="utf-8"))
    for (cls, ay), v in truth["valuation"].items():
        a = res["classes"][cls]["accident_years"][str(ay)]
        for k in ("paid", "incurred"):
            if abs(a[k] - v[k]) > 0.05:
                bad.append(f"{cls} {ay} {k}: generator {v[k]}, reference {a[k]}")
    if inst["hard"]:  # the staff's answers name the claim and the settlement the generator decided
        people = (root / "hidden/people.toml").read_text(encoding="utf-8")
        post = story["post"]
        if post["claim"] not in people or f"£{post['amount']:,.0f}" not in people:
            bad.append(f"people.toml does not give {post['claim']} settled at £{post['amount']:,.0f}")
        corr = story["premium_correction"]
        if f"£{corr['amount']:,.0f}" not in people:
            bad.append(f"people.toml does not give the corrected earned premium £{corr['amount']:,.0f}")
        late = inst["late_large_loss"]
        if late["claim"] not in people or f"£{late['incurred']:,.0f}" not in people:
            bad.append(f"people.toml does not give {late['claim']} reserved at £{late['incurred']:,.0f}")
        if any(c.claim_id == late["claim"] for c in claims):
            bad.append(f"{late['claim']} is in the data, but it was notified after the extract")
    assert not bad, f"{name}: generator and reference disagree:\n" + "\n".join(sorted(bad)[:40])
    n_tx = sum(len(c.txns) for c in claims)
    print(f"{name}: {len(claims)} claims, {n_tx} transactions, total IBNR {res['total_ibnr']:,.0f}")


def main() -> None:
    for name, inst in INSTANCES.items():
        build(name, inst)


if __name__ == "__main__":
    main()
