"""Reading the client's files for the bill validation: the site list, the DNO's charging statement extract, the price
schedules, the contract's tax rates, the half-hourly data of both collectors, and Brightwater's bill data file and PDF
invoices. Shared by the reference and the shortcuts."""

from __future__ import annotations

import csv
import re
from datetime import date, datetime, time, timedelta
from decimal import Decimal as D
from pathlib import Path

import docx
import openpyxl
from pypdf import PdfReader

INPUT = Path("input")
BANDS = ("red", "amber", "green")
CHARGE_OF = {
    "ENG": "energy",
    "DUR": "duos_red",
    "DUA": "duos_amber",
    "DUG": "duos_green",
    "DUF": "duos_fixed",
    "DUC": "capacity",
    "DUX": "excess_capacity",
    "DUQ": "reactive_power",
    "STD": "standing_charge",
    "CCL": "ccl",
    "V05": "vat_reduced",
    "V20": "vat_standard",
}
DESCRIPTION_OF = {
    "energy (loss-adjusted units)": "energy",
    "distribution - red units": "duos_red",
    "distribution - amber units": "duos_amber",
    "distribution - green units": "duos_green",
    "distribution - fixed charge": "duos_fixed",
    "distribution - capacity charge": "capacity",
    "distribution - excess capacity charge": "excess_capacity",
    "distribution - excess reactive power": "reactive_power",
    "supply standing charge": "standing_charge",
    "climate change levy": "ccl",
    "vat at 5%": "vat_reduced",
    "vat at 20%": "vat_standard",
}
MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"


def dec(v) -> D:
    s = str(v if v is not None else "").strip().replace(",", "").replace("£", "")
    neg = s.endswith("CR")
    s = s.removesuffix("CR").strip()
    return -D(s) if neg else D(s) if s else D(0)


def core_mpan(v) -> str:
    digits = re.sub(r"\D", "", str(v or ""))
    return digits[-13:] if len(digits) >= 13 else digits


def day(text: str) -> date:
    return datetime.strptime(text.strip(), "%d/%m/%Y").date()


def long_date(text: str) -> date:
    m = re.search(rf"(\d{{1,2}}) ({MONTHS}) (\d{{4}})", text)
    return datetime.strptime(" ".join(m.groups()), "%d %B %Y").date()


# ------------------------------------------------------------------------------------------------ the clock


def last_sunday(year: int, month: int) -> date:
    d = date(year + (month == 12), month % 12 + 1, 1) - timedelta(days=1)
    return d - timedelta(days=(d.weekday() + 1) % 7)


def bst(utc: datetime) -> timedelta:
    on = datetime.combine(last_sunday(utc.year, 3), time(1))
    off = datetime.combine(last_sunday(utc.year, 10), time(1))
    return timedelta(hours=1) if on <= utc < off else timedelta(0)


def to_utc(local: datetime, occurrence: int = 1) -> datetime | None:
    """The UTC start of a half hour given in UK clock time; the repeated hour of the autumn change is ambiguous, its
    first pass is summer time. None for the hour the spring change skips."""
    valid = [u for u in (local - timedelta(hours=1), local) if u + bst(u) == local]
    if not valid:
        return None
    return valid[min(occurrence, len(valid)) - 1]


def local_of(utc: datetime) -> datetime:
    return utc + bst(utc)


# ------------------------------------------------------------------------------------------------ reference files


def _rows(ws, first: str) -> list[tuple]:
    rows = list(ws.iter_rows(values_only=True))
    head = next(i for i, r in enumerate(rows) if r and str(r[0]).strip() == first)
    return rows[head + 1 :]


def read_sites(path: Path) -> dict[str, dict]:
    ws = openpyxl.load_workbook(path, data_only=True)["Sites"]
    out = {}
    for r in _rows(ws, "Site code"):
        if not r or not r[0]:
            continue
        pp11 = re.search(r"(\d+)% domestic", str(r[8] or ""))
        out[str(r[0]).strip()] = {
            "name": str(r[1]),
            "mpan": core_mpan(r[3]),
            "capacity": int(r[4]),
            "llfc": int(re.search(r"\((\d{3})\)", str(r[6])).group(1)),
            "pp11": D(pp11.group(1)) / 100 if pp11 else D(0),
            "ccl": str(r[9] or ""),
            "data": str(r[7] or ""),
            "notes": str(r[10] or ""),
        }
    return out


