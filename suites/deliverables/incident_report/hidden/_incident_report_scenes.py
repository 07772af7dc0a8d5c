"""The application log, the database log and each scenario's events and chat of the incident_report family."""

from __future__ import annotations

import datetime as dt
import json
import random

from _incident_report_gateway import POSTCODES, t

RECO_SQL = (
    "SELECT p.sku, p.name, count(*) AS n FROM order_lines ol JOIN products p ON p.id = ol.product_id "
    "WHERE ol.customer_id = $1 AND ol.created_at > now() - interval '120 days' "
    "GROUP BY p.sku, p.name ORDER BY n DESC LIMIT 8"
)
EXPORT_SQL = (
    "COPY (SELECT o.id, o.customer_id, o.total_cents, o.created_at FROM orders o "
    "WHERE o.created_at >= $1 AND o.created_at < $2 AND o.shard = $3) TO STDOUT WITH CSV"
)


# --------------------------------------------------------------------------------------------- app log
def app_record(when: dt.datetime, level: str, logger: str, msg: str, **extra) -> tuple[dt.datetime, str]:
    rec = {
        "ts": when.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        "level": level,
        "service": "checkout-api",
        "logger": logger,
        "msg": msg,
    }
    rec.update(extra)
    return when, json.dumps(rec, ensure_ascii=False)


def app_lines(sc: dict, rng: random.Random, gw: list[tuple[dt.datetime, str]], events: list) -> list[str]:
    date = sc["date"]
    start, end = t(date, sc["window"][0] + ":00"), t(date, sc["window"][1] + ":00")
    out = []
    when = start + dt.timedelta(seconds=rng.uniform(1, 9))
    pods = [
        f"checkout-api-6d9f{c}-{''.join(rng.choice('bcdfghjkmnpqrstvwxz2456789') for _ in range(5))}" for c in "abcdef"
    ]
    while when < end:
        kind = rng.random()
        pod = rng.choice(pods)
        if kind < 0.45:
            out.append(
                app_record(
                    when,
                    "INFO",
                    "orders",
                    "order placed",
                    pod=pod,
                    order_id=rng.randint(4_100_000, 4_199_999),
                    items=rng.randint(1, 38),
                    duration_ms=rng.randint(140, 900),
                )
            )
        elif kind < 0.7:
            out.append(
                app_record(
                    when,
                    "INFO",
                    "slots",
                    "delivery slots served",
                    pod=pod,
                    postcode=rng.choice(POSTCODES),
                    slots=rng.randint(6, 30),
                )
            )
        elif kind < 0.85:
            out.append(
                app_record(when, "INFO", "cache", "price cache refreshed", pod=pod, entries=rng.randint(41000, 43000))
            )
        else:
            out.append(
                app_record(
                    when,
                    "WARN",
                    "payments",
                    "payment provider slow response",
                    pod=pod,
                    provider="Paynordic",
                    duration_ms=rng.randint(2100, 4200),
                )
            )
        when += dt.timedelta(seconds=rng.uniform(18, 42))
    # one application ERROR per ~5 failed gateway requests (the logger samples repeated errors)
    failed = [w for w, line in gw if '" 50' in line and "/healthz" not in line]
    first_app_error = sc["first_app_error"]
    for i, w in enumerate(failed):
        if w < first_app_error:
            continue
        if i % 5 == 0 or w == failed[-1]:
            late = "termination" in sc and w > t(date, sc["termination"])
            when = w - dt.timedelta(milliseconds=rng.randint(5, 900))
            msg = sc["late_error_msg"](rng) if late else sc["app_error_msg"](rng)
            out.append(app_record(when, "ERROR", "db.pool", msg, pod=rng.choice(pods)))
    out.append(app_record(first_app_error, "ERROR", "db.pool", sc["app_error_msg"](rng), pod=pods[2]))
    for ev in events:
        out.append(ev(pods))
    out.sort(key=lambda x: x[0])
    return [line for _, line in out]


