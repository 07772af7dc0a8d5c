"""Builds every instance's input logs and reference outputs for the incident_report family.

Run from anywhere with the project's Python:  python hidden/build_inputs.py
Deterministic: the same scenarios and seeds always give the same inputs. The reference outputs are made by
running hidden/solutions/reference.py on each instance's inputs; the computed impact window is then checked
against the window each scenario was designed with.
"""

from __future__ import annotations

import datetime as dt
import gzip
import io
import json
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

FAMILY = Path(__file__).resolve().parents[1]
UTC = dt.timezone.utc

GATEWAY_PATHS = [
    ("GET", "/api/v2/products?category={c}&page={p}", 0.22),
    ("GET", "/api/v2/basket", 0.18),
    ("POST", "/api/v2/basket/items", 0.12),
    ("GET", "/api/v2/slots?postcode={pc}", 0.10),
    ("POST", "/api/v2/checkout", 0.08),
    ("GET", "/api/v2/checkout/summary", 0.08),
    ("GET", "/api/v2/orders/{o}", 0.07),
    ("GET", "/api/v2/recommendations?context=checkout", 0.06),
    ("POST", "/api/v2/auth/refresh", 0.05),
    ("GET", "/api/v2/stores/{s}/offers", 0.04),
]
CATEGORIES = ["fruit-veg", "bakery", "dairy", "frozen", "drinks", "household", "pantry", "baby"]
POSTCODES = ["1011AB", "3512JC", "2513AA", "5611EM", "9711LM", "6811CD", "7511JE", "1071XX"]
USER_AGENTS = [
    "KestrelApp/5.12.1 (iOS 18.3)",
    "KestrelApp/5.12.1 (Android 15)",
    "KestrelApp/5.11.4 (Android 14)",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0 Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_3) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Safari/605.1.15",
]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

RECO_SQL = (
    "SELECT p.sku, p.name, count(*) AS n FROM order_lines ol JOIN products p ON p.id = ol.product_id "
    "WHERE ol.customer_id = $1 AND ol.created_at > now() - interval '120 days' "
    "GROUP BY p.sku, p.name ORDER BY n DESC LIMIT 8"
)
EXPORT_SQL = (
    "COPY (SELECT o.id, o.customer_id, o.total_cents, o.created_at FROM orders o "
    "WHERE o.created_at >= $1 AND o.created_at < $2 AND o.shard = $3) TO STDOUT WITH CSV"
)


FIXED_STAMP = "2026-01-05T09:00:00Z"


def freeze_office(path: Path) -> None:
    """Make an office file byte-reproducible: fixed zip entry times and fixed created/modified properties."""
    import re
    import zipfile

    with zipfile.ZipFile(path) as z:
        items = [(info, z.read(info.filename)) for info in z.infolist()]
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as out:
        for info, data in items:
            if info.filename == "docProps/core.xml":
                text = data.decode("utf-8")
                for tag in ("created", "modified"):
                    text = re.sub(rf"(<dcterms:{tag}[^>]*>)[^<]*(</dcterms:{tag}>)", rf"\g<1>{FIXED_STAMP}\g<2>", text)
                data = text.encode("utf-8")
            fixed = zipfile.ZipInfo(info.filename, date_time=(2026, 1, 5, 9, 0, 0))
            fixed.compress_type = zipfile.ZIP_DEFLATED
            fixed.external_attr = 0o644 << 16
            out.writestr(fixed, data)
    path.write_bytes(buf.getvalue())


def t(date: str, hms: str) -> dt.datetime:
    return dt.datetime.fromisoformat(f"{date}T{hms}").replace(tzinfo=UTC)


