"""Reading discharge_permit_compliance's inputs: the sampling calendar, the LIMS export (each row once, the final
version of each result, site names mapped to the calendar's works, results in mg/l as N and as P), the agency's
audit schedule, the invalidation log, the permits with their reissues and variations, the flow workbook and, where
they are in the files, the agency's storm letter and the laboratory's accreditation e-mail. Shared by the reference
and the shortcuts."""

from __future__ import annotations

import calendar
import csv
import io
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

import openpyxl

try:
    import worktrial_kit as kit
except ImportError:  # outside a trial (the build, the tests): the same kit from the installed package
    import worktrial.kit.solution as kit

INPUT = Path("input")
NH4_PER_N = 18.038 / 14.007
MONTHS = list(calendar.month_name)[1:]


@dataclass
class Res:
    sid: str
    works: str
    day: date
    purpose: str  # OSM, OPS, INVEST, AUDIT
    point: str
    det: str
    value: float | None  # mg/l, as N / as P; a result below the LOD at its LOD
    below_lod: bool
    status: str  # AUTHORISED, INVALID, CANCELLED
    inv_ref: str = ""
    split: str = ""  # OSM: the audit ref it was split with; AUDIT: the operator's sample number
    lab: str = ""
    comment: str = ""


def parse_date(v: object) -> date | None:
    if isinstance(v, datetime):
        return v.date()
    if isinstance(v, date):
        return v
    s = str(v or "").strip()
    for f in (
        "%Y-%m-%d %H:%M",
        "%Y-%m-%dT%H:%M",
        "%d/%m/%Y %H:%M",
        "%d-%b-%Y %H:%M",
        "%Y-%m-%d",
        "%d/%m/%Y",
        "%d-%b-%Y",
        "%d %B %Y",
    ):
        try:
            return datetime.strptime(s, f).date()
        except ValueError:
            pass
    return None


def number(text: object) -> float | None:
    if isinstance(text, (int, float)):
        return float(text)
    s = str(text or "").strip().replace(",", "").replace(" ", "")
    try:
        return float(s)
    except ValueError:
        return None


def squash(name: str) -> str:
    s = re.sub(r"\b(wwtw|stw|sewage works|wastewater treatment works)\b", "", name.lower())
    return re.sub(r"[^a-z]", "", s)


# ------------------------------------------------------------------------------------------------ calendar


def calendar() -> tuple[dict[str, str], dict[str, int]]:
    """works id -> name, and works id -> compliance samples planned."""
    names: dict[str, str] = {}
    planned: dict[str, int] = {}
    with open(INPUT / "sampling/sampling_calendar_2025.csv", encoding="utf-8", newline="") as f:
        for r in csv.DictReader(f):
            names[r["works_id"]] = re.sub(r"\s*WwTW$", "", r["works_name"])
            planned[r["works_id"]] = planned.get(r["works_id"], 0) + 1
    return names, planned


def works_matcher(names: dict[str, str]) -> Callable[[str], str]:
    keys = {code: squash(n) for code, n in names.items()}

    def match(text: str) -> str:
        s = squash(text)
        for code, k in keys.items():
            if s == k or s.startswith(k) or k.startswith(s) or (len(s) >= 6 and k[:6] == s[:6]):
                return code
        raise ValueError(f"unknown works {text!r}")

    return match


# ------------------------------------------------------------------------------------------------ LIMS


def _value(det: str, text: str, units: str) -> tuple[float | None, bool]:
    s = text.strip().replace(",", "")
    if not s:
        return None, False
    low = s.startswith("<")
    v = float(s.lstrip("<").strip())
    u = units.lower()
    if "nh4" in u:
        v /= NH4_PER_N
    elif u.startswith(("ug", "µg")):
        v /= 1000
    return v, low


