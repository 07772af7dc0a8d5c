"""Writes every instance's inputs (the sales and purchase ledger exports, the bank statement, the aged debtors, the VAT
code lists, the property schedule, the June return as submitted, supplier invoices, e-mails) and its reference
outputs.

Deterministic: the same code writes the same bytes. Run with a Python that has python-docx, openpyxl and pypdf:

    python hidden/build_inputs.py

The story (`_vat_return_model.py`) decides every ledger line and its true treatment; `_vat_return_truth.py` tunes the
partial exemption figures to the instance's design and computes the return UK VAT law gives. The script then runs
hidden/solutions/reference.py on the written files (handing it the staff's answers directly, `KNOWN`, in the hard
instance) and asserts that the reference, reading only the files, reaches the story's return and every schedule line.
"""

from __future__ import annotations

import csv
import json
import random
import shutil
import subprocess
import sys
import tempfile
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parents[4] / "src"))
import _vat_return_files as files
import _vat_return_model as model
import _vat_return_texts as texts
import _vat_return_truth as truth
from _vat_return_docs import write_emails

from worktrial.kit.overlay import overlay_leaks

FAMILY = Path(__file__).resolve().parent.parent
D = date


def _debt(customer, invoice, day, gross, paid, terms_on_file, terms_true, written_off, status):
    return {
        "customer": customer,
        "invoice": invoice,
        "inv_day": date.fromisoformat(day),
        "gross": gross,
        "paid": paid,
        "terms_on_file": terms_on_file,
        "terms_true": terms_true,
        "written_off": date.fromisoformat(written_off) if written_off else None,
        "status": status,
    }


