"""World model of the outage_dispatch family (Tarrant Vale Electricity Networks): the network, the crews,
the storms and the files the dispatcher reads.

Times are minutes from 00:00 on the first day of a storm. Everything is a pure function of its seed and the
variant's params, so the committed history and the unseen storm come from the same world.
"""

from __future__ import annotations

import csv
import random
import sqlite3
from datetime import datetime, timedelta
from pathlib import Path

from worktrial.kit.grader import Traffic, keyed_uniform

SECRET = "outage_dispatch/truth/v1"  # repair durations and re-trips; never leaves the grader

# depot -> primaries (4 feeders each) and the share of overhead circuits
DEPOTS = {
    "ASH": {"name": "Ashcombe", "primaries": ["ASC", "KEL", "TRN"], "overhead": 0.5},
    "BRX": {"name": "Brindle Cross", "primaries": ["BRI", "MRW", "SDL"], "overhead": 0.25},
    "CLH": {"name": "Coldharbour", "primaries": ["CLD", "WYM", "FEN"], "overhead": 0.85},
}
MUTUAL_AID_DEPOT = "PLM"  # Pell Moor yard: mutual-aid crews from Northfold Networks, production only

# fault codes of history: level, planner's estimate (min), true mean (min)
FAULTS = {
    "HV-OHL": ("HV", 150, 160),
    "HV-UGC": ("HV", 240, 250),
    "HV-PMT": ("HV", 180, 170),
    "HV-EFI": ("HV", 90, 95),
    "LV-MAIN": ("LV", 150, 150),
    "LV-SVC": ("LV", 75, 80),
    "LV-FUSE": ("LV", 45, 45),
}
# codes the new fault-reporting app sends from March (production only): level, true mean
NEW_FAULTS = {"HV-OHL-TREE": ("HV", 175), "HV-OHL-COND": ("HV", 165), "LV-OHL": ("LV", 110), "LV-CUTOUT": ("LV", 60)}
DESCRIPTIONS = {
    "HV-OHL": ["11kV overhead line down", "HV conductor down in field", "broken HV pole top"],
    "HV-UGC": ["11kV cable fault", "HV underground cable failure"],
    "HV-PMT": ["pole-mounted transformer failed", "PMT blown"],
    "HV-EFI": ["feeder tripped, earth fault indicated", "HV auto-reclose lockout"],
    "LV-MAIN": ["LV main fault", "low voltage mains cable fault"],
    "LV-SVC": ["service cable fault", "no supply single property"],
    "LV-FUSE": ["LV fuse blown at substation", "LV way fuse operated"],
    "HV-OHL-TREE": ["tree on 11kV line", "HV line brought down by tree"],
    "HV-OHL-COND": ["HV conductor clashing", "11kV jumper burnt off"],
    "LV-OHL": ["LV overhead mains down", "LV ABC down in wind"],
    "LV-CUTOUT": ["cut-out failure", "service head burnt"],
}
PSR_CODES_OLD = ["MED", "OXY", "DIA", "AGE", "DIS", "CHI", "HEA"]
PSR_CODES_NEW = {"MED": "N01", "OXY": "N02", "DIA": "N03", "AGE": "N05", "DIS": "N06", "CHI": "N08", "HEA": "N09"}

DAY_START, NIGHT_START = 7 * 60, 19 * 60  # day shift 07:00-19:00, night shift 19:00-07:00
TRAVEL_SAME, TRAVEL_OTHER, TRAVEL_AID = 35, 75, 55


def _p(params: dict, key: str, default):
    v = params.get(key, default) if params else default
    return default if v is None else v


def _list(params: dict, key: str) -> list[str]:
    v = _p(params, key, "")
    return [x.strip() for x in str(v).split(",") if x.strip()]


# ----------------------------------------------------------------------------- the network


