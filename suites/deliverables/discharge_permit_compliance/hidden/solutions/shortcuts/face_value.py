"""The files taken at face value: every authorised LIMS row counts as it is printed (repeated rows, operational and
investigation samples, ammonium as NH4 and iron in micrograms as if they were mg/l), LIMS's INVALID rows left out,
the agency's audit results added as printed (phosphorus in micrograms) with a split sample counted twice, the first
permit in the folder for each works with no variation, no letter or e-mail acted on, the mean daily flow as the DWF
and the spill log's flows compared with the FFT as printed."""

import csv
import datetime
import io
import os
import re
import runpy
import sys
from collections.abc import Callable

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOL = "/solution" if os.path.exists("/solution/reference.py") else HERE
sys.path.insert(0, SOL)
import dpc_assess as ax  # noqa: E402
import dpc_read as rd  # noqa: E402


def _raw_value(det: str, text: str, units: str) -> tuple[float | None, bool]:
    s = text.strip().replace(",", "")
    if not s:
        return None, False
    return float(s.lstrip("<")), s.startswith("<")


INVALID = {}


def _lims(match: Callable[[str], str]) -> list:
    path = next((rd.INPUT / "lims").glob("*.csv"))
    out = []
    for r in csv.DictReader(io.StringIO(path.read_bytes().decode("utf-8-sig"))):
        if r["LIMS_ROW"] == "LIMS_ROW" or r["STATUS"] in ("SUPERSEDED", "CANCELLED"):
            continue
        v, low = _raw_value("", r["RESULT"], r["UNITS"])
        if r["STATUS"] == "INVALID":
            INVALID[r["INV_REF"]] = "accepted"  # LIMS says invalid: left out
        out.append(
            rd.Res(
                r["SAMPLE_NO"],
                match(r["SITE_CODE"] or r["SITE_NAME"]) if not r["SITE_CODE"] else r["SITE_CODE"],
                rd.parse_date(r["SAMPLED"]),
                "OSM",
                "FE1",
                rd.det_of(r["DETERMINAND"]),
                v,
                low,
                "INVALID" if r["STATUS"] == "INVALID" else "AUTHORISED",
                r["INV_REF"],
                lab="SLL",
            )
        )
    return out


_audits = rd.audits
_permits = rd.permits
_flows = rd.flows


def _first_permits(match: Callable[[str], str]) -> tuple[dict, dict]:
    got, older = _permits(match)
    out = {}
    for code, versions in got.items():
        out[code] = [versions[0]]
    # the first file in the folder is the oldest issue where a permit was reissued
    for path in rd.kit.documents_in(rd.INPUT / "permits", (".docx",)):
        blocks = rd.kit.docx_blocks(path)
        text = " ".join(rd.kit.plain(b.text) for b in blocks if b.kind == "paragraph")
        if "Notice of variation" in text or "replaces" in text:
            continue
        m = re.search(r"Regulated facility: (.+?) Wastewater Treatment Works", text)
        code = match(m.group(1))
        if code in older:
            tables = [b.rows for b in blocks if b.kind == "table"]
            out[code] = [(datetime.date(2025, 1, 1), rd._limits(*tables))]
    return out, {}


rd._value = _raw_value
rd.lims = _lims
rd.audits = lambda match: [
    rd.Res(x.sid, x.works, x.day, x.purpose, x.point, x.det, x.value, x.below_lod, x.status) for x in _audits(match)
]
rd.invalidation_log = lambda: INVALID
rd.storm_letter = lambda: set()
rd.accreditation = lambda: None
rd.permits = _first_permits
rd.flows = lambda match: _flows(match, raw=True)
opts = ax.Options(dwf="mean")
runpy.run_path(os.path.join(SOL, "reference.py"), init_globals={"ASK": False, "OPTIONS": opts}, run_name="__main__")