# --------------------------------------------------------------------------------------------- database
def pg(when: dt.datetime, pid: int, sev: str, msg: str, who: str = "") -> tuple[dt.datetime, str]:
    prefix = f"{when:%Y-%m-%d %H:%M:%S}.{when.microsecond // 1000:03d} UTC [{pid}] "
    if who:
        prefix += who + " "
    return when, f"{prefix}{sev}:  {msg}"


def db_background(sc: dict, rng: random.Random) -> list[tuple[dt.datetime, str]]:
    date = sc["date"]
    start, end = t(date, sc["window"][0] + ":00"), t(date, sc["window"][1] + ":00")
    out = []
    cp = start + dt.timedelta(minutes=2, seconds=rng.uniform(0, 50))
    while cp < end:
        out.append(pg(cp, 1187, "LOG", "checkpoint starting: time"))
        done = cp + dt.timedelta(seconds=rng.uniform(150, 270))
        buf = rng.randint(900, 5200)
        write, sync = (done - cp).total_seconds() - rng.uniform(0.2, 0.5), rng.uniform(0.01, 0.2)
        out.append(
            pg(
                done,
                1187,
                "LOG",
                f"checkpoint complete: wrote {buf} buffers ({buf / 16384 * 100:.1f}%); 0 WAL file(s) added, "
                f"0 removed, {rng.randint(1, 4)} recycled; write={write:.3f} s, "
                f"sync={sync:.3f} s, total={write + sync + 0.002:.3f} s",
            )
        )
        cp += dt.timedelta(minutes=5)
    av = start + dt.timedelta(minutes=rng.uniform(3, 9))
    tables = ["public.basket_items", "public.sessions", "public.stock_levels", "public.price_overrides"]
    while av < end:
        tbl = rng.choice(tables)
        out.append(
            pg(
                av,
                rng.randint(60000, 69999),
                "LOG",
                f'automatic vacuum of table "grocer.{tbl}": index scans: 1, pages: 0 removed, '
                f"{rng.randint(2000, 90000)} remain, tuples: {rng.randint(100, 9000)} removed",
            )
        )
        av += dt.timedelta(minutes=rng.uniform(9, 21))
    return out