INSTANCES: dict[str, dict] = {
    "base": {
        "seed": 7,
        "hard": False,
        "scale": 1.0,
        "exam_size": 0.5,
        "purchase_volume": 1.5,
        "rent": 4250.0,
        "minibus": 28500.0,
        "minibus_desc": "2021 Ford Transit 17-seat minibus",
        "car": 46800.0,
        "van": 31500.0,
        "overcharge_net": 6240.0,
        "overcharge_vat": 1428.0,
        "nordvik": [(7, 11800.0), (9, 13400.0)],
        "castellan": 900.0,
        "castellan_inv": "CAP-2026-031",
        "brackley": [(38400.0, D(2026, 7, 24)), (29650.0, D(2026, 8, 21)), (27900.0, D(2026, 9, 18))],
        "voltedge": 8400.0,
        "lease_cars": [("Skoda Octavia estate", "sales manager", 410.0)],
        "wharf_security": 640.0,
        "wharf_rates": 1180.0,
        "payroll": 54600.0,
        "opening_bank": 184220.55,
        "id_start": (31240, 20880, 960),
        "repeat_sales": (D(2026, 8, 14), D(2026, 8, 18)),
        "repeat_purchases": (D(2026, 8, 10), D(2026, 8, 14)),
        "pe_fraction": 0.45,
        "residual_window": 30.0,
        "debts": [
            _debt(
                "Pellow Logistics Ltd",
                "SI-25-1187",
                "2025-11-14",
                21600.0,
                0.0,
                30,
                30,
                "2026-09-28",
                "Collections agency closed the file - no assets",
            ),
            _debt(
                "Thornbury Hotels Ltd",
                "SI-26-0112",
                "2026-01-09",
                9000.0,
                0.0,
                90,
                90,
                "2026-09-28",
                "Disputed - settlement refused",
            ),
            _debt(
                "Kerrow Engineering Ltd",
                "SI-25-1302",
                "2025-12-03",
                14400.0,
                4800.0,
                30,
                30,
                "2026-09-28",
                "Part paid; company dissolved",
            ),
            _debt(
                "Ashdown Care Homes",
                "SI-26-0040",
                "2026-01-20",
                6000.0,
                0.0,
                30,
                30,
                None,
                "Payment plan agreed September 2026",
            ),
            _debt("Quillon Media", "SI-26-0188", "2026-02-02", 3600.0, 0.0, 30, 30, None, "Chased - promised October"),
        ],
        "prior_error": {
            "invoice": "SI-26-0871",
            "customer": "Glenholm Bank plc",
            "date": "18 June 2026",
            "vat": 7380.0,
        },
        "unbilled": {
            "customer": "Kingsmoor University",
            "session": "14 to 18 September 2026",
            "service": "2026-09-18",
            "net": 9800.0,
        },
        "prior": {
            "boxes": {
                "1": 84216.40,
                "2": 0.0,
                "3": 84216.40,
                "4": 31980.15,
                "5": 52236.25,
                "6": 401870.0,
                "7": 236455.0,
                "8": 0.0,
                "9": 0.0,
            },
            "taxable": 368940.22,
            "exempt": 34860.00,
            "rec": 91.37,
            "residual": 18412.66,
            "exempt_input": 2108.90,
            "annual_adjustment": 212.40,
            "annual_rec": 90,
            "submitted": "6 August 2026",
            "paid_on": "2026-08-19",
            "box5": 52236.25,
        },
    },
    "q3_full": {
        "seed": 23,
        "hard": True,
        "scale": 2.8,
        "exam_size": 1.6,
        "purchase_volume": 2.0,
        "rent": 5100.0,
        "minibus": 34500.0,
        "minibus_desc": "2022 Mercedes-Benz Sprinter 19-seat minibus",
        "car": 52400.0,
        "van": 34800.0,
        "overcharge_net": 8120.0,
        "overcharge_vat": 1642.0,
        "nordvik": [(7, 26400.0), (8, 9800.0), (9, 28600.0)],
        "castellan": 7250.0,
        "castellan_inv": "CAP-2026-047",
        "brackley": [
            (36200.0, D(2026, 7, 17)),
            (41800.0, D(2026, 8, 7)),
            (22900.0, D(2026, 8, 28)),
            (31650.0, D(2026, 9, 11)),
            (27400.0, D(2026, 9, 25)),
        ],
        "voltedge": 12650.0,
        "lease_cars": [
            ("Skoda Octavia estate", "sales manager", 410.0),
            ("Volkswagen Passat estate", "business development manager", 465.0),
        ],
        "wharf_security": 720.0,
        "wharf_rates": 1340.0,
        "payroll": 131500.0,
        "opening_bank": 312907.20,
        "id_start": (58410, 40112, 1288),
        "repeat_sales": (D(2026, 9, 7), D(2026, 9, 11)),
        "repeat_purchases": (D(2026, 8, 25), D(2026, 8, 31)),
        "pe_fraction": 0.6,
        "debts": [
            _debt(
                "Pellow Logistics Ltd",
                "SI-25-1544",
                "2025-12-05",
                25920.0,
                0.0,
                30,
                30,
                "2026-09-28",
                "Collections agency closed the file",
            ),
            _debt("Thornbury Hotels Ltd", "SI-26-0167", "2026-01-16", 13200.0, 0.0, 30, 90, "2026-09-28", "Disputed"),
            _debt(
                "Kerrow Engineering Ltd",
                "SI-25-1691",
                "2025-12-18",
                17280.0,
                5760.0,
                30,
                30,
                "2026-09-28",
                "Part paid; dissolved",
            ),
            _debt(
                "Marsh Lane Dental", "SI-26-0301", "2026-03-10", 2880.0, 0.0, 30, 30, "2026-09-28", "Practice closed"
            ),
            _debt("Ashdown Care Homes", "SI-26-0090", "2026-02-03", 7800.0, 0.0, 30, 30, None, "Payment plan"),
            _debt("Quillon Media", "SI-26-0244", "2026-02-20", 4320.0, 0.0, 30, 30, None, "Chased"),
        ],
        "prior_error": {
            "invoice": "SI-26-1244",
            "customer": "Merrow Utilities plc",
            "date": "23 June 2026",
            "vat": 8640.0,
        },
        "unbilled": {
            "customer": "Kingsmoor University",
            "session": "14 to 18 September 2026",
            "service": "2026-09-18",
            "net": 13600.0,
        },
        "prior": {
            "boxes": {
                "1": 221880.35,
                "2": 0.0,
                "3": 221880.35,
                "4": 96115.60,
                "5": 125764.75,
                "6": 1142060.0,
                "7": 688212.0,
                "8": 0.0,
                "9": 0.0,
            },
            "taxable": 1012447.80,
            "exempt": 118305.00,
            "rec": 89.54,
            "residual": 46980.10,
            "exempt_input": 6912.44,
            "annual_adjustment": 486.10,
            "annual_rec": 89,
            "submitted": "7 August 2026",
            "paid_on": "2026-08-21",
            "box5": 125764.75,
        },
    },
}