# --------------------------------------------------------------------------------------------- scenarios
# profile: minute (HH:MM) -> share of user requests answered 5xx in that minute. Every other minute has
# no 5xx except the `noise` minutes, which get exactly one (well under the 5 % threshold).
SCENARIOS: dict[str, dict] = {
    "base": {
        "seed": 7141,
        "date": "2026-03-12",
        "weekday": "Thursday",
        "window": ("09:00", "11:00"),
        "rate": (38, 52),
        "utc_offset": 1,
        "tz_label": "Europe/Amsterdam (UTC+01:00)",
        "statuses": [(504, 0.7), (503, 0.3)],
        "noise": ["09:07", "09:23", "09:46", "10:20", "10:31", "10:47"],
        "profile": {
            "09:49": 0.03, "09:50": 0.09, "09:51": 0.18, "09:52": 0.27, "09:53": 0.35, "09:54": 0.41,
            "09:55": 0.44, "09:56": 0.47, "09:57": 0.5, "09:58": 0.58, "09:59": 0.52, "10:00": 0.49,
            "10:01": 0.46, "10:02": 0.43, "10:03": 0.31, "10:04": 0.12, "10:05": 0.02, "10:06": 0.16,
            "10:07": 0.33, "10:08": 0.42, "10:09": 0.45, "10:10": 0.48, "10:11": 0.44, "10:12": 0.47,
            "10:13": 0.45, "10:14": 0.33, "10:15": 0.21, "10:16": 0.12, "10:17": 0.07,
        },
        "expect": ("09:50", "10:18"),
    },
    "export_workers": {
        "seed": 8802,
        "date": "2026-07-08",
        "weekday": "Wednesday",
        "window": ("17:00", "21:00"),
        "rate": (34, 46),
        # two gateway nodes; gw-b's clock ran slow (seconds): its log times are true time minus this
        "nodes": {"gw-a": (17, 25), "gw-b": (17, 25)},
        "node_clock_slow": {"gw-b": 187},
        # the performance team's soak test against production (not user traffic): true start, end, per minute
        "load_test": ("18:44", "19:56", (5, 8)),
        # the DBA ended the impact by terminating the export's sessions; the CHG-5121 revert did not
        "termination": "19:39:52",
        # known only from the payment provider's settlement file of 9 July, after the files were exported: checkouts
        # whose payment Paynordic captured while checkout-api failed to write the order (no log line shows them)
        "charged_no_order": {"orders": 214, "amount": "EUR 19,482.60", "refunded": "9 July"},
        "utc_offset": 2,
        "tz_label": "Europe/Amsterdam (UTC+02:00)",
        "statuses": [(502, 0.55), (503, 0.45)],
        "noise": ["17:12", "17:40", "18:09", "18:37", "18:58", "19:04", "19:45", "19:51", "20:16", "20:44"],
        "profile": {
            "19:07": 0.11, "19:08": 0.24, "19:09": 0.37, "19:10": 0.45, "19:11": 0.52, "19:12": 0.61,
            "19:13": 0.57, "19:14": 0.55, "19:15": 0.53, "19:16": 0.5, "19:17": 0.54, "19:18": 0.51,
            "19:19": 0.49, "19:20": 0.42, "19:21": 0.02, "19:22": 0.08, "19:23": 0.22, "19:24": 0.39,
            "19:25": 0.47, "19:26": 0.51, "19:27": 0.5, "19:28": 0.48, "19:29": 0.52, "19:30": 0.49,
            "19:31": 0.47, "19:32": 0.5, "19:33": 0.46, "19:34": 0.48, "19:35": 0.45, "19:36": 0.44,
            "19:37": 0.46, "19:38": 0.41, "19:39": 0.32, "19:40": 0.2, "19:41": 0.09, "19:42": 0.08,
        },
        "expect": ("19:07", "19:43"),
    },
}


# --------------------------------------------------------------------------------------------- gateway
def gateway_lines(sc: dict, rng: random.Random) -> list[tuple[dt.datetime, str]]:
    date = sc["date"]
    start, end = t(date, sc["window"][0] + ":00"), t(date, sc["window"][1] + ":00")
    ips = [f"{rng.choice([31, 62, 77, 84, 145, 188, 213])}.{rng.randint(1, 254)}.{rng.randint(0, 254)}."
           f"{rng.randint(1, 254)}" for _ in range(260)]
    out: list[tuple[dt.datetime, str]] = []
    minute = start
    weights = [w for _, _, w in GATEWAY_PATHS]
    codes = [c for c, _ in sc["statuses"]]
    code_w = [w for _, w in sc["statuses"]]
    while minute < end:
        key = minute.strftime("%H:%M")
        n = rng.randint(*sc["rate"])
        share = sc["profile"].get(key, 0.0)
        errors = round(share * n)
        if key in sc["noise"]:
            assert share == 0.0, key
            errors = 1
        if share:  # a designed minute stays on its side of the 5 % threshold
            assert (errors / n > 0.05) == (share >= 0.05), (key, errors, n)
        secs = sorted(rng.uniform(0, 60) for _ in range(n))
        bad = set(rng.sample(range(n), errors))
        for i, s in enumerate(secs):
            when = minute + dt.timedelta(seconds=s)
            method, tmpl, _ = rng.choices(GATEWAY_PATHS, weights)[0]
            path = tmpl.format(c=rng.choice(CATEGORIES), p=rng.randint(1, 6), pc=rng.choice(POSTCODES),
                               o=rng.randint(4_100_000, 4_199_999), s=rng.randint(101, 164))
            if i in bad:
                status = rng.choices(codes, code_w)[0]
                if status == 504:
                    rt, urt, size = 30.0 + rng.uniform(0, 0.01), "30.000", 167
                elif status == 502:
                    rt = rng.uniform(0.002, 0.02)
                    urt, size = f"{rt - 0.001:.3f}", 157
                else:
                    rt = rng.uniform(4.9, 5.3) if sc["statuses"][0][0] == 504 else rng.uniform(0.003, 0.05)
                    urt, size = f"{rt - 0.001:.3f}", 190
            else:
                r = rng.random()
                status = 200 if r < 0.925 else (201 if r < 0.945 else (304 if r < 0.96 else
                                                 rng.choice([400, 401, 404, 404, 409, 429])))
                busy = 0.8 if share >= 0.05 else 0.0
                rt = rng.lognormvariate(-2.6, 0.55) + busy * rng.uniform(0.5, 3.5)
                urt, size = f"{max(rt - 0.001, 0.001):.3f}", rng.randint(180, 14000) if status < 300 else 88
            if method == "POST" and status == 200:
                status = 201 if path.endswith("items") else 200
            out.append((when, _access(rng.choice(ips), when, method, path, status, size,
                                      rng.choice(USER_AGENTS), rt, urt)))
        for k in range(3):  # load-balancer health checks, every 20 s; the pods stayed up throughout
            when = minute + dt.timedelta(seconds=20 * k + rng.uniform(0.0, 0.4))
            out.append((when, _access("10.20.0.4", when, "GET", "/healthz", 200, 2, "kube-probe/1.29",
                                      rng.uniform(0.001, 0.003), "0.001")))
        minute += dt.timedelta(minutes=1)
    out.sort(key=lambda x: x[0])
    return out