def network(params: dict) -> dict:
    """Feeders and sections (fixed for the family), with GIS counts and the true counts of this variant."""
    rng = random.Random("outage_dispatch/network/v1")
    feeders, sections = [], []
    for depot, d in DEPOTS.items():
        for prim in d["primaries"]:
            for n in range(1, 5):
                fid = f"{prim}-{n:02d}"
                circuit = "OH" if rng.random() < d["overhead"] else ("MIX" if rng.random() < 0.4 else "UG")
                feeders.append({"feeder_id": fid, "primary": prim, "depot": depot, "circuit": circuit})
                for k in range(1, 4):
                    c = rng.randint(120, 900)
                    sections.append(
                        {
                            "section_id": f"{fid}/H{k}",
                            "feeder_id": fid,
                            "depot": depot,
                            "level": "HV",
                            "circuit": circuit,
                            "customers_gis": c,
                            "customers_true": c,
                        }
                    )
                for k in range(1, 9):
                    c = rng.randint(4, 95)
                    sections.append(
                        {
                            "section_id": f"{fid}/L{k:02d}",
                            "feeder_id": fid,
                            "depot": depot,
                            "level": "LV",
                            "circuit": circuit if rng.random() < 0.6 else "UG",
                            "customers_gis": c,
                            "customers_true": c,
                        }
                    )
    by_id = {s["section_id"]: s for s in sections}
    # stale GIS counts after a reconfiguration: "FEEDER=factor" -> the HV sections' true counts
    for item in _list(params, "stale_feeders"):
        fid, factor = item.split("=")
        for k in range(1, 4):
            s = by_id[f"{fid}/H{k}"]
            s["customers_true"] = max(20, round(s["customers_gis"] * float(factor)))
    # a feed that inflates one depot's LV counts (meters, not customers): "DEPOT=factor"
    for item in _list(params, "inflated_lv"):
        depot, factor = item.split("=")
        for s in sections:
            if s["depot"] == depot and s["level"] == "LV":
                s["customers_gis_true"] = s["customers_gis"]
                s["customers_gis"] = round(s["customers_gis"] * float(factor))
    return {"feeders": feeders, "sections": sections, "by_id": by_id}


def psr_truth(params: dict, net: dict) -> tuple[list[dict], list[dict]]:
    """(old register rows, current register rows). The current one adds the CRM's new registrations."""
    rng = random.Random("outage_dispatch/psr/v1")
    old, cur = [], []
    n = 0
    hot = set(_list(params, "psr_hot_sections"))
    for s in net["sections"]:
        share = 0.08 if s["level"] == "HV" else 0.12
        k = sum(1 for _ in range(s["customers_true"]) if rng.random() < share * 0.5)
        extra = rng.randint(150, 250) if s["section_id"] in hot else round(k * rng.uniform(0.1, 0.4))
        for i in range(k + extra):
            n += 1
            code = rng.choice(PSR_CODES_OLD)
            row = {"psr_ref": f"PSR{n:06d}", "section_id": s["section_id"], "need_code": code}
            cur.append(row)
            if i < k:
                old.append(row)
    return old, cur


def crews(params: dict, split: str) -> list[dict]:
    nights = bool(_p(params, "night_crews", True))  # False: the night rota was cut, every crew works days
    rows = []
    for depot, n in (("ASH", 7), ("BRX", 8), ("CLH", 6)):
        for i in range(1, n + 1):
            rows.append(
                {
                    "crew_id": f"{depot}-C{i}",
                    "depot": depot,
                    "crew_type": "staff",
                    "callout": "rostered",
                    "shift": "day" if i % 5 not in (2, 4) or not nights else "night",
                }
            )
    for i in range(1, 7):
        rows.append(
            {
                "crew_id": f"STN-{i}",
                "depot": ["ASH", "BRX", "CLH"][i % 3],
                "crew_type": "contractor",
                "callout": "on_call",
                "shift": "day",
            }
        )
    if split != "history":
        for i in range(1, 5):
            rows.append(
                {
                    "crew_id": f"NFN-{i}",
                    "depot": MUTUAL_AID_DEPOT,
                    "crew_type": "mutual_aid",
                    "callout": "rostered",
                    "shift": "day" if i <= 2 or not nights else "night",
                }
            )
    return rows


def matrix_hv(crew_id: str) -> bool:
    """What the 2024 skills matrix says: HV switching for most staff crews and the first three contractors."""
    if crew_id.startswith("STN-"):
        return int(crew_id[4:]) <= 3
    depot, num = crew_id.split("-C") if "-C" in crew_id else ("", "0")
    return int(num) <= {"ASH": 5, "BRX": 6, "CLH": 5}.get(depot, 0)


def authorisations(params: dict, split: str) -> list[dict]:
    """The current authorisation register: HV switching per crew, with validity dates."""
    lapsed = set(_list(params, "lapsed_crews"))
    lapse_date = str(_p(params, "lapse_date", "2026-01-31"))
    storm_lapse = set(_list(params, "storm_lapse_crews"))
    rows = []
    for c in crews(params, split):
        cid = c["crew_id"]
        if c["crew_type"] == "contractor":
            rows.append(
                {"crew_id": cid, "authorisation": "LV-AP", "valid_from": "2025-10-01", "valid_to": "2027-09-30"}
            )
            continue
        if c["crew_type"] == "mutual_aid":
            rows.append(
                {"crew_id": cid, "authorisation": "HV-SAP", "valid_from": "2026-03-09", "valid_to": "2026-03-31"}
            )
            continue
        rows.append({"crew_id": cid, "authorisation": "LV-AP", "valid_from": "2024-04-01", "valid_to": "2027-03-31"})
        if matrix_hv(cid):
            to = lapse_date if cid in lapsed else "2027-03-31"
            if cid in storm_lapse and split != "history":
                to = str(_p(params, "storm_lapse_date", "2026-03-10"))
            rows.append({"crew_id": cid, "authorisation": "HV-SAP", "valid_from": "2024-04-01", "valid_to": to})
    return rows