RUN = (
    "import json, runpy, sys; runpy.run_path(sys.argv[1], init_globals={'KNOWN': json.loads(sys.argv[2])}, "
    "run_name='__main__')"
)
OUTPUTS = ("vat_return.json", "vat_schedule.csv", "note_to_finance_director.md")


def staff_facts(story: model.Story) -> dict:
    """The staff's answers in the form the reference keeps them (the hard instance; the fair one's are in e-mails)."""
    f = story.facts
    return {
        "option_to_tax": {"building": "Wharf Road", "effective": f["option_to_tax"]["made"]},
        "debtor_terms": dict(f["debtor_terms"]),
        "prior_error": {"invoice": f["prior_error"]["invoice"], "vat": f["prior_error"]["vat"]},
        "overseas_supplier": {"supplier": f["overseas_supplier"]["supplier"]},
        "unbilled": {
            "customer": f["unbilled"]["customer"],
            "net": f["unbilled"]["net"],
            "service": f["unbilled"]["service"],
        },
    }


def write_inputs(story: model.Story, inp: Path) -> None:
    rng = random.Random(story.inst["seed"] + 1)
    (inp / "ledgers").mkdir(parents=True)
    files.write_sales(inp / "ledgers" / "sales_ledger_2026-07-01_to_2026-10-12.csv", story, rng)
    files.write_purchases(inp / "ledgers" / "purchase_ledger_Q3_2026.xlsx", story, rng)
    (inp / "bank").mkdir()
    files.write_bank(inp / "bank" / "current_account_2026-07_to_2026-09.csv", story, rng)
    (inp / "debtors").mkdir()
    files.write_debtors(inp / "debtors" / "aged_debtors_2026-09-30.xlsx", story, rng)
    if story.inst["hard"]:
        files.write_writeoffs(inp / "debtors" / "journal_JNL-0931_bad_debts.csv", story)
    files.write_invoices(inp / "supplier_invoices", story)
    texts.write_code_lists(inp / "vat")
    texts.write_property_schedule(inp / "property_schedule_2026-03.docx", story.inst)
    texts.write_prior_return(inp / "vat" / "VAT_return_06-26_as_submitted.pdf", story)
    write_emails(inp / "emails", texts.mails_for(story))


def check_design(name: str, story: model.Story, ret: dict) -> list[str]:
    """The figures the instance's traps rely on."""
    bad = []
    it, pv = ret["input_tax"], ret["partial_exemption_values"]
    mb = story.inst["minibus"]
    if truth.recovery_percentage(pv["taxable_supplies"] + mb, pv["exempt_supplies"], 0) == it["recovery_percentage"]:
        bad.append("the minibus in the fraction must move the rounded percentage")
    exact = pv["exact_percentage"]
    if not 0.05 <= it["recovery_percentage"] - exact <= 0.95:
        bad.append(f"rounding up does not move the percentage: {exact} -> {it['recovery_percentage']}")
    res, de = it["residual"], it["directly_exempt"]
    exact_exempt = de + res * (1 - exact / 100)
    if not story.inst["hard"]:
        if not it["de_minimis"] or exact_exempt <= 1875 + 10:
            bad.append(
                f"base: de minimis must pass only with the rounded percentage ({it['exempt_input_tax']}, "
                f"{exact_exempt:.2f})"
            )
    else:
        if it["de_minimis"]:
            bad.append("hard: the company must not be de minimis")
        t, e = pv["taxable_supplies"], pv["exempt_supplies"] - story.facts["unbilled"]["net"]
        if truth.recovery_percentage(t, e, res) == it["recovery_percentage"]:
            bad.append("hard: the session not yet invoiced must move the rounded percentage")
    bdr = it["bad_debt_relief"]
    naive, _ = truth.bad_debt_relief(story, {d.invoice: d.terms_on_file for d in story.debts})
    if story.inst["hard"] and naive == bdr:
        bad.append("hard: the debtors' terms on file must change the relief")
    return bad