def _access(ip, when, method, path, status, size, ua, rt, urt) -> str:
    stamp = f"{when.day:02d}/{MONTHS[when.month - 1]}/{when.year}:{when:%H:%M:%S} +0000"
    return (f'{ip} - - [{stamp}] "{method} {path} HTTP/1.1" {status} {size} "-" "{ua}" '
            f'rt={rt:.3f} urt="{urt}"')


def write_gateway(dest: Path, sc: dict, lines: list[tuple[dt.datetime, str]]) -> None:
    by_hour: dict[str, list[str]] = {}
    for when, line in lines:
        by_hour.setdefault(when.strftime("%Y%m%d%H"), []).append(line)
    (dest / "gateway").mkdir(parents=True, exist_ok=True)
    for hour, rows in sorted(by_hour.items()):
        buf = io.BytesIO()
        with gzip.GzipFile(filename="", mode="wb", fileobj=buf, mtime=0, compresslevel=9) as gz:
            gz.write(("\n".join(rows) + "\n").encode())
        (dest / "gateway" / f"access.log-{hour}.gz").write_bytes(buf.getvalue())


# --------------------------------------------------------------------------------------------- gateway, two nodes
LOAD_TEST_IPS = ["10.20.14.21", "10.20.14.22", "10.20.14.23", "10.20.14.24"]
LOAD_TEST_UA = "KestrelApp/5.13.0-rc2 (Android 15)"
LOAD_TEST_PATHS = [("POST", "/api/v2/basket/items"), ("GET", "/api/v2/slots?postcode={pc}"),
                   ("POST", "/api/v2/checkout"), ("GET", "/api/v2/checkout/summary"), ("GET", "/api/v2/basket")]


