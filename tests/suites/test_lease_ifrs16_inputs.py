"""The inputs of lease_ifrs16 carry every fact the reference works from: read back the way a professional reads
them (register, contract extracts, e-mails, index notices, prior-year schedule) and compared with the facts files."""

from __future__ import annotations

import datetime as dt
import json
import re
import subprocess
from email import message_from_bytes
from pathlib import Path

import docx
import openpyxl
import pytest

FAMILY = Path(__file__).resolve().parents[2] / "suites/deliverables/lease_ifrs16"
INSTANCES = {"base": FAMILY / "workspace/input", "hard": FAMILY / "variants/hard/workspace/input"}


def _month(v: object) -> int:
    if isinstance(v, dt.datetime):
        d = v.date()
    else:
        t = str(v).strip()
        for f in ("%d.%m.%Y", "%Y-%m-%d", "%d/%m/%Y", "%d %b %Y"):
            try:
                d = dt.datetime.strptime(t, f).date()
                break
            except ValueError:
                continue
        else:
            raise ValueError(t)
    return d.year * 12 + d.month - 1


def _amount(v: object) -> float:
    if isinstance(v, (int, float)):
        return float(v)
    t = str(v).replace("€", "").replace("£", "").strip()
    if re.fullmatch(r"-?\d+,\d{2}", t):
        t = t.replace(",", ".")
    return float(t.replace(",", ""))


def _register(folder: Path) -> dict[str, dict]:
    ws = openpyxl.load_workbook(folder / "lease_register.xlsx").active
    rows = list(ws.iter_rows(values_only=True))
    head = [str(h) for h in rows[3]]
    out: dict[str, dict] = {}
    for r in rows[4:]:
        if not r[0] or not re.match(r"^[a-z]{2}[ -][pve]\d{3}$", str(r[0]), re.I):
            continue
        lid = str(r[0]).upper().replace(" ", "-")
        out.setdefault(lid, dict(zip(head, r, strict=False)))
    return out


def _contracts(folder: Path) -> dict[str, dict]:
    d = docx.Document(str(folder / "contract_extracts.docx"))
    ids = [re.match(r"^(\S+):", p.text).group(1) for p in d.paragraphs if p.style.name.startswith("Heading 2")]
    out = {}
    for lid, t in zip(ids, d.tables, strict=True):
        out[lid] = {row.cells[0].text: row.cells[1].text for row in t.rows}
    return out


@pytest.mark.parametrize("name", sorted(INSTANCES))
def test_register_and_contracts_carry_the_facts(name: str) -> None:
    facts = json.loads((FAMILY / f"hidden/solutions/facts/{name}.json").read_text())
    reg, con = _register(INSTANCES[name]), _contracts(INSTANCES[name])
    assert len(reg) == len(facts["leases"])
    for x in facts["leases"]:
        r = reg[x["id"]]
        assert _month(r["Start date"]) == x["comm_m"], x["id"]
        assert _month(r["End date"]) - x["comm_m"] + 1 == x.get("register_term", x["term"]), x["id"]
        assert str(r["Pay freq."]).lower()[0] == {1: "m", 3: "q"}[x["freq"]], x["id"]
        assert _amount(r["Periodic payment at start (gross)"]) == pytest.approx(
            x.get("register_rent", x["rent"]) + x["service"]
        ), x["id"]
        if x.get("rvg_full"):
            remark = str(r["Remarks"])
            assert f"{x['rvg_full']:,.0f}" in remark and f"{x['rvg_full'] - x['rvg_payable']:,.0f}" in remark
        if x["cls"] != "property":
            assert float(r["Asset value new (EUR)"]) == x["asset_value"], x["id"]
            assert x["timing"][:3] in str(r["Timing"]).lower(), x["id"]
            continue
        c = con[x["id"]]
        assert _amount(c["Base rent per quarter"].split()[1]) == pytest.approx(x["rent"]), x["id"]
        assert _amount(c["Service charge per quarter"].split()[1]) == pytest.approx(x["service"]), x["id"]
        assert c["Payment terms"] == f"quarterly in {x['timing']}", x["id"]
        assert ("Rent-free period" in c) == bool(x.get("rent_free")), x["id"]
        if x.get("rent_free"):
            assert f"first {x['rent_free']} quarters" in c["Rent-free period"]
        assert ("Lease incentive" in c) == bool(x.get("incentive")), x["id"]
        assert ("Letting agent" in c) == bool(x.get("idc")), x["id"]
        if x.get("idc"):
            assert f"{x['idc']:,.2f}" in c["Letting agent"]


@pytest.mark.parametrize("name", sorted(INSTANCES))
def test_events_are_in_the_mails_and_notices(name: str) -> None:
    facts = json.loads((FAMILY / f"hidden/solutions/facts/{name}.json").read_text())
    folder = INSTANCES[name]
    mails = " ".join(
        message_from_bytes(p.read_bytes()).get_payload(decode=True).decode()
        for p in sorted(folder.glob("emails/*.eml"))
    )
    notices = subprocess.run(
        ["pdftotext", str(folder / "index_notices.pdf"), "-"], capture_output=True, text=True, check=True
    ).stdout
    flat = " ".join(notices.split())
    for x in facts["leases"]:
        for e in x["events"]:
            if e["kind"] == "cpi":
                assert f"Lease {x['id']}" in flat
                assert f"{x['rent'] * e['factor']:,.2f}" in flat, x["id"]
            elif e["kind"] == "decrease":
                assert x["id"] in mails and f"{e['new_rent']:,.2f}" in mails and "40 %" in mails
            elif e["kind"] in ("extend", "terminate"):
                assert x["id"] in mails


@pytest.mark.parametrize("name", sorted(INSTANCES))
def test_prior_year_rates_are_the_table_rates(name: str) -> None:
    facts = json.loads((FAMILY / f"hidden/solutions/facts/{name}.json").read_text())
    by_id = {x["id"]: x for x in facts["leases"]}
    ws = openpyxl.load_workbook(INSTANCES[name] / "lease_schedule_FY2025.xlsx").active
    rows = list(ws.iter_rows(values_only=True))
    table = _ibr_table(INSTANCES[name] / "ibr_table.csv")
    for r in rows[2:]:
        x = by_id[r[0]]
        if "Discount rate" in rows[1]:
            assert r[2] == pytest.approx(x["rate"]), r[0]
        band = next(b for limit, b in BANDS if x["term"] <= limit)
        start = f"{x['comm_m'] // 12}-{x['comm_m'] % 12 + 1:02d}-01"
        effective = max(d for d, c, b in table if c == x["currency"] and b == band and d <= start)
        assert table[(effective, x["currency"], band)] == pytest.approx(x["rate"]), r[0]


BANDS = [(24, "up to 2 years"), (60, "over 2 up to 5 years"), (120, "over 5 up to 10 years"), (10**6, "over 10 years")]


def _ibr_table(path: Path) -> dict[tuple[str, str, str], float]:
    lines = path.read_text(encoding="utf-8").splitlines()
    sep = ";" if ";" in lines[0] else ","
    out = {}
    for line in lines[1:]:
        d, c, b, v = line.split(sep)
        out[(d, c, b)] = float(v.replace(",", ".")) / 100
    return out