def read_statement(folder: Path) -> dict:
    wb = openpyxl.load_workbook(next(folder.glob("*.xlsx")), data_only=True)
    duos = {}
    for r in _rows(wb["Annex 1 HH tariffs"], "Tariff name"):
        if not r or not r[0] or r[6] is None:
            continue
        vals = [D(str(x)) for x in r[2:9]]
        for llfc in str(r[1]).split(","):
            duos[int(llfc)] = dict(
                zip(("red", "amber", "green", "fixed", "capacity", "excess", "reactive"), vals, strict=True)
            )
    llf: dict[int, dict[str, D]] = {}
    for r in _rows(wb["Annex 5 LLFs"], "LLFC"):
        if r and r[0]:
            llf.setdefault(int(r[0]), {})[str(r[2]).lower()] = D(str(r[3]))
    bands = {}
    for r in _rows(wb["Time bands"], "Time band"):
        if r and r[0] and str(r[0]).lower() in BANDS:
            bands[str(r[0]).lower()] = [
                tuple(x.strip() for x in span.split("-")) for span in str(r[1] or "").split(",") if "-" in span
            ]
    return {"duos": duos, "llf": llf, "bands": bands}


def band_of(bands: dict, local: datetime, day_: date) -> str:
    """Red and amber only Monday to Friday (bank holidays included, as the statement says); green otherwise."""
    if day_.weekday() >= 5:
        return "green"
    t = local.strftime("%H:%M")
    for b in ("red", "amber"):
        if any(a <= t < z for a, z in bands[b]):
            return b
    return "green"


def read_schedules(folder: Path) -> list[tuple[date, dict[str, tuple[D, D]]]]:
    """Each signed version of Schedule 2 with its effective date (drafts left out): MPAN -> (p/kWh, GBP/day)."""
    out = []
    for path in sorted(folder.glob("Schedule2_*")):
        if path.suffix == ".xlsx":
            ws = openpyxl.load_workbook(path, data_only=True).active
            title = str(ws.cell(1, 1).value)
            if "draft" in title.lower():
                continue
            prices = {
                core_mpan(r[1]): (D(str(r[2])), D(str(r[3]))) for r in _rows(ws, "Site (supplier's name)") if r and r[1]
            }
        else:
            text = "\n".join(p.extract_text() or "" for p in PdfReader(str(path)).pages)
            title = text
            prices = {}
            for m in re.finditer(r"(\d\d \d{4} \d{4} \d{3})\s+(\d+\.\d{3})\s+(\d+\.\d{3})", text):
                prices[core_mpan(m.group(1))] = (D(m.group(2)), D(m.group(3)))
        out.append((long_date(title), prices))
    return sorted(out, key=lambda v: v[0])


def read_contract(folder: Path) -> dict:
    text = " ".join(p.text for p in docx.Document(str(next(folder.glob("*.docx")))).paragraphs)
    main = re.search(r"main rate in force \(GBP ([\d.]+) per kWh\)", text).group(1)
    cca = re.search(r"reduced rate \(GBP ([\d.]+) per kWh\)", text).group(1)
    return {"ccl_main": D(main), "ccl_cca": D(cca)}


# ------------------------------------------------------------------------------------------------ half-hourly data


def read_hh(folder: Path, sites: dict) -> dict[str, dict[datetime, tuple[int, int]]]:
    """code -> UTC start of each half hour -> (kWh, kVArh) in tenths; each half hour once, whichever file has it."""
    by_mpan = {s["mpan"]: code for code, s in sites.items()}
    data: dict[str, dict[datetime, list[int]]] = {code: {} for code in sites}
    files = []
    for path in sorted(folder.glob("*.csv")):
        with open(path, newline="", encoding="utf-8") as f:
            files.append(list(csv.reader(f)))
    # the portal's site names, learnt where its MPANs are readable (a re-saved file shows them as 2.90004E+12)
    names = {
        r[0]: by_mpan[core_mpan(r[1])]
        for rows in files
        if "Channel" not in rows[0]
        for r in rows[1:]
        if "E+" not in r[1].upper()
    }
    for rows in files:
        head = rows[0]
        if "Channel" in head:
            cols = head[4:52]
            for r in rows[1:]:
                code = by_mpan[core_mpan(r[0])]
                d = day(r[1])
                k = 0 if r[2].startswith("AI") else 1
                occ = 2 if r[3].strip() == "CLK2" else 1
                for col, v in zip(cols, r[4:52], strict=True):
                    if not v.strip():
                        continue
                    hh, mm = (int(x) for x in col.split(":"))
                    local = datetime.combine(d, time(0)) + timedelta(minutes=hh * 60 + mm - 30)
                    u = to_utc(local, occ)
                    data[code].setdefault(u, [0, 0])[k] = round(float(v) * 10)
        else:
            for r in rows[1:]:
                code = names[r[0]] if "E+" in r[1].upper() else by_mpan[core_mpan(r[1])]
                u = datetime.strptime(r[2], "%Y-%m-%dT%H:%M:%SZ")
                data[code][u] = [round(float(r[3]) * 10), round(float(r[4]) * 10)]
    return {code: {u: (v[0], v[1]) for u, v in sorted(d.items())} for code, d in data.items()}


