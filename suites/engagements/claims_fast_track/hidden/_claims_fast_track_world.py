"""World model of the claims_fast_track family (Harrowgate Mutual Home Insurance): policies, claim
notifications, storms, the hidden truth of each claim and the files the fast-track job reads.

Everything is a pure function of its seed and the variant's params, so the committed history (Feb-Mar 2026)
and the unseen month (April 2026: Storm Wren, the new claims app, the vulnerable-customer duty) come from the
same world.
"""

from __future__ import annotations

import sqlite3
from datetime import date, timedelta
from pathlib import Path

from worktrial.kit.grader import Traffic, keyed_uniform

SECRET = "claims_fast_track/truth/v1"  # fraud, inflation and duplicates; never leaves the grader
PERILS = ("EOW", "STORM", "AD")  # escape of water, storm, accidental damage
APP_PERILS = {"EOW": "WATER-ESC", "STORM": "WIND-STORM", "AD": "ACC-DMG"}  # the claims app's codes (April)
WORDINGS = ("HW-22", "HW-25")
DISTRICTS = [f"{a}{n}" for a in ("HG", "KN", "RW") for n in range(1, 9)]
# storms: name, first and last day of loss, footprint (postcode districts the weather data confirms)
STORMS = {
    "history": [("DELIA", "2026-02-12", "2026-02-15", ["HG1", "HG2", "HG3", "HG4", "KN1", "KN2"])],
    "production": [("WREN", "2026-04-08", "2026-04-11", ["KN5", "KN6", "KN7", "KN8", "RW1", "RW2", "RW3"])],
    "pilot": [("WREN", "2026-04-08", "2026-04-11", ["KN5", "KN6", "KN7", "KN8", "RW1", "RW2", "RW3"])],
}
# the loss adjuster's forecast footprint of Storm Wren (sent the day before landfall, never confirmed)
FORECAST = [("WREN", "2026-04-08", "2026-04-11", [f"{a}{n}" for a in ("RW", "HG") for n in range(1, 9)])]
MONTHS = {"history": [("2026-02", 28), ("2026-03", 31)], "production": [("2026-04", 30)], "pilot": [("2026-04", 30)]}
DAILY = 30  # notifications on an ordinary day of history


def _p(params: dict, key: str, default):
    v = params.get(key, default) if params else default
    return default if v is None else v


def true_excess(params: dict, wording: str, peril: str) -> float:
    """The excess the policy wording actually carries."""
    if wording == "HW-25":
        return float(_p(params, "hw25_eow_excess", 600)) if peril == "EOW" else float(_p(params, "hw25_excess", 350))
    return 350.0 if peril == "EOW" else 250.0


def canonical_peril(code: str) -> str:
    for k, v in APP_PERILS.items():
        if code == v:
            return k
    return code


def early(c: dict) -> bool:
    """A claim soon after the policy started, on the perils where staged losses happen."""
    age = (date.fromisoformat(c["notified"]) - date.fromisoformat(c["policy_start"])).days
    return age < 45 and canonical_peril(c["peril"]) in ("EOW", "AD") and float(c["claimed_amount"]) > 600


def storm_of(c: dict, split: str) -> tuple[str, bool] | None:
    """(storm, in its footprint) when a storm claim's loss date falls in a storm of that period."""
    if canonical_peril(c["peril"]) != "STORM":
        return None
    for name, first, last, districts in STORMS[split]:
        if first <= c["loss_date"] <= last:
            return name, c["district"] in districts
    return None


def _list(params: dict, key: str) -> list[str]:
    """A comma-separated parameter as a list."""
    return [x.strip() for x in str(_p(params, key, "")).split(",") if x.strip()]


