"""Gateway access logs of the incident_report family: one node (base) or two (export_workers), the performance
team's soak test, and the Belgian shop's gateway gw-c, whose log is in no input (only its per-minute counts are
generated, for the build's truth figures)."""

from __future__ import annotations

import datetime as dt
import gzip
import io
import random
from pathlib import Path

UTC = dt.UTC


def t(date: str, hms: str) -> dt.datetime:
    return dt.datetime.fromisoformat(f"{date}T{hms}").replace(tzinfo=UTC)


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
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_3) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/18.2 Safari/605.1.15",
]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


# --------------------------------------------------------------------------------------------- gateway
def gateway_lines(sc: dict, rng: random.Random) -> list[tuple[dt.datetime, str]]:
    date = sc["date"]
    start, end = t(date, sc["window"][0] + ":00"), t(date, sc["window"][1] + ":00")
    ips = [
        f"{rng.choice([31, 62, 77, 84, 145, 188, 213])}.{rng.randint(1, 254)}.{rng.randint(0, 254)}."
        f"{rng.randint(1, 254)}"
        for _ in range(260)
    ]
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
            path = tmpl.format(
                c=rng.choice(CATEGORIES),
                p=rng.randint(1, 6),
                pc=rng.choice(POSTCODES),
                o=rng.randint(4_100_000, 4_199_999),
                s=rng.randint(101, 164),
            )
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
                status = (
                    200
                    if r < 0.925
                    else (201 if r < 0.945 else (304 if r < 0.96 else rng.choice([400, 401, 404, 404, 409, 429])))
                )
                busy = 0.8 if share >= 0.05 else 0.0
                rt = rng.lognormvariate(-2.6, 0.55) + busy * rng.uniform(0.5, 3.5)
                urt, size = f"{max(rt - 0.001, 0.001):.3f}", rng.randint(180, 14000) if status < 300 else 88
            if method == "POST" and status == 200:
                status = 201 if path.endswith("items") else 200
            out.append(
                (when, _access(rng.choice(ips), when, method, path, status, size, rng.choice(USER_AGENTS), rt, urt))
            )
        for k in range(3):  # load-balancer health checks, every 20 s; the pods stayed up throughout
            when = minute + dt.timedelta(seconds=20 * k + rng.uniform(0.0, 0.4))
            out.append(
                (
                    when,
                    _access(
                        "10.20.0.4",
                        when,
                        "GET",
                        "/healthz",
                        200,
                        2,
                        "kube-probe/1.29",
                        rng.uniform(0.001, 0.003),
                        "0.001",
                    ),
                )
            )
        minute += dt.timedelta(minutes=1)
    out.sort(key=lambda x: x[0])
    return out


def _access(ip, when, method, path, status, size, ua, rt, urt) -> str:
    stamp = f"{when.day:02d}/{MONTHS[when.month - 1]}/{when.year}:{when:%H:%M:%S} +0000"
    return f'{ip} - - [{stamp}] "{method} {path} HTTP/1.1" {status} {size} "-" "{ua}" rt={rt:.3f} urt="{urt}"'


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
LOAD_TEST_PATHS = [
    ("POST", "/api/v2/basket/items"),
    ("GET", "/api/v2/slots?postcode={pc}"),
    ("POST", "/api/v2/checkout"),
    ("GET", "/api/v2/checkout/summary"),
    ("GET", "/api/v2/basket"),
]