def gateway_nodes(sc: dict, rng: random.Random) -> dict[str, list[tuple[dt.datetime, dt.datetime, str]]]:
    """Per node: (true time, logged time, line). Each node serves about half the users; a soak test from four
    internal addresses runs through both; gw-b's clock is slow, so it logs every request earlier than it happened.
    The shares of `profile` hold in true time, per node, so the designed minutes keep their side of 5 %."""
    date = sc["date"]
    start, end = t(date, sc["window"][0] + ":00"), t(date, sc["window"][1] + ":00")
    ips = [f"{rng.choice([31, 62, 77, 84, 145, 188, 213])}.{rng.randint(1, 254)}.{rng.randint(0, 254)}."
           f"{rng.randint(1, 254)}" for _ in range(420)]
    ips += [f"2a02:a4{rng.randint(10, 99)}:{rng.randint(0x1000, 0xffff):x}:{rng.randint(0, 0xffff):x}::"
            f"{rng.randint(1, 0xfff):x}" for _ in range(40)]
    lt0, lt1 = t(date, sc["load_test"][0] + ":00"), t(date, sc["load_test"][1] + ":00")
    slow = sc["node_clock_slow"]
    weights = [w for _, _, w in GATEWAY_PATHS]
    codes = [c for c, _ in sc["statuses"]]
    code_w = [w for _, w in sc["statuses"]]
    out: dict[str, list] = {n: [] for n in sc["nodes"]}
    noise_node = {k: rng.choice(list(sc["nodes"])) for k in sc["noise"]}

    def emit(node, when, ip, method, path, status, ua, share):
        if status >= 500:
            if status == 502:
                rt = rng.uniform(0.002, 0.02)
                urt, size = f"{rt - 0.001:.3f}", 157
            else:
                rt = rng.uniform(0.003, 0.05)
                urt, size = f"{rt - 0.001:.3f}", 190
        else:
            busy = 0.8 if share >= 0.05 else 0.0
            rt = rng.lognormvariate(-2.6, 0.55) + busy * rng.uniform(0.5, 3.5)
            urt, size = f"{max(rt - 0.001, 0.001):.3f}", rng.randint(180, 14000) if status < 300 else 88
            if status == 499:
                urt, size = "-", 0
        logged = when - dt.timedelta(seconds=slow.get(node, 0))
        out[node].append((when, logged, _access(ip, logged, method, path, status, size, ua, rt, urt)))

    minute = start
    while minute < end:
        key = minute.strftime("%H:%M")
        share = sc["profile"].get(key, 0.0)
        for node, rate in sc["nodes"].items():
            n = rng.randint(*rate)
            errors = round(share * n)
            if key in sc["noise"]:
                assert share == 0.0, key
                errors = 1 if noise_node[key] == node else 0
            if share:
                assert (errors / n > 0.05) == (share >= 0.05), (key, node, errors, n)
            secs = sorted(rng.uniform(0, 60) for _ in range(n))
            bad = set(rng.sample(range(n), errors))
            for i, sec in enumerate(secs):
                when = minute + dt.timedelta(seconds=sec)
                method, tmpl, _ = rng.choices(GATEWAY_PATHS, weights)[0]
                path = tmpl.format(c=rng.choice(CATEGORIES), p=rng.randint(1, 6), pc=rng.choice(POSTCODES),
                                   o=rng.randint(4_100_000, 4_199_999), s=rng.randint(101, 164))
                if i in bad:
                    status = rng.choices(codes, code_w)[0]
                else:
                    r = rng.random()
                    status = 200 if r < 0.92 else (201 if r < 0.94 else (304 if r < 0.955 else (
                        499 if r < 0.962 else rng.choice([400, 401, 404, 404, 409, 429]))))
                if method == "POST" and status == 200:
                    status = 201 if path.endswith("items") else 200
                emit(node, when, rng.choice(ips), method, path, status, rng.choice(USER_AGENTS), share)
            lb = "10.20.0.4" if node == "gw-a" else "10.20.0.5"
            for k in range(3):  # load-balancer health checks, every 20 s; the pods stayed up throughout
                when = minute + dt.timedelta(seconds=20 * k + rng.uniform(0.0, 0.4))
                logged = when - dt.timedelta(seconds=slow.get(node, 0))
                out[node].append((when, logged, _access(lb, logged, "GET", "/healthz", 200, 2, "kube-probe/1.29",
                                                        rng.uniform(0.001, 0.003), "0.001")))
        if lt0 <= minute < lt1:  # the soak test: same endpoints as a shopper, fails as the users do
            k = rng.randint(*sc["load_test"][2])
            errors = round(share * k)
            bad = set(rng.sample(range(k), errors))
            for i in range(k):
                when = minute + dt.timedelta(seconds=rng.uniform(0, 60))
                method, tmpl = rng.choice(LOAD_TEST_PATHS)
                status = rng.choices(codes, code_w)[0] if i in bad else (201 if method == "POST" else 200)
                emit(rng.choice(list(sc["nodes"])), when, rng.choice(LOAD_TEST_IPS), method,
                     tmpl.format(pc=rng.choice(POSTCODES)), status, LOAD_TEST_UA, share)
        if key in ("17:26", "18:13", "20:38"):  # a scanner's malformed request, answered 400
            node = rng.choice(list(sc["nodes"]))
            when = minute + dt.timedelta(seconds=rng.uniform(0, 60))
            logged = when - dt.timedelta(seconds=slow.get(node, 0))
            stamp = f"{logged.day:02d}/{MONTHS[logged.month - 1]}/{logged.year}:{logged:%H:%M:%S} +0000"
            out[node].append((when, logged, f'{rng.choice(ips)} - - [{stamp}] "\\x16\\x03\\x01\\x02\\x00\\x01" 400 '
                                            f'157 "-" "-" rt=0.000 urt="-"'))
        minute += dt.timedelta(minutes=1)
    for node in out:
        out[node].sort(key=lambda x: x[1])
    return out


def write_gateway_nodes(dest: Path, nodes: dict[str, list]) -> None:
    for node, rows in nodes.items():
        by_hour: dict[str, list[str]] = {}
        for _, logged, line in rows:
            by_hour.setdefault(logged.strftime("%Y%m%d%H"), []).append(line)
        folder = dest / "gateway" / node
        folder.mkdir(parents=True, exist_ok=True)
        hours = sorted(by_hour)
        for hour in hours:
            text = "\n".join(by_hour[hour]) + "\n"
            if node == "gw-a" and hour == hours[-1]:  # the last file was copied while nginx was writing to it
                text += by_hour[hour][-1][:57]
            buf = io.BytesIO()
            with gzip.GzipFile(filename="", mode="wb", fileobj=buf, mtime=0, compresslevel=9) as gz:
                gz.write(text.encode())
            (folder / f"access.log-{hour}.gz").write_bytes(buf.getvalue())