# ------------------------------------------------------------------------------------------------ invoices


def read_invoices(folder: Path, sites: dict) -> list[dict]:
    by_mpan = {s["mpan"]: code for code, s in sites.items()}
    invoices: dict[str, dict] = {}
    for path in sorted(folder.rglob("*.csv")):
        with open(path, newline="", encoding="cp1252") as f:  # the supplier's export is in Windows-1252
            seen = set()
            for r in csv.DictReader(f):
                key = (r["Invoice Number"], r["Line"])
                if key in seen:  # the export repeats some invoices' lines
                    continue
                seen.add(key)
                inv = invoices.setdefault(
                    r["Invoice Number"],
                    {
                        "number": r["Invoice Number"],
                        "issued": day(r["Invoice Date"]),
                        "code": by_mpan[core_mpan(r["MPAN"])],
                        "from": day(r["Period From"]),
                        "to": day(r["Period To"]),
                        "read": r["Read Type"].strip(),
                        "ref": r["Reference"].strip(),
                        "lines": {},
                        "source": "csv",
                    },
                )
                inv["lines"][CHARGE_OF[r["Charge Code"]]] = {
                    "quantity": dec(r["Quantity"]),
                    "unit": r["Unit"],
                    "rate": r["Rate"],
                    "amount": dec(r["Amount"]),
                }
    for path in sorted(folder.rglob("*.pdf")):
        inv = _pdf_invoice(path, by_mpan)
        invoices[inv["number"]] = inv
    return sorted(invoices.values(), key=lambda i: i["number"])


def _pdf_invoice(path: Path, by_mpan: dict) -> dict:
    text = "\n".join(p.extract_text() or "" for p in PdfReader(str(path)).pages)
    g = lambda pat: re.search(pat, text).group(1).strip()  # noqa: E731
    inv = {
        "number": g(r"Invoice number: (\S+)"),
        "issued": day(g(r"Invoice date: (\S+)")),
        "code": by_mpan[core_mpan(g(r"MPAN: ([\d ]+?)\s+LLFC"))],
        "from": day(g(r"Billing period: (\S+)")),
        "to": day(g(r"Billing period: \S+ to (\S+)")),
        "read": "E" if "Read type: Estimated" in text else "A",
        "ref": (re.search(r"Reference: (.+)", text) or re.search("()", "")).group(1).strip(),
        "lines": {},
        "source": "pdf",
    }
    for line in text.splitlines():
        low = line.strip().lower()
        m = re.match(r"(vat at \d+%) on ([\d,]+\.\d\d)\s+([\d,]+\.\d\d)$", low)
        if m:
            inv["lines"][DESCRIPTION_OF[m.group(1)]] = {
                "quantity": dec(m.group(2)),
                "unit": "GBP",
                "rate": "",
                "amount": dec(m.group(3)),
            }
            continue
        for desc, charge in DESCRIPTION_OF.items():
            if low.startswith(desc) and not desc.startswith("vat"):
                rest = line.strip()[len(desc) :].split()
                amount = dec(" ".join(rest[-2:]) if rest[-1] == "CR" else rest[-1])
                unit = " ".join(rest[1 : -3 if rest[-1] == "CR" else -2])
                inv["lines"][charge] = {
                    "quantity": dec(rest[0]),
                    "unit": unit,
                    "rate": rest[-3] if rest[-1] == "CR" else rest[-2],
                    "amount": amount,
                }
    return inv