# --------------------------------------------------------------------------------------------- scenarios' events
def build_base(sc: dict, rng: random.Random):
    d = sc["date"]
    sc["first_app_error"] = t(d, "09:49:36.412")
    sc["app_error_msg"] = lambda r: (
        f"could not acquire DB connection from pool 'checkout' within 5000 ms "
        f"(size=20, in_use=20, waiting={r.randint(14, 63)})"
    )
    events = [
        lambda pods: app_record(
            t(d, "09:05:12.090"),
            "INFO",
            "config",
            "config reloaded: search.synonyms (412 entries) by CHG-4402",
            event="config_change",
            change="CHG-4402",
        ),
        lambda pods: app_record(
            t(d, "09:38:55.300"), "INFO", "deploy", "rolling update started: release 7.14.0 (6 pods)", release="7.14.0"
        ),
        lambda pods: app_record(
            t(d, "09:41:07.518"),
            "INFO",
            "deploy",
            "rolling update complete: release 7.14.0 (6/6 pods ready)",
            event="deploy",
            release="7.14.0",
            previous="7.13.3",
        ),
        lambda pods: app_record(
            t(d, "09:18:21.775"),
            "ERROR",
            "payments",
            "payment callback rejected: signature mismatch for order 4133870 (provider Paynordic)",
            pod=pods[0],
        ),
        lambda pods: app_record(
            t(d, "09:43:02.140"),
            "INFO",
            "recommendations",
            "checkout recommendations enabled (flag reco.checkout=on)",
            pod=pods[1],
        ),
        lambda pods: app_record(
            t(d, "09:46:40.004"), "WARN", "db.pool", "pool 'checkout' high utilisation (in_use=17/20)", pod=pods[3]
        ),
        lambda pods: app_record(
            t(d, "10:11:31.650"), "INFO", "deploy", "rollback started: release 7.13.3 (6 pods)", release="7.13.3"
        ),
        lambda pods: app_record(
            t(d, "10:14:05.902"),
            "INFO",
            "deploy",
            "rollback complete: release 7.13.3 (6/6 pods ready)",
            event="deploy",
            release="7.13.3",
            previous="7.14.0",
        ),
    ]
    db = db_background(sc, rng)
    db.append(
        pg(
            t(d, "09:12:44.310"),
            50211,
            "ERROR",
            'duplicate key value violates unique constraint "uq_basket_items_basket_sku"',
            "checkout@grocer",
        )
    )
    db.append(
        pg(
            t(d, "09:12:44.310"),
            50211,
            "DETAIL",
            "Key (basket_id, sku)=(9912734, 8712100) already exists.",
            "checkout@grocer",
        )
    )
    # the new recommendations query gets slower as the buffer cache churns, then hits statement_timeout (5 s)
    w = t(d, "09:43:20")
    k = 0
    while w < t(d, "10:14:30"):
        dur = min(1100 + k * 170 + rng.uniform(-120, 160), 4990)
        if w < t(d, "09:48:52"):
            db.append(
                pg(
                    w,
                    rng.randint(70000, 79999),
                    "LOG",
                    f"duration: {dur:.3f} ms  execute <unnamed>: {RECO_SQL}",
                    "checkout@grocer",
                )
            )
        k += 1
        w += dt.timedelta(seconds=rng.uniform(25, 50))
    w = t(d, "09:48:52.127")
    while w < t(d, "10:14:10"):
        pid = rng.randint(70000, 79999)
        db.append(pg(w, pid, "ERROR", "canceling statement due to statement timeout", "checkout@grocer"))
        db.append(pg(w, pid, "STATEMENT", RECO_SQL, "checkout@grocer"))
        w += dt.timedelta(seconds=rng.uniform(15, 55))
    db.append(pg(t(d, "09:58:03.555"), 1190, "LOG", "could not send data to client: Broken pipe"))
    chat = [
        (None, "--- Thursday, 12 March 2026 ---"),
        (
            "10:41:31",
            "deploybot",
            "checkout-api 7.14.0 rollout finished (6/6). Changelog: recommendations "
            "widget on checkout page (#4471), basket API pagination (#4465)",
        ),
        ("10:54:10", "PagerDuty", "Triggered #88213 [P1] checkout-api: gateway 5xx rate above 5% for 3 minutes"),
        ("10:54:52", "Joana Brandao", "ack, looking"),
        (
            "10:55:40",
            "Joana Brandao",
            "504s from the gateway on checkout and basket endpoints. pods are up, healthz green",
        ),
        ("10:56:31", "Ruud Verhoef", "cdn? the edge cert was renewed this morning"),
        ("10:57:08", "Joana Brandao", "no, these are upstream timeouts. CDN is serving fine"),
        ("10:57:30", "incibot", 'Incident INC-2291 declared (SEV2) by Joana Brandao: "Checkout failing with 504s"'),
        (
            "10:59:12",
            "Joana Brandao",
            "app log is full of \"could not acquire DB connection within 5000 ms\", pool 'checkout' at 20/20",
        ),
        ("11:00:05", "Ruud Verhoef", "bump the pool to 40?"),
        ("11:00:48", "Mehmet Aydin", "please don't, the primary is already at 96% CPU. looking at pg_stat_activity"),
        ("11:05:17", "Joana Brandao", "brief dip at 11:05, back up again"),
        (
            "11:06:45",
            "Mehmet Aydin",
            "root cause: the new recommendations query from 7.14.0 does a sequential "
            "scan on order_lines (no index on customer_id, created_at). 2-5 s per call, "
            "holds a pool connection the whole time and then hits the 5 s statement timeout",
        ),
        ("11:08:10", "Joana Brandao", "ok. rolling back to 7.13.3, recommendations widget goes with it"),
        ("11:11:33", "deploybot", "checkout-api rollback to 7.13.3 started"),
        ("11:14:21", "deploybot", "checkout-api rollback to 7.13.3 finished (6/6)"),
        ("11:19:02", "Joana Brandao", "5xx back to baseline since about 11:18. watching for 10 minutes"),
        ("11:24:40", "PagerDuty", "Resolved #88213 [P1] checkout-api: gateway 5xx rate above 5% for 3 minutes"),
        ("11:29:40", "incibot", "Incident INC-2291 status changed to RESOLVED by Joana Brandao"),
        (
            "11:31:05",
            "Joana Brandao",
            "postmortem owner: Sam Keller. follow-ups: index on order_lines "
            "(customer_id, created_at), query plan review in CI for new queries, "
            "alert on pool saturation",
        ),
    ]
    return events, db, chat


