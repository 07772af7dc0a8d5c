"""Reference solution: classify the register under the policy and compute the capital figures it defines."""

import csv
import datetime as dt
import json
import math
import re
from pathlib import Path

import openpyxl
import pypdf

INPUT, OUTPUT = Path("input"), Path("output")
OUTPUT.mkdir(exist_ok=True)
TYPE_CODES = ("IF", "EF", "EW", "CP", "PD", "SD", "PE")
WORDS = {"three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}

# --------------------------------------------------------------------------------------------------- policy
text = "\n".join(page.extract_text() for page in pypdf.PdfReader(INPUT / "oprisk_taxonomy_policy.pdf").pages)
flat = " ".join(text.split())
threshold = int(re.search(r"net loss is at least EUR ([\d,]+)", flat).group(1).replace(",", ""))
window = WORDS[re.search(r"those of the (\w+) calendar years", flat).group(1).lower()]
multiplier = float(re.search(r"\(LC\) is (\d+(?:\.\d+)?) times", flat).group(1))
coefs = [float(x) / 100 for x in re.findall(r"(\d+)%", flat.split("7.2 Business indicator component")[1]
                                           .split("7.3")[0])]
bucket_tops = [1e9, 30e9, None]

appendix = text.split("Appendix A")[-1]
primary = {m.group(1): m.group(2) for m in
           re.finditer(r"^([A-Z][A-Z]+(?:-[A-Z]+)*) (" + "|".join(TYPE_CODES) + r")\b", appendix, re.M)}

section5 = text.split("5.1 Mapping by cost centre")[1].split("5.2 Shared services")[0]
ranges, current = [], None
for line in section5.splitlines():
    m = re.match(r"^([A-Z]{2}) ", line)
    if m:
        current = m.group(1)
    r = re.search(r"(\d{4}) to (\d{4})", line)
    if r and current:
        ranges.append((int(r.group(1)), int(r.group(2)), current))
        current = None
shared = tuple(int(x) for x in re.search(r"Cost centres (\d{4}) to (\d{4}) belong to the shared service", flat)
               .groups())
fallback_line = re.search(r"where that field is empty, it is assigned to [^(]*\((\w+)\)", flat).group(1)

# ------------------------------------------------------------------------------------------------- register
wb = openpyxl.load_workbook(INPUT / "loss_register.xlsx", data_only=True)
ws = wb["Loss events"]
rows = [list(r) for r in ws.iter_rows(values_only=True)]
col = {str(h).strip(): i for i, h in enumerate(rows[0]) if h}


def get(r, name):
    v = r[col[name]]
    return v.strip() if isinstance(v, str) else v


def as_date(v):
    if isinstance(v, dt.datetime):
        return v.date()
    if isinstance(v, dt.date):
        return v
    return dt.date.fromisoformat(str(v).strip()[:10])


events = []
for r in rows[1:]:
    if not get(r, "Event ID"):
        continue
    code = str(get(r, "Legacy cause code")).upper()
    intent = str(get(r, "Intentional") or "").lower() == "yes"
    internal = str(get(r, "Staff involvement") or "").lower() in ("employee", "contractor")
    etype = primary[code]
    if intent and internal and etype in ("EF", "PE", "SD"):
        etype = "IF"
    elif intent and not internal and etype == "SD":
        etype = "EF"
    cc = int(str(get(r, "Cost centre")).strip())
    if shared[0] <= cc <= shared[1]:
        line = (get(r, "Beneficiary business line") or "").upper() or fallback_line
    else:
        line = next(code for lo, hi, code in ranges if lo <= cc <= hi)
    gross = float(get(r, "Gross loss (EUR)") or 0)
    recov = float(get(r, "Recoveries (EUR)") or 0)
    events.append({
        "id": get(r, "Event ID"), "type": etype, "line": line, "net": gross - recov,
        "year": as_date(get(r, "Accounting date")).year, "boundary": str(get(r, "Boundary") or "").lower(),
        "group": get(r, "Group ID") or "", "status": str(get(r, "Status") or "").lower(),
    })

with open(OUTPUT / "classified_events.csv", "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["event_id", "event_type", "business_line"])
    for e in events:
        w.writerow([e["id"], e["type"], e["line"]])

# -------------------------------------------------------------------------------------------------- capital
bi_ws = wb["Business indicator"]
bi_rows = [r for r in bi_ws.iter_rows(min_row=2, values_only=True) if isinstance(r[0], (int, float))]
bi_rows.sort(key=lambda r: r[0])
ref_year = int(bi_rows[-1][0])
bi = sum(sum(float(x) for x in r[1:4]) for r in bi_rows[-3:]) / 3
first = ref_year - window + 1

eligible = [e for e in events if first <= e["year"] <= ref_year and e["status"] != "withdrawn"
            and e["boundary"] != "credit"]
group_net = {}
for e in eligible:
    if e["group"]:
        group_net[e["group"]] = group_net.get(e["group"], 0.0) + e["net"]
used = [e for e in eligible if (group_net[e["group"]] if e["group"] else e["net"]) >= threshold - 1e-9]
annual = [{"year": y, "net_loss": round(sum(e["net"] for e in used if e["year"] == y), 2),
           "events": sum(1 for e in used if e["year"] == y)} for y in range(first, ref_year + 1)]
ala = sum(e["net"] for e in used) / window
lc = multiplier * ala
bic, lower = 0.0, 0.0
for top, coef in zip(bucket_tops, coefs):
    upper = bi if top is None else min(bi, top)
    if upper > lower:
        bic += (upper - lower) * coef
    if top is None or bi <= top:
        break
    lower = top
ilm = math.log(math.e - 1 + (lc / bic) ** 0.8)
orc = bic * ilm
entity = str(wb["Read me"]["A1"].value).split(" - ")[0].strip()
result = {
    "entity": entity,
    "reference_date": f"{ref_year}-12-31",
    "currency": "EUR",
    "loss_threshold": threshold,
    "annual_net_losses": annual,
    "events_in_capital": sorted(e["id"] for e in used),
    "average_annual_loss": round(ala, 2),
    "loss_component": round(lc, 2),
    "business_indicator": round(bi, 2),
    "business_indicator_component": round(bic, 2),
    "internal_loss_multiplier": round(ilm, 6),
    "capital_requirement": round(orc, 2),
    "rwa": round(12.5 * orc, 2),
}
(OUTPUT / "capital.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
print(f"ORC {orc:,.0f} EUR, ILM {ilm:.4f}, {len(used)} events used")