def lims(match: Callable[[str], str]) -> list[Res]:
    path = next((INPUT / "lims").glob("*.csv"))
    text = path.read_bytes().decode("utf-8-sig")
    seen: dict[str, dict] = {}
    for r in csv.DictReader(io.StringIO(text)):
        if r["LIMS_ROW"] == "LIMS_ROW" or not r["LIMS_ROW"].strip():
            continue  # the repeated header of an appended re-export
        seen.setdefault(r["LIMS_ROW"].strip(), r)
    final: dict[tuple[str, str], dict] = {}
    for r in seen.values():
        det = det_of(r["DETERMINAND"])
        key = (r["SAMPLE_NO"].strip(), det)
        if r["STATUS"].strip().upper() == "SUPERSEDED":
            continue
        old = final.get(key)
        if old is None or int(r["VERSION"]) > int(old["VERSION"]):
            final[key] = r
    out = []
    for (sid, det), r in final.items():
        v, low = _value(det, r["RESULT"], r["UNITS"])
        out.append(
            Res(
                sid,
                match(r["SITE_CODE"] or r["SITE_NAME"]) if not r["SITE_CODE"] else r["SITE_CODE"],
                parse_date(r["SAMPLED"]),
                r["PURPOSE"].strip().upper(),
                r["SAMPLE_POINT"].strip().upper(),
                det,
                v,
                low,
                r["STATUS"].strip().upper(),
                r["INV_REF"].strip(),
                lab=r["LAB"].strip(),
                comment=r["COMMENT"].strip(),
            )
        )
    return out


def det_of(text: str) -> str:
    t = text.lower()
    if "bod" in t:
        return "BOD"
    if "solids" in t:
        return "SS"
    if "ammon" in t:
        return "NH3"
    if "phosph" in t:
        return "TP"
    if "iron" in t:
        return "FE"
    raise ValueError(text)


# ------------------------------------------------------------------------------------------------ the agency


AUDIT_LINE = re.compile(
    r"^(A25-[EW]-\d{4})\s+(.+?)\s+(\d{2}/\d{2}/\d{4})\s+(BOD \(ATU\)|Susp\. solids|Ammoniacal N|Total phosphorus)\s+"
    r"(<?[\d.,]+)(\*?)\s+(mg/l N|ug/l P|mg/l)\s+(\S+)\s*$"
)


def audits(match: Callable[[str], str]) -> list[Res]:
    path = next((INPUT / "regulator").glob("*audit*.pdf"))
    out = []
    for line in kit.pdf_text(path).splitlines():
        m = AUDIT_LINE.match(line.strip())
        if not m:
            continue
        ref, site, day, det, text, star, units, split = m.groups()
        det = {"BOD (ATU)": "BOD", "Susp. solids": "SS", "Ammoniacal N": "NH3", "Total phosphorus": "TP"}[det]
        v, low = _value(det, text, units)
        out.append(
            Res(
                ref,
                match(site),
                parse_date(day),
                "AUDIT",
                "FE1",
                det,
                v,
                low,
                "PROVISIONAL" if star else "AUTHORISED",
                split="" if split == "-" else split,
            )
        )
    return out


def invalidation_log() -> dict[str, str]:
    """request -> accepted / refused / pending."""
    path = next((INPUT / "sampling").glob("*invalidation*.xlsx"))
    ws = openpyxl.load_workbook(path, data_only=True).active
    out = {}
    for row in ws.iter_rows(values_only=True):
        if row and isinstance(row[0], str) and row[0].startswith("INV-"):
            d = str(row[7] or "").lower()
            out[row[0]] = "accepted" if "accept" in d else "refused" if "refus" in d else "pending"
    return out


def storm_letter() -> set[str]:
    found: set[str] = set()
    for path in (INPUT / "regulator").glob("*storm*.pdf"):
        found |= set(re.findall(r"W25-\d{6}", kit.pdf_text(path)))
    return found


def accreditation() -> dict | None:
    """What the laboratory's e-mail says of a suspended accreditation: determinands and period."""
    for path in sorted((INPUT / "emails").glob("*.eml")):
        text = kit.plain(path.read_text(encoding="utf-8"))
        m = re.search(r"suspended our accreditation for ([a-z ,]+?) \(.*?from (\d+) to (\d+) (\w+) (\d{4})", text)
        if m:
            dets = [det_of(x) for x in re.split(r",| and ", m.group(1)) if x.strip()]
            month = MONTHS.index(m.group(4)) + 1
            y = int(m.group(5))
            return {"dets": dets, "start": date(y, month, int(m.group(2))), "end": date(y, month, int(m.group(3)))}
    return None


# ------------------------------------------------------------------------------------------------ permits