def direct_repair(c: dict, params: dict, split: str) -> bool:
    """A claim in the direct-repair scheme: the panel repairer repairs it and invoices the insurer, so a cash
    settlement by the fast-track pays the loss twice (variants with `repair_scheme`: in history a pilot on escape of
    water in a few districts, in April the roll-out to more districts and perils)."""
    if not _p(params, "repair_scheme", False):
        return False
    peril = canonical_peril(c["peril"])
    if split == "history":
        return (
            peril == "EOW"
            and c["notified"] >= str(params["repair_pilot_start"])
            and c["district"] in _list(params, "repair_pilot_districts")
        )
    return peril in _list(params, "repair_perils") and c["district"] in _list(params, "repair_districts")


def web_ring(c: dict, params: dict, split: str) -> bool:
    """A ring that used the web form in history only (variants with `web_ring`: [first, last] notification day)."""
    ring = _list(params, "web_ring")
    return bool(ring) and split == "history" and c["channel"] == "web" and ring[0] <= c["notified"] <= ring[1]


def fraud(c: dict, split: str, params: dict | None = None) -> bool:
    score = float(c["fraud_score"])
    p = 0.01 + 1.6 * score**2
    if params and web_ring(c, params, split) and float(c["claimed_amount"]) > 700:
        p += float(params.get("web_ring_lift", 0.3))
    if early(c):
        p += 0.55
    s = storm_of(c, split)
    if s is not None and not s[1]:
        p += 0.6
    if float(c["claimed_amount"]) > 1500:
        p += 0.05
    return keyed_uniform(SECRET, "fraud", c["claim_id"]) < min(0.95, p)


def entitlement(c: dict, params: dict) -> float:
    """What a handler who validates the claim pays on a genuine claim: the loss net of inflation, less excess."""
    amt = float(c["claimed_amount"])
    u = keyed_uniform(SECRET, "inflation", c["claim_id"])
    infl = u * (0.04 if amt <= 1000 else 0.12 if amt <= 1500 else 0.32)
    return max(0.0, round(amt * (1 - infl) - true_excess(params, c["wording"], canonical_peril(c["peril"])), 2))


