"""Builds every instance's input logs and reference outputs for the incident_report family.

Run from anywhere with the project's Python:  python hidden/build_inputs.py
Deterministic: the same scenarios and seeds always give the same inputs. The reference outputs are made by
running hidden/solutions/reference.py on each instance's inputs; the computed impact window is then checked
against the window each scenario was designed with.
"""

from __future__ import annotations

import io
import json
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _incident_report_gateway import (
    LOAD_TEST_IPS,
    belgian_minutes,
    gateway_lines,
    gateway_nodes,
    t,
    truth_figures,
    write_gateway,
    write_gateway_nodes,
)
from _incident_report_scenes import BUILDERS, app_lines

FAMILY = Path(__file__).resolve().parents[1]
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
            "09:49": 0.03,
            "09:50": 0.09,
            "09:51": 0.18,
            "09:52": 0.27,
            "09:53": 0.35,
            "09:54": 0.41,
            "09:55": 0.44,
            "09:56": 0.47,
            "09:57": 0.5,
            "09:58": 0.58,
            "09:59": 0.52,
            "10:00": 0.49,
            "10:01": 0.46,
            "10:02": 0.43,
            "10:03": 0.31,
            "10:04": 0.12,
            "10:05": 0.02,
            "10:06": 0.16,
            "10:07": 0.33,
            "10:08": 0.42,
            "10:09": 0.45,
            "10:10": 0.48,
            "10:11": 0.44,
            "10:12": 0.47,
            "10:13": 0.45,
            "10:14": 0.33,
            "10:15": 0.21,
            "10:16": 0.12,
            "10:17": 0.07,
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
        # known only to the edge engineer: the Belgian shop's gateway gw-c (Antwerp) sends its checkout traffic to pods
        # that use the same primary; its log is in the Belgian log store, not in the export. Its own 5xx shares where
        # they differ from `profile` (no rolling restart there; its pools' circuit breaker stayed open after the
        # export's sessions were ended) and fixed (requests, 5xx) for its worst minute and its tail
        "belgian_gateway": {
            "seed": 8803,
            "node": "gw-c",
            "rate": (11, 15),
            "profile": {
                "19:20": 0.5,
                "19:21": 0.5,
                "19:22": 0.48,
                "19:23": 0.5,
                "19:39": 0.45,
                "19:40": 0.46,
                "19:41": 0.45,
                "19:42": 0.45,
            },
            "fixed": {
                "19:12": (13, 8),
                "19:43": (13, 6),
                "19:44": (14, 6),
                "19:45": (12, 5),
                "19:46": (13, 5),
                "19:47": (13, 4),
            },
            "expect": ("19:07", "19:48"),
        },
        # known only to the Head of Platform: CHG-5120 went in during the July sale's change freeze on an exception
        # she gave by phone, so it never reached the change advisory board (which checks the connection budget)
        "change_freeze": {"from": "6 July", "until": "15 July", "granted": "7 July"},
        "utc_offset": 2,
        "tz_label": "Europe/Amsterdam (UTC+02:00)",
        "statuses": [(502, 0.55), (503, 0.45)],
        "noise": ["17:12", "17:40", "18:09", "18:37", "18:58", "19:04", "19:45", "19:51", "20:16", "20:44"],
        "profile": {
            "19:07": 0.11,
            "19:08": 0.24,
            "19:09": 0.37,
            "19:10": 0.45,
            "19:11": 0.52,
            "19:12": 0.61,
            "19:13": 0.57,
            "19:14": 0.55,
            "19:15": 0.53,
            "19:16": 0.5,
            "19:17": 0.54,
            "19:18": 0.51,
            "19:19": 0.49,
            "19:20": 0.42,
            "19:21": 0.02,
            "19:22": 0.08,
            "19:23": 0.22,
            "19:24": 0.39,
            "19:25": 0.47,
            "19:26": 0.51,
            "19:27": 0.5,
            "19:28": 0.48,
            "19:29": 0.52,
            "19:30": 0.49,
            "19:31": 0.47,
            "19:32": 0.5,
            "19:33": 0.46,
            "19:34": 0.48,
            "19:35": 0.45,
            "19:36": 0.44,
            "19:37": 0.46,
            "19:38": 0.41,
            "19:39": 0.32,
            "19:40": 0.2,
            "19:41": 0.09,
            "19:42": 0.08,
        },
        "expect": ("19:07", "19:43"),
    },
}


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
        "other_gateway": other_gateway(sc),
        "change_process": dict(sc["change_freeze"]),
    }