def hv_valid(register: list[dict], crew_id: str, day: str) -> bool:
    return any(
        r["crew_id"] == crew_id and r["authorisation"] == "HV-SAP" and r["valid_from"] <= day <= r["valid_to"]
        for r in register
    )


# ----------------------------------------------------------------------------- storms


def storm_outages(
    t: Traffic,
    net: dict,
    start: str,
    n: int,
    *,
    days: int,
    new_share: float,
    hv_share: float,
    held_share: float,
    prefix: str,
    forced: list[str] | None = None,
) -> list[dict]:
    """One storm's fault reports. Report times peak on day one and tail off."""
    secs = net["sections"]
    hv = [s for s in secs if s["level"] == "HV"]
    lv = [s for s in secs if s["level"] == "LV"]
    d0 = datetime.fromisoformat(start)
    weights = [3.0] * 6 + [5.0] * 12 + [3.0] * 6
    day_w = [0.55, 0.3, 0.15][:days]
    rows = []
    used: set[str] = set()
    forced = [f for f in (forced or []) if f in net["by_id"]]
    for i in range(n + len(forced)):
        day = t.pick(dict(enumerate(day_w)))
        minute = t.pick(dict(enumerate(weights))) * 60 + t.rng.randrange(60) + day * 1440
        if i >= n:  # sections the storm must hit (the ones a variant's constraints are about)
            s = net["by_id"][forced[i - n]]
            if s["section_id"] in used:
                continue
        else:
            pool = hv if t.chance(hv_share) else lv
            for _ in range(20):
                s = t.choice(pool)
                if s["section_id"] not in used and s["section_id"] not in forced:
                    break
        used.add(s["section_id"])
        codes = [c for c, v in FAULTS.items() if v[0] == s["level"]]
        if s["circuit"] == "UG":
            codes = [c for c in codes if c not in ("HV-OHL", "HV-PMT")] or codes
        code = t.choice(codes)
        if new_share and t.chance(new_share):
            new = [c for c, v in NEW_FAULTS.items() if v[0] == s["level"]]
            if (s["level"] == "HV" and s["circuit"] in ("OH", "MIX")) or s["level"] == "LV":
                code = t.choice(new)
        desc = t.choice(DESCRIPTIONS[code])
        customers = (
            s["customers_gis"] if s["level"] == "HV" else max(1, round(s["customers_gis"] * t.rng.uniform(0.5, 1.0)))
        )
        rows.append(
            {
                "outage_id": f"{prefix}-{i + 1:04d}",
                "reported_at": (d0 + timedelta(minutes=minute)).strftime("%Y-%m-%dT%H:%M"),
                "section_id": s["section_id"],
                "feeder_id": s["feeder_id"],
                "depot": s["depot"],
                "level": s["level"],
                "fault_code": code,
                "description": desc,
                "customers_reported": customers,
                "share": round(customers / max(1, s["customers_gis"]), 4),
                "status": "HOLD" if t.chance(held_share) else "OPEN",
            }
        )
    rows.sort(key=lambda r: (r["reported_at"], r["outage_id"]))
    return rows


def true_customers(o: dict, net: dict) -> int:
    s = net["by_id"][o["section_id"]]
    base = s.get("customers_gis_true", s["customers_true"]) if o["level"] == "LV" else s["customers_true"]
    return max(1, round(base * float(o["share"])))


def true_repair(o: dict) -> float:
    code = o["fault_code"]
    mean = FAULTS[code][2] if code in FAULTS else NEW_FAULTS.get(code, ("LV", 120))[1]
    u = keyed_uniform(SECRET, "repair", o["outage_id"])
    return round(mean * (0.6 + 0.8 * u))


# ----------------------------------------------------------------------------- files