def simulate(params: dict, split: str, seed: int | str) -> list[dict]:
    """The claim notifications of a period (no truth among the columns)."""
    t = Traffic("claims_fast_track", split, seed)
    prod = split != "history"
    app_share = float(_p(params, "app_share", 0.35)) if prod else 0.0
    dup_rate = float(_p(params, "dup_rate_production" if prod else "dup_rate_history", 0.005))
    vul_share = float(_p(params, "vulnerable_share", 0.09)) if prod else 0.07
    rows: list[dict] = []
    n = 0
    for month, days in MONTHS[split]:
        tm = t.child(month)
        for d in range(1, days + 1):
            day = f"{month}-{d:02d}"
            storm = next(
                (s for s in STORMS[split] if s[1] <= day <= (date.fromisoformat(s[2]) + timedelta(2)).isoformat()), None
            )
            base_n = tm.volume(DAILY, shift=0.15 if prod else 0.0, noise=0.15)
            storm_n = tm.volume(150 if prod else 45, noise=0.2) if storm else 0
            for k in range(base_n + storm_n):
                n += 1
                is_storm = k >= base_n
                peril = "STORM" if is_storm else tm.pick({"EOW": 0.45, "STORM": 0.12, "AD": 0.43})
                channel = "app" if tm.chance(app_share) else tm.pick({"phone": 0.55, "web": 0.45})
                new_policy = tm.chance(0.3 if channel == "app" else 0.06)
                start = date.fromisoformat(day) - timedelta(
                    days=tm.rng.randint(5, 40) if new_policy else tm.rng.randint(60, 2400)
                )
                if is_storm and storm:
                    in_fp = tm.chance(0.65)
                    district = tm.choice(storm[3] if in_fp else [x for x in DISTRICTS if x not in storm[3]])
                    loss = max(
                        storm[1],
                        min(storm[2], (date.fromisoformat(day) - timedelta(days=tm.rng.randint(0, 2))).isoformat()),
                    )
                else:
                    district = tm.choice(DISTRICTS)
                    loss = (date.fromisoformat(day) - timedelta(days=tm.rng.randint(0, 6))).isoformat()
                median = {"EOW": 1100, "STORM": 900, "AD": 700}[peril]
                amount = tm.amount(median, 0.6, 400, 6000, step=0.01)
                if tm.chance(0.03):
                    amount = tm.around(float(_p(params, "threshold", 1500)), step=0.01)
                score = round(min(0.99, tm.rng.betavariate(1.2, 4.0)), 2)
                row = {
                    "claim_id": f"CLM-{month.replace('-', '')[2:]}-{n:05d}",
                    "notified": day,
                    "loss_date": loss,
                    "policy_id": f"HM{tm.rng.randint(100000, 999999)}",
                    "wording": "HW-25" if start >= date(2025, 10, 1) or tm.chance(0.45) else "HW-22",
                    "policy_start": start.isoformat(),
                    "peril": APP_PERILS[peril] if channel == "app" else peril,
                    "channel": channel,
                    "district": district,
                    "claimed_amount": f"{amount:.2f}",
                    "vulnerable": "Y" if tm.chance(vul_share) else "",
                    "fraud_score": f"{score:.2f}",
                    "dup_of": "",
                }
                rows.append(row)
                if tm.chance(dup_rate * (2.5 if channel == "app" else 1.0)):
                    n += 1
                    lag = tm.rng.randint(0, 4)
                    dup = dict(row)
                    dup.update(
                        claim_id=f"CLM-{month.replace('-', '')[2:]}-{n:05d}",
                        notified=min(f"{month}-{days:02d}", (date.fromisoformat(day) + timedelta(lag)).isoformat()),
                        channel="phone" if channel != "phone" else "web",
                        peril=peril,
                        claimed_amount=f"{amount * tm.rng.uniform(0.97, 1.03):.2f}",
                        fraud_score=f"{max(0.0, score - 0.02):.2f}",
                        dup_of=row["claim_id"],
                    )
                    rows.append(dup)
    rows.sort(key=lambda r: (r["notified"], r["claim_id"]))
    return rows


CLAIM_COLS = [
    "claim_id", "notified", "loss_date", "policy_id", "wording", "policy_start", "peril", "channel",
    "district", "claimed_amount", "vulnerable", "fraud_score",
]  # fmt: skip
OUTCOME_COLS = ["claim_id", "decision", "queue", "paid_amount", "outcome", "audit_finding", "audit_amount"]


def write_db(path: Path, claims: list[dict], storms: list[tuple], outcomes: list[dict] | None = None) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        path.unlink()
    conn = sqlite3.connect(path)
    try:
        c = conn.cursor()
        c.execute(f"CREATE TABLE claims ({', '.join(CLAIM_COLS)})")
        c.executemany(
            f"INSERT INTO claims VALUES ({','.join('?' * len(CLAIM_COLS))})",
            [tuple(r[k] for k in CLAIM_COLS) for r in claims],
        )
        c.execute("CREATE TABLE storm_events (storm, first_loss_date, last_loss_date, district)")
        c.executemany(
            "INSERT INTO storm_events VALUES (?,?,?,?)",
            [(name, first, last, d) for name, first, last, ds in storms for d in ds],
        )
        if outcomes is not None:
            c.execute(f"CREATE TABLE outcomes ({', '.join(OUTCOME_COLS)})")
            c.executemany(
                f"INSERT INTO outcomes VALUES ({','.join('?' * len(OUTCOME_COLS))})",
                [tuple(r.get(k, "") for k in OUTCOME_COLS) for r in outcomes],
            )
        conn.commit()
    finally:
        conn.close()


def read_claims(path: Path) -> list[dict]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return [
            dict(zip(CLAIM_COLS, r, strict=True)) for r in conn.execute(f"SELECT {', '.join(CLAIM_COLS)} FROM claims")
        ]
    finally:
        conn.close()
