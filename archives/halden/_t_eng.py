"""Engineering and IT asks: incident write-ups from logs, data cleaning, a telemetry script, monitoring
configuration, a SQL report."""

from __future__ import annotations

import json
import random
import statistics
from collections import defaultdict
from datetime import date, datetime, timedelta

from _core import Case, F, Link
from _office import csv_bytes, html_page, md_table
from _world import CUSTOMERS, DEPOTS, n0, pct

ROLE = "engineering_it"


def _p95(xs: list[int]) -> int:
    s = sorted(xs)
    return s[max(0, round(0.95 * len(s)) - 1)]


def incident(rng: random.Random, v: int) -> Case:
    day = date(2026, 3, 10) + timedelta(days=9 * (v % 7) + 1)
    while day.weekday() > 3:  # a Monday to Thursday, so the write-up is asked for the next working day
        day += timedelta(days=1)
    t0 = datetime(day.year, day.month, day.day, 9, 0, 0)
    start = t0 + timedelta(minutes=rng.randint(40, 90), seconds=rng.randint(0, 59))
    end = start + timedelta(minutes=rng.randint(24, 71), seconds=rng.randint(0, 59))
    pool = rng.choice([20, 24, 32])
    lines, t = [], t0
    before, during, fails, total_in = [], [], 0, 0
    while t < t0 + timedelta(hours=3):
        t += timedelta(seconds=rng.randint(3, 11))
        path = rng.choice(["POST /orders", "GET /orders/{id}", "POST /quotes", "GET /stock"])
        inside = start <= t <= end
        if inside and rng.random() < 0.62:
            ms = rng.randint(30000, 30400)
            fails += 1
            lines.append(
                f"{t.isoformat()}Z ERROR {path.replace('{id}', str(rng.randint(71000, 79999)))} 504 {ms}ms "
                f'upstream=payment-gw msg="timeout waiting for connection from pool (max={pool})"'
            )
        else:
            ms = rng.randint(60, 480) if not inside else rng.randint(900, 4800)
            code = 201 if path.startswith("POST") else 200
            lines.append(f"{t.isoformat()}Z INFO {path.replace('{id}', str(rng.randint(71000, 79999)))} {code} {ms}ms")
        (during if inside else before).append(ms)
        total_in += inside
        if t.minute == 0 and t.second < 9:
            lines.append(f"{t.isoformat()}Z INFO healthcheck ok pool_in_use={rng.randint(3, 9)}/{pool}")
    first_err = next(ln.split("Z ")[0] for ln in lines if " ERROR " in ln)
    last_err = [ln.split("Z ")[0] for ln in lines if " ERROR " in ln][-1]
    dur = datetime.fromisoformat(last_err) - datetime.fromisoformat(first_err)
    failed_orders = sum(1 for ln in lines if " ERROR POST /orders" in ln)
    src = f"/var/log/halden/order-api/{day.isoformat()}.log"
    report = f"""# Incident write-up: order API timeouts, {day.isoformat()}

## Summary
Between {first_err[11:19]} and {last_err[11:19]} UTC ({dur.seconds} seconds, about {dur.seconds // 60} minutes)
the order API returned 504 errors for {fails} of {total_in} requests ({pct(fails, total_in)}), because every call
waiting on the payment gateway held a connection from a pool of only {pool}.

## Impact
- Failed requests: {fails}, of which {failed_orders} were new orders (POST /orders) that customers had to resubmit.
- 95th percentile response time: {n0(_p95(before))} ms outside the incident, {n0(_p95(during))} ms during it.
- Requests served in the three-hour log: {len(before) + len(during)}.

## Timeline (UTC)
- {first_err[11:19]} first 504 (timeout waiting for connection from pool).
- {last_err[11:19]} last 504; latency back to normal afterwards.

## Root cause
Calls to the payment gateway slowed down and, with no timeout shorter than 30 s, each held a pooled connection until
the pool (max={pool}) was exhausted; every other request then queued behind them.

## Actions
1. Set a 5 s timeout on payment-gateway calls and fail fast with a retry message.
2. Give payment calls their own pool so orders and stock lookups keep working.
3. Alert when pool use stays above 80% for two minutes.
"""
    ask = [
        f"Could you write up yesterday's order API incident from the attached log? The log was pulled from {src} on "
        "the app server. I need a summary, impact numbers (failed requests, failure rate, failed orders, p95 latency "
        "inside and outside the incident), a timeline, the root cause and actions. Markdown.",
        "Please do a short postmortem for the order API outage, log attached: when it started and ended, how many "
        "requests and orders failed, the failure rate, latency (p95) during vs outside it, root cause, next steps. "
        "Markdown is fine.",
    ][v % 2]
    log = F(f"order-api-{day.isoformat()}.log", ("\n".join(lines) + "\n").encode())
    return Case(
        ROLE,
        ask,
        [log],
        [F(f"incident_{day.isoformat()}_order_api.md", report.encode())],
        plan="Scanning the log for the 504s and measuring the window and latencies.",
        done=f"Write-up done: {fails} failed requests ({pct(fails, total_in)}), {failed_orders} orders.",
        command="python3 scan_log.py order-api.log",
        calc=f"errors={fails} window={dur.seconds}s",
        spans=[("path", src)] if src in ask else [],
        asof=day + timedelta(days=1),
    )