def build(name: str, inst: dict) -> None:
    root = FAMILY if name == "base" else FAMILY / "variants" / name
    inp = root / "workspace" / "input"
    if inp.exists():
        shutil.rmtree(inp)
    story = model.simulate(inst)
    truth.tune(story)
    ret = truth.vat_return(story)
    bad = check_design(name, story, ret)
    write_inputs(story, inp)
    ref = root / "hidden" / "reference"
    if ref.exists():
        shutil.rmtree(ref)
    ref.mkdir(parents=True)
    (ref / "issues.json").write_text(json.dumps(texts.issues_for(story), indent=2) + "\n", encoding="utf-8")
    (ref / "accepted.json").write_text(json.dumps(truth.accepted(story, ret), indent=2) + "\n", encoding="utf-8")
    known = staff_facts(story) if inst["hard"] else None
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp)
        shutil.copytree(inp, ws / "input")
        (ws / "output").mkdir()
        script = str(FAMILY / "hidden/solutions/reference.py")
        subprocess.run([sys.executable, "-c", RUN, script, json.dumps(known)], cwd=ws, check=True)
        for f in OUTPUTS:
            shutil.copy(ws / "output" / f, ref / f)
    got = json.loads((ref / "vat_return.json").read_text(encoding="utf-8"))
    for block in ("boxes", "output_tax", "input_tax"):
        for k, want in ret[block].items():
            have = got[block].get(k)
            if isinstance(want, bool) or have is None:
                if have != want:
                    bad.append(f"{block}.{k}: story {want}, reference {have}")
            elif abs(float(have) - float(want)) > 0.011:
                bad.append(f"{block}.{k}: story {want}, reference {have}")
    with open(ref / "vat_schedule.csv", newline="", encoding="utf-8") as f:
        rows = {r["line_id"]: r for r in csv.DictReader(f)}
    lines = [(s.txn, s.truth) for s in story.sales] + [(p.ref, p.truth) for p in story.purchases]
    for key, t in lines:
        r = rows.get(key)
        if r is None:
            bad.append(f"{key} missing from the schedule")
            continue
        for col in ("out_vat", "in_vat", "box6", "box7"):
            if col not in t:
                continue
            name_ = {"out_vat": "output_vat", "in_vat": "input_vat"}.get(col, col)
            if abs(float(r[name_]) - float(t[col])) > 0.011:
                bad.append(f"{key} {name_}: story {t[col]}, reference {r[name_]}")
        if "attribution" in t and r["attribution"] != t["attribution"]:
            bad.append(f"{key} attribution: story {t['attribution']}, reference {r['attribution']}")
    if len(rows) != len(lines):
        bad.append(f"schedule has {len(rows)} rows, the ledgers {len(lines)} lines")
    if inst["hard"]:
        people = (root / "hidden/people.toml").read_text(encoding="utf-8")
        f = story.facts
        for want in (
            f"£{f['prior_error']['vat']:,.2f}",
            f"£{f['unbilled']['net']:,.2f}",
            "1 July 2026",
            "Boston",
            "90 days",
        ):
            if want not in people:
                bad.append(f"people.toml does not say {want}")
    assert not bad, f"{name}: design or reference disagree:\n" + "\n".join(bad[:40])
    b = got["boxes"]
    print(
        f"{name}: {len(story.sales)} sales lines, {len(story.purchases)} purchase lines; box1 {b['box1']:,.2f} "
        f"box4 {b['box4']:,.2f} box5 {b['box5']:,.2f}; recovery {got['input_tax']['recovery_percentage']}% "
        f"(exact {ret['partial_exemption_values']['exact_percentage']}), exempt input tax "
        f"{got['input_tax']['exempt_input_tax']:,.2f}, de minimis {got['input_tax']['de_minimis']}"
    )


def check_overlay() -> None:
    """The fair instance's files must each be replaced in the hard ones, or they would reach their workspaces."""
    for name in INSTANCES:
        leak = overlay_leaks(FAMILY, name) if name != "base" else []
        assert not leak, f"{name}: the fair instance's files would reach its workspace: {leak}"


def main() -> None:
    for name, inst in INSTANCES.items():
        if len(sys.argv) > 1 and name not in sys.argv[1:]:
            continue
        build(name, inst)
    check_overlay()


if __name__ == "__main__":
    main()