def build_export(sc: dict, rng: random.Random):
    d = sc["date"]
    sc["first_app_error"] = t(d, "19:06:40.233")
    sc["app_error_msg"] = lambda r: (
        "connection to database failed: FATAL:  sorry, too many clients already "
        f"(pool 'checkout', attempt {r.randint(1, 3)}/3)"
    )
    sc["late_error_msg"] = lambda r: (
        f"pool 'checkout' still reconnecting ({r.randint(3, 14)} of 20 connections open); request failed fast"
    )
    events = [
        lambda pods: app_record(
            t(d, "18:41:50.017"),
            "INFO",
            "config",
            "config reloaded: promo.banner_rotation 'summer-a' -> 'summer-b' by CHG-5117",
            event="config_change",
            change="CHG-5117",
        ),
        lambda pods: app_record(
            t(d, "18:44:12.871"),
            "ERROR",
            "payments",
            "refund webhook returned HTTP 409 for refund 771204 (provider Paynordic)",
            pod=pods[4],
        ),
        lambda pods: app_record(
            t(d, "19:02:15.660"),
            "INFO",
            "config",
            "config reloaded: export.parallel_workers 4 -> 32 by CHG-5120",
            event="config_change",
            change="CHG-5120",
        ),
        lambda pods: app_record(
            t(d, "19:05:00.012"),
            "INFO",
            "jobs.export",
            "nightly order export started (32 workers, 32 shards)",
            job="nightly-export",
        ),
        lambda pods: app_record(
            t(d, "19:20:30.408"),
            "INFO",
            "lifecycle",
            "rolling restart requested by j.brandao (6 pods)",
            event="restart",
        ),
        lambda pods: app_record(
            t(d, "19:22:58.120"), "INFO", "lifecycle", "rolling restart complete (6/6 pods ready)", event="restart"
        ),
        lambda pods: app_record(
            t(d, "19:33:40.950"),
            "INFO",
            "config",
            "config reloaded: export.parallel_workers 32 -> 4 by CHG-5121 (emergency revert)",
            event="config_change",
            change="CHG-5121",
        ),
        lambda pods: app_record(
            t(d, "17:31:08.402"),
            "INFO",
            "config",
            "config reloaded: search.boost_rules (96 rules) by CHG-5114",
            event="config_change",
            change="CHG-5114",
        ),
        lambda pods: app_record(
            t(d, "20:12:44.091"),
            "INFO",
            "jobs.export",
            "nightly order export state: "
            "FAILED (32/32 shards incomplete); next run 02:00 with export.parallel_workers=4",
            job="nightly-export",
        ),
        lambda pods: app_record(
            t(d, "17:48:19.530"), "WARN", "db.pool", "pool 'checkout' slow acquire (1840 ms, in_use=19/20)", pod=pods[5]
        ),
    ]
    db = db_background(sc, rng)
    db.append(
        pg(
            t(d, "18:52:09.880"),
            61822,
            "ERROR",
            "could not serialize access due to concurrent update",
            "checkout@grocer",
        )
    )
    for minute, used in [
        ("17:05", 58),
        ("17:20", 61),
        ("17:35", 66),
        ("17:50", 63),
        ("18:05", 60),
        ("18:20", 64),
        ("18:35", 62),
        ("18:50", 71),
        ("19:05", 118),
        ("19:20", 200),
        ("19:35", 200),
        ("19:50", 94),
        ("20:05", 90),
        ("20:20", 88),
        ("20:35", 77),
        ("20:50", 74),
    ]:
        db.append(pg(t(d, minute + ":00.900"), 1190, "LOG", f"connections in use: {used} of max_connections=200"))
    w = t(d, "19:05:02")
    while w < t(d, "19:06:30"):
        db.append(
            pg(
                w,
                rng.randint(80000, 89999),
                "LOG",
                f"duration: {rng.uniform(900, 2400):.3f} ms  statement: {EXPORT_SQL}",
                "export@grocer",
            )
        )
        w += dt.timedelta(seconds=rng.uniform(6, 14))
    w = t(d, "19:06:31.004")
    while w < t(d, sc["termination"]):
        if not t(d, "19:21:05") <= w < t(d, "19:22:40"):
            db.append(pg(w, rng.randint(80000, 89999), "FATAL", "sorry, too many clients already", "checkout@grocer"))
        w += dt.timedelta(seconds=rng.uniform(8, 40))
    chat = [
        (None, "--- Wednesday, 8 July 2026 ---"),
        (
            "21:02:20",
            "changebot",
            "CHG-5120 applied by Lotte Okafor: export.parallel_workers 4 -> 32 "
            '("speed up nightly export before the July sale")',
        ),
        ("21:10:20", "PagerDuty", "Triggered #90477 [P1] checkout-api: gateway 5xx rate above 5% for 3 minutes"),
        ("21:11:02", "Sam Keller", "ack"),
        ("21:12:30", "Sam Keller", 'lots of 502/503 on all endpoints. app says "too many clients already"'),
        ("21:13:05", "incibot", 'Incident INC-2347 declared (SEV2) by Sam Keller: "502/503 on checkout and basket"'),
        ("21:15:44", "Joana Brandao", "could be a bad pod, I'll do a rolling restart"),
        ("21:22:59", "Joana Brandao", "restart done, errors dropped for a minute and are back"),
        ("21:25:10", "Mehmet Aydin", "primary is at max_connections=200. 128 of them are export@grocer"),
        (
            "21:27:41",
            "Mehmet Aydin",
            "root cause: CHG-5120 raised export.parallel_workers from 4 to 32, each "
            "export worker opens 4 connections, so the nightly export eats the "
            "connection limit and checkout cannot connect",
        ),
        ("21:31:09", "Sam Keller", "reverting CHG-5120"),
        ("21:33:41", "changebot", "CHG-5121 (emergency) applied by Sam Keller: export.parallel_workers 32 -> 4"),
        ("21:34:02", "Sam Keller", "revert is live, that should do it"),
        ("21:37:15", "Joana Brandao", "still seeing 502/503 on basket"),
        ("21:37:48", "Sam Keller", "@Mehmet Aydin can you have another look at the primary?"),
        ("21:38:20", "Mehmet Aydin", "on it"),
        ("21:44:05", "Mehmet Aydin", "primary down to ~90 connections"),
        ("21:45:30", "Sam Keller", "5xx back to normal since 21:43"),
        ("21:52:30", "PagerDuty", "Resolved #90477 [P1] checkout-api: gateway 5xx rate above 5% for 3 minutes"),
        ("22:02:30", "incibot", "Incident INC-2347 status changed to RESOLVED by Sam Keller"),
        (
            "22:04:12",
            "Sam Keller",
            "follow-ups: per-role connection limit for export@grocer, pgbouncer in front "
            "of the primary, change review for job concurrency settings",
        ),
    ]
    return events, db, chat


BUILDERS = {"base": build_base, "export_workers": build_export}