def other_gateway(sc: dict) -> dict:
    """What the edge engineer tells of gw-c: its span of 5xx, its requests and 5xx in it, its worst minute."""
    be = sc["belgian_gateway"]
    mins = belgian_minutes(sc)
    first, until = (t(sc["date"], hm + ":00") for hm in be["expect"])
    span = [m for m in mins if first <= m < until]
    worst = max(span, key=lambda m: (mins[m][1] / mins[m][0], -m.timestamp()))
    tail = [mins[m] for m in span if m >= t(sc["date"], "19:43:00")]
    return {
        "node": be["node"],
        "from": be["expect"][0],
        "until": be["expect"][1],
        "requests": sum(mins[m][0] for m in span),
        "failed": sum(mins[m][1] for m in span),
        "worst": [f"{worst:%H:%M}", mins[worst][1], mins[worst][0]],
        "tail": [min(b for _, b in tail), max(b for _, b in tail), round(sum(n for n, _ in tail) / len(tail))],
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
    (dest / "db" / f"postgresql-{sc['date']}.log").write_text(
        "\n".join(line for _, line in db) + "\n", encoding="utf-8"
    )
    write_chat(dest, sc, chat)
    # reference outputs: run the reference solution on the inputs, as the platform does
    ref = inst / "hidden" / "reference"
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp)
        shutil.copytree(dest, ws / "input")
        (ws / "output").mkdir()
        subprocess.run(
            [sys.executable, str(FAMILY / "hidden" / "solutions" / "_analysis.py"), json.dumps(staff_facts(sc))],
            cwd=ws,
            check=True,
        )
        if ref.exists():
            shutil.rmtree(ref)
        shutil.copytree(ws / "output", ref)
    for office in ref.glob("*.docx"):
        freeze_office(office)
    impact = json.loads((ref / "impact.json").read_text())
    designed = sc["belgian_gateway"]["expect"] if "belgian_gateway" in sc else sc["expect"]
    want = [f"{sc['date']}T{hm}:00Z" for hm in designed]
    assert [impact["start"], impact["end"]] == want, (impact, want)
    if nodes:  # each staff fact changes the figures a worker gets without it
        be = belgian_minutes(sc)
        right = truth_figures(nodes, sc["date"], use_logged=False, with_load_test=False, extra=be)
        assert (right["start"], right["end"]) == sc["belgian_gateway"]["expect"], right
        assert right["failed"] == impact["failed_requests"] and right["peak"] == impact["error_rate_peak"], right
        assert right["end"] > sc["expect"][1] and min(right["shares"].values()) > 5, right  # gw-c's tail counts
        unshifted = truth_figures(nodes, sc["date"], use_logged=True, with_load_test=False, extra=be)
        with_test = truth_figures(nodes, sc["date"], use_logged=False, with_load_test=True, extra=be)
        logs_only = truth_figures(nodes, sc["date"], use_logged=False, with_load_test=False)
        print(
            "  gw-b uncorrected:",
            brief(unshifted),
            "| soak test counted:",
            brief(with_test),
            "| gw-c unknown:",
            brief(logs_only),
        )
        assert unshifted["start"] <= "19:05" and abs(unshifted["peak"] - right["peak"]) > 0.5, unshifted
        assert abs(with_test["failed"] - right["failed"]) > 0.02 * right["failed"], with_test
        assert (logs_only["start"], logs_only["end"]) == sc["expect"], logs_only
        assert logs_only["failed"] < 0.8 * right["failed"] and abs(logs_only["peak"] - right["peak"]) <= 0.5, logs_only
    print(name, json.dumps(impact))


def brief(figures: dict) -> dict:
    return {k: v for k, v in figures.items() if k != "shares"}


if __name__ == "__main__":
    for n in sys.argv[1:] or SCENARIOS:
        build(n)