def truth_figures(nodes: dict[str, list], date: str, use_logged: bool, with_load_test: bool) -> dict:
    """The impact figures by the team's definition, from true or from logged times, with or without the soak test."""
    total: dict[dt.datetime, int] = {}
    failed: dict[dt.datetime, int] = {}
    for rows in nodes.values():
        for true_t, logged, line in rows:
            if "/healthz" in line or '"\\x16' in line:
                continue
            if not with_load_test and line.split(" ", 1)[0] in LOAD_TEST_IPS:
                continue
            m = (logged if use_logged else true_t).replace(second=0, microsecond=0)
            total[m] = total.get(m, 0) + 1
            if '" 50' in line:
                failed[m] = failed.get(m, 0) + 1
    hot = sorted(m for m in total if failed.get(m, 0) / total[m] > 0.05)
    start, end = hot[0], hot[-1] + dt.timedelta(minutes=1)
    window = [m for m in total if start <= m < end]
    peak = max(100 * failed.get(m, 0) / total[m] for m in window)
    return {"start": f"{start:%H:%M}", "end": f"{end:%H:%M}", "failed": sum(failed.get(m, 0) for m in window),
            "peak": round(peak, 2)}


# --------------------------------------------------------------------------------------------- app log
def app_record(when: dt.datetime, level: str, logger: str, msg: str, **extra) -> tuple[dt.datetime, str]:
    rec = {"ts": when.isoformat(timespec="milliseconds").replace("+00:00", "Z"), "level": level,
           "service": "checkout-api", "logger": logger, "msg": msg}
    rec.update(extra)
    return when, json.dumps(rec, ensure_ascii=False)


def app_lines(sc: dict, rng: random.Random, gw: list[tuple[dt.datetime, str]], events: list) -> list[str]:
    date = sc["date"]
    start, end = t(date, sc["window"][0] + ":00"), t(date, sc["window"][1] + ":00")
    out = []
    when = start + dt.timedelta(seconds=rng.uniform(1, 9))
    pods = [f"checkout-api-6d9f{c}-{''.join(rng.choice('bcdfghjkmnpqrstvwxz2456789') for _ in range(5))}"
            for c in "abcdef"]
    while when < end:
        kind = rng.random()
        pod = rng.choice(pods)
        if kind < 0.45:
            out.append(app_record(when, "INFO", "orders", "order placed", pod=pod,
                                  order_id=rng.randint(4_100_000, 4_199_999), items=rng.randint(1, 38),
                                  duration_ms=rng.randint(140, 900)))
        elif kind < 0.7:
            out.append(app_record(when, "INFO", "slots", "delivery slots served", pod=pod,
                                  postcode=rng.choice(POSTCODES), slots=rng.randint(6, 30)))
        elif kind < 0.85:
            out.append(app_record(when, "INFO", "cache", "price cache refreshed", pod=pod,
                                  entries=rng.randint(41000, 43000)))
        else:
            out.append(app_record(when, "WARN", "payments", "payment provider slow response", pod=pod,
                                  provider="Paynordic", duration_ms=rng.randint(2100, 4200)))
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
        out.append(pg(done, 1187, "LOG",
                      f"checkpoint complete: wrote {buf} buffers ({buf / 16384 * 100:.1f}%); 0 WAL file(s) added, "
                      f"0 removed, {rng.randint(1, 4)} recycled; write={write:.3f} s, "
                      f"sync={sync:.3f} s, total={write + sync + 0.002:.3f} s"))
        cp += dt.timedelta(minutes=5)
    av = start + dt.timedelta(minutes=rng.uniform(3, 9))
    tables = ["public.basket_items", "public.sessions", "public.stock_levels", "public.price_overrides"]
    while av < end:
        tbl = rng.choice(tables)
        out.append(pg(av, rng.randint(60000, 69999), "LOG",
                      f'automatic vacuum of table "grocer.{tbl}": index scans: 1, pages: 0 removed, '
                      f"{rng.randint(2000, 90000)} remain, tuples: {rng.randint(100, 9000)} removed"))
        av += dt.timedelta(minutes=rng.uniform(9, 21))
    return out