def _norm(name: str) -> str:
    s = name.lower().replace("limited", "ltd").replace("&", "and").replace(".", "").replace(",", "")
    return " ".join(s.split())


def dedupe(rng: random.Random, v: int) -> Case:
    base = [c for c, _s in CUSTOMERS] + [
        f"{a} {b}"
        for a in (
            "Harbour",
            "Greenway",
            "Millrace",
            "Oakley",
            "Beacon",
            "Kingfisher",
            "Foxglove",
            "Riverside",
            "Hillcrest",
            "Copper",
        )
        for b in ("Kitchens", "Catering Ltd", "Foods Limited", "Bistro", "Cafe & Bar", "Academy", "Care Home", "Hotel")
    ]
    rows, clean = [["customer_id", "name", "postcode", "credit_limit", "created"]], {}
    n = 0
    for name in rng.sample(base, rng.randint(70, 85)):
        letters = "ABDEFGHJLNPQRSTUWXYZ"
        pc = f"BK{rng.randint(1, 19)} {rng.randint(1, 9)}{rng.choice(letters)}{rng.choice(letters)}"
        copies = rng.choices([1, 2, 3], [70, 22, 8])[0]
        for _ in range(copies):
            n += 1
            variant = rng.choice(
                [name, name.upper(), f" {name} ", name.replace(" Ltd", " Limited"), name.replace("&", "and")]
            )
            limit = rng.choice([2500, 5000, 7500, 10000, 15000, 25000])
            created = (date(2019, 1, 1) + timedelta(days=rng.randint(0, 2600))).isoformat()
            rows.append([f"C{n:05d}", variant, pc, limit, created])
            key = (_norm(variant), pc)
            if key not in clean or created < clean[key][3]:
                keep = clean.get(key, [None, None, None, None, 0, 0, 0])
                clean[key] = [f"C{n:05d}", name, pc, created, max(limit, keep[4]), keep[5] + 1, keep[6] + limit]
            else:
                clean[key][4] = max(limit, clean[key][4])
                clean[key][5] += 1
                clean[key][6] += limit
    body = rows[1:]
    rng.shuffle(body)
    rows[1:] = body
    out_rows = [["customer_id", "name", "postcode", "credit_limit", "created", "rows_merged", "limits_before_merge"]]
    out_rows += [[c[0], c[1], c[2], c[4], c[3], c[5], c[6]] for c in sorted(clean.values())]
    before, after = sum(r[3] for r in body), sum(r[3] for r in out_rows[1:])
    src = "/srv/crm/exports/customers_full_2026-04.csv"
    note = (
        f"# Customer master clean-up\n\n- Rows in: {len(body)}\n- Customers after merging: {len(out_rows) - 1}\n"
        f"- Duplicate rows removed: {len(body) - len(out_rows) + 1} ({pct(len(body) - len(out_rows) + 1, len(body))})\n"
        f"- Total credit limit: {n0(before)} before, {n0(after)} after (a merged customer keeps its highest limit)\n\n"
        "Rule: same name once case, spacing, 'Limited'/'Ltd' and '&'/'and' are ignored, and the same postcode. The "
        "oldest record's id and created date are kept.\n"
    )
    ask = (
        f"The CRM customer export ({src}, attached) is full of duplicates. Can you dedupe it: treat two rows as the "
        "same customer when the names match ignoring case, spacing, Ltd/Limited and &/and, and the postcode matches; "
        "keep the oldest record's id and created date and the highest credit limit, and show per customer how many "
        "rows were merged and the sum of their limits. Give me the clean CSV and a short note of the counts."
    )
    ask = rng.choice(
        [
            ask,
            f"Please clean up the duplicates in the customer export (attached; it came from {src}). Same customer = "
            "same postcode and the same name once you ignore case, spacing, Ltd vs Limited and & vs and. Keep the "
            "oldest id and created date, the highest credit limit, and add how many rows were merged and the sum of "
            "their limits. Clean CSV plus a short note with the counts.",
        ]
    )
    return Case(
        ROLE,
        ask,
        [F("customers_full_2026-04.csv", csv_bytes(rows))],
        [F("customers_clean.csv", csv_bytes(out_rows)), F("dedupe_note.md", note.encode())],
        plan="Normalising names and grouping on name and postcode.",
        done=note.split("\n\n")[1].replace("\n", " "),
        command="python3 dedupe.py customers_full.csv",
        calc=f"in={len(body)} out={len(out_rows) - 1}",
        spans=[("path", src)],
        asof=date(2026, 4, 8) + timedelta(days=v % 7 * 5),
    )