def _limits(rows: list[list[str]], flow_rows: list[list[str]], mon_rows: list[list[str]]) -> dict:
    lim: dict = {}
    for r in rows[1:]:
        det = det_of(r[0])
        v = number(r[2])
        if det == "TP":
            lim["TP"] = v
        elif det == "FE":
            lim["FE"] = v
        else:
            pair = list(lim.get(det) or (None, None))
            pair[0 if r[1].lower().startswith("look") else 1] = v
            lim[det] = tuple(pair)
    lim["dwf"] = number(flow_rows[1][1])
    lim["fft"] = number(flow_rows[2][1])
    lim["required"] = int(number(mon_rows[1][2]))
    return lim


def permits(match: Callable[[str], str]) -> tuple[dict[str, list[tuple[date, dict]]], dict[str, list[date]]]:
    """works -> [(valid_from, limits)]: the latest issue of each permit, with its variations from their dates; and
    works -> the issue dates of its superseded versions."""
    issues: dict[str, tuple[date, dict]] = {}
    older: dict[str, list[date]] = {}
    variations: list[tuple[str, date, list[list[str]]]] = []
    for path in kit.documents_in(INPUT / "permits", (".docx",)):
        blocks = kit.docx_blocks(path)
        text = " ".join(kit.plain(b.text) for b in blocks if b.kind == "paragraph")
        tables = [b.rows for b in blocks if b.kind == "table"]
        issued = parse_date(re.search(r"on (\d{1,2} \w+ \d{4})", text).group(1))
        if "Notice of variation" in text:
            m = re.search(
                r"permit (REA/WD/\d{4}), (.+?) Wastewater Treatment Works.*?with effect from (\d{1,2} \w+ "
                r"\d{4})",
                text,
            )
            variations.append((match(m.group(2)), parse_date(m.group(3)), tables[0]))
            continue
        m = re.search(r"Regulated facility: (.+?) Wastewater Treatment Works", text)
        code = match(m.group(1))
        if code in issues:
            older.setdefault(code, []).append(min(issued, issues[code][0]))
        if code not in issues or issued > issues[code][0]:
            issues[code] = (issued, _limits(*tables))
    out = {code: [(date(2025, 1, 1), lim)] for code, (_, lim) in issues.items()}
    for code, eff, rows in variations:
        new = dict(out[code][-1][1])
        for r in rows[1:]:
            det = det_of(r[0])
            v = number(r[3])
            if det in ("TP", "FE"):
                new[det] = v
            else:
                pair = list(new[det])
                pair[0 if r[1].lower().startswith("look") else 1] = v
                new[det] = tuple(pair)
        out[code].append((eff, new))
    return out, older


# ------------------------------------------------------------------------------------------------ flows


def flows(match: Callable[[str], str], raw: bool = False) -> dict[str, dict]:
    """works -> daily volumes (m3) and spills (outlet, pass-forward flow in l/s); `raw`: as printed (a shortcut)."""
    path = next((INPUT / "flows").glob("*.xlsx"))
    wb = openpyxl.load_workbook(path, data_only=True)
    out: dict[str, dict] = {}
    for ws in wb.worksheets:
        rows = list(ws.iter_rows(values_only=True))
        if ws.title.lower().startswith("overflow"):
            seen = set()
            for r in rows[3:]:
                if not r or not r[0] or r[0] in seen:
                    continue
                seen.add(r[0])
                v = number(r[6])
                if str(r[7]).lower().startswith("m3/h") and not raw:
                    v = v * 1000 / 3600
                outlet = "S1" if str(r[2]).startswith("S1") or raw else "E1"
                out.setdefault(match(r[1]), {"volumes": [], "spills": []})["spills"].append((outlet, v))
            continue
        code = match(str(rows[0][0]).split(" - ")[0])
        ml = "(ml)" in str(rows[3][1]).lower()
        vols = []
        for r in rows[4:]:
            if not r or r[0] is None:
                continue
            v = number(r[1])
            if v is not None and ml and not raw:
                v = round(v * 1000, 3)
            vols.append((parse_date(r[0]), v, str(r[2] or "").strip().lower()))
        out.setdefault(code, {"volumes": [], "spills": []})["volumes"] = vols
    return out