def gateway_nodes(sc: dict, rng: random.Random) -> dict[str, list[tuple[dt.datetime, dt.datetime, str]]]:
    """Per node: (true time, logged time, line). Each node serves about half the users; a soak test from four
    internal addresses runs through both; gw-b's clock is slow, so it logs every request earlier than it happened.
    The shares of `profile` hold in true time, per node, so the designed minutes keep their side of 5 %."""
    date = sc["date"]
    start, end = t(date, sc["window"][0] + ":00"), t(date, sc["window"][1] + ":00")
    ips = [
        f"{rng.choice([31, 62, 77, 84, 145, 188, 213])}.{rng.randint(1, 254)}.{rng.randint(0, 254)}."
        f"{rng.randint(1, 254)}"
        for _ in range(420)
    ]
    ips += [
        f"2a02:a4{rng.randint(10, 99)}:{rng.randint(0x1000, 0xFFFF):x}:{rng.randint(0, 0xFFFF):x}::"
        f"{rng.randint(1, 0xFFF):x}"
        for _ in range(40)
    ]
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
                path = tmpl.format(
                    c=rng.choice(CATEGORIES),
                    p=rng.randint(1, 6),
                    pc=rng.choice(POSTCODES),
                    o=rng.randint(4_100_000, 4_199_999),
                    s=rng.randint(101, 164),
                )
                if i in bad:
                    status = rng.choices(codes, code_w)[0]
                else:
                    r = rng.random()
                    status = (
                        200
                        if r < 0.92
                        else (
                            201
                            if r < 0.94
                            else (
                                304 if r < 0.955 else (499 if r < 0.962 else rng.choice([400, 401, 404, 404, 409, 429]))
                            )
                        )
                    )
                if method == "POST" and status == 200:
                    status = 201 if path.endswith("items") else 200
                emit(node, when, rng.choice(ips), method, path, status, rng.choice(USER_AGENTS), share)
            lb = "10.20.0.4" if node == "gw-a" else "10.20.0.5"
            for k in range(3):  # load-balancer health checks, every 20 s; the pods stayed up throughout
                when = minute + dt.timedelta(seconds=20 * k + rng.uniform(0.0, 0.4))
                logged = when - dt.timedelta(seconds=slow.get(node, 0))
                out[node].append(
                    (
                        when,
                        logged,
                        _access(
                            lb, logged, "GET", "/healthz", 200, 2, "kube-probe/1.29", rng.uniform(0.001, 0.003), "0.001"
                        ),
                    )
                )
        if lt0 <= minute < lt1:  # the soak test: same endpoints as a shopper, fails as the users do
            k = rng.randint(*sc["load_test"][2])
            errors = round(share * k)
            bad = set(rng.sample(range(k), errors))
            for i in range(k):
                when = minute + dt.timedelta(seconds=rng.uniform(0, 60))
                method, tmpl = rng.choice(LOAD_TEST_PATHS)
                status = rng.choices(codes, code_w)[0] if i in bad else (201 if method == "POST" else 200)
                emit(
                    rng.choice(list(sc["nodes"])),
                    when,
                    rng.choice(LOAD_TEST_IPS),
                    method,
                    tmpl.format(pc=rng.choice(POSTCODES)),
                    status,
                    LOAD_TEST_UA,
                    share,
                )
        if key in ("17:26", "18:13", "20:38"):  # a scanner's malformed request, answered 400
            node = rng.choice(list(sc["nodes"]))
            when = minute + dt.timedelta(seconds=rng.uniform(0, 60))
            logged = when - dt.timedelta(seconds=slow.get(node, 0))
            stamp = f"{logged.day:02d}/{MONTHS[logged.month - 1]}/{logged.year}:{logged:%H:%M:%S} +0000"
            out[node].append(
                (
                    when,
                    logged,
                    f'{rng.choice(ips)} - - [{stamp}] "\\x16\\x03\\x01\\x02\\x00\\x01" 400 '
                    f'157 "-" "-" rt=0.000 urt="-"',
                )
            )
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


# --------------------------------------------------------------------------------------------- gateway gw-c
def belgian_minutes(sc: dict) -> dict[dt.datetime, tuple[int, int]]:
    """gw-c, the Belgian shop's gateway in Antwerp, whose log is in no input: (user requests, 5xx) per minute. Its
    checkout pods use the same primary, so it fails from the same minute; they were not in the rolling restart, and
    their pool's circuit breaker stayed open after the export's sessions were ended, so its 5xx run on to `until`.
    Its own seed: the inputs of gw-a and gw-b do not change with it."""
    be = sc["belgian_gateway"]
    rng = random.Random(be["seed"])
    date = sc["date"]
    start, end = t(date, sc["window"][0] + ":00"), t(date, sc["window"][1] + ":00")
    out: dict[dt.datetime, tuple[int, int]] = {}
    minute = start
    while minute < end:
        key = minute.strftime("%H:%M")
        n = rng.randint(*be["rate"])
        if key in be["fixed"]:
            n, errors = be["fixed"][key]
        else:
            errors = round(be["profile"].get(key, sc["profile"].get(key, 0.0)) * n)
        out[minute] = (n, errors)
        minute += dt.timedelta(minutes=1)
    return out


def truth_figures(
    nodes: dict[str, list],
    date: str,
    use_logged: bool,
    with_load_test: bool,
    extra: dict[dt.datetime, tuple[int, int]] | None = None,
) -> dict:
    """The impact figures by the team's definition, from true or from logged times, with or without the soak test,
    and with another gateway's (requests, 5xx) per minute added (`extra`)."""
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
    for m, (n, bad) in (extra or {}).items():
        total[m] = total.get(m, 0) + n
        failed[m] = failed.get(m, 0) + bad
    hot = sorted(m for m in total if failed.get(m, 0) / total[m] > 0.05)
    start, end = hot[0], hot[-1] + dt.timedelta(minutes=1)
    window = [m for m in total if start <= m < end]
    peak = max(100 * failed.get(m, 0) / total[m] for m in window)
    return {
        "start": f"{start:%H:%M}",
        "end": f"{end:%H:%M}",
        "failed": sum(failed.get(m, 0) for m in window),
        "peak": round(peak, 2),
        "shares": {f"{m:%H:%M}": round(100 * failed.get(m, 0) / total[m], 2) for m in window},
    }