# --------------------------------------------------------------------------------------------- scenarios' events
def build_base(sc: dict, rng: random.Random):
    d = sc["date"]
    sc["first_app_error"] = t(d, "09:49:36.412")
    sc["app_error_msg"] = lambda r: (f"could not acquire DB connection from pool 'checkout' within 5000 ms "
                                     f"(size=20, in_use=20, waiting={r.randint(14, 63)})")
    events = [
        lambda pods: app_record(t(d, "09:05:12.090"), "INFO", "config", "config reloaded: search.synonyms "
                                "(412 entries) by CHG-4402", event="config_change", change="CHG-4402"),
        lambda pods: app_record(t(d, "09:38:55.300"), "INFO", "deploy", "rolling update started: release "
                                "7.14.0 (6 pods)", release="7.14.0"),
        lambda pods: app_record(t(d, "09:41:07.518"), "INFO", "deploy", "rolling update complete: release "
                                "7.14.0 (6/6 pods ready)", event="deploy", release="7.14.0", previous="7.13.3"),
        lambda pods: app_record(t(d, "09:18:21.775"), "ERROR", "payments", "payment callback rejected: "
                                "signature mismatch for order 4133870 (provider Paynordic)", pod=pods[0]),
        lambda pods: app_record(t(d, "09:43:02.140"), "INFO", "recommendations", "checkout recommendations "
                                "enabled (flag reco.checkout=on)", pod=pods[1]),
        lambda pods: app_record(t(d, "09:46:40.004"), "WARN", "db.pool", "pool 'checkout' high utilisation "
                                "(in_use=17/20)", pod=pods[3]),
        lambda pods: app_record(t(d, "10:11:31.650"), "INFO", "deploy", "rollback started: release 7.13.3 "
                                "(6 pods)", release="7.13.3"),
        lambda pods: app_record(t(d, "10:14:05.902"), "INFO", "deploy", "rollback complete: release 7.13.3 "
                                "(6/6 pods ready)", event="deploy", release="7.13.3", previous="7.14.0"),
    ]
    db = db_background(sc, rng)
    db.append(pg(t(d, "09:12:44.310"), 50211, "ERROR", 'duplicate key value violates unique constraint '
                 '"uq_basket_items_basket_sku"', "checkout@grocer"))
    db.append(pg(t(d, "09:12:44.310"), 50211, "DETAIL", "Key (basket_id, sku)=(9912734, 8712100) already exists.",
                 "checkout@grocer"))
    # the new recommendations query gets slower as the buffer cache churns, then hits statement_timeout (5 s)
    w = t(d, "09:43:20")
    k = 0
    while w < t(d, "10:14:30"):
        dur = min(1100 + k * 170 + rng.uniform(-120, 160), 4990)
        if w < t(d, "09:48:52"):
            db.append(pg(w, rng.randint(70000, 79999), "LOG", f"duration: {dur:.3f} ms  execute <unnamed>: "
                         f"{RECO_SQL}", "checkout@grocer"))
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
        ("10:41:31", "deploybot", "checkout-api 7.14.0 rollout finished (6/6). Changelog: recommendations "
                                  "widget on checkout page (#4471), basket API pagination (#4465)"),
        ("10:54:10", "PagerDuty", "Triggered #88213 [P1] checkout-api: gateway 5xx rate above 5% for 3 minutes"),
        ("10:54:52", "Joana Brandao", "ack, looking"),
        ("10:55:40", "Joana Brandao", "504s from the gateway on checkout and basket endpoints. pods are up, "
                                      "healthz green"),
        ("10:56:31", "Ruud Verhoef", "cdn? the edge cert was renewed this morning"),
        ("10:57:08", "Joana Brandao", "no, these are upstream timeouts. CDN is serving fine"),
        ("10:57:30", "incibot", "Incident INC-2291 declared (SEV2) by Joana Brandao: \"Checkout failing with 504s\""),
        ("10:59:12", "Joana Brandao", "app log is full of \"could not acquire DB connection within 5000 ms\", "
                                      "pool 'checkout' at 20/20"),
        ("11:00:05", "Ruud Verhoef", "bump the pool to 40?"),
        ("11:00:48", "Mehmet Aydin", "please don't, the primary is already at 96% CPU. looking at pg_stat_activity"),
        ("11:05:17", "Joana Brandao", "brief dip at 11:05, back up again"),
        ("11:06:45", "Mehmet Aydin", "root cause: the new recommendations query from 7.14.0 does a sequential "
                                     "scan on order_lines (no index on customer_id, created_at). 2-5 s per call, "
                                     "holds a pool connection the whole time and then hits the 5 s statement timeout"),
        ("11:08:10", "Joana Brandao", "ok. rolling back to 7.13.3, recommendations widget goes with it"),
        ("11:11:33", "deploybot", "checkout-api rollback to 7.13.3 started"),
        ("11:14:21", "deploybot", "checkout-api rollback to 7.13.3 finished (6/6)"),
        ("11:19:02", "Joana Brandao", "5xx back to baseline since about 11:18. watching for 10 minutes"),
        ("11:24:40", "PagerDuty", "Resolved #88213 [P1] checkout-api: gateway 5xx rate above 5% for 3 minutes"),
        ("11:29:40", "incibot", "Incident INC-2291 status changed to RESOLVED by Joana Brandao"),
        ("11:31:05", "Joana Brandao", "postmortem owner: Sam Keller. follow-ups: index on order_lines "
                                      "(customer_id, created_at), query plan review in CI for new queries, "
                                      "alert on pool saturation"),
    ]
    return events, db, chat