SCRIPT = '''"""Energy use per oven from the telemetry export: total and daily average kWh, per-site totals, and
ovens whose daily average is more than 25% above the fleet median."""

import csv
import json
import statistics
import sys

data = json.load(open(sys.argv[1]))
ovens = [(o["serial"], o["site"], sum(o["kwh"]), sum(o["kwh"]) / len(o["kwh"])) for o in data["ovens"]]
median = statistics.median(avg for _s, _site, _t, avg in ovens)
with open("oven_energy.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["serial", "site", "total_kwh", "avg_kwh_per_day", "above_median_25pct"])
    for serial, site, total, avg in sorted(ovens):
        w.writerow([serial, site, f"{total:.1f}", f"{avg:.2f}", "yes" if avg > median + median / 4 else "no"])
sites = {}
for _serial, site, total, _avg in ovens:
    sites[site] = sites.get(site, 0) + total
for site, total in sorted(sites.items()):
    print(f"{site}: {total:.1f} kWh")
print(f"fleet median {median:.2f} kWh/day")
'''


def telemetry(rng: random.Random, v: int) -> Case:
    ovens = []
    for i in range(rng.randint(14, 22)):
        base = rng.uniform(18, 42)
        if rng.random() < 0.15:
            base *= 1.5
        ovens.append(
            {
                "serial": f"C10-{2400 + i * 17}",
                "site": rng.choice(CUSTOMERS)[0],
                "kwh": [round(base * rng.uniform(0.8, 1.2), 1) for _ in range(28)],
            }
        )
    export = {"exported": "2026-04-30", "days": 28, "unit": "kWh", "ovens": ovens}
    rows = [(o["serial"], o["site"], sum(o["kwh"]), sum(o["kwh"]) / len(o["kwh"])) for o in ovens]
    median = statistics.median(r[3] for r in rows)
    table = [["serial", "site", "total_kwh", "avg_kwh_per_day", "above_median_25pct"]]
    table += [
        [s, site, f"{t:.1f}", f"{a:.2f}", "yes" if a > median + median / 4 else "no"] for s, site, t, a in sorted(rows)
    ]
    sites: dict[str, float] = defaultdict(float)
    for _s, site, t, _a in rows:
        sites[site] += t
    printed = "\n".join(f"{s}: {t:.1f} kWh" for s, t in sorted(sites.items())) + f"\nfleet median {median:.2f} kWh/day"
    script = SCRIPT.replace(
        '"""\n\nimport csv',
        "\n\nOn the April export it printed:\n\n"
        + "\n".join("    " + line for line in printed.splitlines())
        + '\n"""\n\nimport csv',
        1,
    )
    flagged = [r[0] for r in table[1:] if r[4] == "yes"]
    ask = (
        "Can you write a small Python script that reads the attached oven telemetry export (JSON) and writes a CSV "
        "with each oven's total and average daily kWh, flagging ovens more than 25% above the fleet median, and "
        "prints per-site totals? Run it on this export and send me the script and its CSV."
    )
    ask = rng.choice(
        [
            ask,
            "I'd like a reusable script for the oven telemetry exports (April's attached, JSON): per oven the total "
            "and average daily kWh into a CSV, a flag for anything more than 25% above the fleet median, and per-site "
            "totals printed at the end. Please run it on April and send both the script and the CSV.",
        ]
    )
    return Case(
        ROLE,
        ask,
        [F("oven_telemetry_april.json", (json.dumps(export) + "\n").encode())],
        [F("oven_energy.py", script.encode()), F("oven_energy.csv", csv_bytes(table))],
        plan="Writing the script with the standard library only, then running it on the export.",
        done=f"Script and CSV attached. {len(flagged)} ovens flagged: {', '.join(flagged) or 'none'}. "
        f"{printed.splitlines()[-1]}.",
        command="python3 oven_energy.py oven_telemetry_april.json",
        calc=printed,
        asof=date(2026, 5, 4) + timedelta(days=v % 7 * 4),
    )