def write_network_db(
    path: Path,
    net: dict,
    crew_rows: list[dict],
    register: list[dict],
    outages: list[dict],
    restorations: list[dict] | None = None,
) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        path.unlink()
    conn = sqlite3.connect(path)
    try:
        c = conn.cursor()
        c.execute("CREATE TABLE depots (depot TEXT PRIMARY KEY, name TEXT)")
        c.executemany(
            "INSERT INTO depots VALUES (?,?)",
            [(k, v["name"]) for k, v in DEPOTS.items()]
            + (
                [(MUTUAL_AID_DEPOT, "Pell Moor (mutual aid yard)")]
                if any(r["depot"] == MUTUAL_AID_DEPOT for r in crew_rows)
                else []
            ),
        )
        c.execute(
            "CREATE TABLE feeders (feeder_id TEXT PRIMARY KEY, primary_substation TEXT, depot TEXT, circuit TEXT)"
        )
        c.executemany(
            "INSERT INTO feeders VALUES (?,?,?,?)",
            [(f["feeder_id"], f["primary"], f["depot"], f["circuit"]) for f in net["feeders"]],
        )
        c.execute(
            "CREATE TABLE sections (section_id TEXT PRIMARY KEY, feeder_id TEXT, depot TEXT, level TEXT, "
            "circuit TEXT, customers_gis INTEGER)"
        )
        c.executemany(
            "INSERT INTO sections VALUES (?,?,?,?,?,?)",
            [
                (s["section_id"], s["feeder_id"], s["depot"], s["level"], s["circuit"], s["customers_gis"])
                for s in net["sections"]
            ],
        )
        c.execute("CREATE TABLE crews (crew_id TEXT PRIMARY KEY, depot TEXT, crew_type TEXT, callout TEXT, shift TEXT)")
        c.executemany(
            "INSERT INTO crews VALUES (?,?,?,?,?)",
            [(r["crew_id"], r["depot"], r["crew_type"], r["callout"], r["shift"]) for r in crew_rows],
        )
        c.execute(
            "CREATE TABLE outages (outage_id TEXT PRIMARY KEY, storm TEXT, reported_at TEXT, section_id TEXT, "
            "feeder_id TEXT, depot TEXT, level TEXT, fault_code TEXT, description TEXT, "
            "customers_reported INTEGER, status TEXT)"
        )
        c.executemany(
            "INSERT INTO outages VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            [
                (
                    o["outage_id"],
                    o.get("storm", ""),
                    o["reported_at"],
                    o["section_id"],
                    o["feeder_id"],
                    o["depot"],
                    o["level"],
                    o["fault_code"],
                    o["description"],
                    o["customers_reported"],
                    o["status"],
                )
                for o in outages
            ],
        )
        if restorations is not None:
            cols = [
                "outage_id",
                "crew_id",
                "dispatched_at",
                "arrived_at",
                "switching_wait_min",
                "patrolled",
                "restored_at",
                "retripped",
                "handed_back",
                "customers_confirmed",
            ]
            c.execute(f"CREATE TABLE restorations ({', '.join(cols)})")
            c.executemany(
                f"INSERT INTO restorations VALUES ({','.join('?' * len(cols))})",
                [tuple(r.get(k) for k in cols) for r in restorations],
            )
        conn.commit()
    finally:
        conn.close()


def write_csv(path: Path, fields: list[str], rows: list[dict], delimiter: str = ",") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=fields, delimiter=delimiter, lineterminator="\n", extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)


def write_psr_old(path: Path, rows: list[dict], bad_depot: str = "") -> None:
    """The register extract; `bad_depot`'s sections spelt as the new GIS writes them (ASH:ASC02-H1)."""
    out = []
    for r in rows:
        sec = r["section_id"]
        fid, part = sec.split("/")
        if bad_depot and sec[:3] in DEPOTS[bad_depot]["primaries"]:
            sec = f"{bad_depot}:{fid.replace('-', '')}-{part}"
        out.append({**r, "section_id": sec})
    write_csv(path, ["psr_ref", "section_id", "need_code"], out)


def write_psr_new(path: Path, rows: list[dict]) -> None:
    """The CRM's extract: pipe-separated, its own column names and need codes, closed records kept."""
    out = []
    for i, r in enumerate(rows):
        out.append(
            {
                "PSR_ID": r["psr_ref"].replace("PSR", "CRM-"),
                "SECTION": r["section_id"],
                "NEEDS_CODES": PSR_CODES_NEW[r["need_code"]],
                "STATUS": "ACTIVE",
            }
        )
        if i % 17 == 0:
            out.append(
                {"PSR_ID": f"CRM-X{i:05d}", "SECTION": r["section_id"], "NEEDS_CODES": "N05", "STATUS": "CLOSED"}
            )
    write_csv(path, ["PSR_ID", "SECTION", "NEEDS_CODES", "STATUS"], out, delimiter="|")