def build_export(sc: dict, rng: random.Random):
    d = sc["date"]
    sc["first_app_error"] = t(d, "19:06:40.233")
    sc["app_error_msg"] = lambda r: ("connection to database failed: FATAL:  sorry, too many clients already "
                                     f"(pool 'checkout', attempt {r.randint(1, 3)}/3)")
    sc["late_error_msg"] = lambda r: (f"pool 'checkout' still reconnecting ({r.randint(3, 14)} of 20 connections "
                                      "open); request failed fast")
    events = [
        lambda pods: app_record(t(d, "18:41:50.017"), "INFO", "config", "config reloaded: promo.banner_rotation "
                                "'summer-a' -> 'summer-b' by CHG-5117", event="config_change", change="CHG-5117"),
        lambda pods: app_record(t(d, "18:44:12.871"), "ERROR", "payments", "refund webhook returned HTTP 409 "
                                "for refund 771204 (provider Paynordic)", pod=pods[4]),
        lambda pods: app_record(t(d, "19:02:15.660"), "INFO", "config", "config reloaded: export.parallel_workers "
                                "4 -> 32 by CHG-5120", event="config_change", change="CHG-5120"),
        lambda pods: app_record(t(d, "19:05:00.012"), "INFO", "jobs.export", "nightly order export started "
                                "(32 workers, 32 shards)", job="nightly-export"),
        lambda pods: app_record(t(d, "19:20:30.408"), "INFO", "lifecycle", "rolling restart requested by "
                                "j.brandao (6 pods)", event="restart"),
        lambda pods: app_record(t(d, "19:22:58.120"), "INFO", "lifecycle", "rolling restart complete (6/6 pods "
                                "ready)", event="restart"),
        lambda pods: app_record(t(d, "19:33:40.950"), "INFO", "config", "config reloaded: export.parallel_workers "
                                "32 -> 4 by CHG-5121 (emergency revert)", event="config_change", change="CHG-5121"),
        lambda pods: app_record(t(d, "17:31:08.402"), "INFO", "config", "config reloaded: search.boost_rules "
                                "(96 rules) by CHG-5114", event="config_change", change="CHG-5114"),
        lambda pods: app_record(t(d, "20:12:44.091"), "INFO", "jobs.export", "nightly order export state: "
                                "FAILED (32/32 shards incomplete); next run 02:00 with export.parallel_workers=4",
                                job="nightly-export"),
        lambda pods: app_record(t(d, "17:48:19.530"), "WARN", "db.pool", "pool 'checkout' slow acquire "
                                "(1840 ms, in_use=19/20)", pod=pods[5]),
    ]
    db = db_background(sc, rng)
    db.append(pg(t(d, "18:52:09.880"), 61822, "ERROR", "could not serialize access due to concurrent update",
                 "checkout@grocer"))
    for minute, used in [("17:05", 58), ("17:20", 61), ("17:35", 66), ("17:50", 63), ("18:05", 60), ("18:20", 64),
                         ("18:35", 62), ("18:50", 71), ("19:05", 118), ("19:20", 200), ("19:35", 200),
                         ("19:50", 94), ("20:05", 90), ("20:20", 88), ("20:35", 77), ("20:50", 74)]:
        db.append(pg(t(d, minute + ":00.900"), 1190, "LOG", f"connections in use: {used} of max_connections=200"))
    w = t(d, "19:05:02")
    while w < t(d, "19:06:30"):
        db.append(pg(w, rng.randint(80000, 89999), "LOG", f"duration: {rng.uniform(900, 2400):.3f} ms  "
                     f"statement: {EXPORT_SQL}", "export@grocer"))
        w += dt.timedelta(seconds=rng.uniform(6, 14))
    w = t(d, "19:06:31.004")
    while w < t(d, sc["termination"]):
        if not t(d, "19:21:05") <= w < t(d, "19:22:40"):
            db.append(pg(w, rng.randint(80000, 89999), "FATAL", "sorry, too many clients already",
                         "checkout@grocer"))
        w += dt.timedelta(seconds=rng.uniform(8, 40))
    chat = [
        (None, "--- Wednesday, 8 July 2026 ---"),
        ("21:02:20", "changebot", "CHG-5120 applied by Lotte Okafor: export.parallel_workers 4 -> 32 "
                                  "(\"speed up nightly export before the July sale\")"),
        ("21:10:20", "PagerDuty", "Triggered #90477 [P1] checkout-api: gateway 5xx rate above 5% for 3 minutes"),
        ("21:11:02", "Sam Keller", "ack"),
        ("21:12:30", "Sam Keller", "lots of 502/503 on all endpoints. app says \"too many clients already\""),
        ("21:13:05", "incibot", "Incident INC-2347 declared (SEV2) by Sam Keller: \"502/503 on checkout and basket\""),
        ("21:15:44", "Joana Brandao", "could be a bad pod, I'll do a rolling restart"),
        ("21:22:59", "Joana Brandao", "restart done, errors dropped for a minute and are back"),
        ("21:25:10", "Mehmet Aydin", "primary is at max_connections=200. 128 of them are export@grocer"),
        ("21:27:41", "Mehmet Aydin", "root cause: CHG-5120 raised export.parallel_workers from 4 to 32, each "
                                     "export worker opens 4 connections, so the nightly export eats the "
                                     "connection limit and checkout cannot connect"),
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
        ("22:04:12", "Sam Keller", "follow-ups: per-role connection limit for export@grocer, pgbouncer in front "
                                   "of the primary, change review for job concurrency settings"),
    ]
    return events, db, chat