def monitoring(rng: random.Random, v: int, web: bool = False) -> Case:
    sensors = []
    for i in range(rng.randint(26, 40)):
        kind = rng.choice(["fridge", "fridge", "freezer"])
        sensors.append({"id": f"TC40-{5100 + i * 3}", "type": kind, "site": rng.choice(DEPOTS)})
    fridge_max, freezer_max = rng.choice([5.0, 4.0]), rng.choice([-15.0, -18.0])
    f_win, z_win, poll = rng.choice([15, 20]), rng.choice([10, 12]), rng.choice([30, 20, 60])
    raw_days, hourly_years = rng.choice([90, 120]), rng.choice([2, 3])
    reqs = (
        f"Cold-room monitoring, what facilities want\n\n"
        f"- Fridges: alert when above {fridge_max} C for {f_win} minutes.\n"
        f"- Freezers: alert when above {freezer_max} C for {z_win} minutes.\n"
        f"- Poll every sensor every {poll} seconds.\n"
        f"- Keep raw readings for {raw_days} days and hourly averages for {hourly_years} years.\n"
    )
    doc = (
        "TC-40 wireless temperature sensor: the gateway accepts poll_interval_s between 10 and 300, alert windows "
        "as a number of consecutive samples (window_samples), and retention in seconds (retention_raw_s, "
        "retention_hourly_s)."
    )
    atts = [
        F(
            "sensors_current.json",
            (json.dumps({"gateway": "cold-rooms", "sensors": sensors}, indent=1) + "\n").encode(),
        ),
        F("facilities_requirements.txt", reqs.encode()),
    ]
    links = []
    if web:
        url = "https://docs.tessel-controls.example/tc-40/gateway-config"
        links = [Link(url, html_page("TC-40 gateway configuration", [("p", doc)]))]
        where = f"The gateway's settings are described at {url}."
    else:
        atts.append(F("tc40_gateway_notes.md", f"# TC-40 gateway notes\n\n{doc}\n".encode()))
        where = "The gateway notes are attached."
    groups = {k: sorted(s["id"] for s in sensors if s["type"] == k) for k in ("fridge", "freezer")}
    config = {
        "gateway": "cold-rooms",
        "poll_interval_s": poll,
        "retention_raw_s": raw_days * 86400,
        "retention_hourly_s": hourly_years * 365 * 86400,
        "rules": [
            {
                "group": "fridge",
                "above_c": fridge_max,
                "window_s": f_win * 60,
                "window_samples": f_win * 60 // poll,
                "sensors": groups["fridge"],
            },
            {
                "group": "freezer",
                "above_c": freezer_max,
                "window_s": z_win * 60,
                "window_samples": z_win * 60 // poll,
                "sensors": groups["freezer"],
            },
        ],
        "summary": {
            "sensors": len(sensors),
            "fridges": len(groups["fridge"]),
            "freezers": len(groups["freezer"]),
            "samples_per_sensor_per_day": 86400 // poll,
            "samples_per_day_all": 86400 // poll * len(sensors),
        },
    }
    ask = (
        "Please write the TC-40 gateway config (JSON) for the cold-room sensors listed in the attached file, from "
        f"facilities' requirements (attached). {where} Express the windows as sample counts and the retention in "
        "seconds, and add a summary with sensor counts and samples per day."
    )
    ask = rng.choice(
        [
            ask,
            "Facilities sent their cold-room alerting requirements (attached) and the current sensor list is "
            f"attached too. Can you produce the TC-40 gateway config as JSON? {where} Windows as sample counts, "
            "retention in seconds, and a summary block with the sensor counts and samples per day.",
        ]
    )
    return Case(
        ROLE,
        ask,
        atts,
        [F("tc40_gateway_config.json", (json.dumps(config, indent=2) + "\n").encode())],
        links=links,
        plan="Converting the minutes and days into samples and seconds for each sensor group.",
        done=f"Config written: {len(sensors)} sensors, {86400 // poll * len(sensors):,} samples a day in all.",
        calc=json.dumps(config["summary"]),
        spans=[("url", links[0].url)] if links else [],
        asof=date(2026, 3, 23) + timedelta(days=v % 7 * 8),
    )