BUILDERS = {"base": build_base, "export_workers": build_export}


def write_chat(dest: Path, sc: dict, chat: list) -> None:
    head = [
        "Slack export - #inc-checkout (kestrel-lane.slack.com)",
        f"Exported {sc['date']} by Sam Keller. Times are shown in {sc['tz_label']}.",
        "",
    ]
    body = []
    for item in chat:
        if item[0] is None:
            body.append(item[1])
        else:
            hms, who, text = item
            body.append(f"[{hms}] {who}: {text}")
    (dest / "oncall_chat.txt").write_text("\n".join(head + body) + "\n", encoding="utf-8")


def staff_facts(sc: dict) -> dict:
    """What the hard instance's staff tell a worker who asks (variants/export_workers/hidden/people.toml)."""
    if "nodes" not in sc:
        return {}
    return {
        "clock_slow": dict(sc["node_clock_slow"]),
        "not_users": sorted({ip.rsplit(".", 1)[0] + "." for ip in LOAD_TEST_IPS}),
        "mitigation": {
            "time": f"{sc['date']}T{sc['termination']}Z",
            "component": "database",
            "text": "the DBA terminated the export job's sessions on the primary (pg_terminate_backend) and "
                    "blocked the export role; the running export had kept its 32 workers after the revert",
        },
        "charged_no_order": dict(sc["charged_no_order"]),
    }


def build(name: str) -> None:
    sc = dict(SCENARIOS[name])
    rng = random.Random(sc["seed"])
    events, db, chat = BUILDERS[name](sc, rng)
    nodes = gateway_nodes(sc, rng) if "nodes" in sc else None
    gw = sorted((x[0], x[2]) for rows in nodes.values() for x in rows) if nodes else gateway_lines(sc, rng)
    inst = FAMILY / "variants" / name
    dest = inst / "workspace" / "input"
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    if nodes:
        write_gateway_nodes(dest, nodes)
    else:
        write_gateway(dest, sc, gw)
    (dest / "app").mkdir()
    (dest / "app" / "checkout-api.log").write_text("\n".join(app_lines(sc, rng, gw, events)) + "\n", encoding="utf-8")
    (dest / "db").mkdir()
    db.sort(key=lambda x: x[0])
    (dest / "db" / f"postgresql-{sc['date']}.log").write_text("\n".join(line for _, line in db) + "\n",
                                                               encoding="utf-8")
    write_chat(dest, sc, chat)
    # reference outputs: run the reference solution on the inputs, as the platform does
    ref = inst / "hidden" / "reference"
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp)
        shutil.copytree(dest, ws / "input")
        (ws / "output").mkdir()
        subprocess.run([sys.executable, str(FAMILY / "hidden" / "solutions" / "_analysis.py"),
                        json.dumps(staff_facts(sc))], cwd=ws, check=True)
        if ref.exists():
            shutil.rmtree(ref)
        shutil.copytree(ws / "output", ref)
    for office in ref.glob("*.docx"):
        freeze_office(office)
    impact = json.loads((ref / "impact.json").read_text())
    want = [f"{sc['date']}T{hm}:00Z" for hm in sc["expect"]]
    assert [impact["start"], impact["end"]] == want, (impact, want)
    if nodes:  # each staff fact changes the figures a worker gets without it
        right = truth_figures(nodes, sc["date"], use_logged=False, with_load_test=False)
        assert (right["start"], right["end"]) == sc["expect"], right
        assert right["failed"] == impact["failed_requests"] and right["peak"] == impact["error_rate_peak"], right
        unshifted = truth_figures(nodes, sc["date"], use_logged=True, with_load_test=False)
        with_test = truth_figures(nodes, sc["date"], use_logged=False, with_load_test=True)
        neither = truth_figures(nodes, sc["date"], use_logged=True, with_load_test=True)
        print("  gw-b uncorrected:", unshifted, "| soak test counted:", with_test, "| neither:", neither)
        assert unshifted["start"] <= "19:05", unshifted
        assert abs(with_test["failed"] - right["failed"]) > 0.02 * right["failed"], with_test
    print(name, json.dumps(impact))


if __name__ == "__main__":
    for n in sys.argv[1:] or SCENARIOS:
        build(n)