def sql_report(rng: random.Random, v: int) -> Case:
    schema = (
        "# service_jobs table\n\n| column | type | meaning |\n|---|---|---|\n| job_id | int | job number |\n"
        "| depot | text | depot that ran the job |\n| logged_at | timestamp | when the customer called |\n"
        "| arrived_at | timestamp | when the technician arrived |\n"
        "| fixed_first_visit | bool | fixed on the first visit |\n"
    )
    rows = [["job_id", "depot", "logged_at", "arrived_at", "fixed_first_visit"]]
    stats: dict[str, list[tuple[float, bool]]] = defaultdict(list)
    for i in range(rng.randint(260, 340)):
        depot = rng.choice(DEPOTS)
        logged = datetime(2026, 4, 1, 8) + timedelta(minutes=rng.randint(0, 29 * 24 * 60))
        hours = rng.uniform(1.5, 40 if depot != "Marsh Hythe" else 60)
        arrived = logged + timedelta(minutes=int(hours * 60))
        fixed = rng.random() < (0.82 if depot != "Corrin Bay" else 0.7)
        rows.append([90000 + i, depot, logged.isoformat(sep=" "), arrived.isoformat(sep=" "), str(fixed).lower()])
        stats[depot].append(((arrived - logged).total_seconds() / 3600, fixed))
    query = (
        "SELECT depot,\n       COUNT(*) AS jobs,\n"
        "       ROUND(AVG(EXTRACT(EPOCH FROM arrived_at - logged_at) / 3600), 1) "
        "AS avg_response_h,\n       ROUND(100.0 * AVG(CASE WHEN arrived_at - logged_at <= INTERVAL '24 hours' THEN 1 "
        "ELSE 0 END), 1) AS within_24h_pct,\n"
        "       ROUND(100.0 * AVG(CASE WHEN fixed_first_visit THEN 1 ELSE 0 END), 1) "
        "AS first_time_fix_pct\nFROM service_jobs\nWHERE logged_at >= '2026-04-01' AND logged_at < '2026-05-01'\n"
        "GROUP BY depot\nORDER BY depot;"
    )
    table = [["depot", "jobs", "avg_response_h", "within_24h_pct", "first_time_fix_pct"]]
    for d in sorted(stats):
        xs = stats[d]
        table.append(
            [
                d,
                len(xs),
                f"{sum(h for h, _f in xs) / len(xs):.1f}",
                f"{100 * sum(h <= 24 for h, _f in xs) / len(xs):.1f}",
                f"{100 * sum(f for _h, f in xs) / len(xs):.1f}",
            ]
        )
    total = len(rows) - 1
    md = (
        f"# April service jobs by depot\n\nResult on the attached extract ({total} jobs):\n\n{md_table(table)}\n\n"
        f"The query:\n\n```sql\n{query}\n```\n"
    )
    ask = (
        "Can you write the SQL (Postgres) for April service jobs per depot — job count, average response time in "
        "hours, % reached within 24 hours, first-time-fix % — against the service_jobs table (schema attached), and "
        "run the same logic on the attached extract so I can check the numbers? Markdown with the query and result."
    )
    ask = rng.choice(
        [
            ask,
            "For the depot dashboard I need a Postgres query over service_jobs (schema attached) giving, per depot for "
            "April: jobs, average response in hours, % reached within 24 hours and first-time-fix %. Please also run "
            "the same logic over the attached extract and put the query and its result in a markdown file.",
        ]
    )
    return Case(
        ROLE,
        ask,
        [F("service_jobs_schema.md", schema.encode()), F("service_jobs_april.csv", csv_bytes(rows))],
        [F("service_jobs_by_depot.md", md.encode())],
        plan="Writing the query and computing the same on the extract.",
        done=f"Query and results attached ({total} jobs).",
        calc=md_table(table),
        asof=date(2026, 5, 5) + timedelta(days=v % 7 * 3),
    )


TEMPLATES = [incident, dedupe, telemetry, monitoring, sql_report]
WEB = [monitoring]
